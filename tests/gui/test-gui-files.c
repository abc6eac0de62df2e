/* test-gui-files.c - files in and out: plot and data exports, scenario
 * files saved and opened, scripted runs of the app. */
#include "test-gui.h"

#include <sys/stat.h>
#include <unistd.h>

static void
svg_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             data,
           GError             **error)
{
  int *count = data;

  (void)context;
  (void)names;
  (void)values;
  (void)error;
  if (count[0] == 0)
    g_assert_cmpstr (element, ==, "svg");
  count[0]++;
  if (g_str_equal (element, "path"))
    count[1]++;
}

void
test_export (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  g_autofree char *png = g_build_filename (tmpdir, "plot.png", NULL);
  g_autofree char *svg = g_build_filename (tmpdir, "plot.svg", NULL);
  g_autofree char *pdf = g_build_filename (tmpdir, "plot.pdf", NULL);
  g_autofree char *csv = g_build_filename (tmpdir, "data.csv", NULL);
  g_autofree char *bad = g_build_filename (tmpdir, "no-such-dir", "plot.png", NULL);
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  g_assert_true (ss_window_set_scenario (window, "two-block"));
  ss_simulation_set_time (sim, 4.0);
  test_gui_wait_idle (sim);

  title = ss_window_dup_plot_title (window, &subtitle);
  g_assert_nonnull (strstr (subtitle, "M1 = "));

  g_assert_true (ss_window_export_plot_to (window, png, 1200, 900, &error));
  g_assert_no_error (error);
  check_png (png, 1200, 900);

  g_assert_true (ss_window_export_plot_to (window, svg, 800, 900, &error));
  g_assert_no_error (error);
  {
    GMarkupParser        parser = { svg_start, NULL, NULL, NULL, NULL };
    int                  count[2] = { 0, 0 };
    GMarkupParseContext *ctx = g_markup_parse_context_new (&parser, 0, count, NULL);
    g_autoptr(GdkPixbuf) pixbuf = NULL;

    g_assert_true (g_file_get_contents (svg, &text, &len, NULL));
    g_assert_true (g_markup_parse_context_parse (ctx, text, len, &error));
    g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
    g_assert_no_error (error);
    g_markup_parse_context_free (ctx);
    g_assert_cmpint (count[1], >, 20);
    pixbuf = gdk_pixbuf_new_from_file (svg, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, 800);
    g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, 900);
    g_clear_pointer (&text, g_free);
  }

  g_assert_true (ss_window_export_plot_to (window, pdf, 800, 900, &error));
  g_assert_no_error (error);
  {
    const char *p;
    int         pages = 0;

    g_assert_true (g_file_get_contents (pdf, &text, &len, NULL));
    g_assert_true (g_str_has_prefix (text, "%PDF-"));
    /* binary streams hold NUL bytes: memmem, not strstr */
    for (p = text; (p = memmem (p, len - (p - text), "/Type /Page", 11)) != NULL; p++)
      if (p[11] != 's')
        pages++;
    g_assert_cmpint (pages, ==, 1);
    g_assert_nonnull (memmem (text + len - 16, 16, "%%EOF", 5));
    g_clear_pointer (&text, g_free);
  }

  /* the whole run (the playhead at 4 s does not cut it): exactly the
   * CLI's CSV */
  g_assert_true (ss_window_export_csv_to (window, csv, &error));
  g_assert_no_error (error);
  {
    const char      *args[] = { "run", "two-block", "--csv", "-", NULL };
    g_autofree char *cli = cli_ok (args);

    g_assert_true (g_file_get_contents (csv, &text, &len, NULL));
    g_assert_cmpuint (len, >, 400 * 60); /* at least 400 rows of 30 columns */
    g_assert_true (files_equal_text (text, cli));
    /* undetermined statics are empty fields, never a number */
    g_assert_nonnull (strstr (text, ",,"));
  }

  /* failure leaves nothing behind */
  g_assert_false (ss_window_export_plot_to (window, bad, 800, 600, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  g_assert_false (ss_window_export_plot_to (window, png, 50, 50, &error));
  g_clear_error (&error);
  check_png (png, 1200, 900); /* the earlier file is intact */
}

/* Scenario files: what the GUI saves, the CLI runs (same CSV). */
void
test_scenario_file (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("dupont");
  g_autofree char   *path = g_build_filename (tmpdir, "dupont.stickslip", NULL);
  g_autofree char   *bad = g_build_filename (tmpdir, "bad.stickslip", NULL);
  g_autofree char   *csv_path = g_build_filename (tmpdir, "dupont.csv", NULL);
  g_autofree char   *gui_csv = NULL;
  g_autoptr(GError) error = NULL;
  const char      *args[] = { "run", "--file", path, "--csv", "-", NULL };
  g_autofree char *cli_csv = NULL;
  int              im = ss_scenario_param_index (sc, "m1");
  gsize            len;

  g_assert_true (ss_window_set_scenario (window, "dupont"));
  g_assert_true (ss_param_panel_request (panel, "m1", 12.5));
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_save_file (window, path, &error));
  g_assert_no_error (error);

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  g_assert_true (ss_window_load_file (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (ss_window_get_scenario (window) == sc);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 12.5);

  ss_simulation_set_time (sim, sc->t_end);
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_export_csv_to (window, csv_path, &error));
  g_assert_true (g_file_get_contents (csv_path, &gui_csv, &len, NULL));
  cli_csv = cli_ok (args);
  g_assert_true (files_equal_text (gui_csv, cli_csv));

  /* a malformed file is refused with its line; nothing changes */
  g_assert_true (g_file_set_contents (bad, "[scenario]\nname=dupont\n[parameters]\nm1=heavy\n", -1, NULL));
  g_assert_false (ss_window_load_file (window, bad, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "4"));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 12.5);
}

/* `stickslip FILE`: the window opens a scenario file as the Open dialog
 * does (a bad one: one dialog with the reason, nothing changed); a scripted
 * run of a bad file exits with status 1 and saves no picture. */
void
test_open_file (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("two-slider");
  g_autofree char   *good = g_build_filename (tmpdir, "flexible.stickslip", NULL);
  g_autofree char   *bad = g_build_filename (tmpdir, "bendy.stickslip", NULL);
  g_autofree char   *png = g_build_filename (tmpdir, "opened.png", NULL);
  g_autofree char   *bad_png = g_build_filename (tmpdir, "bendy.png", NULL);
  int                irod = ss_scenario_param_index (sc, "rod"), ik1 = ss_scenario_param_index (sc, "k1");
  const char        *body = NULL;

  g_assert_true (
      g_file_set_contents (good, "[scenario]\nname=two-slider\n[parameters]\nrod=flexible\nk1=300000\n", -1, NULL));
  g_assert_true (g_file_set_contents (bad, "[scenario]\nname=two-slider\n[parameters]\nrod=bendy\n", -1, NULL));
  destroy_message_dialogs ();
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);

  g_assert_true (ss_window_open_file (window, good));
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_get_scenario (window) == sc);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[irod], ==, 1.0);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ik1], ==, 3e5);
  g_assert_cmpuint (count_message_dialogs (NULL), ==, 0);

  {
    /* a recent file that no longer opens leaves Recent Scenarios */
    g_autoptr(GFile) file = g_file_new_for_path (bad);
    g_autofree char *uri = g_file_get_uri (file);
    GtkRecentData    data = { NULL, NULL, (char *)"text/plain", (char *)"stickslip", (char *)"stickslip", NULL, FALSE };

    g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data));
    g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
    g_assert_false (ss_window_open_file (window, bad));
    g_assert_false (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  }
  g_assert_cmpuint (count_message_dialogs (&body), ==, 1);
  g_assert_nonnull (strstr (body, "'rod'"));
  g_assert_nonnull (strstr (body, ":4"));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[irod], ==, 1.0);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ik1], ==, 3e5);
  destroy_message_dialogs ();
  /* the scenario's remembered values back to the defaults for later tests */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);

  /* the application itself, scripted */
  {
    const char      *ok_argv[] = { g_getenv ("STICKSLIP_APP"), "--play", "0.2", "--screenshot", png, good, NULL };
    const char      *bad_argv[] = { g_getenv ("STICKSLIP_APP"), "--screenshot", bad_png, bad, NULL };
    g_autofree char *err = NULL;
    int              status = spawn_app (ok_argv, NULL, &err);

    g_assert_cmpint (status, ==, 0);
    g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));

    g_clear_pointer (&err, g_free);
    status = spawn_app (bad_argv, NULL, &err);
    g_assert_cmpint (status, ==, 1);
    g_assert_nonnull (strstr (err, "bendy.stickslip"));
    g_assert_nonnull (strstr (err, "'rod'"));
    g_assert_false (g_file_test (bad_png, G_FILE_TEST_EXISTS));
  }
}

/* A run of the app that scripts its window and quits (--screenshot) leaves
 * the user's saved settings alone; its capture has the screen's pixels. */
void
test_scripted_run_keeps_settings (void)
{
  g_autofree char *config = g_build_filename (tmpdir, "config", NULL);
  g_autofree char *png = g_build_filename (tmpdir, "scripted.png", NULL);
  g_autofree char *keyfile = g_build_filename (config, "glib-2.0", "settings", "keyfile", NULL);
  g_auto(GStrv) env = g_get_environ ();
  const char *argv[] = {
    g_getenv ("STICKSLIP_APP"), "--scenario", "gear-train", "--play", "0.5", "--screenshot", png, NULL
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;

  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "keyfile", TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  g_assert_cmpint (spawn_app (argv, env, &err), ==, 0);
  /* nothing saved: no key file, or none naming the scripted scenario */
  if (g_file_test (keyfile, G_FILE_TEST_EXISTS))
    {
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (keyfile, &text, NULL, NULL));
      g_assert_null (strstr (text, "gear-train"));
    }

  /* on a HiDPI screen (scale 2) the capture has the device pixels: twice
   * the size each way, as sharp as the screen */
  {
    g_autofree char *png2 = g_build_filename (tmpdir, "scripted-2x.png", NULL);
    /* a screen of its own, large enough for the window at twice the size */
    const char *argv2[] = { "xvfb-run",   "-a",     "-s",  "-screen 0 3200x2400x24", argv[0], "--scenario",
                            "gear-train", "--play", "0.5", "--screenshot",           png2,    NULL };
    g_autoptr(GdkPixbuf) shot = gdk_pixbuf_new_from_file (png, &error);
    g_autoptr(GdkPixbuf) shot2 = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (gdk_pixbuf_get_width (shot), >, 400);
    env = g_environ_setenv (env, "GDK_SCALE", "2", TRUE);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (spawn_app (argv2, env, &err), ==, 0);
    shot2 = gdk_pixbuf_new_from_file (png2, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_pixbuf_get_width (shot2), ==, 2 * gdk_pixbuf_get_width (shot));
    g_assert_cmpint (gdk_pixbuf_get_height (shot2), ==, 2 * gdk_pixbuf_get_height (shot));
  }
}

static gpointer
slurp_file (gpointer path)
{
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, NULL);
  return text;
}

/* The GUI's saves and exports go through the engine's output rules (a
 * 0600 file stays 0600, a symlink stays a link, hard links stay linked, a
 * FIFO is written to), and a scenario file whose run would keep more than
 * the cap is refused on opening, as the CLI refuses it. */
void
test_files_written_in_place (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  int                ik = ss_scenario_param_index (sc, "k");
  g_autofree char   *target = g_build_filename (tmpdir, "kept.stickslip", NULL);
  g_autofree char   *link_path = g_build_filename (tmpdir, "kept-link.stickslip", NULL);
  g_autofree char   *png = g_build_filename (tmpdir, "linked.png", NULL);
  g_autofree char   *png2 = g_build_filename (tmpdir, "linked-too.png", NULL);
  g_autofree char   *csv = g_build_filename (tmpdir, "private.csv", NULL);
  g_autofree char   *fifo = g_build_filename (tmpdir, "plot-fifo.svg", NULL);
  g_autofree char   *huge = g_build_filename (tmpdir, "huge.stickslip", NULL);
  g_autofree char   *text = NULL;
  g_autofree char   *svg = NULL;
  g_autoptr(GError) error = NULL;
  double      k;
  struct stat st, st2;
  GThread    *reader;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);

  /* a scenario file saved through a symlink onto a 0600 file */
  g_assert_true (g_file_set_contents (target, "old\n", -1, NULL));
  g_assert_cmpint (chmod (target, 0600), ==, 0);
  g_assert_cmpint (symlink ("kept.stickslip", link_path), ==, 0);
  g_assert_true (ss_window_save_file (window, link_path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (link_path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  g_assert_true (g_file_get_contents (target, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "[scenario]\nname=one-mass\n"));

  /* a plot onto one of two hard links */
  g_assert_true (g_file_set_contents (png, "old", -1, NULL));
  g_assert_cmpint (link (png, png2), ==, 0);
  g_assert_true (ss_window_export_plot_to (window, png, 1200, 900, &error));
  g_assert_no_error (error);
  g_assert_cmpint (stat (png, &st), ==, 0);
  g_assert_cmpint (stat (png2, &st2), ==, 0);
  g_assert_cmpuint (st.st_ino, ==, st2.st_ino);
  check_png (png2, 1200, 900);

  /* the data onto a 0600 file */
  g_assert_true (g_file_set_contents (csv, "old\n", -1, NULL));
  g_assert_cmpint (chmod (csv, 0600), ==, 0);
  g_assert_true (ss_window_export_csv_to (window, csv, &error));
  g_assert_no_error (error);
  g_assert_cmpint (stat (csv, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);

  /* an SVG into a FIFO: written to, not replaced by a file */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_thread_new ("reader", slurp_file, fifo);
  g_assert_true (ss_window_export_plot_to (window, fifo, 800, 600, &error));
  g_assert_no_error (error);
  svg = g_thread_join (reader);
  g_assert_nonnull (svg);
  g_assert_nonnull (strstr (svg, "<svg"));
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* a file whose run would keep more than the cap: refused on opening,
   * naming t_end, dt_out and the cap; nothing changes */
  k = ss_param_panel_get_values (panel)[ik];
  g_assert_true (g_file_set_contents (huge, "[scenario]\nname=one-mass\ndt_out=1e-8\n[parameters]\nk=321\n", -1, NULL));
  g_assert_false (ss_window_load_file (window, huge, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "huge.stickslip:3:"));
  g_assert_nonnull (strstr (error->message, "dt_out = 1e-08 s"));
  g_assert_nonnull (strstr (error->message, "1 GiB"));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ik], ==, k);
}
