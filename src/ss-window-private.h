/* ss-window-private.h - what the window's files share (the hub ss-window.c
 * and its parts ss-window-*.c): the instance struct and the private
 * functions, prefixed _ss_window_ (a part's own entry points, which only
 * the hub calls, in its section); and the hooks that only the tests and the
 * application's scripted runs use. */
#pragma once

#include <stickslip/examples.h>
#include "ss-cursor-readout.h"
#include "ss-event-list.h"
#include "ss-example-panel.h"
#include "ss-history.h"
#include "ss-mechanism-view.h"
#include "ss-metrics-panel.h"
#include "ss-param-panel.h"
#include "ss-plot-stack.h"
#include "ss-run-list.h"
#include "ss-runs-panel.h"
#include "ss-signal-chooser.h"
#include "ss-simulation.h"
#include "ss-window.h"

G_BEGIN_DECLS

struct _SsWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  GtkToggleButton *sidebar_button;
  GtkPaned        *main_paned;
  GtkWidget       *sidebar;
  GtkDropDown     *scenario_dropdown;
  AdwWindowTitle  *window_title;
  GtkLabel        *description_label;
  SsParamPanel    *param_panel;
  GtkButton       *play_button;
  GtkButton       *step_button;
  GtkToggleButton *loop_button;
  GtkScale        *timeline_scale;
  GtkAdjustment   *timeline_adjustment;
  GtkAdjustment   *speed_adjustment;
  GtkLabel        *speed_label;
  GtkInscription  *time_label;
  GtkBox          *run_settings_box;
  SsSignalChooser *signal_chooser;
  GtkLabel        *preview_label;
  GtkMenuButton   *main_menu_button;
  SsMechanismView *mechanism_view;
  SsPlotStack     *plot_stack;
  GtkToggleButton *cursors_button; /* the measurement cursors shown */
  SsCursorReadout *cursor_readout;
  GtkLabel        *status_label;
  GtkInscription  *stats_label;
  GtkProgressBar  *progress_bar;
  guint            n_runs_shown; /* pinned runs of the scenario shown */
  SsRunsPanel     *runs_panel;
  GtkWidget       *runs_progress_box; /* status bar: runs computing, stop */
  GtkProgressBar  *runs_progress;
  GMenu           *compare_menu;   /* Compare All Choices of: the scenario's choice parameters */
  GtkWidget       *failure_dialog; /* weak: the open "Simulation Failed" */

  GSettings         *settings;
  SsSimulation      *simulation;
  const ss_scenario *scenario;
  guint              tick_id;
  guint              ahead_id; /* idle: the changed slider's key steps computed ahead */
  gboolean           show_ghost;
  gboolean           switching;
  GHashTable        *run_lists; /* ss_scenario * -> SsRunList: each scenario's pinned runs */
  SsRunList         *runs;      /* the current scenario's */
  gint64             last_paint;
  GtkNativeDialog   *dialog; /* the open file dialog, one at a time */

  SsHistory   *history;          /* undo and redo of the scenario and its values */
  gboolean     applying_history; /* an undo or redo is being applied: not a step */
  char        *file_path;        /* the scenario file shown, NULL when none */
  gboolean     modified;         /* changed since it was opened or saved */
  gboolean     syncing_timeline; /* the scrubber follows the playhead: no feedback */
  GtkEditable *run_entries[6];   /* t_end, dt_out, rtol, atol, max_steps, max_events */
  GtkLabel    *run_errors[6];    /* each one's reason while its text is invalid */
  GMenu       *recent_menu;      /* the Recent Scenarios submenu */

  /* the side panel and the papers' examples (ss-window-panels.c) */
  GtkToggleButton  *panel_button;
  AdwFlap          *panel_flap;
  AdwViewStack     *panel_stack;
  SsEventList      *event_list;
  SsMetricsPanel   *metrics_panel;
  SsExamplePanel   *example_panel;
  GMenu            *examples_menu;   /* the Paper Examples submenu */
  const ss_example *example;         /* the example shown, NULL: none */
  int               example_setting; /* its setting marked, -1: none */
  GPtrArray        *markers;         /* SsMarker: its published values */
  SsDataset        *panels_dataset;  /* the final run the panels show */
  char             *panels_key;      /* the runs they show (datasets and names) */

  /* room for the charts (ss-window-panels.c) */
  gboolean         params_yielded; /* the parameters hidden to make room for the side panel */
  GtkToggleButton *last_toggled;   /* the parameters' or the side panel's button, the last the user used */
  gboolean         fitting;        /* the window toggles them itself, not the user */
  guint            fit_idle;       /* the check queued */
};

typedef enum
{
  SS_WINDOW_DIALOG_OPEN,
  SS_WINDOW_DIALOG_SAVE,
  SS_WINDOW_DIALOG_EXPORT_PLOT,
  SS_WINDOW_DIALOG_EXPORT_CSV,
} SsWindowDialog;

/* ss-window.c */
void        _ss_window_toast (SsWindow *self, const char *message);
GtkWidget  *_ss_window_error_dialog (SsWindow *self, const char *heading, const char *body);
const char *_ss_window_law_name (SsWindow *self);
void        _ss_window_save_parameters (SsWindow *self);
void        _ss_window_apply_scenario (SsWindow *self, const ss_scenario *sc, const double *values);
void        _ss_window_set_file (SsWindow *self, const char *path);
void        _ss_window_set_modified (SsWindow *self, gboolean modified);
void        _ss_window_undo (SsWindow *self);
void        _ss_window_redo (SsWindow *self);
void        _ss_window_show_marker (SsWindow *self, gboolean shown);
gboolean    _ss_window_marker_shown (SsWindow *self);
void        _ss_window_params_changed (SsWindow *self, gboolean final);
void        _ss_window_save_scenario (SsWindow *self);
void        _ss_window_run_options_changed (SsWindow *self);
void        _ss_window_runs_changed (SsWindow *self);
void        _ss_window_run_dialog (SsWindow *self, SsWindowDialog kind);
/* a failed run: where it stopped */
double _ss_window_failure_time (SsWindow *self);

/* ss-window-run-settings.c */
void _ss_window_run_settings_init (SsWindow *self);
void _ss_window_run_settings_sync (SsWindow *self);
void _ss_window_load_run_options (SsWindow *self, const ss_scenario *sc);
void _ss_window_save_run_options (SsWindow *self);

/* ss-window-runs.c */
void _ss_window_runs_init (SsWindow *self);
void _ss_window_runs_dispose (SsWindow *self);
void _ss_window_runs_set_scenario (SsWindow *self, const ss_scenario *sc);
void _ss_window_runs_sync (SsWindow *self);

/* ss-window-actions.c */
void _ss_window_class_actions_init (SsWindowClass *klass);
void _ss_window_actions_init (SsWindow *self);

/* ss-window-cursors.c */
void _ss_window_cursors_class_init (GtkWidgetClass *widget_class);
void _ss_window_cursors_init (SsWindow *self);
void _ss_window_cursors_update (SsWindow *self);

/* ss-window-panels.c */
void _ss_window_panels_class_init (GtkWidgetClass *widget_class);
void _ss_window_panels_init (SsWindow *self);
void _ss_window_panels_update (SsWindow *self);
void _ss_window_panels_dispose (SsWindow *self);
/* the charts' markers: the example's, a failed run's */
GPtrArray *_ss_window_dup_markers (SsWindow *self);

/* ss-window-files.c */
void _ss_window_files_run_dialog (SsWindow *self, SsWindowDialog kind);
void _ss_window_recent_init (SsWindow *self);

/* For the tests and the scripted runs (ss-window.c, ss-window-files.c,
 * ss-window-scripted.c) */
SsSimulation    *ss_window_get_simulation (SsWindow *self);
SsParamPanel    *ss_window_get_param_panel (SsWindow *self);
SsPlotStack     *ss_window_get_plot_stack (SsWindow *self);
void             ss_window_set_cursors (SsWindow *self, double a, double b);
SsCursorReadout *ss_window_get_cursor_readout (SsWindow *self);
SsMechanismView *ss_window_get_mechanism_view (SsWindow *self);
GtkRange        *ss_window_get_timeline (SsWindow *self);
void             ss_window_apply_state (SsWindow *self, const ss_scenario *sc, const double *values);
char            *ss_window_dup_status_text (SsWindow *self);
SsRunList       *ss_window_get_run_list (SsWindow *self);
SsRunsPanel     *ss_window_get_runs_panel (SsWindow *self);
gsize            ss_window_get_memory_used (SsWindow *self);
char            *ss_window_dup_plot_title (SsWindow *self, char **subtitle);
gboolean         ss_window_export_plot_to (SsWindow *self, const char *path, int width, int height, GError **error);
gboolean         ss_window_export_csv_to (SsWindow *self, const char *path, GError **error);
gboolean         ss_window_capture_png (SsWindow *self, const char *path, GError **error);
gboolean         ss_window_show_example (SsWindow *self, const char *id, int setting);
gboolean         ss_window_export_events_to (SsWindow *self, const char *path, GError **error);
SsEventList     *ss_window_get_event_list (SsWindow *self);
SsMetricsPanel  *ss_window_get_metrics_panel (SsWindow *self);
SsExamplePanel  *ss_window_get_example_panel (SsWindow *self);

G_END_DECLS
