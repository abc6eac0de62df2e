/* ss-study-dialog-export.c - the study window's exports: the library's
 * table as CSV and the plot (a title block over the chart, drawn by
 * ss_chart_draw as on screen) as PNG, SVG or PDF, written through the
 * output-file rules, and the file dialogs that ask where.  Apart: the
 * window's only files on disk, and the only code that draws off screen. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ss-export.h"
#include "ss-model-strings.h"
#include "ss-study-dialog-private.h"

static cairo_status_t
write_stream (void *closure, const unsigned char *data, unsigned int length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

static gboolean
output_error (GError **error, char *msg)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, msg ? msg : _("Could not write the file"));
  free (msg);
  return FALSE;
}

/* The library's CSV of the finished (or cancelled) run, through the
 * output-file rules (a replaced file is never left half written). */
gboolean
ss_study_dialog_export_csv (SsStudyDialog *self, const char *path, GError **error)
{
  const ss_study_result *r = ss_study_dialog_get_result (self);
  char                  *msg = NULL;
  ss_output             *out;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (r == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("No finished study to export"));
      return FALSE;
    }
  out = ss_output_open (path, &msg);
  if (out == NULL)
    return output_error (error, msg);
  ss_study_write_csv (self->run->study, r, TRUE, ss_output_stream (out));
  return ss_output_commit (out, &msg) || output_error (error, msg);
}

/* What the plot's header says under the title: the scenario, the base and
 * how many variants ran. */
static char *
plot_subtitle (SsStudyDialog *self)
{
  const ss_study    *st = ss_study_dialog_get_study (self);
  const ss_scenario *sc = ss_study_scenario (st);
  g_autofree char   *base = _ss_study_dialog_describe_base (sc, ss_study_base_values (st));
  int                done = ss_study_table_count (self->table, SS_STUDY_ROW_DONE);
  int                failed = ss_study_table_count (self->table, SS_STUDY_ROW_FAILED);

  if (self->run->result != NULL && self->run->result->cancelled)
    /* Translators: under a cancelled study's plot: scenario, base values, variants run, failed */
    return g_strdup_printf (_("%1$s. Base: %2$s. Cancelled after %3$d of %4$d variants, %5$d failed."),
                               ss_i18n_model_text (sc->title), base, done + failed,
                               ss_study_table_get_n_variants (self->table), failed);
  /* Translators: under a study's plot: scenario, base values, variants run, failed */
  return g_strdup_printf (_("%1$s. Base: %2$s. %3$d of %4$d variants run, %5$d failed."),
                             ss_i18n_model_text (sc->title), base, done + failed,
                             ss_study_table_get_n_variants (self->table), failed);
}

/* The header and the chart through ss_chart_draw (as on screen). */
static void
render_plot (SsStudyDialog *self, cairo_t *cr, double width, double height)
{
  g_autofree char      *subtitle = plot_subtitle (self);
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 12");
  SsChartStyle          style;
  int                   tw, th;
  double                y;

  ss_chart_style_init_for_export (&style);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int)((width - 24) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_text (layout, self->plot_title, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  gdk_cairo_set_source_rgba (cr, &style.fg);
  cairo_move_to (cr, 12, 10);
  pango_cairo_show_layout (cr, layout);
  y = 10 + th + 2;
  pango_font_description_free (font);
  font = pango_font_description_from_string ("Sans 8.5");
  pango_layout_set_font_description (layout, font);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_text (layout, subtitle, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  cairo_move_to (cr, 12, y);
  pango_cairo_show_layout (cr, layout);
  y += th + 10;
  pango_font_description_free (font);
  g_object_unref (layout);

  cairo_translate (cr, 6, y);
  ss_chart_draw (self->chart, cr, width - 12, MAX (60, height - y - 6), &style);
  cairo_restore (cr);
}

/* The plot as PNG (@width × @height pixels), SVG or PDF (points), by the
 * file's extension. */
gboolean
ss_study_dialog_export_plot (SsStudyDialog *self, const char *path, int width, int height, GError **error)
{
  SsExportFormat   format;
  cairo_surface_t *surface = NULL;
  cairo_status_t   status;
  cairo_t         *cr;
  ss_output       *out;
  char            *msg = NULL;
  FILE            *f;
  double           scale = 1.0;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (self->chart == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("No study to export"));
      return FALSE;
    }
  if (!ss_export_format_from_path (path, &format))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Unknown image type: name the file .png, .svg or .pdf"));
      return FALSE;
    }
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
  if (format == SS_EXPORT_PNG)
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      /* a 1600 px wide image reads like a 1000 px wide screen */
      scale = MAX (1.0, width / 1000.0);
    }
  else if (format == SS_EXPORT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (write_stream, f, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else
    {
      surface = cairo_pdf_surface_create_for_stream (write_stream, f, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, self->plot_title);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Stick-Slip Lab");
    }
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  render_plot (self, cr, width / scale, height / scale);
  cairo_show_page (cr);
  cairo_destroy (cr);
  if (format == SS_EXPORT_PNG)
    {
      cairo_surface_flush (surface);
      status = cairo_surface_write_to_png_stream (surface, write_stream, f);
    }
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS && !ferror (f))
    {
      ss_output_abort (out);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not render the plot: %s"), cairo_status_to_string (status));
      return FALSE;
    }
  return ss_output_commit (out, &msg) || output_error (error, msg);
}

static void
add_filter (GtkFileChooser *chooser, const char *name, const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

static void
file_response_cb (GtkNativeDialog *dialog, int response, SsStudyDialog *self)
{
  gboolean plot = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "plot"));
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  gboolean         ok;

  if (response == GTK_RESPONSE_ACCEPT && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL &&
      (path = g_file_get_path (file)) != NULL)
    {
      SsExportFormat   format;
      g_autofree char *name = g_path_get_basename (path);

      if (plot && !ss_export_format_from_path (path, &format))
        {
          /* no extension: the type of the chosen filter */
          GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
          const char    *name = filter != NULL ? gtk_file_filter_get_name (filter) : NULL;
          const char    *ext = g_strcmp0 (name, _("SVG image")) == 0
                                       ? ".svg"
                                       : g_strcmp0 (name, _("PDF document")) == 0 ? ".pdf" : ".png";
          char          *p = g_strconcat (path, ext, NULL);

          g_free (path);
          path = p;
        }
      else if (!plot && strchr (name, '.') == NULL)
        {
          char *p = g_strconcat (path, ".csv", NULL);

          g_free (path);
          path = p;
        }
      ok = plot ? ss_study_dialog_export_plot (self, path, 1600, 1000, &error)
                : ss_study_dialog_export_csv (self, path, &error);
      if (ok)
        {
          g_autofree char *basename = g_path_get_basename (path);
          g_autofree char *msg = g_strdup_printf (_("Exported “%s”"), basename);

          _ss_study_dialog_toast (self, msg);
        }
      else
        {
          GtkWidget *alert = adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Export"), error->message);

          adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), "close", _("_Close"));
          gtk_window_present (GTK_WINDOW (alert));
        }
    }
  gtk_native_dialog_destroy (dialog);
  if (self->file_dialog == dialog)
    g_clear_object (&self->file_dialog);
}

void
_ss_study_dialog_run_file_dialog (SsStudyDialog *self, gboolean plot)
{
  GtkFileChooserNative *native;
  const ss_scenario    *sc = ss_study_scenario (ss_study_dialog_get_study (self));
  g_autofree char      *name = g_strdup_printf (plot ? "%s-study.png" : "%s-study.csv", sc->name);

  if (self->file_dialog != NULL)
    return;
  native = gtk_file_chooser_native_new (plot ? _("Export Plot")
                                             : _("Export Table"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                  _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (plot)
    {
      add_filter (GTK_FILE_CHOOSER (native), _("PNG image"), "*.png");
      add_filter (GTK_FILE_CHOOSER (native), _("SVG image"), "*.svg");
      add_filter (GTK_FILE_CHOOSER (native), _("PDF document"), "*.pdf");
    }
  else
    add_filter (GTK_FILE_CHOOSER (native), _("CSV data"), "*.csv");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data (G_OBJECT (native), "plot", GINT_TO_POINTER (plot));
  g_signal_connect (native, "response", G_CALLBACK (file_response_cb), self);
  self->file_dialog = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->file_dialog);
}
