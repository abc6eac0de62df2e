/* ss-export.c - plots and data written through the engine's ss_output
 * (model/core/output-file.c): a regular file is rendered into a temporary
 * file beside it and renamed over it on success (a failure never leaves a
 * partial file), keeping its mode, owner and hard links; a symlink's target
 * is written; a device or FIFO is written directly, never replaced. */
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
write_stream (void *closure, const unsigned char *data, unsigned int length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* An ss_output's failure as a GError; frees @msg. */
static gboolean
output_error (GError **error, char *msg)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, msg ? msg : _("Could not write the file"));
  free (msg);
  return FALSE;
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
  cairo_surface_t *surface = NULL;
  cairo_status_t   status;
  ss_output       *out;
  FILE            *f;
  char            *msg = NULL;

  g_return_val_if_fail (SS_IS_PLOT_STACK (stack), FALSE);

  if (width < 100 || height < 100 || width > 20000 || height > 20000)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Image size %d × %d is outside 100–20000"), width, height);
      return FALSE;
    }

  out = ss_output_open (path, &msg);
  if (out == NULL)
    return output_error (error, msg);
  f = ss_output_stream (out);
  switch (format)
    {
    case SS_EXPORT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      /* a 1600 px wide image reads like a 1000 px wide screen */
      render (stack, surface, width, height, MAX (1.0, width / 1000.0), title, subtitle);
      cairo_surface_flush (surface);
      status = cairo_surface_write_to_png_stream (surface, write_stream, f);
      break;
    case SS_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_stream, f, width, height);
      /* pixels, so the document is exactly the requested size everywhere */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      render (stack, surface, width, height, 1.0, title, subtitle);
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
      break;
    case SS_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_stream, f, width, height);
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
