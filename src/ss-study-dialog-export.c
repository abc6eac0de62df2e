/* ss-study-dialog-export.c - the study window's exports: the library's
 * table as CSV, and the plot (a title block over the chart, drawn by
 * ss_chart_draw as on screen) as PNG, SVG or PDF through the charts'
 * Export Figure dialog and ss_export_drawing (size, resolution, font size,
 * SVG text as text), all written through the output-file rules.  Apart:
 * the window's only files on disk, and the only code that draws off
 * screen. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ss-chart-text.h"
#include "ss-export-dialog.h"
#include "ss-model-strings.h"
#include "ss-study-dialog-private.h"

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

/* The title block and the chart through ss_chart_draw (as on screen),
 * @width × @height in the layout's units: an SsExportDrawFunc.  Text goes
 * through ss_chart_show_text, so an SVG keeps it as text. */
static void
draw_plot (
    cairo_t *cr, double width, double height, const SsChartStyle *style, const SsExportOptions *options, gpointer data)
{
  SsStudyDialog        *self = data;
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 12");
  SsChartStyle          chart_style = *style;
  int                   tw, th;
  double                y = 10;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  gdk_cairo_set_source_rgba (cr, &style->fg);
  pango_layout_set_width (layout, (int)((width - 24) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (options->title != NULL && options->title[0] != '\0')
    {
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, options->title, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      ss_chart_show_text (cr, layout, 12, y, 0);
      y += th + 2;
    }
  if (options->subtitle != NULL && options->subtitle[0] != '\0')
    {
      pango_font_description_free (font);
      font = pango_font_description_from_string ("Sans 8.5");
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, options->subtitle, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      ss_chart_show_text (cr, layout, 12, y, 0);
      y += th;
    }
  y += 10;
  pango_font_description_free (font);
  g_object_unref (layout);

  cairo_translate (cr, 6, y);
  ss_chart_draw (self->chart, cr, width - 12, MAX (60, height - y - 6), &chart_style);
  cairo_restore (cr);
}

/* The plot as PNG, SVG or PDF by @options (as the charts' Export Figure:
 * size, resolution, font size; the title block from its title and
 * subtitle), the format by the file's extension when it has one. */
gboolean
ss_study_dialog_export_figure (SsStudyDialog *self, const char *path, const SsExportOptions *options, GError **error)
{
  SsExportOptions with_format = *options;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (self->chart == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("No study to export"));
      return FALSE;
    }
  ss_export_format_from_path (path, &with_format.format);
  return ss_export_drawing (path, &with_format, draw_plot, self, error);
}

static void
exported_cb (SsExportDialog *dialog, char **paths, SsStudyDialog *self)
{
  g_autofree char *basename = g_path_get_basename (paths[0]);
  g_autofree char *msg = g_strdup_printf (_("Exported “%s”"), basename);

  (void)dialog;
  _ss_study_dialog_toast (self, msg);
}

/* The charts' Export Figure dialog for the plot, titled as on screen,
 * presented over the window. */
SsExportDialog *
ss_study_dialog_open_export (SsStudyDialog *self)
{
  const ss_scenario *sc = ss_study_scenario (ss_study_dialog_get_study (self));
  g_autofree char   *name = g_strdup_printf ("%s-study", sc->name);
  g_autofree char   *subtitle = plot_subtitle (self);
  SsExportDialog    *dialog;

  dialog = ss_export_dialog_new_for_drawing (GTK_WINDOW (self), name, self->plot_title, subtitle, draw_plot,
                                             G_OBJECT (self));
  g_signal_connect_object (dialog, "exported", G_CALLBACK (exported_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
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
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))) != NULL &&
      (path = g_file_get_path (file)) != NULL)
    {
      g_autofree char *name = g_path_get_basename (path);

      if (strchr (name, '.') == NULL)
        {
          char *p = g_strconcat (path, ".csv", NULL);

          g_free (path);
          path = p;
        }
      if (ss_study_dialog_export_csv (self, path, &error))
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

/* Where the table goes. */
void
_ss_study_dialog_run_file_dialog (SsStudyDialog *self)
{
  GtkFileChooserNative *native;
  const ss_scenario    *sc = ss_study_scenario (ss_study_dialog_get_study (self));
  g_autofree char      *name = g_strdup_printf ("%s-study.csv", sc->name);

  if (self->file_dialog != NULL)
    return;
  native = gtk_file_chooser_native_new (_("Export Table"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                           _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_filter (GTK_FILE_CHOOSER (native), _("CSV data"), "*.csv");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect (native, "response", G_CALLBACK (file_response_cb), self);
  self->file_dialog = GTK_NATIVE_DIALOG (native);
  gtk_native_dialog_show (self->file_dialog);
}
