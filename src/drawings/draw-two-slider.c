/* draw-two-slider.c - two-slider ([Wojtyra2016]): two sliders on
 * perpendicular rails joined by a rod, and the load split readout: while
 * the rigid rod is stuck the statics allow a range, shown as such. */
#include <glib/gi18n.h>
#include <math.h>

#include "drawings.h"

static const SsSketchColumn columns[] = {
  { "y1", NULL },
  { "x2", NULL },
  { "slider1.stick", NULL },
  { "slider2.stick", NULL },
  { "load.S1", NULL },
  { "load.S2", NULL },
  { "load.P", NULL },
  { "split.alpha", NULL },
  { "split.alpha_min", NULL },
  { "split.alpha_max", NULL },
  { NULL, NULL },
};

static const char *const params[] = { "h", "rod", "end_fraction", "x2_0", "y1_0", NULL };

/* The load split readout: the treatment's alpha and, while the rigid rod is
 * stuck, the admissible range instead of pretending alpha is known. */
static void
split_readout (SsSketch *f, double x, double y)
{
  double           alpha = ss_sketch_value (f, "split.alpha");
  double           lo = ss_sketch_value (f, "split.alpha_min"), hi = ss_sketch_value (f, "split.alpha_max");
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
  ss_sketch_set_color (f, &f->fg, 0.85);
  ss_sketch_text (f, x, y, line1, 1.0, 0.0, FALSE);
  if (line2 != NULL)
    {
      ss_sketch_set_color (f, &f->fg, 0.6);
      ss_sketch_text (f, x, y + 15, line2, 1.0, 0.0, FALSE);
    }
}

/* A load arrow labelled at its free end: the tail when it pushes (the head
 * touches the body and its pin label), the head when it pulls.  side 0: the
 * label continues the arrow; +1 / -1: beside the free end, below / above a
 * horizontal arrow or right / left of a vertical one (clear of a rod that
 * leaves the body along the arrow). */
static void
load_arrow_labelled (
    SsSketch *f, double x, double y, double dx, double dy, gboolean label_at_tail, int side, const char *label)
{
  double len = hypot (dx, dy), ax, ay, ux, uy;

  if (!label_at_tail && side == 0)
    {
      ss_sketch_arrow (f, x, y, dx, dy, &ss_sketch_load_color, label);
      return;
    }
  ss_sketch_arrow (f, x, y, dx, dy, &ss_sketch_load_color, NULL);
  if (!isfinite (len) || len < 2)
    return;
  /* the free end, and the way away from the body */
  ux = (label_at_tail ? -dx : dx) / len;
  uy = (label_at_tail ? -dy : dy) / len;
  ax = label_at_tail ? x : x + dx;
  ay = label_at_tail ? y : y + dy;
  if (side == 0)
    ss_sketch_text (f, ax + ux * 4, ay + uy * 4, label, ux > 0.5 ? 0.0 : (ux < -0.5 ? 1.0 : 0.5),
                    uy > 0.5 ? 0.0 : (uy < -0.5 ? 1.0 : 0.5), FALSE);
  else if (fabs (ux) >= fabs (uy))
    ss_sketch_text (f, ax + ux * 2, ay + side * 3, label, ux > 0 ? 0.0 : 1.0, side > 0 ? 0.0 : 1.0, FALSE);
  else
    ss_sketch_text (f, ax + side * 3, ay + uy * 2, label, side > 0 ? 0.0 : 1.0, uy > 0 ? 0.0 : 1.0, FALSE);
}

/* Slider 1 on a vertical rail, slider 2 on a horizontal rail, a rod
 * between their pins (three segments with axial springs when flexible);
 * loads S1, S2 on the sliders and P on the rod's centre drawn to one force
 * scale. */
static void
draw (SsSketch *f)
{
  double                   h = ss_sketch_param (f, "h", 0.05);
  gboolean                 flexible = ss_sketch_param (f, "rod", 0) >= 0.5;
  double                   ef = ss_sketch_param (f, "end_fraction", 0.05);
  double                   y1 = ss_sketch_value (f, "y1"), x2 = ss_sketch_value (f, "x2");
  double                   ymin = -h - 0.02, ymax = 0.3, xmin = -h - 0.02, xmax = 0.7;
  double                   area_w, area_h, s, ox, oy;
  static const char *const loads[] = { "load.S1", "load.S2", "load.P", NULL };
  SsSketchView             v;

  {
    double lo, hi;

    if (ss_sketch_column_range (f, "y1", &lo, &hi))
      {
        ymax = MAX (ymax, hi + h);
        ymin = MIN (ymin, lo - h);
      }
    if (ss_sketch_column_range (f, "x2", &lo, &hi))
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
  f->force_scale = ss_sketch_force_scale (f, loads, MIN (60, 0.25 * (xmax - xmin) * s));

  ss_sketch_rail (f, ss_sketch_vx (&v, -h / 2) - 2, ss_sketch_vy (&v, ymax), ss_sketch_vx (&v, -h / 2) - 2,
                  ss_sketch_vy (&v, ymin));
  ss_sketch_rail (f, ss_sketch_vx (&v, xmin), ss_sketch_vy (&v, -h / 2) + 2, ss_sketch_vx (&v, xmax),
                  ss_sketch_vy (&v, -h / 2) + 2);
  ss_sketch_block (f, ss_sketch_vx (&v, -h / 2), ss_sketch_vy (&v, y1 + h / 2), h * s, h * s, &ss_sketch_block_color,
                   NULL);
  ss_sketch_block (f, ss_sketch_vx (&v, x2 - h / 2), ss_sketch_vy (&v, h / 2), h * s, h * s, &ss_sketch_block2_color,
                   NULL);
  {
    /* the rails' contact strips, vertical for slider 1 */
    cairo_t *cr = f->cr;

    ss_sketch_set_color (f, ss_sketch_mode_color (ss_sketch_contact_mode (f, "slider1")), 1.0);
    cairo_set_line_width (cr, 4.0);
    cairo_move_to (cr, ss_sketch_vx (&v, -h / 2) - 2, ss_sketch_vy (&v, y1 + h / 2) + 2);
    cairo_line_to (cr, ss_sketch_vx (&v, -h / 2) - 2, ss_sketch_vy (&v, y1 - h / 2) - 2);
    cairo_stroke (cr);
  }
  ss_sketch_contact_strip (f, ss_sketch_vx (&v, x2 - h / 2), ss_sketch_vx (&v, x2 + h / 2),
                           ss_sketch_vy (&v, -h / 2) + 2, ss_sketch_contact_mode (f, "slider2"));
  if (flexible)
    {
      /* end segments (drawn at least 12 px), springs, middle segment */
      double ax = ss_sketch_vx (&v, 0), ay = ss_sketch_vy (&v, y1), bx = ss_sketch_vx (&v, x2),
             by = ss_sketch_vy (&v, 0);
      double len = hypot (bx - ax, by - ay), ux = (bx - ax) / len, uy = (by - ay) / len;
      double end = MAX (12, ef * len), spring = MIN (0.18 * len, 40);

      ss_sketch_link (f, ax, ay, ax + ux * end, ay + uy * end, 6, &ss_sketch_spring_color);
      ss_sketch_spring_between (f, ax + ux * end, ay + uy * end, ax + ux * (end + spring), ay + uy * (end + spring), 5);
      ss_sketch_link (f, ax + ux * (end + spring), ay + uy * (end + spring), bx - ux * (end + spring),
                      by - uy * (end + spring), 6, &ss_sketch_spring_color);
      ss_sketch_spring_between (f, bx - ux * (end + spring), by - uy * (end + spring), bx - ux * end, by - uy * end, 5);
      ss_sketch_link (f, bx - ux * end, by - uy * end, bx, by, 6, &ss_sketch_spring_color);
    }
  else
    ss_sketch_link (f, ss_sketch_vx (&v, 0), ss_sketch_vy (&v, y1), ss_sketch_vx (&v, x2), ss_sketch_vy (&v, 0), 6,
                    &ss_sketch_spring_color);
  ss_sketch_pin (f, ss_sketch_vx (&v, 0), ss_sketch_vy (&v, y1), "slider1", "1");
  ss_sketch_pin (f, ss_sketch_vx (&v, x2), ss_sketch_vy (&v, 0), "slider2", "2");

  if (f->forces && f->force_scale > 0)
    {
      double S1 = ss_sketch_value (f, "load.S1"), S2 = ss_sketch_value (f, "load.S2"),
             P = ss_sketch_value (f, "load.P");
      double ex = x2 - 0, ey = 0 - y1;
      double x2_0 = ss_sketch_param (f, "x2_0", NAN), y1_0 = ss_sketch_param (f, "y1_0", NAN);
      double cxw = 0.5 * x2, cyw = 0.5 * y1, n;

      /* P keeps the initial rod direction e */
      if (!isnan (x2_0) && !isnan (y1_0))
        {
          ex = x2_0;
          ey = -y1_0;
        }
      n = hypot (ex, ey);
      /* the rails are behind the sliders: a push towards a rail ends at
       * the slider, a pull starts from it; labels at the free end, S1's
       * beside it on the side the rod does not leave slider 1 */
      if (isfinite (S1) && S1 != 0)
        load_arrow_labelled (f, ss_sketch_vx (&v, h / 2) + 3 + (S1 < 0 ? -S1 * f->force_scale : 0),
                             ss_sketch_vy (&v, y1), S1 * f->force_scale, 0, S1 < 0, y1 <= 0 ? 1 : -1, "S1");
      if (isfinite (S2) && S2 != 0)
        load_arrow_labelled (f, ss_sketch_vx (&v, x2),
                             ss_sketch_vy (&v, h / 2) - 3 + (S2 < 0 ? S2 * f->force_scale : 0), 0, -S2 * f->force_scale,
                             S2 < 0, 0, "S2");
      if (isfinite (P) && P != 0 && n > 0)
        load_arrow_labelled (f, ss_sketch_vx (&v, cxw), ss_sketch_vy (&v, cyw), P * f->force_scale * ex / n,
                             -P * f->force_scale * ey / n, FALSE, 0, "P");
    }
  split_readout (f, f->width - 12, 10);
}

const SsDrawing ss_drawing_two_slider = { draw, columns, params };
