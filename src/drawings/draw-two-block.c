/* draw-two-block.c - two-block, seen from above: block 1 and block 2 side
 * by side on the base, pressed together by the clamp force across their
 * common face (contact 12). */
#include <glib/gi18n.h>
#include <math.h>

#include "drawings.h"

static const SsSketchColumn columns[] = {
  { "z1", NULL },        { "z2", NULL },        { "F1", NULL },       { "F2", NULL },       { "10.F", NULL },
  { "20.F", NULL },      { "12.F", NULL },      { "10.stick", NULL }, { "20.stick", NULL }, { "12.stick", NULL },
  { "sum.10+12", NULL }, { "sum.20-12", NULL }, { NULL, NULL },
};

enum
{
  SPREAD_EXTENT,
};

static void
draw (SsSketch *f)
{
  static const char *const forces[] = { "10.F", "20.F", "12.F", "F1", "F2", "sum.10+12", "sum.20-12", NULL };
  double                   z1 = ss_sketch_value (f, "z1"), z2 = ss_sketch_value (f, "z2");
  double                   rel_max = 0, s, zc = 0.5 * (z1 + z2);
  double                   bw = MIN (150, f->width * 0.22), bh = MIN (44, f->height * 0.22);
  double                   cx = f->width * 0.42, face_y = f->height * 0.48;
  double                   x1, x2, lo;

  ss_sketch_extent (f, SPREAD_EXTENT, "z1", "z2", ss_sketch_abs_difference, 0.0, &lo, &rel_max);
  s = rel_max > 0 ? 0.45 * bw / rel_max : 1000.0;
  f->force_scale = ss_sketch_force_scale (f, forces, MIN (80, f->width * 0.1));
  x1 = cx - bw / 2 + (z1 - zc) * s;
  x2 = cx - bw / 2 + (z2 - zc) * s;

  /* the base seen from above: a hatched floor that scrolls */
  {
    double  y0 = face_y - bh - 22, y1 = face_y + bh + 22, spacing = 14;
    double  start = 8 - fmod (zc * s, spacing) - spacing;
    GdkRGBA hatch = f->fg;

    hatch.alpha = f->fg.alpha * 0.18;
    ss_sketch_set_color (f, &f->fg, 0.05);
    cairo_rectangle (f->cr, 8, y0, f->width - 16, y1 - y0);
    cairo_fill_preserve (f->cr);
    ss_sketch_fill_hatch (f, spacing, start, y1, &hatch);
    ss_sketch_set_color (f, &f->fg, 0.6);
    ss_sketch_text (f, 14, y0 + 3, _("top view"), 0.0, 0.0, FALSE);
  }

  /* footprints coloured by the base contacts */
  ss_sketch_set_color (f, ss_sketch_mode_color (ss_sketch_contact_mode (f, "10")), 1.0);
  ss_sketch_rounded_rect (f, x1 - 4, face_y - bh - 4, bw + 8, bh + 6, 6);
  cairo_fill (f->cr);
  ss_sketch_set_color (f, ss_sketch_mode_color (ss_sketch_contact_mode (f, "20")), 1.0);
  ss_sketch_rounded_rect (f, x2 - 4, face_y - 2, bw + 8, bh + 6, 6);
  cairo_fill (f->cr);
  ss_sketch_block (f, x1, face_y - bh, bw, bh, &ss_sketch_block_color, "M1");
  ss_sketch_block (f, x2, face_y, bw, bh, &ss_sketch_block2_color, "M2");
  /* the common face */
  ss_sketch_contact_strip (f, MAX (x1, x2), MIN (x1, x2) + bw, face_y, ss_sketch_contact_mode (f, "12"));

  /* clamp force pressing the blocks together */
  if (f->forces)
    {
      GdkRGBA clamp = f->fg;
      double  xc = 0.5 * (MAX (x1, x2) + MIN (x1, x2) + bw);

      clamp.alpha = 0.7;
      ss_sketch_arrow (f, xc, face_y - bh - 26, 0, 22, &clamp, NULL);
      ss_sketch_arrow (f, xc, face_y + bh + 26, 0, -22, &clamp, NULL);
      ss_sketch_set_color (f, &f->fg, 0.8);
      ss_sketch_text (f, xc + 6, face_y - bh - 26, "N12", 0.0, 0.0, FALSE);
    }
  ss_sketch_force_arrow_out (f, x1, x1 + bw, face_y - bh * 0.7, ss_sketch_value (f, "F1"), &ss_sketch_load_color, "F1");
  ss_sketch_force_arrow_out (f, x1, x1 + bw, face_y - bh * 0.3, ss_sketch_value (f, "10.F"), &ss_sketch_friction_color,
                             "F10");
  ss_sketch_force_arrow_out (f, x2, x2 + bw, face_y + bh * 0.3, ss_sketch_value (f, "20.F"), &ss_sketch_friction_color,
                             "F20");
  ss_sketch_force_arrow_out (f, x2, x2 + bw, face_y + bh * 0.7, ss_sketch_value (f, "F2"), &ss_sketch_load_color, "F2");
}

const SsDrawing ss_drawing_two_block = { draw, columns, NULL };
