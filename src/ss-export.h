/* ss-export.h - plots to PNG/SVG/PDF and data to CSV, written by the rules
 * of the engine's ss_output (a regular file replaced atomically keeping its
 * mode, owner and links; symlinks followed; devices written directly).
 *
 * A publication figure (SsExportOptions): a size in mm or px with a
 * resolution, a font size in points at the printed size, which charts,
 * one file or one per chart, with or without the overlaid runs, a title.
 * The printed size is the width and height in mm, or in px divided by the
 * resolution; a PNG has the pixels of that size at the resolution (and
 * says so in its pHYs chunk), a PDF page and an SVG document are that
 * size (the SVG in mm, or in CSS px when the size was given in px).  SVG
 * text stays text.  Numbers follow the user's locale everywhere in a
 * figure: tick labels, the title's values and the legend's alike. */
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

typedef enum
{
  SS_EXPORT_UNIT_MM,
  SS_EXPORT_UNIT_PX,
} SsExportUnit;

typedef struct
{
  SsExportFormat format;
  SsExportUnit   unit;
  double         width;     /* mm or px */
  double         height;    /* mm or px */
  double         dpi;       /* px per inch: a PNG's pixels from mm, the printed size from px */
  double         font_size; /* pt at the printed size: tick labels and legends (titles a third larger) */
  const guint   *charts;    /* ss_plot_stack_get_chart() indices, top to bottom; NULL: every chart */
  guint          n_charts;
  gboolean       one_file_per_chart; /* NAME-N.EXT, N the chart's place in the stack from 1 */
  gboolean       overlays;           /* the previous and the pinned runs, named in the legend */
  const char    *title;              /* NULL: no title block */
  const char    *subtitle;           /* under the title; NULL: none */
} SsExportOptions;

/* valid ranges of the options (ss_export_check_options) */
#define SS_EXPORT_MIN_MM     10.0
#define SS_EXPORT_MAX_MM     2000.0
#define SS_EXPORT_MIN_PX     16.0
#define SS_EXPORT_MAX_PX     20000.0
#define SS_EXPORT_MAX_PIXELS 64e6 /* a PNG's */
#define SS_EXPORT_MIN_DPI    30.0
#define SS_EXPORT_MAX_DPI    2400.0
#define SS_EXPORT_MIN_FONT   4.0
#define SS_EXPORT_MAX_FONT   48.0

/* Draws a drawing @width × @height (layout units, fonts and lines of
 * @style) for ss_export_drawing; @options give its title and subtitle. */
typedef void (*SsExportDrawFunc) (
    cairo_t *cr, double width, double height, const SsChartStyle *style, const SsExportOptions *options, gpointer data);

gboolean    ss_export_format_from_path (const char *path, SsExportFormat *format);
const char *ss_export_format_extension (SsExportFormat format);
void        ss_export_options_init (SsExportOptions *options);
gboolean    ss_export_check_options (const SsExportOptions *options, GError **error);
void        ss_export_get_pixel_size (const SsExportOptions *options, int *width, int *height);
void        ss_export_get_print_size (const SsExportOptions *options, double *width_mm, double *height_mm);
char       *ss_export_chart_path (const char *path, guint chart);
gboolean    ss_export_figure (
       SsPlotStack *stack, const char *path, const SsExportOptions *options, GPtrArray *written, GError **error);
void
ss_export_draw_preview (SsPlotStack *stack, const SsExportOptions *options, cairo_t *cr, double width, double height);
gboolean ss_export_drawing (
    const char *path, const SsExportOptions *options, SsExportDrawFunc draw, gpointer data, GError **error);
void ss_export_draw_drawing_preview (
    const SsExportOptions *options, SsExportDrawFunc draw, gpointer data, cairo_t *cr, double width, double height);
char *ss_export_dup_title (const ss_scenario *scenario, const double *values, const gboolean *shown, char **subtitle);

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

/* A modal save dialog over @parent for one kind of file (@filter_name,
 * files ending in @extension), opening in @folder when it exists (the
 * settings' export folder) on @name; the caller connects "response" and
 * shows it. */
GtkFileChooserNative *ss_export_save_chooser (GtkWindow  *parent,
                                              const char *title,
                                              const char *filter_name,
                                              const char *extension,
                                              const char *folder,
                                              const char *name);

G_END_DECLS
