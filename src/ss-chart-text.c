/* ss-chart-text.c - cairo's SVG surface writes text as glyph outlines;
 * a figure's labels must stay text.  On a surface marked with
 * ss_chart_text_record_svg() the text is not drawn but kept, line by line,
 * as <text> elements at the place, size, weight and colour Pango would
 * have drawn it; ss_chart_text_splice_svg() adds them to the document
 * (after the drawing: labels lie on top, as they do on screen). */
#define G_LOG_DOMAIN "ss-chart-text"

#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "ss-chart-text.h"

static cairo_user_data_key_t svg_text_key;

/* a number in an XML attribute: '.' whatever the locale */
static void
append_number (GString *s, const char *name, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, " %s=\"%s\"", name, g_ascii_formatd (buf, sizeof buf, "%.3f", value));
}

/* The font's real family ("Sans" is fontconfig's alias, e.g. for DejaVu
 * Sans): the same face in the SVG viewer, with the generic family after. */
static char *
font_family (PangoContext *context, const PangoFontDescription *desc)
{
  PangoFont            *font = pango_context_load_font (context, desc);
  PangoFontDescription *real = font != NULL ? pango_font_describe (font) : NULL;
  const char           *family = real != NULL ? pango_font_description_get_family (real) : NULL;
  char                 *result;

  if (family == NULL)
    family = pango_font_description_get_family (desc);
  result = g_strdup_printf ("%s, sans-serif", family != NULL ? family : "Sans");
  if (real != NULL)
    pango_font_description_free (real);
  g_clear_object (&font);
  return result;
}

/* Font size in user units (Pango's points are at the context's
 * resolution, 96 per inch unless set). */
static double
font_size (PangoContext *context, const PangoFontDescription *desc)
{
  double size = pango_font_description_get_size (desc) / (double)PANGO_SCALE;
  double resolution = pango_cairo_context_get_resolution (context);

  if (pango_font_description_get_size_is_absolute (desc))
    return size;
  if (resolution <= 0)
    resolution = pango_cairo_font_map_get_resolution (PANGO_CAIRO_FONT_MAP (pango_context_get_font_map (context)));
  return size * resolution / 72.0;
}

static void
record (GString *xml, cairo_t *cr, PangoLayout *layout, double x, double y, double align, int width)
{
  PangoContext               *context = pango_layout_get_context (layout);
  const PangoFontDescription *desc = pango_layout_get_font_description (layout);
  const char                 *text = pango_layout_get_text (layout);
  const char                 *anchor = align == 1.0 ? "end" : align == 0.5 ? "middle" : NULL;
  g_autofree char            *family = NULL;
  g_autofree char            *family_attr = NULL;
  PangoLayoutIter            *iter;
  cairo_matrix_t              m;
  double                      size, r = 0, g = 0, b = 0, a = 1;
  gboolean                    plain;

  if (desc == NULL)
    desc = pango_context_get_font_description (context);
  family = font_family (context, desc);
  family_attr = g_markup_escape_text (family, -1);
  size = font_size (context, desc);
  cairo_pattern_get_rgba (cairo_get_source (cr), &r, &g, &b, &a);
  /* a scale and a shift: device coordinates; anything else: a transform */
  cairo_get_matrix (cr, &m);
  plain = m.xy == 0 && m.yx == 0 && m.xx > 0 && fabs (m.xx - m.yy) <= 1e-12 * m.xx;

  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      PangoRectangle   logical;
      int              end = line->start_index + line->length;
      double           lx, ly;
      g_autofree char *escaped = NULL;

      /* a line's text without its break */
      while (end > line->start_index && (text[end - 1] == '\n' || text[end - 1] == '\r'))
        end--;
      if (end == line->start_index)
        continue;
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      /* where Pango puts the line's start, middle or end */
      lx = x - align * width + (logical.x + (anchor ? align * logical.width : 0)) / (double)PANGO_SCALE;
      ly = y + pango_layout_iter_get_baseline (iter) / (double)PANGO_SCALE;
      escaped = g_markup_escape_text (text + line->start_index, end - line->start_index);

      g_string_append (xml, "<text xml:space=\"preserve\"");
      if (plain)
        {
          cairo_user_to_device (cr, &lx, &ly);
          append_number (xml, "x", lx);
          append_number (xml, "y", ly);
          append_number (xml, "font-size", size * m.xx);
        }
      else
        {
          char buf[6][G_ASCII_DTOSTR_BUF_SIZE];

          g_string_append_printf (xml, " transform=\"matrix(%s %s %s %s %s %s)\"", g_ascii_dtostr (buf[0], 32, m.xx),
                                  g_ascii_dtostr (buf[1], 32, m.yx), g_ascii_dtostr (buf[2], 32, m.xy),
                                  g_ascii_dtostr (buf[3], 32, m.yy), g_ascii_dtostr (buf[4], 32, m.x0),
                                  g_ascii_dtostr (buf[5], 32, m.y0));
          append_number (xml, "x", lx);
          append_number (xml, "y", ly);
          append_number (xml, "font-size", size);
        }
      g_string_append_printf (xml, " font-family=\"%s\"", family_attr);
      if (pango_font_description_get_weight (desc) != PANGO_WEIGHT_NORMAL)
        g_string_append_printf (xml, " font-weight=\"%d\"", (int)pango_font_description_get_weight (desc));
      if (pango_font_description_get_style (desc) != PANGO_STYLE_NORMAL)
        g_string_append (xml, " font-style=\"italic\"");
      if (anchor != NULL)
        g_string_append_printf (xml, " text-anchor=\"%s\"", anchor);
      g_string_append_printf (xml, " fill=\"#%02x%02x%02x\"", (int)lround (CLAMP (r, 0, 1) * 255),
                              (int)lround (CLAMP (g, 0, 1) * 255), (int)lround (CLAMP (b, 0, 1) * 255));
      if (a < 1)
        append_number (xml, "fill-opacity", a);
      g_string_append_printf (xml, ">%s</text>\n", escaped);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

PangoLayout *
ss_chart_text_layout_new (cairo_t *cr, double size_pt, gboolean bold)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  pango_layout_context_changed (layout);
  cairo_font_options_destroy (options);
  pango_font_description_set_size (font, (int)(size_pt * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* Draws @layout with its top at @y and the point at @align of its width
 * (0: its left end, 0.5: its middle, 1: its right end) at @x; on a surface
 * recording SVG text, keeps it as such instead. */
void
ss_chart_show_text (cairo_t *cr, PangoLayout *layout, double x, double y, double align)
{
  GString *xml = cairo_surface_get_user_data (cairo_get_target (cr), &svg_text_key);
  int      width = 0, height;

  if (align != 0 || xml != NULL)
    pango_layout_get_pixel_size (layout, &width, &height);
  if (xml != NULL)
    {
      record (xml, cr, layout, x, y, align, width);
      return;
    }
  cairo_move_to (cr, x - align * width, y);
  pango_cairo_show_layout (cr, layout);
}

static void
free_xml (void *xml)
{
  g_string_free (xml, TRUE);
}

/* From now on the charts' text on @surface is kept as SVG <text>. */
void
ss_chart_text_record_svg (cairo_surface_t *surface)
{
  cairo_surface_set_user_data (surface, &svg_text_key, g_string_new (NULL), free_xml);
}

/* @svg, the document cairo wrote for @surface, with the text kept from
 * it before its closing tag (a copy of @svg when there is none). */
char *
ss_chart_text_splice_svg (cairo_surface_t *surface, const char *svg, gsize length, gsize *out_length)
{
  GString    *xml = cairo_surface_get_user_data (surface, &svg_text_key);
  const char *end = g_strrstr_len (svg, (gssize)length, "</svg>");
  GString    *out = g_string_sized_new (length + (xml ? xml->len : 0) + 64);

  if (xml == NULL || xml->len == 0 || end == NULL)
    g_string_append_len (out, svg, (gssize)length);
  else
    {
      g_string_append_len (out, svg, end - svg);
      g_string_append (out, "<g id=\"text\">\n");
      g_string_append_len (out, xml->str, (gssize)xml->len);
      g_string_append (out, "</g>\n");
      g_string_append_len (out, end, (gssize)(length - (gsize)(end - svg)));
    }
  *out_length = out->len;
  return g_string_free (out, FALSE);
}
