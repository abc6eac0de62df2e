/* ss-window.c */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenario-file.h"
#include "ss-application.h"
#include "ss-bench.h"
#include "ss-export.h"
#include "ss-model-strings.h"
#include "ss-window.h"

struct _SsWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  GtkDropDown     *scenario_dropdown;
  AdwWindowTitle  *window_title;
  GtkLabel        *description_label;
  SsParamPanel    *param_panel;
  GtkButton       *play_button;
  GtkButton       *step_button;
  GtkAdjustment   *speed_adjustment;
  GtkLabel        *speed_label;
  GtkInscription  *time_label;
  SsMechanismView *mechanism_view;
  SsPlotStack     *plot_stack;
  GtkLabel        *status_label;
  GtkInscription  *stats_label;
  GtkProgressBar  *progress_bar;
  GtkWidget       *failure_dialog; /* weak: the open "Simulation Failed" */

  GSettings         *settings;
  SsSimulation      *simulation;
  const ss_scenario *scenario;
  guint              tick_id;
  gboolean           show_ghost;
  gboolean           switching;
  gboolean           pin_pending; /* keep the run as reference once complete */
  gint64             last_paint;
  GtkNativeDialog   *dialog;
};

G_DEFINE_FINAL_TYPE (SsWindow, ss_window, ADW_TYPE_APPLICATION_WINDOW)

static void save_parameters (SsWindow *self);
static void pin_if_complete (SsWindow *self);

static void
toast (SsWindow *self, const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

static GtkWidget *
error_dialog (SsWindow *self, const char *heading, const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static const char *
law_name (SsWindow *self)
{
  int           i = ss_scenario_param_index (self->scenario, "law");
  const double *values = ss_param_panel_get_values (self->param_panel);

  if (i < 0 || values == NULL)
    return NULL;
  return self->scenario->params[i].choices[(int)values[i]];
}

/* ---- status ----------------------------------------------------------- */

static const char *
mode_text (int mode)
{
  switch (mode)
    {
    case SS_MODE_STICK:
      return _("stuck");
    case SS_MODE_SLIDE_POS:
      return _("sliding →");
    case SS_MODE_SLIDE_NEG:
      return _("sliding ←");
    default:
      return "?";
    }
}

char *
ss_window_dup_status_text (SsWindow *self)
{
  const ss_model *m = ss_simulation_get_model (self->simulation);
  GString        *s = g_string_new (NULL);
  int             n_modes = 0;
  const int      *modes = ss_simulation_get_modes (self->simulation, &n_modes);

  if (m == NULL)
    return g_string_free (s, FALSE);
  if (ss_simulation_get_error (self->simulation) != NULL)
    {
      g_string_append_printf (s, _("Simulation failed: %s"), ss_simulation_get_error (self->simulation));
      return g_string_free (s, FALSE);
    }
  for (int c = 0; c < ss_model_n_contacts (m) && c < n_modes; c++)
    {
      if (c > 0)
        g_string_append (s, "   ");
      /* Translators: contact name and its friction mode, e.g. "base: stuck" */
      g_string_append_printf (s, _("%s: %s"), ss_model_contact_name (m, c), mode_text (modes[c]));
    }
  return g_string_free (s, FALSE);
}

static void
update_status (SsWindow *self)
{
  const ss_model *m = ss_simulation_get_model (self->simulation);
  GString        *markup = g_string_new (NULL);
  int             n_modes = 0;
  const int      *modes = ss_simulation_get_modes (self->simulation, &n_modes);
  ss_stats        stats;
  char            buf[128];
  double          t = ss_simulation_get_time (self->simulation);

  g_snprintf (buf, sizeof buf, "t = %.2f s / %g s", t, ss_simulation_get_t_end (self->simulation));
  gtk_inscription_set_text (self->time_label, buf);

  if (m != NULL && ss_simulation_get_error (self->simulation) != NULL)
    {
      g_autofree char *text = ss_window_dup_status_text (self);
      g_autofree char *escaped = g_markup_escape_text (text, -1);

      g_string_append_printf (markup, "<span foreground=\"#e01b24\">%s</span>", escaped);
    }
  else if (m != NULL)
    for (int c = 0; c < ss_model_n_contacts (m) && c < n_modes; c++)
      {
        g_autofree char *name = g_markup_escape_text (ss_model_contact_name (m, c), -1);
        const char      *color = modes[c] == SS_MODE_STICK ? "#e66100" : "#26a269";

        g_string_append_printf (markup, "%s<span foreground=\"%s\">●</span> <b>%s</b> %s", c > 0 ? "      " : "", color,
                                name, mode_text (modes[c]));
      }
  /* a label relayouts the window on every change: only when the modes do */
  if (g_strcmp0 (gtk_label_get_label (self->status_label), markup->str) != 0)
    gtk_label_set_markup (self->status_label, markup->str);
  g_string_free (markup, TRUE);

  ss_simulation_get_stats (self->simulation, &stats);
  /* Translators: integrator statistics in the status bar */
  g_snprintf (buf, sizeof buf,
              _("%ld steps · %ld RHS evaluations · %ld events"), stats.steps, stats.rhs_evals, stats.events);
  gtk_inscription_set_text (self->stats_label, buf);
}

static void
update_mechanism_time (SsWindow *self)
{
  double cursor = ss_time_axis_get_cursor (ss_plot_stack_get_time_axis (self->plot_stack));

  ss_mechanism_view_set_time (self->mechanism_view,
                              isnan (cursor) ? ss_simulation_get_time (self->simulation) : cursor);
}

static void
simulation_updated_cb (SsWindow *self, SsSimulation *simulation)
{
  SsDataset *ds = ss_simulation_get_dataset (simulation);
  SsDataset *ghost = ss_simulation_get_ghost (simulation);

  if (ds == NULL)
    return;
  ss_plot_stack_set_model (self->plot_stack, ss_dataset_get_model (ds));
  ss_plot_stack_set_datasets (self->plot_stack, ds, self->show_ghost ? ghost : NULL);
  ss_time_axis_set_extent (ss_plot_stack_get_time_axis (self->plot_stack), 0, ss_simulation_get_t_end (simulation));
  ss_mechanism_view_set_dataset (self->mechanism_view, ds);
  gtk_widget_queue_draw (GTK_WIDGET (self->mechanism_view));
  update_mechanism_time (self);
  update_status (self);
  pin_if_complete (self);
}

/* A slow recompute (a stiff parameter, a long history) shows how far it
 * is; the curves of the previous run stay until it is done. */
static void
progress_changed_cb (SsWindow *self, GParamSpec *pspec, SsSimulation *simulation)
{
  double progress = ss_simulation_get_progress (simulation);

  (void)pspec;
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), progress >= 0);
  if (progress >= 0)
    {
      g_autofree char *text = NULL;

      /* Translators: progress of a recompute in the status bar, e.g. "Computing… 40 %" */
      text = g_strdup_printf (_("Computing… %.0f %%"), 100 * progress);
      gtk_progress_bar_set_fraction (self->progress_bar, progress);
      gtk_progress_bar_set_text (self->progress_bar, text);
    }
}

static void
simulation_failed_cb (SsWindow *self, const char *message, SsSimulation *simulation)
{
  (void)simulation;
  /* a drag through failing values fails once per recompute: one dialog,
   * telling the latest */
  if (self->failure_dialog != NULL)
    {
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self->failure_dialog), message);
      return;
    }
  self->failure_dialog = error_dialog (self, _("Simulation Failed"), message);
  g_object_add_weak_pointer (G_OBJECT (self->failure_dialog), (gpointer *)&self->failure_dialog);
}

/* ---- playback ----------------------------------------------------------- */

static gboolean
tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)data;
  ss_simulation_tick (self->simulation, gdk_frame_clock_get_frame_time (clock));
  return G_SOURCE_CONTINUE;
}

static void
playing_changed_cb (SsWindow *self, GParamSpec *pspec, SsSimulation *simulation)
{
  gboolean playing = ss_simulation_get_playing (simulation);

  (void)pspec;
  gtk_button_set_icon_name (self->play_button,
                            playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button), playing ? _("Pause (Space)") : _("Play (Space)"));
  if (playing && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
  else if (!playing && self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  self->last_paint = 0;
}

static void
speed_changed_cb (SsWindow *self, GtkAdjustment *adjustment)
{
  double speed = pow (10.0, gtk_adjustment_get_value (adjustment));
  char   buf[32];

  /* snap to the round values people ask for */
  if (fabs (speed - round (speed)) < 0.05 * speed && speed >= 1)
    speed = round (speed);
  ss_simulation_set_speed (self->simulation, speed);
  g_snprintf (buf, sizeof buf, "%.*f×", speed < 1 ? 2 : 1, speed);
  gtk_label_set_text (self->speed_label, buf);
  g_settings_set_double (self->settings, "speed", ss_simulation_get_speed (self->simulation));
}

static gint64 paint_start;

static void
before_paint_cb (GdkFrameClock *clock, SsWindow *self)
{
  (void)clock;
  (void)self;
  paint_start = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock, SsWindow *self)
{
  SsDataset *ds = ss_simulation_get_dataset (self->simulation);
  gint64     now = g_get_monotonic_time ();

  (void)clock;
  if (!ss_bench_enabled ())
    return;
  /* the whole frame: layout, our drawing and the renderer's */
  if (paint_start != 0)
    ss_bench_record (SS_BENCH_PAINT, (now - paint_start) / 1000.0);
  ss_bench_commit_frame ();
  if (ds != NULL && ss_dataset_get_request_time (ds) != 0)
    {
      ss_bench_record (SS_BENCH_LATENCY, (now - ss_dataset_get_request_time (ds)) / 1000.0);
      ss_dataset_set_request_time (ds, 0);
    }
  if (ss_simulation_get_playing (self->simulation) && self->last_paint != 0)
    ss_bench_record (SS_BENCH_INTERVAL, (now - self->last_paint) / 1000.0);
  self->last_paint = now;
}

static void
ss_window_realize (GtkWidget *widget)
{
  SsWindow *self = SS_WINDOW (widget);

  GTK_WIDGET_CLASS (ss_window_parent_class)->realize (widget);
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "before-paint", G_CALLBACK (before_paint_cb), self, 0);
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (after_paint_cb), self, 0);
}

/* ---- scenario and parameters ------------------------------------------- */

static ss_model *
create_model (SsWindow *self, char **error)
{
  char     *msg = NULL;
  ss_model *m = self->scenario->create (self->scenario, ss_param_panel_get_values (self->param_panel), &msg);

  if (m == NULL && error != NULL)
    *error = g_strdup (msg);
  free (msg);
  return m;
}

/* Stored values of @sc that pass their checks, over the defaults. */
static double *
stored_values (SsWindow *self, const ss_scenario *sc)
{
  g_autoptr(GVariant) all = g_settings_get_value (self->settings, "parameters");
  g_autoptr(GVariant) dict = g_variant_lookup_value (all, sc->name, G_VARIANT_TYPE ("a{sd}"));
  double   *values = g_new (double, sc->n_params);
  char     *msg = NULL;
  ss_model *m;

  ss_scenario_defaults (sc, values);
  if (dict == NULL)
    return values;
  for (int i = 0; i < sc->n_params; i++)
    {
      double v;

      if (g_variant_lookup (dict, sc->params[i].name, "d", &v) && ss_param_check (&sc->params[i], v, NULL))
        values[i] = v;
    }
  m = sc->create (sc, values, &msg);
  if (m == NULL)
    ss_scenario_defaults (sc, values);
  ss_model_free (m);
  free (msg);
  return values;
}

static void
save_parameters (SsWindow *self)
{
  g_autoptr(GVariant) all = NULL;
  GVariantBuilder outer, inner;
  GVariantIter    iter;
  const char     *key;
  GVariant       *value;
  const double   *values = ss_param_panel_get_values (self->param_panel);

  if (self->scenario == NULL || values == NULL)
    return;
  all = g_settings_get_value (self->settings, "parameters");
  g_variant_builder_init (&outer, G_VARIANT_TYPE ("a{sa{sd}}"));
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s@a{sd}}", &key, &value))
    {
      if (g_strcmp0 (key, self->scenario->name) != 0)
        g_variant_builder_add (&outer, "{s@a{sd}}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_init (&inner, G_VARIANT_TYPE ("a{sd}"));
  for (int i = 0; i < self->scenario->n_params; i++)
    if (values[i] != self->scenario->params[i].def)
      g_variant_builder_add (&inner, "{sd}", self->scenario->params[i].name, values[i]);
  g_variant_builder_add (&outer, "{sa{sd}}", self->scenario->name, &inner);
  g_settings_set_value (self->settings, "parameters", g_variant_builder_end (&outer));
}

/* the scenario is in the drop-down; the subtitle names the friction law */
static void
update_subtitle (SsWindow *self)
{
  const char *law = law_name (self);

  /* scenarios without a law choice all use the event-driven exact law */
  adw_window_title_set_subtitle (self->window_title, ss_model_choice_label (law ? law : "exact"));
}

static void
apply_scenario (SsWindow *self, const ss_scenario *sc, const double *values)
{
  g_autofree char *error = NULL;
  ss_model        *m;

  self->switching = TRUE;
  if (self->scenario != sc)
    ss_window_clear_reference (self);
  self->scenario = sc;
  ss_param_panel_set_scenario (self->param_panel, sc, values);
  for (int i = 0; i < ss_scenario_count (); i++)
    if (ss_scenario_get (i) == sc)
      gtk_drop_down_set_selected (self->scenario_dropdown, i);
  update_subtitle (self);
  gtk_label_set_text (self->description_label, ss_model_string (sc->description));
  ss_bench_set_label (sc->name);
  self->switching = FALSE;

  m = create_model (self, &error);
  if (m == NULL)
    {
      /* stored values went stale: fall back to the defaults */
      ss_param_panel_set_scenario (self->param_panel, sc, NULL);
      m = create_model (self, NULL);
    }
  g_return_if_fail (m != NULL);
  ss_time_axis_reset_zoom (ss_plot_stack_get_time_axis (self->plot_stack));
  ss_simulation_start (self->simulation, m);
  g_settings_set_string (self->settings, "scenario", sc->name);
}

gboolean
ss_window_set_scenario (SsWindow *self, const char *name)
{
  const ss_scenario *sc = ss_scenario_find (name);
  g_autofree double *values = NULL;

  g_return_val_if_fail (SS_IS_WINDOW (self), FALSE);

  if (sc == NULL)
    return FALSE;
  if (self->scenario != NULL)
    save_parameters (self);
  ss_simulation_set_playing (self->simulation, FALSE);
  values = stored_values (self, sc);
  apply_scenario (self, sc, values);
  return TRUE;
}

const ss_scenario *
ss_window_get_scenario (SsWindow *self)
{
  return self->scenario;
}

static void
scenario_selected_cb (SsWindow *self, GParamSpec *pspec, GtkDropDown *dropdown)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  (void)pspec;
  if (self->switching || i == GTK_INVALID_LIST_POSITION || (int)i >= ss_scenario_count ())
    return;
  if (ss_scenario_get (i) != self->scenario)
    ss_window_set_scenario (self, ss_scenario_get (i)->name);
}

static void
params_changed_cb (SsWindow *self, SsParamPanel *panel)
{
  g_autofree char *error = NULL;
  ss_model        *m;

  (void)panel;
  if (self->switching)
    return;
  update_subtitle (self);
  m = create_model (self, &error);
  if (m == NULL)
    return; /* the panel validated it; nothing else can fail here */
  ss_simulation_recompute (self->simulation, m);
}

/* ---- actions ------------------------------------------------------------ */

static void
play_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)action_name;
  (void)param;
  ss_simulation_set_playing (self->simulation, !ss_simulation_get_playing (self->simulation));
}

static void
reset_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)action_name;
  (void)param;
  ss_simulation_set_playing (self->simulation, FALSE);
  ss_simulation_reset (self->simulation);
}

static void
step_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)action_name;
  (void)param;
  if (ss_simulation_get_finished (self->simulation))
    return;
  ss_simulation_step (self->simulation);
}

static void
reset_parameters_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow          *self = SS_WINDOW (widget);
  g_autofree double *values = g_new (double, self->scenario->n_params);

  (void)action_name;
  (void)param;
  ss_scenario_defaults (self->scenario, values);
  ss_param_panel_set_values (self->param_panel, values, NULL);
  save_parameters (self);
  toast (self, _("Parameters reset to defaults"));
}

/* ---- reference run -------------------------------------------------------- */

static void
pin_if_complete (SsWindow *self)
{
  SsDataset *ds = ss_simulation_get_dataset (self->simulation);

  if (!self->pin_pending || ds == NULL || ss_simulation_is_busy (self->simulation))
    return;
  if (ss_simulation_get_error (self->simulation) != NULL)
    {
      self->pin_pending = FALSE; /* a failed run is no reference */
      return;
    }
  if (!ss_simulation_get_finished (self->simulation))
    return;
  self->pin_pending = FALSE;
  ss_plot_stack_set_reference (self->plot_stack, ds);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clear-reference", TRUE);
  toast (self, _("Run kept as reference: change a parameter to compare"));
}

/* Pins the current run, computed to its end, as the reference every chart
 * draws dash-dot beside the live run until cleared or the scenario changes. */
void
ss_window_keep_reference (SsWindow *self)
{
  g_return_if_fail (SS_IS_WINDOW (self));

  if (ss_simulation_get_dataset (self->simulation) == NULL)
    return;
  self->pin_pending = TRUE;
  ss_simulation_advance_to (self->simulation, ss_simulation_get_t_end (self->simulation));
  pin_if_complete (self);
}

void
ss_window_clear_reference (SsWindow *self)
{
  g_return_if_fail (SS_IS_WINDOW (self));

  self->pin_pending = FALSE;
  ss_plot_stack_set_reference (self->plot_stack, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clear-reference", FALSE);
  simulation_updated_cb (self, self->simulation); /* the ghost it stood for returns */
}

static void
reference_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)param;
  if (g_str_equal (action_name, "win.keep-reference"))
    ss_window_keep_reference (SS_WINDOW (widget));
  else
    ss_window_clear_reference (SS_WINDOW (widget));
}

char *
ss_window_dup_plot_title (SsWindow *self, char **subtitle)
{
  const double *values = ss_param_panel_get_values (self->param_panel);
  const char   *law = law_name (self);
  char         *title;

  if (law != NULL)
    title = g_strdup_printf ("%s — %s", ss_model_string (self->scenario->title), ss_model_choice_label (law));
  else
    title = g_strdup (ss_model_string (self->scenario->title));

  if (subtitle != NULL)
    {
      GString *s = g_string_new (NULL);

      for (int i = 0; i < self->scenario->n_params; i++)
        {
          const ss_param_info *p = &self->scenario->params[i];
          SsParamRow          *row = ss_param_panel_get_row (self->param_panel, p->name);
          char                 buf[64];

          if (p->kind == SS_PARAM_CHOICE || (row && !gtk_widget_get_visible (GTK_WIDGET (row))))
            continue;
          ss_param_format (p, values[i], buf, sizeof buf);
          g_string_append_printf (s, "%s%s = %s%s%s", s->len ? ",  " : "", p->name, buf, p->unit[0] ? " " : "",
                                  p->unit);
        }
      *subtitle = g_string_free (s, FALSE);
    }
  return title;
}

gboolean
ss_window_export_plot_to (SsWindow *self, const char *path, int width, int height, GError **error)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  SsExportFormat   format;

  if (!ss_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("Unknown image format: use a name ending in .png, .svg or .pdf"));
      return FALSE;
    }
  title = ss_window_dup_plot_title (self, &subtitle);
  return ss_export_plot (self->plot_stack, path, format, width, height, title, subtitle, error);
}

gboolean
ss_window_export_csv_to (SsWindow *self, const char *path, GError **error)
{
  return ss_export_csv (ss_simulation_get_dataset (self->simulation), path, error);
}

gboolean
ss_window_load_file (SsWindow *self, const char *path, GError **error)
{
  const ss_scenario *sc = NULL;
  ss_run_opts        opts = { 0 };
  char              *msg = NULL;
  double            *values = ss_scenario_file_load (path, &sc, &opts, &msg);
  ss_model          *m;

  if (values == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, msg ? msg : _("Unreadable scenario file"));
      free (msg);
      return FALSE;
    }
  m = sc->create (sc, values, &msg);
  if (m == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, msg);
      free (msg);
      free (values);
      return FALSE;
    }
  ss_model_free (m);
  if (self->scenario != NULL)
    save_parameters (self);
  ss_simulation_set_playing (self->simulation, FALSE);
  ss_simulation_set_run_options (self->simulation, &opts);
  apply_scenario (self, sc, values);
  free (values);
  return TRUE;
}

/* Opens a scenario file as a user does (the Open dialog, `stickslip FILE`):
 * a toast when it is loaded; otherwise a dialog with the reason, and the
 * scenario on screen stays as it was. */
gboolean
ss_window_open_file (SsWindow *self, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_path_get_basename (path);

  if (ss_window_load_file (self, path, &error))
    {
      g_autofree char *msg = g_strdup_printf (_("Opened “%s”"), basename);

      toast (self, msg);
      return TRUE;
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), basename);

      error_dialog (self, heading, error->message);
      return FALSE;
    }
}

gboolean
ss_window_save_file (SsWindow *self, const char *path, GError **error)
{
  char       *msg = NULL;
  ss_run_opts opts = *ss_simulation_get_run_options (self->simulation);

  if (opts.t_end <= 0)
    opts.t_end = self->scenario->t_end;
  if (opts.dt_out <= 0)
    opts.dt_out = self->scenario->dt_out;
  if (!ss_scenario_file_save (path, self->scenario, ss_param_panel_get_values (self->param_panel), &opts, &msg))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, msg ? msg : _("Could not save"));
      free (msg);
      return FALSE;
    }
  return TRUE;
}

typedef enum
{
  DIALOG_OPEN,
  DIALOG_SAVE,
  DIALOG_EXPORT_PLOT,
  DIALOG_EXPORT_CSV,
} DialogKind;

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *pattern)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
dialog_response_cb (GtkNativeDialog *dialog, int response, SsWindow *self)
{
  DialogKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "kind"));
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;
  gboolean         ok = FALSE;

  if (response != GTK_RESPONSE_ACCEPT)
    goto out;
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  path = g_file_get_path (file);
  if (path == NULL)
    goto out;

  switch (kind)
    {
    case DIALOG_OPEN:
      ss_window_open_file (self, path);
      goto out;
    case DIALOG_SAVE:
      basename = g_path_get_basename (path);
      if (strchr (basename, '.') == NULL)
        {
          char *p = g_strconcat (path, ".stickslip", NULL);
          g_free (path);
          path = p;
        }
      ok = ss_window_save_file (self, path, &error);
      break;
    case DIALOG_EXPORT_PLOT:
      {
        SsExportFormat format;
        GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
        double         h = 90 + 170.0 * MAX (1u, ss_plot_stack_get_n_charts (self->plot_stack));

        if (!ss_export_format_from_path (path, &format))
          {
            const char *name = filter ? gtk_file_filter_get_name (filter) : NULL;
            const char *ext = ".png";
            char       *p;

            if (name != NULL && strstr (name, "SVG"))
              ext = ".svg";
            else if (name != NULL && strstr (name, "PDF"))
              ext = ".pdf";
            p = g_strconcat (path, ext, NULL);
            g_free (path);
            path = p;
            ss_export_format_from_path (path, &format);
          }
        if (format == SS_EXPORT_PNG)
          ok = ss_window_export_plot_to (self, path, 1600, (int)(2 * h), &error);
        else
          ok = ss_window_export_plot_to (self, path, 800, (int)h, &error);
      }
      break;
    case DIALOG_EXPORT_CSV:
      if (!g_str_has_suffix (path, ".csv"))
        {
          char *p = g_strconcat (path, ".csv", NULL);
          g_free (path);
          path = p;
        }
      ok = ss_window_export_csv_to (self, path, &error);
      break;
    default:
      g_assert_not_reached ();
    }

  g_free (basename);
  basename = g_path_get_basename (path);
  if (ok)
    {
      g_autofree char *msg = g_strdup_printf (_("Saved “%s”"), basename);

      toast (self, msg);
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), basename);

      error_dialog (self, heading, error ? error->message : _("Unknown error"));
    }

out:
  g_clear_object (&self->dialog);
}

static void
run_dialog (SsWindow *self, DialogKind kind)
{
  GtkFileChooserAction  action = kind == DIALOG_OPEN ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE;
  const char           *titles[] = { N_("Open Scenario"), N_("Save Scenario"), N_("Export Plot"), N_("Export Data") };
  const char           *accept = kind == DIALOG_OPEN ? _("_Open") : (kind == DIALOG_SAVE ? _("_Save") : _("_Export"));
  GtkFileChooserNative *native;
  g_autofree char      *name = NULL;

  if (self->dialog != NULL)
    return;
  native = gtk_file_chooser_native_new (_(titles[kind]), GTK_WINDOW (self), action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  switch (kind)
    {
    case DIALOG_OPEN:
    case DIALOG_SAVE:
      add_filter (GTK_FILE_CHOOSER (native), _("Scenario files"), "*.stickslip");
      add_filter (GTK_FILE_CHOOSER (native), _("All files"), "*");
      name = g_strdup_printf ("%s.stickslip", self->scenario->name);
      break;
    case DIALOG_EXPORT_PLOT:
      add_filter (GTK_FILE_CHOOSER (native), _("PNG image"), "*.png");
      add_filter (GTK_FILE_CHOOSER (native), _("SVG image"), "*.svg");
      add_filter (GTK_FILE_CHOOSER (native), _("PDF document"), "*.pdf");
      name = g_strdup_printf ("%s.png", self->scenario->name);
      break;
    case DIALOG_EXPORT_CSV:
      add_filter (GTK_FILE_CHOOSER (native), _("CSV data"), "*.csv");
      name = g_strdup_printf ("%s.csv", self->scenario->name);
      break;
    default:
      g_assert_not_reached ();
    }
  if (kind != DIALOG_OPEN)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data (G_OBJECT (native), "kind", GINT_TO_POINTER (kind));
  g_signal_connect (native, "response", G_CALLBACK (dialog_response_cb), self);
  self->dialog = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->dialog);
}

static void
file_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)param;
  if (g_str_equal (action_name, "win.open"))
    run_dialog (self, DIALOG_OPEN);
  else if (g_str_equal (action_name, "win.save"))
    run_dialog (self, DIALOG_SAVE);
  else if (g_str_equal (action_name, "win.export-plot"))
    run_dialog (self, DIALOG_EXPORT_PLOT);
  else
    run_dialog (self, DIALOG_EXPORT_CSV);
}

static void
show_ghost_changed (SsWindow *self)
{
  self->show_ghost = g_settings_get_boolean (self->settings, "show-ghost");
  ss_plot_stack_set_show_ghost (self->plot_stack, self->show_ghost);
  simulation_updated_cb (self, self->simulation);
}

static void
show_forces_changed (SsWindow *self)
{
  ss_mechanism_view_set_show_forces (self->mechanism_view, g_settings_get_boolean (self->settings, "show-forces"));
}

/* ---- lifecycle ---------------------------------------------------------- */

static gboolean
ss_window_close_request (GtkWindow *window)
{
  SsWindow *self = SS_WINDOW (window);
  int       width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  save_parameters (self);
  ss_simulation_set_playing (self->simulation, FALSE);

  return GTK_WINDOW_CLASS (ss_window_parent_class)->close_request (window);
}

static void
ss_window_dispose (GObject *object)
{
  SsWindow *self = (SsWindow *)object;

  if (self->dialog != NULL)
    {
      gtk_native_dialog_destroy (self->dialog);
      g_clear_object (&self->dialog);
    }
  if (self->failure_dialog != NULL)
    {
      GtkWidget *dialog = self->failure_dialog;

      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *)&self->failure_dialog);
      self->failure_dialog = NULL;
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  if (self->simulation != NULL)
    g_signal_handlers_disconnect_by_data (self->simulation, self);
  g_clear_object (&self->simulation);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_WINDOW);

  G_OBJECT_CLASS (ss_window_parent_class)->dispose (object);
}

static void
ss_window_class_init (SsWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ss_window_dispose;
  widget_class->realize = ss_window_realize;
  window_class->close_request = ss_window_close_request;

  g_type_ensure (SS_TYPE_PARAM_PANEL);
  g_type_ensure (SS_TYPE_MECHANISM_VIEW);
  g_type_ensure (SS_TYPE_PLOT_STACK);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, scenario_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, description_label);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, param_panel);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, step_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, speed_label);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, time_label);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, mechanism_view);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, plot_stack);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, stats_label);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, progress_bar);

  gtk_widget_class_install_action (widget_class, "win.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "win.reset", NULL, reset_action);
  gtk_widget_class_install_action (widget_class, "win.step", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "win.reset-parameters", NULL, reset_parameters_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.export-plot", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.export-csv", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.keep-reference", NULL, reference_action);
  gtk_widget_class_install_action (widget_class, "win.clear-reference", NULL, reference_action);

  /* space only when no text field takes it: bubble phase, below the focus */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "win.play", NULL);
}

static void
ss_window_init (SsWindow *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  g_autofree char *step_tooltip = NULL;
  g_autofree char *scenario = NULL;
  GAction         *action;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clear-reference", FALSE);

  self->settings = ss_application_create_settings ();
  self->simulation = ss_simulation_new ();

  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (int i = 0; i < ss_scenario_count (); i++)
    gtk_string_list_append (titles, ss_model_string (ss_scenario_get (i)->title));
  gtk_drop_down_set_model (self->scenario_dropdown, G_LIST_MODEL (titles));
  g_signal_connect_swapped (self->scenario_dropdown, "notify::selected", G_CALLBACK (scenario_selected_cb), self);

  g_signal_connect_swapped (self->simulation, "updated", G_CALLBACK (simulation_updated_cb), self);
  g_signal_connect_swapped (self->simulation, "failed", G_CALLBACK (simulation_failed_cb), self);
  g_signal_connect_swapped (self->simulation, "notify::progress", G_CALLBACK (progress_changed_cb), self);
  g_signal_connect_swapped (self->simulation, "notify::playing", G_CALLBACK (playing_changed_cb), self);
  g_signal_connect_swapped (self->param_panel, "changed", G_CALLBACK (params_changed_cb), self);
  g_signal_connect_swapped (ss_plot_stack_get_time_axis (self->plot_stack), "cursor-changed",
                            G_CALLBACK (update_mechanism_time), self);

  g_signal_connect_swapped (self->speed_adjustment, "value-changed", G_CALLBACK (speed_changed_cb), self);
  gtk_adjustment_set_value (self->speed_adjustment, log10 (g_settings_get_double (self->settings, "speed")));
  speed_changed_cb (self, self->speed_adjustment);

  /* stateful toggles straight from GSettings */
  {
    GSimpleActionGroup *group = g_simple_action_group_new ();

    action = g_settings_create_action (self->settings, "show-ghost");
    g_action_map_add_action (G_ACTION_MAP (group), action);
    g_object_unref (action);
    action = g_settings_create_action (self->settings, "show-forces");
    g_action_map_add_action (G_ACTION_MAP (group), action);
    g_object_unref (action);
    gtk_widget_insert_action_group (GTK_WIDGET (self), "settings", G_ACTION_GROUP (group));
    g_object_unref (group);
  }
  g_signal_connect_swapped (self->settings, "changed::show-ghost", G_CALLBACK (show_ghost_changed), self);
  g_signal_connect_swapped (self->settings, "changed::show-forces", G_CALLBACK (show_forces_changed), self);
  self->show_ghost = g_settings_get_boolean (self->settings, "show-ghost");
  ss_plot_stack_set_show_ghost (self->plot_stack, self->show_ghost);
  show_forces_changed (self);

  scenario = g_settings_get_string (self->settings, "scenario");
  if (!ss_window_set_scenario (self, scenario))
    ss_window_set_scenario (self, ss_scenario_get (0)->name);

  step_tooltip = g_strdup_printf (_("Step forward by %g s"), ss_simulation_get_step_size (self->simulation));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->step_button), step_tooltip);
  update_status (self);
}

SsWindow *
ss_window_new (GtkApplication *application)
{
  return g_object_new (SS_TYPE_WINDOW, "application", application, NULL);
}

SsSimulation *
ss_window_get_simulation (SsWindow *self)
{
  return self->simulation;
}

SsParamPanel *
ss_window_get_param_panel (SsWindow *self)
{
  return self->param_panel;
}

SsPlotStack *
ss_window_get_plot_stack (SsWindow *self)
{
  return self->plot_stack;
}

SsMechanismView *
ss_window_get_mechanism_view (SsWindow *self)
{
  return self->mechanism_view;
}

/* ---- screenshots and benchmark ------------------------------------------ */

/* The window as the renderer draws it, saved as PNG (docs/screenshots). */
gboolean
ss_window_capture_png (SsWindow *self, const char *path, GError **error)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (self));
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot   *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  int            width = gtk_widget_get_width (GTK_WIDGET (self));
  int            height = gtk_widget_get_height (GTK_WIDGET (self));
  /* device pixels: a HiDPI screen's capture as sharp as the screen */
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "nothing to capture");
      return FALSE;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (self)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width * scale, height * scale));
  gsk_render_node_unref (node);
  return ss_export_texture_png (texture, path, error);
}

typedef struct
{
  SsWindow *self;
  double    seconds;
  char     *path;
  int       settle;
} Capture;

static gboolean
capture_poll_cb (gpointer data)
{
  Capture      *c = data;
  SsSimulation *sim = c->self->simulation;

  if (ss_simulation_is_busy (sim) ||
      (ss_simulation_get_time (sim) < c->seconds - 1e-9 && !ss_simulation_get_finished (sim)))
    return G_SOURCE_CONTINUE;
  if (c->settle++ < 4 || !gtk_widget_get_mapped (GTK_WIDGET (c->self))) /* let a few frames paint */
    return G_SOURCE_CONTINUE;
  if (c->path != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!ss_window_capture_png (c->self, c->path, &error))
        {
          if (c->settle < 100)
            return G_SOURCE_CONTINUE; /* not painted yet */
          g_printerr ("%s\n", error->message);
        }
      gtk_window_close (GTK_WINDOW (c->self));
    }
  g_free (c->path);
  g_object_unref (c->self);
  g_free (c);
  return G_SOURCE_REMOVE;
}

/* --play / --screenshot: simulate to @seconds through Play's path, then
 * save the window and close it. */
void
ss_window_play_and_capture (SsWindow *self, double seconds, const char *png_path)
{
  Capture *c = g_new0 (Capture, 1);

  c->self = g_object_ref (self);
  c->seconds = MIN (seconds, ss_simulation_get_t_end (self->simulation));
  c->path = g_strdup (png_path);
  ss_simulation_advance_to (self->simulation, c->seconds);
  g_timeout_add (100, capture_poll_cb, c);
}

/* --bench: for one-mass, dupont and two-block
 *   1. 20 slider changes on the default history, each measured from the
 *      adjustment's change to the end of the frame that draws the new run;
 *   2. 1e5 samples per series on screen (dt_out = t_end / 1e5), then 3 s of
 *      Play at 1x, recording each frame's draw time and interval. */
typedef enum
{
  BENCH_START,
  BENCH_SLIDER,
  BENCH_FILL,
  BENCH_PLAY,
  BENCH_NEXT,
} BenchPhase;

typedef struct
{
  SsWindow   *self;
  guint       scenario;
  BenchPhase  phase;
  int         count;
  gint64      phase_start;
  SsParamRow *row;
  double      slider_a;
  double      slider_b;
} Bench;

static const char *bench_scenarios[] = { "one-mass", "dupont", "two-block" };

static gboolean
bench_cb (gpointer data)
{
  Bench             *b = data;
  SsWindow          *self = b->self;
  SsSimulation      *sim = self->simulation;
  const ss_scenario *sc;
  ss_run_opts        opts = { 0 };

  if (ss_simulation_is_busy (sim) && b->phase != BENCH_PLAY)
    return G_SOURCE_CONTINUE;

  switch (b->phase)
    {
    case BENCH_START:
      if (b->scenario >= G_N_ELEMENTS (bench_scenarios))
        {
          ss_bench_report ();
          gtk_window_close (GTK_WINDOW (self));
          g_object_unref (self);
          g_free (b);
          return G_SOURCE_REMOVE;
        }
      ss_simulation_set_run_options (sim, &opts);
      ss_window_set_scenario (self, bench_scenarios[b->scenario]);
      ss_bench_set_label (bench_scenarios[b->scenario]);
      sc = self->scenario;
      ss_simulation_advance_to (sim, sc->t_end);
      b->row = NULL;
      for (int i = 0; i < sc->n_params && b->row == NULL; i++)
        if (sc->params[i].kind == SS_PARAM_REAL)
          b->row = ss_param_panel_get_row (self->param_panel, sc->params[i].name);
      b->slider_a = gtk_adjustment_get_value (ss_param_row_get_adjustment (b->row));
      b->slider_b = b->slider_a + 0.02 * (gtk_adjustment_get_upper (ss_param_row_get_adjustment (b->row)) -
                                          gtk_adjustment_get_lower (ss_param_row_get_adjustment (b->row)));
      b->count = 0;
      b->phase = BENCH_SLIDER;
      break;

    case BENCH_SLIDER:
      if (b->count < 20)
        {
          gtk_adjustment_set_value (ss_param_row_get_adjustment (b->row), b->count % 2 ? b->slider_a : b->slider_b);
          b->count++;
          break;
        }
      gtk_adjustment_set_value (ss_param_row_get_adjustment (b->row), b->slider_a);
      b->phase = BENCH_FILL;
      break;

    case BENCH_FILL:
      {
        g_autofree char *label = g_strdup_printf ("%s, 1e5 samples", bench_scenarios[b->scenario]);

        sc = self->scenario;
        opts.t_end = 2 * sc->t_end;
        opts.dt_out = sc->t_end / 1e5;
        ss_bench_set_label (label);
        ss_simulation_set_run_options (sim, &opts);
        ss_simulation_reset (sim);
        ss_simulation_advance_to (sim, sc->t_end);
        ss_simulation_set_speed (sim, 1.0);
        b->phase = BENCH_PLAY;
        b->phase_start = 0;
      }
      break;

    case BENCH_PLAY:
      if (b->phase_start == 0)
        {
          if (ss_simulation_is_busy (sim))
            break;
          ss_simulation_set_playing (sim, TRUE);
          b->phase_start = g_get_monotonic_time ();
        }
      else if (g_get_monotonic_time () - b->phase_start > 3 * G_USEC_PER_SEC)
        {
          g_autofree char *msg = NULL;
          SsDataset       *ds = ss_simulation_get_dataset (sim);

          ss_simulation_set_playing (sim, FALSE);
          g_printerr ("%s: %u samples per series on screen at the end of Play\n", bench_scenarios[b->scenario],
                      ss_dataset_get_n_rows (ds));
          b->phase = BENCH_NEXT;
        }
      break;

    case BENCH_NEXT:
    default:
      b->scenario++;
      b->phase = BENCH_START;
      break;
    }
  return G_SOURCE_CONTINUE;
}

void
ss_window_run_benchmark (SsWindow *self)
{
  Bench *b = g_new0 (Bench, 1);

  b->self = g_object_ref (self);
  g_timeout_add (120, bench_cb, b);
}
