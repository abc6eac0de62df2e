/* ss-export.c - everything is rendered into memory first and then handed to
 * g_file_set_contents(), which writes a temporary file and renames it: a
 * failure never leaves a partial file behind. */
#define G_LOG_DOMAIN "ss-export"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "ss-export.h"

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

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
render (SsPlotStack     *stack,
        cairo_surface_t *surface,
        double           width,
        double           height,
        double           scale,
        const char      *title,
        const char      *subtitle)
{
  cairo_t     *cr = cairo_create (surface);
  SsChartStyle style;

  ss_chart_style_init_for_export (&style);
  cairo_scale (cr, scale, scale);
  ss_plot_stack_draw (stack, cr, width / scale, height / scale, &style, title, subtitle);
  cairo_show_page (cr);
  cairo_destroy (cr);
}

/* @width × @height: pixels for PNG, points for SVG and PDF. */
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
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = NULL;
  cairo_status_t   status;

  g_return_val_if_fail (SS_IS_PLOT_STACK (stack), FALSE);

  if (width < 100 || height < 100 || width > 20000 || height > 20000)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Image size %d × %d is outside 100–20000"), width, height);
      return FALSE;
    }

  switch (format)
    {
    case SS_EXPORT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      /* a 1600 px wide image reads like a 1000 px wide screen */
      render (stack, surface, width, height, MAX (1.0, width / 1000.0), title, subtitle);
      cairo_surface_flush (surface);
      status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
      break;
    case SS_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      /* pixels, so the document is exactly the requested size everywhere */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      render (stack, surface, width, height, 1.0, title, subtitle);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      break;
    case SS_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title ? title : "");
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Stick-Slip Lab");
      render (stack, surface, width, height, 1.0, title, subtitle);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      break;
    default:
      g_assert_not_reached ();
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not render the plot: %s"), cairo_status_to_string (status));
      return FALSE;
    }
  return g_file_set_contents (path, (const char *)bytes->data, bytes->len, error);
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

gboolean
ss_export_csv (SsDataset *dataset, const char *path, GError **error)
{
  gsize    length = 0;
  char    *data = ss_export_csv_data (dataset, &length);
  gboolean ok;

  if (data == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Out of memory while writing CSV"));
      return FALSE;
    }
  ok = g_file_set_contents (path, data, length, error);
  free (data);
  return ok;
}
