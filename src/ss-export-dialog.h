/* ss-export-dialog.h - the Export Figure dialog: size (mm or px) with a
 * resolution and a font size, format, which charts, one file or one per
 * chart, the overlaid runs, a title from the human names; a preview to
 * scale; the options remembered in GSettings.  "Export…" asks for a file
 * name and writes the figure (ss_export_figure), then emits "exported"
 * with the paths written and closes.
 *
 *   SsExportDialog *dialog = ss_export_dialog_new (GTK_WINDOW (window), stack, scenario, values, NULL);
 *   g_signal_connect (dialog, "exported", G_CALLBACK (exported_cb), window);
 *   gtk_window_present (GTK_WINDOW (dialog));
 */
#pragma once

#include <adwaita.h>

#include "ss-export.h"
#include "ss-plot-stack.h"

G_BEGIN_DECLS

#define SS_TYPE_EXPORT_DIALOG (ss_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SsExportDialog, ss_export_dialog, SS, EXPORT_DIALOG, AdwWindow)

SsExportDialog *ss_export_dialog_new (
    GtkWindow *parent, SsPlotStack *stack, const ss_scenario *scenario, const double *values, const gboolean *shown);
SsExportDialog *ss_export_dialog_new_for_drawing (GtkWindow       *parent,
                                                  const char      *file_name,
                                                  const char      *title,
                                                  const char      *subtitle,
                                                  SsExportDrawFunc draw,
                                                  GObject         *owner);
void            ss_export_dialog_get_options (SsExportDialog *self, SsExportOptions *options);
gboolean        ss_export_dialog_export_to (SsExportDialog *self, const char *path, GPtrArray *written, GError **error);

/* A row of an export's list of charts (here and in Export Animation): the
 * title of @stack's chart @index, by its place when it has none, with a
 * check button, @active or not, returned in @check. */
GtkWidget *ss_export_dialog_chart_row_new (SsPlotStack *stack, guint index, gboolean active, GtkWidget **check);

G_END_DECLS
