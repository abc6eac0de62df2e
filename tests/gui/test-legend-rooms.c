/* test-legend-rooms.c - the rooms the legend keeps for its entries'
 * readouts (the widest readout over the run, sampled at a thousand
 * instants): for every scenario and every setting of the papers' examples,
 * every legend entry of every chart gets the same room, to the pixel, as
 * the reference below, which formats and measures the readout at each of
 * those instants; and it formats only a handful of texts per decade of
 * the values it reads, not a thousand. */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include <stickslip/examples.h>
#include "ss-chart-private.h"
#include "ss-dataset.h"
#include "ss-line-layer.h"
#include "ss-span-layer.h"
#include "test-gui-util.h"
#include "ss-window-private.h"
#include <stickslip/stickslip.h>

#define SAMPLES 1000 /* as the chart samples */

static SsWindow *window;

/* The reference: the readout at each instant formatted, its digits made
 * 0 and each text of that shape measured once; the widest. */
static double
reference_room (SsChartLayer *layer, double t0, double t1, cairo_t *cr, const SsChartStyle *style)
{
  double width = 0;
  g_autoptr(PangoLayout) layout = _ss_chart_readout_layout_new (cr, style);
  g_autoptr(GHashTable) shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (int i = -1; i <= SAMPLES; i++)
    {
      g_autofree char *text = _ss_chart_legend_text (layer, i < 0 || !(t1 > t0) ? NAN : t0 + (t1 - t0) * i / SAMPLES);
      char            *shape = g_strdup (text);

      for (char *p = shape; *p != '\0'; p++)
        if (*p >= '1' && *p <= '9')
          *p = '0';
      if (g_hash_table_add (shapes, shape))
        {
          int tw, th;

          pango_layout_set_text (layout, shape, -1);
          pango_layout_get_pixel_size (layout, &tw, &th);
          width = MAX (width, tw);
        }
      if (!(t1 > t0))
        break;
    }
  return width;
}

/* The texts a line's readouts may take at the sampled instants: a title,
 * "undetermined", "0", and for each decade its values reach (rounding
 * may carry one into the next) each sign with one to four digits left. */
static guint
line_bound (SsLineLayer *line, double t0, double t1)
{
  double noise = ss_line_layer_get_noise (line);
  int    lo = G_MAXINT, hi = G_MININT;

  for (int i = 0; i <= SAMPLES; i++)
    {
      double v = ss_line_layer_value_at (line, t0 + (t1 - t0) * i / SAMPLES);

      if (!isfinite (v) || fabs (v) < (noise > 0 ? noise / 2 : 1e-12))
        continue;
      lo = MIN (lo, (int)floor (log10 (fabs (v))));
      hi = MAX (hi, (int)floor (log10 (fabs (v))));
    }
  return 4 + (lo <= hi ? 2 * 4 * (guint)(hi - lo + 2) : 0);
}

typedef struct
{
  guint entries;
  guint lines;
  guint formatted;
  guint reference_formatted;
} Tally;

/* Every legend entry of every chart in the window: its room over the
 * time window shown, the run's extent and windows partly past its end, on
 * the render thread's plain surface with the screen's style. */
static void
check_charts (const char *what, Tally *tally)
{
  SsPlotStack     *stack = ss_window_get_plot_stack (window);
  cairo_surface_t *probe = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t         *cr = cairo_create (probe);

  for (guint c = 0; c < ss_plot_stack_get_n_charts (stack); c++)
    {
      SsChart     *chart = ss_plot_stack_get_chart (stack, c);
      GPtrArray   *layers = ss_chart_get_layers (chart);
      SsChartStyle style;
      double       w0, w1, end = 0;

      ss_chart_style_init_for_widget (&style, GTK_WIDGET (chart));
      ss_axis_get_extent (SS_AXIS (chart->time_axis), &w0, &w1);
      for (guint l = 0; l < layers->len; l++)
        end = MAX (end, isfinite (ss_chart_layer_get_data_end (g_ptr_array_index (layers, l)))
                            ? ss_chart_layer_get_data_end (g_ptr_array_index (layers, l))
                            : 0);
      for (guint l = 0; l < layers->len; l++)
        {
          SsChartLayer *layer = g_ptr_array_index (layers, l);
          const double  windows[][2] = { { w0, w1 }, { 0, end }, { 0.3 * end, 1.4 * end }, { 0.25 * end, 0.25 * end } };

          if (!ss_chart_layer_get_in_legend (layer) || ss_chart_layer_get_title (layer) == NULL)
            continue;
          for (guint k = 0; k < G_N_ELEMENTS (windows); k++)
            {
              double t0 = windows[k][0], t1 = windows[k][1];
              guint  f0, m0, f1, m1;
              double room, reference;

              _ss_chart_get_reserve_counts (&f0, &m0);
              room = _ss_chart_sample_reserve (layer, t0, t1, cr, &style);
              _ss_chart_get_reserve_counts (&f1, &m1);
              reference = reference_room (layer, t0, t1, cr, &style);
              if (room != reference)
                g_error ("%s, chart \"%s\", entry \"%s\" over [%g, %g] s: room %g px, the readouts' widest %g px", what,
                         ss_chart_get_title (chart), ss_chart_layer_get_title (layer), t0, t1, room, reference);
              /* measured: each a text formatted, and a new shape */
              g_assert_cmpuint (m1 - m0, <=, f1 - f0);
              tally->entries++;
              tally->formatted += f1 - f0;
              tally->reference_formatted += t1 > t0 ? SAMPLES + 2 : 1;
              if (SS_IS_LINE_LAYER (layer) && t1 > t0)
                {
                  guint bound = line_bound (SS_LINE_LAYER (layer), t0, t1);

                  tally->lines++;
                  if (f1 - f0 > bound)
                    g_error ("%s, chart \"%s\", entry \"%s\" over [%g, %g] s: %u texts formatted, %u at most", what,
                             ss_chart_get_title (chart), ss_chart_layer_get_title (layer), t0, t1, f1 - f0, bound);
                }
              else if (SS_IS_SPAN_LAYER (layer))
                /* the title, no readout, stuck, sliding */
                g_assert_cmpuint (f1 - f0, <=, 4);
            }
        }
    }
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
}

static void
wait_idle (void)
{
  test_gui_wait_idle (ss_window_get_simulation (window));
}

static void
report (const Tally *tally)
{
  g_test_message ("%u legend entries (%u lines): %u texts formatted, the reference %u", tally->entries, tally->lines,
                  tally->formatted, tally->reference_formatted);
  g_assert_cmpuint (tally->lines, >, 0);
}

/* Every scenario's charts as it opens, with a characteristic plot of its
 * first two columns added (its readouts are pairs). */
static void
test_every_scenario (void)
{
  Tally tally = { 0 };

  for (int s = 0; s < ss_scenario_count (); s++)
    {
      const ss_scenario *sc = ss_scenario_get (s);

      SsDataset      *dataset;
      const ss_model *model;
      SsChart        *xy;

      g_assert_true (ss_window_set_scenario (window, sc->name));
      wait_idle ();
      dataset = ss_simulation_get_dataset (ss_window_get_simulation (window));
      model = ss_dataset_get_model (dataset);
      g_assert_cmpint (ss_model_n_columns (model), >=, 2);
      xy = ss_plot_stack_add_xy_chart (ss_window_get_plot_stack (window), ss_model_column (model, 0)->name,
                                       ss_model_column (model, 1)->name);
      g_assert_nonnull (xy);
      check_charts (sc->name, &tally);
      ss_plot_stack_remove_xy_chart (ss_window_get_plot_stack (window), ss_model_column (model, 0)->name,
                                     ss_model_column (model, 1)->name);
    }
  report (&tally);
}

/* Every setting of every example of the papers. */
static void
test_every_example (void)
{
  Tally tally = { 0 };

  for (int e = 0; e < ss_example_count (); e++)
    {
      const ss_example *ex = ss_example_get (e);

      for (int s = 0; s < ex->n_settings; s++)
        {
          g_autofree char *what = g_strdup_printf ("%s [%d]", ex->id, s);

          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.example", "(si)", ex->id, s));
          wait_idle ();
          check_charts (what, &tally);
        }
    }
  report (&tally);
}

/* A room sampled again (the next run of the same values, another chart
 * with the same readouts) measures no text: each shape's width is kept
 * per thread.  At another size, or on a scaled surface, the widths are
 * measured afresh and are that size's. */
static void
test_shapes_measured_once (void)
{
  SsPlotStack     *stack = ss_window_get_plot_stack (window);
  cairo_surface_t *probe = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t         *cr = cairo_create (probe);
  guint            sampled = 0, measured_first = 0;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  wait_idle ();
  for (guint c = 0; c < ss_plot_stack_get_n_charts (stack); c++)
    {
      SsChart     *chart = ss_plot_stack_get_chart (stack, c);
      GPtrArray   *layers = ss_chart_get_layers (chart);
      SsChartStyle style, big;
      double       t0, t1;

      ss_chart_style_init_for_widget (&style, GTK_WIDGET (chart));
      big = style;
      big.font_size = 2 * style.font_size;
      ss_axis_get_extent (SS_AXIS (chart->time_axis), &t0, &t1);
      for (guint l = 0; l < layers->len; l++)
        {
          SsChartLayer *layer = g_ptr_array_index (layers, l);
          guint         f0, m0, f1, m1, f2, m2;
          double        room, again, larger;

          if (!ss_chart_layer_get_in_legend (layer) || ss_chart_layer_get_title (layer) == NULL)
            continue;
          _ss_chart_get_reserve_counts (&f0, &m0);
          room = _ss_chart_sample_reserve (layer, t0, t1, cr, &style);
          _ss_chart_get_reserve_counts (&f1, &m1);
          again = _ss_chart_sample_reserve (layer, t0, t1, cr, &style);
          _ss_chart_get_reserve_counts (&f2, &m2);
          g_assert_cmpfloat (again, ==, room);
          g_assert_cmpuint (f2 - f1, ==, f1 - f0); /* the texts are formatted again, */
          g_assert_cmpuint (m2 - m1, ==, 0);       /* not measured */
          measured_first += m1 - m0;
          larger = _ss_chart_sample_reserve (layer, t0, t1, cr, &big);
          g_assert_cmpfloat (larger, ==, reference_room (layer, t0, t1, cr, &big));
          g_assert_cmpfloat (larger, >, room);
          cairo_save (cr);
          cairo_scale (cr, 2, 2);
          g_assert_cmpfloat (_ss_chart_sample_reserve (layer, t0, t1, cr, &style), ==,
                             reference_room (layer, t0, t1, cr, &style));
          cairo_restore (cr);
          sampled++;
        }
    }
  g_test_message ("%u legend entries sampled twice; %u texts measured the first time", sampled, measured_first);
  g_assert_cmpuint (sampled, >, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
}

int
main (int argc, char *argv[])
{
  int rc;

  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init (&argc, &argv);
  window = ss_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));

  g_test_add_func ("/legend-rooms/every-scenario", test_every_scenario);
  g_test_add_func ("/legend-rooms/every-example", test_every_example);
  g_test_add_func ("/legend-rooms/shapes-measured-once", test_shapes_measured_once);
  rc = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  return rc;
}
