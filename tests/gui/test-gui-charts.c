/* test-gui-charts.c - the charts in the window: the reference run, the
 * incremental drawing, level labels, the load split band. */
#include "test-gui.h"

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

/* The screen draws a chart as a kept body plus the newest columns; while
 * rows stream in (Play), that must look like drawing it whole, and the body
 * must be redrawn only once the new columns pile up. */
void
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
  test_wait wait = test_wait_start ("the chart laid out");
  size_t    rows = 6000, n_cols = (size_t)ss_model_n_columns (m);
  guint     steps = 0, worst = 0, rescaled = 0, first_renders;
  double    y_min = NAN, y_max = NAN;
  int       width, height;

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
      test_wait_tick (&wait);
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

/* The nodes a chart's snapshot appends (its children when several). */
static GPtrArray *
snapshot_nodes (GtkWidget *chart)
{
  GtkSnapshot   *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GPtrArray     *nodes = g_ptr_array_new_with_free_func ((GDestroyNotify)gsk_render_node_unref);

  GTK_WIDGET_GET_CLASS (chart)->snapshot (chart, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (gsk_render_node_get_node_type (node) == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      g_ptr_array_add (nodes, gsk_render_node_ref (gsk_container_node_get_child (node, i)));
  else
    g_ptr_array_add (nodes, gsk_render_node_ref (node));
  gsk_render_node_unref (node);
  return nodes;
}

/* Once the run is over the chart's body holds all of it: while the playhead
 * moves (Play), every frame reuses the body and only the playhead's line is
 * new, so GTK repaints no more of the chart than the line's two columns.
 * A run still streaming in keeps a tail of new columns, drawn each frame. */
void
test_chart_complete_run (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  ss_run_opts        opts = { 0 };
  ss_trace          *tr = ss_run (m, &opts, NULL);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  g_autoptr(SsDataset) ds = ss_dataset_new (ref);
  g_autoptr(SsTimeAxis) axis = ss_time_axis_new ();
  g_autoptr(SsSeries) series = ss_series_new ("v");
  g_autoptr(SsChartLayer) line = NULL;
  GtkWidget *chart = ss_chart_new (axis);
  GtkWindow *win = GTK_WINDOW (gtk_window_new ());
  test_wait  wait = test_wait_start ("the chart laid out");
  size_t     half, n_cols = (size_t)ss_model_n_columns (m);

  g_assert_nonnull (tr);
  half = tr->n_rows / 2;
  ss_dataset_append_rows (ds, half, tr->t, tr->rows);
  ss_time_axis_set_extent (axis, 0, sc->t_end);
  ss_series_set_dataset (series, ds);
  line = ss_line_layer_new (series, "m/s");
  ss_chart_add_layer (SS_CHART (chart), line);
  ss_chart_set_title (SS_CHART (chart), "Velocity (m/s)");
  gtk_window_set_child (win, chart);
  gtk_window_set_default_size (win, 600, 200);
  gtk_window_present (win);
  while (gtk_widget_get_width (chart) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }

  /* streaming: body, playhead and a tail that is new in every frame */
  {
    g_autoptr(GPtrArray) a = NULL;
    g_autoptr(GPtrArray) b = NULL;

    ss_time_axis_set_playhead (axis, 1.0);
    a = snapshot_nodes (chart);
    ss_time_axis_set_playhead (axis, 1.02);
    b = snapshot_nodes (chart);
    g_assert_cmpuint (b->len, ==, 3);
    g_assert_true (g_ptr_array_index (a, 0) == g_ptr_array_index (b, 0));
    g_assert_cmpint (gsk_render_node_get_node_type (g_ptr_array_index (b, 2)), ==, GSK_CAIRO_NODE);
    g_assert_true (g_ptr_array_index (a, 2) != g_ptr_array_index (b, 2));
  }

  /* the rest arrives and the run is over */
  ss_dataset_append_rows (ds, tr->n_rows - half, tr->t + half, tr->rows + half * n_cols);
  ss_dataset_set_complete (ds);
  {
    g_autoptr(GPtrArray) a = NULL;
    g_autoptr(GPtrArray) b = NULL;
    g_autoptr(GskRenderNode) body = NULL;
    int              width = gtk_widget_get_width (chart), height = gtk_widget_get_height (chart);
    cairo_surface_t *screen, *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
    cairo_t         *cr = cairo_create (whole);
    SsChartStyle     style;

    ss_time_axis_set_playhead (axis, 2.0);
    a = snapshot_nodes (chart);
    for (int frame = 1; frame <= 5; frame++)
      {
        ss_time_axis_set_playhead (axis, 2.0 + 0.02 * frame);
        g_clear_pointer (&b, g_ptr_array_unref);
        b = snapshot_nodes (chart);
        /* the kept body and the playhead's line, nothing else */
        g_assert_cmpuint (b->len, ==, 2);
        g_assert_true (g_ptr_array_index (a, 0) == g_ptr_array_index (b, 0));
        g_assert_cmpint (gsk_render_node_get_node_type (g_ptr_array_index (b, 1)), ==, GSK_COLOR_NODE);
      }
    /* the body shows the whole run: as drawn whole, without the playhead */
    ss_time_axis_set_playhead (axis, NAN);
    body = gsk_render_node_ref (g_ptr_array_index (a, 0));
    screen = render_node (body, width, height);
    ss_chart_style_init_for_widget (&style, chart);
    ss_chart_draw (SS_CHART (chart), cr, width, height, &style);
    cairo_destroy (cr);
    cairo_surface_flush (whole);
    g_assert_cmpuint (count_differing_pixels (screen, whole, 3), ==, 0);
    cairo_surface_destroy (screen);
    cairo_surface_destroy (whole);
  }
  gtk_window_destroy (win);
  ss_trace_free (tr);
}

/* How far below the plot area's top edge a level's label starts, px (< 0:
 * it sticks out over the frame), the chart drawn for export at 600 x 90
 * with the level at `fraction` of the line's value range.  The label lies
 * right of the plot, where no curve goes. */
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
  int              stride, line_row = -1, best = 0, label_top = -1, plot_top = -1, line_end = -1;
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
  /* the plot (opaque paper) ends at its right edge; the label lies beyond
   * it, and there is no blue inside the plot but the line */
  for (int x = 0; x < 600; x++)
    if (px[line_row * stride + 4 * x + 3] == 255)
      line_end = x;
  for (int y = 0; y < 90; y++)
    for (int x = 0; x < 600; x++)
      if (IS_BLUE (x, y) && x > line_end + 2 && label_top < 0)
        label_top = y;
      else if (IS_BLUE (x, y) && x <= line_end)
        g_assert_cmpint (abs (y - line_row), <=, 2);
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

/* A level's label sits above its line: a level at the top of the values
 * (a friction ratio at mu_s while stuck) must not have it cut off. */
void
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
  g_assert_cmpint (top, >=, 0);
  ss_trace_free (tr);
}

/* two-slider, rigid rod: while both guides stick, the load split has an
 * admissible range (a band) and the treatment's alpha lies inside it;
 * while anything slides the range is undetermined, not invented. */
void
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
  ss_simulation_set_time (sim, sc->t_end);
  test_gui_wait_idle (sim);
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
    SsParamPanel    *panel = ss_window_get_param_panel (window);
    const char      *name;
    SsDataset       *ref;
    SsPinnedRun     *run;
    g_autofree char *expected = NULL;

    g_assert_true (ss_param_panel_request (panel, "law", 1));
    test_gui_wait_idle (sim);
    run = ss_window_pin_run (window);
    test_gui_wait_idle (sim);
    ref = ss_plot_stack_get_pinned_run (stack, 0, NULL);
    g_assert_nonnull (ref);
    g_assert_true (ss_pinned_run_get_dataset (run) == ref);
    g_assert_true (ss_param_panel_request (panel, "gamma_1", 2e-5));
    test_gui_wait_idle (sim);
    g_assert_true (ss_plot_stack_get_pinned_run (stack, 0, &name) == ref);
    g_assert_true (ss_simulation_get_dataset (sim) != ref);
    /* named by what differs from the current run, with the human label */
    expected = g_strdup_printf ("%s = 1e-5 m/s",
                                ss_i18n_model_text (sc->params[ss_scenario_param_index (sc, "gamma_1")].label));
    g_assert_cmpstr (name, ==, expected);
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
    test_gui_wait_idle (sim);
    ss_window_clear_runs (window);
  }

  /* flexible rod: the springs decide the split (k1 = k2: one half while
   * both stick from rest), so there is no admissible range to show */
  {
    SsParamPanel *panel = ss_window_get_param_panel (window);
    guint         halves = 0;

    g_assert_true (ss_param_panel_request (panel, "rod", 1));
    ss_simulation_set_time (sim, sc->t_end);
    test_gui_wait_idle (sim);
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
    test_gui_wait_idle (sim);
  }
}
