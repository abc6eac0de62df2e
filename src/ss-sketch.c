/* ss-sketch.c - the drawing kit of the mechanism view: see ss-sketch.h.
 *
 * Mechanisms move by centimetres while springs stretch by millimetres, so
 * the drawings follow the moving parts: the hatched ground scrolls
 * underneath and one scale applies to every length in a picture. */
#define G_LOG_DOMAIN "ss-sketch"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "ss-sketch.h"

const GdkRGBA ss_sketch_stuck_color = { 0.902, 0.380, 0.000, 1.0 };   /* #e66100 */
const GdkRGBA ss_sketch_sliding_color = { 0.149, 0.635, 0.412, 1.0 }; /* #26a269 */
const GdkRGBA ss_sketch_unknown_color = { 0.60, 0.60, 0.60, 1.0 };
const GdkRGBA ss_sketch_block_color = { 0.208, 0.518, 0.894, 1.0 };  /* #3584e4 */
const GdkRGBA ss_sketch_block2_color = { 0.569, 0.255, 0.675, 1.0 }; /* #9141ac */
const GdkRGBA ss_sketch_spring_color = { 0.753, 0.380, 0.0, 1.0 };
const GdkRGBA ss_sketch_friction_color = { 0.878, 0.106, 0.141, 1.0 }; /* #e01b24 */
const GdkRGBA ss_sketch_load_color = { 0.133, 0.133, 0.6, 1.0 };

/* ---- columns and parameters ------------------------------------------------ */

guint
ss_sketch_count_columns (const SsSketchColumn *columns)
{
  guint n = 0;

  while (columns != NULL && columns[n].name != NULL)
    n++;
  return n;
}

/* Fills @column_index with each declared column's index in @model's output
 * (-1 where absent; patterns are matched when read). */
void
ss_sketch_resolve_columns (const SsSketchColumn *columns, const ss_model *model, int *column_index)
{
  for (guint i = 0; columns != NULL && columns[i].name != NULL; i++)
    column_index[i] = strchr (columns[i].name, '{') != NULL ? -1 : ss_model_column_find (model, columns[i].name);
}

/* Does @name fit the pattern @pattern ("{contact}.stick", "{position}")? */
static gboolean
matches_pattern (const ss_model *m, const char *pattern, const char *name)
{
  const char      *open = strchr (pattern, '{'), *close = open != NULL ? strchr (open, '}') : NULL;
  size_t           prefix, suffix, len = strlen (name);
  g_autofree char *middle = NULL;

  if (close == NULL)
    return FALSE;
  prefix = open - pattern;
  suffix = strlen (close + 1);
  if (len < prefix + suffix || strncmp (name, pattern, prefix) != 0 || strcmp (name + len - suffix, close + 1) != 0)
    return FALSE;
  middle = g_strndup (name + prefix, len - prefix - suffix);
  if (strncmp (open, "{contact}", close + 1 - open) == 0)
    {
      for (int c = 0; c < ss_model_n_contacts (m); c++)
        if (strcmp (ss_model_contact_name (m, c), middle) == 0)
          return TRUE;
    }
  else if (strncmp (open, "{position}", close + 1 - open) == 0)
    {
      int i = ss_model_column_find (m, middle);

      return i >= 0 && ss_model_column (m, i)->kind == SS_COL_POSITION;
    }
  return FALSE;
}

/* The dataset column of @name, which the drawing must have declared; -1
 * when the run has no such column (a column declared for some choices). */
static int
declared_column (SsSketch *f, const char *name)
{
  for (guint i = 0; f->columns != NULL && f->columns[i].name != NULL; i++)
    if (strcmp (f->columns[i].name, name) == 0)
      return f->column_index[i];
  for (guint i = 0; f->columns != NULL && f->columns[i].name != NULL; i++)
    if (matches_pattern (ss_sketch_get_model (f), f->columns[i].name, name))
      return ss_dataset_find_column (f->ds, name);
  g_critical ("the drawing reads column \"%s\" without declaring it", name);
  return -1;
}

const ss_model *
ss_sketch_get_model (SsSketch *f)
{
  return ss_dataset_get_model (f->ds);
}

/* @column's value in the row shown; NaN if the run has no such column. */
double
ss_sketch_value (SsSketch *f, const char *column)
{
  int c = declared_column (f, column);

  return c < 0 ? NAN : ss_dataset_get_value (f->ds, f->row, c);
}

/* Largest |value| of @column in the run so far (0 without one). */
double
ss_sketch_abs_max (SsSketch *f, const char *column)
{
  double lo, hi;
  int    c = declared_column (f, column);

  if (c < 0 || !ss_dataset_get_column_range (f->ds, c, &lo, &hi))
    return 0.0;
  return MAX (fabs (lo), fabs (hi));
}

/* Range of @column in the run so far; FALSE (and @lo, @hi untouched)
 * without one. */
gboolean
ss_sketch_column_range (SsSketch *f, const char *column, double *lo, double *hi)
{
  int c = declared_column (f, column);

  return c >= 0 && ss_dataset_get_column_range (f->ds, c, lo, hi);
}

SsSketchMode
ss_sketch_contact_mode (SsSketch *f, const char *contact)
{
  g_autofree char *name = g_strdup_printf ("%s.stick", contact);
  double           s = ss_sketch_value (f, name);

  if (isnan (s))
    return SS_SKETCH_UNKNOWN;
  return s >= 0.5 ? SS_SKETCH_STUCK : SS_SKETCH_SLIDING;
}

/* The run's value of parameter @name, which the drawing must have
 * declared; @fallback if the scenario has no such parameter. */
double
ss_sketch_param (SsSketch *f, const char *name, double fallback)
{
  const ss_model *m = ss_sketch_get_model (f);
  gboolean        declared = FALSE;
  int             i;

  for (guint k = 0; f->params != NULL && f->params[k] != NULL && !declared; k++)
    declared = strcmp (f->params[k], name) == 0;
  if (!declared)
    {
      g_critical ("the drawing reads parameter \"%s\" without declaring it", name);
      return fallback;
    }
  i = ss_scenario_param_index (ss_model_scenario (m), name);
  return i >= 0 ? ss_model_values (m)[i] : fallback;
}

/* Extent of fn(column a, column b, param) over the rows so far, kept in
 * extent @slot (b NULL: 0 is passed); non-finite values are skipped. */
void
ss_sketch_extent (SsSketch        *f,
                  int              slot,
                  const char      *column_a,
                  const char      *column_b,
                  SsSketchRowValue fn,
                  double           param,
                  double          *lo,
                  double          *hi)
{
  SsSketchExtent *e;
  int             ca = declared_column (f, column_a);
  int             cb = column_b != NULL ? declared_column (f, column_b) : -1;
  guint           n = ss_dataset_get_n_rows (f->ds);

  g_return_if_fail (slot >= 0 && slot < SS_SKETCH_N_EXTENTS);

  e = &f->extents[slot];
  if (e->rows == 0 || e->rows > n)
    {
      e->rows = 0;
      e->lo = INFINITY;
      e->hi = -INFINITY;
    }
  if (ca >= 0 && (column_b == NULL || cb >= 0))
    {
      const double *a = ss_dataset_get_column (f->ds, ca);
      const double *b = cb >= 0 ? ss_dataset_get_column (f->ds, cb) : NULL;

      for (guint i = e->rows; i < n; i++)
        {
          double v = fn (a[i], b != NULL ? b[i] : 0.0, param);

          if (isfinite (v))
            {
              e->lo = MIN (e->lo, v);
              e->hi = MAX (e->hi, v);
            }
        }
      e->rows = n;
    }
  *lo = e->lo;
  *hi = e->hi;
}

double
ss_sketch_abs_difference (double a, double b, double offset)
{
  return fabs (a - b - offset);
}

static double
scaled_cos (double a, double b, double scale)
{
  (void)b;
  return scale * cos (a);
}

static double
scaled_sin (double a, double b, double scale)
{
  (void)b;
  return scale * sin (a);
}

const GdkRGBA *
ss_sketch_mode_color (SsSketchMode mode)
{
  switch (mode)
    {
    case SS_SKETCH_STUCK:
      return &ss_sketch_stuck_color;
    case SS_SKETCH_SLIDING:
      return &ss_sketch_sliding_color;
    case SS_SKETCH_UNKNOWN:
    default:
      return &ss_sketch_unknown_color;
    }
}

void
ss_sketch_set_color (SsSketch *f, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (f->cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* ---- texts ------------------------------------------------------------- */

struct _SsSketchTexts
{
  PangoContext *context; /* NULL until the first text */
  GThread      *thread;  /* the context's: Pango's font map is per thread */
  GHashTable   *layouts; /* "b" or "r" and the text -> PangoLayout */
  guint         made;    /* layouts made */
};

SsSketchTexts *
ss_sketch_texts_new (void)
{
  SsSketchTexts *texts = g_new0 (SsSketchTexts, 1);

  texts->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  return texts;
}

void
ss_sketch_texts_free (SsSketchTexts *texts)
{
  if (texts == NULL)
    return;
  g_hash_table_unref (texts->layouts);
  g_clear_object (&texts->context);
  g_free (texts);
}

/* How many layouts @texts made (tests). */
guint
ss_sketch_texts_get_made (SsSketchTexts *texts)
{
  return texts->made;
}

/* @str laid out in the drawings' font (a reference): kept in f->texts when
 * there are any, in a context that matches f->cr as one made for it would
 * (pango_cairo_update_context changes it, and so its layouts, only when
 * the transformation or the target's font options differ). */
static PangoLayout *
sketch_layout (SsSketch *f, const char *str, gboolean bold)
{
  SsSketchTexts   *texts = f->texts;
  g_autofree char *key = NULL;
  PangoLayout     *layout;

  if (texts == NULL)
    layout = pango_cairo_create_layout (f->cr);
  else
    {
      if (texts->context == NULL || texts->thread != g_thread_self ())
        {
          g_hash_table_remove_all (texts->layouts);
          g_clear_object (&texts->context);
          texts->context = pango_cairo_create_context (f->cr);
          texts->thread = g_thread_self ();
        }
      else
        pango_cairo_update_context (f->cr, texts->context);
      key = g_strconcat (bold ? "b" : "r", str, NULL);
      layout = g_hash_table_lookup (texts->layouts, key);
      if (layout != NULL)
        return g_object_ref (layout);
      if (g_hash_table_size (texts->layouts) >= SS_SKETCH_TEXTS_MAX)
        g_hash_table_remove_all (texts->layouts);
      layout = pango_layout_new (texts->context);
      texts->made++;
    }
  {
    PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold 9" : "Sans 8.5");

    pango_layout_set_font_description (layout, font);
    pango_font_description_free (font);
  }
  pango_layout_set_text (layout, str, -1);
  if (texts != NULL)
    g_hash_table_insert (texts->layouts, g_steal_pointer (&key), g_object_ref (layout));
  return layout;
}

/* @str's size in the drawings' font, px (the regular weight). */
static void
sketch_text_size (SsSketch *f, const char *str, int *w, int *h)
{
  PangoLayout *layout = sketch_layout (f, str, FALSE);

  pango_layout_get_pixel_size (layout, w, h);
  g_object_unref (layout);
}

void
ss_sketch_text (SsSketch *f, double x, double y, const char *str, double xalign, double yalign, gboolean bold)
{
  PangoLayout *layout = sketch_layout (f, str, bold);
  int          w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (f->cr, x - xalign * w, y - yalign * h);
  pango_cairo_show_layout (f->cr, layout);
  g_object_unref (layout);
}

/* Fills the current path with lines at 45 degrees (rising to the right),
 * @spacing px apart along x, one of them through (@x_line, @y_line).  A
 * repeated tile, pixel-aligned: filling a wide floor this way costs a small
 * fraction of stroking each line, and the floor is redrawn every frame. */
void
ss_sketch_fill_hatch (SsSketch *f, double spacing, double x_line, double y_line, const GdkRGBA *color)
{
  int              sf = MAX (1, f->scale_factor), px = (int)ceil (spacing * sf);
  cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, px, px);
  cairo_t         *tcr = cairo_create (tile);
  cairo_pattern_t *pattern;
  cairo_matrix_t   m;
  double           origin;

  cairo_scale (tcr, (double)px / spacing, (double)px / spacing);
  gdk_cairo_set_source_rgba (tcr, color);
  cairo_set_line_width (tcr, 1.0);
  /* the line through the tile and its neighbours' ends, so the tiles join */
  for (int k = -1; k <= 1; k++)
    {
      cairo_move_to (tcr, k * spacing, spacing);
      cairo_line_to (tcr, (k + 1) * spacing, 0);
    }
  cairo_stroke (tcr);
  cairo_destroy (tcr);

  pattern = cairo_pattern_create_for_surface (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  /* tile lines satisfy x + y = 0 (mod spacing): shift by the wanted line's
   * x + y, rounded to whole device pixels */
  origin = round ((x_line + y_line) * sf) / sf;
  cairo_matrix_init_scale (&m, (double)px / spacing, (double)px / spacing);
  cairo_matrix_translate (&m, -origin, 0);
  cairo_pattern_set_matrix (pattern, &m);
  cairo_set_source (f->cr, pattern);
  cairo_fill (f->cr);
  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (tile);
}

/* Ground seen from the side: a surface line with hatching that scrolls. */
void
ss_sketch_ground (SsSketch *f, double x0, double x1, double y, double offset_px)
{
  cairo_t *cr = f->cr;
  double   spacing = 12, depth = 12;
  GdkRGBA  hatch = f->fg;

  hatch.alpha = f->fg.alpha * 0.35;
  ss_sketch_set_color (f, &f->fg, 0.06);
  cairo_rectangle (cr, x0, y, x1 - x0, depth);
  cairo_fill_preserve (cr);
  ss_sketch_fill_hatch (f, spacing, x0 - fmod (offset_px, spacing), y + depth, &hatch);

  ss_sketch_set_color (f, &f->fg, 0.75);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x0, y);
  cairo_line_to (cr, x1, y);
  cairo_stroke (cr);
}

void
ss_sketch_rounded_rect (SsSketch *f, double x, double y, double w, double h, double r)
{
  cairo_t *cr = f->cr;

  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
ss_sketch_block (SsSketch *f, double x, double y, double w, double h, const GdkRGBA *color, const char *label)
{
  cairo_t         *cr = f->cr;
  cairo_pattern_t *pat = cairo_pattern_create_linear (0, y, 0, y + h);

  cairo_pattern_add_color_stop_rgba (pat, 0, MIN (1, color->red + 0.15), MIN (1, color->green + 0.15),
                                     MIN (1, color->blue + 0.15), 1);
  cairo_pattern_add_color_stop_rgba (pat, 1, color->red * 0.85, color->green * 0.85, color->blue * 0.85, 1);
  ss_sketch_rounded_rect (f, x, y, w, h, 4);
  cairo_set_source (cr, pat);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pat);
  cairo_set_source_rgba (cr, color->red * 0.6, color->green * 0.6, color->blue * 0.6, 1);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  if (label != NULL)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      ss_sketch_text (f, x + w / 2, y + h / 2, label, 0.5, 0.5, TRUE);
    }
}

/* A zigzag between x0 and x1 with fixed coil count: it stretches. */
void
ss_sketch_spring (SsSketch *f, double x0, double x1, double y, double amplitude)
{
  cairo_t *cr = f->cr;
  int      coils = 9;
  double   lead = MIN (10, fabs (x1 - x0) * 0.12);
  double   len = (x1 - x0) - 2 * lead;

  ss_sketch_set_color (f, &ss_sketch_spring_color, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to (cr, x0, y);
  cairo_line_to (cr, x0 + lead, y);
  for (int i = 0; i < 2 * coils; i++)
    {
      double x = x0 + lead + len * (i + 0.5) / (2 * coils);

      cairo_line_to (cr, x, y + (i % 2 == 0 ? -amplitude : amplitude));
    }
  cairo_line_to (cr, x1 - lead, y);
  cairo_line_to (cr, x1, y);
  cairo_stroke (cr);
}

/* Arrow with its tail at (x, y), of length |dx, dy| px. */
void
ss_sketch_arrow (SsSketch *f, double x, double y, double dx, double dy, const GdkRGBA *color, const char *label)
{
  cairo_t *cr = f->cr;
  double   len = hypot (dx, dy), ux, uy, head = 8;

  if (!isfinite (len) || len < 2)
    return;
  ux = dx / len;
  uy = dy / len;
  head = MIN (head, len * 0.6);
  ss_sketch_set_color (f, color, 1.0);
  cairo_set_line_width (cr, 2.5);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + dx - ux * head * 0.8, y + dy - uy * head * 0.8);
  cairo_stroke (cr);
  cairo_move_to (cr, x + dx, y + dy);
  cairo_line_to (cr, x + dx - ux * head - uy * head * 0.5, y + dy - uy * head + ux * head * 0.5);
  cairo_line_to (cr, x + dx - ux * head + uy * head * 0.5, y + dy - uy * head - ux * head * 0.5);
  cairo_close_path (cr);
  cairo_fill (cr);
  if (label != NULL)
    ss_sketch_text (f, x + dx + ux * 4 + (fabs (ux) < 0.5 ? 6 : 0), y + dy + uy * 4 - 2, label,
                    ux < -0.5 ? 1.0 : (ux > 0.5 ? 0.0 : 0.0), uy > 0.5 ? 0.0 : (uy < -0.5 ? 1.0 : 1.0), FALSE);
}

/* Horizontal force arrow from an anchor: length by magnitude. */
void
ss_sketch_force_arrow (SsSketch *f, double x, double y, double force, const GdkRGBA *color, const char *label)
{
  if (!f->forces || !isfinite (force) || f->force_scale <= 0)
    return;
  ss_sketch_arrow (f, x, y, force * f->force_scale, 0, color, label);
}

/* A force on a body spanning x_left..x_right: pushing right it starts at the
 * right edge, pushing left at the left edge, so it never covers the body. */
void
ss_sketch_force_arrow_out (
    SsSketch *f, double x_left, double x_right, double y, double force, const GdkRGBA *color, const char *label)
{
  if (!isfinite (force))
    return;
  ss_sketch_force_arrow (f, force >= 0 ? x_right + 3 : x_left - 3, y, force, color, label);
}

void
ss_sketch_contact_strip (SsSketch *f, double x0, double x1, double y, SsSketchMode mode)
{
  cairo_t *cr = f->cr;

  ss_sketch_set_color (f, ss_sketch_mode_color (mode), 1.0);
  cairo_set_line_width (cr, 4.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, x0 + 2, y);
  cairo_line_to (cr, x1 - 2, y);
  cairo_stroke (cr);
}

void
ss_sketch_mode_legend (SsSketch *f)
{
  cairo_t *cr = f->cr;
  double   x = 12, y = f->height - 16;
  const struct
  {
    const GdkRGBA *c;
    const char    *label;
  } items[] = {
    { &ss_sketch_stuck_color, _("stuck") },
      { &ss_sketch_sliding_color, _("sliding") },
    };

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      int w, h;

      ss_sketch_set_color (f, items[i].c, 1.0);
      ss_sketch_rounded_rect (f, x, y - 5, 14, 10, 2);
      cairo_fill (cr);
      sketch_text_size (f, items[i].label, &w, &h);
      ss_sketch_set_color (f, &f->fg, 0.8);
      ss_sketch_text (f, x + 19, y - h / 2.0, items[i].label, 0.0, 0.0, FALSE);
      x += 19 + w + 16;
    }
}

double
ss_sketch_force_scale (SsSketch *f, const char *const *names, double max_px)
{
  double m = 0;

  for (guint i = 0; names[i] != NULL; i++)
    m = MAX (m, ss_sketch_abs_max (f, names[i]));
  return m > 0 ? max_px / m : 0;
}

/* ---- planar linkages: world metres -> canvas, y up ---------------------- */

SsSketchView
ss_sketch_fit_view (SsSketch *f, double x_min, double x_max, double y_min, double y_max, double left_margin)
{
  SsSketchView v;
  double       w = f->width - left_margin - 24, h = f->height - 44;

  v.scale = MIN (w / MAX (x_max - x_min, 1e-9), h / MAX (y_max - y_min, 1e-9));
  v.ox = left_margin + (w - (x_max - x_min) * v.scale) / 2 - x_min * v.scale;
  v.oy = 12 + (h + (y_max - y_min) * v.scale) / 2 + y_min * v.scale;
  return v;
}

void
ss_sketch_link (SsSketch *f, double x0, double y0, double x1, double y1, double width, const GdkRGBA *color)
{
  cairo_t *cr = f->cr;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, color->red * 0.7, color->green * 0.7, color->blue * 0.7, 1);
  cairo_set_line_width (cr, width + 2);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
  ss_sketch_set_color (f, color, 1.0);
  cairo_set_line_width (cr, width);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
}

/* A revolute joint: a pin ringed in its friction mode's colour. */
void
ss_sketch_pin (SsSketch *f, double x, double y, const char *contact, const char *label)
{
  cairo_t *cr = f->cr;

  ss_sketch_set_color (f, ss_sketch_mode_color (ss_sketch_contact_mode (f, contact)), 1.0);
  cairo_arc (cr, x, y, 7, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
  cairo_fill (cr);
  if (label != NULL)
    {
      ss_sketch_set_color (f, &f->fg, 0.85);
      ss_sketch_text (f, x + 9, y - 9, label, 0.0, 1.0, TRUE);
    }
}

/* A fixed pivot: the pin on a small hatched ground triangle. */
void
ss_sketch_ground_pivot (SsSketch *f, double x, double y)
{
  cairo_t *cr = f->cr;

  ss_sketch_set_color (f, &f->fg, 0.55);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - 12, y + 18);
  cairo_line_to (cr, x + 12, y + 18);
  cairo_close_path (cr);
  cairo_fill (cr);
  ss_sketch_ground (f, x - 20, x + 20, y + 18, 0);
}

/* A straight rail with hatching on one side, from (x0, y0) to (x1, y1). */
void
ss_sketch_rail (SsSketch *f, double x0, double y0, double x1, double y1)
{
  cairo_t *cr = f->cr;
  double   len = hypot (x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;

  ss_sketch_set_color (f, &f->fg, 0.3);
  cairo_set_line_width (cr, 1.0);
  for (double s = 0; s < len; s += 10)
    {
      cairo_move_to (cr, x0 + ux * s, y0 + uy * s);
      cairo_line_to (cr, x0 + ux * s + uy * 8 - ux * 8, y0 + uy * s - ux * 8 - uy * 8);
    }
  cairo_stroke (cr);
  ss_sketch_set_color (f, &f->fg, 0.75);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
}

void
ss_sketch_gravity_arrow (SsSketch *f, double x, double y, double dx, double dy)
{
  GdkRGBA c = f->fg;

  c.alpha = 0.6;
  ss_sketch_arrow (f, x, y, dx, dy, &c, "g");
}

/* A moment as a curved arrow around (x, y): counter-clockwise for a
 * positive value, sweep proportional to |value| / max (up to 300°). */
void
ss_sketch_moment_arrow (
    SsSketch *f, double x, double y, double radius, double moment, double max, const GdkRGBA *color, const char *label)
{
  cairo_t *cr = f->cr;
  double   sweep, a0 = G_PI / 2, a1, hx, hy, tx, ty, head = 7;

  if (!f->forces || !isfinite (moment) || max <= 0 || fabs (moment) < 1e-3 * max)
    return;
  sweep = MIN (fabs (moment) / max, 1.0) * G_PI * 5 / 3;
  sweep = MAX (sweep, 0.35);
  /* canvas y points down: counter-clockwise is decreasing angle */
  a1 = moment > 0 ? a0 - sweep : a0 + sweep;
  ss_sketch_set_color (f, color, 1.0);
  cairo_set_line_width (cr, 2.5);
  cairo_new_path (cr);
  if (moment > 0)
    cairo_arc_negative (cr, x, y, radius, a0, a1);
  else
    cairo_arc (cr, x, y, radius, a0, a1);
  cairo_stroke (cr);
  /* head tangent to the arc at its end */
  hx = x + radius * cos (a1);
  hy = y + radius * sin (a1);
  tx = moment > 0 ? sin (a1) : -sin (a1);
  ty = moment > 0 ? -cos (a1) : cos (a1);
  cairo_move_to (cr, hx + tx * head * 0.6, hy + ty * head * 0.6);
  cairo_line_to (cr, hx - tx * head * 0.6 - ty * head * 0.5, hy - ty * head * 0.6 + tx * head * 0.5);
  cairo_line_to (cr, hx - tx * head * 0.6 + ty * head * 0.5, hy - ty * head * 0.6 - tx * head * 0.5);
  cairo_close_path (cr);
  cairo_fill (cr);
  if (label != NULL)
    ss_sketch_text (f, x - radius - 4, y + radius * 0.2, label, 1.0, 0.5, FALSE);
}

/* World bounding box of a crank's tip (length @radius, angle column
 * @angle) over the whole run, kept in extents @slot_x and @slot_y: the
 * drawing fits the motion that happens, not the full circle. */
void
ss_sketch_crank_extent (SsSketch   *f,
                        int         slot_x,
                        int         slot_y,
                        const char *angle,
                        double      radius,
                        double     *x_min,
                        double     *x_max,
                        double     *y_min,
                        double     *y_max)
{
  ss_sketch_extent (f, slot_x, angle, NULL, scaled_cos, radius, x_min, x_max);
  ss_sketch_extent (f, slot_y, angle, NULL, scaled_sin, radius, y_min, y_max);
  /* the pivot belongs to the drawing too (and an empty run is just that) */
  *x_min = MIN (*x_min, 0);
  *x_max = MAX (*x_max, 0);
  *y_min = MIN (*y_min, 0);
  *y_max = MAX (*y_max, 0);
}

/* A zigzag spring from (x0, y0) to (x1, y1) in any direction. */
void
ss_sketch_spring_between (SsSketch *f, double x0, double y0, double x1, double y1, double amplitude)
{
  cairo_save (f->cr);
  cairo_translate (f->cr, x0, y0);
  cairo_rotate (f->cr, atan2 (y1 - y0, x1 - x0));
  ss_sketch_spring (f, 0, hypot (x1 - x0, y1 - y0), 0, amplitude);
  cairo_restore (f->cr);
}
