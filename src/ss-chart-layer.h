/* ss-chart-layer.h - something a chart draws (a series line against time,
 * a level, shaded intervals, a curve of one column against another).
 * Layers map their data through the chart's axes (SsChartContext) and draw
 * into any cairo_t: the same code serves the screen and PNG/SVG/PDF. */
#pragma once

#include <cairo.h>
#include <math.h>
#include <gdk/gdk.h>

#include "ss-axis.h"

G_BEGIN_DECLS

/* Label rectangles of one pass over the layers, user units: the chart
 * lays out the gutter's labels before the pass (in the layers' order),
 * labels placed beyond those move past the ones before them. */
typedef struct
{
  guint n;
  guint n_planned; /* leading boxes the chart laid out before the pass */
  struct
  {
    double x, y, width, height;
  } box[24];
} SsChartLabels;

typedef struct
{
  double    x, y, width, height; /* plot area, user units */
  SsAxisMap xmap;                /* x axis: time in a time chart */
  SsAxisMap ymap;                /* value axis */
  gboolean  time_x;              /* the x axis is the time axis */
  double    t0, t1;              /* time window shown, s */
  double    cursor;              /* hover time, s; NaN: none */
  double    playhead;            /* s; NaN: none */
  double    line_scale;          /* line width multiplier */
  GdkRGBA   fg;                  /* the chart's text colour */
  gboolean  for_export;
  double    x_from;      /* layers may skip what lies wholly left of
                          * this x, user units (-INFINITY: draw all) */
  SsChartLabels *labels; /* labels of this pass, or NULL */
} SsChartContext;

/* user units between the plot and the labels right of it */
#define SS_CHART_GUTTER_GAP 5.0

double ss_chart_context_place_gutter_label (const SsChartContext *ctx, double y, double width, double height);

/* Pinned runs are drawn in the contacts' colours, each in a line style of
 * its own: run style 1 .. SS_CHART_N_RUN_STYLES (0: the solid current run). */
#define SS_CHART_N_RUN_STYLES 8
void ss_chart_set_run_dash (cairo_t *cr, guint run_style, double scale);

static inline double
ss_chart_context_x (const SsChartContext *ctx, double v)
{
  return ss_axis_map_to_pixel (&ctx->xmap, v);
}

static inline double
ss_chart_context_y (const SsChartContext *ctx, double v)
{
  return ss_axis_map_to_pixel (&ctx->ymap, v);
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
  /* the values shown over the time window [t0, t1] */
  gboolean (*get_y_range) (SsChartLayer *self, double t0, double t1, guint n_bins, double *min, double *max);
  /* on a value x axis: the x values shown over [t0, t1] (NULL: a layer
   * against time) */
  gboolean (*get_x_range) (SsChartLayer *self, double t0, double t1, double *min, double *max);
  /* the legend's value at time t, or NULL */
  char *(*format_value) (SsChartLayer *self, double t);
  /* a key of format_value's text at t: two instants with the same key
   * have texts that differ in their digits alone (see ss-readable.h's
   * shapes); the legend's rooms format and measure one text per key
   * (NULL method: every text formatted) */
  guint64 (*get_readout_key) (SsChartLayer *self, double t);
  void (*draw_swatch) (SsChartLayer *self, cairo_t *cr, double x, double y, double width, double height);
  /* grows when the layer is given other data (not when rows are appended) */
  guint (*get_data_revision) (SsChartLayer *self);
  /* time of the layer's last row, s; +INFINITY when no rows can follow */
  double (*get_data_end) (SsChartLayer *self);
  /* no rows can follow (the run is over); none: TRUE */
  gboolean (*get_data_complete) (SsChartLayer *self);
  /* a label the layer draws in the gutter right of the plot (a level's):
   * its size, user units, and (with @ctx) the y it belongs at; the chart
   * keeps the gutter that wide and lays the labels out so none overlaps
   * another, in the order of their y */
  gboolean (*get_gutter_label) (
      SsChartLayer *self, cairo_t *cr, const SsChartContext *ctx, double *y, double *width, double *height);
  /* the data point drawn nearest to (x, y) in @ctx: its distance, user
   * units, and its time, s; FALSE when there is none */
  gboolean (*pick) (SsChartLayer *self, const SsChartContext *ctx, double x, double y, double *distance, double *t);
  /* a new layer of the class drawing what this one draws now over
   * [t0, t1] in @n_bins columns, from data nothing changes any more, for
   * a render thread (the base class copies title, colour and flags);
   * NULL: not now, rows may still come in (NULL method: never) */
  SsChartLayer *(*freeze) (SsChartLayer *self, double t0, double t1, guint n_bins);
};

void     ss_chart_layer_changed (SsChartLayer *self);
guint    ss_chart_layer_get_revision (SsChartLayer *self);
double   ss_chart_layer_get_data_end (SsChartLayer *self);
gboolean ss_chart_layer_get_data_complete (SsChartLayer *self);
gboolean ss_chart_layer_get_gutter_label (
    SsChartLayer *self, cairo_t *cr, const SsChartContext *ctx, double *y, double *width, double *height);
const char    *ss_chart_layer_get_title (SsChartLayer *self);
void           ss_chart_layer_set_title (SsChartLayer *self, const char *title);
const GdkRGBA *ss_chart_layer_get_color (SsChartLayer *self);
void           ss_chart_layer_set_color (SsChartLayer *self, const GdkRGBA *color);
gboolean       ss_chart_layer_get_visible (SsChartLayer *self);
void           ss_chart_layer_set_visible (SsChartLayer *self, gboolean visible);
gboolean       ss_chart_layer_get_hidden (SsChartLayer *self);
void           ss_chart_layer_set_hidden (SsChartLayer *self, gboolean hidden);
gboolean       ss_chart_layer_get_in_legend (SsChartLayer *self);
void           ss_chart_layer_set_in_legend (SsChartLayer *self, gboolean in_legend);
void           ss_chart_layer_draw (SsChartLayer *self, cairo_t *cr, const SsChartContext *ctx);
SsChartLayer  *ss_chart_layer_freeze (SsChartLayer *self, double t0, double t1, guint n_bins);
gboolean ss_chart_layer_get_y_range (SsChartLayer *self, double t0, double t1, guint n_bins, double *min, double *max);
gboolean ss_chart_layer_get_x_range (SsChartLayer *self, double t0, double t1, double *min, double *max);
gboolean
ss_chart_layer_pick (SsChartLayer *self, const SsChartContext *ctx, double x, double y, double *distance, double *t);
char *ss_chart_layer_format_value (SsChartLayer *self, double t);
void  ss_chart_layer_draw_swatch (SsChartLayer *self, cairo_t *cr, double x, double y, double width, double height);

gboolean ss_chart_layer_get_readout_key (SsChartLayer *self, double t, guint64 *key);

G_END_DECLS
