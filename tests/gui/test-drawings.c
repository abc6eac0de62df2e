/* test-drawings.c - the mechanism drawings against the models, without a
 * display: every column and parameter a drawing declares is in its
 * scenario's output for every combination of the scenario's choice
 * parameters, and each drawing draws a short run of every combination
 * reading nothing it did not declare (an undeclared read is a critical,
 * fatal here). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "drawings/drawings.h"
#include <stickslip/stickslip.h>

/* Calls @fn for @sc's defaults with every combination of its choices. */
typedef void (*VariantFunc) (const ss_scenario *sc, const double *values, const char *label);

static void
for_each_variant (const ss_scenario *sc, VariantFunc fn)
{
  g_autofree double *values = g_new (double, sc->n_params);
  g_autofree int    *choice = g_new0 (int, sc->n_params);
  g_autofree int    *n_choices = g_new0 (int, sc->n_params);
  gboolean           done = FALSE;

  for (int i = 0; i < sc->n_params; i++)
    if (sc->params[i].kind == SS_PARAM_CHOICE)
      while (sc->params[i].choices[n_choices[i]] != NULL)
        n_choices[i]++;
  while (!done)
    {
      GString *label = g_string_new (sc->name);

      ss_scenario_defaults (sc, values);
      for (int i = 0; i < sc->n_params; i++)
        if (n_choices[i] > 0)
          {
            values[i] = choice[i];
            g_string_append_printf (label, " %s=%s", sc->params[i].name, sc->params[i].choices[choice[i]]);
          }
      fn (sc, values, label->str);
      g_string_free (label, TRUE);
      /* the next combination, like an odometer */
      done = TRUE;
      for (int i = 0; i < sc->n_params && done; i++)
        if (n_choices[i] > 0)
          {
            choice[i] = (choice[i] + 1) % n_choices[i];
            done = choice[i] == 0;
          }
    }
}

static const SsDrawing *
drawing_of (const ss_scenario *sc)
{
  const SsDrawing *drawing = ss_drawing_lookup (sc->name);

  return drawing != NULL ? drawing : &ss_drawing_generic;
}

static ss_model *
create_model (const ss_scenario *sc, const double *values, const char *label)
{
  char     *error = NULL;
  ss_model *m = sc->create (sc, values, &error);

  if (m == NULL)
    g_test_message ("%s: no model (%s), nothing to draw", label, error);
  free (error);
  return m;
}

static guint n_checked;

static void
check_variant (const ss_scenario *sc, const double *values, const char *label)
{
  ss_model *m = create_model (sc, values, label);
  g_autoptr(GPtrArray) missing = NULL;

  if (m == NULL)
    return;
  n_checked++;
  missing = ss_drawing_dup_missing (drawing_of (sc), m);
  for (guint i = 0; i < missing->len; i++)
    {
      g_test_message ("%s: the drawing declares %s, the model's output has none", label, (char *)missing->pdata[i]);
      g_test_fail ();
    }
  ss_model_free (m);
}

/* What every drawing declares is in its scenario's output, for every
 * combination of the scenario's choices (a law adds bristle columns, a
 * level removes bearings, a flexible rod adds springs). */
static void
test_columns (void)
{
  for (int i = 0; i < ss_scenario_count (); i++)
    for_each_variant (ss_scenario_get (i), check_variant);
  g_test_message ("%u variants checked", n_checked);
  g_assert_cmpuint (n_checked, >=, (guint)ss_scenario_count ());
}

/* The registry names scenarios that exist, each once. */
static void
test_registry (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const char *name;
  guint       n = 0;

  for (guint i = 0; (name = ss_drawing_get_scenario (i)) != NULL; i++, n++)
    {
      g_assert_nonnull (ss_scenario_find (name));
      g_assert_true (g_hash_table_add (seen, (gpointer)name));
      g_assert_nonnull (ss_drawing_lookup (name));
    }
  g_assert_cmpuint (n, >, 0);
  g_assert_null (ss_drawing_lookup ("no-such-scenario"));
}

/* @drawing of @ds at @row and the stuck/sliding legend on a new 800 x 200
 * surface, its texts laid out in @texts (NULL: each anew). */
static cairo_surface_t *
draw_image (const SsDrawing *drawing, SsDataset *ds, guint row, SsSketchTexts *texts)
{
  const ss_model  *m = ss_dataset_get_model (ds);
  SsSketchExtent   extents[SS_SKETCH_N_EXTENTS] = { { 0 } };
  g_autofree int  *index = g_new (int, ss_sketch_count_columns (drawing->columns) + 1);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 200);
  cairo_t         *cr = cairo_create (surface);
  SsSketch         f = {
            .ds = ds,
            .row = row,
            .cr = cr,
            .width = 800,
            .height = 200,
            .forces = TRUE,
            .fg = { 0, 0, 0, 1 },
            .extents = extents,
            .scale_factor = 1,
            .columns = drawing->columns,
            .column_index = index,
            .params = drawing->params,
            .texts = texts,
  };

  ss_sketch_resolve_columns (drawing->columns, m, index);
  drawing->draw (&f);
  ss_sketch_mode_legend (&f);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Draws @drawing of @ds at @row on a new 800 x 200 surface; returns the
 * number of pixels it inked. */
static int
draw_row (const SsDrawing *drawing, SsDataset *ds, guint row)
{
  cairo_surface_t     *surface = draw_image (drawing, ds, row, NULL);
  const unsigned char *px;
  int                  stride, inked = 0;

  px = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < 200; y++)
    for (int x = 0; x < 800; x++)
      inked += px[y * stride + 4 * x + 3] != 0;
  cairo_surface_destroy (surface);
  return inked;
}

static void
draw_variant (const ss_scenario *sc, const double *values, const char *label)
{
  ss_model   *m = create_model (sc, values, label);
  ss_run_opts opts = { .t_end = MIN (0.5, sc->t_end), .dt_out = 0.01 };
  ss_trace   *tr;
  char       *error = NULL;
  g_autoptr(SsModelRef) ref = NULL;
  g_autoptr(SsDataset) ds = NULL;

  if (m == NULL)
    return;
  tr = ss_run (m, &opts, &error);
  if (tr == NULL)
    g_error ("%s: %s", label, error);
  ref = ss_model_ref_new (m);
  ds = ss_dataset_new (ref);
  ss_dataset_append_rows (ds, tr->n_rows, tr->t, tr->rows);
  /* the scenario's drawing and the generic one, mid-run and at the end */
  for (guint r = 0; r < 2; r++)
    {
      guint row = r == 0 ? (guint)tr->n_rows / 2 : (guint)tr->n_rows - 1;

      g_assert_cmpint (draw_row (drawing_of (sc), ds, row), >, 800 * 200 / 50);
      g_assert_cmpint (draw_row (&ss_drawing_generic, ds, row), >, 800 * 200 / 100);
    }
  ss_trace_free (tr);
}

static void
test_draw (gconstpointer data)
{
  for_each_variant (data, draw_variant);
}

static gboolean
same_pixels (cairo_surface_t *a, cairo_surface_t *b)
{
  int stride = cairo_image_surface_get_stride (a);

  return stride == cairo_image_surface_get_stride (b) &&
         memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                 (size_t)stride * (size_t)cairo_image_surface_get_height (a)) == 0;
}

/* Each scenario's drawing with its texts kept: the frame drawn again
 * lays no text out again, and every frame is pixel for pixel the one
 * drawn with each text laid out anew (as before the texts were kept),
 * over the run's rows; the kept layouts stay at most SS_SKETCH_TEXTS_MAX. */
static void
test_texts_kept (void)
{
  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);
      g_autofree double *values = g_new (double, sc->n_params);
      ss_model          *m;
      ss_run_opts        opts = { .t_end = MIN (0.5, sc->t_end), .dt_out = 0.01 };
      ss_trace          *tr;
      char              *error = NULL;
      SsSketchTexts     *texts = ss_sketch_texts_new ();
      g_autoptr(SsModelRef) ref = NULL;
      g_autoptr(SsDataset) ds = NULL;

      for (int p = 0; p < sc->n_params; p++)
        values[p] = sc->params[p].def;
      m = create_model (sc, values, sc->name);
      g_assert_nonnull (m);
      tr = ss_run (m, &opts, &error);
      g_assert_nonnull (tr);
      ref = ss_model_ref_new (m);
      ds = ss_dataset_new (ref);
      ss_dataset_append_rows (ds, tr->n_rows, tr->t, tr->rows);
      for (guint row = 0; row < tr->n_rows; row += 7)
        {
          cairo_surface_t *anew = draw_image (drawing_of (sc), ds, row, NULL);
          cairo_surface_t *kept = draw_image (drawing_of (sc), ds, row, texts);
          guint            made = ss_sketch_texts_get_made (texts);
          cairo_surface_t *again = draw_image (drawing_of (sc), ds, row, texts);

          g_assert_true (same_pixels (anew, kept));
          g_assert_true (same_pixels (anew, again));
          /* the stuck/sliding legend at least */
          g_assert_cmpuint (made, >=, row == 0 ? 2 : 0);
          g_assert_cmpuint (ss_sketch_texts_get_made (texts), ==, made);
          cairo_surface_destroy (anew);
          cairo_surface_destroy (kept);
          cairo_surface_destroy (again);
        }
      ss_sketch_texts_free (texts);
      ss_trace_free (tr);
    }
}

/* A drawing that reads a column it did not declare. */
static const SsSketchColumn z_only[] = { { "z", NULL }, { NULL, NULL } };

static void
draw_undeclared (SsSketch *f)
{
  ss_sketch_value (f, "v");
}

static void
test_undeclared_read (void)
{
  if (g_test_subprocess ())
    {
      const SsDrawing    sneaky = { draw_undeclared, z_only, NULL };
      const ss_scenario *sc = ss_scenario_find ("one-mass");
      ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
      ss_run_opts        opts = { .t_end = 0.1, .dt_out = 0.01 };
      ss_trace          *tr = ss_run (m, &opts, NULL);
      g_autoptr(SsModelRef) ref = ss_model_ref_new (m);
      g_autoptr(SsDataset) ds = ss_dataset_new (ref);

      ss_dataset_append_rows (ds, tr->n_rows, tr->t, tr->rows);
      draw_row (&sneaky, ds, 0);
      ss_trace_free (tr);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*reads column \"v\" without declaring it*");
}

/* The "when" of a declared column follows the run's choice. */
static void
test_when (void)
{
  static const SsSketchColumn column = { "bearing_delta.stick", "level=1|2" };
  const ss_scenario          *sc = ss_scenario_find ("gear-train");
  const char                 *level[] = { "level=1", "level=2", "level=3", "level=4" };

  for (guint i = 0; i < G_N_ELEMENTS (level); i++)
    {
      ss_model *m = ss_model_new_from_assignments (sc, &level[i], 1, NULL);

      g_assert_nonnull (m);
      g_assert_cmpint (ss_drawing_column_required (&column, m), ==, i < 2);
      /* and the model agrees: the gear bearings go with levels 3 and 4 */
      g_assert_cmpint (ss_model_column_find (m, column.name) >= 0, ==, i < 2);
      ss_model_free (m);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/drawings/registry", test_registry);
  g_test_add_func ("/drawings/columns-declared", test_columns);
  g_test_add_func ("/drawings/when", test_when);
  g_test_add_func ("/drawings/undeclared-read", test_undeclared_read);
  g_test_add_func ("/drawings/texts-kept", test_texts_kept);
  for (int i = 0; i < ss_scenario_count (); i++)
    {
      const ss_scenario *sc = ss_scenario_get (i);
      g_autofree char   *path = g_strdup_printf ("/drawings/draw/%s", sc->name);

      g_test_add_data_func (path, sc, test_draw);
    }
  return g_test_run ();
}
