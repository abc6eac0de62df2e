/* ss-plot-stack-private.h - what the plot stack's hub (ss-plot-stack.c)
 * and its parts (-time.c, -columns.c, -xy.c, -runs.c, -readings.c,
 * -figure.c, -layout.c) share: the instance struct, a pinned run, and the
 * private functions, prefixed _ss_plot_stack_.  A part calls only the
 * hub's (and the labels of ss-plot-stack-labels.h, a module of its own). */
#pragma once

#include "ss-plot-stack-labels.h"
#include "ss-plot-stack.h"
#include "ss-series.h"

G_BEGIN_DECLS

struct _SsPlotStack
{
  GtkWidget   parent_instance;
  SsTimeAxis *time_axis;
  GtkWidget  *box;      /* the scrolled charts over the ruler */
  GtkWidget  *scroller; /* GtkScrolledWindow */
  GtkWidget  *charts_box;
  GtkWidget  *ruler;  /* SsChart: the time axis's labels */
  GPtrArray  *charts; /* SsChart: against time, then column against column */
  GPtrArray  *series; /* SsSeries of the current run */
  GPtrArray  *ghost_series;
  GPtrArray  *ghost_layers;
  GPtrArray  *pin_layers; /* layers of the pinned runs; qdata "ss-pin-slot": slot + 1 */
  GPtrArray  *run_layers; /* the top chart's legend entries naming the runs: current, then each pin */
  GPtrArray  *xy_layers;  /* the current run's SsXyLayer (legend names it) */
  GPtrArray  *xy_pairs;   /* "x\ty" column names of the characteristic plots */
  GMenu      *add_menu;   /* "Add Plot" entries of the charts' context menu */
  GPtrArray  *pins;       /* Pin: the pinned runs drawn, one layer slot each */
  guint       n_slots;    /* pinned-run layers each curve has */
  SsDataset  *current;
  SsDataset  *ghost;     /* the previous run, or NULL */
  char       *signature; /* column names the charts were built for */
  double      reveal;    /* the current run is shown up to this time, s (NaN: all) */
  gboolean    show_ghost;
  ss_model   *model;    /* a copy of the model whose columns are charted */
  GSettings  *settings; /* the application's: "signals" */
  GHashTable *shown;    /* column -> chart key ("": its own kind's) shown by choice */
  GHashTable *hidden;   /* columns of the default charts hidden by choice */

  /* the chart to scroll into view (weak), _ss_plot_stack_reveal () */
  SsChart *reveal_target;
  guint    reveal_tick;
  guint    reveal_frames;
  /* curves the user hid from their legends, kept while the charts are
   * rebuilt: "chart key\tcolumn", "run\tN" (N: 0 current, pins 1..) */
  GHashTable *hidden_curves;
};

/* A pinned run drawn: its data (NULL while it computes), legend name, style. */
typedef struct
{
  SsDataset *dataset;
  char      *name;
  guint      style; /* 0 .. SS_CHART_N_RUN_STYLES - 1 */
} Pin;

/* ss-plot-stack.c, the hub: what the parts ask of it, and the helpers
 * several of them need */
void      _ss_plot_stack_append_chart (SsPlotStack *self, SsChart *chart);
void      _ss_plot_stack_chart_added (SsPlotStack *self, SsChart *chart);
void      _ss_plot_stack_remove_chart (SsPlotStack *self, SsChart *chart);
void      _ss_plot_stack_rebuild (SsPlotStack *self);
void      _ss_plot_stack_columns_changed (SsPlotStack *self);
void      _ss_plot_stack_reveal (SsPlotStack *self, SsChart *chart);
SsSeries *_ss_plot_stack_add_series (GPtrArray *list, const char *column);
GQuark    _ss_plot_stack_pin_slot_quark (void);
Pin      *_ss_plot_stack_slot_pin (SsPlotStack *self, guint slot);

/* ss-plot-stack-time.c */
void _ss_plot_stack_build_time_charts (SsPlotStack *self, const ss_model *m, GPtrArray *column_keys);

/* ss-plot-stack-columns.c */
void     _ss_plot_stack_columns_class_init (GtkWidgetClass *widget_class);
gboolean _ss_plot_stack_is_shown (SsPlotStack *self, const ss_model *m, int column);
char    *_ss_plot_stack_chart_key_of (SsPlotStack *self, const ss_model *m, int column);
void     _ss_plot_stack_load_choices (SsPlotStack *self, const char *scenario);
void     _ss_plot_stack_save_choices (SsPlotStack *self);
void     _ss_plot_stack_set_chart_menu (SsPlotStack *self, SsChart *chart, const ss_model *m, GPtrArray *column_keys);

/* ss-plot-stack-xy.c */
void     _ss_plot_stack_xy_class_init (GtkWidgetClass *widget_class);
void     _ss_plot_stack_fill_add_menu (SsPlotStack *self, const ss_model *m);
SsChart *_ss_plot_stack_build_xy_chart (SsPlotStack *self, const ss_model *m, int x_column, int y_column);

/* ss-plot-stack-layout.c */
void _ss_plot_stack_save_layout (SsPlotStack *self);
void _ss_plot_stack_apply_layout (SsPlotStack *self);
void _ss_plot_stack_apply_chart_layout (SsPlotStack *self, SsChart *chart);
void _ss_plot_stack_connect_chart (SsPlotStack *self, SsChart *chart);
void _ss_plot_stack_apply_hidden_curves (SsPlotStack *self);

/* ss-plot-stack-runs.c */
void _ss_plot_stack_pin_free (gpointer data);
void _ss_plot_stack_add_run_legend (SsPlotStack *self, SsChart *chart);

G_END_DECLS
