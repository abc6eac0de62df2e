/* ss-chart.h - one chart: layers over an x axis (the shared time axis, or
 * a value axis of its own for a characteristic or phase plot) and a value
 * axis of its own (autoscaled, zoomable, linear or log), legend with
 * units, hover readout, playhead, zoom and pan.  ss_chart_draw() is the
 * single drawing path for screen and export. */
#pragma once

#include <gtk/gtk.h>

#include "ss-chart-layer.h"
#include "ss-time-axis.h"

G_BEGIN_DECLS

typedef struct
{
  GdkRGBA  fg;         /* text, axes */
  GdkRGBA  plot_bg;    /* plot area fill */
  GdkRGBA  grid;       /* grid lines */
  GdkRGBA  cursor;     /* hover cursor */
  double   font_size;  /* points */
  double   line_scale; /* line width multiplier */
  gboolean for_export;
  gboolean show_cursor;
  /* exports: the legend's entries in place of the chart's own (shown as
   * given, if visible and titled), and layers left out; NULL: none */
  GPtrArray *legend;
  GPtrArray *hidden;
  /* video frames: layers laid out (their data set the axes) but not
   * drawn, and where each chart drawn went (SsChartDrawn appended); NULL:
   * none, not kept */
  GPtrArray *blank;
  GArray    *drawn;
} SsChartStyle;

/* A chart as an export drew it: its layout, in user units, and the
 * target's matrix then (user to device units). */
typedef struct
{
  SsChartContext ctx;
  cairo_matrix_t matrix;
} SsChartDrawn;

void ss_chart_style_init_for_widget (SsChartStyle *style, GtkWidget *widget);
void ss_chart_style_init_for_export (SsChartStyle *style);

#define SS_TYPE_CHART (ss_chart_get_type ())

G_DECLARE_FINAL_TYPE (SsChart, ss_chart, SS, CHART, GtkWidget)

/* px of plot a chart keeps at least on screen (the stack scrolls) */
#define SS_CHART_MIN_PLOT_HEIGHT 120

GtkWidget  *ss_chart_new (SsTimeAxis *time_axis);
GtkWidget  *ss_chart_new_xy (SsTimeAxis *time_axis);
GtkWidget  *ss_chart_new_ruler (SsTimeAxis *time_axis);
SsAxis     *ss_chart_get_x_axis (SsChart *self);
SsAxis     *ss_chart_get_y_axis (SsChart *self);
gboolean    ss_chart_is_xy (SsChart *self);
void        ss_chart_add_layer (SsChart *self, SsChartLayer *layer);
GPtrArray  *ss_chart_get_layers (SsChart *self);
void        ss_chart_set_title (SsChart *self, const char *title);
const char *ss_chart_get_title (SsChart *self);
void        ss_chart_set_show_time_labels (SsChart *self, gboolean show);
void        ss_chart_set_tight (SsChart *self, gboolean tight);
void        ss_chart_get_own_margins (SsChart *self, double *left, double *right);
void        ss_chart_set_margins (SsChart *self, double left, double right);
gboolean    ss_chart_get_log_scale (SsChart *self);
void        ss_chart_set_log_scale (SsChart *self, gboolean log_scale);
gboolean    ss_chart_can_log_scale (SsChart *self);
void        ss_chart_set_extra_menu (SsChart *self, GMenuModel *menu);
void        ss_chart_draw (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style);
void        ss_chart_get_layout (SsChart *self, double width, double height, SsChartContext *ctx);
double      ss_chart_pick (SsChart *self, const SsChartContext *ctx, double x, double y, SsChartLayer **layer);
double      ss_chart_time_at (SsChart *self, double x, double y);
gboolean    ss_chart_get_y_range (SsChart *self, double *min, double *max);
guint       ss_chart_count_points (SsChart *self);
double      ss_chart_get_data_end (SsChart *self);
guint       ss_chart_get_body_renders (SsChart *self);
void        ss_chart_prepare (SsChart *self);
void        ss_chart_wait_renders (void);
void        ss_chart_set_plot_height (SsChart *self, double height);
double      ss_chart_get_plot_height (SsChart *self);
void        ss_chart_set_collapsed (SsChart *self, gboolean collapsed);
gboolean    ss_chart_get_collapsed (SsChart *self);
void        ss_chart_get_plot_area (SsChart *self, graphene_rect_t *area);
gboolean    ss_chart_get_legend_entry (SsChart *self, SsChartLayer *layer, graphene_rect_t *area);
void        ss_chart_flash (SsChart *self);

G_END_DECLS
