/* ss-plot-stack.h - the stacked charts of a model's columns on a shared
 * time axis (scrolled, with the axis's labels fixed under them), then any
 * characteristic or phase plots (a column against a column); also renders
 * the whole stack for export.  Readable labels for a model's columns. */
#pragma once

#include <gtk/gtk.h>

#include "ss-chart.h"
#include "ss-dataset.h"
#include "ss-time-axis.h"

G_BEGIN_DECLS

#define SS_TYPE_PLOT_STACK (ss_plot_stack_get_type ())

G_DECLARE_FINAL_TYPE (SsPlotStack, ss_plot_stack, SS, PLOT_STACK, GtkWidget)

GtkWidget  *ss_plot_stack_new (void);
SsTimeAxis *ss_plot_stack_get_time_axis (SsPlotStack *self);
void        ss_plot_stack_set_model (SsPlotStack *self, const ss_model *model);
void        ss_plot_stack_set_datasets (SsPlotStack *self, SsDataset *current, SsDataset *ghost);
void        ss_plot_stack_set_reference (SsPlotStack *self, SsDataset *reference);
SsDataset  *ss_plot_stack_get_reference (SsPlotStack *self);
void        ss_plot_stack_get_run_labels (SsPlotStack *self, const char **ref_label, const char **live_label);
void ss_plot_stack_describe_runs (const ss_model *reference, const ss_model *live, char **ref_label, char **live_label);
void ss_plot_stack_set_show_ghost (SsPlotStack *self, gboolean show);
void ss_plot_stack_set_reveal_time (SsPlotStack *self, double t);
guint    ss_plot_stack_get_n_charts (SsPlotStack *self);
SsChart *ss_plot_stack_get_chart (SsPlotStack *self, guint index);
void     ss_plot_stack_draw (SsPlotStack        *self,
                             cairo_t            *cr,
                             double              width,
                             double              height,
                             const SsChartStyle *style,
                             const char         *title,
                             const char         *subtitle);
SsChart *ss_plot_stack_get_ruler (SsPlotStack *self);
SsChart *ss_plot_stack_add_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column);
void     ss_plot_stack_remove_xy_chart (SsPlotStack *self, const char *x_column, const char *y_column);
void     ss_plot_stack_get_color (guint index, GdkRGBA *color);
void     ss_plot_stack_get_contact_color (const ss_model *model, int contact, GdkRGBA *color);
char    *ss_plot_stack_column_label (const ss_model *model, int column);
char    *ss_plot_stack_contact_label (const ss_model *model, int contact);
void     ss_plot_stack_set_markers (SsPlotStack *self, GPtrArray *markers);

G_END_DECLS
