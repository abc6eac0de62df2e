/* test-gui-live.c - every input previews when the final run is slow: a key
 * step on a slider, a typed value, undo and a drag each show a preview run
 * first and then the final run, which equals the CLI's CSV for those
 * values; no preview is left on screen.  The threshold is set to 0 so the
 * one-mass run (fast here) counts as slow: the test does not depend on the
 * machine's speed. */
#include "test-gui.h"

#include "ss-settings.h"
#include "ss-simulation-private.h" /* the display the worker decimates for */

typedef struct
{
  guint    previews;     /* updates that showed a preview */
  guint    finals;       /* updates that showed a finished final run */
  guint    beside;       /* the simulation's previews_beside_final before the input */
  gboolean beside_final; /* the input's final run runs beside its preview */
} Shown;

static void
updated_cb (SsSimulation *sim, Shown *shown)
{
  if (ss_simulation_get_preview (sim))
    shown->previews++;
  else if (ss_simulation_get_finished (sim))
    shown->finals++;
}

/* The run on screen came decimated for the charts' display (the worker's
 * bins), and every column's bins and their extent are those the main
 * thread would fold from the same rows; a series shares them. */
static void
check_worker_bins (SsSimulation *sim)
{
  SsDataset *ds = ss_simulation_get_dataset (sim);
  ss_trace  *tr = ss_dataset_to_trace (ds);
  SsDataset *plain = ss_dataset_new_from_trace (ss_dataset_get_model_ref (ds), tr);
  guint      n = sim->display_bins;

  g_assert_cmpuint (n, >, 100);
  g_assert_nonnull (ss_dataset_get_display (ds, sim->display_t0, sim->display_t1, n));
  g_assert_null (ss_dataset_get_display (plain, sim->display_t0, sim->display_t1, n));
  for (int c = 0; c < ss_dataset_get_n_columns (ds); c++)
    {
      g_autoptr(SsSeries) a = ss_series_new (ss_model_column (ss_dataset_get_model (ds), c)->name);
      g_autoptr(SsSeries) b = ss_series_new (ss_model_column (ss_dataset_get_model (ds), c)->name);
      const SsSeriesBin *x, *y;

      ss_series_set_dataset (a, ds);
      ss_series_set_dataset (b, plain);
      x = ss_series_get_bins (a, sim->display_t0, sim->display_t1, n);
      y = ss_series_get_bins (b, sim->display_t0, sim->display_t1, n);
      g_assert_true ((x == NULL) == (y == NULL));
      if (x != NULL)
        {
          double   lo_a = 0, hi_a = 0, lo_b = 0, hi_b = 0;
          gboolean has_a, has_b;

          g_assert_true (memcmp (x, y, sizeof (SsSeriesBin) * (n + 2)) == 0);
          /* shared with the worker's, not copied; another display folds
           * its own and leaves the worker's as they were */
          g_assert_true (x == g_ptr_array_index (ss_dataset_get_display (ds, sim->display_t0, sim->display_t1, n), c));
          g_assert_true (ss_series_get_bins (a, sim->display_t0, sim->display_t1, n - 1) != x);
          g_assert_true (memcmp (x, y, sizeof (SsSeriesBin) * (n + 2)) == 0);
          g_assert_true (ss_series_get_bins (a, sim->display_t0, sim->display_t1, n) == x);
          /* the extent the worker found is the one folded here */
          has_a = ss_series_get_range (a, sim->display_t0, sim->display_t1, n, &lo_a, &hi_a);
          has_b = ss_series_get_range (b, sim->display_t0, sim->display_t1, n, &lo_b, &hi_b);
          g_assert_true (has_a == has_b);
          g_assert_cmpfloat (lo_a, ==, lo_b);
          g_assert_cmpfloat (hi_a, ==, hi_b);
        }
    }
  g_object_unref (plain);
  ss_trace_free (tr);
}

/* After an input: a preview was shown, then the final run; the final
 * run is on screen, not marked as a preview, and its CSV is the CLI's for
 * k = @k and M = @mass (one-mass, output step 1 ms). */
static void
check_preview_then_final (Shown *shown, double k, double mass, const char *what)
{
  SsSimulation *sim = ss_window_get_simulation (window);
  GtkWidget *marker = (GtkWidget *)gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "preview_label");
  g_autofree char *set = g_strdup_printf ("k=%.17g", k);
  g_autofree char *set_mass = g_strdup_printf ("M=%.17g", mass);
  const char *args[] = { "run", "one-mass", "--set", set, "--set", set_mass, "--dt-out", "0.001", "--csv", "-", NULL };
  g_autofree char *path = g_build_filename (tmpdir, "live.csv", NULL);
  const ss_model  *m;

  test_gui_wait_idle (sim);
  if (shown->previews == 0)
    g_error ("%s: no preview before the final run", what);
  /* a preview before a final run: the two ran at once, the final run
   * under way (or done and held back) when its preview was handed over */
  if (shown->beside_final && sim->previews_beside_final != shown->beside + 1)
    g_error ("%s: the final run did not run beside its preview", what);
  if (!shown->beside_final && sim->previews_beside_final != shown->beside)
    g_error ("%s: the final run ran beside its preview", what);
  g_assert_cmpuint (shown->finals, >=, 1);
  g_assert_false (ss_simulation_get_preview (sim));
  g_assert_true (ss_simulation_get_finished (sim));
  /* no "preview" left: the marker gone, or saying the run is a kept one */
  if (ss_simulation_get_kept (sim))
    {
      g_assert_true (_ss_window_marker_shown (window));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (marker)), ==, "kept run");
    }
  else
    g_assert_false (_ss_window_marker_shown (window));
  m = ss_simulation_get_model (sim);
  g_assert_cmpfloat (ss_model_values (m)[ss_scenario_param_index (ss_model_scenario (m), "k")], ==, k);
  g_assert_cmpfloat (ss_model_values (m)[ss_scenario_param_index (ss_model_scenario (m), "M")], ==, mass);
  g_assert_cmpuint (ss_dataset_get_n_rows (ss_simulation_get_dataset (sim)), >, 10000); /* not the preview's */
  check_worker_bins (sim);
  check_csv_is_cli (path, args);
  shown->previews = shown->finals = 0;
  shown->beside = sim->previews_beside_final;
}

void
test_every_input_previews (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  int                ik = ss_scenario_param_index (sc, "k");
  int                im = ss_scenario_param_index (sc, "M");
  ss_run_opts        fine = { .dt_out = 0.001 }, none = { 0 };
  SsParamRow        *row;
  GtkSpinButton     *spin;
  Shown              shown = { 0, 0, 0, TRUE };
  double             k;
  gulong             handler;
  SsDataset         *key_step_run;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  ss_simulation_set_run_options (sim, &fine); /* 10001 rows: more than a preview's */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  ss_simulation_set_preview_threshold (sim, 0);
  ss_simulation_set_finals_beside (sim, TRUE); /* whatever the machine */
  handler = g_signal_connect (sim, "updated", G_CALLBACK (updated_cb), &shown);
  row = ss_param_panel_get_row (panel, "k");

  /* a key step on the focused slider: GtkRange's keybinding signal */
  shown.previews = shown.finals = 0;
  shown.beside = sim->previews_beside_final;
  g_signal_emit_by_name (ss_param_row_get_scale (row), "move-slider", GTK_SCROLL_STEP_UP);
  k = ss_param_panel_get_values (panel)[ik];
  g_assert_cmpfloat (k, >, 100.0);
  check_preview_then_final (&shown, k, 1.0, "key step");
  key_step_run = g_object_ref (ss_simulation_get_dataset (sim));

  /* the same, the final run after its preview on the first worker: a
   * key step down and up again, the first not kept */
  ss_simulation_set_finals_beside (sim, FALSE);
  ss_simulation_set_keep_runs (sim, FALSE);
  shown.beside_final = FALSE;
  g_signal_emit_by_name (ss_param_row_get_scale (row), "move-slider", GTK_SCROLL_STEP_DOWN);
  check_preview_then_final (&shown, ss_param_panel_get_values (panel)[ik], 1.0, "key step, one run after the other");
  ss_simulation_set_keep_runs (sim, TRUE);
  g_signal_emit_by_name (ss_param_row_get_scale (row), "move-slider", GTK_SCROLL_STEP_UP);
  check_preview_then_final (&shown, k, 1.0, "key step, one run after the other");
  ss_simulation_set_finals_beside (sim, TRUE);
  shown.beside_final = TRUE;
  g_object_unref (key_step_run);
  key_step_run = g_object_ref (ss_simulation_get_dataset (sim));

  /* a typed value (another parameter: its own undo step) */
  spin = ss_param_row_get_spin (ss_param_panel_get_row (panel, "M"));
  gtk_editable_set_text (GTK_EDITABLE (spin), "2.5");
  gtk_spin_button_update (spin); /* Enter, or the focus leaving it */
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 2.5);
  check_preview_then_final (&shown, k, 2.5, "typed value");

  /* undo: the mass back; the run of those values was kept and shows at
   * once, without a preview; redo and undo again, nothing kept: each
   * previews */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 1.0);
  test_gui_wait_idle (sim);
  g_assert_cmpuint (shown.previews, ==, 0);
  g_assert_true (ss_simulation_get_dataset (sim) == key_step_run);
  g_assert_true (ss_simulation_get_kept (sim));
  shown.previews = 1;
  shown.beside_final = FALSE; /* no run at all */
  check_preview_then_final (&shown, k, 1.0, "kept run");
  shown.beside_final = TRUE;
  ss_simulation_set_keep_runs (sim, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 2.5);
  check_preview_then_final (&shown, k, 2.5, "redo");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[im], ==, 1.0);
  check_preview_then_final (&shown, k, 1.0, "undo");
  g_assert_true (ss_simulation_get_dataset (sim) != key_step_run);
  g_assert_false (ss_simulation_get_kept (sim));
  g_object_unref (key_step_run);
  ss_simulation_set_keep_runs (sim, TRUE);

  /* a drag: previews while it goes on, the final run at the release (no
   * second preview of the same values) */
  g_signal_emit_by_name (row, "value-requested", 150.0, FALSE);
  test_gui_wait_idle (sim);
  g_assert_true (ss_simulation_get_preview (sim));
  g_signal_emit_by_name (row, "value-requested", 180.0, FALSE);
  test_gui_wait_idle (sim);
  g_assert_true (ss_simulation_get_preview (sim));
  shown.previews = 0;
  g_signal_emit_by_name (row, "value-requested", 180.0, TRUE);
  test_gui_wait_idle (sim);
  g_assert_cmpuint (shown.previews, ==, 0); /* its previews are on screen already */
  shown.previews = 1;
  shown.beside_final = FALSE; /* a drag's previews, then its final run */
  check_preview_then_final (&shown, 180.0, 1.0, "drag");

  g_signal_handler_disconnect (sim, handler);
  ss_simulation_set_preview_threshold (sim, 16.0);
  ss_simulation_set_run_options (sim, &none);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
}

/* A scenario switch during a long run: the worker drops that run within a
 * bounded number of integrator steps after the request (it asks whether
 * to cancel every 16 integrator calls, inside ss_sim_advance), not at the
 * end of its slice, a hundredth of the run; and the window then shows the
 * new scenario's whole run, the CLI's.  Bounded by steps, not time. */
void
test_switch_cancels_run (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *dupont = ss_scenario_find ("dupont");
  /* one-mass LuGre over 3000 s: about 3.2 million steps, 32,000 a slice */
  ss_run_opts      long_run = { .t_end = 3000.0, .dt_out = 1.0 }, none = { 0 };
  const char      *args[] = { "run", "dupont", "--csv", "-", NULL };
  g_autofree char *path = g_build_filename (tmpdir, "switched.csv", NULL);
  long             overrun;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  ss_simulation_set_run_options (sim, &long_run);
  g_assert_true (ss_param_panel_request (panel, "law", 3)); /* lugre */
  /* until the worker is well into that run */
  for (;;)
    {
      gboolean on_it;
      long     steps;

      g_main_context_iteration (NULL, FALSE);
      g_mutex_lock (&sim->mutex);
      on_it = FALSE;
      steps = 0;
      for (int i = 0; i < 2; i++)
        {
          const Worker *w = &sim->workers[i];

          if (w->busy && w->gen == sim->generation && w->t_end == long_run.t_end)
            {
              on_it = TRUE;
              steps = w->steps;
            }
        }
      sim->overrun_steps = -1;
      g_mutex_unlock (&sim->mutex);
      if (on_it && steps > 2000)
        break;
      if (!ss_simulation_is_busy (sim) && ss_simulation_get_finished (sim))
        g_error ("the long run ended before the switch (%ld steps seen)", steps);
      g_usleep (1000);
    }
  ss_simulation_set_run_options (sim, &none);
  g_assert_true (ss_window_set_scenario (window, "dupont"));
  test_gui_wait_idle (sim);

  g_mutex_lock (&sim->mutex);
  overrun = sim->overrun_steps;
  g_mutex_unlock (&sim->mutex);
  g_test_message ("the abandoned run took %ld integrator steps after the switch", overrun);
  /* at most one look at requests between the request and the stop, and
   * the steps counted as of the look before the request: 2 x 16 calls */
  if (overrun < 0 || overrun > 32)
    g_error ("the abandoned run took %ld integrator steps after the switch (at most 32)", overrun);

  g_assert_true (ss_window_get_scenario (window) == dupont);
  g_assert_true (ss_model_scenario (ss_simulation_get_model (sim)) == dupont);
  g_assert_true (ss_dataset_get_model (ss_simulation_get_dataset (sim)) == ss_simulation_get_model (sim));
  g_assert_true (ss_simulation_get_finished (sim));
  g_assert_false (ss_simulation_get_preview (sim));
  g_assert_cmpfloat (ss_dataset_get_end_time (ss_simulation_get_dataset (sim)), ==, dupont->t_end);
  check_csv_is_cli (path, args);
}

/* The final run of @k on one-mass, waited for: the dataset shown. */
static SsDataset *
final_run_of (SsParamRow *row, double k)
{
  SsSimulation *sim = ss_window_get_simulation (window);

  g_signal_emit_by_name (row, "value-requested", k, TRUE);
  test_gui_wait_idle (sim);
  g_assert_false (ss_simulation_get_preview (sim));
  g_assert_true (ss_simulation_get_finished (sim));
  return ss_simulation_get_dataset (sim);
}

/* A change back to values run before shows the run kept of them at once,
 * the same dataset, no new run; other run options, or more values since
 * than are kept (4), run again. */
void
test_kept_runs (void)
{
  SsSimulation *sim = ss_window_get_simulation (window);
  SsParamPanel *panel = ss_window_get_param_panel (window);
  SsParamRow   *row;
  ss_run_opts   fine = { .dt_out = 0.001 }, none = { 0 };
  g_autoptr (SsDataset) a = NULL;
  g_autoptr (SsDataset) b = NULL;
  SsDataset       *again;
  ss_stats         stats;
  const char      *args[] = { "run", "one-mass", "--set", "k=130", "--csv", "-", NULL };
  g_autofree char *path = g_build_filename (tmpdir, "kept.csv", NULL);

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  row = ss_param_panel_get_row (panel, "k");

  a = g_object_ref (final_run_of (row, 130.0));
  ss_simulation_get_stats (sim, &stats);
  b = g_object_ref (final_run_of (row, 140.0));
  g_assert_true (b != a);
  g_assert_true (final_run_of (row, 130.0) == a);
  /* the status line says the run shown is a kept one */
  {
    GtkLabel *marker = GTK_LABEL (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "preview_label"));

    g_assert_true (ss_simulation_get_kept (sim));
    g_assert_true (_ss_window_marker_shown (window));
    g_assert_cmpstr (gtk_label_get_text (marker), ==, "kept run");
  }
  {
    ss_stats shown;

    ss_simulation_get_stats (sim, &shown);
    g_assert_cmpint (shown.steps, ==, stats.steps);
    g_assert_cmpint (shown.rhs_evals, ==, stats.rhs_evals);
  }
  check_csv_is_cli (path, args);

  /* other run options: run again */
  ss_simulation_set_run_options (sim, &fine);
  again = final_run_of (row, 140.0);
  g_assert_true (again != b);
  /* a run computed now: no "kept run" */
  g_assert_false (ss_simulation_get_kept (sim));
  g_assert_false (_ss_window_marker_shown (window));
  ss_simulation_set_run_options (sim, &none);
  g_assert_true (final_run_of (row, 140.0) == b);

  /* four other values since: 130 is no longer kept */
  for (int i = 1; i <= 4; i++)
    final_run_of (row, 140.0 + i);
  g_assert_true (final_run_of (row, 130.0) != a);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
}

/* Whether a run computed ahead is kept that is not in @before. */
static gboolean
has_new_ahead (SsSimulation *sim, GPtrArray *before)
{
  for (GList *l = sim->kept.head; l != NULL; l = l->next)
    if (((KeptRun *)l->data)->ahead && !g_ptr_array_find (before, ((KeptRun *)l->data)->dataset, NULL))
      return TRUE;
  return FALSE;
}

static void
list_kept (SsSimulation *sim, GPtrArray *kept)
{
  g_ptr_array_set_size (kept, 0);
  for (GList *l = sim->kept.head; l != NULL; l = l->next)
    g_ptr_array_add (kept, g_object_ref (((KeptRun *)l->data)->dataset));
}

/* Compute Steps Ahead off (the main menu's toggle, a setting): after a
 * change's final run nothing is computed ahead, and a key step computes
 * its run (not a kept one); on again, the runs ahead come back. */
void
test_steps_ahead_off (void)
{
  SsSimulation *sim = ss_window_get_simulation (window);
  SsParamPanel *panel = ss_window_get_param_panel (window);
  SsParamRow   *row;
  g_autoptr(GSettings) settings = ss_settings_new ();
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  row = ss_param_panel_get_row (panel, "k");
  g_assert_true (g_settings_get_boolean (settings, "compute-ahead"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "settings.compute-ahead", NULL));
  g_assert_false (g_settings_get_boolean (settings, "compute-ahead"));

  /* values no earlier test ran */
  list_kept (sim, kept);
  g_signal_emit_by_name (row, "value-requested", 171.0, TRUE);
  test_gui_wait_idle (sim);
  /* the frame and the idle that would compute ahead have passed */
  test_gui_wait_until (!ss_simulation_is_computing_ahead (sim) && !g_main_context_pending (NULL), "the idle");
  g_assert_false (has_new_ahead (sim, kept));
  list_kept (sim, kept);
  g_signal_emit_by_name (ss_param_row_get_scale (row), "move-slider", GTK_SCROLL_STEP_UP);
  test_gui_wait_idle (sim);
  g_assert_true (ss_simulation_get_finished (sim));
  g_assert_false (ss_simulation_get_kept (sim));
  g_assert_false (g_ptr_array_find (kept, ss_simulation_get_dataset (sim), NULL));

  /* on again: the next change's steps are computed ahead */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "settings.compute-ahead", NULL));
  g_assert_true (g_settings_get_boolean (settings, "compute-ahead"));
  list_kept (sim, kept);
  g_signal_emit_by_name (row, "value-requested", 193.0, TRUE);
  test_gui_wait_idle (sim);
  test_gui_wait_until (!ss_simulation_is_computing_ahead (sim) && !g_main_context_pending (NULL) &&
                           has_new_ahead (sim, kept),
                       "the runs ahead");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
}

/* After a change's final run, the runs of the changed slider's values one
 * key step down and up are computed ahead and kept: a key step to either
 * shows a run kept before the step, at once, and the CLI's CSV; so do the
 * steps after it, up, up again and down. */
void
test_steps_ahead (void)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  int                ik = ss_scenario_param_index (sc, "k");
  SsParamRow        *row;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
  row = ss_param_panel_get_row (panel, "k");
  g_signal_emit_by_name (row, "value-requested", 130.0, TRUE);

  for (int step = 0; step < 3; step++)
    {
      g_autofree char *set = NULL;
      g_autofree char *path = g_build_filename (tmpdir, "ahead.csv", NULL);
      const char      *args[] = { "run", "one-mass", "--set", NULL, "--csv", "-", NULL };
      GPtrArray       *kept = g_ptr_array_new_with_free_func (g_object_unref);
      double           k;

      /* the change's run shown, then the runs ahead computed and kept */
      test_gui_wait_idle (sim);
      test_gui_wait_until (!ss_simulation_is_computing_ahead (sim) && !g_main_context_pending (NULL), "the runs ahead");
      for (GList *l = sim->kept.head; l != NULL; l = l->next)
        g_ptr_array_add (kept, g_object_ref (((KeptRun *)l->data)->dataset));
      g_signal_emit_by_name (ss_param_row_get_scale (row), "move-slider",
                             step < 2 ? GTK_SCROLL_STEP_UP : GTK_SCROLL_STEP_DOWN);
      k = ss_param_panel_get_values (panel)[ik];
      test_gui_wait_idle (sim);
      /* shown: a run kept before the step */
      g_assert_true (g_ptr_array_find (kept, ss_simulation_get_dataset (sim), NULL));
      g_assert_false (ss_simulation_get_preview (sim));
      g_assert_true (ss_simulation_get_finished (sim));
      g_assert_cmpfloat (ss_model_values (ss_simulation_get_model (sim))[ik], ==, k);
      set = g_strdup_printf ("k=%.17g", k);
      args[3] = set;
      check_csv_is_cli (path, args);
      g_ptr_array_unref (kept);
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  test_gui_wait_idle (sim);
}
