/* test-gui.c - the window driven through the code paths the user's clicks
 * take: scenario switch, Play's advance (ss_simulation_advance_to), slider
 * adjustments, exports.  Results are compared with `stickslip-cli`.  This
 * file holds the shared window and helpers and registers every test; the
 * tests are in test-gui-window.c, test-gui-files.c and test-gui-charts.c. */
#include "test-gui.h"

SsWindow *window;
char     *tmpdir;

gboolean
files_equal_text (const char *a, const char *b)
{
  if (strcmp (a, b) == 0)
    return TRUE;
  g_printerr ("--- GUI (%zu bytes)\n%.400s\n--- CLI (%zu bytes)\n%.400s\n", strlen (a), a, strlen (b), b);
  return FALSE;
}

/* The window's run, exported as CSV to @path, is the CLI's for @args. */
void
check_csv_is_cli (const char *path, const char *const *args)
{
  g_autofree char *gui_csv = NULL;
  g_autofree char *cli_csv = NULL;

  g_assert_true (ss_window_export_csv_to (window, path, NULL));
  g_assert_true (g_file_get_contents (path, &gui_csv, NULL, NULL));
  cli_csv = cli_ok (args);
  g_assert_true (files_equal_text (gui_csv, cli_csv));
}

void
check_png (const char *path, int width, int height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new_from_file (path, &error);
  const guchar *px;
  int           stride, n_ch, dark = 0;

  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, width);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, height);
  /* curves, axes and text: a share of dark pixels on white paper */
  px = gdk_pixbuf_get_pixels (pixbuf);
  stride = gdk_pixbuf_get_rowstride (pixbuf);
  n_ch = gdk_pixbuf_get_n_channels (pixbuf);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (px[y * stride + x * n_ch] < 128)
        dark++;
  g_assert_cmpint (dark, >, width * height / 400);
  g_assert_cmpint (dark, <, width * height / 2);
}

guint
count_message_dialogs (const char **body)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint       n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          n++;
          if (body)
            *body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (w));
        }
    }
  return n;
}

void
destroy_message_dialogs (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w))
        gtk_window_destroy (GTK_WINDOW (w));
    }
}

/* Runs the app (or a wrapper) to its end, stdout discarded; its exit
 * status (128 + a signal), and its stderr in *err (freed by the caller). */
int
spawn_app (const char *const *argv, char **env, char **err)
{
  return test_spawn (NULL, argv, (const char *const *)env, NULL, NULL, NULL, err);
}
int
main (int argc, char *argv[])
{
  int rc;

  test_gui_init (&argc, &argv);
  tmpdir = g_dir_make_tmp ("stickslip-gui-XXXXXX", NULL);
  window = ss_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);
      g_autofree char   *path = g_strdup_printf ("/gui/scenario/%s", sc->name);

      g_test_add_data_func (path, sc, test_scenario);
    }
  g_test_add_func ("/gui/startup-whole-run", test_startup_whole_run);
  g_test_add_func ("/gui/slider-recompute", test_slider);
  g_test_add_func ("/gui/undo-redo", test_undo_redo);
  g_test_add_func ("/gui/undo-to-saved", test_undo_to_saved);
  g_test_add_func ("/gui/space-plays", test_space_plays);
  g_test_add_func ("/gui/drag-preview-then-final", test_drag_preview_then_final);
  g_test_add_func ("/gui/every-input-previews", test_every_input_previews);
  g_test_add_func ("/gui/kept-runs", test_kept_runs);
  g_test_add_func ("/gui/steps-ahead", test_steps_ahead);
  g_test_add_func ("/gui/steps-ahead-off", test_steps_ahead_off);
  g_test_add_func ("/gui/fits-1024", test_fits_1024);
  g_test_add_func ("/gui/split-menu-tooltip-quiet", test_split_menu_tooltip_quiet);
  g_test_add_func ("/gui/invalid-values", test_invalid_values);
  g_test_add_func ("/gui/drag-coalesces", test_drag_coalesces);
  g_test_add_func ("/gui/switch-cancels-run", test_switch_cancels_run);
  g_test_add_func ("/gui/drag-outpaces-previews", test_drag_outpaces_previews);
  g_test_add_func ("/gui/export", test_export);
  g_test_add_func ("/gui/scenario-file", test_scenario_file);
  g_test_add_func ("/gui/reset-defaults", test_reset_defaults);
  g_test_add_func ("/gui/settings-persist", test_settings_persist);
  g_test_add_func ("/gui/pinned-runs", test_pinned_runs);
  g_test_add_func ("/gui/compare-all-cli", test_compare_all_cli);
  g_test_add_func ("/gui/compare-all-cancel", test_compare_all_cancel);
  g_test_add_func ("/gui/runs-file", test_runs_file);
  g_test_add_func ("/gui/runs-follow-run-options", test_runs_follow_run_options);
  g_test_add_func ("/gui/split-band", test_split_band);
  g_test_add_func ("/gui/cursors-readout", test_cursors_readout);
  g_test_add_func ("/gui/cursors-copy", test_cursors_copy);
  g_test_add_func ("/gui/cursors-drag", test_cursors_drag);
  g_test_add_func ("/gui/chart-incremental", test_chart_incremental);
  g_test_add_func ("/gui/chart-complete-run", test_chart_complete_run);
  g_test_add_func ("/gui/level-label-room", test_level_label_room);
  g_test_add_func ("/gui/scripted-run-keeps-settings", test_scripted_run_keeps_settings);
  g_test_add_func ("/gui/open-file", test_open_file);
  g_test_add_func ("/gui/memory-budget", test_memory_budget);
  g_test_add_func ("/gui/long-line-dialog", test_long_line_dialog);
  g_test_add_func ("/gui/recompute-progress", test_recompute_progress);
  g_test_add_func ("/gui/failure-dialog", test_failure_dialog);
  g_test_add_func ("/gui/quit-closes-windows", test_quit_closes_windows);
  g_test_add_func ("/gui/files-written-in-place", test_files_written_in_place);
  rc = g_test_run ();

  if (window != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (tmpdir);
  return rc;
}
