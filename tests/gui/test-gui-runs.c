/* test-gui-runs.c - pinned runs in the window: pin, rename, hide, remove,
 * the charts' curves and legends and the exports following them; each
 * scenario keeping its own; "Compare all" against the CLI, its cancel; the
 * runs through a scenario file; the pins following the run options. */
#include "test-gui.h"

static gsize csv_len;

static SsPinnedRun *
run_at (SsRunList *list, guint i)
{
  SsPinnedRun *run = g_list_model_get_item (G_LIST_MODEL (list), i);

  g_object_unref (run); /* the list holds it */
  return run;
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

/* Charts drawing both @a and @b. */
static guint
charts_with_both (SsPlotStack *stack, SsDataset *a, SsDataset *b)
{
  guint both = 0;

  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    if (count_lines_of (ss_plot_stack_get_chart (stack, i), a) > 0 &&
        count_lines_of (ss_plot_stack_get_chart (stack, i), b) > 0)
      both++;
  return both;
}

/* Whether the top chart's on-screen legend has a visible entry @title. */
static gboolean
legend_has (SsPlotStack *stack, const char *title)
{
  GPtrArray *layers = ss_chart_get_layers (ss_plot_stack_get_chart (stack, 0));

  for (guint i = 0; i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);

      if (ss_chart_layer_get_visible (layer) && ss_chart_layer_get_in_legend (layer) &&
          g_strcmp0 (ss_chart_layer_get_title (layer), title) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Whether the SVG export of the window's figure holds @text. */
static gboolean
export_names (const char *text)
{
  g_autofree char *svg = g_build_filename (tmpdir, "runs.svg", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autoptr(GError) error = NULL;

  g_assert_true (ss_window_export_plot_to (window, svg, 900, 1200, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  return strstr (contents, escaped) != NULL;
}

/* Pin (Ctrl+K's action) keeps the complete run as it is; a level switch
 * keeps it and every chart draws both, the legend naming the pin by what
 * differs; rename, hide, show and remove from the panel's row, the charts,
 * legends and exports following; each scenario keeps its own pins. */
void
test_pinned_runs (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsPlotStack       *stack = ss_window_get_plot_stack (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  SsRunsPanel       *runs_panel = ss_window_get_runs_panel (window);
  const ss_scenario *sc = ss_scenario_find ("gear-train");
  int                level = ss_scenario_param_index (sc, "level");
  g_autofree char   *expected = NULL;
  SsRunList         *list;
  SsPinnedRun       *run;
  SsDataset         *pinned, *live;
  GtkWidget         *w;

  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  ss_window_clear_runs (window);
  g_assert_true (ss_param_panel_request (panel, "level", 0));
  test_gui_wait_idle (sim);
  list = ss_window_get_run_list (window);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  gtk_toggle_button_set_active (
      GTK_TOGGLE_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "panel_button")), FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-run", NULL));
  test_gui_wait_runs (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  run = run_at (list, 0);
  pinned = ss_pinned_run_get_dataset (run);
  /* the whole run on screen, not computed again */
  g_assert_true (pinned == ss_simulation_get_dataset (sim));
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (pinned), sc->t_end, 1e-9);
  g_assert_cmpstr (ss_pinned_run_get_name (run), ==, "same as current");
  /* the first pin opens the side panel on the runs */
  g_assert_true (gtk_toggle_button_get_active (
      GTK_TOGGLE_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "panel_button"))));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (
                       gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "panel_stack"))),
                   ==, "runs");

  /* level 1 -> 3: the charts are rebuilt, the pin stays, named by level */
  g_assert_true (ss_param_panel_request (panel, "level", 2));
  test_gui_wait_idle (sim);
  live = ss_simulation_get_dataset (sim);
  g_assert_true (live != pinned);
  g_assert_cmpfloat (ss_model_values (ss_dataset_get_model (live))[level], ==, 2);
  expected = ss_format_param_assignment (&sc->params[level], 0, " ");
  g_assert_cmpstr (ss_pinned_run_get_name (run), ==, expected);
  g_assert_nonnull (strstr (expected, ss_i18n_model_text (sc->params[level].label)));
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 1);
  g_assert_cmpuint (charts_with_both (stack, pinned, live), >=, 3);
  g_assert_true (legend_has (stack, expected));
  g_assert_true (legend_has (stack, "current run"));
  g_assert_true (export_names (expected));

  /* renamed from the panel's row: the legend and the export follow */
  w = ss_runs_panel_find_row_widget (runs_panel, run, "rename");
  g_assert_nonnull (w);
  gtk_menu_button_popup (GTK_MENU_BUTTON (w));
  w = ss_runs_panel_find_row_widget (runs_panel, run, "rename-entry");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (w)), ==, expected);
  gtk_editable_set_text (GTK_EDITABLE (w), "  level one  ");
  g_signal_emit_by_name (w, "activate");
  g_assert_cmpstr (ss_pinned_run_get_name (run), ==, "level one");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (ss_runs_panel_find_row_widget (runs_panel, run, "name"))), ==,
                   "level one");
  g_assert_true (ss_pinned_run_get_renamed (run));
  g_assert_true (legend_has (stack, "level one"));
  g_assert_false (legend_has (stack, expected));
  g_assert_true (export_names ("level one"));
  /* a parameter change keeps the user's name */
  g_assert_true (ss_param_panel_request (panel, "level", 3));
  test_gui_wait_idle (sim);
  g_assert_cmpstr (ss_pinned_run_get_name (run), ==, "level one");

  /* a second pin, then the first hidden: it leaves charts, legend, export */
  g_assert_nonnull (ss_window_pin_run (window));
  test_gui_wait_runs (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 2);
  g_assert_cmpuint (ss_pinned_run_get_style (run_at (list, 1)), !=, ss_pinned_run_get_style (run));
  w = ss_runs_panel_find_row_widget (runs_panel, run, "visible");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (w)));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (w), FALSE);
  g_assert_false (ss_pinned_run_get_visible (run));
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 1);
  g_assert_cmpuint (charts_with_both (stack, pinned, ss_simulation_get_dataset (sim)), ==, 0);
  g_assert_false (legend_has (stack, "level one"));
  g_assert_false (export_names ("level one"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (w), TRUE);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 2);
  g_assert_true (legend_has (stack, "level one"));
  g_assert_true (export_names ("level one"));

  /* a blank name gives back the automatic one */
  w = ss_runs_panel_find_row_widget (runs_panel, run, "rename-entry");
  gtk_editable_set_text (GTK_EDITABLE (w), " ");
  g_signal_emit_by_name (w, "activate");
  g_assert_false (ss_pinned_run_get_renamed (run));
  g_free (expected);
  expected = ss_pinned_run_describe (sc, ss_pinned_run_get_values (run), ss_param_panel_get_values (panel));
  g_assert_cmpstr (ss_pinned_run_get_name (run), ==, expected);

  /* another scenario has its own pins (none); back, the two return */
  g_assert_true (ss_window_set_scenario (window, "two-slider"));
  test_gui_wait_idle (sim);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (ss_window_get_run_list (window))), ==, 0);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 0);
  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_get_run_list (window) == list);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 2);
  g_assert_true (ss_plot_stack_get_pinned_run (stack, 0, NULL) == pinned);

  /* removed from the row's button */
  w = ss_runs_panel_find_row_widget (runs_panel, run, "remove");
  g_signal_emit_by_name (w, "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 1);
  g_assert_true (ss_plot_stack_get_pinned_run (stack, 0, NULL) != pinned);
  /* Shift+Ctrl+K's action: all gone */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.clear-runs", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 0);
  g_assert_false (legend_has (stack, "current run"));
  g_assert_true (ss_param_panel_request (panel, "level", 0));
  test_gui_wait_idle (sim);
}

/* "Compare all" on the gear train's modelling level, from the button in
 * the level's row: four pinned runs whose data equal four CLI runs. */
void
test_compare_all_cli (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  SsPlotStack       *stack = ss_window_get_plot_stack (window);
  const ss_scenario *sc = ss_scenario_find ("gear-train");
  int                level = ss_scenario_param_index (sc, "level");
  SsParamRow        *row;
  GtkWidget         *button = NULL;
  SsRunList         *list;

  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  ss_window_clear_runs (window);
  g_assert_true (ss_param_panel_request (panel, "level", 1));
  test_gui_wait_idle (sim);
  list = ss_window_get_run_list (window);

  /* the row's button beside the drop-down runs win.compare-all('level') */
  row = ss_param_panel_get_row (panel, "level");
  for (GtkWidget *w = gtk_widget_get_next_sibling (GTK_WIDGET (ss_param_row_get_dropdown (row))); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), "win.compare-all") == 0)
      button = w;
  g_assert_nonnull (button);
  g_assert_cmpstr (g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button)), NULL), ==,
                   "level");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 4);
  g_assert_true (ss_run_list_is_busy (list) || ss_run_list_get_n_computing (list) == 0);
  test_gui_wait_runs (list);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      SsPinnedRun     *run = run_at (list, i);
      g_autofree char *set = g_strdup_printf ("level=%s", sc->params[level].choices[i]);
      const char      *args[] = { "run", "gear-train", "--set", set, "--csv", "-", NULL };
      g_autofree char *cli = cli_ok (args);
      g_autofree char *gui = NULL;
      g_autofree char *expected = ss_format_param_assignment (&sc->params[level], i, " ");

      g_assert_cmpint (ss_pinned_run_get_state (run), ==, SS_PINNED_RUN_DONE);
      g_assert_cmpfloat (ss_pinned_run_get_values (run)[level], ==, i);
      gui = ss_export_csv_data (ss_pinned_run_get_dataset (run), &csv_len);
      g_assert_true (files_equal_text (gui, cli));
      /* named by the level, but the current one's */
      g_assert_cmpstr (ss_pinned_run_get_name (run), ==, i == 1 ? "same as current" : expected);
      g_assert_true (ss_plot_stack_get_pinned_run (stack, i, NULL) == ss_pinned_run_get_dataset (run));
    }
  if (g_getenv ("SS_TEST_SHOT_DIR") != NULL)
    {
      g_autofree char *pdf = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), "compare-levels.pdf", NULL);

      ss_window_export_plot_to (window, pdf, 800, 1100, NULL);
    }
  ss_window_clear_runs (window);
  g_assert_true (ss_param_panel_request (panel, "level", 0));
  test_gui_wait_idle (sim);
}

/* Stop during a Compare all: the runs still computing go, the runs done
 * stay pinned (and so does what was pinned before). */
void
test_compare_all_cancel (void)
{
  SsSimulation *sim = ss_window_get_simulation (window);
  SsPlotStack  *stack = ss_window_get_plot_stack (window);
  SsRunList    *list;
  guint         done = 0, n;

  g_assert_true (ss_window_set_scenario (window, "two-slider"));
  test_gui_wait_idle (sim);
  list = ss_window_get_run_list (window);
  ss_window_clear_runs (window);
  ss_window_pin_run (window);
  test_gui_wait_runs (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);

  /* stopped at once: nothing of the batch is done yet */
  g_assert_cmpuint (ss_window_compare_all (window, "treatment"), ==, 3);
  g_assert_true (ss_run_list_is_busy (list));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-runs", NULL));
  g_assert_false (ss_run_list_is_busy (list));
  g_assert_cmpfloat (ss_run_list_get_progress (list), ==, -1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  g_assert_cmpint (ss_pinned_run_get_state (run_at (list, 0)), ==, SS_PINNED_RUN_DONE);
  /* the cancelled jobs' results, when they come, are dropped */
  for (int i = 0; i < 200; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);

  /* stopped once one is done: the ones done stay, the others go */
  ss_window_clear_runs (window);
  ss_window_pin_run (window);
  test_gui_wait_runs (list);
  ss_window_compare_all (window, "rod");
  for (;;)
    {
      guint computing = 0;

      g_main_context_iteration (NULL, TRUE);
      done = 0;
      n = g_list_model_get_n_items (G_LIST_MODEL (list));
      for (guint i = 0; i < n; i++)
        {
          SsPinnedRunState state = ss_pinned_run_get_state (run_at (list, i));

          done += state == SS_PINNED_RUN_DONE;
          computing += state == SS_PINNED_RUN_COMPUTING;
        }
      if (done >= 2 || computing == 0)
        break;
    }
  ss_run_list_cancel (list);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, done);
  for (guint i = 0; i < done; i++)
    g_assert_cmpint (ss_pinned_run_get_state (run_at (list, i)), ==, SS_PINNED_RUN_DONE);
  g_assert_cmpuint (ss_plot_stack_get_n_pinned_runs (stack), ==, done);
  ss_window_clear_runs (window);
}

/* Pinned runs through a scenario file: their values, the user's names and
 * the hidden ones are stored; loading recomputes them, to the same data. */
void
test_runs_file (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("two-slider");
  g_autofree char   *path = g_build_filename (tmpdir, "pinned.stickslip", NULL);
  g_autofree char   *text = NULL;
  g_autoptr(GPtrArray) csv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  SsRunList *list;

  g_assert_true (ss_window_set_scenario (window, "two-slider"));
  list = ss_window_get_run_list (window);
  ss_window_clear_runs (window);
  g_assert_true (ss_param_panel_request (panel, "rod", 1));
  test_gui_wait_idle (sim);
  g_assert_cmpuint (ss_window_compare_all (window, "treatment"), ==, 3);
  test_gui_wait_runs (list);
  ss_run_list_rename (list, run_at (list, 1), "eliminated, \"second\"");
  ss_pinned_run_set_visible (run_at (list, 2), FALSE);
  for (guint i = 0; i < 3; i++)
    {
      g_ptr_array_add (csv, ss_export_csv_data (ss_pinned_run_get_dataset (run_at (list, i)), &csv_len));
      g_ptr_array_add (values, g_memdup2 (ss_pinned_run_get_values (run_at (list, i)), sizeof (double) * sc->n_params));
    }
  g_assert_true (ss_window_save_file (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[run 3]\nvisible=false\ntreatment="));

  /* gone from the window, then back from the file */
  ss_window_clear_runs (window);
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  g_assert_true (ss_window_load_file (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (ss_window_get_scenario (window) == sc);
  list = ss_window_get_run_list (window);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 3);
  test_gui_wait_runs (list);
  test_gui_wait_idle (sim);
  for (guint i = 0; i < 3; i++)
    {
      SsPinnedRun     *run = run_at (list, i);
      g_autofree char *data = ss_export_csv_data (ss_pinned_run_get_dataset (run), &csv_len);

      g_assert_true (
          memcmp (ss_pinned_run_get_values (run), g_ptr_array_index (values, i), sizeof (double) * sc->n_params) == 0);
      g_assert_true (files_equal_text (data, g_ptr_array_index (csv, i)));
      g_assert_true (ss_pinned_run_get_visible (run) == (i != 2));
      g_assert_true (ss_pinned_run_get_renamed (run) == (i == 1));
    }
  g_assert_cmpstr (ss_pinned_run_get_name (run_at (list, 1)), ==, "eliminated, \"second\"");
  ss_window_clear_runs (window);
  g_assert_true (ss_param_panel_request (panel, "rod", 0));
  test_gui_wait_idle (sim);
}

/* The pins follow the run options: a longer run recomputes them to the new
 * end; the data equal the CLI's with the same option. */
void
test_runs_follow_run_options (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  ss_run_opts        opts = *ss_simulation_get_run_options (sim);
  ss_run_opts        longer;
  SsRunList         *list;
  SsPinnedRun       *run;
  const char        *args[] = { "run", "one-mass", "--t-end", "13", "--csv", "-", NULL };
  g_autofree char   *cli = NULL;
  g_autofree char   *gui = NULL;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  list = ss_window_get_run_list (window);
  ss_window_clear_runs (window);
  opts = *ss_simulation_get_run_options (sim);
  run = ss_window_pin_run (window);
  test_gui_wait_runs (list);
  g_assert_cmpfloat_with_epsilon (ss_dataset_get_end_time (ss_pinned_run_get_dataset (run)), sc->t_end, 1e-9);

  longer = opts;
  longer.t_end = 13;
  ss_simulation_set_run_options (sim, &longer);
  ss_simulation_reset (sim);
  test_gui_wait_idle (sim);
  g_assert_true (ss_run_list_is_busy (list) || ss_dataset_get_end_time (ss_pinned_run_get_dataset (run)) == 13);
  test_gui_wait_runs (list);
  g_assert_cmpfloat (ss_dataset_get_end_time (ss_pinned_run_get_dataset (run)), ==, 13);
  cli = cli_ok (args);
  gui = ss_export_csv_data (ss_pinned_run_get_dataset (run), &csv_len);
  g_assert_true (files_equal_text (gui, cli));

  ss_simulation_set_run_options (sim, &opts);
  ss_simulation_reset (sim);
  test_gui_wait_idle (sim);
  test_gui_wait_runs (list);
  ss_window_clear_runs (window);
}
