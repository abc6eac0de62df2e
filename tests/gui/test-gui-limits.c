/* test-gui-limits.c - what the window keeps stays bounded: one memory
 * budget for the current run and every pinned run (a file of 64 pins of
 * 2.5 million rows each reached 6 GB in 12 s, 20 GiB at its peak), and an
 * error dialog of bounded size however long the text it reports (a
 * 20,000-character line kept the main thread in Pango for minutes). */
#include "test-gui.h"

#include "ss-memory-budget.h"

/* A file like the one that exhausted memory: one-mass at dt_out = 4e-6 s
 * (2,500,001 rows, 305 MiB a run) with 64 pinned runs. */
static char *
write_pins64 (void)
{
  GString *text = g_string_new ("[scenario]\nname=one-mass\ndt_out=4e-6\n[parameters]\nk=100\n");
  char    *path = g_build_filename (tmpdir, "pins64.stickslip", NULL);

  for (int i = 1; i <= 64; i++)
    g_string_append_printf (text, "[run %d]\nname=pin %d <b>&amp;\nk=%d\n", i, i, 100 + i);
  g_assert_true (g_file_set_contents (path, text->str, (gssize)text->len, NULL));
  g_string_free (text, TRUE);
  return path;
}

void
test_memory_budget (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  g_autofree char *path = write_pins64 ();
  ss_run_opts      opts;
  SsRunList       *list;
  guint            n, computing = 0, refused = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  opts = *ss_simulation_get_run_options (sim);
  g_assert_true (ss_window_load_file (window, path, &error));
  g_assert_no_error (error);
  list = ss_window_get_run_list (window);
  n = g_list_model_get_n_items (G_LIST_MODEL (list));
  g_assert_cmpuint (n, ==, 64);
  /* the app's own accounting: within the budget, the current run and the
   * pins under way counted at their whole grids */
  g_assert_cmpuint (ss_window_get_memory_used (window), <=, SS_MEMORY_BUDGET);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SsPinnedRun) run = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (ss_pinned_run_get_state (run) == SS_PINNED_RUN_COMPUTING)
        computing++;
      else if (ss_pinned_run_get_state (run) == SS_PINNED_RUN_FAILED)
        {
          g_assert_nonnull (strstr (ss_pinned_run_get_error (run), "memory budget"));
          refused++;
        }
    }
  /* 305 MiB a run: the current one and nine pins fit 3 GiB */
  g_assert_cmpuint (computing, ==, 9);
  g_assert_cmpuint (refused, ==, 55);
  /* a change that would pass it is refused too: Compare all adds nothing */
  g_assert_cmpuint (ss_window_compare_all (window, "law"), >, 0);
  g_assert_cmpuint (ss_window_get_memory_used (window), <=, SS_MEMORY_BUDGET);

  /* removed, the pins' room is free again: the current run and its ghost */
  ss_window_clear_runs (window);
  g_assert_cmpuint (ss_window_get_memory_used (window), <, (gsize)1 << 30);
  opts.t_end = 0;
  opts.dt_out = 0;
  ss_simulation_set_run_options (sim, &opts);
  ss_simulation_reset (sim);
  test_gui_wait_idle (sim);
}

/* Opening a file whose third line is 20,000 characters: the dialog shows
 * at once an excerpt (a message under 200 characters); any long text in
 * an error dialog is cut, and the dialog fits the screen. */
void
test_long_line_dialog (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "longline.stickslip", NULL);
  GString         *text = g_string_new ("[scenario]\nname=one-mass\n");
  const char      *body = NULL;
  GtkWidget       *dialog;
  int              width, height;

  for (int i = 0; i < 20000; i++)
    g_string_append_c (text, 'x');
  g_string_append_c (text, '\n');
  g_assert_true (g_file_set_contents (path, text->str, (gssize)text->len, NULL));
  destroy_message_dialogs ();
  g_assert_false (ss_window_open_file (window, path));
  g_assert_cmpuint (count_message_dialogs (&body), ==, 1);
  g_assert_cmpuint (strlen (body), <, 200);
  g_assert_nonnull (strstr (body, "longline.stickslip:3:"));
  g_assert_nonnull (strstr (body, "\u2026"));
  destroy_message_dialogs ();

  /* any text: at most 400 characters and 8 lines, and a size that fits */
  dialog = _ss_window_error_dialog (window, "Heading", text->str);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_cmpuint (g_utf8_strlen (body, -1), <=, 401);
  g_assert_true (g_str_has_suffix (body, "\u2026"));
  gtk_widget_measure (dialog, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  gtk_widget_measure (dialog, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  g_assert_cmpint (width, <=, 1024);
  g_assert_cmpint (height, <=, 768);
  destroy_message_dialogs ();
  g_string_truncate (text, 0);
  for (int i = 0; i < 100; i++)
    g_string_append (text, "line\n");
  dialog = _ss_window_error_dialog (window, "Heading", text->str);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_cmpstr (body, ==, "line\nline\nline\nline\nline\nline\nline\nline\u2026");
  destroy_message_dialogs ();
  g_string_free (text, TRUE);
}
