/* ss-animation-frames.c - the frames of a video of a run: see
 * ss-animation-frames.h.
 *
 * The charts are the live stack's widgets, which only the main thread may
 * touch, so they are drawn once when the frames are made: every chart
 * chosen over [t0, t1] through the export's path, and, for curves revealed
 * as they play, once more with the current run's layers laid out but not
 * drawn (the same axes).  A frame is that picture, the blank one right of
 * the playhead, and the playhead's line: nothing of a widget is read
 * after. */
#define G_LOG_DOMAIN "ss-animation"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ss-animation-frames.h"
#include "ss-band-layer.h"
#include "ss-line-layer.h"
#include "ss-mechanism-view.h"
#include "ss-span-layer.h"

struct _SsAnimationFrames
{
  GObject            parent_instance;
  SsAnimationOptions options; /* charts: NULL, the pictures hold them */
  guint              n_frames;
  SsDataset         *dataset;
  GMutex             lock; /* one frame drawn at a time: the mechanism keeps state */
  SsMechanismFrame  *mechanism;
  double             scale;            /* user units to px: text and lines grow with large frames */
  int                mechanism_height; /* px, the top of a frame */
  cairo_surface_t   *whole;            /* the charts, px, under the mechanism; NULL: none */
  cairo_surface_t   *blank;            /* the same without the current run's curves; NULL: whole curves */
  GArray            *plots;            /* SsChartDrawn of each chart against time in whole */
};

G_DEFINE_FINAL_TYPE (SsAnimationFrames, ss_animation_frames, G_TYPE_OBJECT)

void
ss_animation_options_init (SsAnimationOptions *options)
{
  *options = (SsAnimationOptions){
    .t0 = 0,
    .t1 = NAN,
    .speed = 1,
    .fps = 30,
    .width = 640,
    .height = 480,
    .overlays = TRUE,
    .forces = TRUE,
  };
}

/* Checks @options against a run of @t_end seconds (t1 NaN: t_end). */
gboolean
ss_animation_options_check (const SsAnimationOptions *options, double t_end, GError **error)
{
  double t1 = isnan (options->t1) ? t_end : options->t1;
  guint  n;

  if (!(options->t0 >= 0 && options->t0 < t_end))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Start %g s is outside the run, 0–%g s"), options->t0, t_end);
      return FALSE;
    }
  if (!(t1 > options->t0 && t1 <= t_end))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("End %g s must lie after the start %g s and within the run, up to %g s"), t1, options->t0, t_end);
      return FALSE;
    }
  if (!(options->speed >= SS_ANIMATION_MIN_SPEED && options->speed <= SS_ANIMATION_MAX_SPEED))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Speed %g× is outside %g–%g×"), options->speed, SS_ANIMATION_MIN_SPEED, SS_ANIMATION_MAX_SPEED);
      return FALSE;
    }
  if (options->fps != 24 && options->fps != 30 && options->fps != 60)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Frame rate %u is not one of 24, 30 and 60 frames per second"), options->fps);
      return FALSE;
    }
  /* the encoder's colours are sampled in pairs of pixels */
  if (options->width < SS_ANIMATION_MIN_SIZE || options->width > SS_ANIMATION_MAX_WIDTH ||
      options->height < SS_ANIMATION_MIN_SIZE || options->height > SS_ANIMATION_MAX_HEIGHT || options->width % 2 != 0 ||
      options->height % 2 != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Size %d × %d px must be even numbers within %d–%d × %d–%d px"), options->width, options->height,
                      SS_ANIMATION_MIN_SIZE, SS_ANIMATION_MAX_WIDTH, SS_ANIMATION_MIN_SIZE, SS_ANIMATION_MAX_HEIGHT);
      return FALSE;
    }
  n = (guint)MIN (round ((t1 - options->t0) / options->speed * options->fps), 1e9);
  if (n > SS_ANIMATION_MAX_FRAMES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%u frames are more than %d: raise the speed or shorten the interval"), n,
                      SS_ANIMATION_MAX_FRAMES);
      return FALSE;
    }
  return TRUE;
}

/* (t1 − t0) / speed × fps, at least one; t1 must be set. */
guint
ss_animation_options_get_n_frames (const SsAnimationOptions *options)
{
  return (guint)MAX (1.0, round ((options->t1 - options->t0) / options->speed * options->fps));
}

/* The run's time frame @frame shows: t0 first, t1 last, evenly between. */
double
ss_animation_options_get_frame_time (const SsAnimationOptions *options, guint frame)
{
  guint n = ss_animation_options_get_n_frames (options);

  if (n < 2)
    return options->t0;
  if (frame + 1 >= n)
    return options->t1;
  return options->t0 + (options->t1 - options->t0) * frame / (n - 1);
}

/* A frame's background and its text and lines: an export's. */
void
ss_animation_get_colors (GdkRGBA *background, GdkRGBA *foreground)
{
  SsChartStyle style;

  ss_chart_style_init_for_export (&style);
  if (background != NULL)
    *background = (GdkRGBA){ 1, 1, 1, 1 };
  if (foreground != NULL)
    *foreground = style.fg;
}

/* ---- the charts, drawn once ------------------------------------------ */

static gboolean
series_is (SsSeries *series, SsDataset *dataset)
{
  return series != NULL && ss_series_get_dataset (series) == dataset;
}

/* The layers of @chart that draw @dataset (the current run). */
static void
add_run_layers (SsChart *chart, SsDataset *dataset, GPtrArray *layers)
{
  GPtrArray *all = ss_chart_get_layers (chart);

  for (guint i = 0; i < all->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (all, i);

      if ((SS_IS_LINE_LAYER (layer) && series_is (ss_line_layer_get_series (SS_LINE_LAYER (layer)), dataset)) ||
          (SS_IS_SPAN_LAYER (layer) && series_is (ss_span_layer_get_series (SS_SPAN_LAYER (layer)), dataset)) ||
          (SS_IS_BAND_LAYER (layer) && series_is (ss_band_layer_get_lower (SS_BAND_LAYER (layer)), dataset)))
        g_ptr_array_add (layers, layer);
    }
}

static cairo_surface_t *
draw_charts (
    SsAnimationFrames *self, SsPlotStack *stack, const SsPlotStackFigure *figure, GPtrArray *blank, GArray *drawn)
{
  int              width = self->options.width, height = self->options.height - self->mechanism_height;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t         *cr = cairo_create (surface);
  SsChartStyle     style;

  ss_chart_style_init_for_export (&style);
  style.blank = blank;
  style.drawn = drawn;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_scale (cr, self->scale, self->scale);
  ss_plot_stack_draw_figure (stack, cr, width / self->scale, height / self->scale, &style, figure);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The charts over [t0, t1] as the export draws them, the window's own
 * time window and reveal put back after. */
static void
snapshot_charts (SsAnimationFrames *self, SsPlotStack *stack, const SsAnimationOptions *options)
{
  SsTimeAxis       *axis = ss_plot_stack_get_time_axis (stack);
  gboolean          zoomed = ss_time_axis_is_zoomed (axis);
  double            reveal = ss_plot_stack_get_reveal_time (stack), lower, upper;
  SsPlotStackFigure figure = { .charts = options->charts,
                               .n_charts = options->n_charts,
                               .overlays = options->overlays };
  g_autoptr(GArray) drawn = g_array_new (FALSE, FALSE, sizeof (SsChartDrawn));

  ss_time_axis_get_range (axis, &lower, &upper);
  ss_plot_stack_set_reveal_time (stack, NAN);
  ss_time_axis_set_range (axis, options->t0, options->t1);
  self->whole = draw_charts (self, stack, &figure, NULL, drawn);
  for (guint i = 0; i < drawn->len; i++)
    {
      SsChartDrawn *d = &g_array_index (drawn, SsChartDrawn, i);

      if (d->ctx.time_x && d->ctx.height > 0)
        g_array_append_val (self->plots, *d);
    }
  if (options->reveal)
    {
      g_autoptr(GPtrArray) blank = g_ptr_array_new ();

      for (guint i = 0; i < options->n_charts; i++)
        if (options->charts[i] < ss_plot_stack_get_n_charts (stack))
          add_run_layers (ss_plot_stack_get_chart (stack, options->charts[i]), self->dataset, blank);
      self->blank = draw_charts (self, stack, &figure, blank, NULL);
    }
  if (zoomed)
    ss_time_axis_set_range (axis, lower, upper);
  else
    ss_time_axis_reset_zoom (axis);
  ss_plot_stack_set_reveal_time (stack, reveal);
}

/* ---- frames ------------------------------------------------------------ */

/* The frames of @dataset (a finished run) with @options; the charts of
 * @stack (which shows @dataset) are drawn now, on the main thread: @stack
 * may be NULL without charts. */
SsAnimationFrames *
ss_animation_frames_new (SsDataset *dataset, SsPlotStack *stack, const SsAnimationOptions *options, GError **error)
{
  SsAnimationFrames *self;
  guint              n_charts = stack != NULL && options->charts != NULL ? options->n_charts : 0;
  double             t_end;

  g_return_val_if_fail (SS_IS_DATASET (dataset), NULL);

  if (!ss_dataset_get_complete (dataset) || ss_dataset_get_n_rows (dataset) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _("The run is still being computed: export it when it is finished"));
      return NULL;
    }
  t_end = ss_dataset_get_end_time (dataset);
  if (!ss_animation_options_check (options, t_end, error))
    return NULL;
  for (guint i = 0; i < n_charts; i++)
    if (options->charts[i] >= ss_plot_stack_get_n_charts (stack) ||
        ss_chart_is_xy (ss_plot_stack_get_chart (stack, options->charts[i])))
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("Chart %u is not a chart against time (the plot has %u charts)"), options->charts[i] + 1,
                        ss_plot_stack_get_n_charts (stack));
        return NULL;
      }

  self = g_object_new (SS_TYPE_ANIMATION_FRAMES, NULL);
  self->options = *options;
  self->options.charts = NULL;
  self->options.n_charts = n_charts;
  if (isnan (self->options.t1))
    self->options.t1 = t_end;
  self->n_frames = ss_animation_options_get_n_frames (&self->options);
  self->dataset = g_object_ref (dataset);
  self->scale = MAX (1.0, options->width / 1000.0);
  self->mechanism_height = options->height;
  if (n_charts > 0)
    {
      self->options.charts = options->charts;
      /* the mechanism a half over one chart, a third over three */
      self->mechanism_height = (int)round (options->height / (1.0 + 0.75 * n_charts));
      snapshot_charts (self, stack, &self->options);
      self->options.charts = NULL;
    }
  return self;
}

guint
ss_animation_frames_get_n_frames (SsAnimationFrames *self)
{
  return self->n_frames;
}

guint
ss_animation_frames_get_fps (SsAnimationFrames *self)
{
  return self->options.fps;
}

double
ss_animation_frames_get_time (SsAnimationFrames *self, guint frame)
{
  return ss_animation_options_get_frame_time (&self->options, frame);
}

void
ss_animation_frames_get_size (SsAnimationFrames *self, int *width, int *height)
{
  *width = self->options.width;
  *height = self->options.height;
}

/* The frame at the run's time @t on @cr, over width × height px. */
void
ss_animation_frames_draw (SsAnimationFrames *self, double t, cairo_t *cr)
{
  double  width = self->options.width, top = self->mechanism_height;
  GdkRGBA background, fg;

  ss_animation_get_colors (&background, &fg);
  cairo_save (cr);
  gdk_cairo_set_source_rgba (cr, &background);
  cairo_paint (cr);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, top);
  cairo_clip (cr);
  cairo_scale (cr, self->scale, self->scale);
  g_mutex_lock (&self->lock);
  ss_mechanism_frame_draw (self->mechanism, self->dataset, t, cr, width / self->scale, top / self->scale, &fg, 1,
                           self->options.forces);
  g_mutex_unlock (&self->lock);
  cairo_restore (cr);

  if (self->whole != NULL)
    {
      cairo_translate (cr, 0, top);
      cairo_set_source_surface (cr, self->whole, 0, 0);
      cairo_paint (cr);
      for (guint i = 0; i < self->plots->len; i++)
        {
          const SsChartDrawn *d = &g_array_index (self->plots, SsChartDrawn, i);
          double              x = ss_chart_context_x (&d->ctx, CLAMP (t, d->ctx.t0, d->ctx.t1));
          double              y0 = d->ctx.y, y1 = d->ctx.y + d->ctx.height, right = d->ctx.x + d->ctx.width;
          double              dummy = 0, line = 1.5;

          cairo_matrix_transform_point (&d->matrix, &x, &y0);
          cairo_matrix_transform_point (&d->matrix, &right, &y1);
          cairo_matrix_transform_distance (&d->matrix, &line, &dummy);
          /* the current run's curves end at the playhead */
          if (self->blank != NULL && x < right)
            {
              cairo_save (cr);
              cairo_rectangle (cr, x, y0, right + line - x, y1 - y0);
              cairo_clip (cr);
              cairo_set_source_surface (cr, self->blank, 0, 0);
              cairo_paint (cr);
              cairo_restore (cr);
            }
          /* the playhead, as the window draws it */
          x = round (x);
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
          cairo_rectangle (cr, x - line / 2, y0, line, y1 - y0);
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);
}

/* Frame @frame as a new image of its size (opaque).  Its memory is not
 * cleared first: the frame paints every pixel. */
cairo_surface_t *
ss_animation_frames_render (SsAnimationFrames *self, guint frame)
{
  static cairo_user_data_key_t key;
  int                          stride = cairo_format_stride_for_width (CAIRO_FORMAT_RGB24, self->options.width);
  guchar                      *data = g_malloc ((gsize)stride * self->options.height);
  cairo_surface_t             *surface =
      cairo_image_surface_create_for_data (data, CAIRO_FORMAT_RGB24, self->options.width, self->options.height, stride);
  cairo_t *cr;

  cairo_surface_set_user_data (surface, &key, data, g_free);
  cr = cairo_create (surface);

  ss_animation_frames_draw (self, ss_animation_frames_get_time (self, frame), cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
ss_animation_frames_finalize (GObject *object)
{
  SsAnimationFrames *self = SS_ANIMATION_FRAMES (object);

  g_clear_object (&self->dataset);
  g_clear_pointer (&self->mechanism, ss_mechanism_frame_free);
  g_clear_pointer (&self->whole, cairo_surface_destroy);
  g_clear_pointer (&self->blank, cairo_surface_destroy);
  g_clear_pointer (&self->plots, g_array_unref);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (ss_animation_frames_parent_class)->finalize (object);
}

static void
ss_animation_frames_class_init (SsAnimationFramesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_animation_frames_finalize;
}

static void
ss_animation_frames_init (SsAnimationFrames *self)
{
  g_mutex_init (&self->lock);
  self->mechanism = ss_mechanism_frame_new ();
  self->plots = g_array_new (FALSE, FALSE, sizeof (SsChartDrawn));
}
