/* ss-window-actions.c - the window's actions: win.* (playback and the
 * playhead, undo and redo, the parameters, the file dialogs, the pinned
 * runs), installed on the class as GNOME Text Editor's
 * _editor_window_class_actions_init does, and the settings.* toggles stored
 * in GSettings. */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-animation-dialog.h"
#include "ss-export-dialog.h"
#include "ss-study-dialog.h"
#include "ss-window-private.h"

static void
play_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)action_name;
  (void)param;
  ss_simulation_set_playing (self->simulation, !ss_simulation_get_playing (self->simulation));
}

/* Ctrl+R: the run computed afresh, the playhead at its start */
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
playhead_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)param;
  if (g_str_equal (action_name, "win.frame-forward"))
    ss_simulation_step_frame (self->simulation, 1);
  else if (g_str_equal (action_name, "win.frame-back"))
    ss_simulation_step_frame (self->simulation, -1);
  else
    {
      ss_simulation_set_playing (self->simulation, FALSE);
      ss_simulation_set_time (self->simulation, g_str_equal (action_name, "win.go-start")
                                                    ? 0.0
                                                    : ss_simulation_get_t_end (self->simulation));
    }
}

static void
history_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)param;
  if (g_str_equal (action_name, "win.undo"))
    _ss_window_undo (self);
  else
    _ss_window_redo (self);
}

static void
sidebar_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)action_name;
  (void)param;
  gtk_toggle_button_set_active (self->sidebar_button, !gtk_toggle_button_get_active (self->sidebar_button));
}

static void
reset_parameters_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow          *self = SS_WINDOW (widget);
  g_autofree double *values = g_new (double, self->scenario->n_params);

  (void)action_name;
  (void)param;
  ss_scenario_defaults (self->scenario, values);
  ss_param_panel_set_values (self->param_panel, values, NULL); /* emits a final change */
  /* not a part of the next change */
  ss_history_end_step (self->history);
  _ss_window_toast (self, _("Parameters reset to defaults"));
}

static void
runs_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  if (g_str_equal (action_name, "win.pin-run"))
    ss_window_pin_run (self);
  else if (g_str_equal (action_name, "win.clear-runs"))
    ss_window_clear_runs (self);
  else if (g_str_equal (action_name, "win.cancel-runs"))
    ss_run_list_cancel (ss_window_get_run_list (self));
  else
    ss_window_compare_all (self, g_variant_get_string (param, NULL));
}

static void
figure_exported_cb (SsWindow *self, char **paths)
{
  g_autofree char *base = g_path_get_basename (paths[0]);
  g_autofree char *msg = NULL;

  if (g_strv_length (paths) > 1)
    msg = g_strdup_printf (_("Saved %u files"), g_strv_length (paths));
  else
    msg = g_strdup_printf (_("Saved “%s”"), base);
  _ss_window_toast (self, msg);
}

/* Ctrl+E: the Export Figure dialog (size, charts, runs, title), then the
 * file chooser */
static void
export_figure (SsWindow *self)
{
  SsExportDialog *dialog = ss_export_dialog_new (GTK_WINDOW (self), self->plot_stack, self->scenario,
                                                 ss_param_panel_get_values (self->param_panel), NULL);

  g_signal_connect_object (dialog, "exported", G_CALLBACK (figure_exported_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
animation_exported_cb (SsWindow *self, const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *msg = g_strdup_printf (_("Saved “%s”"), base);

  _ss_window_toast (self, msg);
}

/* Ctrl+Alt+E: the Export Animation dialog (range, speed, size, charts) */
static void
export_animation (SsWindow *self)
{
  SsDataset         *dataset = ss_simulation_get_dataset (self->simulation);
  SsAnimationDialog *dialog;

  if (dataset == NULL || ss_dataset_get_n_rows (dataset) == 0)
    {
      _ss_window_toast (self, _("There is no run to export yet"));
      return;
    }
  dialog = ss_animation_dialog_new (GTK_WINDOW (self), self->plot_stack, dataset, self->scenario->name,
                                    g_settings_get_boolean (self->settings, "reveal-curves"),
                                    g_settings_get_boolean (self->settings, "show-forces"));
  g_signal_connect_object (dialog, "exported", G_CALLBACK (animation_exported_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
file_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)param;
  if (g_str_equal (action_name, "win.open"))
    _ss_window_run_dialog (self, SS_WINDOW_DIALOG_OPEN);
  else if (g_str_equal (action_name, "win.save") && self->file_path != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *basename = g_path_get_basename (self->file_path);

      if (ss_window_save_file (self, self->file_path, &error))
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
  else if (g_str_equal (action_name, "win.save") || g_str_equal (action_name, "win.save-as"))
    _ss_window_run_dialog (self, SS_WINDOW_DIALOG_SAVE);
  else if (g_str_equal (action_name, "win.export-plot"))
    export_figure (self);
  else if (g_str_equal (action_name, "win.export-animation"))
    export_animation (self);
  else
    _ss_window_run_dialog (self, SS_WINDOW_DIALOG_EXPORT_CSV);
}

/* the parameter study window (one per window, made on first use): the
 * window's scenario, values and run options as its base; a variant chosen
 * there is applied here as one undo step */
#define STUDY_DIALOG_KEY "ss-study-dialog"

static void
study_base (SsWindow *self, SsStudyDialog *dialog)
{
  ss_study_dialog_set_base (dialog, ss_window_get_scenario (self),
                            ss_param_panel_get_values (ss_window_get_param_panel (self)),
                            ss_simulation_get_run_options (ss_window_get_simulation (self)));
}

static void
study_variant_chosen (SsStudyDialog *dialog, const ss_scenario *sc, const double *values, SsWindow *self)
{
  (void)dialog;
  ss_window_apply_state (self, sc, values);
}

static void
study_base_wanted (SsStudyDialog *dialog, SsWindow *self)
{
  study_base (self, dialog);
}

static void
study_dialog_destroyed (GtkWidget *dialog, SsWindow *self)
{
  (void)dialog;
  g_object_set_data (G_OBJECT (self), STUDY_DIALOG_KEY, NULL);
}

SsStudyDialog *
ss_window_show_study_dialog (SsWindow *self)
{
  SsStudyDialog *dialog = g_object_get_data (G_OBJECT (self), STUDY_DIALOG_KEY);

  g_return_val_if_fail (SS_IS_WINDOW (self), NULL);
  if (dialog == NULL)
    {
      dialog = ss_study_dialog_new (GTK_WINDOW (self), ss_window_get_scenario (self),
                                    ss_param_panel_get_values (ss_window_get_param_panel (self)),
                                    ss_simulation_get_run_options (ss_window_get_simulation (self)));
      g_signal_connect_object (dialog, "variant-chosen", G_CALLBACK (study_variant_chosen), self, 0);
      g_signal_connect_object (dialog, "base-wanted", G_CALLBACK (study_base_wanted), self, 0);
      g_signal_connect_object (dialog, "destroy", G_CALLBACK (study_dialog_destroyed), self, 0);
      g_object_set_data (G_OBJECT (self), STUDY_DIALOG_KEY, dialog);
      /* no larger than the window it belongs to (a 1024×700 screen) */
      {
        int width = 0, height = 0;

        gtk_window_get_default_size (GTK_WINDOW (dialog), &width, &height);
        if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
          gtk_window_set_default_size (GTK_WINDOW (dialog), MIN (width, gtk_widget_get_width (GTK_WIDGET (self))),
                                       MIN (height, gtk_widget_get_height (GTK_WIDGET (self))));
      }
    }
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
new_study_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)action_name;
  (void)param;
  ss_window_show_study_dialog (SS_WINDOW (widget));
}

static void
open_recent_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  (void)action_name;
  ss_window_open_file (SS_WINDOW (widget), g_variant_get_string (param, NULL));
}

/* Space plays and pauses whatever has the focus, except a text field being
 * typed in (a spin button's text included): the window sees the key first. */
static gboolean
space_pressed_cb (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, SsWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  (void)controller;
  (void)keycode;
  if (keyval != GDK_KEY_space || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  if (focus != NULL && (GTK_IS_EDITABLE (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.play", NULL);
  return TRUE;
}

void
_ss_window_class_actions_init (SsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "win.reset", NULL, reset_action);
  gtk_widget_class_install_action (widget_class, "win.go-start", NULL, playhead_action);
  gtk_widget_class_install_action (widget_class, "win.go-end", NULL, playhead_action);
  gtk_widget_class_install_action (widget_class, "win.frame-back", NULL, playhead_action);
  gtk_widget_class_install_action (widget_class, "win.frame-forward", NULL, playhead_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, sidebar_action);
  gtk_widget_class_install_action (widget_class, "win.reset-parameters", NULL, reset_parameters_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.export-plot", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.export-csv", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.export-animation", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "win.pin-run", NULL, runs_action);
  gtk_widget_class_install_action (widget_class, "win.clear-runs", NULL, runs_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-runs", NULL, runs_action);
  /* one pinned run per choice of the choice parameter named */
  gtk_widget_class_install_action (widget_class, "win.compare-all", "s", runs_action);
  gtk_widget_class_install_action (widget_class, "win.new-study", NULL, new_study_action);

  /* keys that act on the playhead wherever the focus is, but not while a
   * text field takes them (bubble phase: the focused widget first) */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "win.go-start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "win.go-end", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, 0, "win.frame-back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, 0, "win.frame-forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, 0, "settings.loop", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-sidebar", NULL);
}

/* The instance's part: the toggles stored in GSettings, the Space key seen
 * before the focused widget, and the actions that start disabled. */
void
_ss_window_actions_init (SsWindow *self)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  const char *const   keys[] = { "show-ghost", "show-forces", "reveal-curves", "loop", "compute-ahead" };
  GtkEventController *keys_controller = gtk_event_controller_key_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, keys[i]);

      g_action_map_add_action (G_ACTION_MAP (group), action);
    }
  gtk_widget_insert_action_group (GTK_WIDGET (self), "settings", G_ACTION_GROUP (group));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", FALSE);

  gtk_event_controller_set_propagation_phase (keys_controller, GTK_PHASE_CAPTURE);
  g_signal_connect (keys_controller, "key-pressed", G_CALLBACK (space_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys_controller);
}
