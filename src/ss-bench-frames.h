/* ss-bench-frames.h - the frames a benchmark watches on a widget's frame
 * clock: each paint (before-paint to after-paint: layout, drawing, the
 * renderer), the main thread's CPU time per paint, and the interval
 * between frames, in ms.  The study and animation benchmarks share it.
 *
 *   SsBenchFrameTimes times;
 *   ss_bench_frame_times_init (&times);
 *   frames = ss_bench_frames_start (widget, target_cb, data);  // target_cb: &times, or NULL
 *   ...
 *   ss_bench_frames_stop (frames);
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct
{
  GArray *paint;    /* ms, before-paint to after-paint */
  GArray *cpu;      /* ms of the main thread's CPU time per paint */
  GArray *interval; /* ms between the ends of consecutive recorded frames */
} SsBenchFrameTimes;

void ss_bench_frame_times_init (SsBenchFrameTimes *times);
void ss_bench_frame_times_clear (SsBenchFrameTimes *times);
/* Empties the arrays. */
void ss_bench_frame_times_reset (SsBenchFrameTimes *times);
/* Appends @from's samples to @to's. */
void ss_bench_frame_times_append (SsBenchFrameTimes *to, const SsBenchFrameTimes *from);

/* Where a frame that ends now is recorded: NULL, nowhere. */
typedef SsBenchFrameTimes *(*SsBenchFramesTarget) (gpointer data);

typedef struct _SsBenchFrames SsBenchFrames;

/* Watches the frames of @widget's frame clock (@widget realized) until
 * ss_bench_frames_stop(); each one goes where @target says. */
SsBenchFrames *ss_bench_frames_start (GtkWidget *widget, SsBenchFramesTarget target, gpointer data);
/* A new stretch: the next recorded frame has no interval before it. */
void ss_bench_frames_restart (SsBenchFrames *frames);
void ss_bench_frames_stop (SsBenchFrames *frames);

G_END_DECLS
