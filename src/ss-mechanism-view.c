/* ss-mechanism-view.c - the mechanism at one instant of a run: the
 * scenario's drawing from the registry (src/drawings/), or the generic one,
 * on the row at the view's time, with the mode legend and the time.
 *
 * The view keeps what a drawing needs across frames of one run (an
 * SsMechanismFrame): the extents its scale comes from, and where its
 * declared columns are.  ss_mechanism_frame_draw() touches no widget, so
 * video frames are drawn by it on a worker thread. */
#define G_LOG_DOMAIN "ss-mechanism-view"

#include <string.h>

#include "drawings/drawings.h"
#include "ss-bench.h"
#include "ss-mechanism-view.h"

struct _SsMechanismFrame
{
  SsSketchExtent   extents[SS_SKETCH_N_EXTENTS]; /* of the dataset drawn */
  const SsDrawing *resolved;                     /* the drawing column_index is for, NULL: none */
  int             *column_index;                 /* its declared columns' indices in the dataset */
  SsSketchTexts   *texts;                        /* its labels laid out, kept across runs */
};

struct _SsMechanismView
{
  GtkDrawingArea    parent_instance;
  SsDataset        *dataset;
  SsMechanismFrame *frame; /* of the current dataset */
  double            time;
  gboolean          show_forces;
  const char       *drawing; /* which drawing the last frame used */
};

G_DEFINE_FINAL_TYPE (SsMechanismView, ss_mechanism_view, GTK_TYPE_DRAWING_AREA)

SsMechanismFrame *
ss_mechanism_frame_new (void)
{
  SsMechanismFrame *frame = g_new0 (SsMechanismFrame, 1);

  frame->texts = ss_sketch_texts_new ();
  return frame;
}

void
ss_mechanism_frame_free (SsMechanismFrame *frame)
{
  if (frame == NULL)
    return;
  g_free (frame->column_index);
  ss_sketch_texts_free (frame->texts);
  g_free (frame);
}

/* Finds @drawing's declared columns in @ds (once per run). */
static void
resolve_columns (SsMechanismFrame *frame, SsDataset *ds, const SsDrawing *drawing)
{
  const ss_model *m = ss_dataset_get_model (ds);
  g_autoptr(GPtrArray) missing = NULL;

  if (frame->resolved == drawing)
    return;
  g_free (frame->column_index);
  frame->column_index = g_new (int, ss_sketch_count_columns (drawing->columns) + 1);
  ss_sketch_resolve_columns (drawing->columns, m, frame->column_index);
  frame->resolved = drawing;
  missing = ss_drawing_dup_missing (drawing, m);
  for (guint i = 0; i < missing->len; i++)
    g_warning ("drawing of %s: the run has no %s", ss_model_scenario (m)->name, (char *)missing->pdata[i]);
}

#define LEGEND_MIN_HEIGHT 130 /* user units: no mode legend and time below */

/* The mechanism of @ds at time @t (the row at it) on @cr, @width × @height
 * user units, in @fg, with the mode legend and the time (when @height is
 * at least LEGEND_MIN_HEIGHT): the one drawing
 * of the window's view, exports and video frames.  No widget is touched:
 * any thread may draw, one at a time per @frame, which keeps what the
 * drawing needs across frames of @ds.  Returns the drawing's name
 * ("generic" for a scenario without one), NULL when nothing was drawn. */
const char *
ss_mechanism_frame_draw (SsMechanismFrame *frame,
                         SsDataset        *ds,
                         double            t,
                         cairo_t          *cr,
                         double            width,
                         double            height,
                         const GdkRGBA    *fg,
                         int               scale_factor,
                         gboolean          show_forces)
{
  const char      *name;
  const SsDrawing *drawing;
  SsSketch         f = { 0 };

  if (ds == NULL || ss_dataset_get_n_rows (ds) == 0 || !ss_dataset_get_row_at (ds, t, &f.row))
    return NULL;
  name = ss_model_scenario (ss_dataset_get_model (ds))->name;
  drawing = ss_drawing_lookup (name);
  if (drawing == NULL)
    {
      drawing = &ss_drawing_generic;
      name = "generic";
    }
  resolve_columns (frame, ds, drawing);

  f.fg = *fg;
  f.ds = ds;
  f.cr = cr;
  f.width = width;
  f.height = height;
  f.forces = show_forces;
  f.extents = frame->extents;
  f.scale_factor = scale_factor;
  f.columns = drawing->columns;
  f.column_index = frame->column_index;
  f.params = drawing->params;
  f.texts = frame->texts;

  cairo_save (cr);
  drawing->draw (&f);
  cairo_restore (cr);
  /* under the drawing's labels when it is this short (a short window's
   * view): the status line names the modes, the transport bar the time */
  if (height < LEGEND_MIN_HEIGHT)
    return name;
  ss_sketch_mode_legend (&f);

  {
    char buf[64];

    g_snprintf (buf, sizeof buf, "t = %.3f s", ss_dataset_get_times (ds)[f.row]);
    ss_sketch_set_color (&f, &f.fg, 0.7);
    ss_sketch_text (&f, width - 12, height - 8, buf, 1.0, 1.0, FALSE);
  }
  return name;
}

void
ss_mechanism_view_draw (SsMechanismView *self, cairo_t *cr, double width, double height)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));
  GdkRGBA          fg;
  const char      *name;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (context, &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS

  name = ss_mechanism_frame_draw (self->frame, self->dataset, self->time, cr, width, height, &fg,
                                  gtk_widget_get_scale_factor (GTK_WIDGET (self)), self->show_forces);
  if (name != NULL)
    self->drawing = name;
}

static void
draw_func (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  gint64 start = g_get_monotonic_time ();

  (void)data;
  ss_mechanism_view_draw (SS_MECHANISM_VIEW (area), cr, width, height);
  ss_bench_accumulate (SS_BENCH_FRAME, (g_get_monotonic_time () - start) / 1000.0);
}

static void
ss_mechanism_view_dispose (GObject *object)
{
  SsMechanismView *self = (SsMechanismView *)object;

  g_clear_object (&self->dataset);
  g_clear_pointer (&self->frame, ss_mechanism_frame_free);

  G_OBJECT_CLASS (ss_mechanism_view_parent_class)->dispose (object);
}

#define NATURAL_HEIGHT 170 /* px */
#define MINIMUM_HEIGHT 96  /* px: in a short window the charts keep their room */

/* NATURAL_HEIGHT high, as little as MINIMUM_HEIGHT: a drawing area's
 * content height is its minimum too, which a window 500 px high (800 ×
 * 500 logical pixels at GDK_SCALE=2) has no room for beside the charts. */
static void
ss_mechanism_view_measure (GtkWidget     *widget,
                           GtkOrientation orientation,
                           int            for_size,
                           int           *minimum,
                           int           *natural,
                           int           *minimum_baseline,
                           int           *natural_baseline)
{
  GTK_WIDGET_CLASS (ss_mechanism_view_parent_class)
      ->measure (widget, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = MIN (*minimum, MINIMUM_HEIGHT);
}

static void
ss_mechanism_view_class_init (SsMechanismViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ss_mechanism_view_dispose;
  GTK_WIDGET_CLASS (klass)->measure = ss_mechanism_view_measure;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "mechanism");
}

static void
ss_mechanism_view_init (SsMechanismView *self)
{
  self->show_forces = TRUE;
  self->drawing = "none";
  self->frame = ss_mechanism_frame_new ();
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw_func, NULL, NULL);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self), NATURAL_HEIGHT);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
}

void
ss_mechanism_view_set_dataset (SsMechanismView *self, SsDataset *dataset)
{
  g_return_if_fail (SS_IS_MECHANISM_VIEW (self));

  if (g_set_object (&self->dataset, dataset))
    {
      memset (self->frame->extents, 0, sizeof self->frame->extents);
      self->frame->resolved = NULL;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ss_mechanism_view_set_time (SsMechanismView *self, double t)
{
  if (self->time == t)
    return;
  self->time = t;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
ss_mechanism_view_get_time (SsMechanismView *self)
{
  return self->time;
}

void
ss_mechanism_view_set_show_forces (SsMechanismView *self, gboolean show)
{
  self->show_forces = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
ss_mechanism_view_get_drawing (SsMechanismView *self)
{
  return self->drawing;
}
