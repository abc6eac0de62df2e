/* ss-window-runs.c - the window's pinned runs: one SsRunList per scenario
 * (switching scenarios keeps each one's pins and brings them back), shown
 * in the runs panel beside the charts and drawn by the plot stack; pin,
 * remove all, "Compare all" choices of a parameter, and the progress of the
 * runs computing in the status bar with a stop button. */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "ss-memory-budget.h"
#include "ss-model-strings.h"
#include "ss-window-private.h"

/* ---- the memory budget -------------------------------------------------- */

#define OVER_BUDGET_KEY "ss-window-over-budget" /* pending toast: runs refused */

static gboolean
over_budget_toast_cb (gpointer data)
{
  SsWindow        *self = data;
  guint            n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), OVER_BUDGET_KEY));
  g_autofree char *budget = ss_memory_budget_format (SS_MEMORY_BUDGET);
  g_autofree char *msg = NULL;

  g_object_set_data (G_OBJECT (self), OVER_BUDGET_KEY, NULL);
  /* Translators: toast; %u pinned runs, %s the budget, e.g. "3.0 GiB" */
  msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pinned run not computed: above the memory budget of %s",
                                      "%u pinned runs not computed: above the memory budget of %s", n),
                         n, budget);
  _ss_window_toast (self, msg);
  return G_SOURCE_REMOVE;
}

/* Runs refused by the budget (a file's, "Compare all", a change of the run
 * options): one toast for them all, once the action is over. */
static void
over_budget_cb (SsWindow *self)
{
  guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), OVER_BUDGET_KEY));

  if (n == 0)
    g_idle_add_full (G_PRIORITY_DEFAULT, over_budget_toast_cb, g_object_ref (self), g_object_unref);
  g_object_set_data (G_OBJECT (self), OVER_BUDGET_KEY, GUINT_TO_POINTER (n + 1));
}

/* The memory budget's holder: the current run and its ghost (the pins are
 * their lists' own holders).  The current run counts at its whole grid
 * from its start (its rows arrive while it computes), so pins never take
 * the room it is about to fill. */
static void
collect_memory (gpointer owner, GHashTable *datasets, gsize *pending)
{
  SsWindow       *self = owner;
  SsDataset      *current = self->simulation != NULL ? ss_simulation_get_dataset (self->simulation) : NULL;
  SsDataset      *ghost = self->simulation != NULL ? ss_simulation_get_ghost (self->simulation) : NULL;
  const ss_model *model = self->simulation != NULL ? ss_simulation_get_model (self->simulation) : NULL;
  gsize           whole, have = 0;

  if (current != NULL && ss_dataset_get_model (current) == model)
    have = ss_memory_budget_dataset_bytes (current);
  if (current != NULL)
    g_hash_table_add (datasets, current);
  if (ghost != NULL)
    g_hash_table_add (datasets, ghost);
  whole = model != NULL ? ss_memory_budget_run_bytes (model, ss_simulation_get_run_options (self->simulation)) : 0;
  if (whole > have)
    *pending += whole - have;
}

/* What the window's runs keep (the current run, its ghost, every
 * scenario's pinned runs, those computing at their size): bytes. */
gsize
ss_window_get_memory_used (SsWindow *self)
{
  g_return_val_if_fail (SS_IS_WINDOW (self), 0);

  return ss_memory_budget_used ();
}

static SsRunList *
list_for (SsWindow *self, const ss_scenario *sc)
{
  SsRunList *list = g_hash_table_lookup (self->run_lists, sc);

  if (list == NULL)
    {
      list = ss_run_list_new (sc);
      g_hash_table_insert (self->run_lists, (gpointer)sc, list);
      g_signal_connect_object (list, "over-budget", G_CALLBACK (over_budget_cb), self, G_CONNECT_SWAPPED);
    }
  return list;
}

/* The visible runs to the charts, in the list's order; the panel beside
 * the charts while any run is pinned. */
static void
push_runs (SsWindow *self)
{
  guint n = self->runs != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->runs)) : 0;
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (SsPlotStackRun));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SsPinnedRun) run = g_list_model_get_item (G_LIST_MODEL (self->runs), i);
      SsPlotStackRun r;

      if (!ss_pinned_run_get_visible (run))
        continue;
      r.dataset = ss_pinned_run_get_dataset (run);
      r.name = ss_pinned_run_get_name (run);
      r.style = ss_pinned_run_get_style (run);
      g_array_append_val (shown, r);
    }
  ss_plot_stack_set_pinned_runs (self->plot_stack, (const SsPlotStackRun *)(gpointer)shown->data, shown->len);
  /* the first pin opens the side panel on its list */
  if (n > 0 && self->n_runs_shown == 0)
    {
      gtk_toggle_button_set_active (self->panel_button, TRUE);
      adw_view_stack_set_visible_child_name (self->panel_stack, "runs");
    }
  self->n_runs_shown = n;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clear-runs", n > 0);
  _ss_window_runs_changed (self);
}

static void
runs_progress_cb (SsWindow *self)
{
  double progress = self->runs != NULL ? ss_run_list_get_progress (self->runs) : -1;

  gtk_widget_set_visible (self->runs_progress_box, progress >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-runs", progress >= 0);
  if (progress >= 0)
    {
      g_autofree char *text = NULL;

      /* Translators: status bar, pinned runs computing in parallel, e.g.
       * "Pinned runs: 2 computing… 60 %" */
      text = g_strdup_printf (_("Pinned runs: %u computing… %.0f %%"), ss_run_list_get_n_computing (self->runs),
                                 100 * progress);
      gtk_progress_bar_set_fraction (self->runs_progress, progress);
      gtk_progress_bar_set_text (self->runs_progress, text);
    }
}

/* Compare All Choices of: one entry per choice parameter of @sc. */
static void
fill_compare_menu (SsWindow *self, const ss_scenario *sc)
{
  g_menu_remove_all (self->compare_menu);
  for (int i = 0; i < sc->n_params; i++)
    {
      g_autoptr(GMenuItem) item = NULL;

      if (sc->params[i].kind != SS_PARAM_CHOICE)
        continue;
      item = g_menu_item_new (ss_i18n_model_text (sc->params[i].label), NULL);
      g_menu_item_set_action_and_target (item, "win.compare-all", "s", sc->params[i].name);
      g_menu_append_item (self->compare_menu, item);
    }
}

/* Shows @sc's pinned runs (kept while other scenarios are shown). */
void
_ss_window_runs_set_scenario (SsWindow *self, const ss_scenario *sc)
{
  SsRunList *list = list_for (self, sc);

  if (list == self->runs)
    return;
  if (self->runs != NULL)
    g_signal_handlers_disconnect_by_data (self->runs, self);
  self->runs = list;
  g_signal_connect_swapped (list, "runs-changed", G_CALLBACK (push_runs), self);
  g_signal_connect_swapped (list, "notify::progress", G_CALLBACK (runs_progress_cb), self);
  ss_runs_panel_set_list (self->runs_panel, list);
  fill_compare_menu (self, sc);
  push_runs (self);
  runs_progress_cb (self);
}

/* After a run of the current values: the pins follow its run options
 * (recomputed when they changed) and name what differs from its values. */
void
_ss_window_runs_sync (SsWindow *self)
{
  const double *values = ss_param_panel_get_values (self->param_panel);

  if (self->runs == NULL || values == NULL)
    return;
  ss_run_list_set_run_options (self->runs, ss_simulation_get_run_options (self->simulation));
  ss_run_list_set_current (self->runs, values);
}

/* Whether the run on screen is the whole run of @values with the run
 * options the pins use: then it is pinned as it is, not computed again. */
static gboolean
current_run_is (SsWindow *self, const double *values)
{
  SsDataset      *ds = ss_simulation_get_dataset (self->simulation);
  const ss_model *m = ds != NULL ? ss_dataset_get_model (ds) : NULL;

  return m != NULL && ss_model_scenario (m) == self->scenario && !ss_simulation_is_busy (self->simulation) &&
         ss_simulation_get_finished (self->simulation) && !ss_simulation_get_preview (self->simulation) &&
         ss_simulation_get_error (self->simulation) == NULL &&
         memcmp (ss_model_values (m), values, sizeof (double) * (gsize)self->scenario->n_params) == 0;
}

/* Ctrl+K: pins the current values; the run on screen when it is complete,
 * else computed beside it. */
SsPinnedRun *
ss_window_pin_run (SsWindow *self)
{
  const double *values;
  SsPinnedRun  *run;

  g_return_val_if_fail (SS_IS_WINDOW (self), NULL);

  values = ss_param_panel_get_values (self->param_panel);
  if (values == NULL)
    return NULL;
  _ss_window_runs_sync (self);
  if (current_run_is (self, values))
    run = ss_run_list_pin_dataset (self->runs, values, ss_simulation_get_dataset (self->simulation));
  else
    run = ss_run_list_pin (self->runs, values, NULL);
  _ss_window_toast (self, _("Run pinned: change a parameter to compare"));
  return run;
}

/* Shift+Ctrl+K: removes the current scenario's pinned runs. */
void
ss_window_clear_runs (SsWindow *self)
{
  g_return_if_fail (SS_IS_WINDOW (self));

  ss_run_list_clear (self->runs);
}

/* "Compare all" on choice parameter @param: one pinned run per choice, the
 * other values as they are, computed in parallel.  Returns how many. */
guint
ss_window_compare_all (SsWindow *self, const char *param)
{
  int                  i = ss_scenario_param_index (self->scenario, param);
  const ss_param_info *p;
  g_autofree char     *msg = NULL;
  guint                n;

  g_return_val_if_fail (SS_IS_WINDOW (self), 0);

  if (i < 0 || self->scenario->params[i].kind != SS_PARAM_CHOICE)
    return 0;
  p = &self->scenario->params[i];
  _ss_window_runs_sync (self);
  n = ss_run_list_compare_all (self->runs, ss_param_panel_get_values (self->param_panel), i);
  /* Translators: toast after "Compare all": %u runs, %s the parameter's label */
  msg = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE, "Pinned %u run, one per choice of %s", "Pinned %u runs, one per choice of %s", n),
      n, ss_i18n_model_text (p->label));
  _ss_window_toast (self, msg);
  return n;
}

/* For the paper examples' presets: pins @n runs of @sc with @values[i]
 * (n_params each) named @names[i] (NULL, or a NULL entry: automatic),
 * among the pins kept for @sc.  When @sc is the current scenario they are
 * computed at once with its run options; for another scenario they are
 * computed now with the default options and again with @sc's own when it
 * is shown (call ss_window_apply_state() first to show it). */
void
ss_window_pin_states (
    SsWindow *self, const ss_scenario *sc, guint n, const double *const *values, const char *const *names)
{
  SsRunList *list;

  g_return_if_fail (SS_IS_WINDOW (self));
  g_return_if_fail (sc != NULL && (n == 0 || values != NULL));

  list = list_for (self, sc);
  if (list == self->runs)
    _ss_window_runs_sync (self);
  for (guint i = 0; i < n; i++)
    ss_run_list_pin (list, values[i], names != NULL ? names[i] : NULL);
}

SsRunsPanel *
ss_window_get_runs_panel (SsWindow *self)
{
  return self->runs_panel;
}

void
_ss_window_runs_init (SsWindow *self)
{
  self->run_lists = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  ss_memory_budget_add_holder (self, collect_memory);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clear-runs", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-runs", FALSE);
}

void
_ss_window_runs_dispose (SsWindow *self)
{
  ss_memory_budget_remove_holder (self);
  if (self->runs != NULL)
    g_signal_handlers_disconnect_by_data (self->runs, self);
  self->runs = NULL;
  g_clear_pointer (&self->run_lists, g_hash_table_unref);
}

/* ---- the benchmark ------------------------------------------------------ */

typedef struct
{
  SsRunList *list;
  GMainLoop *loop;
} BenchWait;

static void
bench_progress_cb (BenchWait *wait)
{
  if (!ss_run_list_is_busy (wait->list))
    g_main_loop_quit (wait->loop);
}

/* Runs @list's pending computations to their end; wall time, ms. */
static double
bench_wait (SsRunList *list)
{
  BenchWait wait = { list, g_main_loop_new (NULL, FALSE) };
  gulong    id = g_signal_connect_swapped (list, "notify::progress", G_CALLBACK (bench_progress_cb), &wait);

  if (ss_run_list_is_busy (list))
    g_main_loop_run (wait.loop);
  g_signal_handler_disconnect (list, id);
  g_main_loop_unref (wait.loop);
  return ss_run_list_get_last_batch_ms (list);
}

/* --bench-compare: "Compare all" on the gear train's four modelling
 * levels against each level run alone through the same pool; prints the
 * wall times and their ratio (the goal: within 1.3 times the slowest
 * single run on two cores).  Printed, not asserted. */
void
ss_window_bench_compare (SsWindow *self)
{
  const ss_scenario *sc = ss_scenario_find ("gear-train");
  int                level = ss_scenario_param_index (sc, "level");
  g_autofree double *values = g_new (double, sc->n_params);
  g_autoptr(SsRunList) list = ss_run_list_new (sc);
  ss_run_opts opts = { 0 };
  double      single[8] = { 0 }, slowest = 0, all = G_MAXDOUBLE;
  int         n_levels = (int)g_strv_length ((char **)sc->params[level].choices);
  const int   repeats = 5;

  g_return_if_fail (SS_IS_WINDOW (self));

  ss_scenario_defaults (sc, values);
  ss_run_list_set_run_options (list, &opts);
  /* best of a few: the first run warms the pool's threads */
  for (int r = 0; r < repeats; r++)
    {
      for (int c = 0; c < n_levels && c < 8; c++)
        {
          double ms;

          values[level] = c;
          ss_run_list_pin (list, values, NULL);
          ms = bench_wait (list);
          single[c] = r == 0 ? ms : MIN (single[c], ms);
          ss_run_list_clear (list);
        }
      ss_run_list_compare_all (list, values, level);
      all = MIN (all, bench_wait (list));
      ss_run_list_clear (list);
    }
  g_print ("compare-all benchmark: gear-train, %u cores, best of %d\n", g_get_num_processors (), repeats);
  for (int c = 0; c < n_levels && c < 8; c++)
    {
      g_print ("  level %s alone            %8.1f ms\n", sc->params[level].choices[c], single[c]);
      slowest = MAX (slowest, single[c]);
    }
  g_print ("  Compare all (%d levels)     %8.1f ms\n", n_levels, all);
  g_print ("  ratio to the slowest single %8.2f (goal <= 1.30 on 2 cores)\n", all / MAX (slowest, 1e-9));
  (void)self;
}
