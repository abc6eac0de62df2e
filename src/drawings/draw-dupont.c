/* draw-dupont.c - dupont: mass m1 in the horizontal slot of m2; F2 moves m2
 * vertically and the slot wall it pushes with carries m1's normal force. */
#include <math.h>

#include "drawings.h"

static const SsSketchColumn columns[] = {
  { "z", NULL }, { "F1", NULL }, { "F2", NULL }, { "slot.F", NULL }, { "slot.stick", NULL }, { NULL, NULL },
};

static void
draw (SsSketch *f)
{
  static const char *const forces[] = { "slot.F", "F1", NULL };
  double                   z = ss_sketch_value (f, "z"), F2 = ss_sketch_value (f, "F2");
  double                   zmin = INFINITY, zmax = -INFINITY;
  double                   w2 = MIN (f->width * 0.7, 560), h2 = MIN (f->height * 0.62, 130);
  double                   x2 = (f->width - w2) / 2, y2 = (f->height - h2) / 2 - 6;
  double                   slot_h = h2 * 0.36, slot_y = y2 + (h2 - slot_h) / 2;
  double                   w1 = MIN (70, w2 * 0.15), x1, margin = 14;
  double                   F2max = ss_sketch_abs_max (f, "F2");
  SsSketchMode             mode = ss_sketch_contact_mode (f, "slot");

  ss_sketch_column_range (f, "z", &zmin, &zmax);
  if (!(zmax > zmin))
    {
      zmin = z - 1;
      zmax = z + 1;
    }
  x1 = x2 + margin + (z - zmin) / (zmax - zmin) * (w2 - 2 * margin - w1);
  f->force_scale = ss_sketch_force_scale (f, forces, MIN (80, f->width * 0.1));

  ss_sketch_block (f, x2, y2, w2, h2, &ss_sketch_block2_color, NULL);
  cairo_set_source_rgba (f->cr, 1, 1, 1, 0.9);
  ss_sketch_text (f, x2 + 10, y2 + 6, "m2", 0.0, 0.0, TRUE);
  /* the slot */
  cairo_set_source_rgba (f->cr, 0.12, 0.12, 0.14, 0.85);
  cairo_rectangle (f->cr, x2 + 6, slot_y, w2 - 12, slot_h);
  cairo_fill (f->cr);
  ss_sketch_block (f, x1, slot_y + 3, w1, slot_h - 6, &ss_sketch_block_color, "m1");

  /* the wall that pushes m1 follows the sign of F2 (up = lower wall) */
  if (isfinite (F2))
    ss_sketch_contact_strip (f, x1, x1 + w1, F2 >= 0 ? slot_y + slot_h - 1.5 : slot_y + 1.5, mode);

  {
    /* light colours: these arrows sit in the dark slot */
    static const GdkRGBA load_light = { 0.965, 0.827, 0.176, 1.0 };   /* #f6d32d */
    static const GdkRGBA friction_light = { 1.0, 0.482, 0.388, 1.0 }; /* #ff7b63 */
    GdkRGBA              save = f->fg;

    f->fg = (GdkRGBA){ 1, 1, 1, 1 };
    ss_sketch_force_arrow_out (f, x1, x1 + w1, slot_y + slot_h * 0.3, ss_sketch_value (f, "F1"), &load_light, "F1");
    ss_sketch_force_arrow_out (f, x1, x1 + w1, slot_y + slot_h * 0.72, ss_sketch_value (f, "slot.F"), &friction_light,
                               "F");
    f->fg = save;
  }
  if (f->forces && F2max > 0 && isfinite (F2))
    ss_sketch_arrow (f, x2 + w2 + 22, y2 + h2 / 2, 0, -F2 / F2max * h2 * 0.45, &ss_sketch_load_color, "F2");
}

const SsDrawing ss_drawing_dupont = { draw, columns, NULL };
