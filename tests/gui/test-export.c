/* test-export.c - publication figures: SVG text as <text>, the sizes asked
 * for (mm with a resolution, or px) in PNG, PDF and SVG, font sizes in
 * points at the printed size, one file per chart, the overlaid runs named
 * in the legend, one decimal separator per figure in a Polish locale, the
 * title from the human names, and the export dialog.
 * SS_TEST_SHOT_DIR=DIR keeps the files written for a look. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-application.h"
#include "test-gui-util.h"
#include "ss-settings.h"
#include "ss-export-dialog.h"
#include "ss-export.h"
#include "ss-pinned-run.h"
#include "ss-resources.h"
#include <stickslip/stickslip.h>

static char *tmpdir;

/* ---- runs and stacks ------------------------------------------------ */

/* A run of @scenario with @sets (NULL-terminated), as the window keeps it. */
static SsDataset *
make_run (const char *scenario, const char *const *sets)
{
  const ss_scenario *sc = ss_scenario_find (scenario);
  ss_run_opts        opts = { 0 };
  char              *error = NULL;
  int                n = 0;
  ss_model          *m;
  ss_trace          *trace;
  SsDataset         *dataset;
  g_autoptr(SsModelRef) ref = NULL;

  while (sets != NULL && sets[n] != NULL)
    n++;
  m = ss_model_new_from_assignments (sc, sets, n, &error);
  if (m == NULL)
    g_error ("%s: %s", scenario, error);
  trace = ss_run (m, &opts, &error);
  if (trace == NULL)
    g_error ("%s: %s", scenario, error);
  ref = ss_model_ref_new (m);
  dataset = ss_dataset_new (ref);
  ss_dataset_append_rows (dataset, (guint)trace->n_rows, trace->t, trace->rows);
  ss_dataset_append_events (dataset, (guint)trace->n_events, trace->events);
  ss_trace_free (trace);
  return dataset;
}

/* A stack of charts showing @current, with @ghost (the previous run) and
 * the runs @pinned (NULL-terminated) named as the window names them, by
 * what differs from @current. */
static SsPlotStack *
make_stack_pins (SsDataset *current, SsDataset *ghost, SsDataset *const *pinned)
{
  SsPlotStack    *stack = SS_PLOT_STACK (g_object_ref_sink (ss_plot_stack_new ()));
  const ss_model *m = ss_dataset_get_model (current);
  g_autoptr(GArray) runs = g_array_new (FALSE, FALSE, sizeof (SsPlotStackRun));
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  ss_plot_stack_set_model (stack, m);
  for (guint i = 0; pinned != NULL && pinned[i] != NULL; i++)
    {
      char *name = ss_pinned_run_describe (ss_model_scenario (m), ss_model_values (ss_dataset_get_model (pinned[i])),
                                           ss_model_values (m));
      SsPlotStackRun run = { pinned[i], name, i };

      g_ptr_array_add (names, name);
      g_array_append_val (runs, run);
    }
  ss_plot_stack_set_pinned_runs (stack, (SsPlotStackRun *)(gpointer)runs->data, runs->len);
  ss_plot_stack_set_datasets (stack, current, ghost);
  return stack;
}

static SsPlotStack *
make_stack (SsDataset *current, SsDataset *ghost, SsDataset *pinned)
{
  SsDataset *pins[] = { pinned, NULL };

  return make_stack_pins (current, ghost, pins);
}

static char *
temp_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

/* Keeps a copy of @path in $SS_TEST_SHOT_DIR, if set. */
static void
keep (const char *path)
{
  const char      *dir = g_getenv ("SS_TEST_SHOT_DIR");
  g_autofree char *contents = NULL;
  g_autofree char *base = NULL;
  g_autofree char *to = NULL;
  gsize            len;

  if (dir == NULL)
    return;
  base = g_path_get_basename (path);
  to = g_build_filename (dir, base, NULL);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (to, contents, (gssize)len, NULL));
}

/* ---- reading the files back ----------------------------------------- */

typedef struct
{
  GPtrArray *texts;      /* the content of every <text> */
  GPtrArray *font_sizes; /* their font-size attributes */
  GArray    *ys;         /* their baselines (double) */
  char      *width;      /* the <svg> element's */
  char      *height;
  int        paths;
  int        glyphs; /* cairo's glyph outlines: <symbol id="glyph…"> */
  gboolean   in_text;
} SvgInfo;

static void
svg_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             data,
           GError             **error)
{
  SvgInfo *info = data;

  (void)context;
  (void)error;
  if (g_str_equal (element, "svg"))
    for (guint i = 0; names[i] != NULL; i++)
      {
        if (g_str_equal (names[i], "width"))
          info->width = g_strdup (values[i]);
        else if (g_str_equal (names[i], "height"))
          info->height = g_strdup (values[i]);
      }
  if (g_str_equal (element, "path"))
    info->paths++;
  if (g_str_equal (element, "symbol"))
    for (guint i = 0; names[i] != NULL; i++)
      if (g_str_equal (names[i], "id") && g_str_has_prefix (values[i], "glyph"))
        info->glyphs++;
  if (g_str_equal (element, "text"))
    {
      info->in_text = TRUE;
      g_ptr_array_add (info->texts, g_strdup (""));
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "font-size"))
          g_ptr_array_add (info->font_sizes, g_strdup (values[i]));
        else if (g_str_equal (names[i], "y"))
          {
            double y = g_ascii_strtod (values[i], NULL);

            g_array_append_val (info->ys, y);
          }
    }
}

static void
svg_end (GMarkupParseContext *context, const char *element, gpointer data, GError **error)
{
  SvgInfo *info = data;

  (void)context;
  (void)error;
  if (g_str_equal (element, "text"))
    info->in_text = FALSE;
}

static void
svg_text (GMarkupParseContext *context, const char *text, gsize len, gpointer data, GError **error)
{
  SvgInfo *info = data;

  (void)context;
  (void)error;
  if (info->in_text)
    {
      GString *s = g_string_new (g_ptr_array_index (info->texts, info->texts->len - 1));

      g_string_append_len (s, text, (gssize)len);
      g_free (info->texts->pdata[info->texts->len - 1]);
      info->texts->pdata[info->texts->len - 1] = g_string_free (s, FALSE);
    }
}

static void
svg_info_clear (SvgInfo *info)
{
  g_ptr_array_unref (info->texts);
  g_ptr_array_unref (info->font_sizes);
  g_array_unref (info->ys);
  g_free (info->width);
  g_free (info->height);
}

/* Parses the SVG at @path (it must be well-formed XML). */
static void
read_svg (const char *path, SvgInfo *info)
{
  GMarkupParser        parser = { svg_start, svg_end, svg_text, NULL, NULL };
  GMarkupParseContext *ctx;
  g_autofree char     *text = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  memset (info, 0, sizeof *info);
  info->texts = g_ptr_array_new_with_free_func (g_free);
  info->font_sizes = g_ptr_array_new_with_free_func (g_free);
  info->ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  ctx = g_markup_parse_context_new (&parser, 0, info, NULL);
  g_assert_true (g_markup_parse_context_parse (ctx, text, (gssize)len, &error));
  g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (ctx);
}

static gboolean
has_text (const SvgInfo *info, const char *text)
{
  for (guint i = 0; i < info->texts->len; i++)
    if (g_str_equal (g_ptr_array_index (info->texts, i), text))
      return TRUE;
  return FALSE;
}

/* The baseline of the text @text. */
static double
text_y (const SvgInfo *info, const char *text)
{
  for (guint i = 0; i < info->texts->len; i++)
    if (g_str_equal (g_ptr_array_index (info->texts, i), text))
      return g_array_index (info->ys, double, i);
  g_error ("no text “%s”", text);
}

static gboolean
has_text_prefix (const SvgInfo *info, const char *prefix)
{
  for (guint i = 0; i < info->texts->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (info->texts, i), prefix))
      return TRUE;
  return FALSE;
}

/* A text that is a number (a tick label): "-0.5", "12", "0,25". */
static gboolean
is_number (const char *text)
{
  return g_regex_match_simple ("^[-−]?[0-9]+([.,][0-9]+)?(e[-+][0-9]+)?$", text, 0, 0);
}

/* The PNG's width and height from its IHDR, and its resolution (pHYs, in
 * pixels per metre; 0 without). */
static void
read_png (const char *path, int *width, int *height, guint *per_metre)
{
  g_autofree guchar *data = NULL;
  gsize              len;

  g_assert_true (g_file_get_contents (path, (char **)&data, &len, NULL));
  g_assert_cmpuint (len, >, 33);
  g_assert_true (memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0);
  g_assert_true (memcmp (data + 12, "IHDR", 4) == 0);
  *width = (int)((guint)data[16] << 24 | (guint)data[17] << 16 | (guint)data[18] << 8 | data[19]);
  *height = (int)((guint)data[20] << 24 | (guint)data[21] << 16 | (guint)data[22] << 8 | data[23]);
  *per_metre = 0;
  /* chunks: length, type, data, CRC */
  for (gsize at = 8; at + 12 <= len;)
    {
      guint n = (guint)data[at] << 24 | (guint)data[at + 1] << 16 | (guint)data[at + 2] << 8 | data[at + 3];

      if (memcmp (data + at + 4, "pHYs", 4) == 0 && n == 9 && data[at + 16] == 1) /* unit: metre */
        *per_metre = (guint)data[at + 8] << 24 | (guint)data[at + 9] << 16 | (guint)data[at + 10] << 8 | data[at + 11];
      at += 12 + (gsize)n;
    }
}

/* The first page's MediaBox of the PDF at @path, pt. */
static void
read_pdf_page (const char *path, double *width, double *height)
{
  g_autofree char *data = NULL;
  gsize            len;
  const char      *box;
  double           x0, y0, x1, y1;
  char            *end;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  box = memmem (data, len, "/MediaBox", 9);
  g_assert_nonnull (box);
  box += 9;
  while (*box == ' ' || *box == '[')
    box++;
  x0 = g_ascii_strtod (box, &end);
  y0 = g_ascii_strtod (end, &end);
  x1 = g_ascii_strtod (end, &end);
  y1 = g_ascii_strtod (end, &end);
  *width = x1 - x0;
  *height = y1 - y0;
}

/* An SVG length "85mm" as a number and its unit. */
static double
svg_length (const char *text, const char *unit)
{
  char  *end;
  double v = g_ascii_strtod (text, &end);

  g_assert_cmpstr (end, ==, unit);
  return v;
}

/* ---- tests ---------------------------------------------------------- */

static const char *const k400[] = { "k=400", NULL };
static const char *const k350[] = { "k=350", NULL };
static const char *const k300[] = { "k=300", NULL };

/* Every label of an exported SVG is text (no glyph outlines): the title
 * and its parameters, the charts' titles, tick labels, the axis title,
 * the legend and the levels' labels.  The window's export too. */
static void
test_svg_text (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, NULL);
  g_autofree char *svg = temp_path ("figure.svg");
  g_autofree char *old = temp_path ("window.svg");
  SsExportOptions  options;
  SvgInfo          info;
  guint            numbers = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;

  ss_export_options_init (&options);
  options.format = SS_EXPORT_SVG;
  options.width = 120;
  options.height = 150;
  options.title = "Block with static and kinetic friction";
  options.subtitle = "Spring stiffness k = 400 N/m";
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  g_assert_no_error (error);
  keep (svg);
  read_svg (svg, &info);
  g_test_message ("%u <text> elements, %d paths", info.texts->len, info.paths);
  g_assert_cmpint (info.glyphs, ==, 0);
  g_assert_true (has_text (&info, "Block with static and kinetic friction"));
  g_assert_true (has_text (&info, "Spring stiffness k = 400 N/m"));
  g_assert_true (has_text (&info, "Friction ratio |F|/N"));
  g_assert_true (has_text (&info, "base: friction force F"));
  g_assert_true (has_text (&info, "base stuck"));
  g_assert_true (has_text (&info, "μs"));
  g_assert_true (has_text_prefix (&info, "Time t"));
  for (guint i = 0; i < info.texts->len; i++)
    numbers += is_number (g_ptr_array_index (info.texts, i));
  g_assert_cmpuint (numbers, >=, 15);  /* tick labels */
  g_assert_cmpint (info.paths, >, 20); /* the curves stay drawings */
  /* it renders (librsvg, as the file managers and Inkscape's import) */
  pixbuf = gdk_pixbuf_new_from_file (svg, &error);
  g_assert_no_error (error);
  svg_info_clear (&info);

  /* the window's export (Ctrl+E before the dialog) writes text too */
  g_assert_true (ss_export_plot (stack, old, SS_EXPORT_SVG, 800, 900, "one-mass", NULL, &error));
  g_assert_no_error (error);
  read_svg (old, &info);
  g_assert_cmpint (info.glyphs, ==, 0);
  g_assert_true (has_text (&info, "one-mass"));
  g_assert_true (has_text (&info, "base: friction force F"));
  svg_info_clear (&info);
}

/* The sizes asked for: mm at a resolution and px, in every format. */
static void
test_sizes (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, NULL);
  g_autofree char *png = temp_path ("size.png");
  g_autofree char *pdf = temp_path ("size.pdf");
  g_autofree char *svg = temp_path ("size.svg");
  SsExportOptions  options;
  SvgInfo          info;
  int              w, h;
  guint            per_metre;
  double           pw, ph;
  g_autoptr(GError) error = NULL;

  /* 85 × 60 mm at 300 dpi: 1004 × 709 px, 240.94 × 170.08 pt */
  ss_export_options_init (&options);
  options.unit = SS_EXPORT_UNIT_MM;
  options.width = 85;
  options.height = 60;
  options.dpi = 300;
  options.format = SS_EXPORT_PNG;
  g_assert_true (ss_export_figure (stack, png, &options, NULL, &error));
  g_assert_no_error (error);
  read_png (png, &w, &h, &per_metre);
  g_assert_cmpint (w, ==, 1004);
  g_assert_cmpint (h, ==, 709);
  g_assert_cmpuint (per_metre, ==, 11811); /* 300 dpi */
  keep (png);

  options.format = SS_EXPORT_PDF;
  g_assert_true (ss_export_figure (stack, pdf, &options, NULL, &error));
  g_assert_no_error (error);
  read_pdf_page (pdf, &pw, &ph);
  g_assert_cmpfloat_with_epsilon (pw, 85 / 25.4 * 72, 0.01);
  g_assert_cmpfloat_with_epsilon (ph, 60 / 25.4 * 72, 0.01);
  keep (pdf);

  options.format = SS_EXPORT_SVG;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  g_assert_no_error (error);
  read_svg (svg, &info);
  g_assert_cmpfloat_with_epsilon (svg_length (info.width, "mm"), 85, 1e-6);
  g_assert_cmpfloat_with_epsilon (svg_length (info.height, "mm"), 60, 1e-6);
  svg_info_clear (&info);

  /* 1200 × 800 px at 150 dpi: those pixels, printed 8 × 5.33 in */
  options.unit = SS_EXPORT_UNIT_PX;
  options.width = 1200;
  options.height = 800;
  options.dpi = 150;
  options.format = SS_EXPORT_PNG;
  g_assert_true (ss_export_figure (stack, png, &options, NULL, &error));
  g_assert_no_error (error);
  read_png (png, &w, &h, &per_metre);
  g_assert_cmpint (w, ==, 1200);
  g_assert_cmpint (h, ==, 800);
  g_assert_cmpuint (per_metre, ==, 5906); /* 150 dpi */

  options.format = SS_EXPORT_PDF;
  g_assert_true (ss_export_figure (stack, pdf, &options, NULL, &error));
  g_assert_no_error (error);
  read_pdf_page (pdf, &pw, &ph);
  g_assert_cmpfloat_with_epsilon (pw, 1200 / 150.0 * 72, 0.01);
  g_assert_cmpfloat_with_epsilon (ph, 800 / 150.0 * 72, 0.01);

  options.format = SS_EXPORT_SVG;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  g_assert_no_error (error);
  read_svg (svg, &info);
  g_assert_cmpfloat_with_epsilon (svg_length (info.width, "px"), 1200 / 150.0 * 96, 1e-6);
  g_assert_cmpfloat_with_epsilon (svg_length (info.height, "px"), 800 / 150.0 * 96, 1e-6);
  svg_info_clear (&info);
  /* at 96 dpi a px is a CSS px */
  options.dpi = 96;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  read_svg (svg, &info);
  g_assert_cmpfloat_with_epsilon (svg_length (info.width, "px"), 1200, 1e-6);
  svg_info_clear (&info);
}

/* The font size is in points at the printed size: in an SVG in mm, tick
 * labels and legends are font_size / 72 in tall, titles a third more. */
static void
test_font_size (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, NULL);
  g_autofree char *svg = temp_path ("font.svg");
  const double     sizes[] = { 7, 10 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      SsExportOptions options;
      SvgInfo         info;
      guint           at_size = 0, titles = 0;
      g_autoptr(GError) error = NULL;

      ss_export_options_init (&options);
      options.format = SS_EXPORT_SVG;
      options.font_size = sizes[k];
      options.title = "Title";
      g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
      g_assert_no_error (error);
      read_svg (svg, &info);
      g_assert_cmpuint (info.font_sizes->len, ==, info.texts->len);
      for (guint i = 0; i < info.font_sizes->len; i++)
        {
          double mm = g_ascii_strtod (g_ptr_array_index (info.font_sizes, i), NULL);

          if (fabs (mm - sizes[k] / 72 * 25.4) < 0.002)
            at_size++;
          else if (fabs (mm - sizes[k] * 12 / 9 / 72 * 25.4) < 0.002)
            titles++;
        }
      g_test_message ("%g pt: %u of %u texts at the size, %u titles", sizes[k], at_size, info.texts->len, titles);
      g_assert_cmpuint (at_size, >, info.texts->len / 2);
      g_assert_cmpuint (titles, ==, 1);
      svg_info_clear (&info);
    }
}

/* One file per chart: NAME-N.EXT, N the chart's place in the stack. */
static void
test_file_per_chart (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, NULL);
  g_autofree char *png = temp_path ("chart.png");
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  guint           n = ss_plot_stack_get_n_charts (stack);
  const guint     some[] = { 0, 2 };
  SsExportOptions options;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (n, >=, 3);
  ss_export_options_init (&options);
  options.unit = SS_EXPORT_UNIT_PX;
  options.width = 640;
  options.height = 300;
  options.one_file_per_chart = TRUE;
  g_assert_true (ss_export_figure (stack, png, &options, written, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *expected = g_strdup_printf ("%s/chart-%u.png", tmpdir, i + 1);
      int              w, h;
      guint            per_metre;

      g_assert_cmpstr (g_ptr_array_index (written, i), ==, expected);
      read_png (expected, &w, &h, &per_metre);
      g_assert_cmpint (w, ==, 640);
      g_assert_cmpint (h, ==, 300);
      keep (expected);
      g_unlink (expected);
    }
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));

  /* a choice of charts keeps their numbers */
  g_ptr_array_set_size (written, 0);
  options.charts = some;
  options.n_charts = G_N_ELEMENTS (some);
  g_assert_true (ss_export_figure (stack, png, &options, written, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 2);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (written, 0), "/chart-1.png"));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (written, 1), "/chart-3.png"));
  {
    g_autofree char *two = g_strdup_printf ("%s/chart-2.png", tmpdir);

    g_assert_false (g_file_test (two, G_FILE_TEST_EXISTS));
  }
  {
    g_autofree char *name = ss_export_chart_path ("plot", 4);

    g_assert_cmpstr (name, ==, "plot-5");
  }

  /* nothing chosen, or a chart that is not there: a message, no file */
  options.n_charts = 0;
  g_assert_false (ss_export_figure (stack, png, &options, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
}

/* A figure narrower than a chart's title and its legend's first entry:
 * the legend goes under the title, not over it. */
static void
test_narrow_legend (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, NULL);
  g_autofree char *svg = temp_path ("narrow.svg");
  const guint      top[] = { 0 };
  SsExportOptions  options;
  SvgInfo          info;
  g_autoptr(GError) error = NULL;

  ss_export_options_init (&options);
  options.format = SS_EXPORT_SVG;
  options.width = 55;
  options.height = 30;
  options.font_size = 8;
  options.charts = top;
  options.n_charts = 1;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  g_assert_no_error (error);
  read_svg (svg, &info);
  g_test_message ("title at %g mm, legend at %g mm", text_y (&info, "Friction ratio |F|/N"),
                  text_y (&info, "base stuck"));
  /* a text line (8 pt = 2.8 mm) lower */
  g_assert_cmpfloat (text_y (&info, "base stuck"), >, text_y (&info, "Friction ratio |F|/N") + 2.5);
  svg_info_clear (&info);

  /* wide enough: beside it, as on screen */
  options.width = 170;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  read_svg (svg, &info);
  g_assert_cmpfloat (fabs (text_y (&info, "base stuck") - text_y (&info, "Friction ratio |F|/N")), <, 0.01);
  svg_info_clear (&info);
}

/* Only the chosen charts, in one figure: fewer charts, fewer titles. */
static void
test_chosen_charts (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, NULL);
  g_autofree char *svg = temp_path ("chosen.svg");
  const guint      one[] = { 1 };
  SsExportOptions  options;
  SvgInfo          info;
  g_autoptr(GError) error = NULL;

  ss_export_options_init (&options);
  options.format = SS_EXPORT_SVG;
  options.charts = one;
  options.n_charts = 1;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  g_assert_no_error (error);
  read_svg (svg, &info);
  g_assert_true (has_text (&info, ss_chart_get_title (ss_plot_stack_get_chart (stack, 1))));
  g_assert_false (has_text (&info, ss_chart_get_title (ss_plot_stack_get_chart (stack, 0))));
  /* the top chart's legend of stick intervals goes with the figure's top */
  g_assert_true (has_text (&info, "base stuck"));
  svg_info_clear (&info);
}

/* The previous and the pinned runs are drawn and named in the legend by
 * what differs; without them the figure is the current run's alone. */
static void
test_overlays (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsDataset) previous = make_run ("one-mass", k350);
  g_autoptr(SsDataset) pinned = make_run ("one-mass", k300);
  g_autoptr(SsPlotStack) stack = make_stack (run, previous, pinned);
  g_autoptr(SsPlotStack) alone = make_stack (run, NULL, NULL);
  g_autoptr(SsPlotStack) with_ghost = make_stack (run, previous, NULL);
  g_autofree char *svg = temp_path ("overlays.svg");
  g_autofree char *png = temp_path ("overlays.png");
  g_autofree char *png_alone = temp_path ("alone.png");
  guint            phase[1];
  SsExportOptions  options;
  SvgInfo          info;
  g_autoptr(GError) error = NULL;

  ss_plot_stack_add_xy_chart (stack, "base.v", "base.F");
  ss_plot_stack_add_xy_chart (alone, "base.v", "base.F");
  ss_export_options_init (&options);
  options.format = SS_EXPORT_SVG;
  options.overlays = TRUE;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  g_assert_no_error (error);
  keep (svg);
  read_svg (svg, &info);
  g_assert_true (has_text (&info, "current run: Spring stiffness k = 400 N/m"));
  g_assert_true (has_text (&info, "previous run: Spring stiffness k = 350 N/m"));
  g_assert_true (has_text (&info, "Spring stiffness k = 300 N/m"));
  svg_info_clear (&info);

  /* a characteristic alone names them too */
  options.charts = phase;
  options.n_charts = 1;
  phase[0] = ss_plot_stack_get_n_charts (stack) - 1;
  g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
  read_svg (svg, &info);
  g_assert_true (has_text (&info, "previous run: Spring stiffness k = 350 N/m"));
  g_assert_true (has_text (&info, "Spring stiffness k = 300 N/m"));
  svg_info_clear (&info);

  /* left out: the same pixels as a stack that never had them */
  options.charts = NULL;
  options.overlays = FALSE;
  options.format = SS_EXPORT_PNG;
  options.unit = SS_EXPORT_UNIT_PX;
  options.width = 600;
  options.height = 900;
  options.dpi = 96;
  g_assert_true (ss_export_figure (stack, png, &options, NULL, &error));
  g_assert_true (ss_export_figure (alone, png_alone, &options, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GdkPixbuf) a = gdk_pixbuf_new_from_file (png, NULL);
    g_autoptr(GdkPixbuf) b = gdk_pixbuf_new_from_file (png_alone, NULL);
    g_autoptr(GBytes) pa = gdk_pixbuf_read_pixel_bytes (a);
    g_autoptr(GBytes) pb = gdk_pixbuf_read_pixel_bytes (b);

    g_assert_true (g_bytes_equal (pa, pb));
  }
  options.overlays = TRUE;
  g_assert_true (ss_export_figure (stack, png, &options, NULL, &error));
  {
    g_autoptr(GdkPixbuf) a = gdk_pixbuf_new_from_file (png, NULL);
    g_autoptr(GdkPixbuf) b = gdk_pixbuf_new_from_file (png_alone, NULL);
    g_autoptr(GBytes) pa = gdk_pixbuf_read_pixel_bytes (a);
    g_autoptr(GBytes) pb = gdk_pixbuf_read_pixel_bytes (b);

    g_assert_false (g_bytes_equal (pa, pb));
  }
  keep (png);

  /* every pinned run drawn is named, each in its own line style */
  {
    g_autoptr(SsDataset) k200 = make_run ("one-mass", (const char *const[]){ "k=200", NULL });
    SsDataset *pins[] = { pinned, k200, NULL };
    g_autoptr(SsPlotStack) two = make_stack_pins (run, NULL, pins);

    g_assert_true (ss_export_plot (two, svg, SS_EXPORT_SVG, 800, 900, NULL, NULL, &error));
    g_assert_no_error (error);
    keep (svg);
    read_svg (svg, &info);
    g_assert_true (has_text (&info, "current run: Spring stiffness k = 400 N/m"));
    g_assert_true (has_text (&info, "Spring stiffness k = 300 N/m"));
    g_assert_true (has_text (&info, "Spring stiffness k = 200 N/m"));
    svg_info_clear (&info);
  }

  /* the window's export names the previous run as well */
  g_assert_true (ss_export_plot (with_ghost, svg, SS_EXPORT_SVG, 800, 900, NULL, NULL, &error));
  g_assert_no_error (error);
  read_svg (svg, &info);
  g_assert_true (has_text (&info, "previous run: Spring stiffness k = 350 N/m"));
  g_assert_true (has_text (&info, "current run: Spring stiffness k = 400 N/m"));
  svg_info_clear (&info);
}

/* a no-break space: the title's values stay with their names */
#define NB "\u00a0"

/* The title from the human names, in the user's locale; a wrapped
 * subtitle keeps each value with its name. */
static void
test_title (void)
{
  const ss_scenario   *sc = ss_scenario_find ("one-mass");
  g_autofree double   *values = g_new (double, sc->n_params);
  g_autofree gboolean *shown = g_new0 (gboolean, sc->n_params);
  g_autofree char     *title = NULL;
  g_autofree char     *subtitle = NULL;

  ss_scenario_defaults (sc, values);
  g_assert_true (ss_param_set_text (sc, values, "k", "400", NULL));
  g_assert_true (ss_param_set_text (sc, values, "mu_s", "0.55", NULL));
  title = ss_export_dup_title (sc, values, NULL, &subtitle);
  g_assert_cmpstr (title, ==, "Block with static and kinetic friction — Exact Coulomb (event-driven)");
  g_assert_nonnull (strstr (subtitle, "Spring stiffness k" NB "=" NB "400" NB "N/m, "));
  g_assert_nonnull (strstr (subtitle, "Static coefficient μs" NB "=" NB "0.55"));
  g_assert_nonnull (strstr (subtitle, "Mass M" NB "=" NB "1" NB "kg"));
  /* the exact law has no regularisation parameter */
  g_assert_null (strstr (subtitle, "γ"));
  g_clear_pointer (&subtitle, g_free);

  /* the caller's choice */
  shown[ss_scenario_param_index (sc, "k")] = TRUE;
  g_clear_pointer (&title, g_free);
  title = ss_export_dup_title (sc, values, shown, &subtitle);
  g_assert_cmpstr (subtitle, ==, "Spring stiffness k" NB "=" NB "400" NB "N/m");
}

/* A locale with a decimal comma (Polish), made with localedef in @dir
 * when the system has none; FALSE when it cannot be had.  LC_NUMERIC is
 * left in it. */
static gboolean
use_comma_locale (const char *dir)
{
  locale_t loc = test_comma_locale (dir);

  if (loc == (locale_t)0)
    return FALSE;
  freelocale (loc);
  if (setlocale (LC_NUMERIC, "pl_PL.UTF-8") != NULL)
    return TRUE;
  g_setenv ("LOCPATH", dir, TRUE);
  return setlocale (LC_NUMERIC, "pl_PL.UTF-8") != NULL;
}

/* In a locale with a decimal comma every number of a figure has one:
 * tick labels, the title's values and the legend's. */
static void
test_locale (void)
{
  const char *const  mu55[] = { "mu_s=0.55", "k=400", NULL };
  const char *const  mu45[] = { "mu_s=0.45", "k=400", NULL };
  g_autofree char   *dir = g_dir_make_tmp ("stickslip-locale-XXXXXX", NULL);
  g_autofree char   *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char   *svg = temp_path ("locale.svg");
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *values = g_new (double, sc->n_params);
  g_autofree char   *title = NULL;
  g_autofree char   *subtitle = NULL;
  SsExportOptions    options;
  SvgInfo            info;
  guint              commas = 0;
  g_autoptr(GError) error = NULL;

  if (!use_comma_locale (dir))
    {
      g_test_fail_printf ("no locale with a decimal comma (pl_PL): install Debian's 'locales' package");
      return;
    }
  {
    g_autoptr(SsDataset) run = make_run ("one-mass", mu55);
    g_autoptr(SsDataset) pinned = make_run ("one-mass", mu45);
    g_autoptr(SsPlotStack) stack = make_stack (run, NULL, pinned);

    ss_scenario_defaults (sc, values);
    g_assert_true (ss_param_set_text (sc, values, "mu_s", "0.55", NULL));
    title = ss_export_dup_title (sc, values, NULL, &subtitle);
    g_assert_nonnull (strstr (subtitle, "Static coefficient μs" NB "=" NB "0,55; "));
    g_assert_nonnull (strstr (subtitle, "Gravity g" NB "=" NB "9,81" NB "m/s²"));

    ss_export_options_init (&options);
    options.format = SS_EXPORT_SVG;
    options.title = title;
    options.subtitle = subtitle;
    g_assert_true (ss_export_figure (stack, svg, &options, NULL, &error));
    g_assert_no_error (error);
  }
  setlocale (LC_NUMERIC, saved);
  g_unsetenv ("LOCPATH");
  keep (svg);
  read_svg (svg, &info);
  g_assert_true (has_text (&info, "Static coefficient μs = 0,45"));
  for (guint i = 0; i < info.texts->len; i++)
    {
      const char *text = g_ptr_array_index (info.texts, i);

      if (g_regex_match_simple ("[0-9]\\.[0-9]", text, 0, 0))
        g_error ("a decimal point in a figure with decimal commas: “%s”", text);
      commas += is_number (text) && strchr (text, ',') != NULL;
    }
  g_test_message ("%u tick labels with a decimal comma", commas);
  g_assert_cmpuint (commas, >=, 3);
  svg_info_clear (&info);

  /* the C locale's figure says 0.55 */
  {
    g_autofree char *c_title = NULL;
    g_autofree char *c_subtitle = NULL;

    c_title = ss_export_dup_title (sc, values, NULL, &c_subtitle);
    g_assert_nonnull (strstr (c_subtitle, "Static coefficient μs" NB "=" NB "0.55, "));
  }
  test_remove_tree (dir);
}

/* Bad options: a message naming the option and its valid range. */
static void
test_bad_options (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, NULL);
  g_autofree char *png = temp_path ("bad.png");
  SsExportOptions  options;
  g_autoptr(GError) error = NULL;

  ss_export_options_init (&options);
  options.width = 5;
  g_assert_false (ss_export_check_options (&options, &error));
  g_assert_nonnull (strstr (error->message, "Width 5 mm"));
  g_assert_nonnull (strstr (error->message, "10–2000 mm"));
  g_clear_error (&error);

  ss_export_options_init (&options);
  options.dpi = 5000;
  g_assert_false (ss_export_check_options (&options, &error));
  g_assert_nonnull (strstr (error->message, "Resolution 5000 dpi"));
  g_clear_error (&error);

  /* 2 m at 2400 dpi is far more than 20000 px */
  ss_export_options_init (&options);
  options.width = 2000;
  options.dpi = 2400;
  g_assert_false (ss_export_figure (stack, png, &options, NULL, &error));
  g_assert_nonnull (strstr (error->message, "20000 px"));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  /* the same as a PDF is a page of 2 m: fine */
  options.format = SS_EXPORT_PDF;
  g_assert_true (ss_export_check_options (&options, &error));

  /* a PNG within 20000 px a side but of more than 64 million pixels */
  ss_export_options_init (&options);
  options.unit = SS_EXPORT_UNIT_PX;
  options.width = 8000;
  options.height = 9000;
  g_assert_false (ss_export_check_options (&options, &error));
  g_assert_nonnull (strstr (error->message, "64 million"));
  g_clear_error (&error);
}

/* ---- the dialog ----------------------------------------------------- */

static void
collect_widgets (GtkWidget *widget, GType type, GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, type, found);
}

/* The dialog's Export… button. */
static GtkWidget *
export_button (SsExportDialog *dialog)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  collect_widgets (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), "export.choose-file") == 0)
      return g_ptr_array_index (buttons, i);
  g_assert_not_reached ();
}

static void
settle (GtkWidget *widget)
{
  for (int i = 0; i < 50 || !gtk_widget_get_mapped (widget); i++)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
      g_assert_cmpint (i, <, 5000);
    }
}

/* The window as drawn, into $SS_TEST_SHOT_DIR/NAME. */
static void
capture (GtkWidget *widget, const char *name)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot     *snapshot;
  GskRenderNode   *node;
  int              width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  if (g_getenv ("SS_TEST_SHOT_DIR") == NULL)
    return;
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  path = g_build_filename (g_getenv ("SS_TEST_SHOT_DIR"), name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
reset_export_settings (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    if (g_str_has_prefix (keys[i], "export-"))
      g_settings_reset (settings, keys[i]);
}

/* The dialog: its options are the export's, remembered in GSettings; a
 * unit change keeps the printed size; the charts left out are left out;
 * the title is the human one; bad options disable Export. */
static void
test_dialog (void)
{
  g_autoptr(SsDataset) run = make_run ("one-mass", k400);
  g_autoptr(SsDataset) pinned = make_run ("one-mass", k300);
  g_autoptr(SsPlotStack) stack = make_stack (run, NULL, pinned);
  g_autoptr(SsPlotStack) alone = make_stack (run, NULL, NULL);
  g_autoptr(GSettings) settings = ss_settings_new ();
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autofree char   *svg = temp_path ("dialog.svg");
  g_autofree char   *title = NULL;
  g_autofree char   *subtitle = NULL;
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  g_autofree double *values = g_new (double, sc->n_params);
  SsExportDialog    *dialog;
  SsExportOptions    options;
  SvgInfo            info;
  g_autoptr(GError) error = NULL;

  reset_export_settings (settings);
  ss_scenario_defaults (sc, values);
  values[ss_scenario_param_index (sc, "k")] = 400;
  title = ss_export_dup_title (sc, values, NULL, &subtitle);
  dialog = ss_export_dialog_new (NULL, stack, sc, values, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  settle (GTK_WIDGET (dialog));
  capture (GTK_WIDGET (dialog), "export-dialog.png");
  if (g_getenv ("SS_TEST_SHOT_DIR") != NULL)
    {
      g_autoptr(GPtrArray) expanders = g_ptr_array_new ();

      /* everything, for a look: the charts' list open, one file each */
      collect_widgets (GTK_WIDGET (dialog), ADW_TYPE_EXPANDER_ROW, expanders);
      adw_expander_row_set_expanded (g_ptr_array_index (expanders, 0), TRUE);
      g_settings_set_boolean (settings, "export-one-file-per-chart", TRUE);
      gtk_window_set_default_size (GTK_WINDOW (dialog), 980, 1180);
      settle (GTK_WIDGET (dialog));
      capture (GTK_WIDGET (dialog), "export-dialog-all.png");
      g_settings_set_boolean (settings, "export-one-file-per-chart", FALSE);
    }

  /* the defaults, the human title */
  ss_export_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.format, ==, SS_EXPORT_PNG);
  g_assert_cmpint (options.unit, ==, SS_EXPORT_UNIT_MM);
  g_assert_cmpfloat (options.width, ==, 170);
  g_assert_cmpfloat (options.height, ==, 200);
  g_assert_cmpfloat (options.dpi, ==, 300);
  g_assert_cmpfloat (options.font_size, ==, 8);
  g_assert_true (options.overlays);
  g_assert_false (options.one_file_per_chart);
  g_assert_cmpuint (options.n_charts, ==, ss_plot_stack_get_n_charts (stack));
  g_assert_cmpstr (options.title, ==, title);
  g_assert_cmpstr (options.subtitle, ==, subtitle);
  g_assert_true (gtk_widget_get_sensitive (export_button (dialog)));

  /* pixels: the same printed size (170 mm at 300 dpi) */
  g_settings_set_string (settings, "export-unit", "px");
  ss_export_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.unit, ==, SS_EXPORT_UNIT_PX);
  g_assert_cmpfloat (options.width, ==, 2008);
  g_assert_cmpfloat (options.height, ==, 2362);
  g_assert_cmpfloat (g_settings_get_double (settings, "export-width"), ==, 2008);

  /* the second chart left out, SVG, no title, the parameters kept */
  collect_widgets (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, checks);
  g_assert_cmpuint (checks->len, ==, ss_plot_stack_get_n_charts (stack));
  gtk_check_button_set_active (g_ptr_array_index (checks, 1), FALSE);
  g_settings_set_string (settings, "export-format", "svg");
  g_settings_set_boolean (settings, "export-title", FALSE);
  ss_export_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.format, ==, SS_EXPORT_SVG);
  g_assert_cmpuint (options.n_charts, ==, ss_plot_stack_get_n_charts (stack) - 1);
  g_assert_null (options.title);
  g_assert_true (ss_export_dialog_export_to (dialog, svg, written, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  read_svg (svg, &info);
  g_assert_true (has_text (&info, ss_chart_get_title (ss_plot_stack_get_chart (stack, 0))));
  g_assert_false (has_text (&info, ss_chart_get_title (ss_plot_stack_get_chart (stack, 1))));
  g_assert_false (has_text (&info, title));
  g_assert_true (has_text_prefix (&info, "Mass M"));
  g_assert_true (has_text (&info, "Spring stiffness k = 300 N/m"));
  g_assert_cmpfloat_with_epsilon (svg_length (info.width, "px"), 2008 / 300.0 * 96, 1e-6);
  svg_info_clear (&info);

  /* too many pixels for a PNG: no export */
  g_settings_set_string (settings, "export-format", "png");
  g_settings_set_string (settings, "export-unit", "mm");
  g_settings_set_double (settings, "export-dpi", 2400);
  g_settings_set_double (settings, "export-width", 1000);
  g_assert_false (gtk_widget_get_sensitive (export_button (dialog)));
  g_settings_set_double (settings, "export-dpi", 300);
  g_assert_true (gtk_widget_get_sensitive (export_button (dialog)));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* the next dialog has the options of this one (not the charts' choice) */
  g_settings_set_boolean (settings, "export-one-file-per-chart", TRUE);
  dialog = ss_export_dialog_new (NULL, alone, sc, values, NULL);
  ss_export_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.unit, ==, SS_EXPORT_UNIT_MM);
  g_assert_cmpfloat (options.width, ==, 1000);
  g_assert_true (options.one_file_per_chart);
  g_assert_null (options.title);
  g_assert_cmpuint (options.n_charts, ==, ss_plot_stack_get_n_charts (alone));
  /* nothing to overlay: the switch is off */
  g_assert_false (options.overlays);
  gtk_window_destroy (GTK_WINDOW (dialog));
  reset_export_settings (settings);
}

int
main (int argc, char *argv[])
{
  int rc;

  g_setenv ("GTK_A11Y", "none", TRUE);
  /* the labels under test are the untranslated ones */
  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init (&argc, &argv);
  tmpdir = g_dir_make_tmp ("stickslip-export-XXXXXX", NULL);

  g_test_add_func ("/export/svg-text", test_svg_text);
  g_test_add_func ("/export/sizes", test_sizes);
  g_test_add_func ("/export/font-size", test_font_size);
  g_test_add_func ("/export/file-per-chart", test_file_per_chart);
  g_test_add_func ("/export/chosen-charts", test_chosen_charts);
  g_test_add_func ("/export/narrow-legend", test_narrow_legend);
  g_test_add_func ("/export/overlays", test_overlays);
  g_test_add_func ("/export/title", test_title);
  g_test_add_func ("/export/locale", test_locale);
  g_test_add_func ("/export/bad-options", test_bad_options);
  g_test_add_func ("/export/dialog", test_dialog);
  rc = g_test_run ();

  test_remove_tree (tmpdir);
  return rc;
}
