/* draw-one-mass.c - one-mass: the block on a hatched base, pulled by a
 * spring from the driver; the base scrolls under it. */
#include <glib/gi18n.h>
#include <math.h>

#include "drawings.h"

static const SsSketchColumn columns[] = {
  { "z", NULL },      { "x_drive", NULL },    { "base.F", NULL }, { "spring.F", NULL },
  { "load.F", NULL }, { "base.stick", NULL }, { NULL, NULL },
};

static const char *const params[] = { "x_drive0", NULL };

enum
{
  STRETCH_EXTENT,
};

static void
draw (SsSketch *f)
{
  static const char *const forces[] = { "base.F", "spring.F", "load.F", NULL };
  double                   z = ss_sketch_value (f, "z"), xd = ss_sketch_value (f, "x_drive");
  double                   stretch_max = 0, s;
  double                   base_y = f->height * 0.68, bw = MIN (110, f->width * 0.16), bh = MIN (64, f->height * 0.34);
  double                   L0 = MIN (f->width * 0.32, 260);
  double                   bx = f->width * 0.30 - bw / 2;
  double                   slack = ss_sketch_param (f, "x_drive0", 0.0);

  /* stretch = x_drive - z - slack offset; x_drive0 is the slack position */
  {
    double lo;

    ss_sketch_extent (f, STRETCH_EXTENT, "x_drive", "z", ss_sketch_abs_difference, slack, &lo, &stretch_max);
  }
  s = stretch_max > 0 ? 0.4 * L0 / stretch_max : 1000.0;
  f->force_scale = ss_sketch_force_scale (f, forces, MIN (90, f->width * 0.12));

  ss_sketch_ground (f, 8, f->width - 8, base_y, z * s);
  ss_sketch_block (f, bx, base_y - bh, bw, bh, &ss_sketch_block_color, "M");
  ss_sketch_contact_strip (f, bx, bx + bw, base_y, ss_sketch_contact_mode (f, "base"));

  {
    double spring_y = base_y - bh / 2;
    double x0 = bx + bw;
    double x1 = x0 + L0 + (xd - z - slack) * s;
    double post_w = 12, post_h = bh * 0.9;

    ss_sketch_spring (f, x0, x1, spring_y, MIN (9, bh * 0.15));
    ss_sketch_set_color (f, &f->fg, 0.55);
    ss_sketch_rounded_rect (f, x1, spring_y - post_h / 2, post_w, post_h, 3);
    cairo_fill (f->cr);
    ss_sketch_set_color (f, &f->fg, 0.7);
    ss_sketch_text (f, x1 + post_w / 2, spring_y - post_h / 2 - 4, _("driver"), 0.5, 1.0, FALSE);
    ss_sketch_force_arrow_out (f, bx, bx + bw, spring_y - bh * 0.3, ss_sketch_value (f, "spring.F"),
                               &ss_sketch_spring_color, "Fs");
  }
  ss_sketch_force_arrow (f, bx + bw / 2, base_y + 18, ss_sketch_value (f, "base.F"), &ss_sketch_friction_color, "F");
  if (ss_sketch_abs_max (f, "load.F") > 0)
    ss_sketch_force_arrow (f, bx + bw / 2, base_y - bh - 12, ss_sketch_value (f, "load.F"), &ss_sketch_load_color,
                           "A sin ωt");
}

const SsDrawing ss_drawing_one_mass = { draw, columns, params };
