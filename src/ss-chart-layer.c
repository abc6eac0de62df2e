/* ss-chart-layer.c */
#define G_LOG_DOMAIN "ss-chart-layer"

#include <math.h>

#include "ss-chart-layer.h"
#include "ss-units.h"

typedef struct
{
  char    *title;
  GdkRGBA  color;
  gboolean visible;
  gboolean in_legend;
  gboolean hidden;   /* by the user, a click on its legend entry */
  guint    revision; /* grows with every change of what the layer draws */
} SsChartLayerPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (SsChartLayer, ss_chart_layer, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ss_chart_layer_finalize (GObject *object)
{
  SsChartLayer        *self = (SsChartLayer *)object;
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  g_free (priv->title);

  G_OBJECT_CLASS (ss_chart_layer_parent_class)->finalize (object);
}

static void
ss_chart_layer_real_draw_swatch (SsChartLayer *self, cairo_t *cr, double x, double y, double width, double height)
{
  gdk_cairo_set_source_rgba (cr, ss_chart_layer_get_color (self));
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x, y + height / 2);
  cairo_line_to (cr, x + width, y + height / 2);
  cairo_stroke (cr);
}

static void
ss_chart_layer_class_init (SsChartLayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_chart_layer_finalize;
  klass->draw_swatch = ss_chart_layer_real_draw_swatch;

  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ss_chart_layer_init (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  priv->visible = TRUE;
  priv->in_legend = TRUE;
  priv->color = (GdkRGBA){ 0.2, 0.5, 0.9, 1.0 };
}

/* Subclasses call this whenever something they draw changes, so a chart
 * knows its cached drawing is stale. */
void
ss_chart_layer_changed (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  priv->revision++;
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Grows whenever anything the layer draws changes, except rows appended to
 * its data (those only ever extend it to the right). */
guint
ss_chart_layer_get_revision (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);
  SsChartLayerClass   *klass = SS_CHART_LAYER_GET_CLASS (self);

  return priv->revision + (klass->get_data_revision ? klass->get_data_revision (self) : 0);
}

double
ss_chart_layer_get_data_end (SsChartLayer *self)
{
  SsChartLayerClass *klass = SS_CHART_LAYER_GET_CLASS (self);

  return klass->get_data_end ? klass->get_data_end (self) : INFINITY;
}

gboolean
ss_chart_layer_get_data_complete (SsChartLayer *self)
{
  SsChartLayerClass *klass = SS_CHART_LAYER_GET_CLASS (self);

  return klass->get_data_complete ? klass->get_data_complete (self) : TRUE;
}

/* The first label recorded in @labels that rows [top, top + height) would
 * touch, or -1. */
static int
overlapping_label (const SsChartLabels *labels, double top, double height)
{
  const double gap = 1;

  for (guint i = 0; i < labels->n; i++)
    if (top < labels->box[i].y + labels->box[i].height + gap && labels->box[i].y < top + height + gap)
      return (int)i;
  return -1;
}

/* Top of a label of @width x @height in the gutter right of the plot:
 * where the chart laid it out before the pass, else as near to centring on
 * @y as the plot's height and the labels placed before it in this pass
 * allow (below them, or above when there is no room below); the label is
 * recorded.  Labels in the gutter cover no data. */
double
ss_chart_context_place_gutter_label (const SsChartContext *ctx, double y, double width, double height)
{
  SsChartLabels *labels = ctx->labels;
  double         lowest = ctx->y + MAX (0, ctx->height - height);
  double         wanted = CLAMP (y - height / 2, ctx->y, lowest);
  double         top = wanted;
  int            i;

  if (labels == NULL)
    return top;
  if (labels->n < labels->n_planned)
    return labels->box[labels->n++].y;
  /* each move passes one label, so these end within n rounds */
  while ((i = overlapping_label (labels, top, height)) >= 0)
    top = labels->box[i].y + labels->box[i].height + 1;
  if (top > lowest)
    {
      double up = wanted;

      while ((i = overlapping_label (labels, up, height)) >= 0)
        up = labels->box[i].y - 1 - height;
      if (up >= ctx->y - height / 2)
        top = up;
    }
  if (labels->n < G_N_ELEMENTS (labels->box))
    {
      labels->box[labels->n].x = ctx->x + ctx->width;
      labels->box[labels->n].y = top;
      labels->box[labels->n].width = width;
      labels->box[labels->n].height = height;
      labels->n++;
    }
  return top;
}

gboolean
ss_chart_layer_get_gutter_label (
    SsChartLayer *self, cairo_t *cr, const SsChartContext *ctx, double *y, double *width, double *height)
{
  SsChartLayerClass *klass = SS_CHART_LAYER_GET_CLASS (self);

  if (!ss_chart_layer_get_visible (self) || klass->get_gutter_label == NULL)
    return FALSE;
  return klass->get_gutter_label (self, cr, ctx, y, width, height);
}

const char *
ss_chart_layer_get_title (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  return priv->title;
}

void
ss_chart_layer_set_title (SsChartLayer *self, const char *title)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  if (g_strcmp0 (priv->title, title) == 0)
    return;
  g_free (priv->title);
  priv->title = g_strdup (title);
  ss_chart_layer_changed (self);
}

const GdkRGBA *
ss_chart_layer_get_color (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  return &priv->color;
}

void
ss_chart_layer_set_color (SsChartLayer *self, const GdkRGBA *color)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  if (gdk_rgba_equal (&priv->color, color))
    return;
  priv->color = *color;
  ss_chart_layer_changed (self);
}

gboolean
ss_chart_layer_get_visible (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  return priv->visible;
}

void
ss_chart_layer_set_visible (SsChartLayer *self, gboolean visible)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  if (priv->visible == !!visible)
    return;
  priv->visible = !!visible;
  ss_chart_layer_changed (self);
}

gboolean
ss_chart_layer_get_in_legend (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  return priv->in_legend;
}

void
ss_chart_layer_set_in_legend (SsChartLayer *self, gboolean in_legend)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  if (priv->in_legend == !!in_legend)
    return;
  priv->in_legend = !!in_legend;
  ss_chart_layer_changed (self);
}

/* The user hid the layer (a click on its legend entry): it is neither
 * drawn nor in the value range, its legend entry stays, dimmed, to show
 * it again.  Apart from "visible", which the program sets (a pinned run
 * not computed yet, the previous run switched off). */
gboolean
ss_chart_layer_get_hidden (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  return priv->hidden;
}

void
ss_chart_layer_set_hidden (SsChartLayer *self, gboolean hidden)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  if (priv->hidden == !!hidden)
    return;
  priv->hidden = !!hidden;
  ss_chart_layer_changed (self);
}

/* Visible and not hidden by the user. */
static gboolean
is_shown (SsChartLayer *self)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);

  return priv->visible && !priv->hidden;
}

void
ss_chart_layer_draw (SsChartLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  if (!is_shown (self) || SS_CHART_LAYER_GET_CLASS (self)->draw == NULL)
    return;
  cairo_save (cr);
  SS_CHART_LAYER_GET_CLASS (self)->draw (self, cr, ctx);
  cairo_restore (cr);
}

/* A copy of @self for a render thread: it draws what @self draws now
 * over [t0, t1] in @n_bins columns and shares nothing the main thread
 * changes (see the class's freeze); NULL when there is none now. */
SsChartLayer *
ss_chart_layer_freeze (SsChartLayer *self, double t0, double t1, guint n_bins)
{
  SsChartLayerPrivate *priv = ss_chart_layer_get_instance_private (self);
  SsChartLayerPrivate *copy_priv;
  SsChartLayer        *copy;

  if (SS_CHART_LAYER_GET_CLASS (self)->freeze == NULL)
    return NULL;
  copy = SS_CHART_LAYER_GET_CLASS (self)->freeze (self, t0, t1, n_bins);
  if (copy == NULL)
    return NULL;
  copy_priv = ss_chart_layer_get_instance_private (copy);
  g_free (copy_priv->title);
  copy_priv->title = g_strdup (priv->title);
  copy_priv->color = priv->color;
  copy_priv->visible = priv->visible;
  copy_priv->in_legend = priv->in_legend;
  copy_priv->hidden = priv->hidden;
  copy_priv->revision = priv->revision;
  return copy;
}

gboolean
ss_chart_layer_get_y_range (SsChartLayer *self, double t0, double t1, guint n_bins, double *min, double *max)
{
  if (!is_shown (self) || SS_CHART_LAYER_GET_CLASS (self)->get_y_range == NULL)
    return FALSE;
  return SS_CHART_LAYER_GET_CLASS (self)->get_y_range (self, t0, t1, n_bins, min, max);
}

gboolean
ss_chart_layer_get_x_range (SsChartLayer *self, double t0, double t1, double *min, double *max)
{
  if (!is_shown (self) || SS_CHART_LAYER_GET_CLASS (self)->get_x_range == NULL)
    return FALSE;
  return SS_CHART_LAYER_GET_CLASS (self)->get_x_range (self, t0, t1, min, max);
}

gboolean
ss_chart_layer_pick (SsChartLayer *self, const SsChartContext *ctx, double x, double y, double *distance, double *t)
{
  if (!is_shown (self) || SS_CHART_LAYER_GET_CLASS (self)->pick == NULL)
    return FALSE;
  return SS_CHART_LAYER_GET_CLASS (self)->pick (self, ctx, x, y, distance, t);
}

char *
ss_chart_layer_format_value (SsChartLayer *self, double t)
{
  if (SS_CHART_LAYER_GET_CLASS (self)->format_value == NULL)
    return NULL;
  /* read by people: the typographic minus, as the ticks */
  return ss_format_screen_minus (SS_CHART_LAYER_GET_CLASS (self)->format_value (self, t));
}

/* The key of ss_chart_layer_format_value (@self, @t)'s text (see
 * get_readout_key): FALSE when the layer has none (each text must be
 * formatted to be known). */
gboolean
ss_chart_layer_get_readout_key (SsChartLayer *self, double t, guint64 *key)
{
  SsChartLayerClass *klass = SS_CHART_LAYER_GET_CLASS (self);

  *key = 0;
  if (klass->format_value == NULL)
    return TRUE; /* no value: the title alone */
  if (klass->get_readout_key == NULL)
    return FALSE;
  *key = klass->get_readout_key (self, t);
  return TRUE;
}

void
ss_chart_layer_draw_swatch (SsChartLayer *self, cairo_t *cr, double x, double y, double width, double height)
{
  cairo_save (cr);
  SS_CHART_LAYER_GET_CLASS (self)->draw_swatch (self, cr, x, y, width, height);
  cairo_restore (cr);
}

/* The dash pattern of pinned-run style @run_style (1 ..
 * SS_CHART_N_RUN_STYLES; 0 solid), lengths times @scale.  Dash-dot first
 * (what one pinned run always looked like), then patterns told apart at a
 * glance even where curves cross: long dashes, dots, dash-dot-dot, ... */
void
ss_chart_set_run_dash (cairo_t *cr, guint run_style, double scale)
{
  static const double patterns[SS_CHART_N_RUN_STYLES][6] = {
    { 7.0, 2.5, 1.5, 2.5 },           /* dash-dot */
    { 9.0, 4.0 },                     /* long dashes */
    { 1.5, 2.5 },                     /* dots */
    { 7.0, 2.0, 1.5, 2.0, 1.5, 2.0 }, /* dash-dot-dot */
    { 3.5, 3.0 },                     /* short dashes */
    { 13.0, 3.0, 4.0, 3.0 },          /* long-short */
    { 1.5, 5.5 },                     /* sparse dots */
    { 16.0, 5.0 },                    /* very long dashes */
  };
  static const int lengths[SS_CHART_N_RUN_STYLES] = { 4, 2, 2, 6, 2, 4, 2, 2 };
  double           dash[6];
  guint            k;

  if (run_style == 0)
    {
      cairo_set_dash (cr, NULL, 0, 0);
      return;
    }
  k = (run_style - 1) % SS_CHART_N_RUN_STYLES;
  for (int i = 0; i < lengths[k]; i++)
    dash[i] = patterns[k][i] * scale;
  cairo_set_dash (cr, dash, lengths[k], 0);
}
