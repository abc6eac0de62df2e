/* draw-slider-crank-offset.c - slider-crank-offset ([BlajerMarkiewicz]
 * Example 1): crank, coupler and a slider block on a horizontal guide
 * through O, its pin 2 a3 above the guide; gravity -y. */
#include <math.h>

#include "drawings.h"

static const SsSketchColumn columns[] = {
  { "theta1", NULL },  { "x3", NULL },      { "tau", NULL },         { "O.stick", NULL },
  { "A.stick", NULL }, { "B.stick", NULL }, { "guide.stick", NULL }, { NULL, NULL },
};

static const char *const params[] = { "a1", "a2", "a3", NULL };

enum
{
  CRANK_X_EXTENT,
  CRANK_Y_EXTENT,
};

static void
draw (SsSketch *f)
{
  double       a1 = ss_sketch_param (f, "a1", NAN), a2 = ss_sketch_param (f, "a2", NAN);
  double       a3 = ss_sketch_param (f, "a3", NAN);
  double       th1 = ss_sketch_value (f, "theta1"), x3 = ss_sketch_value (f, "x3");
  double       L1 = 2 * a1, L2 = 2 * a2, H = 2 * a3, ex0, ex1, ey0, ey1;
  SsSketchView v;
  double       Ax = L1 * cos (th1), Ay = L1 * sin (th1);
  double       bw, bh;

  ss_sketch_crank_extent (f, CRANK_X_EXTENT, CRANK_Y_EXTENT, "theta1", L1, &ex0, &ex1, &ey0, &ey1);
  v = ss_sketch_fit_view (f, MIN (ex0, -0.1) - 0.12, L1 + L2 + a3 + 0.1, MIN (ey0, -0.06) - 0.04,
                          MAX (MAX (ey1, H), 0.06) + 0.05, 20);
  bw = 2 * a3 * v.scale;
  bh = H * v.scale;
  ss_sketch_ground (f, ss_sketch_vx (&v, MIN (ex0, -0.1) - 0.12), ss_sketch_vx (&v, L1 + L2 + a3 + 0.1),
                    ss_sketch_vy (&v, 0), 0);
  ss_sketch_block (f, ss_sketch_vx (&v, x3) - bw / 2, ss_sketch_vy (&v, H), bw, bh, &ss_sketch_block2_color, NULL);
  ss_sketch_contact_strip (f, ss_sketch_vx (&v, x3) - bw / 2, ss_sketch_vx (&v, x3) + bw / 2, ss_sketch_vy (&v, 0),
                           ss_sketch_contact_mode (f, "guide"));
  ss_sketch_link (f, ss_sketch_vx (&v, Ax), ss_sketch_vy (&v, Ay), ss_sketch_vx (&v, x3), ss_sketch_vy (&v, H), 7,
                  &ss_sketch_block_color);
  ss_sketch_link (f, ss_sketch_vx (&v, 0), ss_sketch_vy (&v, 0), ss_sketch_vx (&v, Ax), ss_sketch_vy (&v, Ay), 9,
                  &ss_sketch_spring_color);
  ss_sketch_moment_arrow (f, ss_sketch_vx (&v, 0), ss_sketch_vy (&v, 0), 22, ss_sketch_value (f, "tau"),
                          ss_sketch_abs_max (f, "tau"), &ss_sketch_load_color, "τ");
  ss_sketch_pin (f, ss_sketch_vx (&v, 0), ss_sketch_vy (&v, 0), "O", "O");
  ss_sketch_pin (f, ss_sketch_vx (&v, Ax), ss_sketch_vy (&v, Ay), "A", "A");
  ss_sketch_pin (f, ss_sketch_vx (&v, x3), ss_sketch_vy (&v, H), "B", "B");
  ss_sketch_gravity_arrow (f, f->width - 40, 20, 0, 40);
}

const SsDrawing ss_drawing_slider_crank_offset = { draw, columns, params };
