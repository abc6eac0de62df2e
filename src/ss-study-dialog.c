/* ss-study-dialog.c
 *
 * The parameter study window.  The editor on the left holds a study's
 * definition: the scenario and its base values (the main window's, or a
 * preset's), one or two axes and the outcomes.  Run builds an ss_study
 * from it (the library checks every value and names what is wrong) and
 * runs it in a worker; the chart on the right shows the variants as they
 * finish.
 *
 * This file is the hub: the window's construction and state (the study
 * shown: its scenario, base values and run options, and the ss_study
 * built from them and the editor), the actions and their sensitivity,
 * and what the tests read.  The parts live apart, sharing
 * ss-study-dialog-private.h, and call only the hub (its private functions
 * and its public methods), never each other; what one part's work means
 * for another goes through a hub function that calls it:
 *   -editor.c      the axis and outcome rows, filled from a study and read
 *                  back into one (editor_fill, editor_read);
 *   -definition.c  where a study comes from: the main window's values, a
 *                  preset or the CLI's text (to show_study);
 *   -run.c         the worker and its hand-over to the main thread
 *                  (build_study, then run_started);
 *   -plot.c        the chart: curves or a heat map, the info line, a click
 *                  loading a variant into the main window;
 *   -export.c      the table as CSV, the plot as PNG, SVG or PDF;
 *   -bench.c       --bench-study: the frame times while studies run. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "ss-memory-budget.h"
#include "ss-model-strings.h"
#include "ss-readable.h"
#include "ss-study-dialog-private.h"
#include "ss-tooltips.h"

enum
{
  SIGNAL_VARIANT_CHOSEN,
  SIGNAL_BASE_WANTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsStudyDialog, ss_study_dialog, ADW_TYPE_WINDOW)

/* ---- state ------------------------------------------------------------- */

void
_ss_study_dialog_toast (SsStudyDialog *self, const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
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

/* ---- the study shown ------------------------------------------------------
 * The scenario, its base values and run options are the window's state,
 * set here whichever part a study comes from (-definition.c: the main
 * window's values, a preset, the CLI's text); the editor's rows show the
 * rest and are read back here into the ss_study that Run starts. */

/* A parameter's value for people: "0.5 N/m", a choice's label. */
static char *
format_param (const ss_param_info *p, double value)
{
  char buf[64];

  if (p->kind == SS_PARAM_CHOICE)
    return g_strdup (ss_i18n_choice_label (p->choices[(int)value]));
  ss_param_format (p, ss_readable_param (p, value), buf, sizeof buf);
  if (p->unit != NULL && p->unit[0] != '\0')
    return g_strdup_printf ("%s %s", buf, p->unit);
  return g_strdup (buf);
}

/* The base values that differ from the defaults: "Friction law = Regularised, …"
 * (the scenario's row, the exported plot's subtitle). */
char *
_ss_study_dialog_describe_base (const ss_scenario *sc, const double *base)
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

/* Where an axis over @p might start and end around @value: a decade each
 * way (log steps) for a parameter whose slider is logarithmic, else ±50 %;
 * within the valid range (a new base's axis, an axis row's parameter
 * changed). */
void
_ss_study_dialog_suggest_range (const ss_param_info *p, double value, double *lo, double *hi, gboolean *log_steps)
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
  g_autofree char *base = _ss_study_dialog_describe_base (self->scenario, self->base);
  g_autofree char *subtitle = g_strdup_printf (_("Base: %s"), base);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->scenario_row), ss_i18n_model_text (self->scenario->title));
  adw_action_row_set_subtitle (self->scenario_row, subtitle);
  gtk_label_set_text (self->description_label, description != NULL ? ss_i18n_model_text (description) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), description != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

/* The window shows @st: its scenario, base values and run options become
 * the window's, a preset's @title and @description (or NULL), and the
 * editor's rows show its axes and outcomes. */
void
_ss_study_dialog_show_study (SsStudyDialog *self, const ss_study *st, const char *title, const char *description)
{
  const ss_scenario *sc = ss_study_scenario (st);

  self->scenario = sc;
  g_free (self->base);
  self->base = g_memdup2 (ss_study_base_values (st), sizeof (double) * (sc->n_params + 1));
  self->run_opts = *ss_study_run_opts (st);
  g_free (self->title);
  self->title = g_strdup (title);
  update_names_model (self);
  show_scenario (self, description);
  _ss_study_dialog_editor_fill (self, st);
}

/* The study the window describes (its base values and run options, the
 * editor's axes and outcomes), validated; NULL and *error (g_malloc)
 * naming the field and the valid values. */
ss_study *
_ss_study_dialog_build_study (SsStudyDialog *self, char **error)
{
  ss_study *st = ss_study_new (self->scenario);
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
  if (!_ss_study_dialog_editor_read (self, st, error))
    {
      ss_study_free (st);
      return NULL;
    }
  if (!ss_study_validate (st, &err))
    goto fail;
  return st;

fail: /* the library's message (malloc) */
  *error = g_strdup (err);
  free (err);
  ss_study_free (st);
  return NULL;
}

/* A run started (-run.c): the plot shows its @table from now on, filled
 * in as the variants finish. */
void
_ss_study_dialog_run_started (SsStudyDialog *self, SsStudyTable *table)
{
  _ss_study_dialog_show_table (self, table, ss_study_scenario (self->run->study));
}

/* ---- actions ----------------------------------------------------------- */

void
_ss_study_dialog_update_actions (SsStudyDialog *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  gboolean   running = ss_study_dialog_is_running (self);

  gtk_widget_action_set_enabled (w, "study.run", !running);
  gtk_widget_action_set_enabled (w, "study.cancel", running);
  gtk_widget_action_set_enabled (w, "study.export-csv", ss_study_dialog_get_result (self) != NULL);
  gtk_widget_action_set_enabled (w, "study.export-plot", self->chart != NULL);
  gtk_widget_action_set_enabled (w, "study.load-preset", !running);
  gtk_widget_action_set_enabled (w, "study.take-window-values", !running);
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
  g_signal_emit (widget, signals[SIGNAL_BASE_WANTED], 0);
}

static void
add_outcome_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsStudyDialog *self = SS_STUDY_DIALOG (widget);

  (void)action_name;
  (void)param;
  _ss_study_dialog_outcome_add (self, "period");
}

static void
export_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)param;
  if (g_str_equal (action_name, "study.export-plot"))
    ss_study_dialog_open_export (SS_STUDY_DIALOG (widget));
  else
    _ss_study_dialog_run_file_dialog (SS_STUDY_DIALOG (widget));
}

/* ---- lifecycle ----------------------------------------------------------- */

static void
ss_study_dialog_dispose (GObject *object)
{
  SsStudyDialog *self = (SsStudyDialog *)object;

  _ss_study_dialog_bench_stop (self);
  ss_memory_budget_remove_holder (self);
  if (self->run != NULL)
    {
      /* the variants stop within a 1/64 of their run; nothing reaches us */
      g_atomic_int_set (&self->run->cancel, 1);
      self->run->dialog = NULL;
      g_clear_pointer (&self->run, _ss_study_dialog_run_unref);
    }
  if (self->file_dialog != NULL)
    {
      gtk_native_dialog_destroy (self->file_dialog);
      g_clear_object (&self->file_dialog);
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

  signals[SIGNAL_VARIANT_CHOSEN] = g_signal_new ("variant-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                 NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_POINTER);
  signals[SIGNAL_BASE_WANTED] =
      g_signal_new ("base-wanted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

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

/* The memory budget: a running study's runs under way. */
static void
collect_memory (gpointer owner, GHashTable *datasets, gsize *pending)
{
  (void)datasets;
  *pending += _ss_study_dialog_pending_bytes (owner);
}

static void
ss_study_dialog_init (SsStudyDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ss_tooltips_quiet_menu_buttons (GTK_WIDGET (self));
  _ss_study_dialog_editor_init (self);
  _ss_study_dialog_presets_init (self);
  g_signal_connect_swapped (self->heatmap_dropdown, "notify::selected",
                            G_CALLBACK (_ss_study_dialog_heatmap_outcome_cb), self);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
  ss_memory_budget_add_holder (self, collect_memory);
  _ss_study_dialog_set_progress_text (self, 0, "", "");
  _ss_study_dialog_update_info (self);
  _ss_study_dialog_update_actions (self);
}

/* Not larger than the screen of @parent (a 1024 × 700 one). */
static void
fit_monitor (SsStudyDialog *self, GtkWindow *parent)
{
  GdkSurface  *surface = gtk_native_get_surface (GTK_NATIVE (parent));
  GdkMonitor  *monitor = NULL;
  GdkRectangle area;
  int          width, height;

  if (surface != NULL)
    monitor = gdk_display_get_monitor_at_surface (gtk_widget_get_display (GTK_WIDGET (parent)), surface);
  if (monitor == NULL)
    return;
  gdk_monitor_get_geometry (monitor, &area);
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (self), MIN (width, area.width * 95 / 100),
                               MIN (height, area.height * 90 / 100));
}

/* A study window over @parent, with the scenario, values and run options
 * as the base. */
SsStudyDialog *
ss_study_dialog_new (GtkWindow *parent, const ss_scenario *scenario, const double *values, const ss_run_opts *opts)
{
  SsStudyDialog *self = g_object_new (SS_TYPE_STUDY_DIALOG, "transient-for", parent, "destroy-with-parent", TRUE,
                                      "application", parent ? gtk_window_get_application (parent) : NULL, NULL);

  if (parent != NULL)
    fit_monitor (self, parent);
  ss_study_dialog_set_base (self, scenario, values, opts);
  _ss_study_dialog_update_actions (self);
  return self;
}

void
_ss_study_dialog_emit_variant_chosen (SsStudyDialog *self, const ss_scenario *sc, const double *values)
{
  g_signal_emit (self, signals[SIGNAL_VARIANT_CHOSEN], 0, sc, values);
}
