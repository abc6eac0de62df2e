/* test-gui-cursors.c - the measurement cursors A and B: their readout
 * against the CLI's CSV for the current and a pinned run, kept through a
 * recompute, the copied text, and a cursor dragged with the mouse. */
#include "test-gui.h"

#include "ss-cursor-readout.h"

/* The CLI's CSV of @scenario with @set ("k=300", or NULL). */
static char **
cli_rows (const char *scenario, const char *set)
{
  const char      *with_set[] = { "run", scenario, "--set", set, "--csv", "-", NULL };
  const char      *plain[] = { "run", scenario, "--csv", "-", NULL };
  g_autofree char *csv = cli_ok (set != NULL ? with_set : plain);

  return g_strsplit (csv, "\n", -1);
}

/* Column @name of the CSV at time @t as the legends read it: the last row
 * at or before @t (after an event, its last sample); NaN where the row
 * leaves it empty. */
static double
csv_value_at (char **rows, const char *name, double t)
{
  g_auto(GStrv) header = g_strsplit (rows[0], ",", -1);
  int    column = -1;
  double v_prev = NAN;

  for (int i = 0; header[i] != NULL; i++)
    if (g_strcmp0 (header[i], name) == 0)
      column = i;
  g_assert_cmpint (column, >=, 0);
  for (guint r = 1; rows[r] != NULL && rows[r][0] != '\0'; r++)
    {
      g_auto(GStrv) cells = g_strsplit (rows[r], ",", -1);

      if (g_ascii_strtod (cells[0], NULL) > t)
        return v_prev;
      v_prev = cells[column][0] != '\0' ? g_ascii_strtod (cells[column], NULL) : NAN;
    }
  return v_prev;
}

static void
assert_close (double got, double want)
{
  if (isnan (want))
    g_assert_true (isnan (got));
  else
    g_assert_cmpfloat (fabs (got - want), <=, 1e-9 + 1e-7 * fabs (want));
}

/* Field @i of a tab-separated line, as a number ("—": NaN). */
static double
tsv_number (const char *line, int i)
{
  g_auto(GStrv) fields = g_strsplit (line, "\t", -1);

  g_assert_cmpuint (g_strv_length (fields), ==, 6);
  return g_strcmp0 (fields[i], "—") == 0 ? NAN : g_ascii_strtod (fields[i], NULL);
}

/* Every row of the readout (as copied) against the CLI's runs. */
static void
check_readout (SsCursorReadout *readout,
               SsPlotStack     *stack,
               char           **current,
               char           **pinned,
               const char      *pin_name,
               double           ta,
               double           tb)
{
  g_autofree char *text = ss_cursor_readout_dup_text (readout);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) readings = ss_plot_stack_list_readings (stack);
  guint n_current = 0, n_pinned = 0, n_negative = 0;

  g_assert_cmpuint (ss_cursor_readout_get_n_rows (readout), ==, readings->len);
  g_assert_cmpuint (g_strv_length (lines), ==, readings->len + 2); /* header, rows, "" */
  for (guint r = 0; r < readings->len; r++)
    {
      SsPlotStackReading *reading = g_ptr_array_index (readings, r);
      const char         *column = ss_series_get_column (ss_line_layer_get_series (reading->layer));
      gboolean            is_pin = g_strcmp0 (reading->run, "current run") != 0;
      char              **rows = is_pin ? pinned : current;
      double              a = csv_value_at (rows, column, ta), b = csv_value_at (rows, column, tb);
      g_autofree char    *prefix = g_strdup_printf ("%s\t%s\t", reading->name, reading->run);

      if (is_pin)
        g_assert_cmpstr (reading->run, ==, pin_name);
      n_pinned += is_pin;
      n_current += !is_pin;
      g_assert_true (g_str_has_prefix (lines[r + 1], prefix));
      assert_close (tsv_number (lines[r + 1], 3), a);
      assert_close (tsv_number (lines[r + 1], 4), b);
      assert_close (tsv_number (lines[r + 1], 5), b - a);
      /* the table shows the same, with its unit; a negative value with
       * the typographic minus, the copied text with the ASCII one */
      {
        g_autofree char *shown = ss_cursor_readout_dup_cell (readout, r, 2);
        g_autofree char *want = ss_format_screen_minus (ss_format_quantity (a, reading->unit));
        g_auto(GStrv) fields = g_strsplit (lines[r + 1], "\t", -1);

        g_assert_cmpstr (shown, ==, want);
        g_assert_null (strchr (shown, '-'));
        if (a < 0 && !g_str_equal (shown, "0"))
          {
            n_negative++;
            g_assert_true (g_str_has_prefix (shown, "−"));
            g_assert_true (g_str_has_prefix (fields[3], "-"));
          }
      }
    }
  g_assert_cmpuint (n_negative, >=, 1);
  g_assert_cmpuint (n_current, >=, 5);
  g_assert_cmpuint (n_pinned, ==, n_current);
}

/* Cursors placed at two times read every curve of the current and of a
 * pinned run as the CLI computes them, at a grid time and between rows;
 * a recompute keeps them where they are with the new values; a shorter
 * run clamps them; hidden, the readout goes. */
void
test_cursors_readout (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsPlotStack       *stack = ss_window_get_plot_stack (window);
  SsCursorReadout   *readout = ss_window_get_cursor_readout (window);
  SsTimeAxis        *axis = ss_plot_stack_get_time_axis (stack);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc;
  const double       ta = 2.0, tb = 3.4567; /* a row's time; between rows */
  double            *values;
  const char        *names[] = { "stiff" };
  g_auto(GStrv) current = NULL;
  g_auto(GStrv) pinned = NULL;
  g_auto(GStrv) softer = NULL;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  ss_window_clear_runs (window);
  sc = ss_window_get_scenario (window);
  values = g_memdup2 (ss_param_panel_get_values (panel), sc->n_params * sizeof (double));
  values[ss_scenario_param_index (sc, "k")] = 300;
  ss_window_pin_states (window, sc, 1, (const double *const *)&values, names);
  {
    test_wait wait = test_wait_start ("the pinned run");

    while (ss_run_list_is_busy (ss_window_get_run_list (window)) || g_main_context_pending (NULL))
      {
        g_main_context_iteration (NULL, FALSE);
        test_wait_tick (&wait);
      }
  }
  g_free (values);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 1);

  ss_window_set_cursors (window, ta, tb);
  g_assert_true (ss_time_axis_get_measuring (axis));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (readout)));
  current = cli_rows ("one-mass", NULL);
  pinned = cli_rows ("one-mass", "k=300");
  check_readout (readout, stack, current, pinned, "stiff", ta, tb);
  {
    g_autofree char *text = ss_cursor_readout_dup_text (readout);

    g_assert_true (g_str_has_prefix (text, "Curve\tRun\tUnit\tA (t = 2 s)\tB (t = 3.4567 s)\tB − A (Δt = 1.4567 s)\n"));
  }

  /* a recompute: the cursors stay, the values follow */
  g_assert_true (ss_param_panel_request (panel, "k", 150));
  test_gui_wait_idle (sim);
  g_assert_cmpfloat (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_A), ==, ta);
  g_assert_cmpfloat (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_B), ==, tb);
  softer = cli_rows ("one-mass", "k=150");
  check_readout (readout, stack, softer, pinned, "stiff", ta, tb);

  /* a shorter run: inside it */
  ss_time_axis_set_extent (axis, 0, 3.0);
  g_assert_cmpfloat (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_A), ==, ta);
  g_assert_cmpfloat (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_B), ==, 3.0);
  ss_time_axis_set_extent (axis, 0, sc->t_end);

  /* Alt+Right nudges A by a two-hundredth of the visible range */
  {
    double t0, t1;

    ss_time_axis_get_range (axis, &t0, &t1);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.nudge-cursor", "(ii)", 0, 1));
    g_assert_cmpfloat_with_epsilon (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_A), ta + (t1 - t0) / 200,
                                    1e-12);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.nudge-cursor", "(ii)", 0, -1));
    g_assert_cmpfloat_with_epsilon (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_A), ta, 1e-12);
    ss_time_axis_set_measure (axis, SS_TIME_AXIS_CURSOR_A, ta);
  }

  /* hidden: no readout, and win.cursors brings both back where they were */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cursors", NULL));
  g_assert_false (ss_time_axis_get_measuring (axis));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (readout)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cursors", NULL));
  g_assert_true (ss_time_axis_get_measuring (axis));
  g_assert_cmpfloat (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_A), ==, ta);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cursors", NULL));
  g_assert_true (ss_param_panel_request (panel, "k", 100));
  test_gui_wait_idle (sim);
  ss_window_clear_runs (window);
}

/* The copied text: a header, a row per curve shown; a value the equations
 * leave undetermined (the two blocks' static friction forces at rest) is
 * "—", never 0, in the text and in the table; on the clipboard too. */
void
test_cursors_copy (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  SsPlotStack     *stack = ss_window_get_plot_stack (window);
  SsCursorReadout *readout = ss_window_get_cursor_readout (window);
  g_autofree char *text = NULL;
  g_autofree char *pasted = NULL;
  g_autoptr(GPtrArray) readings = NULL;
  g_auto(GStrv) lines = NULL;
  guint undetermined = 0;

  g_assert_true (ss_window_set_scenario (window, "two-block"));
  test_gui_wait_idle (sim);
  ss_window_clear_runs (window);
  ss_window_set_cursors (window, 0.0, 1.0);
  text = ss_cursor_readout_dup_text (readout);
  lines = g_strsplit (text, "\n", -1);
  readings = ss_plot_stack_list_readings (stack);
  g_assert_cmpuint (readings->len, >=, 10);
  g_assert_cmpuint (g_strv_length (lines), ==, readings->len + 2);
  g_assert_true (g_str_has_prefix (lines[0], "Curve\tRun\tUnit\tA (t = 0 s)\tB (t = 1 s)\tB − A (Δt = 1 s)"));
  for (guint r = 0; r < readings->len; r++)
    {
      SsPlotStackReading *reading = g_ptr_array_index (readings, r);
      g_auto(GStrv) fields = g_strsplit (lines[r + 1], "\t", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, 6);
      g_assert_cmpstr (fields[0], ==, reading->name);
      if (isnan (ss_line_layer_value_at (reading->layer, 0.0)))
        {
          g_autofree char *cell = ss_cursor_readout_dup_cell (readout, r, 2);
          g_autofree char *diff = ss_cursor_readout_dup_cell (readout, r, 4);

          undetermined++;
          g_assert_cmpstr (fields[3], ==, "—");
          g_assert_cmpstr (fields[5], ==, "—");
          g_assert_cmpstr (cell, ==, "—");
          g_assert_cmpstr (diff, ==, "—");
        }
      else
        g_assert_cmpstr (fields[3], !=, "—");
    }
  /* the friction forces and ratios of the three contacts */
  g_assert_cmpuint (undetermined, >=, 6);

  /* Copy puts the same on the clipboard */
  ss_cursor_readout_copy (readout);
  {
    GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (readout));
    GValue        v = G_VALUE_INIT;

    g_value_init (&v, G_TYPE_STRING);
    g_assert_true (gdk_content_provider_get_value (gdk_clipboard_get_content (clipboard), &v, NULL));
    pasted = g_value_dup_string (&v);
    g_value_unset (&v);
  }
  g_assert_cmpstr (pasted, ==, text);

  /* an export leaves the cursors out: the same file with them and without */
  {
    g_autofree char *on = g_build_filename (tmpdir, "cursors-on.png", NULL);
    g_autofree char *off = g_build_filename (tmpdir, "cursors-off.png", NULL);
    g_autofree char *on_data = NULL, *off_data = NULL;
    gsize            on_len, off_len;
    g_autoptr(GError) error = NULL;

    g_assert_true (ss_export_plot (stack, on, SS_EXPORT_PNG, 800, 900, "two-block", NULL, &error));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cursors", NULL));
    g_assert_false (ss_time_axis_get_measuring (ss_plot_stack_get_time_axis (stack)));
    g_assert_true (ss_export_plot (stack, off, SS_EXPORT_PNG, 800, 900, "two-block", NULL, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (on, &on_data, &on_len, NULL));
    g_assert_true (g_file_get_contents (off, &off_data, &off_len, NULL));
    g_assert_true (on_len == off_len && memcmp (on_data, off_data, on_len) == 0);
  }
}

/* A press on cursor A's line and a drag (real pointer events through the X
 * server, xdotool) move it on every chart; the playhead stays. */
void
test_cursors_drag (void)
{
  SsSimulation    *sim = ss_window_get_simulation (window);
  SsPlotStack     *stack = ss_window_get_plot_stack (window);
  SsTimeAxis      *axis = ss_plot_stack_get_time_axis (stack);
  SsChart         *chart = ss_plot_stack_get_chart (stack, 0);
  SsChartContext   ctx;
  graphene_point_t from, to;
  double           sx, sy, t0, t1, playhead, target;
  char             xid[32];

  if (g_find_program_in_path ("xdotool") == NULL || !GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  gtk_window_present (GTK_WINDOW (window));
  test_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (window)), "the window mapped");
  /* the side panel (opened by a pin) may lie over the charts */
  gtk_toggle_button_set_active (
      GTK_TOGGLE_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "panel_button")), FALSE);
  ss_window_set_cursors (window, 4.0, 8.0);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  /* where 4 s and 2.5 s are on a chart in view (the stack may be scrolled),
   * in the window */
  ss_time_axis_get_range (axis, &t0, &t1);
  chart = NULL;
  for (guint i = 0; chart == NULL && i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChart *c = ss_plot_stack_get_chart (stack, i);
      double   y = gtk_widget_get_height (GTK_WIDGET (c)) - 20;

      if (ss_chart_is_xy (c) || !gtk_widget_get_mapped (GTK_WIDGET (c)))
        continue;
      ss_chart_get_layout (c, gtk_widget_get_width (GTK_WIDGET (c)), gtk_widget_get_height (GTK_WIDGET (c)), &ctx);
      if (gtk_widget_compute_point (GTK_WIDGET (c), GTK_WIDGET (window),
                                    &GRAPHENE_POINT_INIT (round (ss_chart_context_x (&ctx, 4.0)), y), &from) &&
          gtk_widget_compute_point (GTK_WIDGET (c), GTK_WIDGET (window),
                                    &GRAPHENE_POINT_INIT (round (ss_chart_context_x (&ctx, 2.5)), y), &to) &&
          gtk_widget_pick (GTK_WIDGET (window), from.x, from.y, GTK_PICK_DEFAULT) == GTK_WIDGET (c) &&
          gtk_widget_pick (GTK_WIDGET (window), to.x, to.y, GTK_PICK_DEFAULT) == GTK_WIDGET (c))
        chart = c;
    }
  g_assert_nonnull (chart);
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  target = 2.5;
  playhead = ss_time_axis_get_playhead (axis);
  g_snprintf (xid, sizeof xid, "%lu",
              (unsigned long)gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))));
  {
    g_autofree char *x0 = g_strdup_printf ("%d", (int)(from.x + sx));
    g_autofree char *y0 = g_strdup_printf ("%d", (int)(from.y + sy));
    g_autofree char *xm = g_strdup_printf ("%d", (int)((from.x + to.x) / 2 + sx));
    g_autofree char *x1 = g_strdup_printf ("%d", (int)(to.x + sx));
    const char *argv[] = { "xdotool", "mousemove", "--window", xid, x0, y0, "sleep", "0.3", "mousedown", "1", "sleep",
                           "0.1", "mousemove", "--window", xid, xm, y0, "sleep", "0.1", "mousemove", "--window", xid,
                           x1, y0, "sleep", "0.1", "mouseup", "1",
                           /* out of the window: no hover left behind */
                           "sleep", "0.1", "mousemove", "1599", "1199", NULL };
    GPid        pid;

    g_assert_true (g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                  NULL, &pid, NULL));
    /* the events come while the loop runs */
    test_gui_wait_until (waitpid (pid, NULL, WNOHANG) != 0, "xdotool to exit");
    g_spawn_close_pid (pid);
    /* a pause: the last events are handled */
    test_gui_pump (2000);
  }
  /* within a pixel column of where the pointer let go */
  g_assert_cmpfloat (fabs (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_A) - target), <=,
                     2 * (t1 - t0) / ctx.width);
  g_assert_cmpfloat (ss_time_axis_get_measure (axis, SS_TIME_AXIS_CURSOR_B), ==, 8.0);
  g_assert_true (ss_time_axis_get_playhead (axis) == playhead ||
                 (isnan (playhead) && isnan (ss_time_axis_get_playhead (axis))));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cursors", NULL));
}
