/* test-study-gui.c - the parameter study window: a 1-D study's plotted
 * points against the library's table and the CLI's `sweep`; failed
 * variants shown as failed, never at 0; a 2-D study's heat map filling its
 * grid; a click (real X input through xdotool) loading a variant into the
 * main window; cancel keeping the finished rows (shown and exported); the
 * shipped presets, the two-slider γ one stuck at γ1 = γ2 and slipping at
 * γ1 = 2 γ2. */
#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-export.h"
#include "ss-heatmap-layer.h"
#include "ss-pinned-run.h"
#include "ss-readable.h"
#include "ss-resources.h"
#include "ss-memory-budget.h"
#include "ss-study-dialog-private.h"
#include "ss-study-layer.h"
#include "ss-units.h"
#include "ss-window-private.h"
#include "test-gui-util.h"
#include <stickslip/study-presets.h>

static SsWindow      *window;
static SsStudyDialog *dialog;
static char          *tmpdir;

/* Until the study finished and its rows are in the table. */
static void
wait_study (void)
{
  test_wait wait = test_wait_start ("the study to finish");

  while (ss_study_dialog_is_running (dialog) || g_main_context_pending (NULL))
    {
      g_main_context_iteration (NULL, FALSE);
      if (ss_study_dialog_is_running (dialog))
        g_usleep (500);
      test_wait_tick (&wait);
    }
  g_assert_nonnull (ss_study_dialog_get_result (dialog));
}

static void
run_study (const char *scenario, const char *const *sets, const char *const *axes, const char *const *outcomes)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ss_study_dialog_set_definition (dialog, scenario, sets, axes, outcomes, &error));
  g_assert_no_error (error);
  g_assert_true (ss_study_dialog_start (dialog, &error));
  g_assert_no_error (error);
  wait_study ();
}

static double
field_value (const char *field)
{
  return field[0] == '\0' ? NAN : g_ascii_strtod (field, NULL);
}

/* The chart's layer of @kind (and @outcome for an outcome's). */
static SsStudyLayer *
find_layer (SsStudyLayerKind kind, int outcome)
{
  GPtrArray *layers = ss_chart_get_layers (ss_study_dialog_get_chart (dialog));

  for (guint i = 0; i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);

      if (SS_IS_STUDY_LAYER (layer) && ss_study_layer_get_kind (SS_STUDY_LAYER (layer)) == kind &&
          (kind != SS_STUDY_LAYER_OUTCOME || ss_study_layer_get_outcome (SS_STUDY_LAYER (layer)) == outcome))
        return SS_STUDY_LAYER (layer);
    }
  g_assert_not_reached ();
  return NULL;
}

static SsHeatmapLayer *
find_heatmap (void)
{
  GPtrArray *layers = ss_chart_get_layers (ss_study_dialog_get_chart (dialog));

  for (guint i = 0; i < layers->len; i++)
    if (SS_IS_HEATMAP_LAYER (g_ptr_array_index (layers, i)))
      return g_ptr_array_index (layers, i);
  g_assert_not_reached ();
  return NULL;
}

/* The chart drawn as an export (or the screen: @screen) would draw it,
 * @width × @height, read back as pixels. */
static cairo_surface_t *
render_chart_as (int width, int height, gboolean screen)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t         *cr = cairo_create (surface);
  SsChartStyle     style;

  ss_chart_style_init_for_export (&style);
  style.for_export = !screen;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  ss_chart_draw (ss_study_dialog_get_chart (dialog), cr, width, height, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static cairo_surface_t *
render_chart (int width, int height)
{
  return render_chart_as (width, height, FALSE);
}

static void
pixel (cairo_surface_t *surface, double x, double y, double *r, double *g, double *b)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int           stride = cairo_image_surface_get_stride (surface);
  guint32       p = *(const guint32 *)(data + (int)y * stride + 4 * (int)x);

  *r = ((p >> 16) & 0xff) / 255.0;
  *g = ((p >> 8) & 0xff) / 255.0;
  *b = (p & 0xff) / 255.0;
}

/* One-mass: the period and the stick time over k.  Every plotted point is
 * the library's row (bit for bit) and the CLI's sweep row (shortest text
 * that reads back), at the pixel its value maps to. */
static void
test_curve_equals_table (void)
{
  const char *axes[] = { "k=50:200:7", NULL };
  const char *outcomes[] = { "period", "base.stick_time", NULL };
  const char *cli_args[] = { "sweep",    "one-mass",        "--vary", "k=50:200:7", "--metric", "period",
                             "--metric", "base.stick_time", "--csv",  "-",          NULL };
  g_autoptr(GPtrArray) cli = cli_csv_rows (cli_args);
  const ss_study_result *r;
  SsStudyTable          *table;
  SsChartContext         ctx;

  run_study ("one-mass", NULL, axes, outcomes);
  r = ss_study_dialog_get_result (dialog);
  table = ss_study_dialog_get_table (dialog);
  g_assert_cmpint (r->n_rows, ==, 7);
  g_assert_cmpint (r->n_failed, ==, 0);
  g_assert_cmpuint (cli->len, ==, 8);
  g_assert_cmpstr (((char **)g_ptr_array_index (cli, 0))[1], ==, "period");
  ss_chart_get_layout (ss_study_dialog_get_chart (dialog), 900, 600, &ctx);
  for (int o = 0; o < 2; o++)
    {
      SsStudyLayer *layer = find_layer (SS_STUDY_LAYER_OUTCOME, o);

      for (int v = 0; v < 7; v++)
        {
          char **row = g_ptr_array_index (cli, v + 1);
          double x, y, px, py;

          g_assert_cmpint (ss_study_layer_get_mark (layer, v, &x, &y), ==, SS_STUDY_MARK_POINT);
          g_assert_cmpfloat (x, ==, r->axis_values[v]);
          g_assert_cmpfloat (y, ==, r->values[v * 2 + o]);
          g_assert_cmpfloat (x, ==, field_value (row[0]));
          g_assert_cmpfloat (y, ==, field_value (row[1 + o]));
          g_assert_cmpfloat (y, ==, ss_study_table_get_value (table, v, o));
          g_assert_true (ss_study_layer_get_position (layer, &ctx, v, &px, &py));
          g_assert_cmpfloat (fabs (px - ss_chart_context_x (&ctx, x)), <, 1e-9);
          g_assert_cmpfloat (fabs (py - ss_chart_context_y (&ctx, y)), <, 1e-9);
          g_assert_cmpfloat (py, >, ctx.y);
          g_assert_cmpfloat (py, <, ctx.y + ctx.height);
        }
    }

  /* outcomes of different units: each on its own 0-to-1 scale, the
   * readout and the table keep the values */
  {
    const char   *mixed[] = { "period", "max:spring.F", NULL };
    SsStudyLayer *force;
    double        lo, hi, x, y;

    run_study ("one-mass", NULL, axes, mixed);
    table = ss_study_dialog_get_table (dialog);
    force = find_layer (SS_STUDY_LAYER_OUTCOME, 1);
    g_assert_true (ss_study_table_get_range (table, 1, &lo, &hi));
    g_assert_cmpfloat (hi, >, lo);
    for (int v = 0; v < 7; v++)
      {
        g_autofree char *text = ss_chart_layer_format_value (SS_CHART_LAYER (force), v);
        g_autofree char *want =
            ss_format_screen_minus (ss_study_table_format_value (table, 1, ss_study_table_get_value (table, v, 1)));

        g_assert_cmpint (ss_study_layer_get_mark (force, v, &x, &y), ==, SS_STUDY_MARK_POINT);
        g_assert_cmpfloat (fabs (y - (ss_study_table_get_value (table, v, 1) - lo) / (hi - lo)), <, 1e-12);
        g_assert_cmpstr (text, ==, want);
      }
  }
}

/* One-mass with mu_k over 0.1..0.9 and mu_s = 0.5: mu_k > mu_s cannot be
 * built, so four variants fail (mu_k = mu_s runs, without a period).  They are red crosses under the data, no
 * point of the curve; the value axis does not reach down to 0 (it would
 * if a failure were drawn as 0); their crosses are red in the image. */
static void
test_failed_not_zero (void)
{
  const char      *sets[] = { "mu_s=0.5", NULL };
  const char      *axes[] = { "mu_k=0.1:0.9:9", NULL };
  const char      *outcomes[] = { "period", NULL };
  SsStudyLayer    *curve, *failed;
  SsStudyTable    *table;
  SsChartContext   ctx;
  cairo_surface_t *surface;
  double           lo, hi;
  int              n_failed = 0;

  run_study ("one-mass", sets, axes, outcomes);
  table = ss_study_dialog_get_table (dialog);
  curve = find_layer (SS_STUDY_LAYER_OUTCOME, 0);
  failed = find_layer (SS_STUDY_LAYER_FAILED, 0);
  g_assert_cmpint (ss_study_dialog_get_result (dialog)->n_failed, ==, 4);
  g_assert_true (ss_chart_layer_get_in_legend (SS_CHART_LAYER (failed)));
  ss_chart_get_layout (ss_study_dialog_get_chart (dialog), 900, 600, &ctx);
  g_assert_true (ss_chart_layer_get_y_range (SS_CHART_LAYER (curve), 0, 1, 1, &lo, &hi));
  g_assert_cmpfloat (lo, >, 0.5); /* periods of about 1 s and more */
  g_assert_cmpfloat (ctx.ymap.lower, >, 0);
  surface = render_chart (900, 600);
  for (int v = 0; v < 9; v++)
    {
      double x, y, px, py, red, green, blue;
      double mu_k = ss_study_table_get_variant_point (table, v, 0);

      if (mu_k <= 0.5)
        {
          /* mu_k = mu_s: the block sticks for good, no period (a ring) */
          g_assert_cmpint (ss_study_table_get_state (table, v), ==, SS_STUDY_ROW_DONE);
          g_assert_cmpint (ss_study_layer_get_mark (curve, v, &x, &y), ==,
                           mu_k < 0.5 ? SS_STUDY_MARK_POINT : SS_STUDY_MARK_NO_VALUE);
          g_assert_cmpint (ss_study_layer_get_mark (failed, v, &x, &y), ==, SS_STUDY_MARK_NONE);
          continue;
        }
      n_failed++;
      g_assert_cmpint (ss_study_table_get_state (table, v), ==, SS_STUDY_ROW_FAILED);
      g_assert_nonnull (strstr (ss_study_table_get_status (table, v), "mu_k"));
      g_assert_true (isnan (ss_study_table_get_value (table, v, 0)));
      g_assert_cmpint (ss_study_layer_get_mark (curve, v, &x, &y), ==, SS_STUDY_MARK_NONE);
      g_assert_cmpint (ss_study_layer_get_mark (failed, v, &x, &y), ==, SS_STUDY_MARK_FAILED);
      /* the cross: red, in the plot's bottom row, at the variant's x */
      g_assert_true (ss_study_layer_get_position (failed, &ctx, v, &px, &py));
      g_assert_cmpfloat (fabs (px - ss_chart_context_x (&ctx, mu_k)), <, 1e-9);
      g_assert_cmpfloat (py, >, ctx.y + ctx.height - 12);
      pixel (surface, px, py, &red, &green, &blue);
      g_assert_cmpfloat (red, >, 0.7);
      g_assert_cmpfloat (green, <, 0.4);
      g_assert_cmpfloat (blue, <, 0.4);
    }
  g_assert_cmpint (n_failed, ==, 4);
  cairo_surface_destroy (surface);
}

/* One-mass over k (4 points) and mu_s (3): every cell of the 4 × 3 grid
 * is coloured by its value on the viridis scale, the cells tile the plot,
 * and a pixel in each cell has the cell's colour, in an export (a
 * rectangle per cell) and on screen (an image scaled up). */
static void
test_heatmap_grid (void)
{
  const char      *axes[] = { "k=50:200:4", "mu_s=0.4:0.6:3", NULL };
  const char      *outcomes[] = { "period", NULL };
  SsHeatmapLayer  *map;
  SsStudyTable    *table;
  SsChartContext   ctx;
  cairo_surface_t *surface, *screen;
  double           area = 0, lo, hi;

  run_study ("one-mass", NULL, axes, outcomes);
  table = ss_study_dialog_get_table (dialog);
  map = find_heatmap ();
  g_assert_cmpint (ss_study_table_get_n_variants (table), ==, 12);
  g_assert_true (ss_study_table_get_range (table, 0, &lo, &hi));
  ss_chart_get_layout (ss_study_dialog_get_chart (dialog), 900, 600, &ctx);
  surface = render_chart (900, 600);
  screen = render_chart_as (900, 600, TRUE);
  for (int v = 0; v < 12; v++)
    {
      graphene_rect_t r;
      GdkRGBA         want, color;
      double          red, green, blue;
      double          value = ss_study_table_get_value (table, v, 0);

      g_assert_cmpint (ss_heatmap_layer_get_cell (map, v, &color), ==, SS_HEATMAP_CELL_VALUE);
      ss_heatmap_color ((value - lo) / (hi - lo), &want);
      g_assert_true (gdk_rgba_equal (&want, &color));
      ss_heatmap_layer_get_cell_rect (map, &ctx, v, &r);
      g_assert_cmpfloat (r.size.width, >, 10);
      g_assert_cmpfloat (r.size.height, >, 10);
      area += r.size.width * r.size.height;
      /* its point: k along x, mu_s along y */
      g_assert_cmpfloat (fabs (r.origin.x + r.size.width / 2 -
                               ss_chart_context_x (&ctx, ss_study_table_get_variant_point (table, v, 0))),
                         <, 1e-3);
      g_assert_cmpfloat (fabs (r.origin.y + r.size.height / 2 -
                               ss_chart_context_y (&ctx, ss_study_table_get_variant_point (table, v, 1))),
                         <, 1e-3);
      for (int k = 0; k < 2; k++)
        {
          /* the centre and a point near the cell's corner */
          pixel (k ? screen : surface, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, &red, &green,
                 &blue);
          g_assert_cmpfloat (fabs (red - color.red), <, 0.02);
          g_assert_cmpfloat (fabs (green - color.green), <, 0.02);
          g_assert_cmpfloat (fabs (blue - color.blue), <, 0.02);
          pixel (k ? screen : surface, r.origin.x + 3, r.origin.y + r.size.height - 3, &red, &green, &blue);
          g_assert_cmpfloat (fabs (red - color.red), <, 0.02);
          g_assert_cmpfloat (fabs (green - color.green), <, 0.02);
          g_assert_cmpfloat (fabs (blue - color.blue), <, 0.02);
        }
    }
  cairo_surface_destroy (screen);
  /* the cells fill the plot (a tight chart: no padding) */
  g_assert_cmpfloat (fabs (area - ctx.width * ctx.height), <, 1e-6 * ctx.width * ctx.height);
  cairo_surface_destroy (surface);

  /* mu_k over mu_s: the cells with mu_k > mu_s failed; they are hatched
   * red on light grey, on screen and in exports, not given a colour of
   * the scale */
  {
    const char *grid[] = { "mu_s=0.3:0.6:4", "mu_k=0.2:0.5:4", NULL };
    int         n_failed = 0;

    run_study ("one-mass", NULL, grid, outcomes);
    table = ss_study_dialog_get_table (dialog);
    map = find_heatmap ();
    ss_chart_get_layout (ss_study_dialog_get_chart (dialog), 900, 600, &ctx);
    for (int k = 0; k < 2; k++)
      {
        surface = render_chart_as (900, 600, k == 1);
        for (int v = 0; v < 16; v++)
          {
            double          mu_s = ss_study_table_get_variant_point (table, v, 0);
            double          mu_k = ss_study_table_get_variant_point (table, v, 1);
            graphene_rect_t r;
            int             red = 0, light = 0, other = 0;

            ss_heatmap_layer_get_cell_rect (map, &ctx, v, &r);
            for (double y = r.origin.y + 2; y < r.origin.y + r.size.height - 2; y++)
              for (double x = r.origin.x + 2; x < r.origin.x + r.size.width - 2; x++)
                {
                  double cr, cg, cb;

                  pixel (surface, x, y, &cr, &cg, &cb);
                  if (cr > 0.7 && cg < 0.5 && cb < 0.5)
                    red++;
                  else if (cr > 0.9 && cg > 0.9 && cb > 0.9)
                    light++;
                  else
                    other++;
                }
            if (mu_k > mu_s)
              {
                n_failed += k == 0;
                g_assert_cmpint (ss_heatmap_layer_get_cell (map, v, NULL), ==, SS_HEATMAP_CELL_FAILED);
                g_assert_cmpint (red, >, 0);
                g_assert_cmpint (light, >, red);
              }
            else
              {
                g_assert_cmpint (ss_heatmap_layer_get_cell (map, v, NULL), !=, SS_HEATMAP_CELL_FAILED);
                g_assert_cmpint (red, ==, 0);
              }
          }
        cairo_surface_destroy (surface);
      }
    g_assert_cmpint (n_failed, ==, 3);
  }
}

/* Clicks the dialog's chart at its pixel (x, y). */
static void
click_chart (double x, double y)
{
  GtkWidget       *chart = GTK_WIDGET (ss_study_dialog_get_chart (dialog));
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;
  double           sx, sy;

  g_assert_true (gtk_widget_compute_point (chart, GTK_WIDGET (dialog), &in, &out));
  gtk_native_get_surface_transform (GTK_NATIVE (dialog), &sx, &sy);
  test_gui_xdo ("mousemove --window %lu %d %d", test_gui_xid (GTK_WIDGET (dialog)), (int)round (out.x + sx),
                (int)round (out.y + sy));
  test_gui_pump (150);
  test_gui_xdo ("click 1");
  test_gui_pump (300);
}

/* A click on a variant's point loads it into the main window: its
 * scenario, the study's base values and the variant's k; a click on a
 * failed variant loads nothing. */
static void
test_click_loads_variant (void)
{
  const char        *sets[] = { "mu_s=0.5", "v_drive=0.15", NULL };
  const char        *axes[] = { "mu_k=0.1:0.9:9", NULL };
  const char        *outcomes[] = { "period", NULL };
  GtkWidget         *chart;
  SsStudyLayer      *curve, *failed;
  SsChartContext     ctx;
  const double      *values;
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  int                mu_k = ss_scenario_param_index (sc, "mu_k");
  int                v_drive = ss_scenario_param_index (sc, "v_drive");
  double             px, py;

  g_assert_true (ss_window_set_scenario (window, "dupont"));
  run_study ("one-mass", sets, axes, outcomes);
  chart = GTK_WIDGET (ss_study_dialog_get_chart (dialog));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  test_gui_pump (200);
  ss_chart_get_layout (SS_CHART (chart), gtk_widget_get_width (chart), gtk_widget_get_height (chart), &ctx);
  curve = find_layer (SS_STUDY_LAYER_OUTCOME, 0);
  failed = find_layer (SS_STUDY_LAYER_FAILED, 0);

  g_assert_true (ss_study_layer_get_position (curve, &ctx, 2, &px, &py)); /* mu_k = 0.3 */
  click_chart (px, py);
  g_assert_true (ss_window_get_scenario (window) == sc);
  values = ss_param_panel_get_values (ss_window_get_param_panel (window));
  g_assert_cmpfloat (values[mu_k], ==, ss_study_table_get_variant_point (ss_study_dialog_get_table (dialog), 2, 0));
  g_assert_cmpfloat (values[mu_k], ==, 0.3);
  g_assert_cmpfloat (values[v_drive], ==, 0.15);
  g_assert_cmpfloat (values[ss_scenario_param_index (sc, "mu_s")], ==, 0.5);

  /* another point, then a failed one: the window keeps the last good one */
  g_assert_true (ss_study_layer_get_position (curve, &ctx, 4, &px, &py)); /* mu_k = 0.5: no period */
  click_chart (px, py);
  g_assert_cmpfloat (ss_param_panel_get_values (ss_window_get_param_panel (window))[mu_k], ==, 0.5);
  g_assert_true (ss_study_layer_get_position (failed, &ctx, 7, &px, &py)); /* mu_k = 0.8 */
  click_chart (px, py);
  g_assert_cmpfloat (ss_param_panel_get_values (ss_window_get_param_panel (window))[mu_k], ==, 0.5);
  {
    g_autofree char *info = ss_study_dialog_dup_info_text (dialog);

    g_assert_nonnull (strstr (info, "failed"));
  }
  /* one undo step back to 0.3 */
  _ss_window_undo (window);
  g_assert_cmpfloat (ss_param_panel_get_values (ss_window_get_param_panel (window))[mu_k], ==, 0.3);
  test_gui_xdo ("mousemove 0 0");
}

static gboolean
read_lines (const char *path, GStrv *lines)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  *lines = g_strsplit (text, "\n", -1);
  return TRUE;
}

/* The gear train over 60 mesh stiffnesses, cancelled once a few variants
 * finished: the finished rows stay in the table, the plot and the
 * exported CSV (the others say "cancelled"); the plot still exports. */
static void
test_cancel_keeps_partial (void)
{
  const char *sets[] = { "level=1", NULL };
  const char *axes[] = { "k_delta_gamma=1:1e5:60:log", NULL };
  const char *outcomes[] = { "bearing_gamma.first_slip", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = g_build_filename (tmpdir, "partial.csv", NULL);
  g_autofree char *png = g_build_filename (tmpdir, "partial.png", NULL);
  g_auto(GStrv) lines = NULL;
  const ss_study_result *r;
  SsStudyTable          *table;
  SsStudyLayer          *curve;
  test_wait              wait = test_wait_start ("three study rows done");
  int                    done, shown = 0;

  g_assert_true (ss_study_dialog_set_definition (dialog, "gear-train", sets, axes, outcomes, &error));
  g_assert_true (ss_study_dialog_start (dialog, &error));
  table = ss_study_dialog_get_table (dialog);
  while (ss_study_table_count (table, SS_STUDY_ROW_DONE) < 3)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
      test_wait_tick (&wait);
    }
  gtk_widget_activate_action (GTK_WIDGET (dialog), "study.cancel", NULL);
  wait_study ();
  r = ss_study_dialog_get_result (dialog);
  g_assert_true (r->cancelled);
  done = ss_study_table_count (table, SS_STUDY_ROW_DONE);
  g_assert_cmpint (done, >=, 3);
  g_assert_cmpint (done, <, 60);
  g_assert_cmpint (done + ss_study_table_count (table, SS_STUDY_ROW_CANCELLED), ==, 60);
  curve = find_layer (SS_STUDY_LAYER_OUTCOME, 0);
  for (int v = 0; v < 60; v++)
    {
      double x, y;

      if (ss_study_table_get_state (table, v) == SS_STUDY_ROW_DONE)
        {
          g_assert_null (r->status[v]);
          g_assert_cmpfloat (ss_study_table_get_value (table, v, 0), ==, r->values[v]);
          g_assert_cmpint (ss_study_layer_get_mark (curve, v, &x, &y), ==, SS_STUDY_MARK_POINT);
          shown++;
        }
      else
        {
          g_assert_cmpstr (r->status[v], ==, "cancelled");
          g_assert_cmpint (ss_study_layer_get_mark (curve, v, &x, &y), ==, SS_STUDY_MARK_NONE);
        }
    }
  g_assert_cmpint (shown, ==, done);
  {
    g_autofree char *progress = ss_study_dialog_dup_progress_text (dialog);
    g_autofree char *want = g_strdup_printf ("Cancelled: %d of 60 variants", done);

    g_assert_nonnull (strstr (progress, want));
  }

  g_assert_true (ss_study_dialog_export_csv (dialog, csv, &error));
  g_assert_no_error (error);
  g_assert_true (read_lines (csv, &lines));
  g_assert_cmpstr (lines[0], ==, "k_delta_gamma,bearing_gamma.first_slip,status");
  g_assert_cmpuint (g_strv_length (lines), ==, 62); /* header, 60 rows, "" */
  for (int v = 0; v < 60; v++)
    {
      g_auto(GStrv) f = g_strsplit (lines[v + 1], ",", -1);

      if (ss_study_table_get_state (table, v) == SS_STUDY_ROW_DONE)
        {
          g_assert_cmpstr (f[2], ==, "ok");
          g_assert_cmpfloat (g_ascii_strtod (f[1], NULL), ==, ss_study_table_get_value (table, v, 0));
        }
      else
        g_assert_cmpstr (f[2], ==, "cancelled");
    }
  {
    SsExportOptions options;

    ss_export_options_init (&options);
    options.unit = SS_EXPORT_UNIT_PX;
    options.width = 1200;
    options.height = 800;
    g_assert_true (ss_study_dialog_export_figure (dialog, png, &options, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (png, &error);

    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 1200);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 800);
  }
}

/* A variant loaded from a study shows the digits its control supports:
 * M = 10^0.75 = 5.62341325… kg reads "5.62" in the panel, the figure's
 * subtitle and a pinned run's name, while the value keeps every digit;
 * a reading below its column's noise reads 0, and no reading "-0". */
static void
test_loaded_variant_rounded (void)
{
  const char        *axes[] = { "M=1:10:5:log", NULL };
  const char        *outcomes[] = { "period", NULL };
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  int                m = ss_scenario_param_index (sc, "M");
  SsParamPanel      *panel = ss_window_get_param_panel (window);
  const double      *values;
  double            *defaults = g_new (double, sc->n_params);
  g_autofree char   *title = NULL, *subtitle = NULL, *pinned = NULL, *noise = NULL, *tiny = NULL;
  g_autofree char   *typed_subtitle = NULL;

  run_study ("one-mass", NULL, axes, outcomes);
  g_assert_true (ss_study_dialog_load_variant (dialog, 3));
  values = ss_param_panel_get_values (panel);
  g_assert_cmpfloat (values[m], ==, ss_study_table_get_variant_point (ss_study_dialog_get_table (dialog), 3, 0));
  g_assert_cmpfloat (fabs (values[m] - pow (10, 0.75)), <, 1e-9);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ss_param_row_get_spin (ss_param_panel_get_row (panel, "M")))),
                   ==, "5.62");
  title = ss_export_dup_title (sc, values, NULL, &subtitle);
  g_assert_nonnull (strstr (subtitle, "M\u00a0=\u00a05.62\u00a0kg"));
  g_assert_null (strstr (subtitle, "5.623"));
  for (int i = 0; i < sc->n_params; i++)
    defaults[i] = sc->params[i].def;
  pinned = ss_pinned_run_describe (sc, values, defaults);
  g_assert_nonnull (strstr (pinned, "5.62 kg"));
  g_assert_null (strstr (pinned, "5.623"));
  /* the value itself is kept: focusing the spin button and leaving it
   * changes nothing */
  gtk_spin_button_update (ss_param_row_get_spin (ss_param_panel_get_row (panel, "M")));
  g_assert_cmpfloat (ss_param_panel_get_values (panel)[m], ==, values[m]);

  /* a value typed (six significant digits at most) reads as typed */
  defaults[m] = 1234.5;
  g_free (title);
  title = ss_export_dup_title (sc, defaults, NULL, &typed_subtitle);
  g_assert_nonnull (strstr (typed_subtitle, "M\u00a0=\u00a01234.5\u00a0kg"));

  /* readings: residue below the noise of a column of newtons reads 0 */
  noise = ss_readable_quantity (5.551e-12, ss_readable_noise (2.0, 0.0), "N");
  g_assert_cmpstr (noise, ==, "0 N");
  tiny = ss_readable_number (-1e-20, 0.0);
  g_assert_cmpstr (tiny, ==, "0");
  g_free (tiny);
  tiny = ss_readable_number (-0.0, 1e-9);
  g_assert_cmpstr (tiny, ==, "0");
  g_free (tiny);
  tiny = ss_readable_number (0.1234567, 1e-9);
  g_assert_cmpstr (tiny, ==, "0.1235");
  g_free (defaults);
}

/* The plot's export is the charts' Export Figure: the dialog it opens
 * writes a PNG of the size and resolution asked for, an SVG whose text
 * is <text> (the title, the axis labels), a PDF. */
static void
test_export_figure (void)
{
  const char      *sets[] = { "mu_s=0.5", "v_drive=0.15", NULL };
  const char      *axes[] = { "mu_k=0.1:0.4:4", NULL };
  const char      *outcomes[] = { "period", NULL };
  g_autofree char *png = g_build_filename (tmpdir, "figure.png", NULL);
  g_autofree char *svg = g_build_filename (tmpdir, "figure.svg", NULL);
  g_autofree char *pdf = g_build_filename (tmpdir, "figure.pdf", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  SsExportDialog *export;
  SsExportOptions options;

  run_study ("one-mass", sets, axes, outcomes);
  export = ss_study_dialog_open_export (dialog);
  g_assert_true (SS_IS_EXPORT_DIALOG (export));

  /* 100 × 50 mm at 254 dpi: 1000 × 500 px */
  ss_export_dialog_get_options (export, &options);
  options.format = SS_EXPORT_PNG;
  options.unit = SS_EXPORT_UNIT_MM;
  options.width = 100;
  options.height = 50;
  options.dpi = 254;
  options.font_size = 7;
  g_assert_true (ss_study_dialog_export_figure (dialog, png, &options, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (png, &error);

    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 1000);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 500);
  }
  /* the dialog's own options, in px */
  options.unit = SS_EXPORT_UNIT_PX;
  options.width = 640;
  options.height = 480;
  g_assert_true (ss_study_dialog_export_figure (dialog, png, &options, &error));
  {
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (png, &error);

    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 640);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, 480);
  }

  options.title = "Study title";
  g_assert_true (ss_study_dialog_export_figure (dialog, svg, &options, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<text"));
  g_assert_nonnull (strstr (text, ">Study title<"));
  g_assert_null (strstr (text, "<symbol")); /* no text drawn as glyph outlines */
  g_assert_true (ss_study_dialog_export_figure (dialog, pdf, &options, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));

  /* the dialog writes what it shows */
  {
    g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);

    g_assert_true (ss_export_dialog_export_to (export, png, written, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (written->len, ==, 1);
  }
  gtk_window_destroy (GTK_WINDOW (export));
}

static GtkMenuButton *
find_menu_button (GtkWidget *root, const char *tooltip)
{
  if (GTK_IS_MENU_BUTTON (root) && g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return GTK_MENU_BUTTON (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_menu_button (child, tooltip);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The export button's tooltip is off while its menu is open (it would
 * lie over the menu), back when it closes. */
static void
test_menu_tooltip_quiet (void)
{
  GtkMenuButton *button = find_menu_button (GTK_WIDGET (dialog), "Export the Table or the Plot");

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popup (button);
  test_gui_pump (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popdown (button);
  test_gui_pump (100);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, "Export the Table or the Plot");
}

/* Every preset loads and builds; the two-slider γ preset ([Wojtyra2016]
 * Example 3) has no slip at γ1 = γ2 (no-value rings for both sliders) and
 * a slip near 1.95 s at γ1 = 2 γ2. */
static void
test_presets (void)
{
  SsStudyTable *table;
  int           stuck = -1, slips = -1;

  for (int i = 0; i < ss_study_preset_count (); i++)
    {
      const ss_study_preset *p = ss_study_preset_get (i);

      g_assert_true (ss_study_dialog_load_preset (dialog, p->name));
      /* what the editor holds builds (a first variant starts) */
      g_assert_true (ss_study_dialog_start (dialog, NULL));
      g_assert_true (ss_study_scenario (ss_study_dialog_get_study (dialog)) == ss_scenario_find (p->scenario));
      ss_study_dialog_cancel (dialog);
      wait_study ();
    }

  g_assert_true (ss_study_dialog_load_preset (dialog, "two-slider-gamma"));
  g_assert_true (ss_study_dialog_start (dialog, NULL));
  wait_study ();
  table = ss_study_dialog_get_table (dialog);
  g_assert_cmpint (ss_study_dialog_get_result (dialog)->n_failed, ==, 0);
  for (int v = 0; v < ss_study_table_get_n_variants (table); v++)
    {
      double gamma_1 = ss_study_table_get_variant_point (table, v, 0);

      if (fabs (gamma_1 - 1e-5) < 1e-12)
        stuck = v;
      if (fabs (gamma_1 - 2e-5) < 1e-12)
        slips = v;
    }
  g_assert_cmpint (stuck, >=, 0);
  g_assert_cmpint (slips, >=, 0);
  for (int o = 0; o < 2; o++)
    {
      SsStudyLayer *layer = find_layer (SS_STUDY_LAYER_OUTCOME, o);
      double        x, y;

      g_assert_cmpint (ss_study_layer_get_mark (layer, stuck, &x, &y), ==, SS_STUDY_MARK_NO_VALUE);
      g_assert_cmpint (ss_study_layer_get_mark (layer, slips, &x, &y), ==, SS_STUDY_MARK_POINT);
      g_assert_cmpfloat (fabs (y - 1.947), <, 0.01);
    }
  g_assert_true (ss_chart_layer_get_in_legend (SS_CHART_LAYER (find_layer (SS_STUDY_LAYER_NO_VALUE, 0))));
  g_assert_false (ss_chart_layer_get_in_legend (SS_CHART_LAYER (find_layer (SS_STUDY_LAYER_FAILED, 0))));

  /* the no-value rings sit in a lane of their own, below every point */
  {
    SsChartContext ctx;
    double         lowest_point = -INFINITY, highest_ring = INFINITY;

    ss_chart_get_layout (ss_study_dialog_get_chart (dialog), 800, 400, &ctx);
    for (int o = 0; o < 2; o++)
      for (int v = 0; v < ss_study_table_get_n_variants (table); v++)
        {
          SsStudyLayer *layer = find_layer (SS_STUDY_LAYER_OUTCOME, o);
          double        x, y, px, py;
          SsStudyMark   mark = ss_study_layer_get_mark (layer, v, &x, &y);

          if (mark == SS_STUDY_MARK_NONE || !ss_study_layer_get_position (layer, &ctx, v, &px, &py))
            continue;
          if (mark == SS_STUDY_MARK_POINT)
            lowest_point = MAX (lowest_point, py);
          else
            highest_ring = MIN (highest_ring, py);
        }
    g_assert_true (isfinite (lowest_point) && isfinite (highest_ring));
    g_assert_cmpfloat (lowest_point, <, highest_ring - 8);
  }
}

/* A study's runs under way count in the GUI's memory budget: with the
 * budget nearly taken (a holder of the test's own), a study whose runs
 * would pass it is refused with the reason, and nothing starts. */
static gsize taken_bytes;

static void
taken_collect (gpointer owner, GHashTable *datasets, gsize *pending)
{
  (void)owner;
  (void)datasets;
  *pending += taken_bytes;
}

static void
test_memory_budget (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *values = g_new (double, sc->n_params + 1);
  ss_run_opts        opts = { .t_end = 2000, .dt_out = 1e-3 }; /* 2e6 rows: about 250 MB a run */
  g_autoptr (GError) error = NULL;
  int holder;

  ss_scenario_defaults (sc, values);
  /* the base: a parameter to vary and an outcome, and these run options */
  ss_study_dialog_set_base (dialog, sc, values, &opts);
  taken_bytes = SS_MEMORY_BUDGET - ((gsize)100 << 20);
  ss_memory_budget_add_holder (&holder, taken_collect);
  g_assert_false (ss_study_dialog_start (dialog, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, "memory budget"));
  g_assert_false (ss_study_dialog_is_running (dialog));
  ss_memory_budget_remove_holder (&holder);
  /* the window's base again, for the tests after */
  ss_study_dialog_set_base (dialog, ss_window_get_scenario (window),
                            ss_param_panel_get_values (ss_window_get_param_panel (window)),
                            ss_simulation_get_run_options (ss_window_get_simulation (window)));
}

/* On a 1024×700 screen: the study window opened from a window that size
 * is no larger than it, and the suggested ranges read as a person would
 * type them (the gear train's Iδ of 1e-5 suggests 1e-06 to 0.0001, not
 * 1.0000000000000002e-06). */
static void
test_fits_small_window (void)
{
  SsWindow      *small = ss_window_new (NULL);
  SsStudyDialog *study;
  int            width = 0, height = 0;
  test_wait      wait = test_wait_start ("the window laid out");

  gtk_window_set_default_size (GTK_WINDOW (small), 1024, 700);
  gtk_window_present (GTK_WINDOW (small));
  while (gtk_widget_get_width (GTK_WIDGET (small)) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  g_assert_true (ss_window_set_scenario (small, "gear-train"));
  study = ss_window_show_study_dialog (small);
  gtk_window_get_default_size (GTK_WINDOW (study), &width, &height);
  g_assert_cmpint (width, <=, gtk_widget_get_width (GTK_WIDGET (small)));
  g_assert_cmpint (height, <=, gtk_widget_get_height (GTK_WIDGET (small)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (study->axes[1].from_row)), ==, "1e-06");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (study->axes[1].to_row)), ==, "0.0001");
  gtk_window_destroy (GTK_WINDOW (study));
  gtk_window_destroy (GTK_WINDOW (small));
}

/* One-mass over a negative pre-stretch: the variant's point and its
 * negative outcome read with the typographic minus "−" under the chart,
 * as its ticks do; the exported table keeps the CLI's ASCII "-". */
static void
test_screen_minus (void)
{
  const char      *axes[] = { "x_drive0=-0.2:0.2:5", NULL };
  const char      *outcomes[] = { "min:spring.F", NULL };
  g_autofree char *path = g_build_filename (tmpdir, "minus.csv", NULL);
  g_autofree char *csv = NULL;
  g_autofree char *info = NULL;
  g_autofree char *want = NULL;
  g_autofree char *point = NULL;
  g_autofree char *value = NULL;
  g_autoptr(GError) error = NULL;
  SsStudyTable *table;
  double        x, f;

  run_study ("one-mass", NULL, axes, outcomes);
  table = ss_study_dialog_get_table (dialog);
  x = ss_study_table_get_variant_point (table, 0, 0);
  f = ss_study_table_get_value (table, 0, 0);
  g_assert_cmpfloat (x, ==, -0.2);
  g_assert_cmpfloat (f, <, -1.0);
  point = ss_format_number (-x);
  value = ss_format_number (-f);
  want = g_strdup_printf ("%s = −%s m: %s = −%s N", ss_study_table_get_axis_label (table, 0), point,
                          ss_study_table_get_outcome_label (table, 0), value);
  ss_time_axis_set_cursor (dialog->time_axis, 0);
  info = ss_study_dialog_dup_info_text (dialog);
  g_assert_cmpstr (info, ==, want);
  ss_time_axis_set_cursor (dialog->time_axis, NAN);

  g_assert_true (ss_study_dialog_export_csv (dialog, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
  g_assert_nonnull (strstr (csv, "\n-0.2,-"));
  g_assert_null (strstr (csv, "−"));
}

int
main (int argc, char *argv[])
{
  int rc;

  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init_x11 (&argc, &argv);
  tmpdir = g_dir_make_tmp ("stickslip-study-XXXXXX", NULL);
  window = ss_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  dialog = ss_window_show_study_dialog (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));

  g_test_add_func ("/study-gui/curve-equals-table", test_curve_equals_table);
  g_test_add_func ("/study-gui/failed-not-zero", test_failed_not_zero);
  g_test_add_func ("/study-gui/heatmap-grid", test_heatmap_grid);
  g_test_add_func ("/study-gui/click-loads-variant", test_click_loads_variant);
  g_test_add_func ("/study-gui/cancel-keeps-partial", test_cancel_keeps_partial);
  g_test_add_func ("/study-gui/loaded-variant-rounded", test_loaded_variant_rounded);
  g_test_add_func ("/study-gui/export-figure", test_export_figure);
  g_test_add_func ("/study-gui/presets", test_presets);
  g_test_add_func ("/study-gui/memory-budget", test_memory_budget);
  g_test_add_func ("/study-gui/menu-tooltip-quiet", test_menu_tooltip_quiet);
  g_test_add_func ("/study-gui/fits-small-window", test_fits_small_window);
  g_test_add_func ("/study-gui/screen-minus", test_screen_minus);
  rc = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  test_remove_tree (tmpdir);
  return rc;
}
