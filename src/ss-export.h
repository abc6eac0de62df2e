/* ss-export.h - plots to PNG/SVG/PDF and data to CSV, written by the rules
 * of the engine's ss_output (a regular file replaced atomically keeping its
 * mode, owner and links; symlinks followed; devices written directly). */
#pragma once

#include <gdk/gdk.h>
#include <gio/gio.h>

#include "ss-dataset.h"
#include "ss-plot-stack.h"

G_BEGIN_DECLS

typedef enum
{
  SS_EXPORT_PNG,
  SS_EXPORT_SVG,
  SS_EXPORT_PDF,
} SsExportFormat;

gboolean ss_export_format_from_path (const char *path, SsExportFormat *format);
gboolean ss_export_plot (SsPlotStack   *stack,
                         const char    *path,
                         SsExportFormat format,
                         int            width,
                         int            height,
                         const char    *title,
                         const char    *subtitle,
                         GError       **error);
gboolean ss_export_csv (SsDataset *dataset, const char *path, GError **error);
char    *ss_export_csv_data (SsDataset *dataset, gsize *length);
gboolean ss_export_texture_png (GdkTexture *texture, const char *path, GError **error);

G_END_DECLS
