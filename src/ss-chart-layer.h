/* ss-chart-layer.h - something a chart draws over the shared time axis
 * (a series line, a level, shaded intervals).  Layers draw into any
 * cairo_t: the same code serves the screen and PNG/SVG/PDF export. */
#pragma once

#include <cairo.h>
#include <math.h>
#include <gdk/gdk.h>

G_BEGIN_DECLS

/* Label rectangles already drawn in one pass over the layers, user units:
 * labels placed later step leftwards past them. */
typedef struct
{
  guint n;
  struct
  {
    double x, y, width, height;
  } box[24];
} SsChartLabels;

typedef struct
{
  double   x, y, width, height; /* plot area, user units */
  double   t0, t1;              /* visible time range, s */
  double   y0, y1;              /* visible value range */
  double   line_scale;          /* line width multiplier */
  gboolean for_export;
  double   x_from;       /* layers may skip what lies wholly left of
                          * this x, user units (-INFINITY: draw all) */
  SsChartLabels *labels; /* labels of this pass, or NULL */
} SsChartContext;

double ss_chart_context_place_label (const SsChartContext *ctx, double right, double y, double width, double height);

static inline double
ss_chart_context_x (const SsChartContext *ctx, double t)
{
  return ctx->x + (t - ctx->t0) / (ctx->t1 - ctx->t0) * ctx->width;
}

static inline double
ss_chart_context_y (const SsChartContext *ctx, double v)
{
  return ctx->y + ctx->height - (v - ctx->y0) / (ctx->y1 - ctx->y0) * ctx->height;
}

/* First bin of a per-column decimation (bins[0] holds what lies before t0)
 * a layer must draw: columns wholly left of x_from are skipped but two, so
 * the segments and bars reaching x_from come out whole. */
static inline guint
ss_chart_context_first_bin (const SsChartContext *ctx, guint n_bins)
{
  if (!(ctx->x_from > ctx->x))
    return 0;
  return (guint)CLAMP (floor ((ctx->x_from - ctx->x) * n_bins / ctx->width) + 1 - 2, 0, n_bins + 1);
}

#define SS_TYPE_CHART_LAYER (ss_chart_layer_get_type ())

G_DECLARE_DERIVABLE_TYPE (SsChartLayer, ss_chart_layer, SS, CHART_LAYER, GObject)

struct _SsChartLayerClass
{
  GObjectClass parent_class;

  void (*draw) (SsChartLayer *self, cairo_t *cr, const SsChartContext *ctx);
  gboolean (*get_y_range) (SsChartLayer *self, double t0, double t1, guint n_bins, double *min, double *max);
  /* the legend's value at time t, or NULL */
  char *(*format_value) (SsChartLayer *self, double t);
  void (*draw_swatch) (SsChartLayer *self, cairo_t *cr, double x, double y, double width, double height);
  /* grows when the layer is given other data (not when rows are appended) */
  guint (*get_data_revision) (SsChartLayer *self);
  /* time of the layer's last row, s; +INFINITY when no rows can follow */
  double (*get_data_end) (SsChartLayer *self);
  /* user units the layer draws above its highest value (a label over a
   * line): the chart's value range leaves that much room */
  double (*get_headroom) (SsChartLayer *self, cairo_t *cr);
};

void           ss_chart_layer_changed (SsChartLayer *self);
guint          ss_chart_layer_get_revision (SsChartLayer *self);
double         ss_chart_layer_get_data_end (SsChartLayer *self);
double         ss_chart_layer_get_headroom (SsChartLayer *self, cairo_t *cr);
const char    *ss_chart_layer_get_title (SsChartLayer *self);
void           ss_chart_layer_set_title (SsChartLayer *self, const char *title);
const GdkRGBA *ss_chart_layer_get_color (SsChartLayer *self);
void           ss_chart_layer_set_color (SsChartLayer *self, const GdkRGBA *color);
gboolean       ss_chart_layer_get_visible (SsChartLayer *self);
void           ss_chart_layer_set_visible (SsChartLayer *self, gboolean visible);
gboolean       ss_chart_layer_get_in_legend (SsChartLayer *self);
void           ss_chart_layer_set_in_legend (SsChartLayer *self, gboolean in_legend);
void           ss_chart_layer_draw (SsChartLayer *self, cairo_t *cr, const SsChartContext *ctx);
gboolean ss_chart_layer_get_y_range (SsChartLayer *self, double t0, double t1, guint n_bins, double *min, double *max);
char    *ss_chart_layer_format_value (SsChartLayer *self, double t);
void     ss_chart_layer_draw_swatch (SsChartLayer *self, cairo_t *cr, double x, double y, double width, double height);

G_END_DECLS
