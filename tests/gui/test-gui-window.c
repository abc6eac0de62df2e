/* test-gui-window.c - the window as the user drives it: each scenario
 * played and compared with the CLI, sliders, refused values, reset,
 * settings, progress and failure reports, quitting. */
#include "test-gui.h"

static int
find_field (char **header, const char *name)
{
  for (int i = 0; header[i] != NULL; i++)
    if (strcmp (header[i], name) == 0)
      return i;
  return -1;
}

/* Per scenario, with no Play: right after the switch the whole run is
 * there, 0 to t_end, and every chart holds data to t_end; then the
 * scrubber moves the playhead, and the mechanism, the readouts and the
 * contact modes show the CLI's state at that time. */
void
test_scenario (gconstpointer data)
{
  const ss_scenario *sc = data;
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsPlotStack       *stack = ss_window_get_plot_stack (window);
  double             t_run = sc->dt_out * round (MIN (2.0, sc->t_end) / sc->dt_out);
  const char        *args[] = { "run", sc->name, "--csv", "-", NULL };
  g_autofree char   *csv = NULL;
  g_auto(GStrv) header = NULL;
  g_auto(GStrv) last = NULL;
  const ss_model *m;
  const int      *modes;
  int             n_modes;
  SsDataset      *ds;

  g_assert_true (ss_window_set_scenario (window, sc->name));
  /* earlier tests leave changed values behind: the CLI runs the defaults */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  ss_simulation_set_time (sim, 0.0);
  test_gui_wait_idle (sim);
  ds = ss_simulation_get_dataset (sim);
  m = ss_simulation_get_model (sim);
  g_assert_true (ss_simulation_get_finished (sim));
  g_assert_null (ss_simulation_get_error (sim));
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ds), sc->t_end, 1e-9);
  g_assert_cmpuint (ss_dataset_get_n_rows (ds), >=, (guint)floor (sc->t_end / sc->dt_out + 1e-9) + 1);
  g_assert_cmpfloat (ss_simulation_get_time (sim), ==, 0.0); /* nothing played */

  g_assert_cmpuint (ss_plot_stack_get_n_charts (stack), >=, 2);
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChart *chart = ss_plot_stack_get_chart (stack, i);
      double   lo, hi;

      g_assert_cmpuint (ss_chart_count_points (chart), >=, ss_dataset_get_n_rows (ds) / 2);
      g_assert_true (ss_chart_get_y_range (chart, &lo, &hi));
      g_assert_true (isfinite (lo) && isfinite (hi) && lo <= hi);
      g_assert_cmpfloat_with_epsilon (ss_chart_get_data_end (chart), sc->t_end, 1e-9);
    }

  /* the scrubber: the playhead, the mechanism and the readout follow */
  gtk_adjustment_set_value (gtk_range_get_adjustment (ss_window_get_timeline (window)), t_run);
  g_assert_cmpfloat_with_epsilon (ss_simulation_get_time (sim), t_run, 1e-12);
  g_assert_cmpfloat_with_epsilon (ss_mechanism_view_get_time (ss_window_get_mechanism_view (window)), t_run, 1e-12);
  g_assert_cmpfloat_with_epsilon (ss_time_axis_get_playhead (ss_plot_stack_get_time_axis (stack)), t_run, 1e-12);

  /* modes and readouts against the CLI's row at the playhead's instant
   * (the last row of that time when an event shares it) */
  csv = cli_ok (args);
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
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      GPtrArray *layers = ss_chart_get_layers (ss_plot_stack_get_chart (stack, i));

      for (guint k = 0; k < layers->len; k++)
        {
          SsChartLayer    *layer = g_ptr_array_index (layers, k);
          g_autofree char *shown = NULL;
          const char      *column;
          int              f;

          if (!SS_IS_LINE_LAYER (layer) ||
              ss_series_get_dataset (ss_line_layer_get_series (SS_LINE_LAYER (layer))) != ds)
            continue;
          column = ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer)));
          f = find_field (header, column);
          g_assert_cmpint (f, >=, 0);
          shown = ss_chart_layer_format_value (layer, t_run);
          if (last[f][0] == '\0')
            g_assert_cmpstr (shown, ==, NULL);
          else
            {
              g_autofree char *want = ss_format_screen_minus (
                  ss_format_quantity (g_ascii_strtod (last[f], NULL), ss_line_layer_get_unit (SS_LINE_LAYER (layer))));

              g_assert_cmpstr (shown, ==, want);
            }
        }
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
      g_assert_nonnull (strstr (status, ss_i18n_model_text (ss_model_contact_label (m, c))));
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
    g_assert_cmpstr (ss_mechanism_view_get_drawing (view), ==,
                     ss_drawing_lookup (sc->name) != NULL ? sc->name : "generic");
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
}

/* A slider change at t = 0, before any Play, recomputes the whole history
 * with the new value; the previous run becomes the ghost; the CSV (its
 * last row included) equals the CLI's for it. */
void
test_slider (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  SsParamRow        *row;
  SsDataset         *before, *after;
  const char        *args[] = { "run", "one-mass", "--set", "k=400", "--csv", "-", NULL };
  g_autofree char   *path = g_build_filename (tmpdir, "slider.csv", NULL);
  int                ik = ss_scenario_param_index (sc, "k");

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_set_time (sim, 0.0); /* nothing played */
  test_gui_wait_idle (sim);
  before = g_object_ref (ss_simulation_get_dataset (sim));
  g_assert_cmpfloat (ss_model_values (ss_dataset_get_model (before))[ik], ==, 100.0);

  row = ss_param_panel_get_row (panel, "k");
  g_assert_nonnull (row);
  /* k is a log-scale parameter: the slider works in log10 */
  gtk_adjustment_set_value (ss_param_row_get_adjustment (row), log10 (400.0));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ik], ==, 400.0);
  test_gui_wait_idle (sim);

  after = ss_simulation_get_dataset (sim);
  g_assert_true (after != before);
  g_assert_cmpfloat (ss_model_values (ss_dataset_get_model (after))[ik], ==, 400.0);
  /* the whole history again, 0 to t_end, with the playhead where it was */
  g_assert_cmpfloat (ss_dataset_get_times (after)[0], ==, 0.0);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (after), sc->t_end, 1e-9);
  g_assert_cmpfloat (ss_simulation_get_time (sim), ==, 0.0);
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
  check_csv_is_cli (path, args);

  g_object_unref (before);
}

/* Refused values: out of range and mu_k > mu_s.  The reason is shown and
 * the last valid run stays. */
void
test_invalid_values (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *valid = NULL;
  SsDataset         *ds;
  SsParamRow        *row;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_set_time (sim, 1.0);
  test_gui_wait_idle (sim);
  ds = ss_simulation_get_dataset (sim);
  valid = g_memdup2 (ss_param_panel_get_values (panel), sizeof (double) * sc->n_params);

  row = ss_param_panel_get_row (panel, "k");
  gtk_spin_button_set_value (ss_param_row_get_spin (row), -5.0);
  test_gui_wait_idle (sim);
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_nonnull (strstr (ss_param_row_get_error (row), "k"));
  g_assert_true (memcmp (valid, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_true (ss_simulation_get_dataset (sim) == ds);

  row = ss_param_panel_get_row (panel, "mu_k");
  gtk_spin_button_set_value (ss_param_row_get_spin (row), 0.9); /* mu_s = 0.5 */
  test_gui_wait_idle (sim);
  g_assert_nonnull (ss_param_row_get_error (row));
  g_assert_nonnull (strstr (ss_param_row_get_error (row), "mu_k"));
  g_assert_true (memcmp (valid, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_true (ss_simulation_get_dataset (sim) == ds);

  /* a valid value clears the refusals and recomputes */
  row = ss_param_panel_get_row (panel, "mu_k");
  gtk_spin_button_set_value (ss_param_row_get_spin (row), 0.25);
  test_gui_wait_idle (sim);
  g_assert_null (ss_param_row_get_error (row));
  g_assert_null (ss_param_row_get_error (ss_param_panel_get_row (panel, "k")));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ss_scenario_param_index (sc, "mu_k")], ==, 0.25);
  g_assert_true (ss_simulation_get_dataset (sim) != ds);
}

/* A drag that outruns the worker: only the last value's run arrives. */
void
test_drag_coalesces (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  SsParamRow        *row;
  int                ik = ss_scenario_param_index (sc, "k");

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_set_time (sim, sc->t_end);
  test_gui_wait_idle (sim);
  row = ss_param_panel_get_row (panel, "k");
  for (int i = 0; i <= 20; i++)
    gtk_adjustment_set_value (ss_param_row_get_adjustment (row), 2.0 + i * 0.05);
  test_gui_wait_idle (sim);
  g_assert_cmpfloat_with_epsilon (ss_model_values (ss_simulation_get_model (sim))[ik], 1000.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ss_model_values (ss_dataset_get_model (ss_simulation_get_dataset (sim)))[ik], 1000.0,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ss_simulation_get_dataset (sim)), sc->t_end, 1e-9);
}

/* Reset to defaults restores the table's values and recomputes. */
void
test_reset_defaults (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *defaults = g_new (double, sc->n_params);

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  g_assert_true (ss_param_panel_request (panel, "M", 2.0));
  test_gui_wait_idle (sim);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  ss_scenario_defaults (sc, defaults);
  g_assert_true (memcmp (defaults, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_true (memcmp (defaults, ss_model_values (ss_simulation_get_model (sim)), sizeof (double) * sc->n_params) ==
                 0);
}

/* Settings: the scenario and changed parameters come back in a new window. */
void
test_settings_persist (void)
{
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("dupont");
  SsWindow          *second;

  g_assert_true (ss_window_set_scenario (window, "dupont"));
  g_assert_true (ss_param_panel_request (panel, "mu_s", 0.55));
  test_gui_wait_idle (ss_window_get_simulation (window));
  gtk_window_close (GTK_WINDOW (window)); /* saves */
  window = NULL;

  second = ss_window_new (NULL);
  g_assert_true (ss_window_get_scenario (second) == sc);
  g_assert_cmpfloat (
      ss_param_panel_get_values (ss_window_get_param_panel (second))[ss_scenario_param_index (sc, "mu_s")], ==, 0.55);
  window = second;
}

/* A recompute that takes a while (a stiff spring: about 1e6 steps) shows
 * its progress in the status bar, growing, and hides it when done; quick
 * ones never show it. */
void
test_recompute_progress (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  GtkWidget  *bar = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "progress_bar"));
  test_wait   wait = test_wait_start ("the run beyond the slider's span");
  double      last = -1, first_shown = -1;
  guint       shown = 0;
  SsParamRow *row;

  g_assert_nonnull (bar);
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_set_time (sim, sc->t_end);
  test_gui_wait_idle (sim);
  row = ss_param_panel_get_row (panel, "k");
  /* quick: never shown */
  gtk_adjustment_set_value (ss_param_row_get_adjustment (row), log10 (300.0));
  test_gui_wait_idle (sim);
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
      test_wait_tick (&wait);
    }
  test_gui_wait_idle (sim);
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
  test_gui_wait_idle (sim);
}

/* Runs that fail (a bristle too stiff to integrate) say so in one dialog,
 * however many failing values a drag passes: it tells the latest. */
void
test_failure_dialog (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  SsParamPanel    *panel = ss_window_get_param_panel (window);
  const char      *body = NULL;
  g_autofree char *first = NULL;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  g_assert_true (ss_param_panel_request (panel, "law", 3)); /* lugre */
  ss_simulation_set_time (sim, 1.0);
  test_gui_wait_idle (sim);
  g_assert_null (ss_simulation_get_error (sim));
  g_assert_cmpuint (count_message_dialogs (NULL), ==, 0);

  g_assert_true (ss_param_panel_request (panel, "sigma0", 1e12));
  test_gui_wait_idle (sim);
  g_assert_nonnull (ss_simulation_get_error (sim));
  g_assert_cmpuint (count_message_dialogs (&body), ==, 1);
  first = g_strdup (body);
  g_assert_nonnull (strstr (first, "integrator steps"));
  /* the advice names settings Run Settings offers */
  g_assert_nonnull (strstr (first, "max_steps"));
  g_assert_nonnull (strstr (first, "Run Settings"));
  g_assert_nonnull (window->run_entries[SS_RUN_MAX_STEPS]);
  g_assert_nonnull (window->run_entries[SS_RUN_MAX_EVENTS]);
  {
    /* one short status line; the charts keep the run up to the failure,
     * zoomed to it, a line where it stopped on every chart against time */
    double           t = _ss_window_failure_time (window);
    g_autofree char *status = ss_window_dup_status_text (window);
    g_autofree char *want = NULL;
    g_autofree char *when = ss_readable_number (t, 0.0);
    SsDataset       *ds = ss_simulation_get_dataset (sim);
    SsTimeAxis      *axis = ss_plot_stack_get_time_axis (window->plot_stack);
    g_autoptr(GPtrArray) markers = _ss_window_dup_markers (window);
    double lower, upper;
    guint  lines = 0;

    g_assert_true (t > 0 && t < 1.0);
    want = g_strdup_printf ("Simulation failed at t = %s s", when);
    g_assert_cmpstr (status, ==, want);
    g_assert_cmpuint (ss_dataset_get_n_rows (ds), >, 1);
    g_assert_cmpfloat (ss_dataset_get_end_time (ds), <=, t);
    g_assert_cmpfloat (ss_dataset_get_end_time (ds), >, 0.5 * t);
    ss_time_axis_get_range (axis, &lower, &upper);
    g_assert_cmpfloat (upper, <=, 1.25 * t + 1e-12);
    for (guint i = 0; i < markers->len; i++)
      lines += ((SsMarker *)g_ptr_array_index (markers, i))->failure;
    g_assert_cmpuint (lines, >=, 3);
  }

  g_assert_true (ss_param_panel_request (panel, "sigma0", 5e11));
  test_gui_wait_idle (sim);
  g_assert_nonnull (ss_simulation_get_error (sim));
  g_assert_cmpuint (count_message_dialogs (&body), ==, 1);
  /* the latest run's message (it fails at another time) */
  g_assert_true (g_str_has_prefix (body, ss_simulation_get_error (sim)));
  g_assert_cmpstr (body, !=, first);

  /* back to a valid run; the dialog closed */
  g_assert_true (ss_param_panel_request (panel, "sigma0", 1e5));
  g_assert_true (ss_param_panel_request (panel, "law", 0));
  test_gui_wait_idle (sim);
  g_assert_null (ss_simulation_get_error (sim));
  g_assert_false (ss_time_axis_is_zoomed (ss_plot_stack_get_time_axis (window->plot_stack)));
  destroy_message_dialogs ();
  test_gui_wait_idle (sim);
  g_assert_cmpuint (count_message_dialogs (NULL), ==, 0);
}

/* Quit (Ctrl+Q) closes every window of the application, so that each
 * saves its settings; each close removes that window from the list being
 * walked (the walk used to read a freed list node and crash at random). */
void
test_quit_closes_windows (void)
{
  g_autoptr(SsApplication) app = ss_application_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 3; i++)
    gtk_window_present (GTK_WINDOW (ss_window_new (GTK_APPLICATION (app))));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 3);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

/* Right after start-up, with no Play, a new window's run is complete: the
 * dataset ends at t_end and its charts hold data to t_end. */
void
test_startup_whole_run (void)
{
  SsWindow          *fresh = ss_window_new (NULL);
  SsSimulation      *sim = ss_window_get_simulation (fresh);
  const ss_scenario *sc = ss_window_get_scenario (fresh);
  SsPlotStack       *stack = ss_window_get_plot_stack (fresh);
  SsDataset         *ds;

  test_gui_wait_idle (sim);
  ds = ss_simulation_get_dataset (sim);
  g_assert_true (ss_simulation_get_finished (sim));
  g_assert_false (ss_simulation_get_playing (sim));
  g_assert_cmpfloat (ss_simulation_get_time (sim), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ds), sc->t_end, 1e-9);
  g_assert_cmpuint (ss_plot_stack_get_n_charts (stack), >=, 2);
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    g_assert_cmpfloat_with_epsilon (ss_chart_get_data_end (ss_plot_stack_get_chart (stack, i)), sc->t_end, 1e-9);
  gtk_window_destroy (GTK_WINDOW (fresh));
}

/* Undo after three changes restores the first values and their run (the
 * CLI's for them); redo brings the last back. */
void
test_undo_redo (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *first = NULL;
  g_autofree char   *path = g_build_filename (tmpdir, "undo.csv", NULL);
  const char        *args[] = { "run", "one-mass", "--csv", "-", NULL };
  const char        *names[] = { "k", "M", "v_drive" };
  const double       changed[] = { 250.0, 2.5, 0.2 };

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  first = g_memdup2 (ss_param_panel_get_values (panel), sizeof (double) * sc->n_params);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (ss_param_panel_request (panel, names[i], changed[i]));
      test_gui_wait_idle (sim);
    }
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ss_scenario_param_index (sc, "v_drive")], ==, 0.2);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      test_gui_wait_idle (sim);
    }
  g_assert_true (memcmp (first, ss_param_panel_get_values (panel), sizeof (double) * sc->n_params) == 0);
  g_assert_true (memcmp (first, ss_model_values (ss_simulation_get_model (sim)), sizeof (double) * sc->n_params) == 0);
  check_csv_is_cli (path, args);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  test_gui_wait_idle (sim);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ss_scenario_param_index (sc, "k")], ==, 250.0);
  g_assert_cmpfloat (ss_model_values (ss_simulation_get_model (sim))[ss_scenario_param_index (sc, "k")], ==, 250.0);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ss_scenario_param_index (sc, "M")], ==,
                     first[ss_scenario_param_index (sc, "M")]);

  /* a scenario switch is a step too */
  g_assert_true (ss_window_set_scenario (window, "dupont"));
  test_gui_wait_idle (sim);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_get_scenario (window) == sc);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[ss_scenario_param_index (sc, "k")], ==, 250.0);
}

/* The title's "•" follows the file: an undo back to the state saved drops
 * it, a redo brings it back; undoing a scenario switch shows the file
 * again, modified or not as it was. */
void
test_undo_to_saved (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  SsParamPanel    *panel = ss_window_get_param_panel (window);
  g_autofree char *path = g_build_filename (tmpdir, "saved.stickslip", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_save_file (window, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "saved.stickslip");

  g_assert_true (ss_param_panel_request (panel, "k", 250.0));
  test_gui_wait_idle (sim);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• saved.stickslip");
  _ss_window_undo (window);
  test_gui_wait_idle (sim);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "saved.stickslip");
  _ss_window_redo (window);
  test_gui_wait_idle (sim);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• saved.stickslip");

  /* a characteristic plot added before the switch is back after its undo */
  g_assert_nonnull (ss_plot_stack_add_xy_chart (window->plot_stack, "base.v", "base.F"));
  g_assert_true (ss_window_set_scenario (window, "dupont"));
  test_gui_wait_idle (sim);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Unsaved Scenario");
  _ss_window_undo (window);
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_get_scenario (window) == ss_scenario_find ("one-mass"));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• saved.stickslip");
  {
    guint xy = 0;

    for (guint i = 0; i < ss_plot_stack_get_n_charts (window->plot_stack); i++)
      xy += ss_chart_is_xy (ss_plot_stack_get_chart (window->plot_stack, i));
    g_assert_cmpuint (xy, ==, 1);
  }
  ss_plot_stack_remove_xy_chart (window->plot_stack, "base.v", "base.F");
  _ss_window_undo (window);
  test_gui_wait_idle (sim);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "saved.stickslip");
  /* the scenario's remembered values back to the defaults for later tests */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
}

/* Space plays while the scenario drop-down has the keyboard focus (a real
 * key press through the X server, xdotool). */
void
test_space_plays (void)
{
  SsSimulation *sim = ss_window_get_simulation (window);
  GtkWidget    *dropdown =
      (GtkWidget *)gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "scenario_dropdown");

  if (g_find_program_in_path ("xdotool") == NULL || !GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  ss_simulation_set_playing (sim, FALSE);
  ss_simulation_set_time (sim, 0.0);
  gtk_window_present (GTK_WINDOW (window));
  test_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (window)), "the window mapped");
  g_assert_true (gtk_widget_grab_focus (dropdown));
  g_assert_true (gtk_widget_has_focus (dropdown) ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), dropdown));
  test_gui_xdo ("windowfocus --sync %lu key space", test_gui_xid (GTK_WIDGET (window)));
  test_gui_wait_until (ss_simulation_get_playing (sim), "the space key to start playing");
  g_assert_true (ss_simulation_get_playing (sim));
  /* the drop-down did not open: its popover stays hidden */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_last_child (dropdown))));
  ss_simulation_set_playing (sim, FALSE);
}

/* A drag shows preview runs (looser tolerance, fewer rows, marked in the
 * status bar) and ends on the final run: the preview never stays, and the
 * final dataset equals the CLI's for the last value. */
void
test_drag_preview_then_final (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  SsParamPanel    *panel = ss_window_get_param_panel (window);
  SsParamRow      *row;
  const char      *args[] = { "run", "one-mass", "--set", "k=300", "--dt-out", "0.001", "--csv", "-", NULL };
  ss_run_opts      fine = { .dt_out = 0.001 }, none = { 0 };
  g_autofree char *path = g_build_filename (tmpdir, "after-drag.csv", NULL);
  const double     values[] = { 150.0, 220.0, 300.0 };

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_set_run_options (sim, &fine); /* 10001 rows: more than a screen shows */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  g_assert_cmpuint (ss_dataset_get_n_rows (ss_simulation_get_dataset (sim)), >, 10000);
  row = ss_param_panel_get_row (panel, "k");
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_signal_emit_by_name (row, "value-requested", values[i], FALSE);
      test_gui_wait_idle (sim);
      g_assert_true (ss_simulation_get_preview (sim));
      g_assert_true (_ss_window_marker_shown (window));
      /* at screen resolution: a few thousand rows, not the final run's */
      g_assert_cmpuint (ss_dataset_get_n_rows (ss_simulation_get_dataset (sim)), <, 2500);
    }
  g_signal_emit_by_name (row, "value-requested", values[2], TRUE);
  test_gui_wait_idle (sim);
  g_assert_false (ss_simulation_get_preview (sim));
  g_assert_false (_ss_window_marker_shown (window));
  check_csv_is_cli (path, args);
  ss_simulation_set_run_options (sim, &none);
}

typedef struct
{
  guint  previews; /* preview runs shown whole */
  double last_k;   /* k of the last one, N/m */
  int    ik;
} PreviewCount;

static void
count_previews_cb (SsSimulation *sim, PreviewCount *pc)
{
  if (ss_simulation_get_preview (sim) && ss_simulation_get_finished (sim))
    {
      pc->previews++;
      pc->last_k = ss_model_values (ss_simulation_get_model (sim))[pc->ik];
    }
}

/* A gate on the worker's preview runs (ss_simulation_set_run_hook): each
 * waits as it starts until the test lets it go, so the test knows a
 * preview is on while it sends newer values. */
typedef struct
{
  GMutex   mutex;
  GCond    cond;
  guint    started;  /* preview runs started */
  guint    released; /* ... let go */
  gboolean open;     /* all go */
} Gate;

static void
gate_hook (gboolean preview, gpointer data)
{
  Gate *gate = data;

  if (!preview)
    return;
  g_mutex_lock (&gate->mutex);
  gate->started++;
  g_cond_broadcast (&gate->cond);
  while (!gate->open && gate->released < gate->started)
    g_cond_wait (&gate->cond, &gate->mutex);
  g_mutex_unlock (&gate->mutex);
}

static guint
gate_started (Gate *gate)
{
  guint n;

  g_mutex_lock (&gate->mutex);
  n = gate->started;
  g_mutex_unlock (&gate->mutex);
  return n;
}

/* Lets the preview run held at the gate go on (@all: and every later one). */
static void
gate_release (Gate *gate, gboolean all)
{
  g_mutex_lock (&gate->mutex);
  gate->released++;
  gate->open = all;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->mutex);
}

/* A drag whose steps come faster than its previews are computed: ten
 * newer values arrive while each preview run is on (held at its start by
 * the gate until they are sent).  The window still shows every preview
 * run while the drag goes on, each of the value it started with (100, then
 * the newest when it ended, 110), the drag's values in between skipped,
 * and none after the final change; the preview on at the release is
 * dropped. */
void
test_drag_outpaces_previews (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  ss_run_opts        opts = { .t_end = 30 }, none = { 0 };
  g_autoptr(SsSimulation) sim = ss_simulation_new ();
  g_autofree double *values = g_new (double, sc->n_params);
  PreviewCount       pc = { 0, NAN, ss_scenario_param_index (sc, "k") };
  Gate               gate = { 0 };
  guint              during;

  g_mutex_init (&gate.mutex);
  g_cond_init (&gate.cond);
  ss_scenario_defaults (sc, values);
  g_assert_true (ss_param_set_assignment (sc, values, "law=lugre", NULL));
  ss_simulation_set_run_options (sim, &opts);
  ss_simulation_start (sim, sc->create (sc, values, NULL));
  test_gui_wait_idle (sim);
  g_signal_connect (sim, "updated", G_CALLBACK (count_previews_cb), &pc);
  ss_simulation_set_run_hook (sim, gate_hook, &gate);

  /* the first step's preview starts and is held */
  values[pc.ik] = 100.0;
  ss_simulation_recompute_preview (sim, sc->create (sc, values, NULL));
  test_gui_wait_until (gate_started (&gate) == 1, "the first preview to start");
  for (guint round = 1; round <= 2; round++)
    {
      /* ten newer values while it is on */
      for (int step = 1; step <= 10; step++)
        {
          values[pc.ik] = 100.0 + 10 * (round - 1) + step;
          ss_simulation_recompute_preview (sim, sc->create (sc, values, NULL));
          test_gui_iterate ();
        }
      g_assert_cmpuint (gate_started (&gate), ==, round);
      /* let it go: it is shown, and the newest value's preview starts */
      gate_release (&gate, FALSE);
      test_gui_wait_until (pc.previews == round && gate_started (&gate) == round + 1, "a preview shown, the next on");
      g_test_message ("preview %u shows k = %g", round, pc.last_k);
      g_assert_cmpfloat (pc.last_k, ==, round == 1 ? 100.0 : 110.0);
      g_assert_true (ss_simulation_get_preview (sim));
      g_assert_cmpfloat (ss_model_values (ss_simulation_get_model (sim))[pc.ik], ==, pc.last_k);
    }

  /* the release, while the preview of 120 is held: the final run, and no
   * preview after it */
  values[pc.ik] = 250.0;
  ss_simulation_recompute (sim, sc->create (sc, values, NULL));
  during = pc.previews;
  gate_release (&gate, TRUE);
  test_gui_wait_idle (sim);
  g_assert_cmpuint (pc.previews, ==, during);
  g_assert_cmpuint (gate_started (&gate), ==, 3);
  g_assert_false (ss_simulation_get_preview (sim));
  g_assert_cmpfloat (ss_model_values (ss_simulation_get_model (sim))[pc.ik], ==, 250.0);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ss_simulation_get_dataset (sim)), 30.0, 1e-9);
  ss_simulation_set_run_hook (sim, NULL, NULL);
  g_signal_handlers_disconnect_by_data (sim, &pc);
  ss_simulation_set_run_options (sim, &none);
  g_mutex_clear (&gate.mutex);
  g_cond_clear (&gate.cond);
}

/* A 1024 px wide screen holds the window: the parameters and the
 * transport with the charts fit side by side in every scenario (a long
 * choice such as a friction law's name is ellipsized, not widening the
 * panel, and so is the scenario's title in the header bar). */
void
test_fits_1024 (void)
{
  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);
      int                sidebar = 0, rest = 0;

      g_assert_true (ss_window_set_scenario (window, sc->name));
      gtk_widget_measure (GTK_WIDGET (window->sidebar), GTK_ORIENTATION_HORIZONTAL, -1, &sidebar, NULL, NULL, NULL);
      gtk_widget_measure (gtk_paned_get_end_child (window->main_paned), GTK_ORIENTATION_HORIZONTAL, -1, &rest, NULL,
                          NULL, NULL);
      if (sidebar + rest > 1024 - 20)
        g_error ("%s: the parameters (%d px) and the charts (%d px) need more than 1024 px", sc->name, sidebar, rest);
      /* the scenario's title in the header bar is ellipsized, whole in
       * its tooltip; the window fits */
      {
        int         dropdown = 0, whole = 0;
        const char *tip;

        gtk_widget_measure (GTK_WIDGET (window->scenario_dropdown), GTK_ORIENTATION_HORIZONTAL, -1, &dropdown, NULL,
                            NULL, NULL);
        gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &whole, NULL, NULL, NULL);
        g_assert_cmpint (dropdown, <=, 200);
        g_assert_cmpint (whole, <=, 1024);
        tip = gtk_widget_get_tooltip_text (GTK_WIDGET (window->scenario_dropdown));
        g_assert_nonnull (strstr (tip, ss_i18n_model_text (sc->title)));
      }
    }
}

static GtkWidget *
find_descendant (GtkWidget *root, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
pump_frames (void)
{
  for (int i = 0; i < 5; i++)
    {
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
    }
}

/* The export split button's menu open: neither its arrow's tooltip nor
 * the split button's own ("Export Plot (Ctrl+E)", shown where the arrow's
 * is off) lies over the menu; both are back when it closes. */
void
test_split_menu_tooltip_quiet (void)
{
  GtkWidget     *split = find_descendant (GTK_WIDGET (window), ADW_TYPE_SPLIT_BUTTON);
  GtkMenuButton *arrow;

  g_assert_nonnull (split);
  arrow = GTK_MENU_BUTTON (find_descendant (split, GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (arrow);
  g_assert_true (gtk_widget_get_has_tooltip (split));
  gtk_menu_button_popup (arrow);
  pump_frames ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (arrow))));
  g_assert_false (gtk_widget_get_has_tooltip (split));
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (arrow)));
  gtk_menu_button_popdown (arrow);
  pump_frames ();
  g_assert_true (gtk_widget_get_has_tooltip (split));
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (arrow)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (split), ==, "Export Plot (Ctrl+E)");
}
