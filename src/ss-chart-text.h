/* ss-chart-text.h - the charts' one way to put text on a cairo_t: drawn
 * with Pango, or, on a surface an SVG export marked, kept as SVG <text>
 * elements (editable text in Inkscape, not glyph outlines) that the
 * export writes into the document cairo made. */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

G_BEGIN_DECLS

/* A layout for chart text on @cr: Sans at @size_pt points, bold or not,
 * hint metrics off so exports do not depend on the screen's hinting. */
PangoLayout *ss_chart_text_layout_new (cairo_t *cr, double size_pt, gboolean bold);
void         ss_chart_show_text (cairo_t *cr, PangoLayout *layout, double x, double y, double align);
void         ss_chart_text_record_svg (cairo_surface_t *surface);
char        *ss_chart_text_splice_svg (cairo_surface_t *surface, const char *svg, gsize length, gsize *out_length);

G_END_DECLS
