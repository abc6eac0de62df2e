/* ss-plot-stack.h - the stacked charts of a model's columns on a shared
 * time axis (scrolled, with the axis's labels fixed under them), then any
 * characteristic or phase plots (a column against a column); also renders
 * the whole stack for export.  Any column of the run can be put on a
 * chart (ss_plot_stack_set_column_shown, the charts' context menus; the
 * choice is kept per scenario in GSettings "signals").  What the charts
 * call a model's columns and how they colour them is
 * ss-plot-stack-labels.h's. */
#pragma once

#include <gtk/gtk.h>

#include "ss-chart.h"
#include "ss-dataset.h"
#include "ss-line-layer.h"
#include "ss-time-axis.h"

G_BEGIN_DECLS

#define SS_TYPE_PLOT_STACK (ss_plot_stack_get_type ())

G_DECLARE_FINAL_TYPE (SsPlotStack, ss_plot_stack, SS, PLOT_STACK, GtkWidget)

/* A curve the measurement cursors read (ss_plot_stack_list_readings). */
typedef struct
{
  char        *name;  /* as the legend names it, without the unit */
  char        *run;   /* "current run" or the pinned run's name */
  char        *unit;  /* the values' */
  SsLineLayer *layer; /* its values: ss_line_layer_value_at () */
} SsPlotStackReading;

GPtrArray *ss_plot_stack_list_readings (SsPlotStack *self);

GtkWidget  *ss_plot_stack_new (void);
SsTimeAxis *ss_plot_stack_get_time_axis (SsPlotStack *self);
void        ss_plot_stack_set_model (SsPlotStack *self, const ss_model *model);
void        ss_plot_stack_set_datasets (SsPlotStack *self, SsDataset *current, SsDataset *ghost);
/* A pinned run the charts draw beside the current one. */
typedef struct
{
  SsDataset  *dataset; /* NULL while it computes */
  const char *name;    /* its legend entry */
  guint       style;   /* its dash pattern, 0 .. SS_CHART_N_RUN_STYLES - 1 */
} SsPlotStackRun;

void       ss_plot_stack_set_pinned_runs (SsPlotStack *self, const SsPlotStackRun *runs, guint n_runs);
guint      ss_plot_stack_get_n_pinned_runs (SsPlotStack *self);
SsDataset *ss_plot_stack_get_pinned_run (SsPlotStack *self, guint index, const char **name);
void       ss_plot_stack_set_show_ghost (SsPlotStack *self, gboolean show);
void       ss_plot_stack_set_reveal_time (SsPlotStack *self, double t);
double     ss_plot_stack_get_reveal_time (SsPlotStack *self);
gboolean   ss_plot_stack_has_overlays (SsPlotStack *self);
guint      ss_plot_stack_get_n_charts (SsPlotStack *self);
SsChart   *ss_plot_stack_get_chart (SsPlotStack *self, guint index);
/* What an exported figure of the stack shows. */
typedef struct
{
  const char  *title;    /* NULL: no title block */
  const char  *subtitle; /* under the title, wrapped; NULL: none */
  const guint *charts;   /* indices (ss_plot_stack_get_chart), top to bottom; NULL: all not hidden */
  guint        n_charts;
  gboolean     overlays; /* the previous and the pinned runs, each named in the legend */
} SsPlotStackFigure;

void     ss_plot_stack_draw_figure (SsPlotStack             *self,
                                    cairo_t                 *cr,
                                    double                   width,
                                    double                   height,
                                    const SsChartStyle      *style,
                                    const SsPlotStackFigure *figure);
SsChart *ss_plot_stack_get_ruler (SsPlotStack *self);
SsChart *ss_plot_stack_add_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column);
void     ss_plot_stack_remove_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column);

/* Which columns are charted ("columns-changed" after every change) */
const ss_model *ss_plot_stack_get_model (SsPlotStack *self);
gboolean        ss_plot_stack_get_column_shown (SsPlotStack *self, const char *column);
void            ss_plot_stack_set_column_shown (SsPlotStack *self, const char *column, gboolean shown);
void            ss_plot_stack_add_column_to_chart (SsPlotStack *self, const char *column, SsChart *chart);
void            ss_plot_stack_reset_columns (SsPlotStack *self);
SsChart        *ss_plot_stack_get_column_chart (SsPlotStack *self, const char *column);
void            ss_plot_stack_set_markers (SsPlotStack *self, GPtrArray *markers);

/* The user's layout (GSettings "chart-layout", per scenario) and the
 * charts scrolled into view */
void               ss_plot_stack_move_chart (SsPlotStack *self, SsChart *chart, int delta);
SsChart           *ss_plot_stack_get_revealing (SsPlotStack *self);
GtkScrolledWindow *ss_plot_stack_get_scroller (SsPlotStack *self);
GtkWidget         *ss_plot_stack_get_charts_box (SsPlotStack *self);

G_END_DECLS
