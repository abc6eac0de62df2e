/* ss-window.c - the main window: a scenario drop-down, its parameters,
 * the transport (the playhead: play, frames, scrubber, loop, speed; the run
 * settings), the mechanism and the stacked plots of one SsSimulation, and
 * the status bar of its contact modes at the playhead.
 *
 * Every change computes the whole run; the charts show all of it and the
 * playhead chooses the instant the mechanism, the cursor line and the
 * readouts show.  Changes of the scenario and its values are undoable.
 *
 * The window is split the way GNOME Text Editor's is: this file, the hub,
 * builds the widget (template, signals) and keeps it in step with the
 * simulation and the settings; its parts are ss-window-actions.c (the win.*
 * actions), -files.c (the open, save and export dialogs and the file
 * loading behind them), -run-settings.c (the run settings' fields),
 * -runs.c (the pinned runs), -cursors.c (the measurement cursors),
 * -panels.c (the side panel and the papers' examples) and -scripted.c (the
 * --screenshot, --play and --bench runs); ss-window-private.h is what they
 * share.  A part calls only the hub: what one part must tell the others
 * goes through a hub function that calls them (_ss_window_runs_changed,
 * _ss_window_run_options_changed, _ss_window_save_scenario,
 * _ss_window_run_dialog). */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-animation-bench.h"
#include "ss-bench.h"
#include "ss-model-strings.h"
#include "ss-popover-list.h"
#include "ss-readable.h"
#include "ss-settings.h"
#include "ss-tooltips.h"
#include "ss-window-private.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

G_DEFINE_FINAL_TYPE (SsWindow, ss_window, ADW_TYPE_APPLICATION_WINDOW)

void
_ss_window_toast (SsWindow *self, const char *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/* An error dialog's body: at most this many characters and lines, "…"
 * where cut.  The messages quote short excerpts of input; this bounds any
 * other text (a library's message), so the dialog fits the screen and its
 * layout on the main thread takes well under a frame. */
#define ERROR_BODY_CHARS 400
#define ERROR_BODY_LINES 8

static char *
bounded_body (const char *body)
{
  g_autofree char *valid = g_utf8_make_valid (body != NULL ? body : "", -1); /* a file name's bytes */
  const char      *c = valid;
  int              chars = 0, lines = 1;

  for (; *c != '\0'; c = g_utf8_next_char (c), chars++)
    if (chars == ERROR_BODY_CHARS || (*c == '\n' && ++lines > ERROR_BODY_LINES))
      break;
  if (*c == '\0')
    return g_steal_pointer (&valid);
  return g_strdup_printf ("%.*s\u2026", (int)(c - valid), valid);
}

GtkWidget *
_ss_window_error_dialog (SsWindow *self, const char *heading, const char *body)
{
  g_autofree char *shown = bounded_body (body);
  GtkWidget       *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, shown);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/* The friction law chosen, NULL when the scenario has no law choice. */
const char *
_ss_window_law_name (SsWindow *self)
{
  int           i = ss_scenario_param_index (self->scenario, "law");
  const double *values = ss_param_panel_get_values (self->param_panel);

  if (i < 0 || values == NULL)
    return NULL;
  return self->scenario->params[i].choices[(int)values[i]];
}

/* ---- status ----------------------------------------------------------- */

static const char *
mode_text (int mode, gboolean released)
{
  if (mode == SS_MODE_STICK && released)
    /* Translators: a contact's state: at rest, its static friction held at its maximum */
    return _("released");
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

/* Where the engine says a failed run stopped ("simulation failed at t =
 * 0.294 s: ..."), else the last time it computed; NaN when the run has not
 * failed or computed nothing. */
double
_ss_window_failure_time (SsWindow *self)
{
  static const char prefix[] = "simulation failed at t = ";
  const char       *error = ss_simulation_get_error (self->simulation);
  SsDataset        *dataset = ss_simulation_get_dataset (self->simulation);
  char             *end = NULL;
  double            t;

  if (error == NULL)
    return NAN;
  if (g_str_has_prefix (error, prefix))
    {
      t = g_ascii_strtod (error + strlen (prefix), &end);
      if (end != error + strlen (prefix) && isfinite (t))
        return t;
    }
  if (dataset != NULL && ss_dataset_get_n_rows (dataset) > 0)
    return ss_dataset_get_end_time (dataset);
  return NAN;
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
      double t = _ss_window_failure_time (self);

      /* one short line; the message is in the dialog and the tooltip */
      if (isnan (t))
        g_string_append (s, _("Simulation failed"));
      else
        {
          g_autofree char *when = ss_readable_number (t, 0.0);

          /* Translators: the status bar after a failed run; the reason is in a dialog */
          g_string_append_printf (s, _("Simulation failed at t = %s s"), when);
        }
      return g_string_free (s, FALSE);
    }
  for (int c = 0; c < ss_model_n_contacts (m) && c < n_modes; c++)
    {
      if (c > 0)
        g_string_append (s, "   ");
      /* Translators: contact name and its friction mode, e.g. "base: stuck" */
      g_string_append_printf (s, _("%s: %s"), ss_i18n_model_text (ss_model_contact_label (m, c)),
                                    mode_text (modes[c], ss_simulation_get_released (self->simulation, c)));
    }
  return g_string_free (s, FALSE);
}

/* The status line's marker ("preview", "kept run") shown or not.  Hidden,
 * it keeps its room, drawn transparent and out of reach of the pointer
 * and of assistive technologies: showing or hiding a widget lays the
 * window out again, which GTK 4.8 does with four round trips to the X
 * server, and a final run after its preview would hide it every time. */
void
_ss_window_show_marker (SsWindow *self, gboolean shown)
{
  GtkWidget *marker = GTK_WIDGET (self->preview_label);

  if (_ss_window_marker_shown (self) == shown)
    return;
  gtk_widget_set_opacity (marker, shown ? 1.0 : 0.0);
  gtk_widget_set_can_target (marker, shown);
  gtk_widget_set_has_tooltip (marker, shown);
  gtk_accessible_update_state (GTK_ACCESSIBLE (marker), GTK_ACCESSIBLE_STATE_HIDDEN, !shown, -1);
}

gboolean
_ss_window_marker_shown (SsWindow *self)
{
  return gtk_widget_get_opacity (GTK_WIDGET (self->preview_label)) > 0;
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
  const char     *marker = NULL, *marker_tip = NULL;

  g_snprintf (buf, sizeof buf, "%.3f / %g s", t, ss_simulation_get_t_end (self->simulation));
  gtk_inscription_set_text (self->time_label, buf);
  /* a preview, or a run kept from before shown at once; its text set
   * only when it changes, not on every step of the playhead */
  if (ss_simulation_get_preview (self->simulation))
    {
      marker = _("preview");
      marker_tip = _("The curves are a quick preview while a control moves; the full-accuracy run follows when it "
                     "stops");
    }
  else if (ss_simulation_get_kept (self->simulation))
    {
      /* Translators: the status line, beside the time: the run shown was kept from before, not computed again */
      marker = _("kept run");
      marker_tip = _("These values were run before: the run kept then shows at once, at full accuracy, without "
                     "computing it again");
    }
  if (marker != NULL && g_strcmp0 (gtk_label_get_text (self->preview_label), marker) != 0)
    {
      gtk_label_set_text (self->preview_label, marker);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->preview_label), marker_tip);
    }
  _ss_window_show_marker (self, marker != NULL);

  if (m != NULL && ss_simulation_get_error (self->simulation) != NULL)
    {
      g_autofree char *text = ss_window_dup_status_text (self);
      g_autofree char *escaped = g_markup_escape_text (text, -1);

      g_string_append_printf (markup, "<span foreground=\"#e01b24\">%s</span>", escaped);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), ss_simulation_get_error (self->simulation));
    }
  else if (m != NULL)
    for (int c = 0; c < ss_model_n_contacts (m) && c < n_modes; c++)
      {
        g_autofree char *name = g_markup_escape_text (ss_i18n_model_text (ss_model_contact_label (m, c)), -1);
        const char      *color = modes[c] == SS_MODE_STICK ? "#e66100" : "#26a269";

        g_string_append_printf (markup, "%s<span foreground=\"%s\">●</span> <b>%s</b> %s", c > 0 ? "      " : "", color,
                                name, mode_text (modes[c], ss_simulation_get_released (self->simulation, c)));
      }
  /* a label relayouts the window on every change: only when the modes do */
  if (g_strcmp0 (gtk_label_get_label (self->status_label), markup->str) != 0)
    {
      gtk_label_set_markup (self->status_label, markup->str);
      if (m == NULL || ss_simulation_get_error (self->simulation) == NULL)
        gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), NULL);
    }
  g_string_free (markup, TRUE);

  ss_simulation_get_stats (self->simulation, &stats);
  /* Translators: integrator statistics in the status bar */
  g_snprintf (buf, sizeof buf,
              _("%ld steps · %ld RHS evaluations · %ld events"), stats.steps, stats.rhs_evals, stats.events);
  gtk_inscription_set_text (self->stats_label, buf);
}

/* The mechanism shows the playhead; while paused, the instant under the
 * pointer on a chart previews that instant. */
static void
update_mechanism_time (SsWindow *self)
{
  double cursor = ss_time_axis_get_cursor (ss_plot_stack_get_time_axis (self->plot_stack));

  if (ss_simulation_get_playing (self->simulation) || isnan (cursor))
    cursor = ss_simulation_get_time (self->simulation);
  ss_mechanism_view_set_time (self->mechanism_view, cursor);
}

/* The scrubber and the charts' playhead line follow the simulation's. */
static void
sync_playhead (SsWindow *self)
{
  double t = ss_simulation_get_time (self->simulation);
  double t_end = ss_simulation_get_t_end (self->simulation);

  self->syncing_timeline = TRUE;
  if (gtk_adjustment_get_upper (self->timeline_adjustment) != t_end && t_end > 0)
    gtk_adjustment_configure (self->timeline_adjustment, t, 0.0, t_end, t_end / 1000.0, t_end / 20.0, 0.0);
  else
    gtk_adjustment_set_value (self->timeline_adjustment, t);
  self->syncing_timeline = FALSE;
  ss_time_axis_set_playhead (ss_plot_stack_get_time_axis (self->plot_stack), t);
  if (g_settings_get_boolean (self->settings, "reveal-curves"))
    ss_plot_stack_set_reveal_time (self->plot_stack, t);
}

static void
time_changed_cb (SsWindow *self, GParamSpec *pspec, SsSimulation *simulation)
{
  (void)pspec;
  (void)simulation;
  sync_playhead (self);
  update_mechanism_time (self);
  update_status (self);
}

static void
timeline_changed_cb (SsWindow *self, GtkAdjustment *adjustment)
{
  if (self->syncing_timeline)
    return;
  ss_simulation_set_time (self->simulation, gtk_adjustment_get_value (adjustment));
}

/* A click on a chart (not a drag) moves the playhead there. */
static void
chart_time_clicked_cb (SsWindow *self, double t, SsPlotStack *stack)
{
  (void)stack;
  ss_simulation_set_time (self->simulation, t);
}

static void
reveal_changed_cb (SsWindow *self)
{
  ss_plot_stack_set_reveal_time (self->plot_stack, g_settings_get_boolean (self->settings, "reveal-curves")
                                                       ? ss_simulation_get_time (self->simulation)
                                                       : NAN);
}

/* set while the time axis shows a failed run's part (simulation_failed_cb) */
#define FAILURE_ZOOM_KEY "ss-failure-zoom"

/* After the frame that shows a change's final run: the runs of the
 * changed slider's values one key step down and up are computed ahead, so
 * a key step to either shows at once (ss_simulation_prefetch). */
static gboolean
compute_ahead_cb (gpointer data)
{
  SsWindow *self = data;
  ss_model *models[2];
  guint     n;

  self->ahead_id = 0;
  /* the preference (main menu, Compute Steps Ahead) */
  if (!g_settings_get_boolean (self->settings, "compute-ahead"))
    return G_SOURCE_REMOVE;
  if (!ss_simulation_get_finished (self->simulation) || ss_simulation_get_preview (self->simulation) ||
      ss_simulation_get_error (self->simulation) != NULL || ss_simulation_is_busy (self->simulation))
    return G_SOURCE_REMOVE;
  n = ss_param_panel_step_models (self->param_panel, models);
  for (guint i = 0; i < n; i++)
    ss_simulation_prefetch (self->simulation, models[i]);
  return G_SOURCE_REMOVE;
}

static void
simulation_updated_cb (SsWindow *self, SsSimulation *simulation)
{
  SsDataset *ds = ss_simulation_get_dataset (simulation);
  SsDataset *ghost = ss_simulation_get_ghost (simulation);

  if (ds == NULL)
    return;
  ss_plot_stack_set_model (self->plot_stack, ss_dataset_get_model (ds));
  ss_bench_trace ("updated: set_model");
  ss_plot_stack_set_datasets (self->plot_stack, ds, self->show_ghost ? ghost : NULL);
  ss_bench_trace ("updated: set_datasets");
  ss_time_axis_set_extent (ss_plot_stack_get_time_axis (self->plot_stack), 0, ss_simulation_get_t_end (simulation));
  /* the zoom to a failed run's part ends with a run that does not fail */
  if (ss_simulation_get_error (simulation) == NULL && ss_simulation_get_finished (simulation) &&
      g_object_get_data (G_OBJECT (self), FAILURE_ZOOM_KEY) != NULL)
    {
      g_object_set_data (G_OBJECT (self), FAILURE_ZOOM_KEY, NULL);
      ss_time_axis_reset_zoom (ss_plot_stack_get_time_axis (self->plot_stack));
    }
  ss_mechanism_view_set_dataset (self->mechanism_view, ds);
  gtk_widget_queue_draw (GTK_WIDGET (self->mechanism_view));
  sync_playhead (self);
  update_mechanism_time (self);
  update_status (self);
  ss_bench_trace ("updated: status");
  _ss_window_runs_sync (self);
  ss_bench_trace ("updated: runs");
  _ss_window_panels_update (self);
  ss_bench_trace ("updated: panels");
  _ss_window_cursors_update (self);
  if (self->ahead_id == 0 && ss_simulation_get_finished (simulation) && !ss_simulation_get_preview (simulation))
    self->ahead_id = g_idle_add_full (G_PRIORITY_LOW, compute_ahead_cb, self, NULL);
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
  g_autofree char *body = NULL;
  double           t = _ss_window_failure_time (self);
  double           lower, upper;

  (void)simulation;
  /* Translators: after a failed run's message; max_steps, max_events, rtol and atol are fields of Run Settings */
  body = g_strdup_printf ("%s\n\n%s", message,
                          _("The charts show the run up to the failure. Run Settings (the clock button above the "
                            "charts) hold the step and event limits (max_steps, max_events) and the tolerances (rtol, "
                            "atol)."));
  /* a run that stopped early: the charts zoom to what it computed */
  ss_time_axis_get_range (ss_plot_stack_get_time_axis (self->plot_stack), &lower, &upper);
  if (t > 0 && t < 0.5 * upper && !ss_time_axis_is_zoomed (ss_plot_stack_get_time_axis (self->plot_stack)))
    {
      ss_time_axis_set_range (ss_plot_stack_get_time_axis (self->plot_stack), 0, 1.25 * t);
      g_object_set_data (G_OBJECT (self), FAILURE_ZOOM_KEY, GINT_TO_POINTER (1));
    }
  /* a drag through failing values fails once per recompute: one dialog,
   * telling the latest */
  if (self->failure_dialog != NULL)
    {
      adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self->failure_dialog), body);
      return;
    }
  self->failure_dialog = _ss_window_error_dialog (self, _("Simulation Failed"), body);
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
  ss_time_axis_set_readout_at_playhead (ss_plot_stack_get_time_axis (self->plot_stack), !playing);
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

  /* snap to the 1-2-5 values people ask for */
  for (double decade = 0.01; decade <= 100; decade *= 10)
    for (int k = 0; k < 3; k++)
      {
        double round_speed = decade * (k == 0 ? 1 : k == 1 ? 2 : 5);

        if (fabs (log10 (speed / round_speed)) < 0.04)
          speed = round_speed;
      }
  ss_simulation_set_speed (self->simulation, speed);
  g_snprintf (buf, sizeof buf, "%g×", speed);
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
  /* the first frame that ends after a recompute's curves were handed over */
  if (ds != NULL && ss_dataset_get_request_time (ds) != 0)
    {
      gint64 origin = ss_bench_take_input (ss_dataset_get_request_time (ds));

      ss_bench_record (ss_simulation_get_preview (self->simulation) ? SS_BENCH_PREVIEW_LATENCY : SS_BENCH_LATENCY,
                       (now - origin) / 1000.0);
      if (!ss_simulation_get_preview (self->simulation))
        ss_bench_end_update ();
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

/* The model of the panel's values: the one the panel built checking them
 * when it has it (a change builds its model once), else built now. */
static ss_model *
create_model (SsWindow *self, char **error)
{
  char         *msg = NULL;
  const double *values = ss_param_panel_get_values (self->param_panel);
  ss_model     *m = ss_param_panel_take_model (self->param_panel);

  if (m != NULL && ss_model_scenario (m) == self->scenario &&
      memcmp (ss_model_values (m), values, sizeof (double) * (gsize)self->scenario->n_params) == 0)
    return m;
  ss_model_free (m);
  m = self->scenario->create (self->scenario, values, &msg);

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

void
_ss_window_save_parameters (SsWindow *self)
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

/* The scenario shown is left (for another, a file, or the window closes):
 * its values and its run settings kept in the settings for its return. */
void
_ss_window_save_scenario (SsWindow *self)
{
  _ss_window_save_parameters (self);
  _ss_window_save_run_options (self);
}

/* The run options were set outside the run settings (an example's output
 * step, a benchmark's): the fields show them and the settings keep them. */
void
_ss_window_run_options_changed (SsWindow *self)
{
  _ss_window_run_settings_sync (self);
  _ss_window_save_run_options (self);
}

/* the scenario is in the drop-down; the subtitle names the friction law */
static void
update_subtitle (SsWindow *self)
{
  const char *law = _ss_window_law_name (self);

  /* scenarios without a law choice all use the event-driven exact law */
  adw_window_title_set_subtitle (self->window_title, ss_i18n_choice_label (law ? law : "exact"));
}

/* Another scenario's charts start at the top: every scrolled window of
 * @widget's tree back to its start. */
static void
scroll_to_top (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (widget)), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    scroll_to_top (child);
}

void
_ss_window_apply_scenario (SsWindow *self, const ss_scenario *sc, const double *values)
{
  g_autofree char *error = NULL;
  ss_model        *m;

  self->switching = TRUE;
  self->scenario = sc;
  _ss_window_runs_set_scenario (self, sc);
  ss_param_panel_set_scenario (self->param_panel, sc, values);
  for (int i = 0; i < ss_scenario_count (); i++)
    if (ss_scenario_get (i) == sc)
      gtk_drop_down_set_selected (self->scenario_dropdown, i);
  update_subtitle (self);
  gtk_label_set_text (self->description_label, ss_i18n_model_text (sc->description));
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
  scroll_to_top (GTK_WIDGET (self->plot_stack));
  ss_simulation_start (self->simulation, m);
  g_settings_set_string (self->settings, "scenario", sc->name);
  _ss_window_run_settings_sync (self);
  if (!self->applying_history)
    ss_history_record (self->history, sc, ss_param_panel_get_values (self->param_panel));
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
    _ss_window_save_scenario (self);
  ss_simulation_set_playing (self->simulation, FALSE);
  values = stored_values (self, sc);
  _ss_window_load_run_options (self, sc);
  _ss_window_apply_scenario (self, sc, values);
  /* after the step: an undo goes back to the file shown before */
  _ss_window_set_file (self, NULL);
  return TRUE;
}

const ss_scenario *
ss_window_get_scenario (SsWindow *self)
{
  return self->scenario;
}

/* The scenario drop-down's button: its title ellipsized, so a long one in
 * a long language never widens the window; the list shows them whole. */
static void
scenario_button_setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void)factory;
  (void)data;
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 72);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
scenario_list_setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void)factory;
  (void)data;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
scenario_bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void)factory;
  (void)data;
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item))));
}

/* The full title in the button's tooltip, under what the button is. */
static void
scenario_tooltip_cb (GtkDropDown *dropdown, GParamSpec *pspec, gpointer data)
{
  GObject         *item = gtk_drop_down_get_selected_item (dropdown);
  g_autofree char *tip = NULL;

  (void)pspec;
  (void)data;
  if (item == NULL)
    return;
  tip = g_strdup_printf ("%s\n%s", _("Scenario"), gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
  gtk_widget_set_tooltip_text (GTK_WIDGET (dropdown), tip);
}

static void
scenario_dropdown_init (GtkDropDown *dropdown)
{
  GtkListItemFactory *button = gtk_signal_list_item_factory_new ();
  GtkListItemFactory *list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (scenario_button_setup_cb), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (scenario_bind_cb), NULL);
  g_signal_connect (list, "setup", G_CALLBACK (scenario_list_setup_cb), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (scenario_bind_cb), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
  g_object_unref (button);
  g_object_unref (list);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (scenario_tooltip_cb), NULL);
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

/* What the charts against time show now (their plots line up): the
 * worker decimates the coming run for it. */
static void
update_display (SsWindow *self)
{
  SsPlotStack *stack = self->plot_stack;

  ss_simulation_set_display (self->simulation, 0, 0, 0);
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChart       *chart = ss_plot_stack_get_chart (stack, i);
      SsChartContext ctx;

      if (ss_chart_is_xy (chart) || gtk_widget_get_width (GTK_WIDGET (chart)) <= 0)
        continue;
      ss_chart_get_layout (chart, gtk_widget_get_width (GTK_WIDGET (chart)), gtk_widget_get_height (GTK_WIDGET (chart)),
                           &ctx);
      if (ctx.time_x && ctx.width >= 1)
        ss_simulation_set_display (self->simulation, ctx.t0, ctx.t1, MAX (1, (guint)ceil (ctx.width)));
      return;
    }
}

/* The panel's values changed: the whole run again (a preview while a
 * control is still moving), one undo step, and the file is modified. */
void
_ss_window_params_changed (SsWindow *self, gboolean final)
{
  g_autofree char *error = NULL;
  ss_model        *m;

  if (self->switching)
    return;
  update_subtitle (self);
  m = create_model (self, &error);
  if (m == NULL)
    return; /* the panel validated it; nothing else can fail here */
  update_display (self);
  if (final)
    ss_simulation_recompute (self->simulation, m);
  else
    ss_simulation_recompute_preview (self->simulation, m);
  /* one undo step per gesture: its final change */
  if (final && !self->applying_history)
    ss_history_record (self->history, self->scenario, ss_param_panel_get_values (self->param_panel));
  _ss_window_set_modified (self, !final || !ss_history_is_saved (self->history));
}

/* A preview while a control is dragged or held, then one final change. */
static void
params_changed_cb (SsWindow *self, gboolean final, SsParamPanel *panel)
{
  (void)panel;
  _ss_window_params_changed (self, final);
}

/* ---- undo and redo ------------------------------------------------------ */

static void
history_changed_cb (SsWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", ss_history_can_undo (self->history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", ss_history_can_redo (self->history));
}

static void update_title (SsWindow *self);

static void
apply_history_entry (SsWindow *self, const ss_scenario *sc, const double *values)
{
  self->applying_history = TRUE;
  if (sc != self->scenario)
    {
      _ss_window_save_scenario (self);
      ss_simulation_set_playing (self->simulation, FALSE);
      _ss_window_load_run_options (self, sc);
      _ss_window_apply_scenario (self, sc, values);
    }
  else
    ss_param_panel_set_values (self->param_panel, values, NULL); /* emits a final change */
  self->applying_history = FALSE;
  /* the file shown with that state; unmodified back at the saved one */
  if (g_strcmp0 (self->file_path, ss_history_get_file (self->history)) != 0)
    {
      g_free (self->file_path);
      self->file_path = g_strdup (ss_history_get_file (self->history));
    }
  self->modified = !ss_history_is_saved (self->history);
  update_title (self);
}

/* Shows @sc with @values as a user's change: a scenario switch or a new set
 * of values, one undo step (a study's point, an example's preset). */
void
ss_window_apply_state (SsWindow *self, const ss_scenario *sc, const double *values)
{
  g_return_if_fail (SS_IS_WINDOW (self));
  g_return_if_fail (sc != NULL && values != NULL);

  if (sc != self->scenario)
    {
      _ss_window_save_scenario (self);
      ss_simulation_set_playing (self->simulation, FALSE);
      _ss_window_load_run_options (self, sc);
      _ss_window_apply_scenario (self, sc, values);
      _ss_window_set_file (self, NULL);
    }
  else
    ss_param_panel_set_values (self->param_panel, values, NULL); /* a final change: recompute, one step */
  ss_history_end_step (self->history);
}

void
_ss_window_undo (SsWindow *self)
{
  const ss_scenario *sc;
  const double      *values;

  if (ss_history_undo (self->history, &sc, &values))
    apply_history_entry (self, sc, values);
}

void
_ss_window_redo (SsWindow *self)
{
  const ss_scenario *sc;
  const double      *values;

  if (ss_history_redo (self->history, &sc, &values))
    apply_history_entry (self, sc, values);
}

/* ---- the file shown and its title --------------------------------------- */

static void
update_title (SsWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (self->file_path != NULL)
    name = g_path_get_basename (self->file_path);
  else
    name = g_strdup (_("Unsaved Scenario"));
  /* Translators: the window title of a scenario file with unsaved changes */
  title = self->modified ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  adw_window_title_set_title (self->window_title, title);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* The scenario file now shown (NULL: none), unmodified. */
void
_ss_window_set_file (SsWindow *self, const char *path)
{
  g_free (self->file_path);
  self->file_path = g_strdup (path);
  self->modified = FALSE;
  ss_history_set_file (self->history, path);
  if (path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *uri = g_file_get_uri (file);

      gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
    }
  update_title (self);
}

void
_ss_window_set_modified (SsWindow *self, gboolean modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  update_title (self);
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

/* ---- the main menu ------------------------------------------------------ */

/* Between the main menu's list and the window's bottom: its arrow, its
 * frame and a margin, px. */
#define MAIN_MENU_ROOM 44

/* The main menu is never taller than the window below its button: at
 * 1024 × 700 its list scrolls rather than run past the window's bottom. */
static void
main_menu_show_cb (GtkWidget *popover, SsWindow *self)
{
  GtkScrolledWindow *scrolled = ss_popover_list_get (GTK_POPOVER (popover));
  graphene_rect_t    button;

  if (scrolled == NULL || !gtk_widget_compute_bounds (gtk_widget_get_parent (popover), GTK_WIDGET (self), &button))
    return;
  gtk_scrolled_window_set_max_content_height (
      scrolled,
      MAX (gtk_widget_get_height (GTK_WIDGET (self)) - (int)(button.origin.y + button.size.height) - MAIN_MENU_ROOM,
           100));
}

/* ---- lifecycle ---------------------------------------------------------- */

/* The work area (the screen less its panels, logical pixels) of the
 * monitor the window opens on: the one it is on once shown, else the
 * primary (X11) or the first. FALSE when there is no monitor. */
static gboolean
monitor_workarea (SsWindow *self, GdkRectangle *area)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  g_autoptr(GdkMonitor) monitor = NULL;

  if (surface != NULL && gdk_display_get_monitor_at_surface (display, surface) != NULL)
    monitor = g_object_ref (gdk_display_get_monitor_at_surface (display, surface));
#ifdef GDK_WINDOWING_X11
  if (monitor == NULL && GDK_IS_X11_DISPLAY (display) && gdk_x11_display_get_primary_monitor (display) != NULL)
    monitor = g_object_ref (gdk_x11_display_get_primary_monitor (display));
#endif
  if (monitor == NULL)
    monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  if (monitor == NULL)
    return FALSE;
  gdk_monitor_get_geometry (monitor, area);
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_MONITOR (monitor))
    gdk_x11_monitor_get_workarea (monitor, area);
#endif
  return area->width > 0 && area->height > 0;
}

/* The default size @width × @height (the settings' or the template's),
 * no larger than the monitor's work area: at GDK_SCALE=2 a 1600 × 1000
 * screen is 800 × 500 logical pixels, less than 1280 × 820. */
static void
set_fitting_default_size (SsWindow *self, int width, int height)
{
  GdkRectangle area;

  if (monitor_workarea (self, &area))
    {
      width = MIN (width, area.width);
      height = MIN (height, area.height);
    }
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
}

static gboolean
ss_window_close_request (GtkWindow *window)
{
  SsWindow *self = SS_WINDOW (window);
  int       width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  _ss_window_save_scenario (self);
  ss_simulation_set_playing (self->simulation, FALSE);

  return GTK_WINDOW_CLASS (ss_window_parent_class)->close_request (window);
}

static void
ss_window_dispose (GObject *object)
{
  SsWindow *self = (SsWindow *)object;

  g_clear_handle_id (&self->ahead_id, g_source_remove);
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
  _ss_window_runs_dispose (self);
  g_clear_object (&self->simulation);
  g_clear_object (&self->settings);
  g_clear_object (&self->history);
  g_clear_pointer (&self->file_path, g_free);
  _ss_window_panels_dispose (self);
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
  g_type_ensure (SS_TYPE_SIGNAL_CHOOSER);
  g_type_ensure (SS_TYPE_RUNS_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, loop_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, timeline_scale);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, timeline_adjustment);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, run_settings_box);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, signal_chooser);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, preview_label);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, main_menu_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, recent_menu);
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
  gtk_widget_class_bind_template_child (widget_class, SsWindow, runs_panel);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, runs_progress_box);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, runs_progress);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, compare_menu);

  _ss_window_class_actions_init (klass);
  _ss_window_panels_class_init (widget_class);
  _ss_window_cursors_class_init (widget_class);
}

static void
ss_window_init (SsWindow *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  g_autofree char *scenario = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  ss_tooltips_quiet_menu_buttons (GTK_WIDGET (self));
  {
    GtkPopover *popover = gtk_menu_button_get_popover (self->main_menu_button);

    /* it opens leftwards from the window's right edge, not past it */
    gtk_widget_set_halign (GTK_WIDGET (popover), GTK_ALIGN_END);
    g_signal_connect_object (popover, "show", G_CALLBACK (main_menu_show_cb), self, 0);
  }

  self->settings = ss_settings_new ();
  self->simulation = ss_simulation_new ();
  self->history = ss_history_new ();
  ss_signal_chooser_set_plot_stack (self->signal_chooser, self->plot_stack);
  _ss_window_actions_init (self);
  _ss_window_runs_init (self);
  _ss_window_run_settings_init (self);
  _ss_window_recent_init (self);
  _ss_window_panels_init (self);
  _ss_window_cursors_init (self);
  g_signal_connect_swapped (self->history, "notify::can-undo", G_CALLBACK (history_changed_cb), self);
  g_signal_connect_swapped (self->history, "notify::can-redo", G_CALLBACK (history_changed_cb), self);

  set_fitting_default_size (self, g_settings_get_int (self->settings, "window-width"),
                            g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (int i = 0; i < ss_scenario_count (); i++)
    gtk_string_list_append (titles, ss_i18n_model_text (ss_scenario_get (i)->title));
  scenario_dropdown_init (self->scenario_dropdown);
  gtk_drop_down_set_model (self->scenario_dropdown, G_LIST_MODEL (titles));
  scenario_tooltip_cb (self->scenario_dropdown, NULL, NULL);
  g_signal_connect_swapped (self->scenario_dropdown, "notify::selected", G_CALLBACK (scenario_selected_cb), self);

  g_signal_connect_swapped (self->simulation, "updated", G_CALLBACK (simulation_updated_cb), self);
  g_signal_connect_swapped (self->simulation, "failed", G_CALLBACK (simulation_failed_cb), self);
  g_signal_connect_swapped (self->simulation, "notify::progress", G_CALLBACK (progress_changed_cb), self);
  g_signal_connect_swapped (self->simulation, "notify::playing", G_CALLBACK (playing_changed_cb), self);
  g_signal_connect_swapped (self->simulation, "notify::time", G_CALLBACK (time_changed_cb), self);
  g_signal_connect_swapped (self->timeline_adjustment, "value-changed", G_CALLBACK (timeline_changed_cb), self);
  g_signal_connect_swapped (self->plot_stack, "time-clicked", G_CALLBACK (chart_time_clicked_cb), self);
  g_settings_bind (self->settings, "loop", self->simulation, "loop", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-sidebar", self->sidebar_button, "active", G_SETTINGS_BIND_DEFAULT);
  g_object_bind_property (self->sidebar_button, "active", self->sidebar, "visible", G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->settings, "changed::reveal-curves", G_CALLBACK (reveal_changed_cb), self);
  g_signal_connect_swapped (self->param_panel, "changed", G_CALLBACK (params_changed_cb), self);
  g_signal_connect_swapped (ss_plot_stack_get_time_axis (self->plot_stack), "cursor-changed",
                            G_CALLBACK (update_mechanism_time), self);

  g_signal_connect_swapped (self->speed_adjustment, "value-changed", G_CALLBACK (speed_changed_cb), self);
  gtk_adjustment_set_value (self->speed_adjustment, log10 (g_settings_get_double (self->settings, "speed")));
  speed_changed_cb (self, self->speed_adjustment);

  g_signal_connect_swapped (self->settings, "changed::show-ghost", G_CALLBACK (show_ghost_changed), self);
  g_signal_connect_swapped (self->settings, "changed::show-forces", G_CALLBACK (show_forces_changed), self);
  self->show_ghost = g_settings_get_boolean (self->settings, "show-ghost");
  ss_plot_stack_set_show_ghost (self->plot_stack, self->show_ghost);
  show_forces_changed (self);

  scenario = g_settings_get_string (self->settings, "scenario");
  if (!ss_window_set_scenario (self, scenario))
    ss_window_set_scenario (self, ss_scenario_get (0)->name);

  reveal_changed_cb (self);
  ss_time_axis_set_readout_at_playhead (ss_plot_stack_get_time_axis (self->plot_stack), TRUE);
  /* the first keyboard focus is harmless: Return plays, it toggles nothing */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->play_button));
  update_title (self);
  update_status (self);
}

SsWindow *
ss_window_new (GtkApplication *application)
{
  return g_object_new (SS_TYPE_WINDOW, "application", application, NULL);
}

/* The pinned runs shown changed (a pin, a batch, a run hidden): the
 * cursors' values and the side panels follow; the metrics show every
 * visible run. */
void
_ss_window_runs_changed (SsWindow *self)
{
  _ss_window_cursors_update (self);
  _ss_window_panels_update (self);
}

/* Opens the file dialog of @kind, one at a time (ss-window-files.c). */
void
_ss_window_run_dialog (SsWindow *self, SsWindowDialog kind)
{
  if (self->dialog != NULL)
    return;
  _ss_window_files_run_dialog (self, kind);
}

SsRunList *
ss_window_get_run_list (SsWindow *self)
{
  return self->runs;
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

GtkRange *
ss_window_get_timeline (SsWindow *self)
{
  return GTK_RANGE (self->timeline_scale);
}

/* --bench-animation: the Export Animation benchmark on this window's run
 * and charts (ss-animation-bench.c); it closes the window when done. */
void
ss_window_run_animation_benchmark (SsWindow *self)
{
  ss_animation_bench_run (GTK_WINDOW (self), self->simulation, self->plot_stack);
}
