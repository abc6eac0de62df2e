/* ss-bench.h - frame and recompute statistics per label (a scenario or a
 * benchmark case), printed at exit when the environment variable
 * STICKSLIP_BENCH is set and by `stickslip --bench`. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  SS_BENCH_FRAME,             /* CPU time to draw one frame of plots + mechanism, ms */
  SS_BENCH_PLOT,              /* CPU time of the plot stack alone, ms */
  SS_BENCH_RECOMPUTE,         /* worker time of a full recompute, ms */
  SS_BENCH_LATENCY,           /* final change -> the frame with its curves ends, ms */
  SS_BENCH_INTERVAL,          /* time between consecutive frames while playing, ms */
  SS_BENCH_PAINT,             /* whole frame: before-paint to after-paint, ms */
  SS_BENCH_PREVIEW_RECOMPUTE, /* worker time of a drag preview's run, ms */
  SS_BENCH_PREVIEW_LATENCY,   /* drag change -> the frame with its preview curves ends, ms */
  SS_BENCH_PAINT_CPU,         /* whole frame: the main thread's CPU time, ms */
  SS_BENCH_CURVES_FRAME,      /* the frame that shows a change's curves, ms */
  SS_BENCH_CURVES_FRAME_CPU,  /* ... its main thread's CPU time, ms */
  SS_BENCH_UPDATE_CPU,        /* main thread CPU of a final run: hand-over to the end of the frame showing it, ms */
  SS_BENCH_N_KINDS
} SsBenchKind;

gboolean ss_bench_enabled (void);
void     ss_bench_force_enable (void);
void     ss_bench_record (SsBenchKind kind, double ms);
void     ss_bench_set_label (const char *label);
void     ss_bench_report (void);
void     ss_bench_reset (void);

/* Samples of @kind under @label so far. */
guint ss_bench_count (const char *label, SsBenchKind kind);
/* The nearest-rank @q quantile (0 < q <= 1) of @kind under @label, ms;
 * NAN when there is no sample. */
double ss_bench_quantile (const char *label, SsBenchKind kind, double q);

/* Latency origins: a scripted input marks the instant it changes a control;
 * the frame that shows the run it caused measures from there.  Without a
 * mark (a user's input), from the recompute request. */
void   ss_bench_mark_input (void);
gint64 ss_bench_take_input (gint64 request_time);

/* STICKSLIP_TRACE set: "µs since the last input mark, @what" on stderr
 * (a timeline of one change: request, worker, hand-over, frames). */
void     ss_bench_trace (const char *what);
gboolean ss_bench_tracing (void);

/* Per-frame accumulation: widgets add their draw time, the window commits
 * one sample per painted frame. */
void ss_bench_accumulate (SsBenchKind kind, double ms);
void ss_bench_commit_frame (void);

/* The main thread's CPU time per final run: the hand-over of a final run
 * starts the count, the frame that shows its curves ends it (one
 * SS_BENCH_UPDATE_CPU sample); everything the main thread does in between
 * counts, whatever waits it does not. */
gint64 ss_bench_thread_cpu_us (void);
double ss_bench_percentile (GArray *values, double q);
void   ss_bench_start_update (void);
void   ss_bench_end_update (void);

G_END_DECLS
