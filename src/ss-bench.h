/* ss-bench.h - frame and recompute statistics, printed at exit when the
 * environment variable STICKSLIP_BENCH is set. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  SS_BENCH_FRAME,     /* CPU time to draw one frame of plots + mechanism, ms */
  SS_BENCH_PLOT,      /* CPU time of the plot stack alone, ms */
  SS_BENCH_RECOMPUTE, /* worker time of a full recompute, ms */
  SS_BENCH_LATENCY,   /* parameter change -> new curves drawn, ms */
  SS_BENCH_INTERVAL,  /* time between consecutive frames while playing, ms */
  SS_BENCH_PAINT,     /* whole frame: before-paint to after-paint, ms */
  SS_BENCH_PREVIEW_RECOMPUTE, /* worker time of a drag preview's run, ms */
  SS_BENCH_PREVIEW_LATENCY,   /* drag change -> preview curves drawn, ms */
  SS_BENCH_N_KINDS
} SsBenchKind;

gboolean ss_bench_enabled (void);
void     ss_bench_force_enable (void);
void     ss_bench_record (SsBenchKind kind, double ms);
void     ss_bench_set_label (const char *label);
void     ss_bench_report (void);
void     ss_bench_reset (void);

/* Per-frame accumulation: widgets add their draw time, the window commits
 * one sample per painted frame. */
void ss_bench_accumulate (SsBenchKind kind, double ms);
void ss_bench_commit_frame (void);

G_END_DECLS
