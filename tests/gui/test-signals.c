/* test-signals.c - every signal can be plotted: the signal chooser puts a
 * column of the run on a chart (its values the CLI's), the charts' menus
 * add and remove columns, the choice is kept per scenario in GSettings,
 * and the default charts show the normal forces, the energy, the LuGre
 * bristle state and the two-slider's incoherent directions, labelled from
 * the model's tables. */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "ss-application.h"
#include "ss-settings.h"
#include "test-gui-util.h"
#include "ss-line-layer.h"
#include "ss-model-ref.h"
#include "ss-plot-stack.h"
#include "ss-resources.h"
#include "ss-signal-chooser.h"
#include "ss-span-layer.h"
#include <stickslip/stickslip.h>

static GtkWidget       *window;
static SsPlotStack     *stack;
static SsSignalChooser *chooser;

/* A run of @scenario with @sets, as the window would chart it. */
static SsDataset *
run_dataset (const char *scenario, const char *const *sets)
{
  g_autofree char *error = NULL;
  ss_model        *m = ss_model_new_from_assignments (ss_scenario_find (scenario), sets,
                                               sets ? (int)g_strv_length ((char **)sets) : 0, &error);
  ss_trace        *tr;
  SsDataset       *ds;

  if (m == NULL)
    g_error ("%s: %s", scenario, error);
  tr = ss_run (m, NULL, &error);
  if (tr == NULL)
    g_error ("%s: %s", scenario, error);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  ds = ss_dataset_new (ref);
  ss_dataset_append_rows (ds, (guint)tr->n_rows, tr->t, tr->rows);
  ss_trace_free (tr);
  return ds;
}

static void
wait_draw (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static void
show_run (SsPlotStack *on, SsDataset *ds)
{
  ss_plot_stack_set_model (on, ss_dataset_get_model (ds));
  ss_plot_stack_set_datasets (on, ds, NULL);
  wait_draw ();
}

static int
find_field (char **header, const char *name)
{
  for (int i = 0; header[i] != NULL; i++)
    if (strcmp (header[i], name) == 0)
      return i;
  return -1;
}

/* The legend's line of @column in @chart, or NULL. */
static SsLineLayer *
find_line (SsChart *chart, const char *column)
{
  GPtrArray *layers = ss_chart_get_layers (chart);

  for (guint i = 0; chart != NULL && i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);

      if (SS_IS_LINE_LAYER (layer) && ss_chart_layer_get_in_legend (layer) &&
          g_str_equal (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer))), column))
        return SS_LINE_LAYER (layer);
    }
  return NULL;
}

static SsChart *
find_chart (SsPlotStack *on, const char *prefix)
{
  for (guint i = 0; i < ss_plot_stack_get_n_charts (on); i++)
    {
      SsChart *chart = ss_plot_stack_get_chart (on, i);

      if (ss_chart_get_title (chart) != NULL && g_str_has_prefix (ss_chart_get_title (chart), prefix))
        return chart;
    }
  return NULL;
}

/* The line's values are the CLI's column, row by row, and the series
 * reads them at the CLI's times. */
static void
assert_line_equals_cli (SsLineLayer *line, GPtrArray *csv, const char *column)
{
  SsSeries  *series = ss_line_layer_get_series (line);
  SsDataset *ds = ss_series_get_dataset (series);
  char     **header = g_ptr_array_index (csv, 0);
  int        field = find_field (header, column), ft = find_field (header, "t");
  int        c = ss_dataset_find_column (ds, ss_series_get_column (series));
  guint      checked = 0;

  g_assert_cmpint (field, >, 0);
  g_assert_cmpint (c, >=, 0);
  g_assert_cmpuint (ss_dataset_get_n_rows (ds), ==, csv->len - 1);
  for (guint r = 1; r < csv->len; r++)
    {
      char        **row = g_ptr_array_index (csv, r);
      const double *times = ss_dataset_get_times (ds);
      double        t = times[r - 1];
      double        cli = row[field][0] == '\0' ? NAN : g_ascii_strtod (row[field], NULL);
      double        gui = ss_dataset_get_value (ds, r - 1, c);
      /* event rows share their time with a grid row */
      gboolean unique = (r == 1 || times[r - 2] < t) && (r == csv->len - 1 || times[r] > t);

      g_assert_cmpfloat_with_epsilon (t, g_ascii_strtod (row[ft], NULL), 1e-9 * MAX (fabs (t), 1.0));
      if (isnan (cli))
        {
          g_assert_true (isnan (gui));
          continue;
        }
      if (fabs (gui - cli) > 1e-9 * MAX (fabs (cli), 1e-300))
        g_error ("%s at t = %s: GUI %.12g, CLI %s", column, row[ft], gui, row[field]);
      /* at a time with one row the series reads that row */
      if (unique)
        {
          g_assert_cmpfloat_with_epsilon (ss_series_value_at (series, t), cli, 1e-9 * MAX (fabs (cli), 1e-300));
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 100);
}

/* The signal chooser adds a normal-force series whose
 * values equal the CLI's column. */
static void
test_chooser_adds_normal_force (void)
{
  g_autoptr(SsDataset) ds = run_dataset ("two-slider", NULL);
  const char *const args[] = { "run", "two-slider", "--csv", "-", NULL };
  g_autoptr(GPtrArray) csv = cli_csv_rows (args);
  GtkCheckButton *check;
  SsLineLayer    *line;

  show_run (stack, ds);
  /* the default charts show the normal forces */
  g_assert_nonnull (ss_plot_stack_get_column_chart (stack, "slider1.N"));

  /* searching narrows the list to the normal forces */
  ss_signal_chooser_set_search (chooser, "normal force");
  g_assert_true (ss_signal_chooser_is_listed (chooser, "slider1.N"));
  g_assert_true (ss_signal_chooser_is_listed (chooser, "slider2.N"));
  g_assert_false (ss_signal_chooser_is_listed (chooser, "slider1.F"));
  g_assert_false (ss_signal_chooser_is_listed (chooser, "y1"));

  /* off, then on again, as a click on its check box does */
  check = ss_signal_chooser_get_check (chooser, "slider1.N");
  g_assert_nonnull (check);
  g_assert_true (gtk_check_button_get_active (check));
  gtk_check_button_set_active (check, FALSE);
  wait_draw ();
  g_assert_null (ss_plot_stack_get_column_chart (stack, "slider1.N"));
  g_assert_nonnull (ss_plot_stack_get_column_chart (stack, "slider2.N"));
  g_assert_false (ss_plot_stack_get_column_shown (stack, "slider1.N"));

  gtk_check_button_set_active (check, TRUE);
  wait_draw ();
  line = find_line (ss_plot_stack_get_column_chart (stack, "slider1.N"), "slider1.N");
  g_assert_nonnull (line);
  g_assert_true (ss_series_get_dataset (ss_line_layer_get_series (line)) == ds);
  assert_line_equals_cli (line, csv, "slider1.N");
  /* its legend says what it is, not its id */
  g_assert_cmpstr (ss_chart_layer_get_title (SS_CHART_LAYER (line)), ==, "slider 1: normal force N");
  g_assert_cmpstr (ss_chart_get_title (ss_plot_stack_get_column_chart (stack, "slider1.N")), ==, "Normal force (N)");

  /* a column off by default: the slip velocity, on a chart of its own kind */
  ss_signal_chooser_set_search (chooser, "");
  g_assert_null (ss_plot_stack_get_column_chart (stack, "slider2.v"));
  gtk_check_button_set_active (ss_signal_chooser_get_check (chooser, "slider2.v"), TRUE);
  wait_draw ();
  g_assert_cmpstr (ss_chart_get_title (ss_plot_stack_get_column_chart (stack, "slider2.v")), ==, "Slip velocity (m/s)");
  assert_line_equals_cli (find_line (ss_plot_stack_get_column_chart (stack, "slider2.v"), "slider2.v"), csv,
                          "slider2.v");
}

/* A chart's context menu adds a column of its unit to it and takes its
 * columns off; one of another unit gets a chart of its own kind. */
static void
test_chart_menu (void)
{
  g_autoptr(SsDataset) ds = run_dataset ("two-slider", NULL);
  SsChart *friction;

  show_run (stack, ds);
  friction = find_chart (stack, "Friction force");
  g_assert_nonnull (friction);
  g_assert_null (find_line (friction, "load.P"));
  /* what the "Add Signal" entries do */
  ss_plot_stack_add_column_to_chart (stack, "load.P", friction);
  wait_draw ();
  friction = find_chart (stack, "Friction force");
  g_assert_nonnull (find_line (friction, "load.P"));
  g_assert_true (ss_plot_stack_get_column_chart (stack, "load.P") == friction);
  /* no longer in "Other forces" */
  g_assert_null (find_line (find_chart (stack, "Other forces"), "load.P"));
  g_assert_true (gtk_check_button_get_active (ss_signal_chooser_get_check (chooser, "load.P")));

  /* another unit: the constraint error on a chart of its own */
  ss_plot_stack_add_column_to_chart (stack, "constraint.error", find_chart (stack, "Friction force"));
  wait_draw ();
  g_assert_cmpstr (ss_chart_get_title (ss_plot_stack_get_column_chart (stack, "constraint.error")), ==,
                   "Constraint error (m)");

  /* "Remove Signal" is the stack's action on the chart */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_chart (stack, "Friction force")),
                                             "plot-stack.remove-signal", "s", "slider1.F"));
  wait_draw ();
  g_assert_null (find_line (find_chart (stack, "Friction force"), "slider1.F"));
  g_assert_nonnull (find_line (find_chart (stack, "Friction force"), "slider2.F"));
  g_assert_false (gtk_check_button_get_active (ss_signal_chooser_get_check (chooser, "slider1.F")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_chart (stack, "Friction force")), "plot-stack.add-signal",
                                             "(ss)", "slider1.F", ""));
  wait_draw ();
  g_assert_nonnull (find_line (find_chart (stack, "Friction force"), "slider1.F"));
}

/* The choices so far are two-slider's: kept in GSettings, shown by a new
 * stack for two-slider under another law (other columns), not for other
 * scenarios; ids the model lacks are ignored. */
static void
test_choices_persist (void)
{
  g_autoptr(GSettings) settings = ss_settings_new ();
  g_autoptr(GVariant) all = g_settings_get_value (settings, "signals");
  g_autofree const char **list = NULL;
  g_autoptr(SsDataset) lugre = run_dataset ("two-slider", (const char *const[]){ "law=lugre", NULL });
  g_autoptr(SsDataset) one = run_dataset ("one-mass", NULL);
  SsPlotStack *other = SS_PLOT_STACK (g_object_ref_sink (ss_plot_stack_new ()));

  g_assert_true (g_variant_lookup (all, "two-slider", "^a&s", &list));
  g_assert_true (g_strv_contains (list, "+slider2.v"));
  g_assert_true (g_strv_contains (list, "+load.P@friction/N"));
  g_assert_false (g_variant_lookup (all, "one-mass", "^a&s", NULL));

  /* a stale id in the stored list changes nothing */
  {
    GVariantBuilder b;

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sas}"));
    g_variant_builder_add (&b, "{s^as}", "two-slider",
                           (const char *const[]){ "+slider2.v", "+load.P@friction/N", "+no.such", "-gone", NULL });
    g_settings_set_value (settings, "signals", g_variant_builder_end (&b));
  }
  show_run (other, lugre);
  g_assert_nonnull (ss_plot_stack_get_column_chart (other, "slider2.v"));
  g_assert_true (ss_plot_stack_get_column_chart (other, "load.P") == find_chart (other, "Friction force"));
  g_assert_null (ss_plot_stack_get_column_chart (other, "constraint.error"));
  /* LuGre's bristles: shown by default */
  g_assert_nonnull (ss_plot_stack_get_column_chart (other, "slider1.z"));

  show_run (other, one);
  g_assert_null (ss_plot_stack_get_column_chart (other, "base.v"));
  g_assert_nonnull (ss_plot_stack_get_column_chart (other, "base.N"));

  /* back to the defaults for two-slider */
  show_run (other, lugre);
  ss_plot_stack_reset_columns (other);
  g_assert_null (ss_plot_stack_get_column_chart (other, "slider2.v"));
  g_assert_cmpstr (ss_chart_get_title (ss_plot_stack_get_column_chart (other, "load.P")), ==, "Other forces (N)");
  g_clear_pointer (&all, g_variant_unref);
  all = g_settings_get_value (settings, "signals");
  g_assert_false (g_variant_lookup (all, "two-slider", "^a&s", NULL));
  g_object_unref (other);
}

/* A label made of words, not an internal id ("bearing_psi.ratio"). */
static gboolean
looks_like_id (const char *s)
{
  for (const char *p = s; *p; p++)
    if ((*p == '.' || *p == '_') && p > s && g_ascii_isalnum (p[-1]) && g_ascii_isalnum (p[1]))
      return TRUE;
  return FALSE;
}

static gboolean
has_incoherent_span (SsChart *chart)
{
  GPtrArray *layers = ss_chart_get_layers (chart);

  for (guint i = 0; i < layers->len; i++)
    if (SS_IS_SPAN_LAYER (g_ptr_array_index (layers, i)) &&
        g_str_equal (ss_series_get_column (ss_span_layer_get_series (g_ptr_array_index (layers, i))),
                     "stiction.incoherent"))
      return TRUE;
  return FALSE;
}

/* The default charts of every scenario under each choice: normal forces,
 * the energy chart, the bristle state with LuGre, the incoherent span in
 * the two-slider, and legends in words. */
static void
test_default_charts (void)
{
  g_autoptr(GSettings) settings = ss_settings_new ();
  SsPlotStack *other = SS_PLOT_STACK (g_object_ref_sink (ss_plot_stack_new ()));

  g_settings_reset (settings, "signals");
  for (int s = 0; s < ss_scenario_count (); s++)
    {
      const ss_scenario *sc = ss_scenario_get (s);
      g_autofree double *values = g_new (double, sc->n_params + 1);

      for (int p = -1; p < sc->n_params; p++)
        {
          int n = p < 0                                   ? 1
                  : sc->params[p].kind == SS_PARAM_CHOICE ? (int)g_strv_length ((char **)sc->params[p].choices)
                                                          : 0;

          for (int k = 0; k < n; k++)
            {
              ss_model *m;
              gboolean  lugre = FALSE;

              ss_scenario_defaults (sc, values);
              if (p >= 0)
                values[p] = k;
              m = sc->create (sc, values, NULL);
              g_assert_nonnull (m);
              ss_plot_stack_set_model (other, m);
              for (int i = 0; i < ss_model_n_columns (m); i++)
                {
                  const ss_column *col = ss_model_column (m, i);
                  SsChart         *chart = ss_plot_stack_get_column_chart (other, col->name);
                  gboolean         expected = col->kind == SS_COL_NORMAL || col->kind == SS_COL_ENERGY ||
                                      col->kind == SS_COL_INTERNAL || col->kind == SS_COL_FRICTION;

                  lugre |= col->kind == SS_COL_INTERNAL;
                  if (expected && chart == NULL)
                    g_error ("%s (%s): %s is on no default chart", sc->name, p >= 0 ? sc->params[p].name : "defaults",
                             col->name);
                  if (chart != NULL)
                    {
                      const char *title = ss_chart_layer_get_title (SS_CHART_LAYER (find_line (chart, col->name)));

                      if (looks_like_id (title) || looks_like_id (ss_chart_get_title (chart)))
                        g_error ("%s: %s is labelled \"%s\" in \"%s\"", sc->name, col->name, title,
                                 ss_chart_get_title (chart));
                    }
                }
              g_assert_nonnull (find_chart (other, "Energy and work (J)"));
              g_assert_true (find_chart (other, "Normal") != NULL);
              g_assert_cmpint (find_chart (other, "Bristle deflection") != NULL, ==, lugre);
              g_assert_cmpint (has_incoherent_span (ss_plot_stack_get_chart (other, 0)), ==,
                               g_str_equal (sc->name, "two-slider"));
              ss_model_free (m);
            }
        }
    }
  g_object_unref (other);
}

int
main (int argc, char *argv[])
{
  GtkWidget *box;
  int        rc;

  /* the labels under test are the untranslated ones */
  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init (&argc, &argv);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 800);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  chooser = SS_SIGNAL_CHOOSER (ss_signal_chooser_new ());
  stack = SS_PLOT_STACK (ss_plot_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (stack), TRUE);
  ss_signal_chooser_set_plot_stack (chooser, stack);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (chooser));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (stack));
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));

  g_test_add_func ("/signals/chooser-adds-normal-force", test_chooser_adds_normal_force);
  g_test_add_func ("/signals/chart-menu", test_chart_menu);
  g_test_add_func ("/signals/choices-persist", test_choices_persist);
  g_test_add_func ("/signals/default-charts", test_default_charts);
  rc = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  return rc;
}
