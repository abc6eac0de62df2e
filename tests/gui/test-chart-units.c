/* test-chart-units.c - the charts' pure parts, without a display: tick
 * steps and labels, label placement, and the per-pixel decimation of a
 * series against a brute-force pass.  (The test names keep their /gui/
 * paths: `test-chart-units -p /gui/tick-step`.) */
#include <math.h>
#include <string.h>

#include "ss-axis.h"
#include "ss-chart-layer.h"
#include "ss-dataset.h"
#include "ss-line-layer.h"
#include "ss-readable.h"
#include "ss-series.h"
#include "ss-units.h"
#include <stickslip/stickslip.h>

/* Tick labels: decimals from the step; steps below 1e-4 or from 1e5 up in
 * exponent form, zero as a plain 0 in either. */
static void
test_format_tick (void)
{
  static const struct
  {
    double      value, step;
    const char *label;
  } cases[] = {
    { 0.0, 0.5, "0.0" },       { 1.5, 0.5, "1.5" },  { 20.0, 10.0, "20" }, { -0.25, 0.05, "-0.25" }, { 0.0, 1e-5, "0" },
    { -2e-5, 1e-5, "-2e-05" }, { 3e-13, 1e-5, "0" }, { 0.0, 2e5, "0" },    { 4e5, 2e5, "4e+05" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *label = ss_format_tick (cases[i].value, cases[i].step);

      g_assert_cmpstr (label, ==, cases[i].label);
    }
}

/* On screen a negative number reads with the typographic minus "−", in the
 * ticks (linear and log) as in the values read; hyphens that are not signs
 * stay. */
static void
test_screen_minus (void)
{
  static const struct
  {
    const char *in, *out;
  } cases[] = {
    { "-0.25", "−0.25" }, { "-2e-05", "−2e−05" }, { "1.5e-05 m", "1.5e−05 m" },   { "-3.2 N … -1 N", "−3.2 N … −1 N" },
    { "(-4)", "(−4)" },   { "0.5", "0.5" },       { "one-mass-2", "one-mass-2" }, { "mode-2", "mode-2" },
    { "-inf", "-inf" },
  };
  SsAxisMap   map;
  SsAxisTicks ticks;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ss_format_screen_minus (g_strdup (cases[i].in));

      g_assert_cmpstr (text, ==, cases[i].out);
    }
  g_assert_null (ss_format_screen_minus (NULL));

  /* the ticks of an axis from −1 to 1 and of a log axis down to 1e-5 */
  ss_axis_map_init (&map, -1.0, 1.0, SS_AXIS_SCALE_LINEAR, 0, 400);
  ss_axis_map_ticks (&map, SS_AXIS_HORIZONTAL, 12, &ticks);
  g_assert_cmpuint (ticks.n, >=, 3);
  g_assert_cmpfloat (ticks.values[0], <, 0);
  {
    g_autofree char *first = ss_axis_map_format_tick (&map, &ticks, ticks.values[0]);
    g_autofree char *plain = ss_format_tick (ticks.values[0], ticks.step);

    g_assert_true (g_str_has_prefix (first, "−"));
    g_assert_cmpstr (first + strlen ("−"), ==, plain + 1);
  }
  ss_axis_map_init (&map, 1e-5, 1.0, SS_AXIS_SCALE_LOG, 0, 400);
  ss_axis_map_ticks (&map, SS_AXIS_HORIZONTAL, 12, &ticks);
  {
    g_autofree char *low = ss_axis_map_format_tick (&map, &ticks, 1e-5);

    g_assert_cmpstr (low, ==, "1e−05");
  }
}

/* Per-pixel min/max decimation (with its 64-sample block summaries) equals
 * a brute-force pass over the rows, NaN gaps included, at several zooms. */
static void
test_decimation (void)
{
  const ss_scenario *sc = ss_scenario_find ("two-block");
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  ss_run_opts        opts = { .t_end = 10, .dt_out = 1e-4 };
  ss_trace          *tr = ss_run (m, &opts, NULL);
  g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
  g_autoptr(SsDataset) ds = ss_dataset_new (ref);
  const char  *columns[] = { "10.F", "v1", "z2", "sum.10+12" };
  const double ranges[][2] = { { 0, 10 }, { 0.3, 0.9 }, { 2.0001, 2.0123 }, { 3.3, 7.7 } };
  const guint  widths[] = { 900, 333, 57 };

  g_assert_nonnull (tr);
  ss_dataset_append_rows (ds, tr->n_rows, tr->t, tr->rows);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      g_autoptr(SsSeries) series = ss_series_new (columns[c]);
      int      col = ss_model_column_find (m, columns[c]);
      gboolean saw_gap = FALSE;

      ss_series_set_dataset (series, ds);
      for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
        for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
          {
            double             t0 = ranges[r][0], t1 = ranges[r][1];
            guint              n = widths[w];
            const SsSeriesBin *bins = ss_series_get_bins (series, t0, t1, n);
            g_autofree double *lo = g_new (double, n);
            g_autofree double *hi = g_new (double, n);
            g_autofree guint  *count = g_new0 (guint, n);

            for (guint k = 0; k < n; k++)
              {
                lo[k] = INFINITY;
                hi[k] = -INFINITY;
              }
            for (size_t i = 0; i < tr->n_rows; i++)
              {
                double v = ss_trace_at (tr, i, col);
                guint  k;

                if (tr->t[i] < t0 || tr->t[i] > t1 || isnan (v))
                  continue;
                k = MIN ((guint)((tr->t[i] - t0) * (n / (t1 - t0))), n - 1);
                lo[k] = MIN (lo[k], v);
                hi[k] = MAX (hi[k], v);
                count[k]++;
              }
            for (guint k = 0; k < n; k++)
              {
                g_assert_cmpuint (bins[k + 1].count, ==, count[k]);
                if (count[k] == 0)
                  continue;
                g_assert_cmpfloat (bins[k + 1].min, ==, lo[k]);
                g_assert_cmpfloat (bins[k + 1].max, ==, hi[k]);
                saw_gap |= bins[k + 1].gap_before;
              }
          }
      /* individual static forces are undetermined in total stiction */
      if (g_str_equal (columns[c], "10.F"))
        g_assert_true (saw_gap);
    }
  ss_trace_free (tr);
}

/* Number of multiples of step in [lo, hi]. */
static int
count_ticks (double lo, double hi, double step)
{
  int n = 0;

  for (double v = ceil (lo / step) * step; v <= hi + step * 1e-9; v += step)
    n++;
  return n;
}

/* A value axis shows at least two tick labels whenever they fit: a lone
 * "0" gives no scale. */
static void
test_tick_step (void)
{
  static const double mantissas[] = { 1, 2, 3, 4, 5 };

  /* roomy: 1-2-5, about one tick per 38 px, as before */
  g_assert_cmpfloat (ss_tick_step (0, 10, 400, 14), ==, 1);
  g_assert_cmpfloat (ss_tick_step (-1, 1, 100, 14), ==, 1);
  /* short charts whose 1-2-5 step left one tick */
  g_assert_cmpfloat (ss_nice_step (0.16, 2), ==, 0.1);
  g_assert_cmpfloat (ss_tick_step (-0.08, 0.08, 48, 14), ==, 0.05);
  g_assert_cmpfloat (ss_nice_step (90, 2), ==, 50);
  g_assert_cmpfloat (ss_tick_step (-45, 45, 45, 14), ==, 40);
  /* too short for two labels a line apart: the lone tick stays */
  g_assert_cmpfloat (ss_tick_step (-0.08, 0.08, 30, 14), ==, 0.1);
  /* brute force over many ranges and heights: either two ticks inside, or
   * no smaller single-digit step has two a line apart */
  for (int i = 1; i < 400; i++)
    for (double height = 30; height <= 300; height += 27)
      {
        double   lo = -0.37 * i * i + 3.1 * i, hi = lo + 0.013 * i * sqrt (i) + 0.001;
        double   step = ss_tick_step (lo, hi, height, 14);
        double   mag = pow (10.0, floor (log10 (step) + 1e-9)), m = step / mag;
        gboolean single_digit = FALSE;

        for (guint k = 0; k < G_N_ELEMENTS (mantissas); k++)
          single_digit |= fabs (m - mantissas[k]) < 1e-9;
        g_assert_true (single_digit);
        if (count_ticks (lo, hi, step) >= 2)
          continue;
        for (int e = -3; e <= 1; e++)
          for (guint k = 0; k < G_N_ELEMENTS (mantissas); k++)
            {
              double s = mantissas[k] * mag * pow (10.0, e);

              if (s < step * (1 - 1e-9) && s / (hi - lo) * height >= 14)
                g_assert_cmpint (count_ticks (lo, hi, s), <, 2);
            }
      }
}

/* Labels in the gutter right of the plot: close ones stack downwards past
 * each other, upwards where the plot ends; labels the chart laid out
 * before the pass take their places in order. */
static void
test_label_placement (void)
{
  SsChartLabels  labels = { 0 };
  SsChartContext ctx = { .x = 0, .y = 0, .width = 500, .height = 100, .labels = &labels };
  double         a = ss_chart_context_place_gutter_label (&ctx, 30, 60, 12);
  double         b = ss_chart_context_place_gutter_label (&ctx, 34, 40, 12); /* overlaps a's rows */
  double         c = ss_chart_context_place_gutter_label (&ctx, 70, 50, 12); /* rows of its own */
  double         d = ss_chart_context_place_gutter_label (&ctx, 97, 30, 12); /* clamped to the plot */
  double         e = ss_chart_context_place_gutter_label (&ctx, 92, 30, 12); /* no room below d: above it */

  g_assert_cmpfloat (a, ==, 24);
  g_assert_cmpfloat (b, ==, a + 12 + 1);
  g_assert_cmpfloat (c, ==, 64);
  g_assert_cmpfloat (d, ==, 88);
  g_assert_cmpfloat (e, ==, c - 1 - 12);
  g_assert_cmpuint (labels.n, ==, 5);
  ctx.labels = NULL; /* no record: centred on y */
  g_assert_cmpfloat (ss_chart_context_place_gutter_label (&ctx, 30, 60, 12), ==, 24);
  /* laid out beforehand: taken in order, whatever y */
  memset (&labels, 0, sizeof labels);
  ctx.labels = &labels;
  labels.box[0].y = 5;
  labels.box[1].y = 50;
  labels.n_planned = 2;
  g_assert_cmpfloat (ss_chart_context_place_gutter_label (&ctx, 90, 10, 12), ==, 5);
  g_assert_cmpfloat (ss_chart_context_place_gutter_label (&ctx, 10, 10, 12), ==, 50);
}

/* Significant digits of a reading ("-0.01234 N": 4; "1.2e-05": 2). */
static int
count_digits (const char *text)
{
  int      n = 0;
  gboolean leading = TRUE;

  for (const char *c = text; *c != '\0' && *c != 'e' && *c != ' '; c++)
    if (g_ascii_isdigit (*c))
      {
        leading = leading && *c == '0';
        n += !leading;
      }
  return n;
}

/* A curve's reading in the legend as the run's own tolerance supports
 * it: the same sample of a one-mass run computed with rtol 1e-4 reads
 * with fewer significant digits than with rtol 1e-8. */
static void
test_reading_digits (void)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  const double       rtols[] = { 1e-4, 1e-8 };
  int                digits[2] = { 0 };
  double             t = NAN;

  for (int k = 0; k < 2; k++)
    {
      ss_model   *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
      ss_run_opts opts = { .rtol = rtols[k] };
      ss_trace   *trace = ss_run (m, &opts, NULL);
      g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
      g_autoptr(SsDataset) dataset = ss_dataset_new_from_trace (ref, trace);
      g_autoptr(SsSeries) series = ss_series_new ("v");
      g_autoptr(SsChartLayer) line = NULL;
      g_autofree char *text = NULL;
      int              column = ss_dataset_find_column (dataset, "v");
      double           lo, hi;

      g_assert_nonnull (trace);
      ss_trace_free (trace);
      ss_dataset_set_run_options (dataset, &opts);
      g_assert_true (ss_dataset_get_column_range (dataset, column, &lo, &hi));
      /* a sample a few thousandths of the column's largest size: above the
       * first run's noise (1e-4 of that size) by three digits only */
      for (guint i = ss_dataset_get_n_rows (dataset); isnan (t) && i-- > 0;)
        {
          double           v = fabs (ss_dataset_get_value (dataset, i, column)), size = MAX (fabs (lo), fabs (hi));
          g_autofree char *whole = ss_readable_number (v, 0.0);

          /* not a round number, which reads short at any tolerance */
          if (v > 0.002 * size && v < 0.009 * size && count_digits (whole) == SS_READABLE_DIGITS)
            t = ss_dataset_get_times (dataset)[i];
        }
      g_assert_false (isnan (t));
      ss_series_set_dataset (series, dataset);
      line = ss_line_layer_new (series, "m/s");
      text = ss_chart_layer_format_value (line, t);
      g_assert_nonnull (text);
      digits[k] = count_digits (text);
      g_test_message ("rtol %g: v(%g) reads \"%s\"", rtols[k], t, text);
    }
  g_assert_cmpint (digits[1], ==, SS_READABLE_DIGITS);
  g_assert_cmpint (digits[0], <, digits[1]);
}

/* @text with every digit a 0 (as the legend's rooms measure it). */
static char *
zero_digits (char *text)
{
  for (char *p = text; *p != '\0'; p++)
    if (*p >= '1' && *p <= '9')
      *p = '0';
  return text;
}

/* One value's shape against its text: a shape seen before had the same
 * text but for its digits. */
static void
check_shape (GHashTable *seen, guint64 shape, char *text, double value, guint *n)
{
  const char *before = g_hash_table_lookup (seen, &shape);

  zero_digits (text);
  if (before == NULL)
    g_hash_table_insert (seen, g_memdup2 (&shape, sizeof shape), text);
  else
    {
      if (strcmp (before, text) != 0)
        g_error ("%.17g: shape %" G_GINT64_MODIFIER "x is \"%s\" and \"%s\"", value, shape, before, text);
      g_free (text);
    }
  (*n)++;
}

/* The shapes of readings and plain numbers (ss_readable_number_shape,
 * ss_format_number_shape): two values of one shape have texts alike but
 * for their digits, over values of every size and sign, with the ties,
 * decades' edges and noise levels where the rounding is closest (the
 * legend's rooms format one text per shape). */
static void
test_number_shapes (void)
{
  g_autoptr(GHashTable) readable = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GHashTable) plain = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  const double noises[] = { 0, 1e-12, 3e-9, 1e-8, 2.5e-6, 1e-4, 0.02, 1, 7e4 };
  const double specials[] = { 0,       -0.0,     INFINITY, -INFINITY, NAN,        1234.5, 0.5,     2.5,
                              99995,   99994.99, 9.9995,   0.0099995, 0.00099995, 1e-3,   1e5,     99999.5,
                              1.00005, 5e-13,    1e-12,    1.5e-12,   1e300,      1e-300, 4.9e-324 };
  GRand       *rand = g_rand_new_with_seed (20261129);
  guint        n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (specials); i++)
    g_array_append_val (values, specials[i]);
  /* each decade's edges and the halfway points of each digit count */
  for (int e = -16; e <= 16; e++)
    for (int d = 1; d <= 4; d++)
      {
        double p = pow (10, e), half = 0.5 * pow (10, e - d + 1);
        double v[] = { p,
                       nextafter (p, 0),
                       nextafter (p, INFINITY),
                       p - half,
                       nextafter (p - half, 0),
                       nextafter (p - half, INFINITY),
                       1.25 * p,
                       1.235 * p,
                       3.14159 * p };

        g_array_append_vals (values, v, G_N_ELEMENTS (v));
      }
  for (int i = 0; i < 200000; i++)
    {
      double v = pow (10, g_rand_double_range (rand, -15, 15));

      /* few digits, as a run's settled values */
      if (i % 3 == 0)
        v = round (v * 1e3) / 1e3;
      g_array_append_val (values, v);
    }
  g_rand_free (rand);
  for (guint i = 0; i < values->len; i++)
    for (int sign = 1; sign >= -1; sign -= 2)
      {
        double v = sign * g_array_index (values, double, i);

        for (guint k = 0; k < G_N_ELEMENTS (noises); k++)
          check_shape (readable, (guint64)ss_readable_number_shape (v, noises[k]) << 32 | k,
                       ss_readable_number (v, noises[k]), v, &n);
        check_shape (plain, ss_format_number_shape (v), ss_format_number (v), v, &n);
      }
  g_test_message ("%u values: %u shapes of readings, %u of plain numbers", n, g_hash_table_size (readable),
                  g_hash_table_size (plain));
  g_assert_cmpuint (g_hash_table_size (readable), >, 100);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gui/decimation", test_decimation);
  g_test_add_func ("/gui/label-placement", test_label_placement);
  g_test_add_func ("/gui/tick-step", test_tick_step);
  g_test_add_func ("/gui/format-tick", test_format_tick);
  g_test_add_func ("/gui/screen-minus", test_screen_minus);
  g_test_add_func ("/gui/reading-digits", test_reading_digits);
  g_test_add_func ("/gui/number-shapes", test_number_shapes);
  return g_test_run ();
}
