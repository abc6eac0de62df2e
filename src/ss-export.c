/* ss-export.c - plots and data written through the engine's ss_output
 * (model/core/output-file.c): a regular file is rendered into a temporary
 * file beside it and renamed over it on success (a failure never leaves a
 * partial file), keeping its mode, owner and hard links; a symlink's target
 * is written; a device or FIFO is written directly, never replaced. */
#define G_LOG_DOMAIN "ss-export"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ss-chart-text.h"
#include "ss-export.h"
#include "ss-model-strings.h"
#include "ss-units.h"

gboolean
ss_export_format_from_path (const char *path, SsExportFormat *format)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".png"))
    *format = SS_EXPORT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = SS_EXPORT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = SS_EXPORT_PDF;
  else
    return FALSE;
  return TRUE;
}

#define MM_PER_INCH     25.4
#define PT_PER_INCH     72.0
#define CSS_PX_PER_INCH 96.0
/* pango-cairo's resolution: the charts' font sizes in user units at it */
#define PANGO_PER_INCH 96.0

const char *
ss_export_format_extension (SsExportFormat format)
{
  switch (format)
    {
    case SS_EXPORT_SVG:
      return ".svg";
    case SS_EXPORT_PDF:
      return ".pdf";
    case SS_EXPORT_PNG:
    default:
      return ".png";
    }
}

/* A figure for a single column of a journal's page, at print resolution. */
void
ss_export_options_init (SsExportOptions *options)
{
  memset (options, 0, sizeof *options);
  options->format = SS_EXPORT_PNG;
  options->unit = SS_EXPORT_UNIT_MM;
  options->width = 170;
  options->height = 200;
  options->dpi = 300;
  options->font_size = 8;
  options->overlays = TRUE;
}

static gboolean
check_range (double value, double min, double max, const char *name, const char *unit, GError **error)
{
  if (value >= min && value <= max)
    return TRUE;
  /* Translators: e.g. "Width 5 mm is outside 10–2000 mm" */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("%s %g %s is outside %g–%g %s"), name, value, unit, min, max, unit);
  return FALSE;
}

gboolean
ss_export_check_options (const SsExportOptions *options, GError **error)
{
  gboolean    mm = options->unit == SS_EXPORT_UNIT_MM;
  double      min = mm ? SS_EXPORT_MIN_MM : SS_EXPORT_MIN_PX, max = mm ? SS_EXPORT_MAX_MM : SS_EXPORT_MAX_PX;
  const char *unit = mm ? _("mm") : _("px");
  double      w_mm, h_mm;
  int         w, h;

  if (!check_range (options->width, min, max, _("Width"), unit, error))
    return FALSE;
  if (!check_range (options->height, min, max, _("Height"), unit, error))
    return FALSE;
  if (!check_range (options->dpi, SS_EXPORT_MIN_DPI, SS_EXPORT_MAX_DPI, _("Resolution"), _("dpi"), error))
    return FALSE;
  if (!check_range (options->font_size, SS_EXPORT_MIN_FONT, SS_EXPORT_MAX_FONT, _("Font size"), _("pt"), error))
    return FALSE;
  ss_export_get_print_size (options, &w_mm, &h_mm);
  if (options->format == SS_EXPORT_PNG)
    {
      ss_export_get_pixel_size (options, &w, &h);
      /* the image and its copy for the PNG writer are in memory at once */
      if (MAX (w, h) > SS_EXPORT_MAX_PX || MIN (w, h) < SS_EXPORT_MIN_PX || (double)w * h > SS_EXPORT_MAX_PIXELS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("An image of %d × %d px is outside %g–%g px a side or over %g million pixels: change the "
                         "resolution or the size"),
                          w, h, SS_EXPORT_MIN_PX, SS_EXPORT_MAX_PX, SS_EXPORT_MAX_PIXELS / 1e6);
          return FALSE;
        }
    }
  else if (MAX (w_mm, h_mm) > SS_EXPORT_MAX_MM || MIN (w_mm, h_mm) < 1)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A page of %.0f × %.0f mm is outside 1–%g mm a side: change the resolution or the size"), w_mm,
                      h_mm, SS_EXPORT_MAX_MM);
      return FALSE;
    }
  return TRUE;
}

/* A PNG's pixels: the size in px, or the printed size at the resolution. */
void
ss_export_get_pixel_size (const SsExportOptions *options, int *width, int *height)
{
  double factor = options->unit == SS_EXPORT_UNIT_MM ? options->dpi / MM_PER_INCH : 1.0;

  *width = (int)CLAMP (round (options->width * factor), 0, G_MAXINT / 2);
  *height = (int)CLAMP (round (options->height * factor), 0, G_MAXINT / 2);
}

/* The printed size: the size in mm, or the pixels at the resolution. */
void
ss_export_get_print_size (const SsExportOptions *options, double *width_mm, double *height_mm)
{
  double factor = options->unit == SS_EXPORT_UNIT_MM ? 1.0 : MM_PER_INCH / options->dpi;

  *width_mm = options->width * factor;
  *height_mm = options->height * factor;
}

/* "dir/plot.png" and chart 2 -> "dir/plot-3.png": one file per chart is
 * numbered by the chart's place in the stack (the top one is 1), so a
 * chart's file keeps its name whichever others are exported with it. */
char *
ss_export_chart_path (const char *path, guint chart)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = NULL;
  char            *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    {
      *dot = '\0';
      name = g_strdup_printf ("%s-%u.%s", base, chart + 1, dot + 1);
    }
  else
    name = g_strdup_printf ("%s-%u", base, chart + 1);
  if (strchr (path, G_DIR_SEPARATOR) == NULL)
    return g_steal_pointer (&name);
  return g_build_filename (dir, name, NULL);
}

/* What a file is drawn on: its format, its size in device units (px for
 * PNG, pt for PDF, the SVG's unit), and device units per unit of the
 * charts' layout (which sizes its fonts and lines for the printed size). */
typedef struct
{
  SsExportFormat   format;
  double           width;
  double           height;
  cairo_svg_unit_t svg_unit;
  double           scale;
  double           dpi; /* PNG: written into the file; 0: not */
} Target;

static void
target_from_options (const SsExportOptions *options, Target *target)
{
  SsChartStyle style;
  double       w_mm, h_mm, per_inch;
  int          w, h;

  ss_chart_style_init_for_export (&style);
  ss_export_get_print_size (options, &w_mm, &h_mm);
  memset (target, 0, sizeof *target);
  target->format = options->format;
  switch (options->format)
    {
    case SS_EXPORT_PNG:
      ss_export_get_pixel_size (options, &w, &h);
      target->width = w;
      target->height = h;
      target->dpi = options->dpi;
      per_inch = options->dpi;
      break;
    case SS_EXPORT_SVG:
      if (options->unit == SS_EXPORT_UNIT_MM)
        {
          target->svg_unit = CAIRO_SVG_UNIT_MM;
          per_inch = MM_PER_INCH;
        }
      else
        {
          target->svg_unit = CAIRO_SVG_UNIT_PX;
          per_inch = CSS_PX_PER_INCH;
        }
      target->width = w_mm / MM_PER_INCH * per_inch;
      target->height = h_mm / MM_PER_INCH * per_inch;
      break;
    case SS_EXPORT_PDF:
    default:
      per_inch = PT_PER_INCH;
      target->width = w_mm / MM_PER_INCH * per_inch;
      target->height = h_mm / MM_PER_INCH * per_inch;
      break;
    }
  /* the style's font at Pango's resolution becomes font_size points */
  target->scale = options->font_size / style.font_size * per_inch / PANGO_PER_INCH;
}

/* The figure of file @file: every chart chosen, or the @file-th of them
 * alone; @index holds the one. */
static void
file_figure (SsPlotStack *stack, const SsExportOptions *options, guint file, guint *index, SsPlotStackFigure *figure)
{
  memset (figure, 0, sizeof *figure);
  figure->title = options->title;
  figure->subtitle = options->subtitle;
  figure->overlays = options->overlays;
  figure->charts = options->charts;
  figure->n_charts = options->charts != NULL ? options->n_charts : ss_plot_stack_get_n_charts (stack);
  if (options->one_file_per_chart)
    {
      *index = options->charts != NULL ? options->charts[file] : file;
      figure->charts = index;
      figure->n_charts = 1;
    }
}

/* What a file shows: a figure of the plot stack, or a drawing given by
 * its function. */
typedef struct
{
  SsPlotStack             *stack;
  const SsPlotStackFigure *figure;
  SsExportDrawFunc         draw;
  gpointer                 data;
  const SsExportOptions   *options;
} Content;

static void
render (const Content *content, cairo_t *cr, double width, double height, double scale)
{
  SsChartStyle style;

  ss_chart_style_init_for_export (&style);
  cairo_save (cr);
  cairo_scale (cr, scale, scale);
  if (content->draw != NULL)
    content->draw (cr, width / scale, height / scale, &style, content->options, content->data);
  else
    ss_plot_stack_draw_figure (content->stack, cr, width / scale, height / scale, &style, content->figure);
  cairo_restore (cr);
}

static cairo_status_t
write_stream (void *closure, const unsigned char *data, unsigned int length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
save_png_cb (const gchar *buf, gsize count, GError **error, gpointer data)
{
  if (fwrite (buf, 1, count, data) == count)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write the file"));
  return FALSE;
}

/* An ss_output's failure as a GError; frees @msg. */
static gboolean
output_error (GError **error, char *msg)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, msg ? msg : _("Could not write the file"));
  free (msg);
  return FALSE;
}

/* The PNG with its resolution (a pHYs chunk, which cairo does not write). */
static cairo_status_t
write_png (cairo_surface_t *surface, double dpi, FILE *f)
{
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autoptr(GError) error = NULL;
  char resolution[32];

  if (dpi <= 0)
    return cairo_surface_write_to_png_stream (surface, write_stream, f);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  pixbuf = gdk_pixbuf_get_from_surface (surface, 0, 0, cairo_image_surface_get_width (surface),
                                        cairo_image_surface_get_height (surface));
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (pixbuf == NULL)
    return CAIRO_STATUS_NO_MEMORY;
  g_snprintf (resolution, sizeof resolution, "%d", (int)round (dpi));
  if (!gdk_pixbuf_save_to_callback (pixbuf, save_png_cb, f, "png", &error, "x-dpi", resolution, "y-dpi", resolution,
                                    NULL))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
write_file (const Content *content, const char *path, const Target *target, const char *pdf_title, GError **error)
{
  cairo_surface_t *surface = NULL;
  cairo_status_t   status;
  ss_output       *out;
  FILE            *f;
  char            *msg = NULL;
  cairo_t         *cr;

  out = ss_output_open (path, &msg);
  if (out == NULL)
    return output_error (error, msg);
  f = ss_output_stream (out);
  switch (target->format)
    {
    case SS_EXPORT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)target->width, (int)target->height);
      cr = cairo_create (surface);
      render (content, cr, target->width, target->height, target->scale);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      status = cairo_surface_status (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = write_png (surface, target->dpi, f);
      break;
    case SS_EXPORT_SVG:
      {
        g_autoptr(GByteArray) svg = g_byte_array_new ();

        surface = cairo_svg_surface_create_for_stream (append_bytes, svg, target->width, target->height);
        cairo_svg_surface_set_document_unit (surface, target->svg_unit);
        /* labels as <text>, written in after cairo's drawing */
        ss_chart_text_record_svg (surface);
        cr = cairo_create (surface);
        render (content, cr, target->width, target->height, target->scale);
        cairo_show_page (cr);
        cairo_destroy (cr);
        cairo_surface_finish (surface);
        status = cairo_surface_status (surface);
        if (status == CAIRO_STATUS_SUCCESS)
          {
            gsize            length;
            g_autofree char *text = ss_chart_text_splice_svg (surface, (const char *)svg->data, svg->len, &length);

            status = write_stream (f, (const unsigned char *)text, (unsigned int)length);
          }
      }
      break;
    case SS_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_stream, f, target->width, target->height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, pdf_title ? pdf_title : "");
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Stick-Slip Lab");
      cr = cairo_create (surface);
      render (content, cr, target->width, target->height, target->scale);
      cairo_show_page (cr);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      break;
    default:
      g_assert_not_reached ();
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS && !ferror (f))
    {
      ss_output_abort (out);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not render the plot: %s"), cairo_status_to_string (status));
      return FALSE;
    }
  /* a write error is the output's to report, with its reason */
  return ss_output_commit (out, &msg) || output_error (error, msg);
}

/* Writes the figure (or one file per chart, see ss_export_chart_path) to
 * @path; the paths written are added to @written (may be NULL).  On an
 * error the files written before it stay. */
gboolean
ss_export_figure (
    SsPlotStack *stack, const char *path, const SsExportOptions *options, GPtrArray *written, GError **error)
{
  guint  n_charts = ss_plot_stack_get_n_charts (stack);
  guint  n_chosen = options->charts != NULL ? options->n_charts : n_charts;
  Target target;

  g_return_val_if_fail (SS_IS_PLOT_STACK (stack), FALSE);

  if (!ss_export_check_options (options, error))
    return FALSE;
  for (guint i = 0; options->charts != NULL && i < options->n_charts; i++)
    if (options->charts[i] >= n_charts)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("There is no chart %u (the plot has %u)"), options->charts[i] + 1, n_charts);
        return FALSE;
      }
  if (n_chosen == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Choose at least one chart to export"));
      return FALSE;
    }
  target_from_options (options, &target);
  for (guint k = 0; k < (options->one_file_per_chart ? n_chosen : 1); k++)
    {
      SsPlotStackFigure figure;
      guint             index;
      g_autofree char  *file = NULL;

      Content content = { .stack = stack, .figure = &figure, .options = options };

      file_figure (stack, options, k, &index, &figure);
      file = options->one_file_per_chart ? ss_export_chart_path (path, index) : g_strdup (path);
      if (!write_file (&content, file, &target, figure.title, error))
        return FALSE;
      if (written != NULL)
        g_ptr_array_add (written, g_steal_pointer (&file));
    }
  return TRUE;
}

/* A drawing that is no plot stack's (the study window's plot) as a file
 * by the same options and rules as a figure: @draw draws it (the charts'
 * export style, sizes in the layout's units); the options' chart list,
 * one file per chart and overlays do not apply. */
gboolean
ss_export_drawing (
    const char *path, const SsExportOptions *options, SsExportDrawFunc draw, gpointer data, GError **error)
{
  Content content = { .draw = draw, .data = data, .options = options };
  Target  target;

  g_return_val_if_fail (draw != NULL, FALSE);

  if (!ss_export_check_options (options, error))
    return FALSE;
  target_from_options (options, &target);
  return write_file (&content, path, &target, options->title, error);
}

static void
draw_preview (const Content *content, const SsExportOptions *options, cairo_t *cr, double width, double height)
{
  SsChartStyle style;
  double       w_mm, h_mm, per_mm, w, h;

  ss_export_get_print_size (options, &w_mm, &h_mm);
  if (!(w_mm > 0 && h_mm > 0))
    return;
  per_mm = MIN (width / w_mm, height / h_mm);
  w = w_mm * per_mm;
  h = h_mm * per_mm;
  ss_chart_style_init_for_export (&style);
  cairo_save (cr);
  cairo_translate (cr, round ((width - w) / 2), round ((height - h) / 2));
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_clip (cr);
  render (content, cr, w, h, options->font_size / style.font_size * per_mm * MM_PER_INCH / PANGO_PER_INCH);
  cairo_restore (cr);
}

/* The (first) file's figure on a page fitted into @width × @height of
 * @cr, centred: what the export will look like, to scale. */
void
ss_export_draw_preview (SsPlotStack *stack, const SsExportOptions *options, cairo_t *cr, double width, double height)
{
  SsPlotStackFigure figure;
  guint             index;
  Content           content = { .stack = stack, .figure = &figure, .options = options };

  if (options->charts != NULL && options->n_charts == 0)
    return;
  file_figure (stack, options, 0, &index, &figure);
  draw_preview (&content, options, cr, width, height);
}

/* ss_export_draw_preview of a drawing (ss_export_drawing). */
void
ss_export_draw_drawing_preview (
    const SsExportOptions *options, SsExportDrawFunc draw, gpointer data, cairo_t *cr, double width, double height)
{
  Content content = { .draw = draw, .data = data, .options = options };

  draw_preview (&content, options, cr, width, height);
}

/* The figure's title from the human names: the scenario's title and its
 * friction law ("Block on a moving belt — Exact Coulomb (event-driven)"),
 * and in @subtitle the parameters with their values and units
 * ("Spring stiffness k = 400 N/m, Mass M = 1 kg") in the user's locale.
 * @shown (n_params flags, or NULL: every parameter the law uses, the law
 * itself being in the title) picks the parameters. */
char *
ss_export_dup_title (const ss_scenario *scenario, const double *values, const gboolean *shown, char **subtitle)
{
  int   law = ss_scenario_param_index (scenario, "law");
  char *title;

  if (law >= 0)
    {
      g_autofree char *name = ss_format_param_value (&scenario->params[law], values[law]);

      title = g_strdup_printf ("%s — %s", ss_i18n_model_text (scenario->title), name);
    }
  else
    title = g_strdup (ss_i18n_model_text (scenario->title));

  if (subtitle != NULL)
    {
      GString *s = g_string_new (NULL);

      for (int i = 0; i < scenario->n_params; i++)
        {
          g_autofree char *text = NULL;

          if (shown != NULL ? !shown[i]
                            : (i == law || !ss_param_law_uses (scenario, i, law >= 0 ? (int)values[law] : 0)))
            continue;
          text = ss_format_param_assignment (&scenario->params[i], values[i], "\u00a0");
          g_string_append_printf (s, "%s%s", s->len > 0 ? ss_format_list_separator () : "", text);
        }
      *subtitle = g_string_free (s, FALSE);
    }
  return title;
}

/* The window's export before publication figures: @width × @height are
 * pixels for PNG (the layout of a 1000 px wide screen, enlarged), points
 * for SVG and PDF; every chart, with the overlaid runs. */
gboolean
ss_export_plot (SsPlotStack   *stack,
                const char    *path,
                SsExportFormat format,
                int            width,
                int            height,
                const char    *title,
                const char    *subtitle,
                GError       **error)
{
  SsPlotStackFigure figure = { .title = title, .subtitle = subtitle, .overlays = TRUE };
  Target            target = { .format = format, .width = width, .height = height, .svg_unit = CAIRO_SVG_UNIT_PX };
  Content           content = { .stack = stack, .figure = &figure };

  g_return_val_if_fail (SS_IS_PLOT_STACK (stack), FALSE);

  if (width < 100 || height < 100 || width > 20000 || height > 20000)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Image size %d × %d is outside 100–20000"), width, height);
      return FALSE;
    }
  target.scale = format == SS_EXPORT_PNG ? MAX (1.0, width / 1000.0) : 1.0;
  return write_file (&content, path, &target, title, error);
}

/* The CLI's CSV through the engine's own writer (same columns, same
 * number format, empty fields for undetermined values). */
char *
ss_export_csv_data (SsDataset *dataset, gsize *length)
{
  const ss_model    *m = ss_dataset_get_model (dataset);
  int                n_cols = ss_dataset_get_n_columns (dataset);
  g_autofree double *row = g_new (double, MAX (n_cols, 1));
  char              *data = NULL;
  size_t             size = 0;
  FILE              *f = open_memstream (&data, &size);

  if (f == NULL)
    return NULL;
  ss_csv_write_header (m, f);
  for (guint r = 0; r < ss_dataset_get_n_rows (dataset); r++)
    {
      for (int c = 0; c < n_cols; c++)
        row[c] = ss_dataset_get_value (dataset, r, c);
      ss_csv_write_row (m, f, ss_dataset_get_times (dataset)[r], row);
    }
  if (fclose (f) != 0)
    {
      free (data);
      return NULL;
    }
  *length = size;
  return data;
}

/* The rows straight into the file (no copy of the whole CSV in memory). */
gboolean
ss_export_csv (SsDataset *dataset, const char *path, GError **error)
{
  const ss_model    *m = ss_dataset_get_model (dataset);
  int                n_cols = ss_dataset_get_n_columns (dataset);
  g_autofree double *row = g_new (double, MAX (n_cols, 1));
  char              *msg = NULL;
  ss_output         *out = ss_output_open (path, &msg);
  FILE              *f;

  if (out == NULL)
    return output_error (error, msg);
  f = ss_output_stream (out);
  ss_csv_write_header (m, f);
  for (guint r = 0; r < ss_dataset_get_n_rows (dataset) && !ferror (f); r++)
    {
      for (int c = 0; c < n_cols; c++)
        row[c] = ss_dataset_get_value (dataset, r, c);
      ss_csv_write_row (m, f, ss_dataset_get_times (dataset)[r], row);
    }
  return ss_output_commit (out, &msg) || output_error (error, msg);
}

/* A texture (the window's capture) as PNG through the same rules. */
gboolean
ss_export_texture_png (GdkTexture *texture, const char *path, GError **error)
{
  g_autoptr(GBytes) png = gdk_texture_save_to_png_bytes (texture);
  gsize       length = 0;
  const void *data = g_bytes_get_data (png, &length);
  char       *msg = NULL;

  return ss_output_write_all (path, data, length, &msg) || output_error (error, msg);
}

GtkFileChooserNative *
ss_export_save_chooser (GtkWindow  *parent,
                        const char *title,
                        const char *filter_name,
                        const char *extension,
                        const char *folder,
                        const char *name)
{
  GtkFileChooserNative *chooser =
      gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  GtkFileFilter   *filter = gtk_file_filter_new ();
  g_autofree char *pattern = g_strconcat ("*", extension, NULL);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, filter_name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  if (folder != NULL && folder[0] != '\0' && g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (GFile) dir = g_file_new_for_path (folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), dir, NULL);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  return chooser;
}
