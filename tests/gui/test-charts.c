/* test-charts.c - the chart layer in the window: characteristic and phase
 * plots against the CLI's columns, the axes (value zoom, log scale, the
 * time axis's labels fixed under the scrolled charts) and what makes the
 * charts readable (contact colours by name, reaction components, level
 * labels beside the plot, padding, labels). */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-chart-private.h" /* the title drawn */
#include "ss-export.h"
#include "test-gui-util.h"
#include "ss-level-layer.h"
#include "ss-line-layer.h"
#include "ss-plot-stack-labels.h"
#include "ss-resources.h"
#include "ss-window-private.h"
#include "ss-xy-layer.h"
#include <stickslip/stickslip.h>

static SsWindow *window;
static char     *tmpdir;

static int
find_field (char **header, const char *name)
{
  for (int i = 0; header[i] != NULL; i++)
    if (strcmp (header[i], name) == 0)
      return i;
  return -1;
}

/* A CSV field: empty is undetermined. */
static double
field_value (const char *field)
{
  return field[0] == '\0' ? NAN : g_ascii_strtod (field, NULL);
}

/* Equal to the CLI's ten significant digits. */
static gboolean
same_value (double gui, double cli)
{
  return fabs (gui - cli) <= 1e-9 * MAX (fabs (cli), 1e-300);
}

static void
run_scenario (const char *name)
{
  SsSimulation *sim = ss_window_get_simulation (window);

  g_assert_true (ss_window_set_scenario (window, name));
  test_gui_wait_idle (sim);
  ss_simulation_set_time (sim, ss_window_get_scenario (window)->t_end);
  test_gui_wait_idle (sim);
}

/* The chart whose title starts with @prefix. */
static SsChart *
find_chart (const char *prefix)
{
  SsPlotStack *stack = ss_window_get_plot_stack (window);

  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChart *chart = ss_plot_stack_get_chart (stack, i);

      if (ss_chart_get_title (chart) != NULL && g_str_has_prefix (ss_chart_get_title (chart), prefix))
        return chart;
    }
  return NULL;
}

/* The visible line layer drawing column @column in @chart. */
static SsChartLayer *
find_line (SsChart *chart, const char *column)
{
  GPtrArray *layers = ss_chart_get_layers (chart);

  for (guint i = 0; i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);

      if (SS_IS_LINE_LAYER (layer) && ss_chart_layer_get_in_legend (layer) &&
          g_str_equal (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer))), column))
        return layer;
    }
  return NULL;
}

/* The current run's curve of a characteristic plot (the last layer). */
static SsXyLayer *
live_xy_layer (SsChart *chart)
{
  GPtrArray *layers = ss_chart_get_layers (chart);

  return SS_XY_LAYER (g_ptr_array_index (layers, layers->len - 1));
}

/* The points @layer draws equal the CLI's (x, y) columns row by row,
 * undetermined rows left out. */
static void
assert_points_equal_cli (SsXyLayer *layer, GPtrArray *csv, const char *x_column, const char *y_column)
{
  char **header = g_ptr_array_index (csv, 0);
  int    fx = find_field (header, x_column), fy = find_field (header, y_column), ft = find_field (header, "t");
  g_autoptr(GArray) points = ss_xy_layer_get_points (layer, -INFINITY, INFINITY);
  guint n = 0;

  g_assert_cmpint (fx, >, 0);
  g_assert_cmpint (fy, >, 0);
  for (guint r = 1; r < csv->len; r++)
    {
      char    **row = g_ptr_array_index (csv, r);
      double    x = field_value (row[fx]), y = field_value (row[fy]);
      SsXyPoint p;

      if (isnan (x) || isnan (y))
        continue;
      g_assert_cmpuint (n, <, points->len);
      p = g_array_index (points, SsXyPoint, n);
      if (!same_value (p.x, x) || !same_value (p.y, y) || !same_value (p.t, field_value (row[ft])))
        g_error ("point %u: GUI (%.12g, %.12g) at %.12g, CLI (%s, %s) at %s", n, p.x, p.y, p.t, row[fx], row[fy],
                 row[ft]);
      n++;
    }
  g_assert_cmpuint (n, ==, points->len);
  g_assert_cmpuint (n, >, 100);
}

/* Pixels within @radius of (cx, cy) in @color (ARGB32, opaque paper). */
static int
count_color_near (cairo_surface_t *img, double cx, double cy, int radius, const GdkRGBA *color)
{
  const guchar *px = cairo_image_surface_get_data (img);
  int           stride = cairo_image_surface_get_stride (img), n = 0;

  for (int y = (int)cy - radius; y <= (int)cy + radius; y++)
    for (int x = (int)cx - radius; x <= (int)cx + radius; x++)
      {
        const guchar *p = px + y * stride + 4 * x;

        if (x < 0 || y < 0 || x >= cairo_image_surface_get_width (img) || y >= cairo_image_surface_get_height (img))
          continue;
        if (abs (p[2] - (int)(color->red * 255)) < 40 && abs (p[1] - (int)(color->green * 255)) < 40 &&
            abs (p[0] - (int)(color->blue * 255)) < 40)
          n++;
      }
  return n;
}

static cairo_surface_t *
draw_chart (SsChart *chart, int width, int height)
{
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t         *cr = cairo_create (img);
  SsChartStyle     style;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  ss_chart_style_init_for_export (&style);
  ss_chart_draw (chart, cr, width, height, &style);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  return img;
}

static void
save_shot (cairo_surface_t *img, const char *name)
{
  if (g_getenv ("SS_TEST_SHOT_DIR") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), name, NULL);

      cairo_surface_write_to_png (img, path);
    }
}

/* one-mass, exact law: friction against slip velocity.  The curve's
 * points (drawn and picked) are the CLI's two columns, with the vertical
 * stick segment at v = 0; the playhead's row gets a dot; a pinned run is a
 * second curve with its legend entry; exports draw it. */
static void
test_phase_plot (void)
{
  SsPlotStack  *stack = ss_window_get_plot_stack (window);
  SsSimulation *sim = ss_window_get_simulation (window);
  const char   *args[] = { "run", "one-mass", "--csv", "-", NULL };
  const char   *args_k[] = { "run", "one-mass", "--set", "k=400", "--csv", "-", NULL };
  g_autoptr(GPtrArray) csv = cli_csv_rows (args);
  g_autoptr(GPtrArray) csv_k = NULL;
  guint          n_time_charts, stuck_points = 0;
  double         stuck_min = INFINITY, stuck_max = -INFINITY;
  SsChart       *chart;
  SsXyLayer     *layer;
  SsChartContext ctx;

  run_scenario ("one-mass");
  n_time_charts = ss_plot_stack_get_n_charts (stack);
  chart = ss_plot_stack_add_xy_chart (stack, "base.v", "base.F");
  g_assert_nonnull (chart);
  g_assert_true (ss_chart_is_xy (chart));
  g_assert_cmpuint (ss_plot_stack_get_n_charts (stack), ==, n_time_charts + 1);
  g_assert_true (ss_plot_stack_add_xy_chart (stack, "base.v", "base.F") == chart);
  g_assert_null (ss_plot_stack_add_xy_chart (stack, "base.v", "no.such.column"));
  ss_plot_stack_remove_xy_chart (stack, "base.v", "no.such.column");
  g_assert_cmpstr (ss_chart_get_title (chart), ==, "base: friction force F (N)");
  g_assert_cmpstr (ss_axis_get_title (ss_chart_get_x_axis (chart)), ==, "base: slip velocity v (m/s)");

  layer = live_xy_layer (chart);
  assert_points_equal_cli (layer, csv, "base.v", "base.F");
  {
    g_autoptr(GArray) points = ss_xy_layer_get_points (layer, -INFINITY, INFINITY);

    /* the exact law's stick segment: F varies at v = 0 */
    for (guint i = 0; i < points->len; i++)
      if (g_array_index (points, SsXyPoint, i).x == 0)
        {
          stuck_points++;
          stuck_min = MIN (stuck_min, g_array_index (points, SsXyPoint, i).y);
          stuck_max = MAX (stuck_max, g_array_index (points, SsXyPoint, i).y);
        }
    g_assert_cmpuint (stuck_points, >, 10);
    g_assert_cmpfloat (stuck_max - stuck_min, >, 0.5);

    /* picking a drawn point gives back its row */
    ss_chart_get_layout (chart, 600, 400, &ctx);
    for (guint i = 0; i < points->len; i += 37)
      {
        SsXyPoint     p = g_array_index (points, SsXyPoint, i);
        double        x = ss_axis_map_to_pixel (&ctx.xmap, p.x), y = ss_axis_map_to_pixel (&ctx.ymap, p.y);
        SsChartLayer *picked = NULL;
        double        t = ss_chart_pick (chart, &ctx, x, y, &picked);
        SsXyPoint     q = { 0 };

        g_assert_true (picked == SS_CHART_LAYER (layer));
        g_assert_false (isnan (t));
        /* the earliest point on that spot: p itself, or one drawn on it */
        for (guint k = 0; k <= i; k++)
          if (g_array_index (points, SsXyPoint, k).t == t)
            q = g_array_index (points, SsXyPoint, k);
        g_assert_cmpfloat (fabs (ss_axis_map_to_pixel (&ctx.xmap, q.x) - x), <, 1e-6);
        g_assert_cmpfloat (fabs (ss_axis_map_to_pixel (&ctx.ymap, q.y) - y), <, 1e-6);
      }

    /* the playhead's row gets a dot: a filled disc, not just the line */
    {
      SsXyPoint        p = g_array_index (points, SsXyPoint, points->len / 3);
      cairo_surface_t *before, *after;
      int              n_before, n_after;

      ss_time_axis_set_playhead (ss_plot_stack_get_time_axis (stack), NAN);
      before = draw_chart (chart, 600, 400);
      ss_time_axis_set_playhead (ss_plot_stack_get_time_axis (stack), p.t);
      after = draw_chart (chart, 600, 400);
      save_shot (after, "phase-plot.png");
      n_before = count_color_near (before, ss_axis_map_to_pixel (&ctx.xmap, p.x), ss_axis_map_to_pixel (&ctx.ymap, p.y),
                                   3, ss_chart_layer_get_color (SS_CHART_LAYER (layer)));
      n_after = count_color_near (after, ss_axis_map_to_pixel (&ctx.xmap, p.x), ss_axis_map_to_pixel (&ctx.ymap, p.y),
                                  3, ss_chart_layer_get_color (SS_CHART_LAYER (layer)));
      g_test_message ("pixels of the curve's colour round the playhead's point: %d without, %d with the dot", n_before,
                      n_after);
      g_assert_cmpint (n_after, >=, 25);
      g_assert_cmpint (n_after, >, n_before + 8);
      ss_time_axis_set_playhead (ss_plot_stack_get_time_axis (stack), NAN);
      cairo_surface_destroy (before);
      cairo_surface_destroy (after);
    }
  }

  /* a second run: the pinned one stays as a curve of its own, named */
  ss_window_pin_run (window);
  test_gui_wait_idle (sim);
  g_assert_true (ss_param_panel_request (ss_window_get_param_panel (window), "k", 400));
  test_gui_wait_idle (sim);
  csv_k = cli_csv_rows (args_k);
  /* rebuilt with a layer for the pinned run */
  chart = find_chart ("base: friction force F");
  g_assert_nonnull (chart);
  assert_points_equal_cli (live_xy_layer (chart), csv_k, "base.v", "base.F");
  {
    GPtrArray *layers = ss_chart_get_layers (chart);
    guint      named = 0;

    for (guint i = 0; i < layers->len; i++)
      {
        SsChartLayer *l = g_ptr_array_index (layers, i);
        const char   *title = ss_chart_layer_get_title (l);

        if (!ss_chart_layer_get_visible (l) || !ss_chart_layer_get_in_legend (l) || title == NULL)
          continue;
        if (g_str_equal (title, "current run"))
          named |= 1;
        else if (g_str_equal (title, "Spring stiffness k = 100 N/m"))
          {
            named |= 2;
            assert_points_equal_cli (SS_XY_LAYER (l), csv, "base.v", "base.F");
          }
      }
    g_assert_cmpuint (named, ==, 3);
  }

  /* the export draws the characteristic too (one drawing path) */
  {
    g_autofree char *png = g_build_filename (tmpdir, "phase.png", NULL);
    g_autofree char *svg = g_build_filename (tmpdir, "phase.svg", NULL);
    g_autofree char *pdf = g_build_filename (tmpdir, "phase.pdf", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_true (ss_export_plot (stack, png, SS_EXPORT_PNG, 1400, 2400, "one-mass", NULL, &error));
    g_assert_no_error (error);
    g_assert_true (ss_export_plot (stack, svg, SS_EXPORT_SVG, 800, 1300, "one-mass", NULL, &error));
    g_assert_true (ss_export_plot (stack, pdf, SS_EXPORT_PDF, 800, 1300, "one-mass", NULL, &error));
    g_assert_no_error (error);
    if (g_getenv ("SS_TEST_SHOT_DIR") != NULL)
      {
        const char *names[] = { "phase.png", "phase.svg", "phase.pdf" };
        const char *paths[] = { png, svg, pdf };

        for (guint i = 0; i < G_N_ELEMENTS (names); i++)
          {
            g_autofree char *contents = NULL;
            g_autofree char *to = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), names[i], NULL);
            gsize            len;

            g_assert_true (g_file_get_contents (paths[i], &contents, &len, NULL));
            g_assert_true (g_file_set_contents (to, contents, len, NULL));
          }
      }
  }

  ss_window_clear_runs (window);
  g_assert_true (ss_param_panel_request (ss_window_get_param_panel (window), "k", 100));
  test_gui_wait_idle (sim);
  ss_plot_stack_remove_xy_chart (stack, "base.v", "base.F");
  g_assert_cmpuint (ss_plot_stack_get_n_charts (stack), ==, n_time_charts);
  g_assert_null (find_chart ("base: friction force F"));
}

/* The colour of column @column's curve, in whichever chart draws it. */
static gboolean
column_color (const char *column, GdkRGBA *color)
{
  SsPlotStack *stack = ss_window_get_plot_stack (window);

  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChartLayer *layer = find_line (ss_plot_stack_get_chart (stack, i), column);

      if (layer != NULL)
        {
          *color = *ss_chart_layer_get_color (layer);
          return TRUE;
        }
    }
  return FALSE;
}

/* gear-train: level 1 has four bearings, level 3 two; each bearing's
 * curves keep their colour, whatever the level or the law. */
static void
test_contact_colors (void)
{
  SsParamPanel *panel = ss_window_get_param_panel (window);
  SsSimulation *sim = ss_window_get_simulation (window);
  const char   *contacts[] = { "bearing_psi", "bearing_phi" };
  GdkRGBA       at_level1[2], color;

  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  g_assert_true (ss_param_panel_request (panel, "law", 3)); /* lugre */
  g_assert_true (ss_param_panel_request (panel, "level", 0));
  test_gui_wait_idle (sim);
  for (guint c = 0; c < G_N_ELEMENTS (contacts); c++)
    {
      g_autofree char *f = g_strdup_printf ("%s.F", contacts[c]);
      g_autofree char *ratio = g_strdup_printf ("%s.ratio", contacts[c]);

      g_assert_true (column_color (f, &at_level1[c]));
      g_assert_true (column_color (ratio, &color));
      g_assert_true (gdk_rgba_equal (&color, &at_level1[c]));
    }
  g_assert_false (gdk_rgba_equal (&at_level1[0], &at_level1[1]));
  for (int level = 1; level < 4; level++)
    for (int law = 0; law < 4; law += 3)
      {
        g_assert_true (ss_param_panel_request (panel, "level", level));
        g_assert_true (ss_param_panel_request (panel, "law", law));
        test_gui_wait_idle (sim);
        for (guint c = 0; c < G_N_ELEMENTS (contacts); c++)
          {
            g_autofree char *f = g_strdup_printf ("%s.F", contacts[c]);

            g_assert_true (column_color (f, &color));
            if (!gdk_rgba_equal (&color, &at_level1[c]))
              g_error ("%s at level %d, law %d: %s, at level 1: %s", contacts[c], level + 1, law,
                       gdk_rgba_to_string (&color), gdk_rgba_to_string (&at_level1[c]));
          }
      }
  g_assert_true (ss_param_panel_request (panel, "level", 0));
  g_assert_true (ss_param_panel_request (panel, "law", 0));
  test_gui_wait_idle (sim);
}

/* Pixels of a layer's legend swatch along its middle row that are drawn:
 * a dashed swatch leaves gaps. */
static int
swatch_ink (SsChartLayer *layer)
{
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 12);
  cairo_t         *cr = cairo_create (img);
  const guchar    *px;
  int              n = 0;

  ss_chart_layer_draw_swatch (layer, cr, 0, 0, 40, 12);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  px = cairo_image_surface_get_data (img);
  for (int x = 0; x < 40; x++)
    n += px[6 * cairo_image_surface_get_stride (img) + 4 * x + 3] > 128;
  cairo_surface_destroy (img);
  return n;
}

/* slider-crank: the x and y components of one joint's reaction share the
 * joint's colour, the first solid, the second dashed. */
static void
test_reaction_components (void)
{
  const char *pairs[][2] = { { "O.Rx", "O.Ry" }, { "A.Rx", "A.Ry" }, { "B.Rx", "B.Ry" } };
  SsChart    *chart;

  g_assert_true (ss_window_set_scenario (window, "slider-crank"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  chart = find_chart ("Joint reactions");
  g_assert_nonnull (chart);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      SsChartLayer *x = find_line (chart, pairs[i][0]), *y = find_line (chart, pairs[i][1]);
      int           ink_x, ink_y;

      g_assert_nonnull (x);
      g_assert_nonnull (y);
      g_assert_true (gdk_rgba_equal (ss_chart_layer_get_color (x), ss_chart_layer_get_color (y)));
      ink_x = swatch_ink (x);
      ink_y = swatch_ink (y);
      g_test_message ("%s swatch %d px, %s %d px of 40", pairs[i][0], ink_x, pairs[i][1], ink_y);
      g_assert_cmpint (ink_x, ==, 40);
      g_assert_cmpint (ink_y, <, 32);
    }
}

typedef struct
{
  int x0, y0, x1, y1; /* bounding box of a colour's pixels */
} Box;

/* Whether pixel @p (ARGB32 on white paper) is ink of @color at any
 * coverage: what it takes from white points the colour's way. */
static gboolean
ink_of (const guchar *p, const GdkRGBA *color)
{
  double d[3] = { 255 - p[2], 255 - p[1], 255 - p[0] };
  double c[3] = { 255 * (1 - color->red), 255 * (1 - color->green), 255 * (1 - color->blue) };
  double dd = sqrt (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), cc = sqrt (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);

  return dd > 60 && (d[0] * c[0] + d[1] * c[1] + d[2] * c[2]) / (dd * cc) > 0.97;
}

/* slider-crank's ratio chart has four close levels (mu_s and mu_k of the
 * guide and of the joints): their labels lie right of the plot, where no
 * curve goes, and none overlaps another. */
static void
test_level_labels (void)
{
  const GdkRGBA    colors[] = { { 1, 0, 0, 1 }, { 0, 0.7, 0, 1 }, { 0, 0, 1, 1 }, { 0.8, 0, 0.8, 1 } };
  double           values[4];
  SsChart         *chart;
  GPtrArray       *layers;
  cairo_surface_t *img;
  const guchar    *px;
  int              stride, plot_right = -1;
  Box              boxes[4];
  guint            n = 0;

  g_assert_true (ss_window_set_scenario (window, "slider-crank"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  chart = find_chart ("Friction ratio");
  g_assert_nonnull (chart);
  layers = ss_chart_get_layers (chart);
  /* each level in a colour of its own, the curves in grey */
  for (guint i = 0; i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);
      GdkRGBA       grey = { 0.5, 0.5, 0.5, 1 };

      if (SS_IS_LEVEL_LAYER (layer))
        {
          g_assert_cmpuint (n, <, G_N_ELEMENTS (colors));
          values[n] = ss_level_layer_get_value (SS_LEVEL_LAYER (layer));
          ss_chart_layer_set_color (layer, &colors[n++]);
        }
      else if (SS_IS_LINE_LAYER (layer))
        ss_chart_layer_set_color (layer, &grey);
    }
  g_assert_cmpuint (n, ==, 4);
  img = draw_chart (chart, 700, 110);
  save_shot (img, "level-labels.png");
  px = cairo_image_surface_get_data (img);
  stride = cairo_image_surface_get_stride (img);
  /* the plot's frame: the rightmost dark grey column through the middle row */
  for (int x = 0; x < 700; x++)
    {
      const guchar *p = px + 60 * stride + 4 * x;

      if (p[0] < 200 && abs (p[0] - p[1]) < 8 && abs (p[1] - p[2]) < 8)
        plot_right = x;
    }
  g_assert_cmpint (plot_right, >, 500);
  for (guint k = 0; k < n; k++)
    {
      Box b = { 1000, 1000, -1, -1 };

      /* the label's pixels: the level's colour right of the plot (and of
       * a leader from the line's end to a label moved off it) */
      for (int y = 0; y < 110; y++)
        for (int x = plot_right + 6; x < 700; x++)
          {
            const guchar *p = px + y * stride + 4 * x;

            if (ink_of (p, &colors[k]))
              {
                b.x0 = MIN (b.x0, x);
                b.y0 = MIN (b.y0, y);
                b.x1 = MAX (b.x1, x);
                b.y1 = MAX (b.y1, y);
              }
          }
      g_test_message ("label %u: x %d..%d, y %d..%d (plot ends at x = %d)", k, b.x0, b.x1, b.y0, b.y1, plot_right);
      g_assert_cmpint (b.x1, >, b.x0 + 10); /* a label is there */
      boxes[k] = b;
      for (guint j = 0; j < k; j++)
        g_assert_true (boxes[j].y1 < b.y0 || b.y1 < boxes[j].y0); /* no overlap */
    }
  /* in the order of their levels, top down */
  for (guint k = 0; k < n; k++)
    for (guint j = 0; j < n; j++)
      if (values[j] > values[k])
        g_assert_cmpint (boxes[j].y0, <, boxes[k].y0);
  cairo_surface_destroy (img);
  /* the real colours again */
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (ss_window_get_simulation (window));
}

/* Rows of @img at x whose pixel is red (the curve). */
static void
red_rows (cairo_surface_t *img, int x, int *top, int *bottom)
{
  const guchar *px = cairo_image_surface_get_data (img);
  int           stride = cairo_image_surface_get_stride (img);

  *top = -1;
  *bottom = -1;
  for (int y = 0; y < cairo_image_surface_get_height (img); y++)
    {
      const guchar *p = px + y * stride + 4 * x;

      if (p[2] > 150 && p[1] < 120 && p[0] < 120)
        {
          if (*top < 0)
            *top = y;
          *bottom = y;
        }
    }
}

/* The plot's top and bottom rows at x: the frame (dark grey). */
static void
frame_rows (cairo_surface_t *img, int x, int *top, int *bottom)
{
  const guchar *px = cairo_image_surface_get_data (img);
  int           stride = cairo_image_surface_get_stride (img);

  *top = -1;
  *bottom = -1;
  for (int y = 0; y < cairo_image_surface_get_height (img); y++)
    {
      const guchar *p = px + y * stride + 4 * x;

      if (p[0] < 200 && abs (p[0] - p[1]) < 8 && abs (p[1] - p[2]) < 8)
        {
          if (*top < 0)
            *top = y;
          *bottom = y;
        }
    }
}

/* A constant curve at the top of a short chart's values (a normal force
 * over a friction force that reaches it) keeps clear of the frame. */
static void
test_flat_padding (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  ss_run_opts        opts = { .t_end = 10, .dt_out = 1e-2 };
  ss_trace          *tr = ss_run (m, &opts, NULL);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  g_autoptr(SsDataset) ds = ss_dataset_new (ref);
  g_autoptr(SsTimeAxis) axis = ss_time_axis_new ();
  g_autoptr(SsSeries) normal = ss_series_new ("base.N");
  g_autoptr(SsSeries) zero = ss_series_new ("x_drive");
  g_autoptr(SsChartLayer) top_line = NULL;
  g_autoptr(SsChartLayer) low_line = NULL;
  GtkWidget       *chart = g_object_ref_sink (ss_chart_new (axis));
  const GdkRGBA    red = { 0.9, 0.1, 0.1, 1 }, blue = { 0.1, 0.1, 0.9, 1 };
  cairo_surface_t *img;
  int              curve_top, curve_bottom, frame_top, frame_bottom;
  double           lo, hi;

  g_assert_nonnull (tr);
  ss_dataset_append_rows (ds, tr->n_rows, tr->t, tr->rows);
  ss_time_axis_set_extent (axis, 0, 10);
  ss_series_set_dataset (normal, ds);
  ss_series_set_dataset (zero, ds);
  top_line = ss_line_layer_new (normal, "N");
  ss_chart_layer_set_color (top_line, &red);
  ss_chart_add_layer (SS_CHART (chart), top_line);
  g_assert_true (ss_chart_get_y_range (SS_CHART (chart), &lo, &hi));
  g_assert_cmpfloat (hi - lo, <, 1e-9 * hi); /* constant */
  low_line = ss_line_layer_new (zero, "m");
  ss_chart_layer_set_color (low_line, &blue);
  ss_chart_add_layer (SS_CHART (chart), low_line);
  img = draw_chart (SS_CHART (chart), 600, 80);
  save_shot (img, "flat-padding.png");
  red_rows (img, 300, &curve_top, &curve_bottom);
  frame_rows (img, 300, &frame_top, &frame_bottom);
  g_test_message ("constant curve at rows %d..%d, plot frame %d..%d", curve_top, curve_bottom, frame_top, frame_bottom);
  g_assert_cmpint (curve_top, >=, 0);
  /* the curve's middle at least 6 px under the frame: 4 px of paper */
  g_assert_cmpint (curve_top - frame_top, >=, 5);
  cairo_surface_destroy (img);
  g_object_unref (chart);
  ss_trace_free (tr);
}

/* The time axis's labels stay in view under the charts at any window
 * height, the charts scrolling above them. */
static void
test_ruler (void)
{
  SsWindow        *small = ss_window_new (NULL);
  SsPlotStack     *stack = ss_window_get_plot_stack (small);
  SsChart         *ruler = ss_plot_stack_get_ruler (stack);
  SsSimulation    *sim = ss_window_get_simulation (small);
  test_wait        wait = test_wait_start ("the ruler mapped");
  graphene_rect_t  bounds, stack_bounds;
  cairo_surface_t *img;
  cairo_t         *cr;
  SsChartStyle     style;
  const guchar    *px;
  int              stride, inked_rows = 0, last_inked = -1, width, height;

  gtk_window_set_default_size (GTK_WINDOW (small), 1024, 700);
  gtk_window_present (GTK_WINDOW (small));
  g_assert_true (ss_window_set_scenario (small, "gear-train"));
  test_gui_wait_idle (sim);
  ss_simulation_set_time (sim, 5);
  test_gui_wait_idle (sim);
  while (!gtk_widget_get_mapped (GTK_WIDGET (ruler)) || gtk_widget_get_width (GTK_WIDGET (ruler)) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (small)), <=, 700);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (ruler), GTK_WIDGET (small), &bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (stack), GTK_WIDGET (small), &stack_bounds));
  g_test_message ("window %d x %d; ruler at y %g..%g; plot stack %g..%g", gtk_widget_get_width (GTK_WIDGET (small)),
                  gtk_widget_get_height (GTK_WIDGET (small)), bounds.origin.y, bounds.origin.y + bounds.size.height,
                  stack_bounds.origin.y, stack_bounds.origin.y + stack_bounds.size.height);
  /* at the bottom of the plot area, inside the window */
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (small)));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, >=, stack_bounds.origin.y + stack_bounds.size.height - 8);
  /* the charts do not all fit: they scroll, the ruler does not */
  g_assert_cmpfloat (ss_plot_stack_get_n_charts (stack) * 86.0, >, stack_bounds.size.height);
  /* both text rows, the title too, drawn inside the ruler's height */
  width = gtk_widget_get_width (GTK_WIDGET (ruler));
  height = gtk_widget_get_height (GTK_WIDGET (ruler));
  img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (img);
  ss_chart_style_init_for_widget (&style, GTK_WIDGET (ruler));
  ss_chart_draw (ruler, cr, width, height, &style);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  save_shot (img, "ruler.png");
  px = cairo_image_surface_get_data (img);
  stride = cairo_image_surface_get_stride (img);
  for (int y = 0; y < height; y++)
    {
      gboolean ink = FALSE;

      /* the right end: the last tick label, then the title under it */
      for (int x = width - 80; x < width && !ink; x++)
        ink = px[y * stride + 4 * x + 3] > 128;
      if (ink)
        {
          inked_rows++;
          last_inked = y;
        }
    }
  g_test_message ("ruler %d x %d: %d rows inked at its right end, the last %d", width, height, inked_rows, last_inked);
  g_assert_cmpint (inked_rows, >, 12);
  g_assert_cmpint (last_inked, <, height - 1);
  cairo_surface_destroy (img);
  gtk_window_destroy (GTK_WINDOW (small));
}

/* A chart's value axis: zoom, back to autoscale, and a log scale of the
 * values, or of their magnitudes |value| where they have either sign. */
static void
test_value_axis (void)
{
  SsChart       *velocity;
  SsAxis        *axis;
  SsChartContext ctx;
  SsAxisTicks    ticks;
  double         lo, hi, a, b;

  run_scenario ("one-mass");
  velocity = find_chart ("Velocity");
  g_assert_nonnull (velocity);

  axis = ss_chart_get_y_axis (velocity);
  ss_chart_get_layout (velocity, 600, 200, &ctx);
  lo = ctx.ymap.lower;
  hi = ctx.ymap.upper;
  g_assert_false (ss_axis_is_zoomed (axis));
  ss_axis_zoom (axis, 0.5 * (lo + hi), 0.5);
  g_assert_true (ss_axis_is_zoomed (axis));
  ss_chart_get_layout (velocity, 600, 200, &ctx);
  g_assert_cmpfloat_with_epsilon (ctx.ymap.upper - ctx.ymap.lower, 0.5 * (hi - lo), 1e-9 * (hi - lo));
  /* a zoom reaches no further than the data */
  ss_axis_zoom (axis, hi, 10);
  ss_chart_get_layout (velocity, 600, 200, &ctx);
  g_assert_cmpfloat (ctx.ymap.lower, ==, lo);
  g_assert_cmpfloat (ctx.ymap.upper, ==, hi);
  ss_axis_zoom (axis, lo, 0.25);
  ss_axis_reset_zoom (axis);
  ss_chart_get_layout (velocity, 600, 200, &ctx);
  g_assert_cmpfloat (ctx.ymap.lower, ==, lo);
  g_assert_cmpfloat (ctx.ymap.upper, ==, hi);

  /* the velocity is 0 while stuck: a log scale of its values, the zeros
   * left out */
  g_assert_true (ss_chart_get_y_range (velocity, &a, &b) && a <= 0);
  g_assert_true (ss_chart_can_log_scale (velocity));
  ss_chart_set_log_scale (velocity, TRUE);
  ss_chart_get_layout (velocity, 600, 200, &ctx);
  g_assert_cmpint (ctx.ymap.scale, ==, SS_AXIS_SCALE_LOG);
  g_assert_cmpfloat (ctx.ymap.lower, >, 0);
  g_assert_cmpfloat (ctx.ymap.upper, >=, MAX (-a, b));
  g_assert_cmpfloat (ctx.ymap.upper, <, 2 * MAX (-a, b));
  {
    /* never negative: the title as it is */
    g_autofree char *title = _ss_chart_shown_title (velocity);

    g_assert_cmpstr (title, ==, ss_chart_get_title (velocity));
  }
  ss_chart_set_log_scale (velocity, FALSE);
  ss_chart_get_layout (velocity, 600, 200, &ctx);
  g_assert_cmpint (ctx.ymap.scale, ==, SS_AXIS_SCALE_LINEAR);

  /* values from 1 to 1000: a log scale shows them */
  {
    const ss_scenario *sc = ss_scenario_find ("one-mass");
    ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
    g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
    g_autoptr(SsDataset) ds = ss_dataset_new (ref);
    g_autoptr(SsTimeAxis) time = ss_time_axis_new ();
    g_autoptr(SsSeries) series = ss_series_new ("base.N");
    g_autoptr(SsChartLayer) line = NULL;
    GtkWidget         *chart = g_object_ref_sink (ss_chart_new (time));
    int                n_cols = ss_model_n_columns (m), col = ss_model_column_find (m, "base.N");
    g_autofree double *rows = g_new0 (double, 301 * n_cols);
    double             t[301];

    for (int i = 0; i <= 300; i++)
      {
        t[i] = i * 0.01;
        rows[i * n_cols + col] = pow (10.0, i / 100.0);
      }
    ss_dataset_append_rows (ds, 301, t, rows);
    ss_time_axis_set_extent (time, 0, 3);
    ss_series_set_dataset (series, ds);
    line = ss_line_layer_new (series, "N");
    ss_chart_add_layer (SS_CHART (chart), line);
    g_assert_true (ss_chart_can_log_scale (SS_CHART (chart)));
    ss_chart_set_log_scale (SS_CHART (chart), TRUE);
    ss_chart_set_title (SS_CHART (chart), "Normal force (N)");
    {
      /* positive values: the title as it is */
      g_autofree char *title = _ss_chart_shown_title (SS_CHART (chart));

      g_assert_cmpstr (title, ==, "Normal force (N)");
    }
    ss_chart_get_layout (SS_CHART (chart), 600, 300, &ctx);
    g_assert_cmpint (ctx.ymap.scale, ==, SS_AXIS_SCALE_LOG);
    g_assert_cmpfloat (ctx.ymap.lower, <, 1);
    g_assert_cmpfloat (ctx.ymap.lower, >, 0);
    g_assert_cmpfloat (ctx.ymap.upper, >, 1000);
    /* equal ratios, equal distances */
    g_assert_cmpfloat_with_epsilon (ss_axis_map_to_pixel (&ctx.ymap, 1) - ss_axis_map_to_pixel (&ctx.ymap, 10),
                                    ss_axis_map_to_pixel (&ctx.ymap, 10) - ss_axis_map_to_pixel (&ctx.ymap, 100), 1e-9);
    ss_axis_map_ticks (&ctx.ymap, SS_AXIS_VERTICAL, 12, &ticks);
    g_assert_cmpuint (ticks.n, >=, 4);
    for (guint i = 0; i < ticks.n; i++)
      {
        double mantissa = ticks.values[i] / pow (10.0, floor (log10 (ticks.values[i]) + 1e-9));

        g_assert_true (fabs (mantissa - 1) < 1e-9 || fabs (mantissa - 2) < 1e-9 || fabs (mantissa - 5) < 1e-9);
      }
    {
      cairo_surface_t *img = draw_chart (SS_CHART (chart), 600, 300);

      save_shot (img, "log-scale.png");
      cairo_surface_destroy (img);
    }
    g_object_unref (chart);
  }

  /* values of either sign, from -5000 to 2 and zeros: a log scale of
   * their magnitudes, 2 .. 5000 (the zeros left out), still offered */
  {
    const ss_scenario *sc = ss_scenario_find ("one-mass");
    ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
    g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
    g_autoptr(SsDataset) ds = ss_dataset_new (ref);
    g_autoptr(SsTimeAxis) time = ss_time_axis_new ();
    g_autoptr(SsSeries) series = ss_series_new ("base.N");
    g_autoptr(SsChartLayer) line = NULL;
    GtkWidget         *chart = g_object_ref_sink (ss_chart_new (time));
    int                n_cols = ss_model_n_columns (m), col = ss_model_column_find (m, "base.N");
    g_autofree double *rows = g_new0 (double, 301 * n_cols);
    double             t[301];

    for (int i = 0; i <= 300; i++)
      {
        t[i] = i * 0.01;
        /* -2 .. -5000, then 0, then 2 */
        rows[i * n_cols + col] = i < 200 ? -2 * pow (2500.0, i / 199.0) : (i < 250 ? 0 : 2);
      }
    ss_dataset_append_rows (ds, 301, t, rows);
    ss_time_axis_set_extent (time, 0, 3);
    ss_series_set_dataset (series, ds);
    line = ss_line_layer_new (series, "N");
    ss_chart_add_layer (SS_CHART (chart), line);
    ss_chart_get_layout (SS_CHART (chart), 600, 300, &ctx);
    g_assert_cmpfloat (ctx.ymap.lower, <, -5000);
    g_assert_true (ss_chart_can_log_scale (SS_CHART (chart)));
    ss_chart_set_log_scale (SS_CHART (chart), TRUE);
    ss_chart_get_layout (SS_CHART (chart), 600, 300, &ctx);
    g_assert_cmpint (ctx.ymap.scale, ==, SS_AXIS_SCALE_LOG);
    g_assert_cmpfloat (ctx.ymap.lower, <, 2);
    g_assert_cmpfloat (ctx.ymap.lower, >, 1);
    g_assert_cmpfloat (ctx.ymap.upper, >, 5000);
    g_assert_cmpfloat (ctx.ymap.upper, <, 10000);
    ss_chart_set_title (SS_CHART (chart), "Friction force (N)");
    {
      g_autofree char *title = _ss_chart_shown_title (SS_CHART (chart));

      g_assert_cmpstr (title, ==, "Friction force (N), |value|");
    }
    g_assert_true (ss_line_layer_get_magnitude_range (SS_LINE_LAYER (line), 0, 3, 600, &a, &b));
    g_assert_cmpfloat_with_epsilon (a, 2, 1e-9);
    g_assert_cmpfloat_with_epsilon (b, 5000, 1e-6);
    {
      cairo_surface_t *img = draw_chart (SS_CHART (chart), 600, 300);

      save_shot (img, "log-magnitude.png");
      cairo_surface_destroy (img);
    }
    g_object_unref (chart);
  }

  /* log ticks on their own: decades, 2 and 5 between where there is room */
  {
    SsAxisMap   map;
    SsAxisTicks t;

    ss_axis_map_init (&map, 0.03, 40, SS_AXIS_SCALE_LOG, 200, -200);
    ss_axis_map_ticks (&map, SS_AXIS_VERTICAL, 12, &t);
    g_assert_cmpuint (t.n, ==, 9); /* 0.05 0.1 0.2 0.5 1 2 5 10 20 */
    g_assert_cmpfloat_with_epsilon (t.values[0], 0.05, 1e-12);
    g_assert_cmpfloat_with_epsilon (t.values[t.n - 1], 20, 1e-12);
    ss_axis_map_init (&map, 1e-6, 1e3, SS_AXIS_SCALE_LOG, 100, -100);
    ss_axis_map_ticks (&map, SS_AXIS_VERTICAL, 12, &t);
    for (guint i = 0; i < t.n; i++)
      g_assert_cmpfloat_with_epsilon (log10 (t.values[i]), round (log10 (t.values[i])), 1e-9);
    g_assert_cmpfloat_with_epsilon (ss_axis_map_from_pixel (&map, ss_axis_map_to_pixel (&map, 0.37)), 0.37, 1e-12);
    /* a log axis cannot show 0: far off the plot, never NaN */
    g_assert_cmpfloat (ss_axis_map_to_pixel (&map, 0), >, 1000);
  }
}

/* Where viscous friction adds to |F|, the ratio chart says so: it may pass
 * mu_s there without breaking the friction cone. */
static void
test_viscous_title (void)
{
  const struct
  {
    const char *scenario;
    gboolean    viscous;
  } cases[] = {
    { "gear-train", TRUE },    /* viscous bearings */
    { "two-block", TRUE },     /* c10, c20, c12 */
    { "one-mass", FALSE },     /* c = 0 */
    { "slider-crank", FALSE }, /* dry joints */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SsChart *chart;

      g_assert_true (ss_window_set_scenario (window, cases[i].scenario));
      test_gui_wait_idle (ss_window_get_simulation (window));
      chart = find_chart ("Friction ratio");
      g_assert_nonnull (chart);
      g_test_message ("%s: %s", cases[i].scenario, ss_chart_get_title (chart));
      g_assert_cmpint (strstr (ss_chart_get_title (chart), "viscous") != NULL, ==, cases[i].viscous);
    }
}

/* Legends and readouts name columns for people: the contact, what it is. */
static void
test_column_labels (void)
{
  const struct
  {
    const char *scenario;
    const char *column;
    const char *label;
  } cases[] = {
    { "one-mass", "base.F", "base: friction force F" },
    { "one-mass", "base.ratio", "base: |F|/N" },
    { "one-mass", "base.v", "base: slip velocity v" },
    { "gear-train", "bearing_psi.ratio", "ψ bearing: |F|/N" },
    { "gear-train", "bearing_phi.F", "ϕ bearing: friction moment" },
    { "gear-train", "psi_dot", "angular velocity ψ\u0307" },
    { "gear-train", "shaft_psi_delta.M", "shaft ψ–δ moment" },
    { "gear-train", "M_psi", "drive moment Mψ" },
    { "two-block", "sum.20-12", "friction sum 2–0 − 1–2" },
    { "two-block", "sum.10+12", "friction sum 1–0 + 1–2" },
    { "two-block", "10.N", "contact 1–0: normal force N" },
    { "slider-crank", "O.Rx", "joint O: reaction Rx" },
    { "slider-crank", "guide.Rm", "guide: reaction moment Rm" },
    { "slider-crank", "theta1", "crank angle θ1" },
    { "two-slider", "split.alpha", "load split α" },
    { "one-mass", "x_drive", "driver position" },
    { "one-mass", "energy.dissipated", "energy dissipated" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ss_model        *m = ss_model_new_from_assignments (ss_scenario_find (cases[i].scenario), NULL, 0, NULL);
      g_autofree char *label = ss_plot_stack_column_label (m, ss_model_column_find (m, cases[i].column));

      g_assert_cmpstr (label, ==, cases[i].label);
      ss_model_free (m);
    }

  /* the legend uses them (the chart's title gives the unit) */
  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  g_assert_cmpstr (ss_chart_layer_get_title (find_line (find_chart ("Friction ratio"), "bearing_psi.ratio")), ==,
                   "ψ bearing: |F|/N");
  g_assert_cmpstr (ss_chart_layer_get_title (find_line (find_chart ("Velocity"), "psi_dot")), ==,
                   "angular velocity ψ\u0307");
}

/* A one-mass dataset whose normal force is @scale * i at row i (301
 * rows, 0 .. 3 s), complete. */
static SsDataset *
ramp_dataset (SsModelRef *ref, double scale)
{
  const ss_model    *m = ss_model_ref_get_model (ref);
  SsDataset         *ds = ss_dataset_new (ref);
  int                n_cols = ss_model_n_columns (m), col = ss_model_column_find (m, "base.N");
  g_autofree double *rows = g_new0 (double, 301 * n_cols);
  double             t[301];

  for (int i = 0; i <= 300; i++)
    {
      t[i] = i * 0.01;
      rows[i * n_cols + col] = scale * i;
    }
  ss_dataset_append_rows (ds, 301, t, rows);
  ss_dataset_set_complete (ds);
  return ds;
}

/* A frozen series shares its bins with the series it was made of (a
 * chart's job freezes every layer of every run on each run, the pinned
 * runs' unchanged), and keeps them when that series goes on to another
 * run: the series makes its new bins elsewhere. */
static void
test_frozen_bins_shared (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autoptr(SsModelRef) ref = ss_model_ref_new (ss_model_new_from_assignments (sc, NULL, 0, NULL));
  g_autoptr(SsDataset) first = ramp_dataset (ref, 1.0);
  g_autoptr(SsDataset) second = ramp_dataset (ref, -2.0);
  g_autoptr(SsSeries) series = ss_series_new ("base.N");
  g_autoptr(SsSeries) frozen = NULL;
  g_autoptr(SsSeries) again = NULL;
  const SsSeriesBin *live, *kept, *next;
  double             lo, hi;

  ss_series_set_dataset (series, first);
  live = ss_series_get_bins (series, 0, 3, 100);
  g_assert_nonnull (live);
  frozen = ss_series_freeze (series, 0, 3, 100);
  kept = ss_series_get_bins (frozen, 0, 3, 100);
  g_assert_true (kept == live);
  /* frozen twice: still the same bins */
  again = ss_series_freeze (series, 0, 3, 100);
  g_assert_true (ss_series_get_bins (again, 0, 3, 100) == live);

  ss_series_set_dataset (series, second);
  next = ss_series_get_bins (series, 0, 3, 100);
  g_assert_nonnull (next);
  g_assert_true (next != kept);
  g_assert_true (ss_series_get_range (series, 0, 3, 100, &lo, &hi));
  g_assert_cmpfloat (lo, ==, -600.0);
  g_assert_cmpfloat (hi, ==, 0.0);
  /* the frozen copies draw the first run still */
  g_assert_true (ss_series_get_range (frozen, 0, 3, 100, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat (hi, ==, 300.0);
  g_assert_true (ss_series_get_bins (again, 0, 3, 100) == kept);
  g_assert_cmpfloat (kept[50].max, >, 0.0);
}

/* The distinct alpha values of an A8 surface's pixels. */
static guint
count_alpha_levels (cairo_surface_t *surface)
{
  gboolean      seen[256] = { FALSE };
  guint         n = 0;
  const guchar *data = cairo_image_surface_get_data (surface);
  int           stride = cairo_image_surface_get_stride (surface);

  cairo_surface_flush (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      if (!seen[data[y * stride + x]])
        {
          seen[data[y * stride + x]] = TRUE;
          n++;
        }
  return n;
}

/* The largest difference of two A8 surfaces' pixels. */
static int
max_alpha_difference (cairo_surface_t *a, cairo_surface_t *b)
{
  const guchar *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int           stride = cairo_image_surface_get_stride (a), most = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  for (int y = 0; y < cairo_image_surface_get_height (a); y++)
    for (int x = 0; x < cairo_image_surface_get_width (a); x++)
      most = MAX (most, abs (da[y * stride + x] - db[y * stride + x]));
  return most;
}

/* A pinned run drawn into @ctx's plot on a new A8 image (a render
 * thread's target), or on a recording replayed into one (the screen's
 * own drawing: always stroked). */
static cairo_surface_t *
draw_pinned_image (SsChartLayer *layer, const SsChartContext *ctx, gboolean recorded)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 320, 140);
  cairo_surface_t *target = recorded ? cairo_recording_surface_create (CAIRO_CONTENT_ALPHA, NULL) : surface;
  cairo_t         *cr = cairo_create (target);

  cairo_translate (cr, 10, 10);
  ss_chart_layer_draw (layer, cr, ctx);
  cairo_destroy (cr);
  if (recorded)
    {
      cr = cairo_create (surface);
      cairo_set_source_surface (cr, target, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (target);
    }
  return surface;
}

/* A one-mass dataset of @n_rows rows @dt s apart whose normal force is
 * @scale * @wave (t), complete. */
static SsDataset *
wave_dataset (SsModelRef *ref, int n_rows, double dt, double scale, double (*wave) (double t))
{
  const ss_model    *m = ss_model_ref_get_model (ref);
  SsDataset         *ds = ss_dataset_new (ref);
  int                n_cols = ss_model_n_columns (m), col = ss_model_column_find (m, "base.N");
  g_autofree double *rows = g_new0 (double, n_rows *n_cols);
  g_autofree double *t = g_new0 (double, n_rows);

  for (int i = 0; i < n_rows; i++)
    {
      t[i] = i * dt;
      rows[i * n_cols + col] = wave (t[i]) * scale;
    }
  ss_dataset_append_rows (ds, n_rows, t, rows);
  ss_dataset_set_complete (ds);
  return ds;
}

/* A slow sine: shallow and steep stretches. */
static double
slow_wave (double t)
{
  return sin (t * 1.3) + 0.2 * sin (t * 7.0);
}

/* A fast one: dense at 300 px over 10 s. */
static double
fast_wave (double t)
{
  return sin (t * 40.0) + 0.3 * sin (t * 3.0);
}

/* A 300 x 120 plot of 0 .. 10 s against -1.5 .. 1.5, for the screen. */
static void
plot_context (SsChartContext *ctx)
{
  *ctx = (SsChartContext){ 0 };
  ctx->width = 300;
  ctx->height = 120;
  ctx->t1 = 10;
  ctx->time_x = TRUE;
  ctx->cursor = NAN;
  ctx->playhead = NAN;
  ctx->line_scale = 1.0;
  ctx->x_from = -INFINITY;
  ss_axis_map_init (&ctx->xmap, 0, 10, SS_AXIS_SCALE_LINEAR, 0, 300);
  ss_axis_map_init (&ctx->ymap, -1.5, 1.5, SS_AXIS_SCALE_LINEAR, 120, -120);
}

/* A pinned run's curve on screen is rasterised at 4 x 4 samples per
 * pixel (cairo's fast antialiasing: at most 17 coverage levels), which
 * costs a quarter of the full antialiasing its dashed, whole-stroked
 * path needed; an export keeps the full quality, and so does the current
 * run on screen.  The same in a phase plot. */
static void
test_pinned_run_quality (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autoptr(SsModelRef) ref = ss_model_ref_new (ss_model_new_from_assignments (sc, NULL, 0, NULL));
  /* fewer samples than pixel columns: the current run is stroked too */
  g_autoptr(SsDataset) ds = wave_dataset (ref, 201, 0.05, 1.0, slow_wave);
  g_autoptr(SsSeries) series = ss_series_new ("base.N");
  g_autoptr(SsChartLayer) layer = NULL;
  g_autoptr(SsChartLayer) xy = NULL;
  SsChartContext ctx;
  guint          levels[3][2], xy_levels[2];

  ss_series_set_dataset (series, ds);
  layer = g_object_ref_sink (ss_line_layer_new (series, "N"));
  plot_context (&ctx);
  for (guint style = 0; style < 3; style++)
    for (guint exported = 0; exported < 2; exported++)
      {
        cairo_surface_t *surface;

        ss_line_layer_set_run_style (SS_LINE_LAYER (layer), style);
        ctx.for_export = exported;
        surface = draw_pinned_image (layer, &ctx, FALSE);
        levels[style][exported] = count_alpha_levels (surface);
        cairo_surface_destroy (surface);
      }
  /* a phase plot's pinned run alike */
  xy = g_object_ref_sink (ss_xy_layer_new (series, series, "N", "N"));
  ss_xy_layer_set_run_style (SS_XY_LAYER (xy), 1);
  ss_axis_map_init (&ctx.xmap, -1.5, 1.5, SS_AXIS_SCALE_LINEAR, 0, 300);
  ctx.time_x = FALSE;
  /* short of the data's end: no marker at the newest row over the curve */
  ctx.t1 = 9.9;
  for (guint exported = 0; exported < 2; exported++)
    {
      cairo_surface_t *surface;

      ctx.for_export = exported;
      surface = draw_pinned_image (xy, &ctx, FALSE);
      xy_levels[exported] = count_alpha_levels (surface);
      cairo_surface_destroy (surface);
    }
  g_assert_cmpuint (xy_levels[0], >, 2);
  g_assert_cmpuint (xy_levels[0], <=, 17);
  g_assert_cmpuint (xy_levels[1], >, 17);

  for (guint style = 1; style < 3; style++)
    {
      g_assert_cmpuint (levels[style][0], >, 2);
      g_assert_cmpuint (levels[style][0], <=, 17);
      g_assert_cmpuint (levels[style][1], >, 17);
    }
  g_assert_cmpuint (levels[0][0], >, 17);
  g_assert_cmpuint (levels[0][1], >, 17);
}

/* A pinned run's curve is the same from one run to the next: a render
 * thread strokes it once and composites its coverage after that, while
 * the plot, its axes and the run stay; what it shows is what stroking it
 * shows.  Any change of the axes, the size or the run strokes it again. */
static void
test_pinned_run_kept (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autoptr(SsModelRef) ref = ss_model_ref_new (ss_model_new_from_assignments (sc, NULL, 0, NULL));
  /* dense: several samples per pixel column */
  g_autoptr(SsDataset) ds = wave_dataset (ref, 4001, 0.0025, 1.0, fast_wave);
  g_autoptr(SsDataset) other = wave_dataset (ref, 4001, 0.0025, 0.5, fast_wave);
  g_autoptr(SsSeries) series = ss_series_new ("base.N");
  g_autoptr(SsChartLayer) layer = NULL;
  g_autoptr(SsChartLayer) frozen = NULL;
  SsChartContext   ctx;
  cairo_surface_t *first, *again, *stroked;

  ss_series_set_dataset (series, ds);
  layer = g_object_ref_sink (ss_line_layer_new (series, "N"));
  ss_line_layer_set_run_style (SS_LINE_LAYER (layer), 2);
  plot_context (&ctx);

  first = draw_pinned_image (layer, &ctx, FALSE);
  g_assert_cmpuint (ss_line_layer_get_pin_strokes (SS_LINE_LAYER (layer)), ==, 1);
  /* a render thread's frozen copy shares what the layer kept */
  frozen = ss_chart_layer_freeze (layer, 0, 10, 300);
  again = draw_pinned_image (frozen, &ctx, FALSE);
  g_assert_cmpuint (ss_line_layer_get_pin_strokes (SS_LINE_LAYER (layer)), ==, 1);
  g_assert_cmpint (max_alpha_difference (first, again), ==, 0);
  /* stroked on the screen's recording: no coverage kept, the same pixels
   * but for rounding */
  stroked = draw_pinned_image (layer, &ctx, TRUE);
  g_assert_cmpuint (ss_line_layer_get_pin_strokes (SS_LINE_LAYER (layer)), ==, 1);
  g_assert_cmpint (max_alpha_difference (first, stroked), <=, 1);
  g_assert_cmpuint (count_alpha_levels (first), >, 2);
  cairo_surface_destroy (again);
  cairo_surface_destroy (stroked);

  /* the value axis changes: stroked again */
  ss_axis_map_init (&ctx.ymap, -2.0, 1.5, SS_AXIS_SCALE_LINEAR, 120, -120);
  again = draw_pinned_image (layer, &ctx, FALSE);
  g_assert_cmpuint (ss_line_layer_get_pin_strokes (SS_LINE_LAYER (layer)), ==, 2);
  g_assert_cmpint (max_alpha_difference (first, again), >, 0);
  cairo_surface_destroy (again);
  /* another run pinned in its place */
  ss_series_set_dataset (series, other);
  stroked = draw_pinned_image (layer, &ctx, TRUE);
  again = draw_pinned_image (layer, &ctx, FALSE);
  g_assert_cmpuint (ss_line_layer_get_pin_strokes (SS_LINE_LAYER (layer)), ==, 3);
  g_assert_cmpint (max_alpha_difference (again, stroked), <=, 1);
  cairo_surface_destroy (again);
  cairo_surface_destroy (stroked);
  /* an export always strokes it */
  ctx.for_export = TRUE;
  again = draw_pinned_image (layer, &ctx, FALSE);
  g_assert_cmpuint (ss_line_layer_get_pin_strokes (SS_LINE_LAYER (layer)), ==, 3);
  cairo_surface_destroy (again);
  cairo_surface_destroy (first);
}

int
main (int argc, char *argv[])
{
  int rc;

  /* the labels under test are the untranslated ones */
  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init (&argc, &argv);
  tmpdir = g_dir_make_tmp ("stickslip-charts-XXXXXX", NULL);
  window = ss_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  g_test_add_func ("/charts/phase-plot", test_phase_plot);
  g_test_add_func ("/charts/contact-colors", test_contact_colors);
  g_test_add_func ("/charts/reaction-components", test_reaction_components);
  g_test_add_func ("/charts/level-labels", test_level_labels);
  g_test_add_func ("/charts/flat-padding", test_flat_padding);
  g_test_add_func ("/charts/ruler", test_ruler);
  g_test_add_func ("/charts/value-axis", test_value_axis);
  g_test_add_func ("/charts/viscous-title", test_viscous_title);
  g_test_add_func ("/charts/column-labels", test_column_labels);
  g_test_add_func ("/charts/frozen-bins-shared", test_frozen_bins_shared);
  g_test_add_func ("/charts/pinned-run-quality", test_pinned_run_quality);
  g_test_add_func ("/charts/pinned-run-kept", test_pinned_run_kept);
  rc = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (tmpdir);
  return rc;
}
