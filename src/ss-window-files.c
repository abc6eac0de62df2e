/* ss-window-files.c - scenario files and exports: the Open, Save, Export
 * Plot and Export Data dialogs, and the loading, saving and exporting
 * behind them (also used directly by `stickslip FILE` and the tests). */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include <stickslip/scenario-file.h>
#include "ss-export.h"
#include "ss-model-strings.h"
#include "ss-readable.h"
#include "ss-window-private.h"

/* The plot's title (scenario and law) and, in @subtitle, the parameters
 * shown in the panel with their values, as an export prints them. */
char *
ss_window_dup_plot_title (SsWindow *self, char **subtitle)
{
  const double *values = ss_param_panel_get_values (self->param_panel);
  const char   *law = _ss_window_law_name (self);
  char         *title;

  if (law != NULL)
    title = g_strdup_printf ("%s — %s", ss_i18n_model_text (self->scenario->title), ss_i18n_choice_label (law));
  else
    title = g_strdup (ss_i18n_model_text (self->scenario->title));

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
          ss_param_format (p, ss_readable_param (p, values[i]), buf, sizeof buf);
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
  ss_scenario_pin   *pins = NULL;
  int                n_pins = 0;
  double            *values = ss_scenario_file_load_pins (path, &sc, &opts, &pins, &n_pins, &msg);
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
      ss_scenario_pins_free (pins, n_pins);
      return FALSE;
    }
  ss_model_free (m);
  if (self->scenario != NULL)
    _ss_window_save_scenario (self);
  ss_simulation_set_playing (self->simulation, FALSE);
  ss_simulation_set_run_options (self->simulation, &opts);
  _ss_window_apply_scenario (self, sc, values);
  /* the file's pinned runs replace the scenario's, computed afresh */
  ss_run_list_clear (self->runs);
  ss_run_list_set_run_options (self->runs, &opts);
  ss_run_list_set_current (self->runs, values);
  for (int i = 0; i < n_pins; i++)
    {
      SsPinnedRun *run = ss_run_list_pin (self->runs, pins[i].values, pins[i].name);

      ss_pinned_run_set_visible (run, !pins[i].hidden);
    }
  _ss_window_set_file (self, path);
  ss_scenario_pins_free (pins, n_pins);
  free (values);
  return TRUE;
}

/* Opens a scenario file as a user does (the Open dialog, `stickslip FILE`):
 * a toast when it is loaded; otherwise a dialog with the reason, the
 * scenario on screen stays as it was and the file leaves Recent
 * Scenarios. */
gboolean
ss_window_open_file (SsWindow *self, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_path_get_basename (path);

  if (ss_window_load_file (self, path, &error))
    {
      g_autofree char *msg = g_strdup_printf (_("Opened “%s”"), basename);

      _ss_window_toast (self, msg);
      return TRUE;
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), basename);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *uri = g_file_get_uri (file);

      /* Recent Scenarios offers only files that open */
      gtk_recent_manager_remove_item (gtk_recent_manager_get_default (), uri, NULL);
      _ss_window_error_dialog (self, heading, error->message);
      return FALSE;
    }
}

gboolean
ss_window_save_file (SsWindow *self, const char *path, GError **error)
{
  char            *msg = NULL;
  ss_run_opts      opts = *ss_simulation_get_run_options (self->simulation);
  guint            n_pins = g_list_model_get_n_items (G_LIST_MODEL (self->runs));
  ss_scenario_pin *pins = g_new0 (ss_scenario_pin, MAX (n_pins, 1));
  gboolean         ok;

  if (opts.t_end <= 0)
    opts.t_end = self->scenario->t_end;
  if (opts.dt_out <= 0)
    opts.dt_out = self->scenario->dt_out;
  /* the pinned runs: their values, the user's names, hidden ones */
  for (guint i = 0; i < n_pins; i++)
    {
      g_autoptr(SsPinnedRun) run = g_list_model_get_item (G_LIST_MODEL (self->runs), i);

      pins[i].values = (double *)ss_pinned_run_get_values (run);
      pins[i].name = ss_pinned_run_get_renamed (run) ? (char *)ss_pinned_run_get_name (run) : NULL;
      pins[i].hidden = !ss_pinned_run_get_visible (run);
    }
  ok = ss_scenario_file_save_pins (path, self->scenario, ss_param_panel_get_values (self->param_panel), &opts, pins,
                                   (int)n_pins, &msg);
  g_free (pins);
  if (!ok)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, msg ? msg : _("Could not save"));
      free (msg);
      return FALSE;
    }
  _ss_window_set_file (self, path);
  return TRUE;
}

/* ---- recent scenario files ---------------------------------------------- */

#define MAX_RECENT 8

static gint
compare_recent (gconstpointer a, gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified (*(GtkRecentInfo **)a);
  GDateTime *tb = gtk_recent_info_get_modified (*(GtkRecentInfo **)b);

  return g_date_time_compare (tb, ta);
}

/* The Recent Scenarios submenu: the newest scenario files that still
 * exist. */
static void
recent_changed_cb (GtkRecentManager *manager, SsWindow *self)
{
  GList     *items = gtk_recent_manager_get_items (manager);
  GPtrArray *found = g_ptr_array_new ();

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (g_str_has_suffix (gtk_recent_info_get_uri (info), ".stickslip") && gtk_recent_info_is_local (info) &&
          gtk_recent_info_exists (info))
        g_ptr_array_add (found, info);
    }
  g_ptr_array_sort (found, compare_recent);
  for (guint i = 0; i < found->len && i < MAX_RECENT; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (found, i);
      g_autoptr(GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *label = g_path_get_basename (path);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      if (path == NULL)
        continue;
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", path);
      g_menu_append_item (self->recent_menu, item);
    }
  g_ptr_array_unref (found);
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
}

void
_ss_window_recent_init (SsWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();

  g_signal_connect_object (manager, "changed", G_CALLBACK (recent_changed_cb), self, 0);
  recent_changed_cb (manager, self);
}

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
  SsWindowDialog kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "kind"));
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
    case SS_WINDOW_DIALOG_OPEN:
      ss_window_open_file (self, path);
      goto out;
    case SS_WINDOW_DIALOG_SAVE:
      basename = g_path_get_basename (path);
      if (strchr (basename, '.') == NULL)
        {
          char *p = g_strconcat (path, ".stickslip", NULL);
          g_free (path);
          path = p;
        }
      ok = ss_window_save_file (self, path, &error);
      break;
    case SS_WINDOW_DIALOG_EXPORT_PLOT:
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
    case SS_WINDOW_DIALOG_EXPORT_CSV:
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

      _ss_window_toast (self, msg);
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), basename);

      _ss_window_error_dialog (self, heading, error ? error->message : _("Unknown error"));
    }

out:
  g_clear_object (&self->dialog);
}

/* Opens the file dialog of @kind (the hub's _ss_window_run_dialog: none is
 * open). */
void
_ss_window_files_run_dialog (SsWindow *self, SsWindowDialog kind)
{
  GtkFileChooserAction action =
      kind == SS_WINDOW_DIALOG_OPEN ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE;
  const char *titles[] = { N_("Open Scenario"), N_("Save Scenario"), N_("Export Plot"), N_("Export Data") };
  const char *accept =
      kind == SS_WINDOW_DIALOG_OPEN ? _("_Open") : (kind == SS_WINDOW_DIALOG_SAVE ? _("_Save") : _("_Export"));
  GtkFileChooserNative *native;
  g_autofree char      *name = NULL;

  native = gtk_file_chooser_native_new (_(titles[kind]), GTK_WINDOW (self), action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  switch (kind)
    {
    case SS_WINDOW_DIALOG_OPEN:
    case SS_WINDOW_DIALOG_SAVE:
      add_filter (GTK_FILE_CHOOSER (native), _("Scenario files"), "*.stickslip");
      add_filter (GTK_FILE_CHOOSER (native), _("All files"), "*");
      name = g_strdup_printf ("%s.stickslip", self->scenario->name);
      break;
    case SS_WINDOW_DIALOG_EXPORT_PLOT:
      add_filter (GTK_FILE_CHOOSER (native), _("PNG image"), "*.png");
      add_filter (GTK_FILE_CHOOSER (native), _("SVG image"), "*.svg");
      add_filter (GTK_FILE_CHOOSER (native), _("PDF document"), "*.pdf");
      name = g_strdup_printf ("%s.png", self->scenario->name);
      break;
    case SS_WINDOW_DIALOG_EXPORT_CSV:
      add_filter (GTK_FILE_CHOOSER (native), _("CSV data"), "*.csv");
      name = g_strdup_printf ("%s.csv", self->scenario->name);
      break;
    default:
      g_assert_not_reached ();
    }
  if (kind != SS_WINDOW_DIALOG_OPEN)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data (G_OBJECT (native), "kind", GINT_TO_POINTER (kind));
  g_signal_connect (native, "response", G_CALLBACK (dialog_response_cb), self);
  self->dialog = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->dialog);
}
