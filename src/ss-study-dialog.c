/* ss-study-dialog.c
 *
 * The editor on the left holds a study's definition: the scenario and its
 * base values (the main window's, or a preset's), one or two axes and the
 * outcomes.  Run builds an ss_study from it (the library checks every
 * value and names what is wrong) and runs it in a worker (GTask) that
 * calls ss_study_run, which spreads the variants over a GThreadPool of one
 * thread per core.
 *
 * Worker -> UI: the library calls on_progress from the pool's threads, one
 * call at a time; it copies the row under the run's mutex and queues at
 * most one idle (below the redraw's priority), which sets the batch into
 * the SsStudyTable the layers draw from.  A run belongs to one generation:
 * rows of a run that was replaced or whose dialog went away are dropped.
 * Cancel sets the library's flag; the variants finished stay, shown and
 * exportable.
 *
 * The chart is an SsChart for characteristics (the same drawing path as
 * every chart and every export) on a time axis of its own, whose "time" is
 * the variant's index: hovering a point names the variant, a click loads it
 * into the main window (ss_window_apply_state: one undo step). */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ss-export.h"
#include "ss-heatmap-layer.h"
#include "ss-model-strings.h"
#include "ss-plot-stack.h"
#include "ss-study-dialog.h"
#include "ss-study-layer.h"
#include "ss-time-axis.h"
#include "ss-units.h"
#include "ss-window-private.h"
#include "study-presets.h"

#define WINDOW_KEY "ss-study-dialog"
#define MAX_POINTS 10000 /* per axis in the editor (the library allows 1e6 variants in all) */

/* ---- a run: shared by the dialog, the worker and the idle -------------- */

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
} StudyRun;

static StudyRun *
study_run_ref (StudyRun *run)
{
  return g_atomic_rc_box_acquire (run);
}

static void
study_run_clear (StudyRun *run)
{
  g_mutex_clear (&run->lock);
  g_array_unref (run->pending_rows);
  g_array_unref (run->pending_values);
  g_ptr_array_unref (run->pending_status);
  ss_study_result_free (run->result);
  ss_study_free (run->study);
  free (run->error);
}

static void
study_run_unref (gpointer run)
{
  g_atomic_rc_box_release_full (run, (GDestroyNotify)study_run_clear);
}

/* ---- the editor ------------------------------------------------------- */

typedef struct
{
  AdwComboRow   *param_row;
  AdwEntryRow   *from_row;
  AdwEntryRow   *to_row;
  GtkSpinButton *points;
  GtkSwitch     *log;
  GArray        *params; /* the combo's entries: indices of the scenario's real parameters */
} AxisEditor;

typedef enum
{
  OUTCOME_METRIC,
  OUTCOME_MAX,
  OUTCOME_MIN,
  OUTCOME_FINAL,
  OUTCOME_AT,
  OUTCOME_AMP,
  N_OUTCOME_KINDS
} OutcomeKind;

static const char *const outcome_prefixes[N_OUTCOME_KINDS] = { "", "max:", "min:", "final:", "at:", "amp:" };

typedef struct
{
  SsStudyDialog *dialog;
  GtkWidget     *row;
  GtkDropDown   *kind;
  GtkDropDown   *target;
  GtkWidget     *time_box;
  GtkEditable   *time;
  GtkWidget     *remove;
  GPtrArray     *names;  /* the target list's metric or column names */
  OutcomeKind    listed; /* the kind the target list was made for */
} OutcomeEditor;

typedef struct _Bench Bench;

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

  SsWindow          *window; /* weak */
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

G_DEFINE_FINAL_TYPE (SsStudyDialog, ss_study_dialog, ADW_TYPE_WINDOW)

static void update_actions (SsStudyDialog *self);

static void
toast (SsStudyDialog *self, const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/* "12 s", "3 min 05 s" */
static char *
format_duration (double seconds)
{
  if (seconds < 10)
    return g_strdup_printf (_("%.1f s"), seconds);
  if (seconds < 60)
    return g_strdup_printf (_("%.0f s"), seconds);
  return g_strdup_printf (_("%d min %02d s"), (int)(seconds / 60), (int)fmod (seconds, 60));
}

/* A parameter's value for people: "0.5 N/m", a choice's label. */
static char *
format_param (const ss_param_info *p, double value)
{
  char buf[64];

  if (p->kind == SS_PARAM_CHOICE)
    return g_strdup (ss_i18n_choice_label (p->choices[(int)value]));
  ss_param_format (p, value, buf, sizeof buf);
  if (p->unit != NULL && p->unit[0] != '\0')
    return g_strdup_printf ("%s %s", buf, p->unit);
  return g_strdup (buf);
}

/* The base values that differ from the defaults: "Friction law = Regularised, …". */
static char *
describe_base (const ss_scenario *sc, const double *base)
{
  g_autofree double *defaults = g_new (double, sc->n_params + 1);
  GString           *s = g_string_new (NULL);

  ss_scenario_defaults (sc, defaults);
  for (int i = 0; i < sc->n_params; i++)
    if (base[i] != defaults[i])
      {
        g_autofree char *value = format_param (&sc->params[i], base[i]);

        if (s->len > 0)
          g_string_append (s, ", ");
        /* Translators: a parameter and its value, e.g. "Spring stiffness k = 125 N/m" */
        g_string_append_printf (s, _("%s = %s"), ss_i18n_model_text (sc->params[i].label), value);
      }
  if (s->len == 0)
    g_string_append (s, _("the default values"));
  return g_string_free (s, FALSE);
}

/* A drop-down whose button ellipsizes the chosen entry (long signal names
 * would widen the sidebar) and whose list shows entries whole. */
static void
setup_label_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void)factory;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (ellipsize != NULL)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void)factory;
  (void)data;
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static GtkDropDown *
make_dropdown (void)
{
  GtkDropDown        *dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  GtkListItemFactory *button = gtk_signal_list_item_factory_new ();
  GtkListItemFactory *list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (1));
  g_signal_connect (button, "bind", G_CALLBACK (bind_label_cb), NULL);
  g_signal_connect (list, "setup", G_CALLBACK (setup_label_cb), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (bind_label_cb), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
  g_object_unref (button);
  g_object_unref (list);
  gtk_widget_set_hexpand (GTK_WIDGET (dropdown), TRUE);
  return dropdown;
}

/* A number as typed: "1e-5", "0.5" or the Polish "0,5". */
static char *
normalise_number (const char *text)
{
  char *s = g_strstrip (g_strdup (text));

  g_strdelimit (s, ",", '.');
  return s;
}

/* ---- axes ------------------------------------------------------------- */

/* Where an axis over @p might start and end around @value: a decade each
 * way (log steps) for a parameter whose slider is logarithmic, else ±50 %;
 * within the valid range. */
static void
suggest_range (const ss_param_info *p, double value, double *lo, double *hi, gboolean *log_steps)
{
  double min = (p->flags & SS_PARAM_MIN_EXCLUSIVE) ? (p->max > 0 && p->min == 0 ? 0 : p->min) : p->min;

  *log_steps = (p->flags & SS_PARAM_LOG) && value > 0;
  if (*log_steps)
    {
      *lo = value / 10;
      *hi = value * 10;
    }
  else if (value != 0)
    {
      *lo = value - 0.5 * fabs (value);
      *hi = value + 0.5 * fabs (value);
    }
  else
    {
      *lo = 0;
      *hi = p->max < 1e3 ? p->max : 1;
    }
  if (*lo <= min && (p->flags & SS_PARAM_MIN_EXCLUSIVE))
    *lo = *log_steps ? value / 2 : (value > 0 ? value / 2 : p->min + 1e-3 * (p->max - p->min));
  *lo = CLAMP (*lo, p->min, p->max);
  *hi = CLAMP (*hi, p->min, p->max);
  if (p->flags & SS_PARAM_INTEGER)
    {
      *lo = ceil (*lo);
      *hi = floor (*hi);
      *log_steps = FALSE;
    }
}

static void
set_number_text (GtkEditable *editable, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  ss_format_double (value, buf, sizeof buf);
  gtk_editable_set_text (editable, buf);
}

static int
axis_selected_param (AxisEditor *axis)
{
  guint i = adw_combo_row_get_selected (axis->param_row);

  return i < axis->params->len ? g_array_index (axis->params, int, i) : -1;
}

static void
axis_suggest (SsStudyDialog *self, AxisEditor *axis)
{
  int                  param = axis_selected_param (axis);
  const ss_param_info *p;
  double               lo, hi;
  gboolean             log_steps;

  if (param < 0)
    return;
  p = &self->scenario->params[param];
  suggest_range (p, self->base[param], &lo, &hi, &log_steps);
  set_number_text (GTK_EDITABLE (axis->from_row), lo);
  set_number_text (GTK_EDITABLE (axis->to_row), hi);
  gtk_switch_set_active (axis->log, log_steps);
  if ((p->flags & SS_PARAM_INTEGER) && hi > lo)
    gtk_spin_button_set_value (axis->points, MIN (hi - lo + 1, 21));
}

static void
axis_param_changed_cb (AdwComboRow *row, GParamSpec *pspec, SsStudyDialog *self)
{
  (void)pspec;
  if (self->filling)
    return;
  for (int i = 0; i < SS_STUDY_MAX_AXES; i++)
    if (self->axes[i].param_row == row)
      axis_suggest (self, &self->axes[i]);
}

/* The real parameters of the scenario in the axis's list. */
static void
axis_fill_params (SsStudyDialog *self, AxisEditor *axis, int select)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint chosen = 0;

  g_array_set_size (axis->params, 0);
  for (int i = 0; i < self->scenario->n_params; i++)
    {
      const ss_param_info *p = &self->scenario->params[i];
      g_autofree char     *label = NULL;

      if (p->kind != SS_PARAM_REAL)
        continue;
      if (i == select)
        chosen = axis->params->len;
      label = p->unit[0] != '\0' ? g_strdup_printf ("%s (%s)", ss_i18n_model_text (p->label), p->unit)
                                 : g_strdup (ss_i18n_model_text (p->label));
      gtk_string_list_append (labels, label);
      g_array_append_val (axis->params, i);
    }
  adw_combo_row_set_model (axis->param_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (axis->param_row, chosen);
}

static void
axis_set (SsStudyDialog *self, AxisEditor *axis, const ss_study_axis *a)
{
  axis_fill_params (self, axis, a->param);
  set_number_text (GTK_EDITABLE (axis->from_row), a->lo);
  set_number_text (GTK_EDITABLE (axis->to_row), a->hi);
  gtk_spin_button_set_value (axis->points, a->n);
  gtk_switch_set_active (axis->log, a->scale == SS_STUDY_LOG);
}

/* The axis as typed; FALSE and *error naming the field. */
static gboolean
axis_read (SsStudyDialog *self, AxisEditor *axis, ss_study_axis *a, char **error)
{
  const ss_param_info *p;
  AdwEntryRow         *rows[2] = { axis->from_row, axis->to_row };
  double              *ends[2] = { &a->lo, &a->hi };

  a->param = axis_selected_param (axis);
  if (a->param < 0)
    {
      *error = g_strdup (_("Choose a parameter to vary"));
      return FALSE;
    }
  p = &self->scenario->params[a->param];
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *text = normalise_number (gtk_editable_get_text (GTK_EDITABLE (rows[i])));
      char            *msg = NULL;

      if (!ss_param_parse (p, text, ends[i], &msg))
        {
          /* Translators: a field of the study ("From", "To") and the model's message */
          *error = g_strdup_printf (_("%s: %s"), adw_preferences_row_get_title (ADW_PREFERENCES_ROW (rows[i])), msg);
          free (msg);
          return FALSE;
        }
    }
  a->n = gtk_spin_button_get_value_as_int (axis->points);
  a->scale = gtk_switch_get_active (axis->log) ? SS_STUDY_LOG : SS_STUDY_LINEAR;
  return TRUE;
}

static void
axis_build (SsStudyDialog *self, AxisEditor *axis, AdwPreferencesGroup *group)
{
  GtkWidget *row;

  axis->params = g_array_new (FALSE, FALSE, sizeof (int));
  axis->param_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (axis->param_row), _("Parameter"));
  g_signal_connect (axis->param_row, "notify::selected", G_CALLBACK (axis_param_changed_cb), self);
  adw_preferences_group_add (group, GTK_WIDGET (axis->param_row));

  axis->from_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (axis->from_row), _("From"));
  adw_preferences_group_add (group, GTK_WIDGET (axis->from_row));
  axis->to_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (axis->to_row), _("To"));
  adw_preferences_group_add (group, GTK_WIDGET (axis->to_row));

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Points"));
  axis->points = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, MAX_POINTS, 1));
  gtk_widget_set_valign (GTK_WIDGET (axis->points), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (axis->points));
  adw_preferences_group_add (group, row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Logarithmic steps"));
  axis->log = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (axis->log), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (axis->log));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (axis->log));
  adw_preferences_group_add (group, row);
}

/* ---- outcomes --------------------------------------------------------- */

static gboolean
kind_lists_metrics (OutcomeKind kind)
{
  return kind == OUTCOME_METRIC;
}

/* The names a kind of outcome chooses from (metrics or columns) with
 * their labels. */
static void
outcome_fill_targets (OutcomeEditor *ed, const char *select)
{
  SsStudyDialog  *self = ed->dialog;
  OutcomeKind     kind = gtk_drop_down_get_selected (ed->kind);
  const ss_model *m = self->names_model;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint chosen = 0;

  g_ptr_array_set_size (ed->names, 0);
  for (int i = 0; m != NULL && (kind_lists_metrics (kind) ? i < ss_metrics_count (m) : i < ss_model_n_columns (m)); i++)
    {
      g_autofree char *label = NULL;
      const char      *unit;
      char            *name;

      if (kind_lists_metrics (kind))
        {
          ss_metric_desc desc;

          ss_metrics_describe (m, i, &desc);
          name = g_strdup (desc.name);
          label = ss_study_outcome_label (m, desc.name);
          unit = desc.kind == SS_METRIC_AMPLITUDE && desc.unit == NULL ? NULL : desc.unit;
        }
      else
        {
          const ss_column *col = ss_model_column (m, i);

          name = g_strdup (col->name);
          label = ss_plot_stack_column_label (m, i);
          unit = col->unit;
        }
      if (select != NULL && g_str_equal (select, name))
        chosen = ed->names->len;
      g_ptr_array_add (ed->names, name);
      if (unit != NULL && unit[0] != '\0' && !g_str_equal (unit, "1"))
        {
          g_autofree char *with_unit = g_strdup_printf ("%s (%s)", label, unit);

          gtk_string_list_append (labels, with_unit);
        }
      else
        gtk_string_list_append (labels, label);
    }
  gtk_drop_down_set_model (ed->target, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (ed->target, chosen);
  ed->listed = kind;
}

static void
outcome_kind_changed_cb (GtkDropDown *dropdown, GParamSpec *pspec, OutcomeEditor *ed)
{
  OutcomeKind      kind = gtk_drop_down_get_selected (dropdown);
  guint            i = gtk_drop_down_get_selected (ed->target);
  g_autofree char *keep = NULL;

  (void)pspec;
  gtk_widget_set_visible (ed->time_box, kind == OUTCOME_AT);
  if (kind_lists_metrics (kind) == kind_lists_metrics (ed->listed))
    return;
  keep = i < ed->names->len ? g_strdup (g_ptr_array_index (ed->names, i)) : NULL;
  outcome_fill_targets (ed, keep);
}

/* The outcome as the library writes it: "period", "max:spring.F",
 * "at:2.5:v"; NULL and *error for a bad time. */
static char *
outcome_read (OutcomeEditor *ed, char **error)
{
  OutcomeKind kind = gtk_drop_down_get_selected (ed->kind);
  guint       i = gtk_drop_down_get_selected (ed->target);
  const char *name;

  if (i >= ed->names->len)
    {
      *error = g_strdup (_("Outcomes: choose what each variant gives"));
      return NULL;
    }
  name = g_ptr_array_index (ed->names, i);
  if (kind == OUTCOME_AT)
    {
      g_autofree char *text = normalise_number (gtk_editable_get_text (ed->time));
      char            *end = NULL;
      double           t = g_ascii_strtod (text, &end);
      char             buf[G_ASCII_DTOSTR_BUF_SIZE];

      if (text[0] == '\0' || *end != '\0' || !isfinite (t) || t < 0)
        {
          *error = g_strdup_printf (_("Outcomes: the time “%s” is not a number of seconds ≥ 0"), text);
          return NULL;
        }
      ss_format_double (t, buf, sizeof buf);
      return g_strdup_printf ("at:%s:%s", buf, name);
    }
  return g_strconcat (outcome_prefixes[kind], name, NULL);
}

static void
outcome_editor_free (OutcomeEditor *ed)
{
  g_ptr_array_unref (ed->names);
  g_free (ed);
}

static void
update_remove_buttons (SsStudyDialog *self)
{
  for (guint i = 0; i < self->outcomes->len; i++)
    gtk_widget_set_sensitive (((OutcomeEditor *)g_ptr_array_index (self->outcomes, i))->remove,
                              self->outcomes->len > 1);
}

static void
outcome_remove_cb (GtkButton *button, OutcomeEditor *ed)
{
  SsStudyDialog *self = ed->dialog;

  (void)button;
  if (self->outcomes->len <= 1)
    return;
  adw_preferences_group_remove (self->outcome_group, ed->row);
  g_ptr_array_remove (self->outcomes, ed); /* frees ed */
  update_remove_buttons (self);
}

/* A row: what is taken (a metric, a signal's maximum, …), of what, and the
 * time for a value at a time. */
static OutcomeEditor *
outcome_add (SsStudyDialog *self, const char *spec)
{
  static const char
      *kinds[] = {
        N_("Run metric"),          N_("Maximum of a signal"),
                                        N_("Minimum of a signal"), N_("Final value of a signal"),
                                                                        N_("Signal at a time"),    N_("Amplitude of a signal") };
  OutcomeEditor *ed = g_new0 (OutcomeEditor, 1);
  g_autoptr(GtkStringList) kind_list = gtk_string_list_new (NULL);
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget       *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget       *unit;
  OutcomeKind      kind = OUTCOME_METRIC;
  const char      *name = spec;
  g_autofree char *time = NULL;

  G_STATIC_ASSERT (G_N_ELEMENTS (kinds) == N_OUTCOME_KINDS);
  ed->dialog = self;
  ed->names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    gtk_string_list_append (kind_list, _(kinds[i]));
  for (int k = OUTCOME_MAX; spec != NULL && k < N_OUTCOME_KINDS; k++)
    if (g_str_has_prefix (spec, outcome_prefixes[k]))
      {
        kind = k;
        name = spec + strlen (outcome_prefixes[k]);
      }
  if (kind == OUTCOME_AT)
    {
      const char *colon = strchr (name, ':');

      time = colon != NULL ? g_strndup (name, colon - name) : g_strdup ("0");
      name = colon != NULL ? colon + 1 : name;
    }

  ed->kind = make_dropdown ();
  gtk_drop_down_set_model (ed->kind, G_LIST_MODEL (kind_list));
  gtk_drop_down_set_selected (ed->kind, kind);
  ed->listed = kind;
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (ed->kind));
  ed->remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  gtk_widget_add_css_class (ed->remove, "flat");
  gtk_widget_set_tooltip_text (ed->remove, _("Remove this outcome"));
  g_signal_connect (ed->remove, "clicked", G_CALLBACK (outcome_remove_cb), ed);
  gtk_box_append (GTK_BOX (line), ed->remove);
  gtk_box_append (GTK_BOX (box), line);

  line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  ed->target = make_dropdown ();
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (ed->target));
  ed->time_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  ed->time = GTK_EDITABLE (gtk_entry_new ());
  gtk_editable_set_width_chars (ed->time, 6);
  gtk_editable_set_text (ed->time, time != NULL ? time : "1");
  gtk_widget_set_tooltip_text (GTK_WIDGET (ed->time), _("Time of the value, s"));
  gtk_box_append (GTK_BOX (ed->time_box), GTK_WIDGET (ed->time));
  unit = gtk_label_new ("s");
  gtk_box_append (GTK_BOX (ed->time_box), unit);
  gtk_widget_set_visible (ed->time_box, kind == OUTCOME_AT);
  gtk_box_append (GTK_BOX (line), ed->time_box);
  gtk_box_append (GTK_BOX (box), line);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  ed->row = adw_preferences_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (ed->row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (ed->row), box);
  adw_preferences_group_add (self->outcome_group, ed->row);

  outcome_fill_targets (ed, name);
  g_signal_connect (ed->kind, "notify::selected", G_CALLBACK (outcome_kind_changed_cb), ed);
  g_ptr_array_add (self->outcomes, ed);
  update_remove_buttons (self);
  return ed;
}

static void
outcomes_clear (SsStudyDialog *self)
{
  while (self->outcomes->len > 0)
    {
      OutcomeEditor *ed = g_ptr_array_index (self->outcomes, self->outcomes->len - 1);

      adw_preferences_group_remove (self->outcome_group, ed->row);
      g_ptr_array_remove_index (self->outcomes, self->outcomes->len - 1);
    }
}

/* ---- the definition ---------------------------------------------------- */

/* A model of the base values (the outcomes' names); NULL when they build
 * none (Run then says why). */
static void
update_names_model (SsStudyDialog *self)
{
  g_autofree double *values = g_memdup2 (self->base, sizeof (double) * (self->scenario->n_params + 1));

  g_clear_pointer (&self->names_model, ss_model_free);
  self->names_model = self->scenario->create (self->scenario, values, NULL);
  if (self->names_model == NULL)
    {
      ss_scenario_defaults (self->scenario, values);
      self->names_model = self->scenario->create (self->scenario, values, NULL);
    }
}

static void
show_scenario (SsStudyDialog *self, const char *description)
{
  g_autofree char *base = describe_base (self->scenario, self->base);
  g_autofree char *subtitle = g_strdup_printf (_("Base: %s"), base);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->scenario_row), ss_i18n_model_text (self->scenario->title));
  adw_action_row_set_subtitle (self->scenario_row, subtitle);
  gtk_label_set_text (self->description_label, description != NULL ? ss_i18n_model_text (description) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), description != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

/* The editor shows @st (its scenario, base values, axes, outcomes). */
static void
fill_from_study (SsStudyDialog *self, const ss_study *st, const char *title, const char *description)
{
  const ss_scenario *sc = ss_study_scenario (st);

  self->filling = TRUE;
  self->scenario = sc;
  g_free (self->base);
  self->base = g_memdup2 (ss_study_base_values (st), sizeof (double) * (sc->n_params + 1));
  self->run_opts = *ss_study_run_opts (st);
  g_free (self->title);
  self->title = g_strdup (title);
  update_names_model (self);
  show_scenario (self, description);
  for (int i = 0; i < SS_STUDY_MAX_AXES; i++)
    {
      const ss_study_axis *a = ss_study_axis_get (st, i < ss_study_n_axes (st) ? i : 0);
      ss_study_axis        other = *a;

      if (i >= ss_study_n_axes (st))
        {
          /* an unused second axis: the next parameter, ready to switch on */
          other.param = -1;
          for (int p = a->param + 1; p < sc->n_params && other.param < 0; p++)
            if (sc->params[p].kind == SS_PARAM_REAL)
              other.param = p;
          if (other.param < 0)
            other.param = a->param;
          axis_fill_params (self, &self->axes[i], other.param);
          self->filling = FALSE;
          axis_suggest (self, &self->axes[i]);
          self->filling = TRUE;
          gtk_spin_button_set_value (self->axes[i].points, 11);
          continue;
        }
      axis_set (self, &self->axes[i], a);
    }
  gtk_switch_set_active (self->grid_switch, ss_study_n_axes (st) > 1);
  outcomes_clear (self);
  for (int i = 0; i < ss_study_n_outcomes (st); i++)
    outcome_add (self, ss_study_outcome_spec (st, i));
  self->filling = FALSE;
}

/* The window's scenario, values and run options as the base; an axis and
 * an outcome to start from. */
void
ss_study_dialog_take_window_values (SsStudyDialog *self)
{
  const ss_scenario *sc;
  const double      *values;
  ss_study          *st;
  ss_model          *m;
  ss_study_axis      axis = { .param = -1, .n = 21 };
  gboolean           log_steps = FALSE;
  char               buf[G_ASCII_DTOSTR_BUF_SIZE + 256];

  g_return_if_fail (SS_IS_STUDY_DIALOG (self));
  if (self->window == NULL)
    return;
  sc = ss_window_get_scenario (self->window);
  values = ss_param_panel_get_values (ss_window_get_param_panel (self->window));
  st = ss_study_new (sc);
  for (int i = 0; i < sc->n_params && values != NULL; i++)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE];

      ss_param_format (&sc->params[i], values[i], value, sizeof value);
      g_snprintf (buf, sizeof buf, "%s=%s", sc->params[i].name, value);
      ss_study_set (st, buf, NULL);
    }
  ss_study_set_run_opts (st, ss_simulation_get_run_options (ss_window_get_simulation (self->window)));
  /* the first parameter with a log slider (a stiffness, a mass), else the
   * first real one */
  for (int i = 0; i < sc->n_params && axis.param < 0; i++)
    if (sc->params[i].kind == SS_PARAM_REAL && (sc->params[i].flags & SS_PARAM_LOG))
      axis.param = i;
  for (int i = 0; i < sc->n_params && axis.param < 0; i++)
    if (sc->params[i].kind == SS_PARAM_REAL)
      axis.param = i;
  suggest_range (&sc->params[axis.param], ss_study_base_values (st)[axis.param], &axis.lo, &axis.hi, &log_steps);
  axis.scale = log_steps ? SS_STUDY_LOG : SS_STUDY_LINEAR;
  if (!ss_study_add_axis (st, &axis, NULL))
    {
      axis.lo = axis.hi = ss_study_base_values (st)[axis.param];
      axis.n = 1;
      ss_study_add_axis (st, &axis, NULL);
    }
  /* the first contact's first slip, else the period */
  m = sc->create (sc, ss_study_base_values (st), NULL);
  if (m != NULL && ss_model_n_contacts (m) > 0)
    {
      g_snprintf (buf, sizeof buf, "%s.first_slip", ss_model_contact_name (m, 0));
      ss_study_add_outcome (st, buf, NULL);
    }
  else
    ss_study_add_outcome (st, "period", NULL);
  ss_model_free (m);
  fill_from_study (self, st, NULL, NULL);
  ss_study_free (st);
}

/* The shipped study @name (study-presets.h) in the editor. */
gboolean
ss_study_dialog_load_preset (SsStudyDialog *self, const char *name)
{
  const ss_study_preset *p = ss_study_preset_find (name);
  char                  *err = NULL;
  ss_study              *st;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  st = ss_study_preset_build (p, &err);
  if (st == NULL)
    {
      g_warning ("%s", err);
      free (err);
      return FALSE;
    }
  fill_from_study (self, st, p->title, p->description);
  ss_study_free (st);
  return TRUE;
}

/* A study given as the CLI's sweep takes it, in the editor (tests and
 * scripts). */
gboolean
ss_study_dialog_set_definition (SsStudyDialog     *self,
                                const char        *scenario,
                                const char *const *sets,
                                const char *const *axes,
                                const char *const *outcomes,
                                GError           **error)
{
  ss_study *st = ss_study_new (ss_scenario_find (scenario));
  char     *err = NULL;
  gboolean  ok = st != NULL;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  for (int i = 0; ok && sets != NULL && sets[i] != NULL; i++)
    ok = ss_study_set (st, sets[i], &err);
  for (int i = 0; ok && axes[i] != NULL; i++)
    ok = ss_study_add_axis_text (st, axes[i], &err);
  for (int i = 0; ok && outcomes[i] != NULL; i++)
    ok = ss_study_add_outcome (st, outcomes[i], &err);
  if (ok && ss_study_n_axes (st) == 0)
    {
      ok = FALSE;
      err = strdup ("no parameter to vary");
    }
  if (!ok)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", err ? err : scenario);
      free (err);
      ss_study_free (st);
      return FALSE;
    }
  fill_from_study (self, st, NULL, NULL);
  ss_study_free (st);
  return TRUE;
}

/* The study the editor describes, validated; NULL and *error naming the
 * field and the valid values. */
static ss_study *
build_study (SsStudyDialog *self, char **error)
{
  ss_study *st = ss_study_new (self->scenario);
  int       n_axes = gtk_switch_get_active (self->grid_switch) ? 2 : 1;
  char     *err = NULL;

  for (int i = 0; i < self->scenario->n_params; i++)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE], assignment[G_ASCII_DTOSTR_BUF_SIZE + 256];

      ss_param_format (&self->scenario->params[i], self->base[i], value, sizeof value);
      g_snprintf (assignment, sizeof assignment, "%s=%s", self->scenario->params[i].name, value);
      if (!ss_study_set (st, assignment, &err))
        goto fail;
    }
  ss_study_set_run_opts (st, &self->run_opts);
  for (int i = 0; i < n_axes; i++)
    {
      ss_study_axis a;

      if (!axis_read (self, &self->axes[i], &a, &err))
        goto fail_editor;
      if (!ss_study_add_axis (st, &a, &err))
        goto fail;
    }
  for (guint i = 0; i < self->outcomes->len; i++)
    {
      g_autofree char *spec = outcome_read (g_ptr_array_index (self->outcomes, i), &err);

      if (spec == NULL)
        goto fail_editor;
      if (!ss_study_add_outcome (st, spec, &err))
        goto fail;
    }
  if (!ss_study_validate (st, &err))
    goto fail;
  return st;

fail_editor: /* our message (g_malloc) */
  *error = err;
  ss_study_free (st);
  return NULL;
fail: /* the library's (malloc) */
  *error = g_strdup (err);
  free (err);
  ss_study_free (st);
  return NULL;
}

/* ---- the plot ---------------------------------------------------------- */

static char *
axis_title (SsStudyTable *table, int axis)
{
  const char *unit = ss_study_table_get_axis_unit (table, axis);

  if (unit == NULL || unit[0] == '\0')
    return g_strdup (ss_study_table_get_axis_label (table, axis));
  return g_strdup_printf ("%s (%s)", ss_study_table_get_axis_label (table, axis), unit);
}

/* Outcomes of one unit share the value axis; of several units each is
 * drawn on a 0-to-1 scale of its own range (the legend and the readout
 * give the real values): two value axes would pair curves with axes by
 * colour alone, and a third unit would need a third axis. */
static gboolean
units_differ (SsStudyTable *table)
{
  for (int i = 1; i < ss_study_table_get_n_outcomes (table); i++)
    if (g_strcmp0 (ss_study_table_get_outcome_unit (table, i), ss_study_table_get_outcome_unit (table, 0)) != 0)
      return TRUE;
  return FALSE;
}

/* What the outcomes' labels say after their last ": " when that is the
 * same for all ("First slip" of "slider1: First slip", "slider2: First
 * slip"), else NULL. */
static const char *
common_quantity (SsStudyTable *table)
{
  const char *common = NULL;

  for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
    {
      const char *label = ss_study_table_get_outcome_label (table, i);
      const char *colon = g_strrstr (label, ": ");
      const char *quantity = colon != NULL ? colon + 2 : label;

      if (common != NULL && !g_str_equal (common, quantity))
        return NULL;
      common = quantity;
    }
  return common;
}

static char *
value_axis_title (SsStudyTable *table)
{
  const char *unit = ss_study_table_get_outcome_unit (table, 0);
  const char *quantity = common_quantity (table);

  if (units_differ (table))
    return g_strdup (_("Normalised: 0 = each outcome’s smallest value, 1 = its largest"));
  if (ss_study_table_get_n_outcomes (table) == 1)
    return unit[0] != '\0' ? g_strdup_printf ("%s (%s)", ss_study_table_get_outcome_label (table, 0), unit)
                           : g_strdup (ss_study_table_get_outcome_label (table, 0));
  if (quantity != NULL)
    return unit[0] != '\0' ? g_strdup_printf ("%s (%s)", quantity, unit) : g_strdup (quantity);
  return unit[0] != '\0' ? g_strdup_printf (_("Outcomes (%s)"), unit) : g_strdup (_("Outcomes"));
}

/* "Two sliders: First slip over γ1": the preset's title, or one made of
 * the scenario, the outcomes and the axes. */
static char *
make_plot_title (SsStudyDialog *self, SsStudyTable *table, const ss_scenario *sc)
{
  g_autoptr(GString) outcomes = g_string_new (NULL);
  g_autoptr(GString) axes = g_string_new (NULL);

  if (self->title != NULL)
    return g_strdup (ss_i18n_model_text (self->title));
  for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
    g_string_append_printf (outcomes, "%s%s", i > 0 ? ", " : "", ss_study_table_get_outcome_label (table, i));
  for (int i = 0; i < ss_study_table_get_n_axes (table); i++)
    /* Translators: between the varied parameters of a study's title */
    g_string_append_printf (axes, "%s%s", i > 0 ? _(" and ") : "", ss_study_table_get_axis_label (table, i));
  /* Translators: a study's title: scenario, outcomes, varied parameters */
  return g_strdup_printf (_("%1$s: %2$s over %3$s"), ss_i18n_model_text (sc->title), outcomes->str, axes->str);
}

static void
update_info (SsStudyDialog *self)
{
  double           cursor = self->time_axis != NULL ? ss_time_axis_get_cursor (self->time_axis) : NAN;
  int              variant = isfinite (cursor) ? (int)lround (cursor) : -1;
  g_autofree char *point = NULL;
  GString         *text;

  if (self->table == NULL || variant < 0 || variant >= ss_study_table_get_n_variants (self->table))
    {
      gtk_label_set_text (self->info_label,
                          self->table != NULL ? _("Point at a variant to read it, click it to load it into the "
                                                    "main window. Scroll to zoom, drag to pan, double-click to show "
                                                    "everything.")
                                              : _("Choose the parameters and the outcomes, then run the study."));
      return;
    }
  point = ss_study_table_format_point (self->table, variant);
  text = g_string_new (point);
  g_string_append (text, ": ");
  switch (ss_study_table_get_state (self->table, variant))
    {
    case SS_STUDY_ROW_FAILED:
      /* Translators: a study's variant that failed, and why */
      g_string_append_printf (text, _("failed: %s"), ss_study_table_get_status (self->table, variant));
      break;
    case SS_STUDY_ROW_DONE:
      for (int i = 0; i < ss_study_table_get_n_outcomes (self->table); i++)
        {
          g_autofree char *value =
              ss_study_table_format_value (self->table, i, ss_study_table_get_value (self->table, variant, i));

          g_string_append_printf (text, "%s%s = %s", i > 0 ? "; " : "",
                                  ss_study_table_get_outcome_label (self->table, i), value);
        }
      break;
    case SS_STUDY_ROW_CANCELLED:
      g_string_append (text, _("cancelled"));
      break;
    case SS_STUDY_ROW_PENDING:
    default:
      g_string_append (text, _("not run yet"));
      break;
    }
  gtk_label_set_text (self->info_label, text->str);
  g_string_free (text, TRUE);
}

static void
chart_clicked_cb (SsStudyDialog *self, double t, SsChart *chart)
{
  (void)chart;
  if (isfinite (t))
    ss_study_dialog_load_variant (self, (int)lround (t));
}

static void
heatmap_outcome_cb (SsStudyDialog *self)
{
  guint i = gtk_drop_down_get_selected (self->heatmap_dropdown);

  if (self->heatmap != NULL && self->table != NULL && i < (guint)ss_study_table_get_n_outcomes (self->table))
    ss_heatmap_layer_set_outcome (self->heatmap, i);
}

/* A new chart for @table: a curve per outcome, or a heat map. */
static void
show_table (SsStudyDialog *self, SsStudyTable *table, const ss_scenario *sc)
{
  GtkWidget       *old = GTK_WIDGET (self->chart);
  g_autofree char *x_title = axis_title (table, 0);
  SsAxis          *x_axis;

  if (old != NULL)
    gtk_box_remove (self->chart_box, old);
  gtk_widget_set_visible (self->placeholder, FALSE);
  if (self->time_axis != NULL)
    g_signal_handlers_disconnect_by_data (self->time_axis, self);
  g_clear_object (&self->time_axis);
  g_set_object (&self->table, table);
  self->heatmap = NULL;

  self->time_axis = ss_time_axis_new ();
  self->chart = SS_CHART (ss_chart_new_xy (self->time_axis));
  /* the line under the chart says what a click does */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->chart), NULL);
  x_axis = ss_chart_get_x_axis (self->chart);
  ss_axis_set_title (x_axis, x_title);
  ss_axis_set_scale (x_axis, ss_study_table_get_axis_scale (table, 0));
  if (ss_study_table_get_n_axes (table) == 1)
    {
      g_autofree char *y_title = value_axis_title (table);
      gboolean         normalise = units_differ (table);

      ss_chart_set_title (self->chart, y_title);
      for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
        {
          g_autoptr(SsChartLayer) layer = ss_study_layer_new (table, SS_STUDY_LAYER_OUTCOME, i);
          GdkRGBA color;

          ss_plot_stack_get_color (i, &color);
          ss_chart_layer_set_color (layer, &color);
          ss_study_layer_set_normalised (SS_STUDY_LAYER (layer), normalise);
          ss_chart_add_layer (self->chart, layer);
        }
      for (int k = SS_STUDY_LAYER_FAILED; k <= SS_STUDY_LAYER_NO_VALUE; k++)
        {
          g_autoptr(SsChartLayer) layer = ss_study_layer_new (table, k, 0);

          ss_chart_add_layer (self->chart, layer);
        }
      gtk_widget_set_visible (GTK_WIDGET (self->heatmap_box), FALSE);
    }
  else
    {
      g_autofree char *y_title = axis_title (table, 1);
      g_autoptr(SsChartLayer) layer = ss_heatmap_layer_new (table, 0);
      g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

      ss_chart_set_title (self->chart, y_title);
      ss_chart_set_tight (self->chart, TRUE);
      ss_chart_set_log_scale (self->chart, ss_study_table_get_axis_scale (table, 1) == SS_AXIS_SCALE_LOG);
      ss_chart_add_layer (self->chart, layer);
      self->heatmap = SS_HEATMAP_LAYER (layer);
      for (int i = 0; i < ss_study_table_get_n_outcomes (table); i++)
        gtk_string_list_append (labels, ss_study_table_get_outcome_label (table, i));
      gtk_drop_down_set_model (self->heatmap_dropdown, G_LIST_MODEL (labels));
      gtk_drop_down_set_selected (self->heatmap_dropdown, 0);
      gtk_widget_set_visible (GTK_WIDGET (self->heatmap_box), ss_study_table_get_n_outcomes (table) > 1);
    }
  g_signal_connect_swapped (self->chart, "time-clicked", G_CALLBACK (chart_clicked_cb), self);
  g_signal_connect_swapped (self->time_axis, "cursor-changed", G_CALLBACK (update_info), self);
  gtk_box_append (self->chart_box, GTK_WIDGET (self->chart));
  g_free (self->plot_title);
  self->plot_title = make_plot_title (self, table, sc);
  adw_window_title_set_subtitle (self->window_title, self->plot_title);
  update_info (self);
}

/* ---- running ----------------------------------------------------------- */

static void
set_progress_text (SsStudyDialog *self, double fraction, const char *bar, const char *label)
{
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  gtk_progress_bar_set_text (self->progress_bar, bar);
  gtk_label_set_text (self->progress_label, label);
}

/* "12 of 26 variants, 2 failed · about 3 s left" */
static void
update_progress (SsStudyDialog *self, StudyRun *run, int done)
{
  double           elapsed = (g_get_monotonic_time () - run->start) / 1e6;
  int              failed = self->table != NULL ? ss_study_table_count (self->table, SS_STUDY_ROW_FAILED) : 0;
  g_autofree char *bar = g_strdup_printf (_("%d of %d variants"), done, run->total);
  g_autofree char *label = NULL;

  if (done == 0)
    label = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "Running on %d thread…", "Running on %d threads…", run->jobs), run->jobs);
  else
    {
      /* the mean variant's time over the threads, times the variants left */
      g_autofree char *left = format_duration (elapsed / done * (run->total - done));
      g_autofree char *failures =
          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d failed", "%d failed", failed), failed);

      /* Translators: progress of a study: failures · time left */
      label = g_strdup_printf (_("%s · about %s left"), failures, left);
    }
  set_progress_text (self, run->total > 0 ? (double)done / run->total : 1.0, bar, label);
}

/* The rows that arrived since the last batch into the table (main thread). */
static void
flush (StudyRun *run)
{
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) values = NULL;
  g_autoptr(GPtrArray) statuses = NULL;
  SsStudyDialog *self = run->dialog;
  int            done;

  g_mutex_lock (&run->lock);
  rows = g_steal_pointer (&run->pending_rows);
  values = g_steal_pointer (&run->pending_values);
  statuses = g_steal_pointer (&run->pending_status);
  run->pending_rows = g_array_new (FALSE, FALSE, sizeof (int));
  run->pending_values = g_array_new (FALSE, FALSE, sizeof (double));
  run->pending_status = g_ptr_array_new_with_free_func (g_free);
  run->idle_id = 0;
  done = run->done;
  g_mutex_unlock (&run->lock);

  /* a replaced run, or a dialog gone: its rows are not shown */
  if (self == NULL || self->run != run || self->table == NULL)
    return;
  for (guint i = 0; i < rows->len; i++)
    ss_study_table_set_row (self->table, g_array_index (rows, int, i),
                            &g_array_index (values, double, (gsize)i * run->n_outcomes),
                            g_ptr_array_index (statuses, i));
  if (rows->len > 0)
    ss_study_table_rows_changed (self->table);
  if (!run->finished)
    update_progress (self, run, done);
}

static gboolean
flush_idle (gpointer data)
{
  flush (data);
  return G_SOURCE_REMOVE;
}

/* From the pool's threads, one call at a time: copy, and at most one idle. */
static void
on_progress (void *user, const ss_study_report *report)
{
  StudyRun *run = user;

  g_mutex_lock (&run->lock);
  g_array_append_val (run->pending_rows, report->variant);
  g_array_append_vals (run->pending_values, report->values, run->n_outcomes);
  g_ptr_array_add (run->pending_status, g_strdup (report->status));
  run->done = report->done;
  /* below GTK's redraw: frames go first */
  if (run->idle_id == 0)
    run->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, flush_idle, study_run_ref (run), study_run_unref);
  g_mutex_unlock (&run->lock);
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  StudyRun     *run = data;
  ss_study_exec ex = { .jobs = run->jobs, .progress = on_progress, .user = run, .cancel = &run->cancel };

  (void)source;
  (void)cancellable;
  run->result = ss_study_run (run->study, &ex, &run->error);
  g_task_return_boolean (task, TRUE);
}

static void
run_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  StudyRun      *run = data;
  SsStudyDialog *self = run->dialog;

  (void)source;
  (void)result;
  run->end = g_get_monotonic_time ();
  if (self != NULL && self->run == run)
    {
      flush (run);
      run->finished = TRUE;
      if (run->result == NULL)
        {
          gtk_label_set_text (self->error_label, run->error ? run->error : _("The study could not run"));
          gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
          set_progress_text (self, 0, "", "");
        }
      else
        {
          g_autofree char *bar = NULL;
          g_autofree char *label = NULL;
          g_autofree char *took = format_duration ((run->end - run->start) / 1e6);
          int              done = run->result->n_rows - ss_study_table_count (self->table, SS_STUDY_ROW_CANCELLED);

          if (run->result->cancelled)
            {
              bar = g_strdup_printf (_("Cancelled: %d of %d variants"), done, run->total);
              label = g_strdup_printf (_("The finished variants stay in the table and the plot (%s)."), took);
            }
          else
            {
              bar = g_strdup_printf (_("%d variants"), run->total);
              label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Done in %s on %d thread, %d failed",
                                                    "Done in %s on %d threads, %d failed", run->jobs),
                                       took, run->jobs, run->result->n_failed);
            }
          set_progress_text (self, run->total > 0 ? (double)done / run->total : 1.0, bar, label);
        }
      update_actions (self);
    }
  else
    run->finished = TRUE;
  study_run_unref (run);
}

/* Builds the study from the editor and runs it in the background; FALSE
 * and *error (also shown under the editor) when the editor holds an
 * invalid value. */
gboolean
ss_study_dialog_start (SsStudyDialog *self, GError **error)
{
  g_autofree char *msg = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(SsStudyTable) table = NULL;
  ss_study *st;
  StudyRun *run;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (ss_study_dialog_is_running (self))
    return FALSE;
  st = build_study (self, &msg);
  if (st == NULL)
    {
      gtk_label_set_text (self->error_label, msg);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, msg);
      return FALSE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  run = g_atomic_rc_box_new0 (StudyRun);
  g_mutex_init (&run->lock);
  run->pending_rows = g_array_new (FALSE, FALSE, sizeof (int));
  run->pending_values = g_array_new (FALSE, FALSE, sizeof (double));
  run->pending_status = g_ptr_array_new_with_free_func (g_free);
  run->study = st;
  run->total = ss_study_n_variants (st);
  run->n_outcomes = ss_study_n_outcomes (st);
  run->jobs = MAX (1, MIN ((int)g_get_num_processors (), run->total));
  run->start = g_get_monotonic_time ();
  run->dialog = self;
  if (self->run != NULL)
    {
      g_atomic_int_set (&self->run->cancel, 1);
      self->run->dialog = NULL;
      study_run_unref (self->run);
    }
  self->run = run;

  table = ss_study_table_new (st);
  show_table (self, table, ss_study_scenario (st));
  update_progress (self, run, 0);

  task = g_task_new (NULL, NULL, run_done_cb, study_run_ref (run));
  g_task_set_task_data (task, study_run_ref (run), study_run_unref);
  g_task_run_in_thread (task, run_thread);
  update_actions (self);
  return TRUE;
}

/* Stops the variants (those finished stay). */
void
ss_study_dialog_cancel (SsStudyDialog *self)
{
  g_return_if_fail (SS_IS_STUDY_DIALOG (self));

  if (ss_study_dialog_is_running (self))
    {
      g_atomic_int_set (&self->run->cancel, 1);
      gtk_progress_bar_set_text (self->progress_bar, _("Cancelling…"));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "study.cancel", FALSE);
    }
}

gboolean
ss_study_dialog_is_running (SsStudyDialog *self)
{
  return self->run != NULL && !self->run->finished;
}

SsStudyTable *
ss_study_dialog_get_table (SsStudyDialog *self)
{
  return self->table;
}

SsChart *
ss_study_dialog_get_chart (SsStudyDialog *self)
{
  return self->chart;
}

/* The study shown (NULL before the first run). */
const ss_study *
ss_study_dialog_get_study (SsStudyDialog *self)
{
  return self->run != NULL ? self->run->study : NULL;
}

/* The library's table once the run finished (cancelled or not), else NULL. */
const ss_study_result *
ss_study_dialog_get_result (SsStudyDialog *self)
{
  return self->run != NULL && self->run->finished ? self->run->result : NULL;
}

char *
ss_study_dialog_dup_info_text (SsStudyDialog *self)
{
  return g_strdup (gtk_label_get_text (self->info_label));
}

char *
ss_study_dialog_dup_progress_text (SsStudyDialog *self)
{
  return g_strdup_printf ("%s\n%s", gtk_progress_bar_get_text (self->progress_bar),
                          gtk_label_get_text (self->progress_label));
}

/* Shows @variant in the main window: the study's scenario, its base values
 * and the variant's point, as a user's change (one undo step).  A variant
 * that failed or did not run is not loaded: the info line says why. */
gboolean
ss_study_dialog_load_variant (SsStudyDialog *self, int variant)
{
  const ss_study    *st = ss_study_dialog_get_study (self);
  const ss_scenario *sc;
  g_autofree double *values = NULL;
  g_autofree char   *point = NULL;
  g_autofree char   *msg = NULL;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (st == NULL || self->table == NULL || variant < 0 || variant >= ss_study_table_get_n_variants (self->table))
    return FALSE;
  point = ss_study_table_format_point (self->table, variant);
  if (ss_study_table_get_state (self->table, variant) != SS_STUDY_ROW_DONE || self->window == NULL)
    {
      if (ss_study_table_get_state (self->table, variant) == SS_STUDY_ROW_FAILED)
        {
          /* Translators: a failed variant is not loaded; %1$s its point, %2$s why */
          msg = g_strdup_printf (_("%1$s failed (%2$s): not loaded"), point,
                                    ss_study_table_get_status (self->table, variant));
          gtk_label_set_text (self->info_label, msg);
        }
      return FALSE;
    }
  sc = ss_study_scenario (st);
  values = g_memdup2 (ss_study_base_values (st), sizeof (double) * (sc->n_params + 1));
  for (int i = 0; i < ss_study_table_get_n_axes (self->table); i++)
    values[ss_study_table_get_axis_param (self->table, i)] = ss_study_table_get_variant_point (self->table, variant, i);
  ss_window_apply_state (self->window, sc, values);
  msg = g_strdup_printf (_("Loaded in the main window: %s"), point);
  toast (self, msg);
  return TRUE;
}

/* ---- export ------------------------------------------------------------ */

static cairo_status_t
write_stream (void *closure, const unsigned char *data, unsigned int length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static gboolean
output_error (GError **error, char *msg)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, msg ? msg : _("Could not write the file"));
  free (msg);
  return FALSE;
}

/* The library's CSV of the finished (or cancelled) run, through the
 * output-file rules (a replaced file is never left half written). */
gboolean
ss_study_dialog_export_csv (SsStudyDialog *self, const char *path, GError **error)
{
  const ss_study_result *r = ss_study_dialog_get_result (self);
  char                  *msg = NULL;
  ss_output             *out;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (r == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("No finished study to export"));
      return FALSE;
    }
  out = ss_output_open (path, &msg);
  if (out == NULL)
    return output_error (error, msg);
  ss_study_write_csv (self->run->study, r, TRUE, ss_output_stream (out));
  return ss_output_commit (out, &msg) || output_error (error, msg);
}

/* What the plot's header says under the title: the scenario, the base and
 * how many variants ran. */
static char *
plot_subtitle (SsStudyDialog *self)
{
  const ss_study    *st = ss_study_dialog_get_study (self);
  const ss_scenario *sc = ss_study_scenario (st);
  g_autofree char   *base = describe_base (sc, ss_study_base_values (st));
  int                done = ss_study_table_count (self->table, SS_STUDY_ROW_DONE);
  int                failed = ss_study_table_count (self->table, SS_STUDY_ROW_FAILED);

  if (self->run->result != NULL && self->run->result->cancelled)
    /* Translators: under a cancelled study's plot: scenario, base values, variants run, failed */
    return g_strdup_printf (_("%1$s. Base: %2$s. Cancelled after %3$d of %4$d variants, %5$d failed."),
                               ss_i18n_model_text (sc->title), base, done + failed,
                               ss_study_table_get_n_variants (self->table), failed);
  /* Translators: under a study's plot: scenario, base values, variants run, failed */
  return g_strdup_printf (_("%1$s. Base: %2$s. %3$d of %4$d variants run, %5$d failed."),
                             ss_i18n_model_text (sc->title), base, done + failed,
                             ss_study_table_get_n_variants (self->table), failed);
}

/* The header and the chart through ss_chart_draw (as on screen). */
static void
render_plot (SsStudyDialog *self, cairo_t *cr, double width, double height)
{
  g_autofree char      *subtitle = plot_subtitle (self);
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 12");
  SsChartStyle          style;
  int                   tw, th;
  double                y;

  ss_chart_style_init_for_export (&style);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int)((width - 24) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_text (layout, self->plot_title, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  gdk_cairo_set_source_rgba (cr, &style.fg);
  cairo_move_to (cr, 12, 10);
  pango_cairo_show_layout (cr, layout);
  y = 10 + th + 2;
  pango_font_description_free (font);
  font = pango_font_description_from_string ("Sans 8.5");
  pango_layout_set_font_description (layout, font);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_text (layout, subtitle, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_move_to (cr, 12, y);
  pango_cairo_show_layout (cr, layout);
  y += th + 10;
  pango_font_description_free (font);
  g_object_unref (layout);

  cairo_translate (cr, 6, y);
  ss_chart_draw (self->chart, cr, width - 12, MAX (60, height - y - 6), &style);
  cairo_restore (cr);
}

/* The plot as PNG (@width × @height pixels), SVG or PDF (points), by the
 * file's extension. */
gboolean
ss_study_dialog_export_plot (SsStudyDialog *self, const char *path, int width, int height, GError **error)
{
  SsExportFormat   format;
  cairo_surface_t *surface = NULL;
  cairo_status_t   status;
  cairo_t         *cr;
  ss_output       *out;
  char            *msg = NULL;
  FILE            *f;
  double           scale = 1.0;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (self->chart == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("No study to export"));
      return FALSE;
    }
  if (!ss_export_format_from_path (path, &format))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Unknown image type: name the file .png, .svg or .pdf"));
      return FALSE;
    }
  if (width < 100 || height < 100 || width > 20000 || height > 20000)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Image size %d × %d is outside 100–20000"), width, height);
      return FALSE;
    }
  out = ss_output_open (path, &msg);
  if (out == NULL)
    return output_error (error, msg);
  f = ss_output_stream (out);
  if (format == SS_EXPORT_PNG)
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      /* a 1600 px wide image reads like a 1000 px wide screen */
      scale = MAX (1.0, width / 1000.0);
    }
  else if (format == SS_EXPORT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (write_stream, f, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else
    {
      surface = cairo_pdf_surface_create_for_stream (write_stream, f, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, self->plot_title);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Stick-Slip Lab");
    }
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  render_plot (self, cr, width / scale, height / scale);
  cairo_show_page (cr);
  cairo_destroy (cr);
  if (format == SS_EXPORT_PNG)
    {
      cairo_surface_flush (surface);
      status = cairo_surface_write_to_png_stream (surface, write_stream, f);
    }
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS && !ferror (f))
    {
      ss_output_abort (out);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not render the plot: %s"), cairo_status_to_string (status));
      return FALSE;
    }
  return ss_output_commit (out, &msg) || output_error (error, msg);
}

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

static void
file_response_cb (GtkNativeDialog *dialog, int response, SsStudyDialog *self)
{
  gboolean plot = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "plot"));
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  gboolean         ok;

  if (response == GTK_RESPONSE_ACCEPT && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL &&
      (path = g_file_get_path (file)) != NULL)
    {
      SsExportFormat   format;
      g_autofree char *name = g_path_get_basename (path);

      if (plot && !ss_export_format_from_path (path, &format))
        {
          /* no extension: the type of the chosen filter */
          GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
          const char    *name = filter != NULL ? gtk_file_filter_get_name (filter) : NULL;
          const char    *ext = g_strcmp0 (name, _("SVG image")) == 0
                                       ? ".svg"
                                       : g_strcmp0 (name, _("PDF document")) == 0 ? ".pdf" : ".png";
          char          *p = g_strconcat (path, ext, NULL);

          g_free (path);
          path = p;
        }
      else if (!plot && strchr (name, '.') == NULL)
        {
          char *p = g_strconcat (path, ".csv", NULL);

          g_free (path);
          path = p;
        }
      ok = plot ? ss_study_dialog_export_plot (self, path, 1600, 1000, &error)
                : ss_study_dialog_export_csv (self, path, &error);
      if (ok)
        {
          g_autofree char *basename = g_path_get_basename (path);
          g_autofree char *msg = g_strdup_printf (_("Exported “%s”"), basename);

          toast (self, msg);
        }
      else
        {
          GtkWidget *alert = adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Export"), error->message);

          adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (alert));
        }
    }
  gtk_native_dialog_destroy (dialog);
  if (self->file_dialog == dialog)
    g_clear_object (&self->file_dialog);
}

static void
run_file_dialog (SsStudyDialog *self, gboolean plot)
{
  GtkFileChooserNative *native;
  const ss_scenario    *sc = ss_study_scenario (ss_study_dialog_get_study (self));
  g_autofree char      *name = g_strdup_printf (plot ? "%s-study.png" : "%s-study.csv", sc->name);

  if (self->file_dialog != NULL)
    return;
  native = gtk_file_chooser_native_new (plot ? _("Export Plot")
                                             : _("Export Table"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                  _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (plot)
    {
      add_filter (GTK_FILE_CHOOSER (native), _("PNG image"), "*.png");
      add_filter (GTK_FILE_CHOOSER (native), _("SVG image"), "*.svg");
      add_filter (GTK_FILE_CHOOSER (native), _("PDF document"), "*.pdf");
    }
  else
    add_filter (GTK_FILE_CHOOSER (native), _("CSV data"), "*.csv");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data (G_OBJECT (native), "plot", GINT_TO_POINTER (plot));
  g_signal_connect (native, "response", G_CALLBACK (file_response_cb), self);
  self->file_dialog = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->file_dialog);
}

/* ---- actions ----------------------------------------------------------- */

static void
update_actions (SsStudyDialog *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  gboolean   running = ss_study_dialog_is_running (self);

  gtk_widget_action_set_enabled (w, "study.run", !running);
  gtk_widget_action_set_enabled (w, "study.cancel", running);
  gtk_widget_action_set_enabled (w, "study.export-csv", ss_study_dialog_get_result (self) != NULL);
  gtk_widget_action_set_enabled (w, "study.export-plot", self->chart != NULL);
  gtk_widget_action_set_enabled (w, "study.load-preset", !running);
  gtk_widget_action_set_enabled (w, "study.take-window-values", !running && self->window != NULL);
}

static void
run_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)action_name;
  (void)param;
  ss_study_dialog_start (SS_STUDY_DIALOG (widget), NULL);
}

static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)action_name;
  (void)param;
  ss_study_dialog_cancel (SS_STUDY_DIALOG (widget));
}

static void
preset_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)action_name;
  ss_study_dialog_load_preset (SS_STUDY_DIALOG (widget), g_variant_get_string (param, NULL));
}

static void
take_window_values_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)action_name;
  (void)param;
  ss_study_dialog_take_window_values (SS_STUDY_DIALOG (widget));
}

static void
add_outcome_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsStudyDialog *self = SS_STUDY_DIALOG (widget);

  (void)action_name;
  (void)param;
  outcome_add (self, "period");
}

static void
export_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)param;
  run_file_dialog (SS_STUDY_DIALOG (widget), g_str_equal (action_name, "study.export-plot"));
}

/* ---- lifecycle ----------------------------------------------------------- */

static void bench_stop (SsStudyDialog *self);

static void
ss_study_dialog_dispose (GObject *object)
{
  SsStudyDialog *self = (SsStudyDialog *)object;

  bench_stop (self);
  if (self->run != NULL)
    {
      /* the variants stop within a 1/64 of their run; nothing reaches us */
      g_atomic_int_set (&self->run->cancel, 1);
      self->run->dialog = NULL;
      g_clear_pointer (&self->run, study_run_unref);
    }
  if (self->file_dialog != NULL)
    {
      gtk_native_dialog_destroy (self->file_dialog);
      g_clear_object (&self->file_dialog);
    }
  if (self->window != NULL)
    {
      g_object_set_data (G_OBJECT (self->window), WINDOW_KEY, NULL);
      g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *)&self->window);
      self->window = NULL;
    }
  if (self->time_axis != NULL)
    g_signal_handlers_disconnect_by_data (self->time_axis, self);
  g_clear_object (&self->time_axis);
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_STUDY_DIALOG);
  /* after the rows, whose handlers use them */
  g_clear_pointer (&self->outcomes, g_ptr_array_unref);
  for (int i = 0; i < SS_STUDY_MAX_AXES; i++)
    g_clear_pointer (&self->axes[i].params, g_array_unref);
  g_clear_pointer (&self->names_model, ss_model_free);

  G_OBJECT_CLASS (ss_study_dialog_parent_class)->dispose (object);
}

static void
ss_study_dialog_finalize (GObject *object)
{
  SsStudyDialog *self = (SsStudyDialog *)object;

  g_free (self->base);
  g_free (self->title);
  g_free (self->plot_title);

  G_OBJECT_CLASS (ss_study_dialog_parent_class)->finalize (object);
}

static void
ss_study_dialog_class_init (SsStudyDialogClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_study_dialog_dispose;
  object_class->finalize = ss_study_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-study-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, preset_button);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, scenario_row);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, description_label);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, axis_group_1);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, axis_group_2);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, grid_switch);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, outcome_group);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, run_button);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, heatmap_box);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, heatmap_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, chart_box);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, placeholder);
  gtk_widget_class_bind_template_child (widget_class, SsStudyDialog, info_label);

  gtk_widget_class_install_action (widget_class, "study.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "study.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "study.load-preset", "s", preset_action);
  gtk_widget_class_install_action (widget_class, "study.take-window-values", NULL, take_window_values_action);
  gtk_widget_class_install_action (widget_class, "study.add-outcome", NULL, add_outcome_action);
  gtk_widget_class_install_action (widget_class, "study.export-csv", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "study.export-plot", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "study.cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "study.run", NULL);
}

static void
ss_study_dialog_init (SsStudyDialog *self)
{
  g_autoptr(GMenu) presets = g_menu_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->outcomes = g_ptr_array_new_with_free_func ((GDestroyNotify)outcome_editor_free);
  axis_build (self, &self->axes[0], self->axis_group_1);
  axis_build (self, &self->axes[1], self->axis_group_2);
  /* the second axis's rows follow its switch */
  g_object_bind_property (self->grid_switch, "active", self->axes[1].param_row, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].from_row, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].to_row, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].points, "sensitive", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->grid_switch, "active", self->axes[1].log, "sensitive", G_BINDING_SYNC_CREATE);

  for (int i = 0; i < ss_study_preset_count (); i++)
    {
      const ss_study_preset *p = ss_study_preset_get (i);
      /* a menu's "_" underlines the next letter: "σ0_1" needs "σ0__1" */
      g_auto(GStrv) parts = g_strsplit (ss_i18n_model_text (p->title), "_", -1);
      g_autofree char *label = g_strjoinv ("__", parts);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "study.load-preset", "s", p->name);
      g_menu_append_item (presets, item);
    }
  gtk_menu_button_set_menu_model (self->preset_button, G_MENU_MODEL (presets));
  g_signal_connect_swapped (self->heatmap_dropdown, "notify::selected", G_CALLBACK (heatmap_outcome_cb), self);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
  set_progress_text (self, 0, "", "");
  update_info (self);
  update_actions (self);
}

/* A study window for @window: its scenario and values as the base; a
 * click on a variant loads it there. */
SsStudyDialog *
ss_study_dialog_new (SsWindow *window)
{
  SsStudyDialog *self = g_object_new (SS_TYPE_STUDY_DIALOG, "transient-for", window, "destroy-with-parent", TRUE,
                                      "application", gtk_window_get_application (GTK_WINDOW (window)), NULL);

  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&self->window);
  ss_study_dialog_take_window_values (self);
  update_actions (self);
  return self;
}

/* The window's study window (made on first use), presented. */
SsStudyDialog *
ss_study_dialog_show_for_window (SsWindow *window)
{
  SsStudyDialog *self = g_object_get_data (G_OBJECT (window), WINDOW_KEY);

  if (self == NULL)
    {
      self = ss_study_dialog_new (window);
      g_object_set_data (G_OBJECT (window), WINDOW_KEY, self);
    }
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

/* ---- benchmark ----------------------------------------------------------- */

/* The GUI's frames while studies run on every core: each frame's paint
 * (the frame clock's before-paint to after-paint: layout, the charts'
 * drawing, the renderer) and the interval between frames, with a tick
 * callback asking for a frame every refresh as an animation would.
 * Printed, not asserted. */
struct _Bench
{
  GArray  *paint;     /* ms, this study's */
  GArray  *interval;  /* ms, this study's */
  GArray  *all_paint; /* ms, every study's */
  GArray  *all_interval;
  GArray  *cpu;     /* ms of the main thread's CPU time per paint, this study's */
  GArray  *all_cpu; /* every study's */
  double   cpu_start;
  gint64   paint_start;
  gint64   last_frame;
  guint    tick_id;
  gulong   before_id, after_id;
  guint    timeout_id;
  int      study; /* runs so far: bench_presets[study % N], BENCH_ROUNDS rounds */
  gboolean started;
  gboolean quit;
  guint    renders; /* the chart's body renders at the study's start */
};

static const char *const bench_presets[] = { "two-slider-gamma-grid", "gear-train-mesh" };
#define BENCH_ROUNDS 3

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static double
percentile (GArray *values, double q)
{
  if (values->len == 0)
    return NAN;
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, MIN (values->len - 1, (guint)floor (q * (values->len - 1) + 0.5)));
}

/* CPU time of this (the main) thread, ms: a paint's own work, without the
 * time the study's threads or other processes held the core */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
bench_before_paint (GdkFrameClock *clock, SsStudyDialog *self)
{
  (void)clock;
  self->bench->paint_start = g_get_monotonic_time ();
  self->bench->cpu_start = thread_cpu_ms ();
}

static void
bench_after_paint (GdkFrameClock *clock, SsStudyDialog *self)
{
  Bench *b = self->bench;
  gint64 now = g_get_monotonic_time ();
  double ms;

  (void)clock;
  if (!ss_study_dialog_is_running (self) || b->paint_start == 0)
    return;
  ms = (now - b->paint_start) / 1000.0;
  g_array_append_val (b->paint, ms);
  ms = thread_cpu_ms () - b->cpu_start;
  g_array_append_val (b->cpu, ms);
  if (b->last_frame != 0)
    {
      ms = (now - b->last_frame) / 1000.0;
      g_array_append_val (b->interval, ms);
    }
  b->last_frame = now;
}

/* a frame every refresh, as an animation of the chart would ask */
static gboolean
bench_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  SsStudyDialog *self = SS_STUDY_DIALOG (widget);

  (void)clock;
  (void)data;
  if (self->chart != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self->chart));
  return G_SOURCE_CONTINUE;
}

static void
bench_report (SsStudyDialog *self)
{
  Bench      *b = self->bench;
  StudyRun   *run = self->run;
  double      wall = (run->end - run->start) / 1e6;
  const char *name = bench_presets[b->study % G_N_ELEMENTS (bench_presets)];

  g_array_append_vals (b->all_paint, b->paint->data, b->paint->len);
  g_array_append_vals (b->all_interval, b->interval->data, b->interval->len);
  g_array_append_vals (b->all_cpu, b->cpu->data, b->cpu->len);
  printf ("study %s: %d variants on %d threads in %.2f s, %d failed\n", name, run->total, run->jobs, wall,
          run->result != NULL ? run->result->n_failed : -1);
  printf ("  %u frames while it ran (%u with the chart redrawn whole): frame time (paint) median %.2f ms, "
          "95th %.2f ms, max %.2f ms (main thread's CPU median %.2f ms); between frames median %.2f ms, 95th "
          "%.2f ms\n",
          b->paint->len, ss_chart_get_body_renders (self->chart) - b->renders, percentile (b->paint, 0.5),
          percentile (b->paint, 0.95), percentile (b->paint, 1.0), percentile (b->cpu, 0.5),
          percentile (b->interval, 0.5), percentile (b->interval, 0.95));
  fflush (stdout);
}

static gboolean
bench_step (gpointer data)
{
  SsStudyDialog *self = data;
  Bench         *b = self->bench;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL || (b->started && ss_study_dialog_is_running (self)))
    return G_SOURCE_CONTINUE;
  if (b->started)
    {
      bench_report (self);
      b->study++;
      b->started = FALSE;
    }
  if (b->study >= (int)G_N_ELEMENTS (bench_presets) * BENCH_ROUNDS)
    {
      gboolean quit = b->quit;

      printf ("all %d studies: %u frames while they ran: frame time (paint) median %.2f ms, 95th %.2f ms (main "
              "thread's CPU median %.2f ms); between frames median %.2f ms, 95th %.2f ms\n",
              b->study, b->all_paint->len, percentile (b->all_paint, 0.5), percentile (b->all_paint, 0.95),
              percentile (b->all_cpu, 0.5), percentile (b->all_interval, 0.5), percentile (b->all_interval, 0.95));
      fflush (stdout);
      b->timeout_id = 0;
      bench_stop (self);
      if (quit && self->window != NULL)
        gtk_window_destroy (GTK_WINDOW (self->window));
      return G_SOURCE_REMOVE;
    }
  if (b->before_id == 0)
    {
      b->before_id = g_signal_connect (clock, "before-paint", G_CALLBACK (bench_before_paint), self);
      b->after_id = g_signal_connect (clock, "after-paint", G_CALLBACK (bench_after_paint), self);
    }
  g_array_set_size (b->paint, 0);
  g_array_set_size (b->interval, 0);
  g_array_set_size (b->cpu, 0);
  b->last_frame = 0;
  b->paint_start = 0;
  ss_study_dialog_load_preset (self, bench_presets[b->study % G_N_ELEMENTS (bench_presets)]);
  /* twice the resolution (the preset's points and one between each two):
   * long enough runs for a few hundred frames */
  for (int i = 0; i < (gtk_switch_get_active (self->grid_switch) ? 2 : 1); i++)
    gtk_spin_button_set_value (self->axes[i].points, 2 * gtk_spin_button_get_value_as_int (self->axes[i].points) - 1);
  if (!ss_study_dialog_start (self, NULL))
    {
      g_printerr ("study benchmark: %s did not start\n", bench_presets[b->study % G_N_ELEMENTS (bench_presets)]);
      b->study++;
      return G_SOURCE_CONTINUE;
    }
  b->renders = ss_chart_get_body_renders (self->chart);
  if (b->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), b->tick_id);
  b->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), bench_tick, NULL, NULL);
  b->started = TRUE;
  return G_SOURCE_CONTINUE;
}

static void
bench_stop (SsStudyDialog *self)
{
  Bench         *b = self->bench;
  GdkFrameClock *clock;

  if (b == NULL)
    return;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (clock != NULL && b->before_id != 0)
    {
      g_signal_handler_disconnect (clock, b->before_id);
      g_signal_handler_disconnect (clock, b->after_id);
    }
  if (b->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), b->tick_id);
  if (b->timeout_id != 0)
    g_source_remove (b->timeout_id);
  g_array_unref (b->paint);
  g_array_unref (b->interval);
  g_array_unref (b->all_paint);
  g_array_unref (b->all_interval);
  g_array_unref (b->cpu);
  g_array_unref (b->all_cpu);
  g_free (b);
  self->bench = NULL;
}

/* --bench-study: the presets' 2-D grid and the gear train's mesh study at
 * twice their resolution (41 × 41 = 1681 and 41 variants), each on every
 * core, three times over, with the frame times printed per study and over
 * all; then the main window closes when @quit_when_done. */
void
ss_study_dialog_run_benchmark (SsStudyDialog *self, gboolean quit_when_done)
{
  Bench *b;

  g_return_if_fail (SS_IS_STUDY_DIALOG (self));

  bench_stop (self);
  b = g_new0 (Bench, 1);
  b->paint = g_array_new (FALSE, FALSE, sizeof (double));
  b->interval = g_array_new (FALSE, FALSE, sizeof (double));
  b->all_paint = g_array_new (FALSE, FALSE, sizeof (double));
  b->all_interval = g_array_new (FALSE, FALSE, sizeof (double));
  b->cpu = g_array_new (FALSE, FALSE, sizeof (double));
  b->all_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  b->quit = quit_when_done;
  self->bench = b;
  gtk_window_present (GTK_WINDOW (self));
  b->timeout_id = g_timeout_add (100, bench_step, self);
}
