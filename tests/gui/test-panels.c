/* test-panels.c - the window's side panel and the papers' examples: the
 * event list against the CLI's events file (and its export byte for byte),
 * its filters and a click moving the playhead; the metrics against the
 * CLI's --metrics, per run, copied as text, not taken from previews; every
 * example preset chosen through its menu action: the scenario, values and
 * output step it sets, its markers on the charts and its published values
 * held by the run. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stickslip/examples.h>
#include <stickslip/metrics.h>
#include "ss-marker-layer.h"
#include "ss-line-layer.h"
#include "ss-table-row.h"
#include "ss-units.h"
#include "test-gui-util.h"
#include "ss-resources.h"
#include "ss-window-private.h"
#include <stickslip/stickslip.h>

static SsWindow *window;
static char     *tmpdir;

/* Lets the worker finish and the main loop take its batches. */
static void
wait_idle (void)
{
  test_gui_wait_idle (ss_window_get_simulation (window));
}

static void
show_scenario (const char *name)
{
  g_assert_true (ss_window_set_scenario (window, name));
  wait_idle ();
}

/* ---- the event list --------------------------------------------------------- */

/* Every event the CLI writes for @scenario (with the assignments @sets,
 * or NULL), in order, is in the list with the same time (to the CSV's 12
 * digits), contact and kind; the export is the CLI's file byte for byte.
 * Returns the CLI's file. */
static char *
check_events_equal_cli (const char *scenario, const char *const *sets)
{
  SsEventList     *list = ss_window_get_event_list (window);
  const ss_model  *m = ss_simulation_get_model (ss_window_get_simulation (window));
  g_autofree char *path = g_build_filename (tmpdir, "events.csv", NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  char            *csv = NULL;
  g_autofree char *exported = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_ptr_array_add (argv, "run");
  g_ptr_array_add (argv, (gpointer)scenario);
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      g_ptr_array_add (argv, "--set");
      g_ptr_array_add (argv, (gpointer)sets[i]);
    }
  g_ptr_array_add (argv, "--events");
  g_ptr_array_add (argv, "-");
  g_ptr_array_add (argv, NULL);
  csv = cli_ok ((const char *const *)argv->pdata);
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "t,contact,event");
  ss_event_list_set_filter (list, NULL, -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++, n++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);
      ss_event ev;
      double   t = g_ascii_strtod (f[0], NULL);

      g_assert_true (ss_event_list_get_shown (list, n, &ev));
      g_assert_cmpfloat (fabs (ev.t - t), <=, 1e-11 * MAX (1.0, fabs (t)));
      g_assert_cmpstr (ss_model_source_name (m, ev.source), ==, f[1]);
      g_assert_cmpstr (ss_event_kind_name (ev.kind), ==, f[2]);
    }
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, n);
  g_assert_cmpuint (n, >, 0);

  g_assert_true (ss_window_export_events_to (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &exported, NULL, NULL));
  g_assert_cmpstr (exported, ==, csv);
  return csv;
}

static void
test_events_equal_cli (void)
{
  show_scenario ("dupont");
  g_free (check_events_equal_cli ("dupont", NULL));
  show_scenario ("gear-train"); /* bearings and freeplay gaps */
  g_free (check_events_equal_cli ("gear-train", NULL));
  show_scenario ("two-slider");
  g_free (check_events_equal_cli ("two-slider", NULL));
}

/* Events of the events file @csv of @kind (NULL: all). */
static guint
count_kind (const char *csv, const char *kind)
{
  g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);
  g_autofree char *suffix = g_strconcat (",", kind, NULL);
  guint            n = 0;

  for (guint i = 1; lines[i] != NULL; i++)
    n += lines[i][0] != '\0' && (kind == NULL || g_str_has_suffix (lines[i], suffix));
  return n;
}

/* Sets the shown scenario's parameters to its defaults with @sets and waits for the run. */
static void
show_values (const char *const *sets)
{
  const ss_scenario *sc = ss_window_get_scenario (window);
  g_autofree double *values = g_new (double, sc->n_params);

  ss_scenario_defaults (sc, values);
  for (guint i = 0; sets[i] != NULL; i++)
    g_assert_true (ss_param_set_assignment (sc, values, sets[i], NULL));
  ss_param_panel_set_values (ss_window_get_param_panel (window), values, NULL);
  wait_idle ();
}

/* The rigid two-slider under the exact law: guide 2 released at 0.8 s and
 * locked again at 1.776 s (S2 growing to 100 N; tests/model/test-two-slider.c
 * has the closed forms).  The list equals the CLI's file, its kind filter
 * offers release and lock and keeps just those, and the status line names
 * the released guide.  The flexible rod's guides are never released: no
 * such kinds to filter. */
static void
test_release_events (void)
{
  const char *const sets[] = { "S2_end=-100", "S1_end=5", "t_S1_off=3", NULL };
  const char *const flexible[] = { "rod=flexible", NULL };
  SsEventList      *list = ss_window_get_event_list (window);
  SsSimulation     *sim = ss_window_get_simulation (window);
  g_autofree char  *csv = NULL;
  g_autofree char  *flexible_csv = NULL;
  g_autofree char  *status = NULL;
  const char       *released = _ ("released");
  ss_event          ev;

  show_scenario ("two-slider");
  show_values (sets);
  csv = check_events_equal_cli ("two-slider", sets);
  g_assert_cmpuint (count_kind (csv, "release"), ==, 1);
  g_assert_cmpuint (count_kind (csv, "lock"), ==, 1);
  g_assert_cmpuint (count_kind (csv, "slip"), ==, 0);

  ss_event_list_set_filter (list, NULL, SS_EVENT_RELEASE);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, 1);
  g_assert_true (ss_event_list_get_shown (list, 0, &ev));
  g_assert_cmpint (ev.kind, ==, SS_EVENT_RELEASE);
  g_assert_cmpstr (ss_model_source_name (ss_simulation_get_model (sim), ev.source), ==, "slider2");
  g_assert_cmpfloat (fabs (ev.t - 0.8), <, 1e-9);
  g_assert_cmpstr (ss_event_list_kind_label (ev.kind), ==, _ ("release"));
  ss_event_list_set_filter (list, "slider2", SS_EVENT_LOCK);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, 1);
  g_assert_true (ss_event_list_get_shown (list, 0, &ev));
  g_assert_cmpint (ev.kind, ==, SS_EVENT_LOCK);
  g_assert_cmpfloat (fabs (ev.t - (1.0 + 2.0 * 15.2 / 39.2)), <, 1e-9);
  ss_event_list_set_filter (list, NULL, -1);

  /* the status line: slider 2 released between the two, stuck after */
  ss_simulation_set_time (sim, 1.2);
  status = ss_window_dup_status_text (window);
  g_assert_nonnull (strstr (status, released));
  g_free (status);
  ss_simulation_set_time (sim, 2.5);
  status = ss_window_dup_status_text (window);
  g_assert_null (strstr (status, released));

  /* the flexible rod: no release or lock among the kinds, so the filter
   * falls back to every event */
  show_values (flexible);
  flexible_csv = check_events_equal_cli ("two-slider", flexible);
  g_assert_cmpuint (count_kind (flexible_csv, "release"), ==, 0);
  ss_event_list_set_filter (list, NULL, SS_EVENT_RELEASE);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, count_kind (flexible_csv, NULL));
  ss_event_list_set_filter (list, NULL, -1);
}

/* The filters keep one contact's or one kind's events; activating a row
 * (a click: the view activates on a single click) moves the playhead to
 * its event. */
static void
test_event_filter_and_click (void)
{
  SsEventList    *list = ss_window_get_event_list (window);
  SsSimulation   *sim = ss_window_get_simulation (window);
  guint           all, slips = 0, psi = 0, psi_slips = 0, gaps = 0;
  SsDataset      *ds;
  const ss_event *events;
  const ss_model *m;
  guint           n;
  ss_event        ev;

  show_scenario ("gear-train");
  ds = ss_simulation_get_dataset (sim);
  m = ss_dataset_get_model (ds);
  events = ss_dataset_get_events (ds, &n);
  for (guint i = 0; i < n; i++)
    {
      gboolean is_psi = g_str_equal (ss_model_source_name (m, events[i].source), "bearing_psi");

      slips += events[i].kind == SS_EVENT_SLIP;
      psi += is_psi;
      psi_slips += is_psi && events[i].kind == SS_EVENT_SLIP;
      gaps += events[i].kind == SS_EVENT_GAP_EXIT;
    }
  g_assert_cmpuint (psi_slips, >, 0);
  g_assert_cmpuint (gaps, >, 0);

  ss_event_list_set_filter (list, NULL, -1);
  all = ss_event_list_get_n_shown (list);
  g_assert_cmpuint (all, ==, n);
  ss_event_list_set_filter (list, NULL, SS_EVENT_SLIP);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, slips);
  ss_event_list_set_filter (list, "bearing_psi", -1);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, psi);
  ss_event_list_set_filter (list, "bearing_psi", SS_EVENT_SLIP);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, psi_slips);
  for (guint i = 0; i < psi_slips; i++)
    {
      g_assert_true (ss_event_list_get_shown (list, i, &ev));
      g_assert_cmpint (ev.kind, ==, SS_EVENT_SLIP);
      g_assert_cmpstr (ss_model_source_name (m, ev.source), ==, "bearing_psi");
    }
  ss_event_list_set_filter (list, NULL, SS_EVENT_GAP_EXIT);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, gaps);

  /* a click on the second gap closing */
  g_assert_true (ss_event_list_get_shown (list, 1, &ev));
  g_signal_emit_by_name (ss_event_list_get_view (list), "activate", 1u);
  wait_idle ();
  g_assert_cmpfloat (ss_simulation_get_time (sim), ==, ev.t);

  /* another run of the same model keeps the filter */
  ss_simulation_reset (sim);
  wait_idle ();
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, gaps);
  ss_event_list_set_filter (list, NULL, -1);
}

/* ---- metrics ---------------------------------------------------------------- */

/* The panel's run @run equals the CLI's --metrics for @scenario (with
 * @sets): the same metrics in the same order, the same numbers (as the
 * CLI writes them: the digits each metric's accuracy supports), NaN where
 * the CLI's field is empty. */
static void
check_metrics_equal_cli (guint run, const char *scenario, const char *const *sets)
{
  SsMetricsPanel *panel = ss_window_get_metrics_panel (window);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;
  guint n = 0;

  g_ptr_array_add (argv, "run");
  g_ptr_array_add (argv, (gpointer)scenario);
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      g_ptr_array_add (argv, "--set");
      g_ptr_array_add (argv, (gpointer)sets[i]);
    }
  g_ptr_array_add (argv, "--metrics");
  g_ptr_array_add (argv, "-");
  g_ptr_array_add (argv, NULL);
  csv = cli_ok ((const char *const *)argv->pdata);
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "metric,value,unit,note");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++, n++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], ",", -1);
      double v = ss_metrics_panel_get_value (panel, n, run);
      char   text[G_ASCII_DTOSTR_BUF_SIZE];
      /* the flat list's order: three run metrics, then five per contact */
      ss_metric_kind kind = n < 3 ? (ss_metric_kind)n : (ss_metric_kind)(3 + (n - 3) % 5);

      g_assert_cmpstr (ss_metrics_panel_get_name (panel, n), ==, f[0]);
      ss_metric_format (kind, v, text, sizeof text);
      g_assert_cmpstr (text, ==, f[1]);
      /* and why a value is missing, as the CLI's note says */
      g_assert_cmpstr (ss_metrics_panel_get_note (panel, n, run), ==, f[3] != NULL ? f[3] : "");
    }
  g_assert_cmpuint (ss_metrics_panel_get_n_rows (panel), ==, n);
}

static void
read_text_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  *(char **)data = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
}

static void
test_metrics (void)
{
  SsMetricsPanel  *panel = ss_window_get_metrics_panel (window);
  SsSimulation    *sim = ss_window_get_simulation (window);
  g_autofree char *text = NULL;
  g_autofree char *pasted = NULL;
  g_auto(GStrv) lines = NULL;
  double             period;
  int                k_index;
  double            *values;
  const ss_scenario *sc;

  /* one-mass: periodic, every metric determined */
  show_scenario ("one-mass");
  g_assert_cmpuint (ss_metrics_panel_get_n_runs (panel), ==, 1);
  check_metrics_equal_cli (0, "one-mass", NULL);
  period = ss_metrics_panel_get_value (panel, 0, 0);
  g_assert_cmpfloat (period, >, 0);
  /* dupont over 10 s: not periodic, undetermined period and amplitude */
  show_scenario ("dupont");
  check_metrics_equal_cli (0, "dupont", NULL);
  g_assert_true (isnan (ss_metrics_panel_get_value (panel, 0, 0)));
  g_assert_true (g_str_has_prefix (ss_metrics_panel_get_note (panel, 0, 0), "run too short") ||
                 g_str_has_prefix (ss_metrics_panel_get_note (panel, 0, 0), "not periodic"));

  /* copied as text: a header, a row per metric, "" where undetermined */
  text = ss_metrics_panel_dup_text (panel, FALSE);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "Metric\tUnit\tThis run");
  g_assert_cmpstr (lines[1], ==, "Period\ts\t");
  g_assert_true (g_str_has_prefix (lines[4], "slot: first slip\ts\t0.418133"));
  g_assert_cmpuint (g_strv_length (lines), ==, ss_metrics_panel_get_n_rows (panel) + 2);
  ss_metrics_panel_copy (panel);
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (panel)), NULL, read_text_cb, &pasted);
  while (pasted == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (pasted, ==, text);

  /* one-mass again, pinned; then a stiffer spring: a column per run */
  show_scenario ("one-mass");
  ss_window_pin_run (window);
  wait_idle ();
  sc = ss_window_get_scenario (window);
  k_index = ss_scenario_param_index (sc, "k");
  values = g_memdup2 (ss_param_panel_get_values (ss_window_get_param_panel (window)), sizeof (double) * sc->n_params);
  values[k_index] = 200;
  /* a preview of it first: previews are not measured */
  ss_simulation_recompute_preview (sim, sc->create (sc, values, NULL));
  wait_idle ();
  g_assert_true (ss_simulation_get_preview (sim));
  g_assert_cmpuint (ss_metrics_panel_get_n_runs (panel), ==, 1);
  g_assert_cmpfloat (ss_metrics_panel_get_value (panel, 0, 0), ==, period);
  ss_param_panel_set_values (ss_window_get_param_panel (window), values, NULL);
  wait_idle ();
  g_assert_false (ss_simulation_get_preview (sim));
  g_assert_cmpuint (ss_metrics_panel_get_n_runs (panel), ==, 2);
  check_metrics_equal_cli (0, "one-mass", (const char *[]){ "k=200", NULL });
  check_metrics_equal_cli (1, "one-mass", NULL);
  g_assert_cmpfloat (ss_metrics_panel_get_value (panel, 0, 1), ==, period);
  g_assert_cmpfloat (ss_metrics_panel_get_value (panel, 0, 0), <, period); /* stiffer: faster */
  g_free (text);
  text = ss_metrics_panel_dup_text (panel, FALSE);
  /* the pinned run is named by what differs from this run */
  g_assert_true (g_str_has_prefix (text, "Metric\tUnit\tThis run\t"));
  g_assert_nonnull (strstr (strchr (text, '\n') - 20, "100"));
  ss_window_clear_runs (window);
  wait_idle ();
  g_assert_cmpuint (ss_metrics_panel_get_n_runs (panel), ==, 1);
  g_free (values);
}

/* ---- off screen ------------------------------------------------------------------ */

static void
show_panel (const char *page)
{
  GtkToggleButton *button =
      GTK_TOGGLE_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "panel_button"));
  AdwViewStack *stack =
      ADW_VIEW_STACK (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "panel_stack"));

  GtkWidget *child;

  if (page != NULL)
    adw_view_stack_set_visible_child_name (stack, page);
  gtk_toggle_button_set_active (button, page != NULL);
  wait_idle ();
  /* the page on screen (or off it) once the window has drawn */
  child = page != NULL ? adw_view_stack_get_child_by_name (stack, page) : GTK_WIDGET (stack);
  test_gui_wait_until (gtk_widget_get_mapped (child) == (page != NULL),
                       page != NULL ? "the page mapped" : "the panel unmapped");
}

/* ---- a new run's rows: drawn, not laid out again --------------------------- */

typedef struct
{
  guint layouts; /* the frame clock's layout phases */
  guint paints;  /* its after-paints */
} Frames;

static void
count_layout_cb (GdkFrameClock *clock, Frames *f)
{
  (void)clock;
  f->layouts++;
}

static void
count_paint_cb (GdkFrameClock *clock, Frames *f)
{
  (void)clock;
  f->paints++;
}

/* Frames go on while the test counts them. */
static gboolean
tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (void)widget;
  (void)clock;
  (void)data;
  return G_SOURCE_CONTINUE;
}

/* Until a frame is painted after now. */
static void
wait_paint (Frames *f)
{
  guint paints = f->paints;

  test_gui_wait_until (f->paints > paints, "a frame");
}

/* Until @quiet frames in a row had no layout, at most @max_frames. */
static void
settle (Frames *f, guint quiet, guint max_frames)
{
  guint still = 0;

  for (guint i = 0; i < max_frames && still < quiet; i++)
    {
      f->layouts = 0;
      wait_paint (f);
      still = f->layouts == 0 ? still + 1 : 0;
    }
  g_assert_cmpuint (f->layouts, ==, 0);
}

/* The texts @widget's tree shows on screen (labels, inscriptions and each
 * column of the event list's rows), in the tree's order. */
static void
collect_texts (GtkWidget *widget, GString *texts)
{
  if (SS_IS_TABLE_ROW (widget) && gtk_widget_get_mapped (widget))
    for (int c = 0; c < 3; c++)
      g_string_append_printf (texts, "%s|", ss_table_row_get_text (SS_TABLE_ROW (widget), c));
  if (GTK_IS_INSCRIPTION (widget) && gtk_widget_get_mapped (widget))
    g_string_append_printf (texts, "%s|", gtk_inscription_get_text (GTK_INSCRIPTION (widget)));
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_string_append_printf (texts, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts);
}

/* A run whose events change contacts, in the same number and with the
 * same times (what a parameter's change does to many rows): the rows on
 * screen show their new contacts, and no frame lays the window out for
 * it.  A label's new text would (measuring the list, the panel and the
 * window again, each time). */
static void
test_new_rows_not_laid_out (void)
{
  SsEventList   *list = ss_window_get_event_list (window);
  SsSimulation  *sim = ss_window_get_simulation (window);
  GdkFrameClock *clock;
  SsDataset     *ds;
  g_autoptr(SsDataset) moved = NULL;
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (ss_event));
  g_autoptr(GString) before = g_string_new (NULL);
  g_autoptr(GString) after = g_string_new (NULL);
  const ss_event *ev;
  const ss_model *m;
  guint           n = 0;
  Frames          f = { 0, 0 };
  gulong          layout_id, paint_id;
  guint           tick_id;

  show_scenario ("gear-train");
  show_panel ("events");
  ds = ss_simulation_get_dataset (sim);
  m = ss_dataset_get_model (ds);
  ev = ss_dataset_get_events (ds, &n);
  g_assert_cmpuint (n, >, 20);
  g_assert_cmpint (ss_model_n_contacts (m), >=, 2);
  /* every contact's events given to the next contact: each contact
   * still has events, so the columns keep their widths */
  for (guint i = 0; i < n; i++)
    {
      ss_event e = ev[i];

      if (e.source < ss_model_n_contacts (m))
        e.source = (e.source + 1) % ss_model_n_contacts (m);
      g_array_append_val (events, e);
    }
  moved = ss_dataset_new (ss_dataset_get_model_ref (ds));
  ss_dataset_append_events (moved, events->len, (const ss_event *)(gpointer)events->data);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  layout_id = g_signal_connect (clock, "layout", G_CALLBACK (count_layout_cb), &f);
  paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &f);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, NULL, NULL);
  /* the window settled: a frame without a layout */
  settle (&f, 1, 100);
  collect_texts (GTK_WIDGET (ss_event_list_get_view (list)), before);

  ss_event_list_set_dataset (list, moved);
  wait_paint (&f);
  wait_paint (&f);
  collect_texts (GTK_WIDGET (ss_event_list_get_view (list)), after);

  /* the rows on screen show the moved contacts: "ψ bearing" where it
   * said "δ bearing" */
  g_assert_cmpstr (before->str, !=, after->str);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *source = NULL;
      ss_event         shown;

      g_assert_true (ss_event_list_get_shown (list, i, &shown));
      source = g_strdup_printf ("|%s|", ss_event_list_get_shown_source (list, i));
      g_assert_nonnull (strstr (after->str, source));
    }
  g_assert_cmpuint (f.layouts, ==, 0);

  /* the rows off screen were left for later: scrolled to, they show
   * theirs too */
  {
    GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (ss_event_list_get_view (list)));
    g_autoptr(GString) end = g_string_new (NULL);
    g_autofree char *last = NULL;
    guint            shown = ss_event_list_get_n_shown (list);

    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
    wait_paint (&f);
    wait_paint (&f);
    collect_texts (GTK_WIDGET (ss_event_list_get_view (list)), end);
    g_assert_cmpuint (shown, ==, n);
    for (guint i = shown - 3; i < shown; i++)
      {
        ss_event         e;
        g_autofree char *row = NULL;

        g_assert_true (ss_event_list_get_shown (list, i, &e));
        row = g_strdup_printf ("|%.6f|%s|%s|", e.t, ss_event_list_get_shown_source (list, i),
                               ss_event_list_kind_label (e.kind));
        g_assert_nonnull (strstr (end->str, row));
      }
    gtk_adjustment_set_value (adj, 0);
  }
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_signal_handler_disconnect (clock, layout_id);
  g_signal_handler_disconnect (clock, paint_id);

  ss_event_list_set_dataset (list, ds);
  wait_idle ();
}

/* The first row on screen of @widget's tree. */
static GtkWidget *
find_row (GtkWidget *widget)
{
  if (SS_IS_TABLE_ROW (widget) && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The width of the time column of the first row on screen of @list after
 * a few frames, px. */
static int
cell_width_after_frames (SsEventList *list, Frames *f)
{
  GtkWidget *row;
  int        x, width;

  for (guint i = 0; i < 5; i++)
    wait_paint (f);
  row = find_row (GTK_WIDGET (ss_event_list_get_view (list)));
  g_assert_nonnull (row);
  ss_table_row_get_column (SS_TABLE_ROW (row), 0, &x, &width);
  return width;
}

/* The columns' widths are measured once per font: a larger font widens
 * them, as it would labels, and the font back narrows them again. */
static void
test_cells_follow_font (void)
{
  SsEventList     *list = ss_window_get_event_list (window);
  GtkSettings     *settings = gtk_widget_get_settings (GTK_WIDGET (window));
  GdkFrameClock   *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_autofree char *font = NULL;
  Frames           f = { 0, 0 };
  gulong           paint_id;
  guint            tick_id;
  int              before, larger, back;

  show_scenario ("gear-train");
  show_panel ("events");
  paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &f);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, NULL, NULL);
  before = cell_width_after_frames (list, &f);
  g_object_get (settings, "gtk-font-name", &font, NULL);
  g_object_set (settings, "gtk-font-name", "Sans 24", NULL);
  larger = cell_width_after_frames (list, &f);
  g_object_set (settings, "gtk-font-name", font, NULL);
  back = cell_width_after_frames (list, &f);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_signal_handler_disconnect (clock, paint_id);

  g_assert_cmpint (before, >, 0);
  g_assert_cmpint (larger, >, before);
  g_assert_cmpint (back, ==, before);
}

/* Every widget of @widget's tree into @set. */
static void
collect_widgets (GtkWidget *widget, GHashTable *set)
{
  g_hash_table_add (set, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, set);
}

/* The event list's rows on screen of @widget's tree, in the tree's order. */
static void
collect_cells (GtkWidget *widget, GPtrArray *cells)
{
  if (SS_IS_TABLE_ROW (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (cells, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cells (child, cells);
}

/* The events list after the run of the assignments @sets (none: the
 * defaults) and a few frames: the CLI's events file for them, the rows on
 * screen into @cells and every widget of the list into @widgets. */
static char *
show_run (const char *const *sets, Frames *f, GPtrArray *cells, GHashTable *widgets)
{

  SsEventList *list = ss_window_get_event_list (window);
  char        *csv;

  show_values (sets);
  for (guint i = 0; i < 3; i++)
    wait_paint (f);
  csv = check_events_equal_cli ("gear-train", sets);
  g_ptr_array_set_size (cells, 0);
  collect_cells (GTK_WIDGET (ss_event_list_get_view (list)), cells);
  g_hash_table_remove_all (widgets);
  collect_widgets (GTK_WIDGET (ss_event_list_get_view (list)), widgets);
  return csv;
}

/* The rows on screen show the CLI's events of @csv: time, the contact as
 * the list names it and the kind. */
static void
check_rows_on_screen (const char *csv, guint n_rows)
{
  SsEventList *list = ss_window_get_event_list (window);
  g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);
  g_autoptr(GString) texts = g_string_new ("|");

  collect_texts (GTK_WIDGET (ss_event_list_get_view (list)), texts);
  for (guint i = 0; i < n_rows; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i + 1], ",", -1);
      g_autofree char *row = NULL;
      int              kind = -1;

      for (int k = 0; k < SS_EVENT_N_KINDS; k++)
        if (g_str_equal (ss_event_kind_name (k), f[2]))
          kind = k;
      g_assert_cmpint (kind, >=, 0);
      row = g_strdup_printf ("|%.6f|%s|%s|", g_ascii_strtod (f[0], NULL), ss_event_list_get_shown_source (list, i),
                             ss_event_list_kind_label (kind));
      g_assert_nonnull (strstr (texts->str, row));
    }
}

/* A run with more events, then one with fewer (a stiffer shaft: 104
 * events against 86): the rows on screen keep their widgets and show the
 * new run's events, those of the CLI; only the rows added at the end are
 * made, each of two widgets, the list's row and the widget drawing its
 * three columns (GTK 4.8 makes a row for each of the first 200 events). */
static void
test_rows_kept_when_count_changes (void)
{
  const char *const stiffer[] = { "k_psi_delta=300", NULL };
  const char *const defaults[] = { NULL };
  GdkFrameClock    *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  g_autoptr(GPtrArray) cells_before = NULL;
  g_autoptr(GHashTable) widgets = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) widgets_before = g_hash_table_new (NULL, NULL);
  g_autofree char *csv = NULL;
  g_autofree char *stiffer_csv = NULL;
  g_autofree char *back_csv = NULL;
  GHashTableIter   iter;
  gpointer         widget;
  Frames           f = { 0, 0 };
  gulong           paint_id;
  guint            tick_id, n, n_stiffer, made = 0;

  show_scenario ("gear-train");
  show_panel ("events");
  paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &f);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, NULL, NULL);

  csv = show_run (defaults, &f, cells, widgets);
  n = count_kind (csv, NULL);
  cells_before = g_ptr_array_copy (cells, NULL, NULL);
  collect_widgets (GTK_WIDGET (ss_event_list_get_view (ss_window_get_event_list (window))), widgets_before);
  g_assert_cmpuint (cells->len, >=, 10);

  /* more events: the rows on screen are the same widgets, showing the
   * new run's events; rows made only for the events added */
  stiffer_csv = show_run (stiffer, &f, cells, widgets);
  n_stiffer = count_kind (stiffer_csv, NULL);
  g_assert_cmpuint (n_stiffer, >, n + 10);
  g_assert_cmpuint (n_stiffer, <, 200);
  g_assert_cmpuint (cells->len, ==, cells_before->len);
  for (guint i = 0; i < cells->len; i++)
    g_assert_true (g_ptr_array_index (cells, i) == g_ptr_array_index (cells_before, i));
  check_rows_on_screen (stiffer_csv, cells->len);
  g_hash_table_iter_init (&iter, widgets);
  while (g_hash_table_iter_next (&iter, &widget, NULL))
    made += !g_hash_table_contains (widgets_before, widget);
  g_assert_cmpuint (made, >=, n_stiffer - n);
  g_assert_cmpuint (made, <=, 2 * (n_stiffer - n));

  /* fewer again: the same widgets on screen, showing the defaults' events */
  back_csv = show_run (defaults, &f, cells, widgets);
  g_assert_cmpstr (back_csv, ==, csv);
  g_assert_cmpuint (cells->len, ==, cells_before->len);
  for (guint i = 0; i < cells->len; i++)
    g_assert_true (g_ptr_array_index (cells, i) == g_ptr_array_index (cells_before, i));
  check_rows_on_screen (back_csv, cells->len);

  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_signal_handler_disconnect (clock, paint_id);
}

/* The first widget of @widget's tree drawing a row of the event list's
 * columns, the list's rows' (@in_view) or its header's. */
static GtkWidget *
find_table_row (GtkWidget *widget, gboolean in_view)
{
  GtkWidget *found = NULL;

  if (SS_IS_TABLE_ROW (widget) && gtk_widget_get_mapped (widget) &&
      (gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_VIEW) != NULL) == in_view)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL && found == NULL;
       child = gtk_widget_get_next_sibling (child))
    found = find_table_row (child, in_view);
  return found;
}

/* A run with 12 more events than the one shown (of fewer than 200, the
 * rows GTK 4.8 makes ahead): the list makes two widgets per row added,
 * its row and the one widget drawing the row's three columns, where a
 * column view made a cell and its content per column.  Each row reads,
 * to assistive technologies, as its three texts, the header's titles
 * line up with the rows' columns, and without events they are whole. */
static void
test_event_rows_one_widget (void)
{
  SsEventList   *list = ss_window_get_event_list (window);
  SsSimulation  *sim = ss_window_get_simulation (window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  GtkWidget     *view = GTK_WIDGET (ss_event_list_get_view (list));
  g_autoptr(SsDataset) fewer = NULL;
  g_autoptr(SsDataset) empty = NULL;
  g_autoptr(GHashTable) before = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) after = g_hash_table_new (NULL, NULL);
  GHashTableIter   iter;
  gpointer         widget;
  SsDataset       *ds;
  const ss_event  *ev;
  GtkWidget       *row, *header;
  g_autofree char *label = NULL;
  g_autofree char *time = NULL;
  char            *error;
  Frames           f = { 0, 0 };
  gulong           paint_id;
  guint            tick_id, n = 0, made = 0;

  show_scenario ("gear-train");
  show_panel ("events");
  ss_event_list_set_filter (list, NULL, -1);
  ds = ss_simulation_get_dataset (sim);
  ev = ss_dataset_get_events (ds, &n);
  g_assert_cmpuint (n, >, 40);
  g_assert_cmpuint (n, <, 188);
  fewer = ss_dataset_new (ss_dataset_get_model_ref (ds));
  ss_dataset_append_events (fewer, n - 12, ev);
  empty = ss_dataset_new (ss_dataset_get_model_ref (ds));
  paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &f);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, NULL, NULL);

  ss_event_list_set_dataset (list, fewer);
  for (guint i = 0; i < 3; i++)
    wait_paint (&f);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, n - 12);
  collect_widgets (view, before);
  ss_event_list_set_dataset (list, ds);
  for (guint i = 0; i < 3; i++)
    wait_paint (&f);
  g_assert_cmpuint (ss_event_list_get_n_shown (list), ==, n);
  collect_widgets (view, after);
  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &widget, NULL))
    made += !g_hash_table_contains (before, widget);
  g_assert_cmpuint (made, >=, 12);
  g_assert_cmpuint (made, <=, 2 * 12);

  /* the first row: its event, read as one line */
  row = find_table_row (view, TRUE);
  g_assert_nonnull (row);
  time = g_strdup_printf ("%.6f", ev[0].t);
  g_assert_cmpstr (ss_table_row_get_text (SS_TABLE_ROW (row), 0), ==, time);
  g_assert_cmpstr (ss_table_row_get_text (SS_TABLE_ROW (row), 1), ==, ss_event_list_get_shown_source (list, 0));
  g_assert_cmpstr (ss_table_row_get_text (SS_TABLE_ROW (row), 2), ==, ss_event_list_kind_label (ev[0].kind));
  label = g_strdup_printf ("%s, %s, %s", time, ss_event_list_get_shown_source (list, 0),
                           ss_event_list_kind_label (ev[0].kind));
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  if (error != NULL)
    g_error ("the row's accessible label: %s", error);

  /* the titles over their columns */
  header = find_table_row (GTK_WIDGET (list), FALSE);
  g_assert_nonnull (header);
  g_assert_cmpstr (ss_table_row_get_text (SS_TABLE_ROW (header), 0), ==, _ ("Time (s)"));
  for (int c = 0; c < 3; c++)
    {
      int    row_x, row_width, header_x, header_width;
      double row_at, header_at, y;

      ss_table_row_get_column (SS_TABLE_ROW (row), c, &row_x, &row_width);
      ss_table_row_get_column (SS_TABLE_ROW (header), c, &header_x, &header_width);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      g_assert_true (gtk_widget_translate_coordinates (row, GTK_WIDGET (list), row_x, 0, &row_at, &y));
      g_assert_true (gtk_widget_translate_coordinates (header, GTK_WIDGET (list), header_x, 0, &header_at, &y));
      G_GNUC_END_IGNORE_DEPRECATIONS
      g_assert_cmpfloat (row_at, ==, header_at);
      g_assert_cmpint (row_width, ==, header_width);
      g_assert_cmpint (row_width, >, 0);
    }

  /* a list that never had events: the titles whole */
  {
    GtkWidget   *other = gtk_window_new ();
    SsEventList *fresh = g_object_new (SS_TYPE_EVENT_LIST, NULL);
    GtkWidget   *fresh_header;

    gtk_window_set_default_size (GTK_WINDOW (other), 400, 300);
    gtk_window_set_child (GTK_WINDOW (other), GTK_WIDGET (fresh));
    ss_event_list_set_dataset (fresh, empty);
    gtk_window_present (GTK_WINDOW (other));
    test_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (fresh)), "the list shown");
    for (guint i = 0; i < 3; i++)
      wait_paint (&f);
    g_assert_cmpuint (ss_event_list_get_n_shown (fresh), ==, 0);
    fresh_header = find_table_row (GTK_WIDGET (fresh), FALSE);
    g_assert_nonnull (fresh_header);
    for (int c = 0; c < 3; c++)
      {
        int x, width;

        ss_table_row_get_column (SS_TABLE_ROW (fresh_header), c, &x, &width);
        g_assert_cmpint (width, >=,
                         ss_table_row_measure_text (SS_TABLE_ROW (fresh_header), c,
                                                    ss_table_row_get_text (SS_TABLE_ROW (fresh_header), c)));
      }
    gtk_window_destroy (GTK_WINDOW (other));
  }

  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_signal_handler_disconnect (clock, paint_id);
  ss_event_list_set_dataset (list, ds);
  wait_idle ();
}

/* While the side panel is hidden, changes (final runs, a preview, a
 * scenario switch and back) leave the event list and the metrics alone;
 * shown, each catches up once and equals the CLI's files for the final
 * values; contacts are named as the legends name them. */
static void
test_hidden_panel_catches_up (void)
{
  SsEventList       *list = ss_window_get_event_list (window);
  SsMetricsPanel    *metrics = ss_window_get_metrics_panel (window);
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsParamPanel      *params = ss_window_get_param_panel (window);
  const char *const  sets[] = { "k1=50000", "m1=25", NULL };
  const ss_scenario *sc;
  g_autofree double *values = NULL;
  guint              list_refreshes, metrics_refreshes;

  show_panel (NULL);
  show_scenario ("two-slider");
  show_values ((const char *[]){ NULL }); /* the defaults */
  list_refreshes = ss_event_list_get_n_refreshes (list);
  metrics_refreshes = ss_metrics_panel_get_n_refreshes (metrics);

  sc = ss_window_get_scenario (window);
  values = g_memdup2 (ss_param_panel_get_values (params), sizeof (double) * sc->n_params);
  g_assert_true (ss_param_panel_request (params, "k1", 50000));
  wait_idle ();
  values[ss_scenario_param_index (sc, "m1")] = 30;
  ss_simulation_recompute_preview (sim, sc->create (sc, values, NULL));
  wait_idle ();
  g_assert_true (ss_param_panel_request (params, "m1", 25));
  wait_idle ();
  show_scenario ("one-mass");
  _ss_window_undo (window); /* back to the two-slider, k1 and m1 as set */
  wait_idle ();
  g_assert_true (ss_window_get_scenario (window) == sc);
  g_assert_false (ss_simulation_get_preview (sim));
  /* nothing done for panels nobody sees */
  g_assert_cmpuint (ss_event_list_get_n_refreshes (list), ==, list_refreshes);
  g_assert_cmpuint (ss_metrics_panel_get_n_refreshes (metrics), ==, metrics_refreshes);

  /* shown: each catches up once, and holds the final run's */
  show_panel ("events");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (list)));
  g_assert_cmpuint (ss_event_list_get_n_refreshes (list), ==, list_refreshes + 1);
  g_free (check_events_equal_cli ("two-slider", sets));
  g_assert_cmpuint (ss_event_list_get_n_refreshes (list), ==, list_refreshes + 1);
  /* "slider 1" where the CSV says "slider1" */
  for (guint i = 0; i < ss_event_list_get_n_shown (list); i++)
    {
      ss_event         ev;
      g_autofree char *name = NULL;
      g_autofree char *label = NULL;

      g_assert_true (ss_event_list_get_shown (list, i, &ev));
      name = g_strdup_printf ("slider%d", ev.source + 1);
      label = g_strdup_printf ("slider %d", ev.source + 1);
      g_assert_cmpstr (ss_model_source_name (ss_simulation_get_model (sim), ev.source), ==, name);
      g_assert_cmpstr (ss_event_list_get_shown_source (list, i), ==, label);
    }
  g_assert_cmpuint (ss_metrics_panel_get_n_refreshes (metrics), ==, metrics_refreshes);
  show_panel ("metrics");
  g_assert_cmpuint (ss_metrics_panel_get_n_refreshes (metrics), ==, metrics_refreshes + 1);
  check_metrics_equal_cli (0, "two-slider", sets);
  g_assert_cmpstr (ss_metrics_panel_get_run_title (metrics, 0), ==, "This run");

  /* on screen, a change shows at once */
  g_assert_true (ss_param_panel_request (params, "k1", 100000));
  wait_idle ();
  g_assert_cmpuint (ss_metrics_panel_get_n_refreshes (metrics), ==, metrics_refreshes + 2);
  check_metrics_equal_cli (0, "two-slider", (const char *[]){ "m1=25", NULL });
  show_panel (NULL);
}

/* ---- the preview marker -------------------------------------------------- */

static void
count_surface_layout_cb (Frames *f)
{
  f->layouts++;
}

/* A final run after its preview hides the status line's "preview" marker
 * without laying the window out (GTK 4.8 asks the X server four things at
 * each layout); the marker keeps its room, out of sight and reach. */
static void
test_marker_hidden_without_layout (void)
{
  SsSimulation *sim = ss_window_get_simulation (window);
  SsParamPanel *params = ss_window_get_param_panel (window);
  GtkWidget *marker = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), SS_TYPE_WINDOW, "preview_label"));
  const ss_scenario *sc;
  g_autofree double *values = NULL;
  GdkFrameClock     *clock;
  GdkSurface        *surface = gtk_native_get_surface (GTK_NATIVE (window));
  Frames             f = { 0, 0 };
  gulong             layout_id, paint_id;
  guint              tick_id;
  int                width;

  show_panel (NULL);
  show_scenario ("one-mass");
  sc = ss_window_get_scenario (window);
  values = g_memdup2 (ss_param_panel_get_values (params), sizeof (double) * sc->n_params);
  values[ss_scenario_param_index (sc, "k")] = 173; /* run nowhere else: not kept */
  ss_simulation_recompute_preview (sim, sc->create (sc, values, NULL));
  wait_idle ();
  g_assert_true (ss_simulation_get_preview (sim));
  g_assert_true (_ss_window_marker_shown (window));
  g_assert_true (gtk_widget_get_mapped (marker));
  width = gtk_widget_get_width (marker);
  g_assert_cmpint (width, >, 0);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  /* the window's own layouts (a tooltip's share its frame clock) */
  layout_id = g_signal_connect_swapped (surface, "layout", G_CALLBACK (count_surface_layout_cb), &f);
  paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &f);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, NULL, NULL);
  /* the window settled: frames without a layout */
  settle (&f, 5, 200);

  ss_simulation_recompute (sim, sc->create (sc, values, NULL));
  wait_idle ();
  wait_paint (&f);
  wait_paint (&f);
  g_assert_false (ss_simulation_get_preview (sim));
  g_assert_false (ss_simulation_get_kept (sim));
  g_assert_false (_ss_window_marker_shown (window));
  g_assert_cmpuint (f.layouts, ==, 0);
  /* out of sight and reach, in its room */
  g_assert_cmpfloat (gtk_widget_get_opacity (marker), ==, 0);
  g_assert_false (gtk_widget_get_can_target (marker));
  g_assert_false (gtk_widget_get_has_tooltip (marker));
  g_assert_cmpint (gtk_widget_get_width (marker), ==, width);

  g_signal_handler_disconnect (surface, layout_id);
  g_signal_handler_disconnect (clock, paint_id);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
}

/* ---- tooltips set once ---------------------------------------------------- */

static void
count_notify_cb (GObject *object, GParamSpec *pspec, guint *count)
{
  (void)object;
  (void)pspec;
  (*count)++;
}

static void
collect_tooltipped (GtkWidget *widget, GPtrArray *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_tooltip_text (widget) != NULL)
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_tooltipped (c, out);
}

/* The metrics' cells set their tooltips only when these change: GTK 4.8
 * asks the X server where the pointer is at each gtk_widget_set_tooltip_text(),
 * which for every cell of every run was most of the main thread's work
 * per run with the metrics on screen.  A new run whose cells' tooltips are
 * the same sets none; the tooltips are still those of their rows. */
static void
test_metrics_tooltips_set_once (void)
{
  SsMetricsPanel *metrics = ss_window_get_metrics_panel (window);
  SsParamPanel   *params = ss_window_get_param_panel (window);
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  g_autofree guint *counts = NULL;
  g_autofree char  *first = NULL;

  show_scenario ("one-mass");
  show_panel ("metrics");
  collect_tooltipped (GTK_WIDGET (metrics), cells);
  g_assert_cmpuint (cells->len, >=, 8);
  counts = g_new0 (guint, cells->len);
  for (guint i = 0; i < cells->len; i++)
    g_signal_connect (g_ptr_array_index (cells, i), "notify::tooltip-text", G_CALLBACK (count_notify_cb), &counts[i]);
  first = g_strdup (gtk_widget_get_tooltip_text (g_ptr_array_index (cells, 0)));

  g_assert_true (ss_param_panel_request (params, "k", 150));
  wait_idle ();
  test_gui_wait_until (gtk_widget_get_mapped (GTK_WIDGET (metrics)), "the metrics on screen");
  check_metrics_equal_cli (0, "one-mass", (const char *[]){ "k=150", NULL });
  for (guint i = 0; i < cells->len; i++)
    {
      g_signal_handlers_disconnect_by_func (g_ptr_array_index (cells, i), count_notify_cb, &counts[i]);
      g_assert_cmpuint (counts[i], ==, 0);
    }
  g_assert_cmpstr (gtk_widget_get_tooltip_text (g_ptr_array_index (cells, 0)), ==, first);
  show_panel (NULL);
}

/* ---- the papers' examples ------------------------------------------------------ */

/* The marker layers of the charts against time: their markers, each with
 * the column of the line it sits on (NULL: none). */
static guint
collect_markers (GPtrArray *markers, GPtrArray *columns)
{
  SsPlotStack *stack = ss_window_get_plot_stack (window);

  for (guint c = 0; c < ss_plot_stack_get_n_charts (stack); c++)
    {
      GPtrArray *layers = ss_chart_get_layers (ss_plot_stack_get_chart (stack, c));

      for (guint l = 0; l < layers->len; l++)
        {
          SsMarkerLayer *layer;

          if (!SS_IS_MARKER_LAYER (g_ptr_array_index (layers, l)))
            continue;
          layer = g_ptr_array_index (layers, l);
          for (guint i = 0; i < ss_marker_layer_get_n_markers (layer); i++)
            {
              SsSeries *series = ss_marker_layer_get_series (layer, i);

              g_ptr_array_add (markers, (gpointer)ss_marker_layer_get_marker (layer, i));
              g_ptr_array_add (columns, series ? (gpointer)ss_series_get_column (series) : NULL);
            }
        }
    }
  return markers->len;
}

/* Chooses setting @s of example @ex from its menu action and checks what
 * it shows: the scenario and values, the output step, the example panel,
 * a marker per published value on its column's curve, labelled with the
 * paper's figure, and this run holding every published value. */
static void
check_preset (const ss_example *ex, int s)
{
  SsSimulation      *sim = ss_window_get_simulation (window);
  SsExamplePanel    *panel = ss_window_get_example_panel (window);
  const ss_scenario *sc = ss_example_scenario (ex);
  g_autofree double *values = ss_example_setting_values (ex, s, NULL);
  const double      *shown;
  g_autoptr(GPtrArray) markers = g_ptr_array_new ();
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();
  int n = ss_example_n_values (ex, s);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.example", "(si)", ex->id, s));
  wait_idle ();
  g_assert_true (ss_window_get_scenario (window) == sc);
  shown = ss_param_panel_get_values (ss_window_get_param_panel (window));
  for (int p = 0; p < sc->n_params; p++)
    g_assert_cmpfloat (shown[p], ==, values[p]);
  g_assert_cmpfloat (ss_simulation_get_run_options (sim)->dt_out, ==, ex->dt_out);
  g_assert_true (ss_simulation_get_finished (sim));
  g_assert_true (ss_example_panel_get_example (panel) == ex);
  g_assert_cmpint (ss_example_panel_get_setting (panel), ==, s);

  g_assert_cmpuint (collect_markers (markers, columns), ==, (guint)n);
  for (int i = 0; i < n; i++)
    {
      ss_example_value v;
      const SsMarker  *marker = NULL;
      double           measured = ss_example_panel_get_measured (panel, i);

      ss_example_get_value (ex, s, i, &v);
      /* the marker of this value: its instant and label */
      for (guint k = 0; k < markers->len && marker == NULL; k++)
        {
          const SsMarker *mk = g_ptr_array_index (markers, k);

          if ((mk->t == v.t || (isnan (mk->t) && isnan (v.t))) && g_strcmp0 (mk->column, v.column) == 0 &&
              g_str_has_suffix (mk->label, v.measure == SS_EXAMPLE_NO_EVENT ? v.what : ""))
            {
              marker = mk;
              /* on its column's curve */
              g_assert_cmpstr (g_ptr_array_index (columns, k), ==, v.column);
            }
        }
      if (marker == NULL)
        g_error ("%s [%d]: no marker for \"%s\"", ex->id, s, v.what);
      g_assert_true (g_str_has_prefix (marker->label, "paper: "));
      g_assert_cmpint (marker->missed, ==, v.measure != SS_EXAMPLE_NO_EVENT && isnan (v.tolerance));
      if (!ss_example_value_holds (&v, measured))
        g_error ("%s [%d] \"%s\": published %g, this run %g", ex->id, s, v.what, v.t, measured);
    }
}

static void
test_every_preset (void)
{
  for (int e = 0; e < ss_example_count (); e++)
    {
      const ss_example *ex = ss_example_get (e);

      for (int s = 0; s < ex->n_settings; s++)
        check_preset (ex, s);
    }
}

/* Every example's markers drawn on their charts at a narrow and a wide
 * size: the labels placed (ss-marker-layer.c) lie inside the plot and
 * none covers another, e.g. dupont's "paper: … s" labels near each other.
 * Returns the labels drawn. */
static guint
check_marker_labels (const char *what)
{
  SsPlotStack *stack = ss_window_get_plot_stack (window);
  const int    sizes[][2] = { { 420, 150 }, { 640, 180 }, { 1100, 260 } };
  guint        n_labels = 0;

  for (guint c = 0; c < ss_plot_stack_get_n_charts (stack); c++)
    {
      SsChart   *chart = ss_plot_stack_get_chart (stack, c);
      GPtrArray *layers = ss_chart_get_layers (chart);

      for (guint l = 0; l < layers->len; l++)
        {
          SsMarkerLayer *layer = g_ptr_array_index (layers, l);

          if (!SS_IS_MARKER_LAYER (layer) || ss_marker_layer_get_n_markers (layer) == 0)
            continue;
          for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
            {
              cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sizes[z][0], sizes[z][1]);
              cairo_t         *cr = cairo_create (img);
              SsChartStyle     style;
              graphene_rect_t  plot;
              g_autoptr(GArray) boxes = NULL;

              ss_chart_style_init_for_export (&style);
              ss_chart_draw (chart, cr, sizes[z][0], sizes[z][1], &style);
              cairo_destroy (cr);
              cairo_surface_destroy (img);
              boxes = ss_marker_layer_dup_label_boxes (layer, &plot);
              for (guint i = 0; i < boxes->len; i++)
                {
                  const graphene_rect_t *a = &g_array_index (boxes, graphene_rect_t, i);

                  if (a->origin.x < plot.origin.x - 0.5 || a->origin.y < plot.origin.y - 0.5 ||
                      a->origin.x + a->size.width > plot.origin.x + plot.size.width + 0.5 ||
                      a->origin.y + a->size.height > plot.origin.y + plot.size.height + 0.5)
                    g_error ("%s, chart \"%s\" at %dx%d: label %u (%g, %g, %g x %g) outside the plot (%g, %g, %g x %g)",
                             what, ss_chart_get_title (chart), sizes[z][0], sizes[z][1], i, a->origin.x, a->origin.y,
                             a->size.width, a->size.height, plot.origin.x, plot.origin.y, plot.size.width,
                             plot.size.height);
                  for (guint k = 0; k < i; k++)
                    {
                      const graphene_rect_t *b = &g_array_index (boxes, graphene_rect_t, k);
                      graphene_rect_t        both;

                      /* touching edges are apart */
                      if (graphene_rect_intersection (a, b, &both) && both.size.width > 0.01 && both.size.height > 0.01)
                        g_error ("%s, chart \"%s\" at %dx%d: labels %u (%g, %g) and %u (%g, %g) overlap", what,
                                 ss_chart_get_title (chart), sizes[z][0], sizes[z][1], k, b->origin.x, b->origin.y, i,
                                 a->origin.x, a->origin.y);
                    }
                }
              n_labels += boxes->len;
            }
        }
    }
  return n_labels;
}

static void
test_marker_labels_apart (void)
{
  guint n_labels = 0;

  for (int e = 0; e < ss_example_count (); e++)
    {
      const ss_example *ex = ss_example_get (e);

      for (int s = 0; s < ex->n_settings; s++)
        {
          g_autofree char *what = g_strdup_printf ("%s [%d]", ex->id, s);

          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.example", "(si)", ex->id, s));
          wait_idle ();
          n_labels += check_marker_labels (what);
        }
    }
  g_test_message ("%u labels drawn", n_labels);
  /* the labels were drawn, not left out */
  g_assert_cmpuint (n_labels, >, 3 * 20);
}

/* One preset in detail: its labels, the panel following the values (a
 * setting chosen in the panel, values that are no setting's), undo back to
 * the scenario before it taking its markers away. */
static void
test_preset_markers (void)
{
  SsExamplePanel *panel = ss_window_get_example_panel (window);
  g_autoptr(GPtrArray) markers = g_ptr_array_new ();
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();
  const ss_example  *ex = ss_example_find ("wojtyra-2");
  const ss_scenario *sc;
  double            *values;
  gboolean           slip_found = FALSE;

  show_scenario ("dupont");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.example", "(si)", "wojtyra-2", 0));
  wait_idle ();
  g_assert_cmpuint (collect_markers (markers, columns), ==, 2);
  for (guint k = 0; k < markers->len; k++)
    {
      const SsMarker *mk = g_ptr_array_index (markers, k);

      if (g_str_equal (mk->label, "paper: 1.86 s"))
        {
          slip_found = TRUE;
          g_assert_cmpfloat (mk->t, ==, 1.86);
          g_assert_cmpfloat (mk->tolerance, ==, 0.005);
          g_assert_cmpstr (g_ptr_array_index (columns, k), ==, "slider1.ratio");
        }
      else
        g_assert_cmpstr (mk->label, ==, "paper: 0.8 s");
    }
  g_assert_true (slip_found);

  /* the panel's third setting: the pseudoinverse, two values not reproduced */
  g_signal_emit_by_name (panel, "setting-activated", 2);
  wait_idle ();
  g_ptr_array_set_size (markers, 0);
  g_ptr_array_set_size (columns, 0);
  g_assert_cmpuint (collect_markers (markers, columns), ==, 3);
  g_assert_cmpint (ss_example_panel_get_setting (panel), ==, 2);
  for (guint k = 0; k < markers->len; k++)
    {
      const SsMarker *mk = g_ptr_array_index (markers, k);

      g_assert_cmpint (mk->missed, ==, mk->t > 1.0);
      if (mk->t > 3.0)
        g_assert_cmpstr (mk->label, ==, "paper: 3.59 s (not reproduced)");
    }

  /* values that are no setting's: the markers stay, the panel says so */
  sc = ss_window_get_scenario (window);
  values = g_memdup2 (ss_param_panel_get_values (ss_window_get_param_panel (window)), sizeof (double) * sc->n_params);
  values[ss_scenario_param_index (sc, "mu_s")] = 0.55;
  ss_param_panel_set_values (ss_window_get_param_panel (window), values, NULL);
  wait_idle ();
  g_assert_true (ss_example_panel_get_example (panel) == ex);
  g_assert_cmpint (ss_example_panel_get_setting (panel), ==, 2);
  g_ptr_array_set_size (markers, 0);
  g_ptr_array_set_size (columns, 0);
  g_assert_cmpuint (collect_markers (markers, columns), ==, 3);
  g_free (values);

  /* undo three times: back to dupont, no example, no markers */
  for (int i = 0; i < 3; i++)
    _ss_window_undo (window);
  wait_idle ();
  g_assert_cmpstr (ss_window_get_scenario (window)->name, ==, "dupont");
  g_assert_null (ss_example_panel_get_example (panel));
  g_ptr_array_set_size (markers, 0);
  g_ptr_array_set_size (columns, 0);
  g_assert_cmpuint (collect_markers (markers, columns), ==, 0);
}

/* ---- negative numbers: the screen's minus ------------------------------------ */

/* Whether @widget's tree shows @text as a whole label or cell. */
static gboolean
shows_text (GtkWidget *widget, const char *text)
{
  g_autoptr(GString) texts = g_string_new ("|");
  g_autofree char *cell = g_strdup_printf ("|%s|", text);

  collect_texts (widget, texts);
  return strstr (texts->str, cell) != NULL;
}

/* A negative metric and events before t = 0 read with the typographic
 * minus "−", as the charts' ticks and the readout do; the copied metrics
 * keep the CLI's ASCII "-". */
static void
test_screen_minus (void)
{
  SsMetricsPanel *panel = ss_window_get_metrics_panel (window);
  SsEventList    *list = ss_window_get_event_list (window);
  SsDataset      *ds;
  const ss_model *m;
  ss_trace       *tr;
  ss_metrics     *mt;
  g_autoptr(SsDataset) negated = NULL;
  g_autoptr(SsDataset) early = NULL;
  g_autoptr(GPtrArray) runs = g_ptr_array_new ();
  g_autofree char *number = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *ascii = NULL;
  g_autofree char *copied = NULL;
  const char      *names[] = { "Negated", NULL };
  char             num[G_ASCII_DTOSTR_BUF_SIZE];
  ss_event         events[3] = { { 0 } };
  int              k;
  double           energy;

  show_scenario ("one-mass");
  ds = ss_simulation_get_dataset (ss_window_get_simulation (window));
  m = ss_dataset_get_model (ds);

  /* the metrics panel: the run's dissipated energy, negated */
  show_panel ("metrics");
  tr = ss_dataset_to_trace (ds);
  mt = ss_metrics_compute (m, tr);
  k = ss_metrics_find (m, "energy.dissipated");
  g_assert_cmpint (k, >=, 0);
  energy = ss_metrics_value (mt, k);
  g_assert_cmpfloat (energy, >, 1e-3);
  mt->energy_dissipated = -energy;
  negated = ss_dataset_new_from_trace (ss_dataset_get_model_ref (ds), tr);
  ss_trace_free (tr);
  ss_dataset_set_metrics (negated, mt);
  g_ptr_array_add (runs, negated);
  ss_metrics_panel_set_runs (panel, runs, names, NULL, NULL);
  g_assert_cmpfloat (ss_metrics_panel_get_value (panel, (guint)k, 0), ==, -energy);
  number = ss_format_number (energy);
  shown = g_strdup_printf ("−%s J", number);
  ascii = g_strdup_printf ("-%s J", number);
  test_gui_wait_until (shows_text (GTK_WIDGET (panel), shown) || shows_text (GTK_WIDGET (panel), ascii),
                       "the negative metric shown");
  g_assert_true (shows_text (GTK_WIDGET (panel), shown));
  g_assert_false (shows_text (GTK_WIDGET (panel), ascii));
  /* copied for a spreadsheet: the CLI's number, ASCII */
  copied = ss_metrics_panel_dup_text (panel, FALSE);
  ss_number_format (-energy, num, sizeof num);
  g_assert_cmpint (num[0], ==, '-');
  g_free (shown);
  shown = g_strdup_printf ("\tJ\t%s\n", num);
  g_assert_nonnull (strstr (copied, shown));
  g_assert_null (strstr (copied, "−"));

  /* the event list: events before t = 0 */
  show_panel ("events");
  events[0].t = -1.5;
  events[1].t = -0.25;
  events[2].t = 0.125;
  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    events[i].kind = SS_EVENT_SLIP;
  early = ss_dataset_new (ss_dataset_get_model_ref (ds));
  ss_dataset_append_events (early, G_N_ELEMENTS (events), events);
  ss_event_list_set_dataset (list, early);
  test_gui_wait_until (shows_text (GTK_WIDGET (ss_event_list_get_view (list)), "0.125000"), "the events shown");
  g_assert_true (shows_text (GTK_WIDGET (ss_event_list_get_view (list)), "−1.500000"));
  g_assert_true (shows_text (GTK_WIDGET (ss_event_list_get_view (list)), "−0.250000"));
  g_assert_true (shows_text (GTK_WIDGET (ss_event_list_get_view (list)), "0.125000"));
  g_assert_false (shows_text (GTK_WIDGET (ss_event_list_get_view (list)), "-0.250000"));

  /* the window's run again */
  ss_event_list_set_dataset (list, ds);
  show_scenario ("dupont");
  show_panel (NULL);
}

int
main (int argc, char *argv[])
{
  int rc;

  /* the labels under test are the untranslated ones */
  g_setenv ("LANGUAGE", "C", TRUE);
  /* accessible properties recorded, to be read back */
  g_setenv ("GTK_A11Y", "test", TRUE);
  test_gui_init (&argc, &argv);
  tmpdir = g_dir_make_tmp ("stickslip-panels-XXXXXX", NULL);
  window = ss_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  g_test_add_func ("/panels/events-equal-cli", test_events_equal_cli);
  g_test_add_func ("/panels/event-filter-and-click", test_event_filter_and_click);
  g_test_add_func ("/panels/release-events", test_release_events);
  g_test_add_func ("/panels/metrics", test_metrics);
  g_test_add_func ("/panels/metrics-tooltips-set-once", test_metrics_tooltips_set_once);
  g_test_add_func ("/panels/marker-hidden-without-layout", test_marker_hidden_without_layout);
  g_test_add_func ("/panels/hidden-panel-catches-up", test_hidden_panel_catches_up);
  g_test_add_func ("/panels/new-rows-not-laid-out", test_new_rows_not_laid_out);
  g_test_add_func ("/panels/cells-follow-font", test_cells_follow_font);
  g_test_add_func ("/panels/rows-kept-when-count-changes", test_rows_kept_when_count_changes);
  g_test_add_func ("/panels/event-rows-one-widget", test_event_rows_one_widget);
  g_test_add_func ("/panels/preset-markers", test_preset_markers);
  g_test_add_func ("/panels/every-preset", test_every_preset);
  g_test_add_func ("/panels/marker-labels-apart", test_marker_labels_apart);
  g_test_add_func ("/panels/screen-minus", test_screen_minus);
  rc = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (tmpdir);
  return rc;
}
