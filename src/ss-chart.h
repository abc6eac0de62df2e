/* ss-chart.h - one chart of the stack: layers over the shared time axis,
 * autoscaled value axis, legend with units, hover readout, zoom and pan.
 * ss_chart_draw() is the single drawing path for screen and export. */
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
} SsChartStyle;

void ss_chart_style_init_for_widget (SsChartStyle *style, GtkWidget *widget);
void ss_chart_style_init_for_export (SsChartStyle *style);

#define SS_TYPE_CHART (ss_chart_get_type ())

G_DECLARE_FINAL_TYPE (SsChart, ss_chart, SS, CHART, GtkWidget)

GtkWidget  *ss_chart_new (SsTimeAxis *time_axis);
void        ss_chart_add_layer (SsChart *self, SsChartLayer *layer);
GPtrArray  *ss_chart_get_layers (SsChart *self);
void        ss_chart_set_title (SsChart *self, const char *title);
const char *ss_chart_get_title (SsChart *self);
void        ss_chart_set_show_time_labels (SsChart *self, gboolean show);
void        ss_chart_draw (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style);
gboolean    ss_chart_get_y_range (SsChart *self, double *min, double *max);
guint       ss_chart_count_points (SsChart *self);
guint       ss_chart_get_body_renders (SsChart *self);

G_END_DECLS
