/* ss-chart-render.c - a chart's body drawn off the main thread.  Once the
 * runs a chart shows are complete nothing changes their rows, so the chart
 * freezes what its body draws (copies of its layers,
 * ss_chart_layer_freeze, and the layout the main thread worked out) into a
 * job, and a render thread draws that into an image surface with the
 * drawing the screen and every export use (the hub's _ss_chart_draw_body).
 * The main thread only swaps the finished image in.
 * A chart keeps one job: a newer one makes it stale, dropped unstarted or
 * its image thrown away.
 *
 * Two threads: one draws the charts on screen, which a frame waits for;
 * the other, at the lowest priority so that it never slows the
 * simulation's worker down, draws the charts below the fold and measures
 * the legend's rooms (the widest readout over the run) of the entries
 * whose data changed, which took the main thread longer than the bodies.
 * A chart below the fold is drawn once its runs have settled (no newer
 * job for it for LATER_SETTLE_US): while a slider is dragged or its key
 * held, each run would make the one before stale before anybody scrolled
 * to see it. */
#define G_LOG_DOMAIN "ss-chart"

#include <math.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "ss-chart-private.h"

typedef enum
{
  JOB_QUEUED,
  JOB_RUNNING,
  JOB_DONE,
  JOB_CANCELLED,
} JobState;

struct _ChartJob
{
  gint         ref_count;
  JobState     state; /* under the lock */
  gboolean     urgent;
  gint64       not_before; /* below the fold: not started before, µs */
  ChartPaint   paint;      /* frozen layers, the render thread's text cache */
  ChartLayout  lay;
  SsChartStyle style;
  BodyKey      key;
  int          width, height, scale;
  ChartImage  *image;          /* once done, until taken */
  GPtrArray   *reserve_layers; /* frozen legend layers whose room to sample */
  double       extent_t0, extent_t1;
  GArray      *reserve_widths; /* their rooms, once done */
  gboolean     reserve_applied;
  GWeakRef     chart; /* redrawn when the image is ready */
};

/* how long a job below the fold waits for a newer one to replace it */
#define LATER_SETTLE_US (150 * G_TIME_SPAN_MILLISECOND)

static GMutex   lock;
static GCond    work_cond;                   /* a job was queued */
static GCond    done_cond;                   /* a job is done */
static GQueue   urgent_jobs = G_QUEUE_INIT;  /* on screen */
static GQueue   later_jobs = G_QUEUE_INIT;   /* below the fold */
static GQueue   measure_jobs = G_QUEUE_INIT; /* images done, rooms to measure */
static GQueue   dead_images = G_QUEUE_INIT;  /* images the main thread let go, to free */
static GThread *main_thread;                 /* the one that makes jobs */
static guint    main_frees;                  /* images it freed itself */
static GThread *urgent_thread, *later_thread;
static int      busy; /* threads at work */
static GPrivate text_cache = G_PRIVATE_INIT ((GDestroyNotify)g_hash_table_unref);

static ChartJob *
job_ref (ChartJob *job)
{
  g_atomic_int_inc (&job->ref_count);
  return job;
}

static void
count_main_free (void)
{
  if (main_thread != NULL && g_thread_self () == main_thread)
    main_frees++;
}

/* Any thread: the last reference frees the frozen layers too.  The main
 * thread frees them itself, before it freezes the next job's: memory
 * freed by another thread later would make it fault fresh pages in. */
static void
job_unref (ChartJob *job)
{
  if (!g_atomic_int_dec_and_test (&job->ref_count))
    return;
  _ss_chart_paint_clear (&job->paint);
  g_clear_pointer (&job->reserve_layers, g_ptr_array_unref);
  g_clear_pointer (&job->reserve_widths, g_array_unref);
  g_clear_pointer (&job->image, _ss_chart_image_free);
  g_weak_ref_clear (&job->chart);
  g_free (job);
}

void
_ss_chart_image_free (ChartImage *image)
{
  count_main_free ();
  cairo_surface_destroy (image->surface);
  g_free (image);
}

/* Main thread: @image, no longer shown, is freed by the render thread (a
 * chart's pixels: unmapping them is not the frame's work).  Freed here
 * when no render thread runs. */
void
_ss_chart_image_release (ChartImage *image)
{
  g_mutex_lock (&lock);
  if (urgent_thread == NULL)
    {
      g_mutex_unlock (&lock);
      _ss_chart_image_free (image);
      return;
    }
  g_queue_push_tail (&dead_images, image);
  g_cond_broadcast (&work_cond);
  g_mutex_unlock (&lock);
}

/* How many images the main thread freed itself (tests). */
guint
_ss_chart_get_main_frees (void)
{
  return main_frees;
}

/* The on-screen render thread, under the lock, with no chart to draw:
 * frees an image the main thread let go; FALSE when there was none. */
static gboolean
free_dead (void)
{
  ChartImage *image = g_queue_pop_head (&dead_images);

  if (image == NULL)
    return FALSE;
  busy++;
  g_mutex_unlock (&lock);
  _ss_chart_image_free (image);
  g_mutex_lock (&lock);
  busy--;
  g_cond_broadcast (&done_cond);
  return TRUE;
}

/* Render thread: the body, as the screen's sync path draws it. */
static ChartImage *
draw_job (ChartJob *job)
{
  ChartImage *image = g_new0 (ChartImage, 1);
  cairo_t    *cr;

  image->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, job->width * job->scale, job->height * job->scale);
  cairo_surface_set_device_scale (image->surface, job->scale, job->scale);
  image->key = job->key;
  image->scale = job->scale;
  /* layouts are the thread's own: each thread its font map */
  if (g_private_get (&text_cache) == NULL)
    g_private_set (&text_cache, _ss_chart_text_cache_new ());
  job->paint.text_cache = g_hash_table_ref (g_private_get (&text_cache));
  cr = cairo_create (image->surface);
  _ss_chart_draw_body (&job->paint, cr, &job->lay, &job->lay.ctx, &job->style);
  cairo_destroy (cr);
  cairo_surface_flush (image->surface);
  return image;
}

/* Render thread, after the image: the legend's rooms of the layers whose
 * data changed (NULL: none), measured as the main thread measures them,
 * on a plain 1 x 1 surface. */
static GArray *
sample_reserves (ChartJob *job)
{
  cairo_surface_t *probe;
  cairo_t         *cr;
  GArray          *widths;

  if (job->reserve_layers->len == 0)
    return NULL;
  probe = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (probe);
  widths = g_array_sized_new (FALSE, FALSE, sizeof (double), job->reserve_layers->len);
  for (guint i = 0; i < job->reserve_layers->len; i++)
    {
      double width = _ss_chart_sample_reserve (g_ptr_array_index (job->reserve_layers, i), job->extent_t0,
                                               job->extent_t1, cr, &job->style);

      g_array_append_val (widths, width);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
  return widths;
}

/* Main thread: a job's image is ready; its chart, if it still wants it,
 * draws again and takes it. */
static gboolean
image_done_cb (gpointer data)
{
  ChartJob *job = data;
  SsChart  *chart = g_weak_ref_get (&job->chart);

  if (chart != NULL && chart->job == job)
    gtk_widget_queue_draw (GTK_WIDGET (chart));
  g_clear_object (&chart);
  return G_SOURCE_REMOVE;
}

/* Main thread: a job's legend rooms are measured; they go into its chart
 * if the job is still the chart's. */
static gboolean
rooms_done_cb (gpointer data)
{
  ChartJob *job = data;
  SsChart  *chart = g_weak_ref_get (&job->chart);

  if (chart != NULL && (chart->job == job || chart->reserve_job == job))
    _ss_chart_job_apply_reserve (chart, job);
  if (chart != NULL && chart->reserve_job == job)
    g_clear_pointer (&chart->reserve_job, _ss_chart_job_drop);
  g_clear_object (&chart);
  return G_SOURCE_REMOVE;
}

/* A render thread's next task, under the lock: the on-screen thread takes
 * only charts on screen, the other the rest once settled, then the rooms
 * to measure; NULL: none now (@wake: when one below the fold settles, 0:
 * none waits). */
static ChartJob *
next_job (gboolean urgent, gboolean *measure, gint64 *wake)
{
  ChartJob *job = g_queue_pop_head (&urgent_jobs);

  *measure = FALSE;
  *wake = 0;
  if (job != NULL || urgent)
    return job;
  job = g_queue_peek_head (&later_jobs);
  if (job != NULL && job->not_before <= g_get_monotonic_time ())
    return g_queue_pop_head (&later_jobs);
  /* the queue is in the order of submission: the head settles first */
  if (job != NULL)
    *wake = job->not_before;
  *measure = TRUE;
  return g_queue_pop_head (&measure_jobs);
}

static gpointer
render_main (gpointer data)
{
  gboolean urgent = GPOINTER_TO_INT (data);

#ifdef __linux__
  /* bodies below the fold and legend rooms wait for the simulation */
  if (!urgent)
    setpriority (PRIO_PROCESS, (id_t)syscall (SYS_gettid), 19);
#endif
  g_mutex_lock (&lock);
  for (;;)
    {
      gboolean    measure;
      gint64      wake;
      ChartJob   *job = next_job (urgent, &measure, &wake);
      ChartImage *image = NULL;

      if (job == NULL && urgent && free_dead ())
        continue;
      if (job == NULL && wake > 0)
        {
          g_cond_wait_until (&work_cond, &lock, wake);
          continue;
        }
      if (job == NULL)
        {
          g_cond_wait (&work_cond, &lock);
          continue;
        }
      if (!measure)
        job->state = JOB_RUNNING;
      busy++;
      g_mutex_unlock (&lock);
      if (measure)
        {
          GArray *widths = sample_reserves (job);

          g_mutex_lock (&lock);
          job->reserve_widths = widths;
          g_mutex_unlock (&lock);
          g_idle_add_full (G_PRIORITY_DEFAULT, rooms_done_cb, job_ref (job), (GDestroyNotify)job_unref);
        }
      else
        image = draw_job (job);
      g_mutex_lock (&lock);
      if (!measure && job->state != JOB_CANCELLED)
        {
          job->image = g_steal_pointer (&image);
          job->state = JOB_DONE;
          g_idle_add_full (G_PRIORITY_DEFAULT, image_done_cb, job_ref (job), (GDestroyNotify)job_unref);
          /* the rooms next, at the lowest priority */
          if (job->reserve_layers->len > 0)
            {
              g_queue_push_tail (&measure_jobs, job_ref (job));
              g_cond_broadcast (&work_cond);
            }
        }
      busy--;
      g_cond_broadcast (&done_cond);
      g_mutex_unlock (&lock);
      g_clear_pointer (&image, _ss_chart_image_free);
      /* the queue's reference: frees a stale job's frozen layers here */
      job_unref (job);
      g_mutex_lock (&lock);
    }
  return NULL;
}

/* Main thread: a job drawing @self's body as @lay lays it out at
 * @width x @height user units and @scale device pixels per unit, for
 * @key; NULL when a layer cannot be frozen now (rows may still come). */
ChartJob *
_ss_chart_job_new (SsChart            *self,
                   const ChartLayout  *lay,
                   const SsChartStyle *style,
                   const BodyKey      *key,
                   int                 width,
                   int                 height,
                   int                 scale)
{
  guint      n_bins = MAX (1, (guint)ceil (lay->ctx.width));
  GPtrArray *layers = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *reserve_layers = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *reserve_live = g_ptr_array_new_with_free_func (g_object_unref);
  ChartJob  *job;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);
      SsChartLayer *frozen;

      /* an invisible layer draws nothing and has no label */
      if (!ss_chart_layer_get_visible (layer))
        continue;
      frozen = ss_chart_layer_freeze (layer, lay->ctx.t0, lay->ctx.t1, n_bins);
      if (frozen == NULL)
        {
          g_ptr_array_unref (layers);
          g_ptr_array_unref (reserve_layers);
          g_ptr_array_unref (reserve_live);
          return NULL;
        }
      g_ptr_array_add (layers, frozen);
      if (_ss_chart_reserve_stale (self, layer))
        {
          g_ptr_array_add (reserve_layers, g_object_ref (frozen));
          g_ptr_array_add (reserve_live, g_object_ref (layer));
        }
    }
  main_thread = g_thread_self ();
  job = g_new0 (ChartJob, 1);
  job->ref_count = 1;
  job->state = JOB_QUEUED;
  job->paint.kind = self->kind;
  job->paint.title = _ss_chart_shown_title (self);
  job->paint.x_title = g_strdup (ss_axis_get_title (self->x_axis));
  job->paint.show_time_labels = self->show_time_labels;
  job->paint.layers = layers;
  job->reserve_layers = reserve_layers;
  ss_axis_get_extent (SS_AXIS (self->time_axis), &job->extent_t0, &job->extent_t1);
  g_clear_pointer (&self->job_reserve, g_ptr_array_unref);
  g_clear_pointer (&self->reserve_job, _ss_chart_job_drop);
  self->job_reserve = reserve_live;
  job->lay = *lay;
  job->lay.ctx.labels = NULL;
  job->style = *style;
  job->key = *key;
  job->width = width;
  job->height = height;
  job->scale = scale;
  g_weak_ref_init (&job->chart, self);
  return job;
}

/* Main thread: queues @job for the render thread, first among the others
 * when @urgent (a chart on screen). */
void
_ss_chart_job_submit (ChartJob *job, gboolean urgent)
{
  g_mutex_lock (&lock);
  if (urgent_thread == NULL)
    {
      urgent_thread = g_thread_new ("ss-render", render_main, GINT_TO_POINTER (TRUE));
      later_thread = g_thread_new ("ss-render-bg", render_main, GINT_TO_POINTER (FALSE));
    }
  job->urgent = urgent;
  job->not_before = urgent ? 0 : g_get_monotonic_time () + LATER_SETTLE_US;
  g_queue_push_tail (urgent ? &urgent_jobs : &later_jobs, job_ref (job));
  g_cond_broadcast (&work_cond);
  g_mutex_unlock (&lock);
}

gboolean
_ss_chart_job_matches (ChartJob *job, const BodyKey *key, int scale)
{
  return job->scale == scale && memcmp (&job->key, key, sizeof *key) == 0;
}

/* Main thread: @job's image (the caller owns it), waiting for it when
 * @wait (a job not started yet goes first); NULL when not ready. */
ChartImage *
_ss_chart_job_finish (ChartJob *job, gboolean wait)
{
  ChartImage *image;

  g_mutex_lock (&lock);
  if (wait && job->state == JOB_QUEUED && !job->urgent)
    {
      g_queue_remove (&later_jobs, job);
      g_queue_push_head (&urgent_jobs, job);
      job->urgent = TRUE;
    }
  while (wait && (job->state == JOB_QUEUED || job->state == JOB_RUNNING))
    g_cond_wait (&done_cond, &lock);
  image = g_steal_pointer (&job->image);
  g_mutex_unlock (&lock);
  return image;
}

/* Main thread: drops the chart's reference to @job; a stale job not
 * started yet is never drawn, a running one's image is thrown away. */
void
_ss_chart_job_drop (ChartJob *job)
{
  gboolean queued;

  g_mutex_lock (&lock);
  queued = job->state == JOB_QUEUED;
  if (queued)
    g_queue_remove (job->urgent ? &urgent_jobs : &later_jobs, job);
  /* its legend's rooms are not measured either */
  else if (g_queue_remove (&measure_jobs, job))
    queued = TRUE;
  if (job->state != JOB_DONE)
    job->state = JOB_CANCELLED;
  g_mutex_unlock (&lock);
  if (queued)
    job_unref (job); /* the queue's */
  job_unref (job);
}

/* Main thread, once @job is done: the legend's rooms it sampled (see
 * LegendReserve), in the order of the layers it was made with, once;
 * NULL when not measured yet or already taken. */
GArray *
_ss_chart_job_take_reserve (ChartJob *job)
{
  GArray *widths;

  g_mutex_lock (&lock);
  widths = job->reserve_widths;
  g_mutex_unlock (&lock);
  if (job->reserve_applied || widths == NULL)
    return NULL;
  job->reserve_applied = TRUE;
  return widths;
}

/* Waits until the render thread has drawn every job queued (tests: the
 * main loop then delivers their images). */
void
ss_chart_wait_renders (void)
{
  g_mutex_lock (&lock);
  while (urgent_thread != NULL && (!g_queue_is_empty (&urgent_jobs) || !g_queue_is_empty (&later_jobs) ||
                                   !g_queue_is_empty (&measure_jobs) || !g_queue_is_empty (&dead_images) || busy > 0))
    g_cond_wait (&done_cond, &lock);
  g_mutex_unlock (&lock);
}
