/* test-gui.c - the window driven through the code paths the user's clicks
 * take: scenario switch, Play's advance (ss_simulation_advance_to), slider
 * adjustments, exports.  Results are compared with `stickslip-cli`. */
#include "config.h"

#include <adwaita.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ss-application.h"
#include "ss-band-layer.h"
#include "ss-level-layer.h"
#include "ss-line-layer.h"
#include "ss-chart.h"
#include "ss-export.h"
#include "ss-resources.h"
#include "ss-series.h"
#include "ss-span-layer.h"
#include "ss-time-axis.h"
#include "ss-units.h"
#include "ss-window.h"
#include "stickslip.h"

static SsWindow *window;
static char     *tmpdir;

/* Lets the worker finish and the main loop take its batches. */
static void
wait_idle (SsSimulation *sim)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (ss_simulation_is_busy (sim) || g_main_context_pending (NULL))
    {
      g_main_context_iteration (NULL, FALSE);
      if (ss_simulation_is_busy (sim))
        g_usleep (200);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

/* Runs the CLI; returns its stdout (asserts exit status 0). */
static char *
run_cli (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer)g_getenv ("STICKSLIP_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (
      g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("stickslip-cli failed: %s", err);
  return g_steal_pointer (&out);
}

static int
find_field (char **header, const char *name)
{
  for (int i = 0; header[i] != NULL; i++)
    if (strcmp (header[i], name) == 0)
      return i;
  return -1;
}

/* Per scenario: Play's path to t = 2 s, plots hold data, the contact modes
 * equal the CLI's at the same time, the mechanism drew something. */
static void
test_scenario (gconstpointer data)
{
  const ss_scenario *sc = data;
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsPlotStack       *stack = ss_window_get_plot_stack (window);
  double             t_run = MIN (2.0, sc->t_end);
  const char        *args[] = { "run", sc->name, "--csv", "-", NULL };
  g_autofree char   *csv = NULL;
  g_auto(GStrv) header = NULL;
  g_auto(GStrv) last = NULL;
  const ss_model *m;
  const int      *modes;
  int             n_modes;
  SsDataset      *ds;

  g_assert_true (ss_window_set_scenario (window, sc->name));
  wait_idle (sim);
  ds = ss_simulation_get_dataset (sim);
  g_assert_cmpuint (ss_dataset_get_n_rows (ds), ==, 1); /* t = 0 */

  ss_simulation_advance_to (sim, t_run);
  wait_idle (sim);
  ds = ss_simulation_get_dataset (sim);
  m = ss_simulation_get_model (sim);
  /* the engine may integrate past the target up to an event it meets */
  g_assert_cmpfloat (ss_simulation_get_time (sim), >=, t_run - 1e-9);
  g_assert_cmpfloat (ss_simulation_get_time (sim), ==, ss_dataset_get_end_time (ds));
  g_assert_cmpuint (ss_dataset_get_n_rows (ds), >=, (guint)floor (t_run / sc->dt_out + 1e-9) + 1);

  g_assert_cmpuint (ss_plot_stack_get_n_charts (stack), >=, 2);
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChart *chart = ss_plot_stack_get_chart (stack, i);
      double   lo, hi;

      g_assert_cmpuint (ss_chart_count_points (chart), >=, ss_dataset_get_n_rows (ds) / 2);
      g_assert_true (ss_chart_get_y_range (chart, &lo, &hi));
      g_assert_true (isfinite (lo) && isfinite (hi) && lo <= hi);
    }

  /* modes against the CLI's row at the same instant (the GUI's last
   * sample; the last row of that time when an event shares it) */
  csv = run_cli (args);
  {
    g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);
    double t_gui = ss_simulation_get_time (sim);

    header = g_strsplit (lines[0], ",", -1);
    for (guint i = 1; lines[i] != NULL; i++)
      if (lines[i][0] != '\0' && fabs (g_ascii_strtod (lines[i], NULL) - t_gui) < 1e-9)
        {
          g_strfreev (last);
          last = g_strsplit (lines[i], ",", -1);
        }
    g_assert_nonnull (last);
  }
  modes = ss_simulation_get_modes (sim, &n_modes);
  g_assert_cmpint (n_modes, ==, ss_model_n_contacts (m));
  for (int c = 0; c < n_modes; c++)
    {
      g_autofree char *stick_name = g_strdup_printf ("%s.stick", ss_model_contact_name (m, c));
      int              f = find_field (header, stick_name);

      g_assert_cmpint (f, >=, 0);
      g_assert_cmpint (atoi (last[f]) == 1, ==, modes[c] == SS_MODE_STICK);
    }

  /* the status line names every contact */
  {
    g_autofree char *status = ss_window_dup_status_text (window);

    for (int c = 0; c < n_modes; c++)
      g_assert_nonnull (strstr (status, ss_model_contact_name (m, c)));
  }

  /* the canvas drew this run (a named drawing, or the generic one) */
  {
    SsMechanismView     *view = ss_window_get_mechanism_view (window);
    cairo_surface_t     *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 200);
    cairo_t             *cr = cairo_create (surface);
    const unsigned char *px;
    int                  stride, inked = 0;

    ss_mechanism_view_draw (view, cr, 800, 200);
    cairo_surface_flush (surface);
    px = cairo_image_surface_get_data (surface);
    stride = cairo_image_surface_get_stride (surface);
    for (int y = 0; y < 200; y++)
      for (int x = 0; x < 800; x++)
        if (px[y * stride + 4 * x + 3] != 0)
          inked++;
    g_assert_cmpint (inked, >, 800 * 200 / 50);
    if (g_str_equal (sc->name, "one-mass") || g_str_equal (sc->name, "dupont") || g_str_equal (sc->name, "two-block"))
      g_assert_cmpstr (ss_mechanism_view_get_drawing (view), ==, sc->name);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
}

static gboolean
files_equal_text (const char *a, const char *b)
{
  if (strcmp (a, b) == 0)
    return TRUE;
  g_printerr ("--- GUI (%zu bytes)\n%.400s\n--- CLI (%zu bytes)\n%.400s\n", strlen (a), a, strlen (b), b);
  return FALSE;
}

/* A slider change recomputes the whole history with the new value; the
 * previous run becomes the ghost; the CSV equals the CLI's for it. */
static void
test_slider (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  SsParamRow        *row;
  SsDataset         *before, *after;
  const char        *args[] = { "run", "one-mass", "--set", "k=400", "--csv", "-", NULL };
  g_autofree char   *cli_csv = NULL;
  g_autofree char   *gui_csv = NULL;
  g_autofree char   *path = g_build_filename (tmpdir, "slider.csv", NULL);
  gsize              len;
  int                ik = ss_scenario_param_index (sc, "k");

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_advance_to (sim, sc->t_end);
  wait_idle (sim);
  before = g_object_ref (ss_simulation_get_dataset (sim));
  g_assert_cmpfloat (ss_model_values (ss_dataset_get_model (before))[ik], ==, 100.0);

  row = ss_param_panel_get_row (panel, "k");
  g_assert_nonnull (row);
  /* k is a log-scale parameter: the slider works in log10 */
  gtk_adjustment_set_value (ss_param_row_get_adjustment (row), log10 (400.0));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ik], ==, 400.0);
  wait_idle (sim);

  after = ss_simulation_get_dataset (sim);
  g_assert_true (after != before);
  g_assert_cmpfloat (ss_model_values (ss_dataset_get_model (after))[ik], ==, 400.0);
  /* the whole history again, from t = 0 to where the run was */
  g_assert_cmpfloat (ss_dataset_get_times (after)[0], ==, 0.0);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (after), sc->t_end, 1e-9);
  g_assert_true (ss_simulation_get_ghost (sim) == before);

  /* a stiffer spring: more stick-slip cycles in the same time */
  {
    guint        n_before, n_after;
    SsSpanLayer *span = NULL;
    SsChart     *chart = ss_plot_stack_get_chart (ss_window_get_plot_stack (window), 0);
    GPtrArray   *layers = ss_chart_get_layers (chart);

    for (guint i = 0; i < layers->len && span == NULL; i++)
      if (SS_IS_SPAN_LAYER (g_ptr_array_index (layers, i)))
        span = g_ptr_array_index (layers, i);
    g_assert_nonnull (span);
    n_after = ss_span_layer_count_spans (span, 0, sc->t_end);
    ss_series_set_dataset (ss_span_layer_get_series (span), before);
    n_before = ss_span_layer_count_spans (span, 0, sc->t_end);
    ss_series_set_dataset (ss_span_layer_get_series (span), after);
    g_assert_cmpuint (n_before, >=, 2);
    g_assert_cmpuint (n_after, >, n_before);
  }

  /* the data equal the CLI's for the same parameters */
  g_assert_true (ss_window_export_csv_to (window, path, NULL));
  g_assert_true (g_file_get_contents (path, &gui_csv, &len, NULL));
  cli_csv = run_cli (args);
  g_assert_true (files_equal_text (gui_csv, cli_csv));

  g_object_unref (before);
}

/* Refused values: out of range and mu_k > mu_s.  The reason is shown and
 * the last valid run stays. */
static void
test_invalid_values (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *valid = NULL;
  SsDataset         *ds;
  SsParamRow        *row;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_advance_to (sim, 1.0);
  wait_idle (sim);
  ds = ss_simulation_get_dataset (sim);
  valid = g_memdup2 (ss_param_panel_get_values (panel), sizeof (double) * sc->n_params);

  row = ss_param_panel_get_row (panel, "k");
  gtk_spin_button_set_value (ss_param_row_get_spin (row), -5.0);
  wait_idle (sim);
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_nonnull (strstr (ss_param_row_get_error (row), "k"));
  g_assert_true (memcmp (valid, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_true (ss_simulation_get_dataset (sim) == ds);

  row = ss_param_panel_get_row (panel, "mu_k");
  gtk_spin_button_set_value (ss_param_row_get_spin (row), 0.9); /* mu_s = 0.5 */
  wait_idle (sim);
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_nonnull (strstr (ss_param_row_get_error (row), "mu_k"));
  g_assert_true (memcmp (valid, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_true (ss_simulation_get_dataset (sim) == ds);

  /* a valid value clears the refusals and recomputes */
  row = ss_param_panel_get_row (panel, "mu_k");
  gtk_spin_button_set_value (ss_param_row_get_spin (row), 0.25);
  wait_idle (sim);
  g_assert_null (ss_param_row_get_error (row));
  g_assert_null (ss_param_row_get_error (ss_param_panel_get_row (panel, "k")));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ss_scenario_param_index (sc, "mu_k")], ==, 0.25);
  g_assert_true (ss_simulation_get_dataset (sim) != ds);
}

/* A drag that outruns the worker: only the last value's run arrives. */
static void
test_drag_coalesces (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  SsParamRow        *row;
  int                ik = ss_scenario_param_index (sc, "k");

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_advance_to (sim, sc->t_end);
  wait_idle (sim);
  row = ss_param_panel_get_row (panel, "k");
  for (int i = 0; i <= 20; i++)
    gtk_adjustment_set_value (ss_param_row_get_adjustment (row), 2.0 + i * 0.05);
  wait_idle (sim);
  g_assert_cmpfloat_with_epsilon (ss_model_values (ss_simulation_get_model (sim))[ik], 1000.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ss_model_values (ss_dataset_get_model (ss_simulation_get_dataset (sim)))[ik], 1000.0,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ss_simulation_get_dataset (sim)), sc->t_end, 1e-9);
}

static void
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

static void
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
  ss_simulation_advance_to (sim, 4.0);
  wait_idle (sim);

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

  /* the CSV of a partial run (same run options, paused at 4 s): exactly
   * the first lines of the CLI's CSV */
  g_assert_true (ss_window_export_csv_to (window, csv, &error));
  g_assert_no_error (error);
  {
    const char      *args[] = { "run", "two-block", "--csv", "-", NULL };
    g_autofree char *cli = run_cli (args);

    g_assert_true (g_file_get_contents (csv, &text, &len, NULL));
    g_assert_cmpuint (len, >, 400 * 60); /* at least 400 rows of 30 columns */
    g_assert_true (len < strlen (cli) && cli[len - 1] == '\n');
    cli[len] = '\0';
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

/* Tick labels: decimals from the step; steps below 1e-4 or from 1e5 up in
 * exponent form, zero as a plain 0 in either. */
static void
test_format_tick (void)
{
  static const struct
  {
    double      value, step;
    const char *label;
  } cases[] = {
    { 0.0, 0.5, "0.0" },       { 1.5, 0.5, "1.5" },  { 20.0, 10.0, "20" }, { -0.25, 0.05, "-0.25" }, { 0.0, 1e-5, "0" },
    { -2e-5, 1e-5, "-2e-05" }, { 3e-13, 1e-5, "0" }, { 0.0, 2e5, "0" },    { 4e5, 2e5, "4e+05" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *label = ss_format_tick (cases[i].value, cases[i].step);

      g_assert_cmpstr (label, ==, cases[i].label);
    }
}

/* Scenario files: what the GUI saves, the CLI runs (same CSV). */
static void
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
  wait_idle (sim);
  g_assert_true (ss_window_save_file (window, path, &error));
  g_assert_no_error (error);

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  g_assert_true (ss_window_load_file (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (ss_window_get_scenario (window) == sc);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 12.5);

  ss_simulation_advance_to (sim, sc->t_end);
  wait_idle (sim);
  g_assert_true (ss_window_export_csv_to (window, csv_path, &error));
  g_assert_true (g_file_get_contents (csv_path, &gui_csv, &len, NULL));
  cli_csv = run_cli (args);
  g_assert_true (files_equal_text (gui_csv, cli_csv));

  /* a malformed file is refused with its line; nothing changes */
  g_assert_true (g_file_set_contents (bad, "[scenario]\nname=dupont\n[parameters]\nm1=heavy\n", -1, NULL));
  g_assert_false (ss_window_load_file (window, bad, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "4"));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 12.5);
}

/* Reset to defaults restores the table's values and recomputes. */
static void
test_reset_defaults (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *defaults = g_new (double, sc->n_params);

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  g_assert_true (ss_param_panel_request (panel, "M", 2.0));
  wait_idle (sim);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  wait_idle (sim);
  ss_scenario_defaults (sc, defaults);
  g_assert_true (memcmp (defaults, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_true (memcmp (defaults, ss_model_values (ss_simulation_get_model (sim)), sizeof (double) * sc->n_params) ==
                 0);
}

/* Settings: the scenario and changed parameters come back in a new window. */
static void
test_settings_persist (void)
{
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("dupont");
  SsWindow          *second;

  g_assert_true (ss_window_set_scenario (window, "dupont"));
  g_assert_true (ss_param_panel_request (panel, "mu_s", 0.55));
  wait_idle (ss_window_get_simulation (window));
  gtk_window_close (GTK_WINDOW (window)); /* saves */
  window = NULL;

  second = ss_window_new (NULL);
  g_assert_true (ss_window_get_scenario (second) == sc);
  g_assert_cmpfloat (
      ss_param_panel_get_values (ss_window_get_param_panel (second))[ss_scenario_param_index (sc, "mu_s")], ==, 0.55);
  window = second;
}

/* Per-pixel min/max decimation (with its 64-sample block summaries) equals
 * a brute-force pass over the rows, NaN gaps included, at several zooms. */
static void
test_decimation (void)
{
  const ss_scenario *sc = ss_scenario_find ("two-block");
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  ss_run_opts        opts = { .t_end = 10, .dt_out = 1e-4 };
  ss_trace          *tr = ss_run (m, &opts, NULL);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  g_autoptr(SsDataset) ds = ss_dataset_new (ref);
  const char  *columns[] = { "10.F", "v1", "z2", "sum.10+12" };
  const double ranges[][2] = { { 0, 10 }, { 0.3, 0.9 }, { 2.0001, 2.0123 }, { 3.3, 7.7 } };
  const guint  widths[] = { 900, 333, 57 };

  g_assert_nonnull (tr);
  ss_dataset_append_rows (ds, tr->n_rows, tr->t, tr->rows);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      g_autoptr(SsSeries) series = ss_series_new (columns[c]);
      int      col = ss_model_column_find (m, columns[c]);
      gboolean saw_gap = FALSE;

      ss_series_set_dataset (series, ds);
      for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
        for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
          {
            double             t0 = ranges[r][0], t1 = ranges[r][1];
            guint              n = widths[w];
            const SsSeriesBin *bins = ss_series_get_bins (series, t0, t1, n);
            g_autofree double *lo = g_new (double, n);
            g_autofree double *hi = g_new (double, n);
            g_autofree guint  *count = g_new0 (guint, n);

            for (guint k = 0; k < n; k++)
              {
                lo[k] = INFINITY;
                hi[k] = -INFINITY;
              }
            for (size_t i = 0; i < tr->n_rows; i++)
              {
                double v = ss_trace_at (tr, i, col);
                guint  k;

                if (tr->t[i] < t0 || tr->t[i] > t1 || isnan (v))
                  continue;
                k = MIN ((guint)((tr->t[i] - t0) * (n / (t1 - t0))), n - 1);
                lo[k] = MIN (lo[k], v);
                hi[k] = MAX (hi[k], v);
                count[k]++;
              }
            for (guint k = 0; k < n; k++)
              {
                g_assert_cmpuint (bins[k + 1].count, ==, count[k]);
                if (count[k] == 0)
                  continue;
                g_assert_cmpfloat (bins[k + 1].min, ==, lo[k]);
                g_assert_cmpfloat (bins[k + 1].max, ==, hi[k]);
                saw_gap |= bins[k + 1].gap_before;
              }
          }
      /* individual static forces are undetermined in total stiction */
      if (g_str_equal (columns[c], "10.F"))
        g_assert_true (saw_gap);
    }
  ss_trace_free (tr);
}

/* Line layers of @chart drawing @ds that hold data. */
static guint
count_lines_of (SsChart *chart, SsDataset *ds)
{
  GPtrArray *layers = ss_chart_get_layers (chart);
  guint      n = 0;

  for (guint i = 0; i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);
      SsSeries     *series;

      if (!SS_IS_LINE_LAYER (layer) || !ss_chart_layer_get_visible (layer))
        continue;
      series = ss_line_layer_get_series (SS_LINE_LAYER (layer));
      if (ss_series_get_dataset (series) == ds && ss_series_has_data (series))
        n++;
    }
  return n;
}

/* Keep as Reference pins the complete run; a level switch keeps it, every
 * chart draws both runs and the legend names them by the differing
 * parameter; a scenario change clears it. */
static void
test_reference (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsPlotStack       *stack = ss_window_get_plot_stack (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("gear-train");
  g_autofree char   *png = g_build_filename (tmpdir, "reference.png", NULL);
  const char        *ref_label, *live_label;
  SsDataset         *ref, *live;
  guint              both = 0;

  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  g_assert_true (ss_param_panel_request (panel, "level", 0));
  wait_idle (sim);
  g_assert_null (ss_plot_stack_get_reference (stack));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.keep-reference", NULL));
  wait_idle (sim);
  ref = ss_plot_stack_get_reference (stack);
  g_assert_nonnull (ref);
  /* the whole run, not the part computed when the button was pressed */
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ref), sc->t_end, 1e-9);
  g_assert_true (ref == ss_simulation_get_dataset (sim));

  /* level 1 -> level 3: the charts are rebuilt, the reference stays */
  g_assert_true (ss_param_panel_request (panel, "level", 2));
  wait_idle (sim);
  live = ss_simulation_get_dataset (sim);
  g_assert_true (ss_plot_stack_get_reference (stack) == ref);
  g_assert_true (live != ref);
  g_assert_cmpfloat (ss_model_values (ss_dataset_get_model (live))[ss_scenario_param_index (sc, "level")], ==, 2);
  ss_plot_stack_get_run_labels (stack, &ref_label, &live_label);
  g_assert_cmpstr (ref_label, ==, "level=1");
  g_assert_cmpstr (live_label, ==, "level=3");
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChart *chart = ss_plot_stack_get_chart (stack, i);

      if (count_lines_of (chart, ref) > 0 && count_lines_of (chart, live) > 0)
        both++;
    }
  g_assert_cmpuint (both, >=, 3);
  /* the top chart's legend names both runs */
  {
    GPtrArray *layers = ss_chart_get_layers (ss_plot_stack_get_chart (stack, 0));
    gboolean   saw_ref = FALSE, saw_live = FALSE;

    for (guint i = 0; i < layers->len; i++)
      {
        SsChartLayer *layer = g_ptr_array_index (layers, i);
        const char   *title = ss_chart_layer_get_title (layer);

        if (!ss_chart_layer_get_visible (layer) || !ss_chart_layer_get_in_legend (layer) || title == NULL)
          continue;
        saw_ref |= g_str_has_prefix (title, "level=1");
        saw_live |= g_str_equal (title, "level=3");
      }
    g_assert_true (saw_ref && saw_live);
  }
  /* the export draws it too (same drawing path) */
  g_assert_true (ss_window_export_plot_to (window, png, 1200, 1400, NULL));
  check_png (png, 1200, 1400);
  if (g_getenv ("SS_TEST_SHOT_DIR") != NULL)
    {
      g_autofree char *copy = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), "reference-gear-train.png", NULL);

      ss_window_export_plot_to (window, copy, 1200, 1400, NULL);
    }

  /* a parameter slider: labels follow what differs */
  g_assert_true (ss_param_panel_request (panel, "level", 0));
  g_assert_true (ss_param_panel_request (panel, "k_psi_delta", 400.0));
  wait_idle (sim);
  ss_plot_stack_get_run_labels (stack, &ref_label, &live_label);
  g_assert_cmpstr (ref_label, ==, "k_psi_delta=200");
  g_assert_cmpstr (live_label, ==, "k_psi_delta=400");
  g_assert_true (ss_param_panel_request (panel, "k_psi_delta", 200.0));
  wait_idle (sim);

  /* cleared by the action, and by a scenario change */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.clear-reference", NULL));
  g_assert_null (ss_plot_stack_get_reference (stack));
  ss_window_keep_reference (window);
  wait_idle (sim);
  g_assert_nonnull (ss_plot_stack_get_reference (stack));
  g_assert_true (ss_window_set_scenario (window, "two-slider"));
  wait_idle (sim);
  g_assert_null (ss_plot_stack_get_reference (stack));
}

/* Pixels of @node at @width x @height, scale 1. */
static cairo_surface_t *
render_node (GskRenderNode *node, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t         *cr = cairo_create (surface);

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Pixels where any channel of @a and @b differs by more than @tolerance. */
static guint
count_differing_pixels (cairo_surface_t *a, cairo_surface_t *b, int tolerance)
{
  int           width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  int           stride = cairo_image_surface_get_stride (a);
  const guchar *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  guint         count = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      for (int c = 0; c < 4; c++)
        if (abs (pa[y * stride + 4 * x + c] - pb[y * stride + 4 * x + c]) > tolerance)
          {
            count++;
            break;
          }
  return count;
}

/* The screen draws a chart as a kept body plus the newest columns; while
 * rows stream in (Play), that must look like drawing it whole, and the body
 * must be redrawn only once the new columns pile up. */
static void
test_chart_incremental (void)
{
  const ss_scenario *sc = ss_scenario_find ("two-block");
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  ss_run_opts        opts = { .t_end = 10, .dt_out = 1e-3 };
  ss_trace          *tr = ss_run (m, &opts, NULL);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  g_autoptr(SsDataset) ds = ss_dataset_new (ref);
  g_autoptr(SsTimeAxis) axis = ss_time_axis_new ();
  const char *lines[] = { "v1", "10.F", "sum.10+12" };
  GtkWidget  *chart = ss_chart_new (axis);
  GtkWindow  *win = GTK_WINDOW (gtk_window_new ());
  g_autoptr(SsSeries) stick = ss_series_new ("10.stick");
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  size_t rows = 6000, n_cols = (size_t)ss_model_n_columns (m);
  guint  steps = 0, worst = 0, rescaled = 0, first_renders;
  double y_min = NAN, y_max = NAN;
  int    width, height;

  g_assert_nonnull (tr);
  ss_dataset_append_rows (ds, rows, tr->t, tr->rows);
  ss_time_axis_set_extent (axis, 0, 10);
  ss_series_set_dataset (stick, ds);
  {
    g_autoptr(SsChartLayer) span = ss_span_layer_new (stick);
    g_autoptr(SsChartLayer) level = ss_level_layer_new (4.0, "level");
    g_autoptr(SsSeries) lower = ss_series_new ("10.F");
    g_autoptr(SsSeries) upper = ss_series_new ("sum.10+12");
    g_autoptr(SsChartLayer) band = ss_band_layer_new (lower, upper, "N");

    ss_series_set_dataset (lower, ds);
    ss_series_set_dataset (upper, ds);
    ss_chart_add_layer (SS_CHART (chart), span);
    ss_chart_add_layer (SS_CHART (chart), band);
    ss_chart_add_layer (SS_CHART (chart), level);
  }
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(SsSeries) series = ss_series_new (lines[i]);
      g_autoptr(SsChartLayer) layer = NULL;

      ss_series_set_dataset (series, ds);
      layer = ss_line_layer_new (series, "N");
      ss_chart_layer_set_title (layer, lines[i]);
      ss_chart_add_layer (SS_CHART (chart), layer);
    }
  ss_chart_set_title (SS_CHART (chart), "Forces (N)");
  ss_chart_set_show_time_labels (SS_CHART (chart), TRUE);
  gtk_window_set_child (win, chart);
  gtk_window_set_default_size (win, 700, 260);
  gtk_window_present (win);
  while (gtk_widget_get_width (chart) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  width = gtk_widget_get_width (chart);
  height = gtk_widget_get_height (chart);

  /* 120 ms of rows per frame: about 7 columns at this width */
  first_renders = ss_chart_get_body_renders (SS_CHART (chart));
  for (; rows + 120 <= tr->n_rows && steps < 24; rows += 120, steps++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      double       lo, hi;
      g_autoptr(GskRenderNode) node = NULL;
      cairo_surface_t *screen, *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_t         *cr = cairo_create (whole);
      SsChartStyle     style;

      ss_dataset_append_rows (ds, 120, tr->t + rows, tr->rows + rows * n_cols);
      /* hovering: the legend reads the data at the cursor, which for a
       * cursor ahead of the data still changes (frames 8-11), for one
       * behind it no longer (12-15) */
      ss_time_axis_set_cursor (axis, steps >= 8 && steps < 12 ? 9.5 : steps >= 12 && steps < 16 ? 6.5 : NAN);
      /* a new extreme rescales the values: the body is redrawn */
      g_assert_true (ss_chart_get_y_range (SS_CHART (chart), &lo, &hi));
      rescaled += lo != y_min || hi != y_max;
      y_min = lo;
      y_max = hi;
      GTK_WIDGET_GET_CLASS (chart)->snapshot (chart, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      screen = render_node (node, width, height);
      ss_chart_style_init_for_widget (&style, chart);
      ss_chart_draw (SS_CHART (chart), cr, width, height, &style);
      cairo_destroy (cr);
      cairo_surface_flush (whole);
      worst = MAX (worst, count_differing_pixels (screen, whole, 3));
      cairo_surface_destroy (screen);
      cairo_surface_destroy (whole);
    }
  g_test_message ("%u frames, %u rescaled, %u drawn whole, at most %u pixels differ visibly", steps, rescaled,
                  ss_chart_get_body_renders (SS_CHART (chart)) - first_renders, worst);
  /* no pixel off by more than 3/255: the tail's polylines and band outlines
   * start a few columns before the cut, where the rasteriser may round
   * the coverage of the pixels along them a level or so differently */
  g_assert_cmpuint (worst, ==, 0);
  /* ~7 new columns a frame and a body kept for up to 48 of them: besides
   * rescaling, the cursor's three moves and the four frames it is ahead of
   * the data, a whole draw every 6-7 frames */
  g_assert_cmpuint (ss_chart_get_body_renders (SS_CHART (chart)) - first_renders, >=, 4 + steps / 8);
  g_assert_cmpuint (ss_chart_get_body_renders (SS_CHART (chart)) - first_renders, <=, rescaled + 3 + 4 + steps / 6 + 1);
  g_assert_cmpuint (rescaled, <, steps / 2);
  gtk_window_destroy (win);
  ss_trace_free (tr);
}

/* How far below the plot area's top edge a level's label starts, px (< 0:
 * it sticks out over the frame), the chart drawn for export at 600 x 90
 * with the level at `fraction` of the line's value range. */
static int
level_label_clearance (SsDataset *ds, double fraction)
{
  g_autoptr(SsTimeAxis) axis = ss_time_axis_new ();
  g_autoptr(SsSeries) series = ss_series_new ("v1");
  g_autoptr(SsChartLayer) line = NULL;
  g_autoptr(SsChartLayer) level = NULL;
  GtkWidget       *chart = g_object_ref_sink (ss_chart_new (axis));
  const GdkRGBA    blue = { 0, 0, 1, 1 }, red = { 0.8, 0.1, 0.1, 1 };
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 90);
  cairo_t         *cr = cairo_create (img);
  const guchar    *px;
  int              stride, line_row = -1, best = 0, label_top = -1, plot_top = -1;
  double           lo, hi;
  SsChartStyle     style;

  ss_time_axis_set_extent (axis, 0, 10);
  ss_series_set_dataset (series, ds);
  line = ss_line_layer_new (series, "m/s");
  ss_chart_layer_set_color (line, &red);
  ss_chart_add_layer (SS_CHART (chart), line);
  g_assert_true (ss_chart_get_y_range (SS_CHART (chart), &lo, &hi));
  level = ss_level_layer_new (lo + fraction * (hi - lo), "μs");
  ss_chart_layer_set_color (level, &blue);
  ss_chart_add_layer (SS_CHART (chart), level);
  ss_chart_style_init_for_export (&style);
  ss_chart_draw (SS_CHART (chart), cr, 600, 90, &style);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  px = cairo_image_surface_get_data (img);
  stride = cairo_image_surface_get_stride (img);
  /* blue: B (byte 0 of native-endian ARGB32) well above R and G */
#define IS_BLUE(x, y)                                              \
  (px[(y)*stride + 4 * (x)] > px[(y)*stride + 4 * (x) + 2] + 60 && \
   px[(y)*stride + 4 * (x)] > px[(y)*stride + 4 * (x) + 1] + 60)
  for (int y = 0; y < 90; y++)
    {
      int n = 0;

      for (int x = 0; x < 600; x++)
        n += IS_BLUE (x, y);
      if (n > best)
        {
          best = n;
          line_row = y;
        }
    }
  g_assert_cmpint (best, >, 200); /* the dashed line itself */
  for (int y = line_row - 2; y >= 0; y--)
    {
      gboolean any = FALSE;

      for (int x = 0; x < 600 && !any; x++)
        any = IS_BLUE (x, y);
      if (!any && label_top >= 0)
        break;
      if (any)
        label_top = y;
    }
#undef IS_BLUE
  /* the plot area is the only opaque thing in the column at x = 300 (no
   * title, the legend is right-aligned) */
  for (int y = 0; y < 90 && plot_top < 0; y++)
    if (px[y * stride + 4 * 300 + 3] == 255)
      plot_top = y;
  g_assert_cmpint (label_top, >=, 0);
  g_assert_cmpint (plot_top, >=, 0);
  cairo_surface_destroy (img);
  g_object_unref (chart);
  return label_top - plot_top;
}

/* Number of multiples of step in [lo, hi]. */
static int
count_ticks (double lo, double hi, double step)
{
  int n = 0;

  for (double v = ceil (lo / step) * step; v <= hi + step * 1e-9; v += step)
    n++;
  return n;
}

/* A recompute that takes a while (a stiff spring: about 1e6 steps) shows
 * its progress in the status bar, growing, and hides it when done; quick
 * ones never show it. */
static void
test_recompute_progress (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  GtkWidget  *bar = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "progress_bar"));
  gint64      deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  double      last = -1, first_shown = -1;
  guint       shown = 0;
  SsParamRow *row;

  g_assert_nonnull (bar);
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_advance_to (sim, sc->t_end);
  wait_idle (sim);
  row = ss_param_panel_get_row (panel, "k");
  /* quick: never shown */
  gtk_adjustment_set_value (ss_param_row_get_adjustment (row), log10 (300.0));
  wait_idle (sim);
  g_assert_cmpfloat (ss_simulation_get_progress (sim), ==, -1);
  g_assert_false (gtk_widget_get_visible (bar));

  /* beyond the slider's span: typed into the spin button */
  g_assert_true (ss_param_panel_request (panel, "k", 1e8));
  while (ss_simulation_is_busy (sim) || g_main_context_pending (NULL))
    {
      double p;

      g_main_context_iteration (NULL, FALSE);
      p = ss_simulation_get_progress (sim);
      if (p >= 0)
        {
          g_assert_true (gtk_widget_get_visible (bar));
          g_assert_cmpfloat (p, >=, last);
          g_assert_cmpfloat (p, <=, 1);
          g_assert_cmpfloat (gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)), ==, p);
          if (first_shown < 0)
            first_shown = p;
          last = p;
          shown++;
        }
      g_usleep (1000);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
  wait_idle (sim);
  g_test_message ("progress shown %u times, from %.2f to %.2f", shown, first_shown, last);
  /* about 2 s here: shown for most of it, in 5 % steps (one per 0.5 s chunk) */
  g_assert_cmpuint (shown, >, 0);
  g_assert_cmpfloat (last, >=, first_shown);
  /* done: hidden again, the new run in place */
  g_assert_cmpfloat (ss_simulation_get_progress (sim), ==, -1);
  g_assert_false (gtk_widget_get_visible (bar));
  g_assert_cmpfloat (
      ss_model_values (ss_dataset_get_model (ss_simulation_get_dataset (sim)))[ss_scenario_param_index (sc, "k")], ==,
      1e8);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ss_simulation_get_dataset (sim)), sc->t_end, 1e-9);
  g_assert_true (ss_param_panel_request (panel, "k", 100.0));
  wait_idle (sim);
}

static guint
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

static void
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

/* Runs that fail (a bristle too stiff to integrate) say so in one dialog,
 * however many failing values a drag passes: it tells the latest. */
static void
test_failure_dialog (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  SsParamPanel    *panel = ss_window_get_param_panel (window);
  const char      *body = NULL;
  g_autofree char *first = NULL;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  g_assert_true (ss_param_panel_request (panel, "law", 3)); /* lugre */
  ss_simulation_advance_to (sim, 1.0);
  wait_idle (sim);
  g_assert_null (ss_simulation_get_error (sim));
  g_assert_cmpuint (count_message_dialogs (NULL), ==, 0);

  g_assert_true (ss_param_panel_request (panel, "sigma0", 1e12));
  wait_idle (sim);
  g_assert_nonnull (ss_simulation_get_error (sim));
  g_assert_cmpuint (count_message_dialogs (&body), ==, 1);
  first = g_strdup (body);
  g_assert_nonnull (strstr (first, "integrator steps"));

  g_assert_true (ss_param_panel_request (panel, "sigma0", 5e11));
  wait_idle (sim);
  g_assert_nonnull (ss_simulation_get_error (sim));
  g_assert_cmpuint (count_message_dialogs (&body), ==, 1);
  /* the latest run's message (it fails at another time) */
  g_assert_cmpstr (body, ==, ss_simulation_get_error (sim));
  g_assert_cmpstr (body, !=, first);

  /* back to a valid run; the dialog closed */
  g_assert_true (ss_param_panel_request (panel, "sigma0", 1e5));
  g_assert_true (ss_param_panel_request (panel, "law", 0));
  wait_idle (sim);
  g_assert_null (ss_simulation_get_error (sim));
  destroy_message_dialogs ();
  wait_idle (sim);
  g_assert_cmpuint (count_message_dialogs (NULL), ==, 0);
}

/* Runs the app (or a wrapper) to its end, stdout discarded; its wait
 * status, and its stderr in *err (freed by the caller). */
static int
spawn_app (const char *const *argv, char **env, char **err)
{
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **)argv, env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, err, &status, &error));
  g_assert_no_error (error);
  return status;
}

/* `stickslip FILE`: the window opens a scenario file as the Open dialog
 * does (a bad one: one dialog with the reason, nothing changed); a scripted
 * run of a bad file exits with status 1 and saves no picture. */
static void
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
  wait_idle (sim);

  g_assert_true (ss_window_open_file (window, good));
  wait_idle (sim);
  g_assert_true (ss_window_get_scenario (window) == sc);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[irod], ==, 1.0);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ik1], ==, 3e5);
  g_assert_cmpuint (count_message_dialogs (NULL), ==, 0);

  g_assert_false (ss_window_open_file (window, bad));
  g_assert_cmpuint (count_message_dialogs (&body), ==, 1);
  g_assert_nonnull (strstr (body, "'rod'"));
  g_assert_nonnull (strstr (body, ":4"));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[irod], ==, 1.0);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ik1], ==, 3e5);
  destroy_message_dialogs ();
  /* the scenario's remembered values back to the defaults for later tests */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  wait_idle (sim);

  /* the application itself, scripted */
  {
    const char      *ok_argv[] = { g_getenv ("STICKSLIP_APP"), "--play", "0.2", "--screenshot", png, good, NULL };
    const char      *bad_argv[] = { g_getenv ("STICKSLIP_APP"), "--screenshot", bad_png, bad, NULL };
    g_autofree char *err = NULL;
    int              status = spawn_app (ok_argv, NULL, &err);

    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));

    g_clear_pointer (&err, g_free);
    status = spawn_app (bad_argv, NULL, &err);
    g_assert_false (g_spawn_check_wait_status (status, NULL));
    g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 1);
    g_assert_nonnull (strstr (err, "bendy.stickslip"));
    g_assert_nonnull (strstr (err, "'rod'"));
    g_assert_false (g_file_test (bad_png, G_FILE_TEST_EXISTS));
  }
}

/* A run of the app that scripts its window and quits (--screenshot) leaves
 * the user's saved settings alone; its capture has the screen's pixels. */
static void
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
  g_assert_true (g_spawn_check_wait_status (spawn_app (argv, env, &err), NULL));
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
    g_assert_true (g_spawn_check_wait_status (spawn_app (argv2, env, &err), NULL));
    shot2 = gdk_pixbuf_new_from_file (png2, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_pixbuf_get_width (shot2), ==, 2 * gdk_pixbuf_get_width (shot));
    g_assert_cmpint (gdk_pixbuf_get_height (shot2), ==, 2 * gdk_pixbuf_get_height (shot));
  }
}

/* A value axis shows at least two tick labels whenever they fit: a lone
 * "0" gives no scale. */
static void
test_tick_step (void)
{
  static const double mantissas[] = { 1, 2, 3, 4, 5 };

  /* roomy: 1-2-5, about one tick per 38 px, as before */
  g_assert_cmpfloat (ss_tick_step (0, 10, 400, 14), ==, 1);
  g_assert_cmpfloat (ss_tick_step (-1, 1, 100, 14), ==, 1);
  /* short charts whose 1-2-5 step left one tick */
  g_assert_cmpfloat (ss_nice_step (0.16, 2), ==, 0.1);
  g_assert_cmpfloat (ss_tick_step (-0.08, 0.08, 48, 14), ==, 0.05);
  g_assert_cmpfloat (ss_nice_step (90, 2), ==, 50);
  g_assert_cmpfloat (ss_tick_step (-45, 45, 45, 14), ==, 40);
  /* too short for two labels a line apart: the lone tick stays */
  g_assert_cmpfloat (ss_tick_step (-0.08, 0.08, 30, 14), ==, 0.1);
  /* brute force over many ranges and heights: either two ticks inside, or
   * no smaller single-digit step has two a line apart */
  for (int i = 1; i < 400; i++)
    for (double height = 30; height <= 300; height += 27)
      {
        double   lo = -0.37 * i * i + 3.1 * i, hi = lo + 0.013 * i * sqrt (i) + 0.001;
        double   step = ss_tick_step (lo, hi, height, 14);
        double   mag = pow (10.0, floor (log10 (step) + 1e-9)), m = step / mag;
        gboolean single_digit = FALSE;

        for (guint k = 0; k < G_N_ELEMENTS (mantissas); k++)
          single_digit |= fabs (m - mantissas[k]) < 1e-9;
        g_assert_true (single_digit);
        if (count_ticks (lo, hi, step) >= 2)
          continue;
        for (int e = -3; e <= 1; e++)
          for (guint k = 0; k < G_N_ELEMENTS (mantissas); k++)
            {
              double s = mantissas[k] * mag * pow (10.0, e);

              if (s < step * (1 - 1e-9) && s / (hi - lo) * height >= 14)
                g_assert_cmpint (count_ticks (lo, hi, s), <, 2);
            }
      }
}

/* Labels of close levels step leftwards past each other; far ones keep
 * the right end. */
static void
test_label_placement (void)
{
  SsChartLabels  labels = { 0 };
  SsChartContext ctx = { .x = 0, .y = 0, .width = 500, .height = 100, .labels = &labels };
  double         a = ss_chart_context_place_label (&ctx, 496, 20, 60, 12);
  double         b = ss_chart_context_place_label (&ctx, 496, 26, 40, 12); /* overlaps a's rows */
  double         c = ss_chart_context_place_label (&ctx, 496, 60, 50, 12); /* rows of its own */
  double         d = ss_chart_context_place_label (&ctx, 496, 22, 30, 12); /* overlaps a and b */

  g_assert_cmpfloat (a, ==, 436);
  g_assert_cmpfloat (b, ==, a - 6 - 40);
  g_assert_cmpfloat (c, ==, 446);
  g_assert_cmpfloat (d, ==, b - 6 - 30);
  g_assert_cmpuint (labels.n, ==, 4);
  ctx.labels = NULL; /* no record: right-aligned */
  g_assert_cmpfloat (ss_chart_context_place_label (&ctx, 496, 20, 60, 12), ==, 436);
}

/* A level's label sits above its line: a level at the top of the values
 * (a friction ratio at mu_s while stuck) must not have it cut off. */
static void
test_level_label_room (void)
{
  const ss_scenario *sc = ss_scenario_find ("two-block");
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  ss_run_opts        opts = { .t_end = 10, .dt_out = 1e-2 };
  ss_trace          *tr = ss_run (m, &opts, NULL);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  g_autoptr(SsDataset) ds = ss_dataset_new (ref);
  int mid, top;

  g_assert_nonnull (tr);
  ss_dataset_append_rows (ds, tr->n_rows, tr->t, tr->rows);
  mid = level_label_clearance (ds, 0.5);
  top = level_label_clearance (ds, 1.0);
  g_test_message ("label starts %d px (mid-range), %d px (top) under the plot's top edge", mid, top);
  g_assert_cmpint (mid, >, 0);
  g_assert_cmpint (top, >, 0);
  ss_trace_free (tr);
}

/* two-slider, rigid rod: while both guides stick, the load split has an
 * admissible range (a band) and the treatment's alpha lies inside it;
 * while anything slides the range is undetermined, not invented. */
static void
test_split_band (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsPlotStack       *stack = ss_window_get_plot_stack (window);
  const ss_scenario *sc = ss_scenario_find ("two-slider");
  SsBandLayer       *band = NULL;
  SsDataset         *ds;
  int                c_alpha, c_min, c_max, c_s1, c_s2;
  guint              stuck = 0, sliding = 0;

  g_assert_true (ss_window_set_scenario (window, "two-slider"));
  ss_simulation_advance_to (sim, sc->t_end);
  wait_idle (sim);
  ds = ss_simulation_get_dataset (sim);

  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack) && band == NULL; i++)
    {
      GPtrArray *layers = ss_chart_get_layers (ss_plot_stack_get_chart (stack, i));

      for (guint j = 0; j < layers->len; j++)
        if (SS_IS_BAND_LAYER (g_ptr_array_index (layers, j)))
          band = g_ptr_array_index (layers, j);
    }
  g_assert_nonnull (band);
  g_assert_cmpstr (ss_series_get_column (ss_band_layer_get_lower (band)), ==, "split.alpha_min");
  g_assert_cmpstr (ss_series_get_column (ss_band_layer_get_upper (band)), ==, "split.alpha_max");
  g_assert_true (ss_series_get_dataset (ss_band_layer_get_lower (band)) == ds);

  c_alpha = ss_dataset_find_column (ds, "split.alpha");
  c_min = ss_dataset_find_column (ds, "split.alpha_min");
  c_max = ss_dataset_find_column (ds, "split.alpha_max");
  c_s1 = ss_dataset_find_column (ds, "slider1.stick");
  c_s2 = ss_dataset_find_column (ds, "slider2.stick");
  for (guint r = 0; r < ss_dataset_get_n_rows (ds); r++)
    {
      double   lo = ss_dataset_get_value (ds, r, c_min), hi = ss_dataset_get_value (ds, r, c_max);
      double   alpha = ss_dataset_get_value (ds, r, c_alpha);
      gboolean both_stuck = ss_dataset_get_value (ds, r, c_s1) > 0.5 && ss_dataset_get_value (ds, r, c_s2) > 0.5;

      if (!both_stuck)
        {
          g_assert_true (isnan (lo) && isnan (hi));
          sliding++;
          continue;
        }
      if (isnan (lo))
        continue; /* no load yet: nothing to split */
      g_assert_cmpfloat (lo, <=, hi);
      g_assert_cmpfloat (alpha, >=, lo - 1e-9);
      g_assert_cmpfloat (alpha, <=, hi + 1e-9);
      stuck++;
    }
  g_assert_cmpuint (stuck, >, 50);
  g_assert_cmpuint (sliding, >, 50);

  /* the legend reads the range while stuck (t = 0.5 s) and nothing while
   * sliding (t = 2.5 s) */
  {
    g_autofree char *at_stuck = ss_chart_layer_format_value (SS_CHART_LAYER (band), 0.5);
    g_autofree char *at_slide = ss_chart_layer_format_value (SS_CHART_LAYER (band), 2.5);

    g_assert_nonnull (at_stuck);
    g_assert_nonnull (strstr (at_stuck, "…"));
    g_assert_null (at_slide);
  }

  /* the comparison: regularised law, gamma_1 = gamma_2 against
   * gamma_1 = 2 gamma_2, overlaid and named by the differing value */
  {
    SsParamPanel *panel = ss_window_get_param_panel (window);
    const char   *ref_label, *live_label;
    SsDataset    *ref;

    g_assert_true (ss_param_panel_request (panel, "law", 1));
    wait_idle (sim);
    ss_window_keep_reference (window);
    wait_idle (sim);
    ref = ss_plot_stack_get_reference (stack);
    g_assert_nonnull (ref);
    g_assert_true (ss_param_panel_request (panel, "gamma_1", 2e-5));
    wait_idle (sim);
    g_assert_true (ss_plot_stack_get_reference (stack) == ref);
    g_assert_true (ss_simulation_get_dataset (sim) != ref);
    ss_plot_stack_get_run_labels (stack, &ref_label, &live_label);
    g_assert_cmpstr (ref_label, ==, "gamma_1=1e-05");
    g_assert_cmpstr (live_label, ==, "gamma_1=2e-05");
    if (g_getenv ("SS_TEST_SHOT_DIR") != NULL)
      {
        g_autofree char *plot = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), "reference-two-slider.png", NULL);
        g_autofree char *win = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), "window-two-slider.png", NULL);

        ss_window_export_plot_to (window, plot, 1200, 1500, NULL);
        for (int i = 0; i < 20; i++)
          g_main_context_iteration (NULL, FALSE);
        ss_window_capture_png (window, win, NULL);
      }
    g_assert_true (ss_param_panel_request (panel, "gamma_1", 1e-5));
    g_assert_true (ss_param_panel_request (panel, "law", 0));
    wait_idle (sim);
    ss_window_clear_reference (window);
  }

  /* flexible rod: the springs decide the split (k1 = k2: one half while
   * both stick from rest), so there is no admissible range to show */
  {
    SsParamPanel *panel = ss_window_get_param_panel (window);
    guint         halves = 0;

    g_assert_true (ss_param_panel_request (panel, "rod", 1));
    ss_simulation_advance_to (sim, sc->t_end);
    wait_idle (sim);
    ds = ss_simulation_get_dataset (sim);
    c_alpha = ss_dataset_find_column (ds, "split.alpha");
    c_min = ss_dataset_find_column (ds, "split.alpha_min");
    c_s1 = ss_dataset_find_column (ds, "slider1.stick");
    c_s2 = ss_dataset_find_column (ds, "slider2.stick");
    for (guint r = 0; r < ss_dataset_get_n_rows (ds); r++)
      {
        double alpha = ss_dataset_get_value (ds, r, c_alpha);

        g_assert_true (isnan (ss_dataset_get_value (ds, r, c_min)));
        /* after the springs settle from the start of the P ramp, before S1 changes (1 s) */
        if (ss_dataset_get_times (ds)[r] > 0.3 && ss_dataset_get_times (ds)[r] <= 1.0 && isfinite (alpha) &&
            ss_dataset_get_value (ds, r, c_s1) > 0.5 && ss_dataset_get_value (ds, r, c_s2) > 0.5)
          {
            g_assert_cmpfloat_with_epsilon (alpha, 0.5, 1e-6);
            halves++;
          }
      }
    g_assert_cmpuint (halves, >, 50);
    if (g_getenv ("SS_TEST_SHOT_DIR") != NULL)
      {
        g_autofree char *win = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), "window-two-slider-flexible.png", NULL);

        g_autoptr(GError) error = NULL;

        ss_mechanism_view_set_time (ss_window_get_mechanism_view (window), 1.0);
        /* until the window has painted the new run */
        for (int i = 0; i < 100 && !ss_window_capture_png (window, win, NULL); i++)
          {
            g_usleep (20000);
            while (g_main_context_pending (NULL))
              g_main_context_iteration (NULL, FALSE);
          }
      }
    g_assert_true (ss_param_panel_request (panel, "rod", 0));
    wait_idle (sim);
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
static void
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
  wait_idle (sim);

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

int
main (int argc, char *argv[])
{
  int rc;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  ss_register_resource ();
  tmpdir = g_dir_make_tmp ("stickslip-gui-XXXXXX", NULL);
  window = ss_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);
      g_autofree char   *path = g_strdup_printf ("/gui/scenario/%s", sc->name);

      g_test_add_data_func (path, sc, test_scenario);
    }
  g_test_add_func ("/gui/decimation", test_decimation);
  g_test_add_func ("/gui/slider-recompute", test_slider);
  g_test_add_func ("/gui/invalid-values", test_invalid_values);
  g_test_add_func ("/gui/drag-coalesces", test_drag_coalesces);
  g_test_add_func ("/gui/export", test_export);
  g_test_add_func ("/gui/scenario-file", test_scenario_file);
  g_test_add_func ("/gui/reset-defaults", test_reset_defaults);
  g_test_add_func ("/gui/settings-persist", test_settings_persist);
  g_test_add_func ("/gui/reference-overlay", test_reference);
  g_test_add_func ("/gui/split-band", test_split_band);
  g_test_add_func ("/gui/chart-incremental", test_chart_incremental);
  g_test_add_func ("/gui/level-label-room", test_level_label_room);
  g_test_add_func ("/gui/label-placement", test_label_placement);
  g_test_add_func ("/gui/tick-step", test_tick_step);
  g_test_add_func ("/gui/format-tick", test_format_tick);
  g_test_add_func ("/gui/scripted-run-keeps-settings", test_scripted_run_keeps_settings);
  g_test_add_func ("/gui/open-file", test_open_file);
  g_test_add_func ("/gui/recompute-progress", test_recompute_progress);
  g_test_add_func ("/gui/failure-dialog", test_failure_dialog);
  g_test_add_func ("/gui/files-written-in-place", test_files_written_in_place);
  rc = g_test_run ();

  if (window != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  {
    g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmpdir, name, NULL);
        g_unlink (p);
      }
    g_rmdir (tmpdir);
  }
  return rc;
}
