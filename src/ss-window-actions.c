/* ss-window-actions.c - the window's actions: win.* (play, reset, step,
 * reset parameters, the file dialogs, the reference run), installed on the
 * class as GNOME Text Editor's _editor_window_class_actions_init does, and
 * the settings.show-ghost and settings.show-forces toggles. */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-window-private.h"

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
  _ss_window_save_parameters (self);
  _ss_window_toast (self, _("Parameters reset to defaults"));
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

static void
file_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  SsWindow *self = SS_WINDOW (widget);

  (void)param;
  if (g_str_equal (action_name, "win.open"))
    _ss_window_run_dialog (self, SS_WINDOW_DIALOG_OPEN);
  else if (g_str_equal (action_name, "win.save"))
    _ss_window_run_dialog (self, SS_WINDOW_DIALOG_SAVE);
  else if (g_str_equal (action_name, "win.export-plot"))
    _ss_window_run_dialog (self, SS_WINDOW_DIALOG_EXPORT_PLOT);
  else
    _ss_window_run_dialog (self, SS_WINDOW_DIALOG_EXPORT_CSV);
}

void
_ss_window_class_actions_init (SsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

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

/* The instance's part: the toggles stored in GSettings, and the actions
 * that start disabled. */
void
_ss_window_actions_init (SsWindow *self)
{
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  const char *const keys[] = { "show-ghost", "show-forces" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, keys[i]);

      g_action_map_add_action (G_ACTION_MAP (group), action);
    }
  gtk_widget_insert_action_group (GTK_WIDGET (self), "settings", G_ACTION_GROUP (group));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clear-reference", FALSE);
}
