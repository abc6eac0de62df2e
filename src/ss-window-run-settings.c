/* ss-window-run-settings.c - the run settings in the window: duration
 * t_end, output step dt_out, the tolerances rtol and atol and the limits
 * max_steps and max_events (which a failed run's message names), each a field
 * checked by the engine's one table of limits (the CLI's and the scenario
 * files' rules and messages), its reason shown under it while the text is
 * invalid.  An empty field means the scenario's default.  They are saved
 * per scenario in the settings and in scenario files. */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "ss-window-private.h"

/* The fields, in ss_run_opts order (SS_RUN_T_END ... SS_RUN_MAX_EVENTS). */
static const struct
{
  int         option;
  const char *label;
} fields[] = {
  { SS_RUN_T_END, N_("Duration") },
    { SS_RUN_DT_OUT, N_("Output step") },
      { SS_RUN_RTOL, N_("Relative tolerance") },
        { SS_RUN_ATOL, N_("Absolute tolerance") },
          { SS_RUN_MAX_STEPS, N_("Step limit") },
            { SS_RUN_MAX_EVENTS, N_("Event limit") },
          };

G_STATIC_ASSERT (G_N_ELEMENTS (fields) == SS_RUN_N_OPTIONS);
G_STATIC_ASSERT (G_N_ELEMENTS (((SsWindow *)NULL)->run_entries) == SS_RUN_N_OPTIONS);

static const ss_model *
current_model (SsWindow *self)
{
  return ss_simulation_get_model (self->simulation);
}

/* The value of field @i when it is left empty, as text. */
static void
default_text (SsWindow *self, guint i, char *buf, gsize size)
{
  const ss_param_info *row = ss_run_option_get (fields[i].option);
  double               value = row->def;

  if (fields[i].option == SS_RUN_T_END && self->scenario != NULL)
    value = self->scenario->t_end;
  else if (fields[i].option == SS_RUN_DT_OUT && self->scenario != NULL)
    value = self->scenario->dt_out;
  ss_param_format (row, value, buf, size);
}

static void
show_error (SsWindow *self, guint i, const char *message)
{
  GtkWidget *entry = GTK_WIDGET (self->run_entries[i]);

  gtk_label_set_text (self->run_errors[i], message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->run_errors[i]), message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (entry, "error");
  else
    gtk_widget_remove_css_class (entry, "error");
}

/* Fills the fields from the simulation's options, placeholders from the
 * scenario's defaults. */
void
_ss_window_run_settings_sync (SsWindow *self)
{
  const ss_run_opts *opts = ss_simulation_get_run_options (self->simulation);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      double value = ss_run_opts_get (opts, fields[i].option);
      char   buf[64] = "";

      if (self->run_entries[i] == NULL)
        continue;
      if (value > 0)
        ss_param_format (ss_run_option_get (fields[i].option), value, buf, sizeof buf);
      gtk_editable_set_text (self->run_entries[i], buf);
      default_text (self, i, buf, sizeof buf);
      gtk_entry_set_placeholder_text (GTK_ENTRY (self->run_entries[i]), buf);
      show_error (self, i, NULL);
    }
}

/* Takes field @i's text: on success the whole run again with the new
 * options; otherwise its reason under it and the previous options kept. */
static void
apply_field (SsWindow *self, guint i)
{
  const ss_param_info *row = ss_run_option_get (fields[i].option);
  ss_run_opts          opts = *ss_simulation_get_run_options (self->simulation);
  ss_run_opts          resolved;
  const char          *text = gtk_editable_get_text (self->run_entries[i]);
  g_autofree char     *stripped = g_strstrip (g_strdup (text));
  char                *error = NULL;
  ss_model            *m;

  if (stripped[0] == '\0')
    {
      /* empty: the scenario's default */
      switch (fields[i].option)
        {
        case SS_RUN_T_END:
          opts.t_end = 0;
          break;
        case SS_RUN_DT_OUT:
          opts.dt_out = 0;
          break;
        case SS_RUN_RTOL:
          opts.rtol = 0;
          break;
        case SS_RUN_ATOL:
          opts.atol = 0;
          break;
        case SS_RUN_MAX_STEPS:
          opts.max_steps = 0;
          break;
        default:
          opts.max_events = 0;
          break;
        }
    }
  else if (!ss_run_opts_set_text (&opts, row->name, stripped, &error))
    {
      show_error (self, i, error);
      free (error);
      return;
    }
  /* the history cap and the other options' rules, as the CLI applies them */
  if (current_model (self) != NULL && !ss_run_opts_resolve (current_model (self), &opts, &resolved, &error))
    {
      show_error (self, i, error);
      free (error);
      return;
    }
  show_error (self, i, NULL);
  if (memcmp (&opts, ss_simulation_get_run_options (self->simulation), sizeof opts) == 0)
    return;
  ss_simulation_set_run_options (self->simulation, &opts);
  m = self->scenario->create (self->scenario, ss_param_panel_get_values (self->param_panel), NULL);
  if (m != NULL)
    ss_simulation_recompute (self->simulation, m);
  _ss_window_save_run_options (self);
  _ss_window_set_modified (self, TRUE);
}

static void
entry_activate_cb (GtkEntry *entry, SsWindow *self)
{
  apply_field (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "field")));
}

static void
entry_leave_cb (GtkEventControllerFocus *focus, SsWindow *self)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));

  apply_field (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "field")));
}

static void
defaults_clicked_cb (GtkButton *button, SsWindow *self)
{
  ss_run_opts opts = { 0 };
  ss_model   *m;

  (void)button;
  ss_simulation_set_run_options (self->simulation, &opts);
  _ss_window_run_settings_sync (self);
  m = self->scenario->create (self->scenario, ss_param_panel_get_values (self->param_panel), NULL);
  if (m != NULL)
    ss_simulation_recompute (self->simulation, m);
  _ss_window_save_run_options (self);
  _ss_window_set_modified (self, TRUE);
}

void
_ss_window_run_settings_init (SsWindow *self)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *title = gtk_label_new (_("Run Settings"));
  GtkWidget *defaults = gtk_button_new_with_mnemonic (_("Scenario _Defaults"));
  int        r = 0;

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (self->run_settings_box, title);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const ss_param_info *row = ss_run_option_get (fields[i].option);
      g_autofree char     *text = g_strdup_printf ("%s %s", _(fields[i].label), row->name);
      GtkWidget           *label = gtk_label_new (text);
      GtkWidget           *entry = gtk_entry_new ();
      GtkWidget *unit = gtk_label_new (row->unit[0] != '\0' && g_strcmp0 (row->unit, "1") != 0 ? row->unit : "");
      GtkWidget *error = gtk_label_new (NULL);
      GtkEventController *focus = gtk_event_controller_focus_new ();
      char                range[128];

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (entry, TRUE);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 10);
      gtk_widget_add_css_class (entry, "numeric");
      g_snprintf (range, sizeof range, "%s: %s", row->name, row->description);
      gtk_widget_set_tooltip_text (entry, range);
      gtk_label_set_xalign (GTK_LABEL (unit), 0);
      gtk_widget_add_css_class (unit, "dim-label");
      gtk_label_set_wrap (GTK_LABEL (error), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (error), 40);
      gtk_label_set_xalign (GTK_LABEL (error), 0);
      gtk_widget_add_css_class (error, "error");
      gtk_widget_add_css_class (error, "caption");
      gtk_widget_set_visible (error, FALSE);
      g_object_set_data (G_OBJECT (entry), "field", GUINT_TO_POINTER (i));
      g_signal_connect (entry, "activate", G_CALLBACK (entry_activate_cb), self);
      g_signal_connect (focus, "leave", G_CALLBACK (entry_leave_cb), self);
      gtk_widget_add_controller (entry, focus);
      gtk_grid_attach (GTK_GRID (grid), label, 0, r, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), entry, 1, r, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), unit, 2, r, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), error, 0, r + 1, 3, 1);
      r += 2;
      self->run_entries[i] = GTK_EDITABLE (entry);
      self->run_errors[i] = GTK_LABEL (error);
    }
  gtk_box_append (self->run_settings_box, grid);
  gtk_widget_set_halign (defaults, GTK_ALIGN_END);
  g_signal_connect (defaults, "clicked", G_CALLBACK (defaults_clicked_cb), self);
  gtk_box_append (self->run_settings_box, defaults);
}

/* The run settings stored for @sc (those that pass the checks) into the
 * simulation. */
void
_ss_window_load_run_options (SsWindow *self, const ss_scenario *sc)
{
  g_autoptr(GVariant) all = g_settings_get_value (self->settings, "run-options");
  g_autoptr(GVariant) dict = g_variant_lookup_value (all, sc->name, G_VARIANT_TYPE ("a{sd}"));
  ss_run_opts opts = { 0 };

  for (guint i = 0; dict != NULL && i < G_N_ELEMENTS (fields); i++)
    {
      double value;

      if (g_variant_lookup (dict, ss_run_option_get (fields[i].option)->name, "d", &value))
        ss_run_opts_set (&opts, fields[i].option, value, NULL);
    }
  ss_simulation_set_run_options (self->simulation, &opts);
}

void
_ss_window_save_run_options (SsWindow *self)
{
  g_autoptr(GVariant) all = NULL;
  const ss_run_opts *opts = ss_simulation_get_run_options (self->simulation);
  GVariantBuilder    outer, inner;
  GVariantIter       iter;
  const char        *key;
  GVariant          *value;

  if (self->scenario == NULL)
    return;
  all = g_settings_get_value (self->settings, "run-options");
  g_variant_builder_init (&outer, G_VARIANT_TYPE ("a{sa{sd}}"));
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s@a{sd}}", &key, &value))
    {
      if (g_strcmp0 (key, self->scenario->name) != 0)
        g_variant_builder_add (&outer, "{s@a{sd}}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_init (&inner, G_VARIANT_TYPE ("a{sd}"));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      double v = ss_run_opts_get (opts, fields[i].option);

      if (v > 0)
        g_variant_builder_add (&inner, "{sd}", ss_run_option_get (fields[i].option)->name, v);
    }
  g_variant_builder_add (&outer, "{sa{sd}}", self->scenario->name, &inner);
  g_settings_set_value (self->settings, "run-options", g_variant_builder_end (&outer));
}
