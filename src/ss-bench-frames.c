/* ss-bench-frames.c - a benchmark's frames on a widget's frame clock. */
#define G_LOG_DOMAIN "ss-bench-frames"

#include "config.h"

#include "ss-bench-frames.h"
#include "ss-bench.h"

struct _SsBenchFrames
{
  GdkFrameClock      *clock;
  gulong              before_id, after_id;
  SsBenchFramesTarget target;
  gpointer            data;
  gint64              paint_start; /* µs, 0: no paint began */
  double              cpu_start;   /* ms */
  gint64              last_frame;  /* µs, 0: none recorded in this stretch */
};

void
ss_bench_frame_times_init (SsBenchFrameTimes *times)
{
  times->paint = g_array_new (FALSE, FALSE, sizeof (double));
  times->cpu = g_array_new (FALSE, FALSE, sizeof (double));
  times->interval = g_array_new (FALSE, FALSE, sizeof (double));
}

void
ss_bench_frame_times_clear (SsBenchFrameTimes *times)
{
  g_clear_pointer (&times->paint, g_array_unref);
  g_clear_pointer (&times->cpu, g_array_unref);
  g_clear_pointer (&times->interval, g_array_unref);
}

void
ss_bench_frame_times_reset (SsBenchFrameTimes *times)
{
  g_array_set_size (times->paint, 0);
  g_array_set_size (times->cpu, 0);
  g_array_set_size (times->interval, 0);
}

void
ss_bench_frame_times_append (SsBenchFrameTimes *to, const SsBenchFrameTimes *from)
{
  g_array_append_vals (to->paint, from->paint->data, from->paint->len);
  g_array_append_vals (to->cpu, from->cpu->data, from->cpu->len);
  g_array_append_vals (to->interval, from->interval->data, from->interval->len);
}

static void
before_paint (GdkFrameClock *clock, SsBenchFrames *f)
{
  (void)clock;
  f->paint_start = g_get_monotonic_time ();
  f->cpu_start = ss_bench_thread_cpu_us () / 1e3;
}

static void
after_paint (GdkFrameClock *clock, SsBenchFrames *f)
{
  SsBenchFrameTimes *times = f->target (f->data);
  gint64             now = g_get_monotonic_time ();
  double             ms;

  (void)clock;
  if (times == NULL || f->paint_start == 0)
    return;
  ms = (now - f->paint_start) / 1000.0;
  g_array_append_val (times->paint, ms);
  ms = ss_bench_thread_cpu_us () / 1e3 - f->cpu_start;
  g_array_append_val (times->cpu, ms);
  if (f->last_frame != 0)
    {
      ms = (now - f->last_frame) / 1000.0;
      g_array_append_val (times->interval, ms);
    }
  f->last_frame = now;
}

SsBenchFrames *
ss_bench_frames_start (GtkWidget *widget, SsBenchFramesTarget target, gpointer data)
{
  SsBenchFrames *f = g_new0 (SsBenchFrames, 1);

  f->clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  f->target = target;
  f->data = data;
  f->before_id = g_signal_connect (f->clock, "before-paint", G_CALLBACK (before_paint), f);
  f->after_id = g_signal_connect (f->clock, "after-paint", G_CALLBACK (after_paint), f);
  return f;
}

void
ss_bench_frames_restart (SsBenchFrames *frames)
{
  frames->last_frame = 0;
  frames->paint_start = 0;
}

void
ss_bench_frames_stop (SsBenchFrames *frames)
{
  if (frames == NULL)
    return;
  g_signal_handler_disconnect (frames->clock, frames->before_id);
  g_signal_handler_disconnect (frames->clock, frames->after_id);
  g_object_unref (frames->clock);
  g_free (frames);
}
