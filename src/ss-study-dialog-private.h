/* ss-study-dialog-private.h - what the study window's files share
 * (ss-study-dialog.c, -editor.c, -definition.c, -run.c, -plot.c,
 * -export.c, -bench.c): the instance struct, a run's state shared with the
 * worker, and the private functions, prefixed _ss_study_dialog_. */
#pragma once

#include "ss-heatmap-layer.h"
#include "ss-study-dialog.h"
#include "ss-time-axis.h"

G_BEGIN_DECLS

typedef struct
{
  int              cancel;         /* g_atomic: non-zero stops the variants */
  GMutex           lock;           /* guards the pending rows, idle_id and done */
  GArray          *pending_rows;   /* variant indices */
  GArray          *pending_values; /* n_outcomes doubles per pending row */
  GPtrArray       *pending_status; /* a status per pending row (NULL: ok) */
  guint            idle_id;        /* the queued idle, 0: none */
  int              done;           /* variants finished so far */
  int              total;          /* variants in the run */
  int              n_outcomes;
  int              jobs;
  ss_study        *study;  /* the run's definition, read by the worker */
  ss_study_result *result; /* written by the worker, read after it finished */
  char            *error;  /* ss_study_run's, when it returned none */
  gint64           start;  /* monotonic, µs */
  gint64           end;
  gboolean         finished;
  SsStudyDialog   *dialog; /* main thread only; NULL once the dialog is gone */
  gsize            bytes;  /* what one variant's run keeps at least (the memory budget) */
} StudyRun;

typedef struct
{
  AdwComboRow   *param_row;
  AdwEntryRow   *from_row;
  AdwEntryRow   *to_row;
  GtkSpinButton *points;
  GtkSwitch     *log;
  GArray        *params; /* the combo's entries: indices of the scenario's real parameters */
} AxisEditor;

typedef struct _OutcomeEditor OutcomeEditor;
typedef struct _Bench         Bench;

struct _SsStudyDialog
{
  AdwWindow parent_instance;

  /* template */
  AdwToastOverlay     *toast_overlay;
  AdwWindowTitle      *window_title;
  GtkMenuButton       *preset_button;
  AdwActionRow        *scenario_row;
  GtkLabel            *description_label;
  AdwPreferencesGroup *axis_group_1;
  AdwPreferencesGroup *axis_group_2;
  GtkSwitch           *grid_switch;
  AdwPreferencesGroup *outcome_group;
  GtkLabel            *error_label;
  GtkButton           *run_button;
  GtkButton           *cancel_button;
  GtkProgressBar      *progress_bar;
  GtkLabel            *progress_label;
  GtkBox              *heatmap_box;
  GtkDropDown         *heatmap_dropdown;
  GtkBox              *chart_box;
  GtkWidget           *placeholder;
  GtkLabel            *info_label;

  const ss_scenario *scenario;
  double            *base;        /* n_params base values */
  ss_run_opts        run_opts;    /* every variant's */
  char              *title;       /* a preset's title, or NULL: made from the study */
  ss_model          *names_model; /* of the base values: the outcomes' names */
  AxisEditor         axes[SS_STUDY_MAX_AXES];
  GPtrArray         *outcomes; /* OutcomeEditor */
  gboolean           filling;  /* the editor is being filled: no suggestions */

  /* what the plot shows */
  StudyRun        *run; /* the latest run (its study and result) */
  SsStudyTable    *table;
  SsChart         *chart;
  SsTimeAxis      *time_axis; /* the chart's; its cursor is a variant index */
  SsHeatmapLayer  *heatmap;
  char            *plot_title; /* for exports */
  GtkNativeDialog *file_dialog;
  Bench           *bench;
};

/* What a part asks of the window goes to the hub (ss-study-dialog.c, and
 * the public ss-study-dialog.h); a part calls no other part.  The hub
 * calls the parts below. */

/* ss-study-dialog.c */
void  _ss_study_dialog_toast (SsStudyDialog *self, const char *message);
void  _ss_study_dialog_update_actions (SsStudyDialog *self);
char *_ss_study_dialog_describe_base (const ss_scenario *sc, const double *base);
void _ss_study_dialog_suggest_range (const ss_param_info *p, double value, double *lo, double *hi, gboolean *log_steps);
void _ss_study_dialog_show_study (SsStudyDialog *self, const ss_study *st, const char *title, const char *description);
ss_study *_ss_study_dialog_build_study (SsStudyDialog *self, char **error);
void      _ss_study_dialog_run_started (SsStudyDialog *self, SsStudyTable *table);
void      _ss_study_dialog_emit_variant_chosen (SsStudyDialog *self, const ss_scenario *sc, const double *values);

/* ss-study-dialog-editor.c */
void           _ss_study_dialog_editor_init (SsStudyDialog *self);
void           _ss_study_dialog_editor_fill (SsStudyDialog *self, const ss_study *st);
gboolean       _ss_study_dialog_editor_read (SsStudyDialog *self, ss_study *st, char **error);
OutcomeEditor *_ss_study_dialog_outcome_add (SsStudyDialog *self, const char *spec);

/* ss-study-dialog-definition.c */
void _ss_study_dialog_presets_init (SsStudyDialog *self);

/* ss-study-dialog-run.c */
void _ss_study_dialog_run_unref (gpointer run);
void _ss_study_dialog_set_progress_text (SsStudyDialog *self, double fraction, const char *bar, const char *label);
/* the bytes the study under way keeps (the memory budget) */
gsize _ss_study_dialog_pending_bytes (SsStudyDialog *self);

/* ss-study-dialog-plot.c */
void _ss_study_dialog_show_table (SsStudyDialog *self, SsStudyTable *table, const ss_scenario *sc);
void _ss_study_dialog_update_info (SsStudyDialog *self);
void _ss_study_dialog_heatmap_outcome_cb (SsStudyDialog *self);

/* ss-study-dialog-export.c */
void _ss_study_dialog_run_file_dialog (SsStudyDialog *self);

/* ss-study-dialog-bench.c */
void _ss_study_dialog_bench_stop (SsStudyDialog *self);

G_END_DECLS
