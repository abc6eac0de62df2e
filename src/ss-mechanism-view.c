/* ss-mechanism-view.c - one drawing per known scenario, read from the
 * sample row by column name, and a generic fallback for any other one.
 *
 * Mechanisms move by centimetres while springs stretch by millimetres, so
 * the camera follows the moving parts: the hatched base scrolls underneath
 * and one scale (chosen from the run's largest spring stretch or relative
 * travel) applies to every length in the picture. */
#define G_LOG_DOMAIN "ss-mechanism-view"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "ss-bench.h"
#include "ss-mechanism-view.h"
#include "ss-model-strings.h"

/* Extent of a value derived from each row (a spring's stretch, the
 * blocks' spread, the crank tip), folded in as rows arrive: rescanning
 * 1e5 rows every frame cost milliseconds. */
typedef struct
{
  guint  rows;   /* rows folded in */
  double lo, hi; /* extent so far; lo > hi while empty */
} RunExtent;

typedef enum
{
  EXTENT_SPRING_STRETCH,
  EXTENT_BLOCK_SPREAD,
  EXTENT_CRANK_X,
  EXTENT_CRANK_Y,
  N_EXTENTS
} ExtentSlot;

struct _SsMechanismView
{
  GtkDrawingArea parent_instance;
  SsDataset     *dataset;
  RunExtent      extents[N_EXTENTS]; /* of the current dataset */
  double         time;
  gboolean       show_forces;
  const char    *drawing; /* which drawing the last frame used */
};

G_DEFINE_FINAL_TYPE (SsMechanismView, ss_mechanism_view, GTK_TYPE_DRAWING_AREA)

typedef enum
{
  MODE_STUCK,
  MODE_SLIDING,
  MODE_UNKNOWN
} Mode;

typedef struct
{
  SsDataset *ds;
  guint      row;
  cairo_t   *cr;
  double     width;
  double     height;
  gboolean   forces;
  GdkRGBA    fg;
  double     force_scale;  /* px per N (or N m) */
  RunExtent *extents;      /* the view's, N_EXTENTS */
  int        scale_factor; /* device pixels per px */
} Frame;

static const GdkRGBA stuck_color = { 0.902, 0.380, 0.000, 1.0 };   /* #e66100 */
static const GdkRGBA sliding_color = { 0.149, 0.635, 0.412, 1.0 }; /* #26a269 */
static const GdkRGBA unknown_color = { 0.60, 0.60, 0.60, 1.0 };
static const GdkRGBA block_color = { 0.208, 0.518, 0.894, 1.0 };  /* #3584e4 */
static const GdkRGBA block2_color = { 0.569, 0.255, 0.675, 1.0 }; /* #9141ac */
static const GdkRGBA spring_color = { 0.753, 0.380, 0.0, 1.0 };
static const GdkRGBA friction_arrow = { 0.878, 0.106, 0.141, 1.0 }; /* #e01b24 */
static const GdkRGBA load_arrow = { 0.133, 0.133, 0.6, 1.0 };

static double
value (Frame *f, const char *name)
{
  int c = ss_dataset_find_column (f->ds, name);

  return c < 0 ? NAN : ss_dataset_get_value (f->ds, f->row, c);
}

static double
abs_max (Frame *f, const char *name)
{
  double lo, hi;
  int    c = ss_dataset_find_column (f->ds, name);

  if (c < 0 || !ss_dataset_get_column_range (f->ds, c, &lo, &hi))
    return 0.0;
  return MAX (fabs (lo), fabs (hi));
}

typedef double (*RowValue) (double a, double b, double param);

/* Extent of fn(column a, column b, param) over the rows so far (b < 0:
 * 0 is passed); non-finite values are skipped. */
static void
run_extent (Frame      *f,
            ExtentSlot  slot,
            const char *column_a,
            const char *column_b,
            RowValue    fn,
            double      param,
            double     *lo,
            double     *hi)
{
  RunExtent *e = &f->extents[slot];
  int        ca = ss_dataset_find_column (f->ds, column_a);
  int        cb = column_b != NULL ? ss_dataset_find_column (f->ds, column_b) : -1;
  guint      n = ss_dataset_get_n_rows (f->ds);

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

static double
abs_difference (double a, double b, double offset)
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

static Mode
contact_mode (Frame *f, const char *contact)
{
  g_autofree char *name = g_strdup_printf ("%s.stick", contact);
  double           s = value (f, name);

  if (isnan (s))
    return MODE_UNKNOWN;
  return s >= 0.5 ? MODE_STUCK : MODE_SLIDING;
}

static const GdkRGBA *
mode_color (Mode mode)
{
  switch (mode)
    {
    case MODE_STUCK:
      return &stuck_color;
    case MODE_SLIDING:
      return &sliding_color;
    case MODE_UNKNOWN:
    default:
      return &unknown_color;
    }
}

static void
set_rgba (cairo_t *cr, const GdkRGBA *c, double alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
text (Frame *f, double x, double y, const char *str, double xalign, double yalign, gboolean bold)
{
  PangoLayout          *layout = pango_cairo_create_layout (f->cr);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold 9" : "Sans 8.5");
  int                   w, h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, str, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (f->cr, x - xalign * w, y - yalign * h);
  pango_cairo_show_layout (f->cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* Fills the current path with lines at 45 degrees (rising to the right),
 * @spacing px apart along x, one of them through (@x_line, @y_line).  A
 * repeated tile, pixel-aligned: filling a wide floor this way costs a small
 * fraction of stroking each line, and the floor is redrawn every frame. */
static void
fill_hatch (Frame *f, double spacing, double x_line, double y_line, const GdkRGBA *color)
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
static void
draw_base (Frame *f, double x0, double x1, double y, double offset_px)
{
  cairo_t *cr = f->cr;
  double   spacing = 12, depth = 12;
  GdkRGBA  hatch = f->fg;

  hatch.alpha = f->fg.alpha * 0.35;
  set_rgba (cr, &f->fg, 0.06);
  cairo_rectangle (cr, x0, y, x1 - x0, depth);
  cairo_fill_preserve (cr);
  fill_hatch (f, spacing, x0 - fmod (offset_px, spacing), y + depth, &hatch);

  set_rgba (cr, &f->fg, 0.75);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x0, y);
  cairo_line_to (cr, x1, y);
  cairo_stroke (cr);
}

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
draw_block (Frame *f, double x, double y, double w, double h, const GdkRGBA *color, const char *label)
{
  cairo_t         *cr = f->cr;
  cairo_pattern_t *pat = cairo_pattern_create_linear (0, y, 0, y + h);

  cairo_pattern_add_color_stop_rgba (pat, 0, MIN (1, color->red + 0.15), MIN (1, color->green + 0.15),
                                     MIN (1, color->blue + 0.15), 1);
  cairo_pattern_add_color_stop_rgba (pat, 1, color->red * 0.85, color->green * 0.85, color->blue * 0.85, 1);
  rounded_rect (cr, x, y, w, h, 4);
  cairo_set_source (cr, pat);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pat);
  cairo_set_source_rgba (cr, color->red * 0.6, color->green * 0.6, color->blue * 0.6, 1);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  if (label != NULL)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      text (f, x + w / 2, y + h / 2, label, 0.5, 0.5, TRUE);
    }
}

/* A zigzag between x0 and x1 with fixed coil count: it stretches. */
static void
draw_spring (Frame *f, double x0, double x1, double y, double amplitude)
{
  cairo_t *cr = f->cr;
  int      coils = 9;
  double   lead = MIN (10, fabs (x1 - x0) * 0.12);
  double   len = (x1 - x0) - 2 * lead;

  set_rgba (cr, &spring_color, 1.0);
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
static void
draw_arrow (Frame *f, double x, double y, double dx, double dy, const GdkRGBA *color, const char *label)
{
  cairo_t *cr = f->cr;
  double   len = hypot (dx, dy), ux, uy, head = 8;

  if (!isfinite (len) || len < 2)
    return;
  ux = dx / len;
  uy = dy / len;
  head = MIN (head, len * 0.6);
  set_rgba (cr, color, 1.0);
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
    text (f, x + dx + ux * 4 + (fabs (ux) < 0.5 ? 6 : 0), y + dy + uy * 4 - 2, label,
          ux < -0.5 ? 1.0 : (ux > 0.5 ? 0.0 : 0.0), uy > 0.5 ? 0.0 : (uy < -0.5 ? 1.0 : 1.0), FALSE);
}

/* Horizontal force arrow from an anchor: length by magnitude. */
static void
force_arrow_h (Frame *f, double x, double y, double force, const GdkRGBA *color, const char *label)
{
  if (!f->forces || !isfinite (force) || f->force_scale <= 0)
    return;
  draw_arrow (f, x, y, force * f->force_scale, 0, color, label);
}

/* A force on a body spanning x_left..x_right: pushing right it starts at the
 * right edge, pushing left at the left edge, so it never covers the body. */
static void
force_arrow_out (
    Frame *f, double x_left, double x_right, double y, double force, const GdkRGBA *color, const char *label)
{
  if (!isfinite (force))
    return;
  force_arrow_h (f, force >= 0 ? x_right + 3 : x_left - 3, y, force, color, label);
}

static void
draw_contact_strip (Frame *f, double x0, double x1, double y, Mode mode)
{
  cairo_t *cr = f->cr;

  set_rgba (cr, mode_color (mode), 1.0);
  cairo_set_line_width (cr, 4.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, x0 + 2, y);
  cairo_line_to (cr, x1 - 2, y);
  cairo_stroke (cr);
}

static void
draw_mode_legend (Frame *f)
{
  cairo_t *cr = f->cr;
  double   x = 12, y = f->height - 16;
  const struct
  {
    const GdkRGBA *c;
    const char    *label;
  } items[] = {
    { &stuck_color, _("stuck") },
      { &sliding_color, _("sliding") },
    };

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      PangoLayout          *layout = pango_cairo_create_layout (cr);
      PangoFontDescription *font = pango_font_description_from_string ("Sans 8.5");
      int                   w, h;

      set_rgba (cr, items[i].c, 1.0);
      rounded_rect (cr, x, y - 5, 14, 10, 2);
      cairo_fill (cr);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, items[i].label, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      set_rgba (cr, &f->fg, 0.8);
      cairo_move_to (cr, x + 19, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
      x += 19 + w + 16;
      pango_font_description_free (font);
      g_object_unref (layout);
    }
}

static double
force_scale_for (Frame *f, const char *const *names, double max_px)
{
  double m = 0;

  for (guint i = 0; names[i] != NULL; i++)
    m = MAX (m, abs_max (f, names[i]));
  return m > 0 ? max_px / m : 0;
}

/* one-mass: block on a hatched base pulled by a spring from the driver. */
static void
draw_one_mass (Frame *f)
{
  static const char *const forces[] = { "base.F", "spring.F", "load.F", NULL };
  double                   z = value (f, "z"), xd = value (f, "x_drive");
  double                   x_drive0 = value (f, "x_drive") - 0; /* stretch uses the model's x_drive0 */
  double                   stretch_max = 0, s;
  double                   base_y = f->height * 0.68, bw = MIN (110, f->width * 0.16), bh = MIN (64, f->height * 0.34);
  double                   L0 = MIN (f->width * 0.32, 260);
  double                   bx = f->width * 0.30 - bw / 2;
  const ss_model          *m = ss_dataset_get_model (f->ds);
  int                      ix0 = ss_scenario_param_index (ss_model_scenario (m), "x_drive0");
  double                   slack = ix0 >= 0 ? ss_model_values (m)[ix0] : 0.0;
  g_autofree char         *label_f = NULL;

  (void)x_drive0;
  /* stretch = x_drive - z - slack offset; x_drive0 is the slack position */
  {
    double lo;

    run_extent (f, EXTENT_SPRING_STRETCH, "x_drive", "z", abs_difference, slack, &lo, &stretch_max);
  }
  s = stretch_max > 0 ? 0.4 * L0 / stretch_max : 1000.0;
  f->force_scale = force_scale_for (f, forces, MIN (90, f->width * 0.12));

  draw_base (f, 8, f->width - 8, base_y, z * s);
  draw_block (f, bx, base_y - bh, bw, bh, &block_color, "M");
  draw_contact_strip (f, bx, bx + bw, base_y, contact_mode (f, "base"));

  {
    double spring_y = base_y - bh / 2;
    double x0 = bx + bw;
    double x1 = x0 + L0 + (xd - z - slack) * s;
    double post_w = 12, post_h = bh * 0.9;

    draw_spring (f, x0, x1, spring_y, MIN (9, bh * 0.15));
    set_rgba (f->cr, &f->fg, 0.55);
    rounded_rect (f->cr, x1, spring_y - post_h / 2, post_w, post_h, 3);
    cairo_fill (f->cr);
    set_rgba (f->cr, &f->fg, 0.7);
    text (f, x1 + post_w / 2, spring_y - post_h / 2 - 4, _("driver"), 0.5, 1.0, FALSE);
    force_arrow_out (f, bx, bx + bw, spring_y - bh * 0.3, value (f, "spring.F"), &spring_color, "Fs");
  }
  label_f = g_strdup ("F");
  force_arrow_h (f, bx + bw / 2, base_y + 18, value (f, "base.F"), &friction_arrow, label_f);
  if (abs_max (f, "load.F") > 0)
    force_arrow_h (f, bx + bw / 2, base_y - bh - 12, value (f, "load.F"), &load_arrow, "A sin ωt");
}

/* dupont: mass m1 in the horizontal slot of m2; F2 moves m2 vertically and
 * the slot wall it pushes with carries m1's normal force. */
static void
draw_dupont (Frame *f)
{
  static const char *const forces[] = { "slot.F", "F1", NULL };
  double                   z = value (f, "z"), F2 = value (f, "F2");
  double                   zmin = INFINITY, zmax = -INFINITY;
  double                   w2 = MIN (f->width * 0.7, 560), h2 = MIN (f->height * 0.62, 130);
  double                   x2 = (f->width - w2) / 2, y2 = (f->height - h2) / 2 - 6;
  double                   slot_h = h2 * 0.36, slot_y = y2 + (h2 - slot_h) / 2;
  double                   w1 = MIN (70, w2 * 0.15), x1, margin = 14;
  double                   F2max = abs_max (f, "F2");
  Mode                     mode = contact_mode (f, "slot");
  int                      cz = ss_dataset_find_column (f->ds, "z");

  if (cz >= 0)
    ss_dataset_get_column_range (f->ds, cz, &zmin, &zmax);
  if (!(zmax > zmin))
    {
      zmin = z - 1;
      zmax = z + 1;
    }
  x1 = x2 + margin + (z - zmin) / (zmax - zmin) * (w2 - 2 * margin - w1);
  f->force_scale = force_scale_for (f, forces, MIN (80, f->width * 0.1));

  draw_block (f, x2, y2, w2, h2, &block2_color, NULL);
  set_rgba (f->cr, &f->fg, 1.0);
  cairo_set_source_rgba (f->cr, 1, 1, 1, 0.9);
  text (f, x2 + 10, y2 + 6, "m2", 0.0, 0.0, TRUE);
  /* the slot */
  cairo_set_source_rgba (f->cr, 0.12, 0.12, 0.14, 0.85);
  cairo_rectangle (f->cr, x2 + 6, slot_y, w2 - 12, slot_h);
  cairo_fill (f->cr);
  draw_block (f, x1, slot_y + 3, w1, slot_h - 6, &block_color, "m1");

  /* the wall that pushes m1 follows the sign of F2 (up = lower wall) */
  if (isfinite (F2))
    draw_contact_strip (f, x1, x1 + w1, F2 >= 0 ? slot_y + slot_h - 1.5 : slot_y + 1.5, mode);

  {
    /* light colours: these arrows sit in the dark slot */
    static const GdkRGBA load_light = { 0.965, 0.827, 0.176, 1.0 };   /* #f6d32d */
    static const GdkRGBA friction_light = { 1.0, 0.482, 0.388, 1.0 }; /* #ff7b63 */
    GdkRGBA              save = f->fg;

    f->fg = (GdkRGBA){ 1, 1, 1, 1 };
    force_arrow_out (f, x1, x1 + w1, slot_y + slot_h * 0.3, value (f, "F1"), &load_light, "F1");
    force_arrow_out (f, x1, x1 + w1, slot_y + slot_h * 0.72, value (f, "slot.F"), &friction_light, "F");
    f->fg = save;
  }
  if (f->forces && F2max > 0 && isfinite (F2))
    draw_arrow (f, x2 + w2 + 22, y2 + h2 / 2, 0, -F2 / F2max * h2 * 0.45, &load_arrow, "F2");
}

/* two-block, seen from above: block 1 and block 2 side by side on the base,
 * pressed together by the clamp force across their common face (contact 12). */
static void
draw_two_block (Frame *f)
{
  static const char *const forces[] = { "10.F", "20.F", "12.F", "F1", "F2", "sum.10+12", "sum.20-12", NULL };
  double                   z1 = value (f, "z1"), z2 = value (f, "z2");
  double                   rel_max = 0, s, zc = 0.5 * (z1 + z2);
  double                   bw = MIN (150, f->width * 0.22), bh = MIN (44, f->height * 0.22);
  double                   cx = f->width * 0.42, face_y = f->height * 0.48;
  double                   x1, x2, lo;

  run_extent (f, EXTENT_BLOCK_SPREAD, "z1", "z2", abs_difference, 0.0, &lo, &rel_max);
  s = rel_max > 0 ? 0.45 * bw / rel_max : 1000.0;
  f->force_scale = force_scale_for (f, forces, MIN (80, f->width * 0.1));
  x1 = cx - bw / 2 + (z1 - zc) * s;
  x2 = cx - bw / 2 + (z2 - zc) * s;

  /* the base seen from above: a hatched floor that scrolls */
  {
    double y0 = face_y - bh - 22, y1 = face_y + bh + 22, spacing = 14;
    double start = 8 - fmod (zc * s, spacing) - spacing;

    GdkRGBA hatch = f->fg;

    hatch.alpha = f->fg.alpha * 0.18;
    set_rgba (f->cr, &f->fg, 0.05);
    cairo_rectangle (f->cr, 8, y0, f->width - 16, y1 - y0);
    cairo_fill_preserve (f->cr);
    fill_hatch (f, spacing, start, y1, &hatch);
    set_rgba (f->cr, &f->fg, 0.6);
    text (f, 14, y0 + 3, _("top view"), 0.0, 0.0, FALSE);
  }

  /* footprints coloured by the base contacts */
  set_rgba (f->cr, mode_color (contact_mode (f, "10")), 1.0);
  rounded_rect (f->cr, x1 - 4, face_y - bh - 4, bw + 8, bh + 6, 6);
  cairo_fill (f->cr);
  set_rgba (f->cr, mode_color (contact_mode (f, "20")), 1.0);
  rounded_rect (f->cr, x2 - 4, face_y - 2, bw + 8, bh + 6, 6);
  cairo_fill (f->cr);
  draw_block (f, x1, face_y - bh, bw, bh, &block_color, "M1");
  draw_block (f, x2, face_y, bw, bh, &block2_color, "M2");
  /* the common face */
  draw_contact_strip (f, MAX (x1, x2), MIN (x1, x2) + bw, face_y, contact_mode (f, "12"));

  /* clamp force pressing the blocks together */
  if (f->forces)
    {
      GdkRGBA clamp = f->fg;

      clamp.alpha = 0.7;
      double xc = 0.5 * (MAX (x1, x2) + MIN (x1, x2) + bw);

      draw_arrow (f, xc, face_y - bh - 26, 0, 22, &clamp, NULL);
      draw_arrow (f, xc, face_y + bh + 26, 0, -22, &clamp, NULL);
      set_rgba (f->cr, &f->fg, 0.8);
      text (f, xc + 6, face_y - bh - 26, "N12", 0.0, 0.0, FALSE);
    }
  force_arrow_out (f, x1, x1 + bw, face_y - bh * 0.7, value (f, "F1"), &load_arrow, "F1");
  force_arrow_out (f, x1, x1 + bw, face_y - bh * 0.3, value (f, "10.F"), &friction_arrow, "F10");
  force_arrow_out (f, x2, x2 + bw, face_y + bh * 0.3, value (f, "20.F"), &friction_arrow, "F20");
  force_arrow_out (f, x2, x2 + bw, face_y + bh * 0.7, value (f, "F2"), &load_arrow, "F2");
}

/* Any other scenario: each coordinate as a slider on its own track, each
 * contact as a labelled lamp. */
static void
draw_generic (Frame *f)
{
  const ss_model *m = ss_dataset_get_model (f->ds);
  int             n_pos = 0, k = 0;
  double          track_x0 = 90, track_x1 = f->width - 30, y;

  for (int i = 0; i < ss_model_n_columns (m); i++)
    if (ss_model_column (m, i)->kind == SS_COL_POSITION)
      n_pos++;
  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      const ss_column *col = ss_model_column (m, i);
      double           lo, hi, v, x;

      if (col->kind != SS_COL_POSITION)
        continue;
      y = 34 + (f->height - 70) * (k + 0.5) / MAX (n_pos, 1);
      k++;
      set_rgba (f->cr, &f->fg, 0.3);
      cairo_set_line_width (f->cr, 2);
      cairo_move_to (f->cr, track_x0, y);
      cairo_line_to (f->cr, track_x1, y);
      cairo_stroke (f->cr);
      set_rgba (f->cr, &f->fg, 0.8);
      text (f, track_x0 - 10, y, col->name, 1.0, 0.5, FALSE);
      v = ss_dataset_get_value (f->ds, f->row, i);
      if (!ss_dataset_get_column_range (f->ds, i, &lo, &hi) || !isfinite (v))
        continue;
      if (!(hi > lo))
        {
          lo -= 1;
          hi += 1;
        }
      x = track_x0 + (v - lo) / (hi - lo) * (track_x1 - track_x0 - 30);
      draw_block (f, x, y - 10, 30, 20, &block_color, NULL);
    }
  {
    double x = track_x0;

    for (int c = 0; c < ss_model_n_contacts (m); c++)
      {
        PangoLayout *layout = pango_cairo_create_layout (f->cr);
        int          w, h;

        pango_layout_set_text (layout, ss_model_contact_name (m, c), -1);
        pango_layout_get_pixel_size (layout, &w, &h);
        g_object_unref (layout);
        set_rgba (f->cr, mode_color (contact_mode (f, ss_model_contact_name (m, c))), 1.0);
        cairo_arc (f->cr, x + 6, 14, 6, 0, 2 * G_PI);
        cairo_fill (f->cr);
        set_rgba (f->cr, &f->fg, 0.8);
        text (f, x + 16, 14, ss_model_contact_name (m, c), 0.0, 0.5, FALSE);
        x += 16 + w + 28;
      }
  }
}

/* ---- planar linkages: world metres -> canvas, y up ---------------------- */

typedef struct
{
  double scale;
  double ox, oy; /* canvas position of the world origin */
} View2D;

static View2D
fit_view (Frame *f, double x_min, double x_max, double y_min, double y_max, double left_margin)
{
  View2D v;
  double w = f->width - left_margin - 24, h = f->height - 44;

  v.scale = MIN (w / MAX (x_max - x_min, 1e-9), h / MAX (y_max - y_min, 1e-9));
  v.ox = left_margin + (w - (x_max - x_min) * v.scale) / 2 - x_min * v.scale;
  v.oy = 12 + (h + (y_max - y_min) * v.scale) / 2 + y_min * v.scale;
  return v;
}

static inline double
vx (const View2D *v, double x)
{
  return v->ox + x * v->scale;
}
static inline double
vy (const View2D *v, double y)
{
  return v->oy - y * v->scale;
}

static void
draw_link (Frame *f, double x0, double y0, double x1, double y1, double width, const GdkRGBA *color)
{
  cairo_t *cr = f->cr;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, color->red * 0.7, color->green * 0.7, color->blue * 0.7, 1);
  cairo_set_line_width (cr, width + 2);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
  set_rgba (cr, color, 1.0);
  cairo_set_line_width (cr, width);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
}

/* A revolute joint: a pin ringed in its friction mode's colour. */
static void
draw_pin (Frame *f, double x, double y, const char *contact, const char *label)
{
  cairo_t *cr = f->cr;

  set_rgba (cr, mode_color (contact_mode (f, contact)), 1.0);
  cairo_arc (cr, x, y, 7, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
  cairo_fill (cr);
  if (label != NULL)
    {
      set_rgba (cr, &f->fg, 0.85);
      text (f, x + 9, y - 9, label, 0.0, 1.0, TRUE);
    }
}

/* A fixed pivot: the pin on a small hatched ground triangle. */
static void
draw_ground_pivot (Frame *f, double x, double y)
{
  cairo_t *cr = f->cr;

  set_rgba (cr, &f->fg, 0.55);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - 12, y + 18);
  cairo_line_to (cr, x + 12, y + 18);
  cairo_close_path (cr);
  cairo_fill (cr);
  draw_base (f, x - 20, x + 20, y + 18, 0);
}

/* A straight rail with hatching on one side, from (x0, y0) to (x1, y1). */
static void
draw_rail (Frame *f, double x0, double y0, double x1, double y1)
{
  cairo_t *cr = f->cr;
  double   len = hypot (x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;

  set_rgba (cr, &f->fg, 0.3);
  cairo_set_line_width (cr, 1.0);
  for (double s = 0; s < len; s += 10)
    {
      cairo_move_to (cr, x0 + ux * s, y0 + uy * s);
      cairo_line_to (cr, x0 + ux * s + uy * 8 - ux * 8, y0 + uy * s - ux * 8 - uy * 8);
    }
  cairo_stroke (cr);
  set_rgba (cr, &f->fg, 0.75);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
}

static void
draw_g_arrow (Frame *f, double x, double y, double dx, double dy)
{
  GdkRGBA c = f->fg;

  c.alpha = 0.6;
  draw_arrow (f, x, y, dx, dy, &c, "g");
}

/* A moment as a curved arrow around (x, y): counter-clockwise for a
 * positive value, sweep proportional to |value| / max (up to 300°). */
static void
draw_moment_arrow (
    Frame *f, double x, double y, double radius, double moment, double max, const GdkRGBA *color, const char *label)
{
  cairo_t *cr = f->cr;
  double   sweep, a0 = G_PI / 2, a1, hx, hy, tx, ty, head = 7;

  if (!f->forces || !isfinite (moment) || max <= 0 || fabs (moment) < 1e-3 * max)
    return;
  sweep = MIN (fabs (moment) / max, 1.0) * G_PI * 5 / 3;
  sweep = MAX (sweep, 0.35);
  /* canvas y points down: counter-clockwise is decreasing angle */
  a1 = moment > 0 ? a0 - sweep : a0 + sweep;
  set_rgba (cr, color, 1.0);
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
    text (f, x - radius - 4, y + radius * 0.2, label, 1.0, 0.5, FALSE);
}

/* World bounding box of the crank tip over the whole run (the drawing
 * fits the motion that happens, not the full circle). */
static void
crank_extent (Frame *f, double L1, double *x_min, double *x_max, double *y_min, double *y_max)
{
  run_extent (f, EXTENT_CRANK_X, "theta1", NULL, scaled_cos, L1, x_min, x_max);
  run_extent (f, EXTENT_CRANK_Y, "theta1", NULL, scaled_sin, L1, y_min, y_max);
  /* the pivot belongs to the drawing too (and an empty run is just that) */
  *x_min = MIN (*x_min, 0);
  *x_max = MAX (*x_max, 0);
  *y_min = MIN (*y_min, 0);
  *y_max = MAX (*y_max, 0);
}

/* slider-crank (Blajer & Markiewicz Example 2): crank OA, rod AB, slider at B
 * on the guide Ox; gravity along the guide.  Drawn with the guide
 * horizontal. */
static void
draw_slider_crank (Frame *f)
{
  const double      *p = ss_model_values (ss_dataset_get_model (f->ds));
  const ss_scenario *sc = ss_model_scenario (ss_dataset_get_model (f->ds));
  double             a1 = p[ss_scenario_param_index (sc, "a1")], a2 = p[ss_scenario_param_index (sc, "a2")];
  double             th1 = value (f, "theta1"), xB = value (f, "xB");
  double             L1 = 2 * a1, L2 = 2 * a2, ex0, ex1, ey0, ey1;
  View2D             v;
  double             Ax = L1 * cos (th1), Ay = L1 * sin (th1);
  double             bw, bh;

  crank_extent (f, L1, &ex0, &ex1, &ey0, &ey1);
  v = fit_view (f, MIN (ex0, -0.1) - 0.12, L1 + L2 + 0.15, MIN (ey0, -0.06) - 0.04, MAX (ey1, 0.06) + 0.04, 20);
  bw = 0.12 * v.scale;
  bh = 0.07 * v.scale;
  draw_rail (f, vx (&v, 0.05), vy (&v, 0) + bh / 2 + 2, vx (&v, L1 + L2 + 0.15), vy (&v, 0) + bh / 2 + 2);
  draw_rail (f, vx (&v, L1 + L2 + 0.15), vy (&v, 0) - bh / 2 - 2, vx (&v, 0.05), vy (&v, 0) - bh / 2 - 2);
  draw_block (f, vx (&v, xB) - bw / 2, vy (&v, 0) - bh / 2, bw, bh, &block2_color, NULL);
  draw_contact_strip (f, vx (&v, xB) - bw / 2, vx (&v, xB) + bw / 2, vy (&v, 0) + bh / 2 + 2,
                      contact_mode (f, "guide"));
  draw_link (f, vx (&v, Ax), vy (&v, Ay), vx (&v, xB), vy (&v, 0), 7, &block_color);
  draw_link (f, vx (&v, 0), vy (&v, 0), vx (&v, Ax), vy (&v, Ay), 9, &spring_color);
  draw_ground_pivot (f, vx (&v, 0), vy (&v, 0));
  draw_moment_arrow (f, vx (&v, 0), vy (&v, 0), 22, value (f, "tau"), abs_max (f, "tau"), &load_arrow, "τ");
  draw_pin (f, vx (&v, 0), vy (&v, 0), "O", "O");
  draw_pin (f, vx (&v, Ax), vy (&v, Ay), "A", "A");
  draw_pin (f, vx (&v, xB), vy (&v, 0), "B", "B");
  draw_g_arrow (f, f->width - 70, 24, 40, 0);
}

/* slider-crank-offset (Example 1): crank, coupler and a slider block on a
 * horizontal guide through O, its pin 2 a3 above the guide; gravity -y. */
static void
draw_slider_crank_offset (Frame *f)
{
  const double      *p = ss_model_values (ss_dataset_get_model (f->ds));
  const ss_scenario *sc = ss_model_scenario (ss_dataset_get_model (f->ds));
  double             a1 = p[ss_scenario_param_index (sc, "a1")], a2 = p[ss_scenario_param_index (sc, "a2")];
  double             a3 = p[ss_scenario_param_index (sc, "a3")];
  double             th1 = value (f, "theta1"), x3 = value (f, "x3");
  double             L1 = 2 * a1, L2 = 2 * a2, H = 2 * a3, ex0, ex1, ey0, ey1;
  View2D             v;
  double             Ax = L1 * cos (th1), Ay = L1 * sin (th1);
  double             bw, bh;

  crank_extent (f, L1, &ex0, &ex1, &ey0, &ey1);
  v = fit_view (f, MIN (ex0, -0.1) - 0.12, L1 + L2 + a3 + 0.1, MIN (ey0, -0.06) - 0.04, MAX (MAX (ey1, H), 0.06) + 0.05,
                20);
  bw = 2 * a3 * v.scale;
  bh = H * v.scale;
  draw_base (f, vx (&v, MIN (ex0, -0.1) - 0.12), vx (&v, L1 + L2 + a3 + 0.1), vy (&v, 0), 0);
  draw_block (f, vx (&v, x3) - bw / 2, vy (&v, H), bw, bh, &block2_color, NULL);
  draw_contact_strip (f, vx (&v, x3) - bw / 2, vx (&v, x3) + bw / 2, vy (&v, 0), contact_mode (f, "guide"));
  draw_link (f, vx (&v, Ax), vy (&v, Ay), vx (&v, x3), vy (&v, H), 7, &block_color);
  draw_link (f, vx (&v, 0), vy (&v, 0), vx (&v, Ax), vy (&v, Ay), 9, &spring_color);
  draw_moment_arrow (f, vx (&v, 0), vy (&v, 0), 22, value (f, "tau"), abs_max (f, "tau"), &load_arrow, "τ");
  draw_pin (f, vx (&v, 0), vy (&v, 0), "O", "O");
  draw_pin (f, vx (&v, Ax), vy (&v, Ay), "A", "A");
  draw_pin (f, vx (&v, x3), vy (&v, H), "B", "B");
  draw_g_arrow (f, f->width - 40, 20, 0, 40);
}

/* A zigzag spring from (x0, y0) to (x1, y1) in any direction. */
static void
draw_spring_between (Frame *f, double x0, double y0, double x1, double y1, double amplitude)
{
  cairo_save (f->cr);
  cairo_translate (f->cr, x0, y0);
  cairo_rotate (f->cr, atan2 (y1 - y0, x1 - x0));
  draw_spring (f, 0, hypot (x1 - x0, y1 - y0), 0, amplitude);
  cairo_restore (f->cr);
}

/* The load split readout: the treatment's alpha and, while the rigid rod is
 * stuck, the admissible range instead of pretending alpha is known. */
static void
draw_split_readout (Frame *f, double x, double y)
{
  double           alpha = value (f, "split.alpha");
  double           lo = value (f, "split.alpha_min"), hi = value (f, "split.alpha_max");
  g_autofree char *line1 = NULL;
  g_autofree char *line2 = NULL;

  /* no "-0.0 %" */
  lo = fabs (lo) < 5e-4 ? 0.0 : lo;
  alpha = fabs (alpha) < 5e-4 ? 0.0 : alpha;
  if (isfinite (lo) && isfinite (hi))
    {
      /* Translators: the share of the rod load P passed by revolute joint 1;
       * the statics allow any value in the range while both sliders stick */
      line1 =
          g_strdup_printf (_("P through revolute 1: %.1f %% … %.1f %% admissible while stuck"), 100 * lo, 100 * hi);
      if (isfinite (alpha))
        /* Translators: the split this run's treatment or friction law produced */
        line2 = g_strdup_printf (_("this run: %.1f %%"), 100 * alpha);
    }
  else if (isfinite (alpha))
    line1 = g_strdup_printf (_("P through revolute 1: %.1f %%"), 100 * alpha);
  else
    return;
  set_rgba (f->cr, &f->fg, 0.85);
  text (f, x, y, line1, 1.0, 0.0, FALSE);
  if (line2 != NULL)
    {
      set_rgba (f->cr, &f->fg, 0.6);
      text (f, x, y + 15, line2, 1.0, 0.0, FALSE);
    }
}

/* A load arrow labelled at its free end: the tail when it pushes (the head
 * touches the body and its pin label), the head when it pulls.  side 0: the
 * label continues the arrow; +1 / -1: beside the free end, below / above a
 * horizontal arrow or right / left of a vertical one (clear of a rod that
 * leaves the body along the arrow). */
static void
load_arrow_labelled (
    Frame *f, double x, double y, double dx, double dy, gboolean label_at_tail, int side, const char *label)
{
  double len = hypot (dx, dy), ax, ay, ux, uy;

  if (!label_at_tail && side == 0)
    {
      draw_arrow (f, x, y, dx, dy, &load_arrow, label);
      return;
    }
  draw_arrow (f, x, y, dx, dy, &load_arrow, NULL);
  if (!isfinite (len) || len < 2)
    return;
  /* the free end, and the way away from the body */
  ux = (label_at_tail ? -dx : dx) / len;
  uy = (label_at_tail ? -dy : dy) / len;
  ax = label_at_tail ? x : x + dx;
  ay = label_at_tail ? y : y + dy;
  if (side == 0)
    text (f, ax + ux * 4, ay + uy * 4, label, ux > 0.5 ? 0.0 : (ux < -0.5 ? 1.0 : 0.5),
          uy > 0.5 ? 0.0 : (uy < -0.5 ? 1.0 : 0.5), FALSE);
  else if (fabs (ux) >= fabs (uy))
    text (f, ax + ux * 2, ay + side * 3, label, ux > 0 ? 0.0 : 1.0, side > 0 ? 0.0 : 1.0, FALSE);
  else
    text (f, ax + side * 3, ay + uy * 2, label, side > 0 ? 0.0 : 1.0, uy > 0 ? 0.0 : 1.0, FALSE);
}

/* two-slider (Wojtyra): slider 1 on a vertical rail, slider 2 on a
 * horizontal rail, a rod between their pins (three segments with axial
 * springs when flexible); loads S1, S2 on the sliders and P on the rod's
 * centre drawn to one force scale. */
static void
draw_two_slider (Frame *f)
{
  const ss_model          *m = ss_dataset_get_model (f->ds);
  const double            *p = ss_model_values (m);
  const ss_scenario       *sc = ss_model_scenario (m);
  int                      ih = ss_scenario_param_index (sc, "h"), irod = ss_scenario_param_index (sc, "rod");
  int                      ief = ss_scenario_param_index (sc, "end_fraction");
  double                   h = ih >= 0 ? p[ih] : 0.05;
  gboolean                 flexible = irod >= 0 && p[irod] >= 0.5;
  double                   ef = ief >= 0 ? p[ief] : 0.05;
  double                   y1 = value (f, "y1"), x2 = value (f, "x2");
  double                   ymin = -h - 0.02, ymax = 0.3, xmin = -h - 0.02, xmax = 0.7;
  double                   area_w, area_h, s, ox, oy;
  static const char *const loads[] = { "load.S1", "load.S2", "load.P", NULL };
  View2D                   v;

  {
    double lo, hi;
    int    c = ss_dataset_find_column (f->ds, "y1");

    if (c >= 0 && ss_dataset_get_column_range (f->ds, c, &lo, &hi))
      {
        ymax = MAX (ymax, hi + h);
        ymin = MIN (ymin, lo - h);
      }
    c = ss_dataset_find_column (f->ds, "x2");
    if (c >= 0 && ss_dataset_get_column_range (f->ds, c, &lo, &hi))
      xmax = MAX (xmax, hi + 1.5 * h);
  }
  /* height-limited: the mechanism on the left, the split readout right;
   * room for the load arrows around it */
  area_h = f->height - 34; /* clear of the mode legend below */
  area_w = f->width * 0.55;
  s = MIN (area_h / (ymax - ymin), area_w / (xmax - xmin));
  ox = MAX (40, f->width * 0.32 - (xmax - xmin) * s / 2) - xmin * s;
  oy = 8 + (ymax)*s;
  v.scale = s;
  v.ox = ox;
  v.oy = oy;
  f->force_scale = force_scale_for (f, loads, MIN (60, 0.25 * (xmax - xmin) * s));

  draw_rail (f, vx (&v, -h / 2) - 2, vy (&v, ymax), vx (&v, -h / 2) - 2, vy (&v, ymin));
  draw_rail (f, vx (&v, xmin), vy (&v, -h / 2) + 2, vx (&v, xmax), vy (&v, -h / 2) + 2);
  draw_block (f, vx (&v, -h / 2), vy (&v, y1 + h / 2), h * s, h * s, &block_color, NULL);
  draw_block (f, vx (&v, x2 - h / 2), vy (&v, h / 2), h * s, h * s, &block2_color, NULL);
  {
    /* the rails' contact strips, vertical for slider 1 */
    cairo_t *cr = f->cr;

    set_rgba (cr, mode_color (contact_mode (f, "slider1")), 1.0);
    cairo_set_line_width (cr, 4.0);
    cairo_move_to (cr, vx (&v, -h / 2) - 2, vy (&v, y1 + h / 2) + 2);
    cairo_line_to (cr, vx (&v, -h / 2) - 2, vy (&v, y1 - h / 2) - 2);
    cairo_stroke (cr);
  }
  draw_contact_strip (f, vx (&v, x2 - h / 2), vx (&v, x2 + h / 2), vy (&v, -h / 2) + 2, contact_mode (f, "slider2"));
  if (flexible)
    {
      /* end segments (drawn at least 12 px), springs, middle segment */
      double ax = vx (&v, 0), ay = vy (&v, y1), bx = vx (&v, x2), by = vy (&v, 0);
      double len = hypot (bx - ax, by - ay), ux = (bx - ax) / len, uy = (by - ay) / len;
      double end = MAX (12, ef * len), spring = MIN (0.18 * len, 40);

      draw_link (f, ax, ay, ax + ux * end, ay + uy * end, 6, &spring_color);
      draw_spring_between (f, ax + ux * end, ay + uy * end, ax + ux * (end + spring), ay + uy * (end + spring), 5);
      draw_link (f, ax + ux * (end + spring), ay + uy * (end + spring), bx - ux * (end + spring),
                 by - uy * (end + spring), 6, &spring_color);
      draw_spring_between (f, bx - ux * (end + spring), by - uy * (end + spring), bx - ux * end, by - uy * end, 5);
      draw_link (f, bx - ux * end, by - uy * end, bx, by, 6, &spring_color);
    }
  else
    draw_link (f, vx (&v, 0), vy (&v, y1), vx (&v, x2), vy (&v, 0), 6, &spring_color);
  draw_pin (f, vx (&v, 0), vy (&v, y1), "slider1", "1");
  draw_pin (f, vx (&v, x2), vy (&v, 0), "slider2", "2");

  if (f->forces && f->force_scale > 0)
    {
      double S1 = value (f, "load.S1"), S2 = value (f, "load.S2"), P = value (f, "load.P");
      double ex = x2 - 0, ey = 0 - y1;
      int    ix = ss_scenario_param_index (sc, "x2_0"), iy = ss_scenario_param_index (sc, "y1_0");
      double cxw = 0.5 * x2, cyw = 0.5 * y1, n;

      /* P keeps the initial rod direction e */
      if (ix >= 0 && iy >= 0)
        {
          ex = p[ix];
          ey = -p[iy];
        }
      n = hypot (ex, ey);
      /* the rails are behind the sliders: a push towards a rail ends at
       * the slider, a pull starts from it; labels at the free end, S1's
       * beside it on the side the rod does not leave slider 1 */
      if (isfinite (S1) && S1 != 0)
        load_arrow_labelled (f, vx (&v, h / 2) + 3 + (S1 < 0 ? -S1 * f->force_scale : 0), vy (&v, y1),
                             S1 * f->force_scale, 0, S1 < 0, y1 <= 0 ? 1 : -1, "S1");
      if (isfinite (S2) && S2 != 0)
        load_arrow_labelled (f, vx (&v, x2), vy (&v, h / 2) - 3 + (S2 < 0 ? S2 * f->force_scale : 0), 0,
                             -S2 * f->force_scale, S2 < 0, 0, "S2");
      if (isfinite (P) && P != 0 && n > 0)
        load_arrow_labelled (f, vx (&v, cxw), vy (&v, cyw), P * f->force_scale * ex / n, -P * f->force_scale * ey / n,
                             FALSE, 0, "P");
    }
  draw_split_readout (f, f->width - 12, 10);
}

/* gear-train: the four solids as discs with a rotating mark, the shafts as
 * zigzag springs, the gear pair meshing; each ringed by its bearing mode. */
static void
draw_disc (Frame *f, double x, double y, double r, double angle, const char *bearing, const char *label, gboolean teeth)
{
  cairo_t *cr = f->cr;

  set_rgba (cr, mode_color (contact_mode (f, bearing)), 1.0);
  cairo_arc (cr, x, y, r + (teeth ? 9 : 4), 0, 2 * G_PI);
  cairo_fill (cr);
  if (teeth)
    {
      int n = MAX (8, (int)(r / 3));

      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_rotate (cr, -angle);
      cairo_set_source_rgb (cr, block_color.red * 0.6, block_color.green * 0.6, block_color.blue * 0.6);
      for (int i = 0; i < n; i++)
        {
          double a0 = 2 * G_PI * i / n, a1 = a0 + G_PI / n;

          cairo_new_sub_path (cr);
          cairo_arc (cr, 0, 0, r + 5, a0, a1);
          cairo_arc_negative (cr, 0, 0, r - 2, a1, a0);
          cairo_close_path (cr);
        }
      cairo_fill (cr);
      cairo_restore (cr);
    }
  set_rgba (cr, &block_color, 1.0);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 2.5);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + r * 0.85 * cos (angle), y - r * 0.85 * sin (angle));
  cairo_stroke (cr);
  set_rgba (cr, &f->fg, 0.85);
  text (f, x, y + r + 8, label, 0.5, 0.0, TRUE);
}

/* A shaft as a cylinder seen from the side: four generatrix lines wind
 * from the left end's angle to the right end's, so the twist shows (front
 * half solid, back half faint).  In its freeplay gap it carries no torque
 * and is drawn pale. */
static void
draw_shaft (Frame *f, double x0, double x1, double y, double r, double angle_left, double angle_right, double contact)
{
  cairo_t         *cr = f->cr;
  double           alpha = contact < 0.5 ? 0.35 : 1.0;
  cairo_pattern_t *pat = cairo_pattern_create_linear (0, y - r, 0, y + r);

  if (!isfinite (angle_left) || !isfinite (angle_right))
    angle_left = angle_right = 0;
  cairo_pattern_add_color_stop_rgba (pat, 0, 0.80, 0.80, 0.83, alpha);
  cairo_pattern_add_color_stop_rgba (pat, 0.45, 0.95, 0.95, 0.97, alpha);
  cairo_pattern_add_color_stop_rgba (pat, 1, 0.55, 0.55, 0.60, alpha);
  cairo_rectangle (cr, x0, y - r, x1 - x0, 2 * r);
  cairo_set_source (cr, pat);
  cairo_fill (cr);
  cairo_pattern_destroy (pat);
  cairo_set_line_width (cr, 1.6);
  for (int k = 0; k < 4; k++)
    {
      int n = 40;

      for (int i = 0; i < n; i++)
        {
          double   s0 = (double)i / n, s1 = (double)(i + 1) / n;
          double   a0 = angle_left + (angle_right - angle_left) * s0 + k * G_PI / 2;
          double   a1 = angle_left + (angle_right - angle_left) * s1 + k * G_PI / 2;
          gboolean front = cos (0.5 * (a0 + a1)) > 0;

          cairo_set_source_rgba (cr, spring_color.red, spring_color.green, spring_color.blue,
                                 alpha * (front ? 1.0 : 0.18));
          cairo_move_to (cr, x0 + (x1 - x0) * s0, y - r * sin (a0));
          cairo_line_to (cr, x0 + (x1 - x0) * s1, y - r * sin (a1));
          cairo_stroke (cr);
        }
    }
  set_rgba (cr, &f->fg, 0.45 * alpha);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x0 + 0.5, y - r + 0.5, x1 - x0 - 1, 2 * r - 1);
  cairo_stroke (cr);
}

/* The mesh's backlash, magnified: a tooth of δ between two teeth of γ,
 * offset by the mesh's relative angle over its freeplay. */
static void
draw_backlash_inset (Frame *f, double x, double y, double w, double h, double defl, double gap, double contact)
{
  cairo_t       *cr = f->cr;
  double         cx = x + w / 2, base = y + h - 12, tooth_w = 16, tooth_h = h - 34, room = 10;
  double         offset = gap > 0 && isfinite (defl) ? CLAMP (defl / gap, -1.0, 1.0) * room : 0;
  const GdkRGBA *state = contact >= 0.5 ? &stuck_color : &sliding_color;

  set_rgba (cr, &f->fg, 0.04);
  rounded_rect (cr, x, y, w, h, 6);
  cairo_fill_preserve (cr);
  set_rgba (cr, &f->fg, 0.25);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  set_rgba (cr, &f->fg, 0.8);
  text (f, cx, y + 4, _("backlash δ-γ"), 0.5, 0.0, FALSE);

  /* γ: two teeth standing on a rim, the gap between them */
  cairo_set_source_rgb (cr, block_color.red * 0.6, block_color.green * 0.6, block_color.blue * 0.6);
  for (int side = -1; side <= 1; side += 2)
    {
      double inner = cx + side * (tooth_w / 2 + room);

      cairo_move_to (cr, inner, base);
      cairo_line_to (cr, inner + side * 3, base - tooth_h);
      cairo_line_to (cr, inner + side * (tooth_w + 1), base - tooth_h);
      cairo_line_to (cr, inner + side * (tooth_w + 4), base);
      cairo_close_path (cr);
    }
  cairo_rectangle (cr, cx - w / 2 + 6, base, w - 12, 5);
  cairo_fill (cr);
  /* δ: one tooth hanging down into the gap */
  set_rgba (cr, state, 1.0);
  cairo_move_to (cr, cx + offset - tooth_w / 2 - 2, base - tooth_h - 6);
  cairo_line_to (cr, cx + offset - tooth_w / 2 + 1, base - 6);
  cairo_line_to (cr, cx + offset + tooth_w / 2 - 1, base - 6);
  cairo_line_to (cr, cx + offset + tooth_w / 2 + 2, base - tooth_h - 6);
  cairo_close_path (cr);
  cairo_fill (cr);
  set_rgba (cr, &f->fg, 0.7);
  text (f, cx, base + 6, contact >= 0.5 ? _("teeth in contact") : _("in the gap"), 0.5, 0.0, FALSE);
}

/* gear-train: discs ψ and ϕ, the gear pair δ-γ meshing, the two shafts as
 * twisting cylinders (twist magnified so the largest of the run shows as
 * about a quarter turn), each body ringed by its bearing's mode; the
 * backlash magnified on the right. */
static void
draw_gear_train (Frame *f)
{
  const ss_model    *m = ss_dataset_get_model (f->ds);
  const ss_scenario *sc = ss_model_scenario (m);
  int                igap = ss_scenario_param_index (sc, "gap_delta_gamma");
  double             gap = igap >= 0 ? ss_model_values (m)[igap] : 0;
  double psi = value (f, "psi"), delta = value (f, "delta"), gamma = value (f, "gamma"), phi = value (f, "phi");
  double cy = (f->height - 24) * 0.5, r_big = MIN ((f->height - 24) * 0.36, 52);
  double r_d = r_big * 0.45, r_g = r_big * 0.9, inset_w = MIN (150, f->width * 0.18);
  double span = f->width - inset_w - 30;
  double x_psi = 20 + span * 0.10, x_delta = 20 + span * 0.40, x_gamma, x_phi = 20 + span * 0.90;
  double twist_max = MAX (abs_max (f, "shaft_psi_delta.defl"), abs_max (f, "shaft_gamma_phi.defl"));
  double magnify = twist_max > 0 ? MAX (1.0, (G_PI / 2) / twist_max) : 1.0;
  double d_angle = isfinite (delta) ? delta : psi, g_angle = isfinite (gamma) ? -gamma : -phi;
  double t1 = value (f, "shaft_psi_delta.defl"), t2 = value (f, "shaft_gamma_phi.defl");
  double shaft_r = MAX (6, MIN (14, r_big * 0.28));

  x_gamma = x_delta + r_d + r_g + 3;
  if (!isfinite (t1))
    t1 = 0;
  if (!isfinite (t2))
    t2 = 0;
  /* ends of each shaft: the left body's angle, and that minus the
   * magnified deflection */
  draw_shaft (f, x_psi + r_big, x_delta - r_d - 8, cy, shaft_r, psi, psi - magnify * t1,
              value (f, "shaft_psi_delta.contact"));
  draw_shaft (f, x_gamma + r_g + 8, x_phi - r_big, cy, shaft_r, -phi - magnify * t2, -phi,
              value (f, "shaft_gamma_phi.contact"));
  draw_disc (f, x_psi, cy, r_big, psi, "bearing_psi", "ψ", FALSE);
  draw_disc (f, x_delta, cy, r_d, d_angle, "bearing_delta", "δ", TRUE);
  draw_disc (f, x_gamma, cy, r_g, g_angle, "bearing_gamma", "γ", TRUE);
  draw_disc (f, x_phi, cy, r_big, phi, "bearing_phi", "ϕ", FALSE);
  if (magnify > 1.5)
    {
      char buf[64];

      /* Translators: the shafts' twist is drawn magnified by this factor */
      g_snprintf (buf, sizeof buf, _("twist ×%.0f"), magnify);
      set_rgba (f->cr, &f->fg, 0.55);
      text (f, 0.5 * (x_psi + r_big + x_delta - r_d), cy - shaft_r - 3, buf, 0.5, 1.0, FALSE);
    }
  draw_backlash_inset (f, f->width - inset_w - 12, MAX (4, cy - 45), inset_w, MIN (90, f->height - 34),
                       value (f, "mesh.defl"), gap, value (f, "mesh.contact"));
}

typedef struct
{
  const char *scenario;
  void (*draw) (Frame *f);
} Drawing;

static const Drawing drawings[] = {
  { "one-mass", draw_one_mass },         { "dupont", draw_dupont },
  { "two-block", draw_two_block },       { "gear-train", draw_gear_train },
  { "slider-crank", draw_slider_crank }, { "slider-crank-offset", draw_slider_crank_offset },
  { "two-slider", draw_two_slider },
};

void
ss_mechanism_view_draw (SsMechanismView *self, cairo_t *cr, double width, double height)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));
  const char      *name;
  Frame            f = { 0 };

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (context, &f.fg);
  G_GNUC_END_IGNORE_DEPRECATIONS

  if (self->dataset == NULL || ss_dataset_get_n_rows (self->dataset) == 0 ||
      !ss_dataset_get_row_at (self->dataset, self->time, &f.row))
    return;
  f.ds = self->dataset;
  f.cr = cr;
  f.width = width;
  f.height = height;
  f.forces = self->show_forces;
  f.extents = self->extents;
  f.scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  name = ss_model_scenario (ss_dataset_get_model (self->dataset))->name;
  self->drawing = "generic";
  cairo_save (cr);
  for (guint i = 0; i < G_N_ELEMENTS (drawings); i++)
    if (g_strcmp0 (drawings[i].scenario, name) == 0)
      {
        self->drawing = drawings[i].scenario;
        drawings[i].draw (&f);
        break;
      }
  if (g_strcmp0 (self->drawing, "generic") == 0)
    draw_generic (&f);
  cairo_restore (cr);
  draw_mode_legend (&f);

  {
    char buf[64];

    g_snprintf (buf, sizeof buf, "t = %.3f s", ss_dataset_get_times (self->dataset)[f.row]);
    set_rgba (cr, &f.fg, 0.7);
    text (&f, width - 12, height - 8, buf, 1.0, 1.0, FALSE);
  }
}

static void
draw_func (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  gint64 start = g_get_monotonic_time ();

  (void)data;
  ss_mechanism_view_draw (SS_MECHANISM_VIEW (area), cr, width, height);
  ss_bench_accumulate (SS_BENCH_FRAME, (g_get_monotonic_time () - start) / 1000.0);
}

static void
ss_mechanism_view_dispose (GObject *object)
{
  SsMechanismView *self = (SsMechanismView *)object;

  g_clear_object (&self->dataset);

  G_OBJECT_CLASS (ss_mechanism_view_parent_class)->dispose (object);
}

static void
ss_mechanism_view_class_init (SsMechanismViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ss_mechanism_view_dispose;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "mechanism");
}

static void
ss_mechanism_view_init (SsMechanismView *self)
{
  self->show_forces = TRUE;
  self->drawing = "none";
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw_func, NULL, NULL);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self), 170);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
ss_mechanism_view_new (void)
{
  return g_object_new (SS_TYPE_MECHANISM_VIEW, NULL);
}

void
ss_mechanism_view_set_dataset (SsMechanismView *self, SsDataset *dataset)
{
  g_return_if_fail (SS_IS_MECHANISM_VIEW (self));

  if (g_set_object (&self->dataset, dataset))
    memset (self->extents, 0, sizeof self->extents);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ss_mechanism_view_set_time (SsMechanismView *self, double t)
{
  if (self->time == t)
    return;
  self->time = t;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
ss_mechanism_view_get_time (SsMechanismView *self)
{
  return self->time;
}

void
ss_mechanism_view_set_show_forces (SsMechanismView *self, gboolean show)
{
  self->show_forces = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
ss_mechanism_view_get_drawing (SsMechanismView *self)
{
  return self->drawing;
}
