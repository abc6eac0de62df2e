/* ss-level-layer.c */
#define G_LOG_DOMAIN "ss-level-layer"

#include <math.h>
#include <pango/pangocairo.h>

#include "ss-chart-text.h"
#include "ss-level-layer.h"

struct _SsLevelLayer
{
  SsChartLayer parent_instance;
  double       value;
  char        *label;       /* drawn right of the plot, at the line */
  int          label_width; /* px, measured once (0: not yet) */
  int          label_height;
};

G_DEFINE_FINAL_TYPE (SsLevelLayer, ss_level_layer, SS_TYPE_CHART_LAYER)

static void
set_dash (cairo_t *cr, double scale)
{
  double dash[] = { 6.0 * scale, 4.0 * scale };

  cairo_set_dash (cr, dash, 2, 0);
}

static PangoLayout *
label_layout (SsLevelLayer *self, cairo_t *cr)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 7.5");

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, self->label, -1);
  pango_font_description_free (font);
  return layout;
}

static void
ss_level_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsLevelLayer  *self = SS_LEVEL_LAYER (layer);
  const GdkRGBA *color = ss_chart_layer_get_color (layer);
  double         y = ss_chart_context_y (ctx, self->value);

  if (y < ctx->y - 0.5 || y > ctx->y + ctx->height + 0.5)
    return;
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, 0.85);
  cairo_set_line_width (cr, 1.2 * ctx->line_scale);
  set_dash (cr, ctx->line_scale);
  cairo_move_to (cr, ctx->x, y);
  cairo_line_to (cr, ctx->x + ctx->width, y);
  cairo_stroke (cr);

  if (self->label != NULL)
    {
      g_autoptr(PangoLayout) layout = label_layout (self, cr);
      double x = ctx->x + ctx->width + SS_CHART_GUTTER_GAP, top;
      int    w, h;

      /* right of the plot, where no curve goes; close levels stack */
      pango_layout_get_pixel_size (layout, &w, &h);
      top = ss_chart_context_place_gutter_label (ctx, y, w, h);
      if (fabs (top + h / 2.0 - y) > h / 2.0)
        {
          /* moved off its line: a leader from the line's end */
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_set_line_width (cr, 0.8 * ctx->line_scale);
          cairo_move_to (cr, ctx->x + ctx->width, y);
          cairo_line_to (cr, x - 1, top + h / 2.0);
          cairo_stroke (cr);
        }
      ss_chart_show_text (cr, layout, x, top, 0);
    }
}

/* the label right of the plot, at the line */
static gboolean
ss_level_layer_get_gutter_label (
    SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx, double *y, double *width, double *height)
{
  SsLevelLayer *self = SS_LEVEL_LAYER (layer);

  if (self->label == NULL)
    return FALSE;
  /* asked at every layout: one Pango layout for the label's lifetime */
  if (self->label_width == 0)
    {
      g_autoptr(PangoLayout) layout = label_layout (self, cr);

      pango_layout_get_pixel_size (layout, &self->label_width, &self->label_height);
    }
  *width = self->label_width;
  *height = self->label_height;
  if (ctx == NULL)
    return TRUE;
  /* as the drawing: no label for a level off the plot */
  *y = ss_chart_context_y (ctx, self->value);
  return *y >= ctx->y - 0.5 && *y <= ctx->y + ctx->height + 0.5;
}

static gboolean
ss_level_layer_get_y_range (SsChartLayer *layer, double t0, double t1, guint n_bins, double *min, double *max)
{
  SsLevelLayer *self = SS_LEVEL_LAYER (layer);

  (void)t0;
  (void)t1;
  (void)n_bins;
  *min = *max = self->value;
  return TRUE;
}

static void
ss_level_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  gdk_cairo_set_source_rgba (cr, ss_chart_layer_get_color (layer));
  cairo_set_line_width (cr, 1.5);
  set_dash (cr, 0.6);
  cairo_move_to (cr, x, y + height / 2);
  cairo_line_to (cr, x + width, y + height / 2);
  cairo_stroke (cr);
}

static SsChartLayer *
ss_level_layer_freeze (SsChartLayer *layer, double t0, double t1, guint n_bins)
{
  SsLevelLayer *self = SS_LEVEL_LAYER (layer);
  SsLevelLayer *copy = SS_LEVEL_LAYER (ss_level_layer_new (self->value, self->label));

  (void)t0;
  (void)t1;
  (void)n_bins;
  copy->label_width = self->label_width;
  copy->label_height = self->label_height;
  return SS_CHART_LAYER (copy);
}

static void
ss_level_layer_finalize (GObject *object)
{
  SsLevelLayer *self = (SsLevelLayer *)object;

  g_free (self->label);

  G_OBJECT_CLASS (ss_level_layer_parent_class)->finalize (object);
}

static void
ss_level_layer_class_init (SsLevelLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_level_layer_finalize;
  layer_class->draw = ss_level_layer_draw;
  layer_class->get_y_range = ss_level_layer_get_y_range;
  layer_class->get_gutter_label = ss_level_layer_get_gutter_label;
  layer_class->draw_swatch = ss_level_layer_draw_swatch;
  layer_class->freeze = ss_level_layer_freeze;
}

static void
ss_level_layer_init (SsLevelLayer *self)
{
  ss_chart_layer_set_in_legend (SS_CHART_LAYER (self), FALSE);
}

SsChartLayer *
ss_level_layer_new (double value, const char *label)
{
  SsLevelLayer *self = g_object_new (SS_TYPE_LEVEL_LAYER, NULL);

  self->value = value;
  self->label = g_strdup (label);
  return SS_CHART_LAYER (self);
}

double
ss_level_layer_get_value (SsLevelLayer *self)
{
  return self->value;
}
