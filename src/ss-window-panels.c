/* ss-window-panels.c - the window's side panel (Events, Metrics, Example)
 * and the papers' examples: the Paper Examples menu (win.example), a
 * preset applied as a user's change with its output step, its published
 * values as chart markers, and the events CSV export (win.export-events).
 *
 * The panels follow final runs only: a preview while a control moves keeps
 * what the last final run showed.  Each panel does its work only while on
 * screen: given a run off screen, it catches up when shown.  The metrics
 * show the current run and the visible pinned runs, a column each. */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-bench.h"
#include "ss-line-layer.h"
#include "ss-marker-layer.h"
#include "ss-model-strings.h"
#include "ss-readable.h"
#include "ss-window-private.h"

/* ---- the example's markers ------------------------------------------------ */

/* The published values of the example's setting shown, as chart markers:
 * "paper: 1.86 s" at the instant, on the value's curve. */
static void
update_markers (SsWindow *self)
{
  const ss_model *m = ss_simulation_get_model (self->simulation);

  g_ptr_array_set_size (self->markers, 0);
  for (int i = 0; self->example != NULL && i < ss_example_n_values (self->example, self->example_setting); i++)
    {
      ss_example_value v;
      g_autofree char *paper = NULL;
      g_autofree char *label = NULL;
      SsMarker        *marker;

      ss_example_get_value (self->example, self->example_setting, i, &v);
      paper = ss_example_value_paper_text (&v, m);
      if (v.measure == SS_EXAMPLE_NO_EVENT)
        /* Translators: a chart marker of a paper's outcome, e.g. "paper: guide 1 never slips" */
        label = g_strdup_printf (_("paper: %s"), ss_i18n_model_text (v.what));
      else if (isnan (v.tolerance))
        /* Translators: a chart marker of a paper's value this app does not reproduce, e.g. "paper: 3.7 s (not
         * reproduced)" */
        label = g_strdup_printf (_("paper: %s (not reproduced)"), paper);
      else
        /* Translators: a chart marker of a paper's value, e.g. "paper: 1.86 s" */
        label = g_strdup_printf (_("paper: %s"), paper);
      marker = ss_marker_new (v.t, v.column, label);
      marker->value = v.measure == SS_EXAMPLE_VALUE ? v.value : NAN;
      marker->tolerance = v.measure == SS_EXAMPLE_VALUE ? NAN : v.tolerance;
      marker->missed = v.measure != SS_EXAMPLE_NO_EVENT && isnan (v.tolerance);
      g_ptr_array_add (self->markers, marker);
    }
  ss_plot_stack_set_markers (self->plot_stack, self->markers);
}

static void
set_example (SsWindow *self, const ss_example *example, int setting, gboolean modified)
{
  self->example = example;
  self->example_setting = example != NULL ? setting : -1;
  ss_example_panel_set_example (self->example_panel, example, self->example_setting, modified);
  update_markers (self);
}

/* Shows setting @setting of the example @id as a user's change (one undo
 * step): its scenario and values, its output step, its markers; opens the
 * panel on the example.  FALSE when there is no such example or setting. */
gboolean
ss_window_show_example (SsWindow *self, const char *id, int setting)
{
  const ss_example  *example = ss_example_find (id);
  const ss_scenario *sc = ss_example_scenario (example);
  g_autofree char   *error = NULL;
  double            *values;
  ss_run_opts        opts = { 0 };

  g_return_val_if_fail (SS_IS_WINDOW (self), FALSE);

  if (sc == NULL || setting < 0 || setting >= example->n_settings)
    return FALSE;
  values = ss_example_setting_values (example, setting, &error);
  if (values == NULL)
    {
      g_warning ("example %s: %s", id, error);
      return FALSE;
    }
  ss_window_apply_state (self, sc, values);
  set_example (self, example, setting, FALSE);
  /* the grid its published instants are measured on, with the defaults
   * for the rest (a run setting, kept with the scenario) */
  opts.dt_out = example->dt_out;
  if (memcmp (&opts, ss_simulation_get_run_options (self->simulation), sizeof opts) != 0)
    {
      ss_model *m = sc->create (sc, values, NULL);

      ss_simulation_set_run_options (self->simulation, &opts);
      _ss_window_run_options_changed (self);
      if (m != NULL)
        ss_simulation_recompute (self->simulation, m);
    }
  free (values);
  /* the run shown may already be the setting's (no recompute): measure it */
  g_clear_object (&self->panels_dataset);
  _ss_window_panels_update (self);
  gtk_toggle_button_set_active (self->panel_button, TRUE);
  adw_view_stack_set_visible_child_name (self->panel_stack, "example");
  return TRUE;
}

static void
example_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  const char *id;
  int         setting;

  (void)action_name;
  g_variant_get (param, "(&si)", &id, &setting);
  ss_window_show_example (SS_WINDOW (widget), id, setting);
}

static void
setting_activated_cb (SsWindow *self, int setting, SsExamplePanel *panel)
{
  (void)panel;
  if (self->example != NULL)
    ss_window_show_example (self, self->example->id, setting);
}

/* Paper Examples: a section per paper, titled by its authors; an entry
 * per example, a submenu of its settings when it compares several. */
static void
fill_examples_menu (SsWindow *self)
{
  g_autoptr(GMenu) section = NULL;
  const char *paper = NULL;

  for (int i = 0; i < ss_example_count (); i++)
    {
      const ss_example *ex = ss_example_get (i);
      g_autoptr(GMenuItem) item = NULL;

      if (g_strcmp0 (paper, ex->paper) != 0)
        {
          const char      *comma = strchr (ex->source, ',');
          g_autofree char *authors = comma ? g_strndup (ex->source, comma - ex->source) : g_strdup (ex->source);

          g_clear_object (&section);
          section = g_menu_new ();
          g_menu_append_section (self->examples_menu, authors, G_MENU_MODEL (section));
          paper = ex->paper;
        }
      if (ex->n_settings == 1)
        {
          item = g_menu_item_new (ss_i18n_model_text (ex->title), NULL);
          g_menu_item_set_action_and_target (item, "win.example", "(si)", ex->id, 0);
        }
      else
        {
          g_autoptr(GMenu) settings = g_menu_new ();

          for (int s = 0; s < ex->n_settings; s++)
            {
              g_autoptr(GMenuItem) entry = g_menu_item_new (ss_i18n_model_text (ex->settings[s].label), NULL);

              g_menu_item_set_action_and_target (entry, "win.example", "(si)", ex->id, s);
              g_menu_append_item (settings, entry);
            }
          item = g_menu_item_new_submenu (ss_i18n_model_text (ex->title), G_MENU_MODEL (settings));
        }
      g_menu_append_item (section, item);
    }
}

/* ---- the events CSV ----------------------------------------------------- */

/* Writes the current run's events as the CLI's --events does. */
gboolean
ss_window_export_events_to (SsWindow *self, const char *path, GError **error)
{
  SsDataset      *ds = ss_event_list_get_dataset (self->event_list);
  const ss_model *m = ds ? ss_dataset_get_model (ds) : NULL;
  ss_trace       *tr;
  ss_output      *out;
  char           *err = NULL;
  gboolean        ok;

  if (m == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no run to export"));
      return FALSE;
    }
  tr = ss_dataset_to_trace (ds);
  out = tr ? ss_output_open (path, &err) : NULL;
  if (out != NULL && ss_csv_write_events (m, tr, ss_output_stream (out)) < 0 && !ferror (ss_output_stream (out)))
    {
      ss_output_abort (out);
      out = NULL;
    }
  ok = out != NULL && ss_output_commit (out, &err);
  if (!ok)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, err ? err : _("Out of memory"));
  free (err);
  ss_trace_free (tr);
  return ok;
}

static void
export_response_cb (GtkNativeDialog *dialog, int response, SsWindow *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    path = g_file_get_path (file);
  if (path != NULL)
    {
      if (!g_str_has_suffix (path, ".csv"))
        {
          char *p = g_strconcat (path, ".csv", NULL);

          g_free (path);
          path = p;
        }
      basename = g_path_get_basename (path);
      if (ss_window_export_events_to (self, path, &error))
        {
          g_autofree char *msg = g_strdup_printf (_("Saved “%s”"), basename);

          _ss_window_toast (self, msg);
        }
      else
        {
          g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), basename);

          _ss_window_error_dialog (self, heading, error->message);
        }
    }
  g_clear_object (&self->dialog);
}

static void
export_events_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow             *self = SS_WINDOW (widget);
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;

  (void)action_name;
  (void)param;
  if (self->dialog != NULL || ss_event_list_get_dataset (self->event_list) == NULL)
    return;
  native = gtk_file_chooser_native_new (_("Export Events"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                           _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, _("CSV data"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  name = g_strdup_printf ("%s-events.csv", self->scenario->name);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect (native, "response", G_CALLBACK (export_response_cb), self);
  self->dialog = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->dialog);
}

/* ---- room for the charts --------------------------------------------- */

/* The charts keep their column's minimum width (ss-window.ui): where the
 * parameters, the charts and the side panel do not fit side by side, the
 * flap would fold the panel over the charts.  Instead the one of the two
 * panels the user opened last stays: the side panel opened, the
 * parameters yield (and come back when it closes or the window has room
 * again); the parameters opened, the side panel closes.  Only a window
 * narrower than the charts' and the panel's minimum (about 920 px) folds
 * the panel over the charts. */
static gboolean
fit_panels (gpointer data)
{
  SsWindow *self = data;
  gboolean  params = gtk_toggle_button_get_active (self->sidebar_button);
  gboolean  panel = adw_flap_get_reveal_flap (self->panel_flap);

  self->fit_idle = 0;
  self->fitting = TRUE;
  if (panel && params && adw_flap_get_folded (self->panel_flap))
    {
      if (self->last_toggled == self->sidebar_button)
        gtk_toggle_button_set_active (self->panel_button, FALSE);
      else
        {
          self->params_yielded = TRUE;
          gtk_toggle_button_set_active (self->sidebar_button, FALSE);
        }
    }
  else if (self->params_yielded && (!panel || !adw_flap_get_folded (self->panel_flap)))
    {
      GtkWidget *column = gtk_paned_get_end_child (self->main_paned);
      GtkWidget *flap = adw_flap_get_flap (self->panel_flap);
      int        sidebar = 0, charts = 0, side = 0;

      gtk_widget_get_size_request (self->sidebar, &sidebar, NULL);
      gtk_widget_measure (column, GTK_ORIENTATION_HORIZONTAL, -1, &charts, NULL, NULL, NULL);
      if (panel)
        gtk_widget_measure (flap, GTK_ORIENTATION_HORIZONTAL, -1, &side, NULL, NULL, NULL);
      /* the side panel closed, or room for both again */
      if (!panel || sidebar + 1 + charts + 1 + side <= gtk_widget_get_width (GTK_WIDGET (self->panel_flap)))
        {
          self->params_yielded = FALSE;
          gtk_toggle_button_set_active (self->sidebar_button, TRUE);
        }
    }
  self->fitting = FALSE;
  return G_SOURCE_REMOVE;
}

static void
queue_fit (SsWindow *self)
{
  if (self->fit_idle == 0)
    self->fit_idle = g_idle_add (fit_panels, self);
}

static void
panel_toggled_cb (SsWindow *self, GParamSpec *pspec, GtkToggleButton *button)
{
  (void)pspec;
  if (!self->fitting)
    {
      self->last_toggled = button;
      /* the user shows the parameters: they no longer wait to come back */
      if (button == self->sidebar_button)
        self->params_yielded = FALSE;
    }
  queue_fit (self);
}

/* ---- following the runs --------------------------------------------------- */

static void
time_activated_cb (SsWindow *self, double t)
{
  ss_simulation_set_playing (self->simulation, FALSE);
  ss_simulation_set_time (self->simulation, t);
}

/* The markers the charts show: the example's published values and, after
 * a failure, a line where the run stopped on every chart against time
 * (labelled on the first).  Free with g_ptr_array_unref. */
GPtrArray *
_ss_window_dup_markers (SsWindow *self)
{
  GPtrArray *all = g_ptr_array_new_with_free_func ((GDestroyNotify)ss_marker_free);
  double     t = _ss_window_failure_time (self);
  gboolean   labelled = FALSE;

  for (guint i = 0; self->markers != NULL && i < self->markers->len; i++)
    g_ptr_array_add (all, ss_marker_copy (g_ptr_array_index (self->markers, i)));
  if (isnan (t))
    return all;
  for (guint i = 0; i < ss_plot_stack_get_n_charts (self->plot_stack); i++)
    {
      SsChart   *chart = ss_plot_stack_get_chart (self->plot_stack, i);
      GPtrArray *layers = ss_chart_get_layers (chart);

      if (ss_chart_is_xy (chart))
        continue;
      for (guint k = 0; k < layers->len; k++)
        if (SS_IS_LINE_LAYER (g_ptr_array_index (layers, k)))
          {
            SsSeries        *series = ss_line_layer_get_series (g_ptr_array_index (layers, k));
            g_autofree char *when = ss_readable_number (t, 0.0);
            /* Translators: where a failed run stopped, on its charts: "failed at 0.294 s" */
            g_autofree char *label = g_strdup_printf (_("failed at %s s"), when);
            SsMarker        *marker = ss_marker_new (t, ss_series_get_column (series), labelled ? NULL : label);

            marker->failure = TRUE;
            labelled = TRUE;
            g_ptr_array_add (all, marker);
            break;
          }
    }
  return all;
}

/* After every update of the simulation: the markers follow the charts
 * (rebuilt for another model); a final run fills the panels. */
void
_ss_window_panels_update (SsWindow *self)
{
  SsDataset      *ds = ss_simulation_get_dataset (self->simulation);
  SsRunList      *list = ss_window_get_run_list (self);
  const ss_model *m = ds ? ss_dataset_get_model (ds) : NULL;
  g_autoptr(GPtrArray) runs = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) tooltips = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) key = g_string_new (NULL);

  /* another scenario chosen: the example is no longer shown */
  if (self->example != NULL && self->scenario != ss_example_scenario (self->example))
    set_example (self, NULL, -1, FALSE);
  {
    /* the example's and, after a failure, where the run stopped */
    g_autoptr(GPtrArray) markers = _ss_window_dup_markers (self);

    ss_plot_stack_set_markers (self->plot_stack, markers);
  }
  if (ds == NULL || !ss_simulation_get_finished (self->simulation) || ss_simulation_get_preview (self->simulation))
    return;

  /* the metrics: this run, then every visible pinned run that is done */
  g_ptr_array_add (runs, ds);
  /* Translators: column of the metrics table: the run shown */
  g_ptr_array_add (names, (gpointer)_("This run"));
  g_ptr_array_add (titles, g_strdup (_("This run")));
  /* Translators: tooltip of the metrics table's column of the run shown */
  g_ptr_array_add (tooltips, g_strdup (_("The run shown, with the values in the parameter panel")));
  g_string_append_printf (key, "%p", (void *)ds);
  for (guint i = 0; list != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(SsPinnedRun) run = g_list_model_get_item (G_LIST_MODEL (list), i);
      SsDataset *pinned = ss_pinned_run_get_dataset (run);

      if (!ss_pinned_run_get_visible (run) || ss_pinned_run_get_state (run) != SS_PINNED_RUN_DONE || pinned == NULL ||
          pinned == ds)
        continue;
      g_ptr_array_add (runs, pinned);
      g_ptr_array_add (names, (gpointer)ss_pinned_run_get_name (run));
      /* a short title (the user's name, else the pin's number), what
       * differs from this run in the tooltip */
      if (ss_pinned_run_get_renamed (run))
        g_ptr_array_add (titles, g_strdup (ss_pinned_run_get_name (run)));
      else
        /* Translators: title of the metrics table's column of a pinned run, %u its place in the pinned runs */
        g_ptr_array_add (titles, g_strdup_printf (_("Pin %u"), i + 1));
      /* Translators: tooltip of the metrics table's column of a pinned run: %s what differs from the run shown */
      g_ptr_array_add (tooltips, g_strdup_printf (_("Pinned run: %s"), ss_pinned_run_get_name (run)));
      g_string_append_printf (key, " %p:%s", (void *)pinned, ss_pinned_run_get_name (run));
    }
  if (g_strcmp0 (key->str, self->panels_key) == 0)
    return;
  g_free (self->panels_key);
  self->panels_key = g_strdup (key->str);
  g_set_object (&self->panels_dataset, ds);

  ss_bench_trace ("panels: start");
  ss_event_list_set_dataset (self->event_list, ds);
  ss_bench_trace ("panels: events");
  ss_metrics_panel_set_runs (self->metrics_panel, runs, (const char *const *)names->pdata,
                             (const char *const *)titles->pdata, (const char *const *)tooltips->pdata);

  if (self->example != NULL && ss_model_scenario (m) == ss_example_scenario (self->example))
    {
      int setting = ss_example_match_setting (self->example, ss_model_values (m));

      /* the values are a setting's: its markers; else those shown stay */
      set_example (self, self->example, setting >= 0 ? setting : self->example_setting, setting < 0);
      ss_example_panel_set_run (self->example_panel, ds);
    }
}

/* ---- setup ---------------------------------------------------------------- */

void
_ss_window_panels_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (SS_TYPE_EVENT_LIST);
  g_type_ensure (SS_TYPE_METRICS_PANEL);
  g_type_ensure (SS_TYPE_EXAMPLE_PANEL);

  gtk_widget_class_bind_template_child (widget_class, SsWindow, panel_button);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, panel_flap);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, panel_stack);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, event_list);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, metrics_panel);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, example_panel);
  gtk_widget_class_bind_template_child (widget_class, SsWindow, examples_menu);

  gtk_widget_class_install_action (widget_class, "win.example", "(si)", example_action);
  gtk_widget_class_install_action (widget_class, "win.export-events", NULL, export_events_action);
}

void
_ss_window_panels_init (SsWindow *self)
{
  self->markers = g_ptr_array_new_with_free_func ((GDestroyNotify)ss_marker_free);
  self->example_setting = -1;
  fill_examples_menu (self);
  g_settings_bind (self->settings, "show-panel", self->panel_button, "active", G_SETTINGS_BIND_DEFAULT);
  /* folded over the charts, a click beside it closes it: the button follows */
  g_object_bind_property (self->panel_button, "active", self->panel_flap, "reveal-flap",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_swapped (self->panel_button, "notify::active", G_CALLBACK (panel_toggled_cb), self);
  g_signal_connect_swapped (self->sidebar_button, "notify::active", G_CALLBACK (panel_toggled_cb), self);
  g_signal_connect_swapped (self->panel_flap, "notify::folded", G_CALLBACK (queue_fit), self);
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (queue_fit), self);
  g_signal_connect_swapped (self, "notify::maximized", G_CALLBACK (queue_fit), self);
  g_signal_connect_swapped (self, "notify::fullscreened", G_CALLBACK (queue_fit), self);
  g_signal_connect_swapped (self->event_list, "event-activated", G_CALLBACK (time_activated_cb), self);
  g_signal_connect_swapped (self->example_panel, "time-activated", G_CALLBACK (time_activated_cb), self);
  g_signal_connect_swapped (self->example_panel, "setting-activated", G_CALLBACK (setting_activated_cb), self);
}

void
_ss_window_panels_dispose (SsWindow *self)
{
  g_clear_handle_id (&self->fit_idle, g_source_remove);
  g_clear_pointer (&self->markers, g_ptr_array_unref);
  g_clear_object (&self->panels_dataset);
  g_clear_pointer (&self->panels_key, g_free);
}

SsEventList *
ss_window_get_event_list (SsWindow *self)
{
  return self->event_list;
}

SsMetricsPanel *
ss_window_get_metrics_panel (SsWindow *self)
{
  return self->metrics_panel;
}

SsExamplePanel *
ss_window_get_example_panel (SsWindow *self)
{
  return self->example_panel;
}
