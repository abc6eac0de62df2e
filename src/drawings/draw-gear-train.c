/* draw-gear-train.c - gear-train ([Zardecki2006]): the driven solid ψ,
 * the gear pair δ-γ with its backlash and the load solid ϕ, joined by two
 * shafts with freeplay; each body ringed by its bearing's friction mode. */
#include <glib/gi18n.h>
#include <math.h>

#include "drawings.h"

/* The gear wheels' bearings are in the model at levels 1 and 2 only (3 and
 * 4 reduce the gears away): their rings are drawn as unknown then. */
static const SsSketchColumn columns[] = {
  { "psi", NULL },
  { "delta", NULL },
  { "gamma", NULL },
  { "phi", NULL },
  { "bearing_psi.stick", NULL },
  { "bearing_delta.stick", "level=1|2" },
  { "bearing_gamma.stick", "level=1|2" },
  { "bearing_phi.stick", NULL },
  { "shaft_psi_delta.defl", NULL },
  { "shaft_psi_delta.contact", NULL },
  { "shaft_gamma_phi.defl", NULL },
  { "shaft_gamma_phi.contact", NULL },
  { "mesh.defl", NULL },
  { "mesh.contact", NULL },
  { NULL, NULL },
};

static const char *const params[] = { "gap_delta_gamma", NULL };

/* A solid as a disc with a rotating mark (a gear with teeth), ringed by
 * its bearing's mode. */
static void
draw_disc (
    SsSketch *f, double x, double y, double r, double angle, const char *bearing, const char *label, gboolean teeth)
{
  cairo_t *cr = f->cr;

  ss_sketch_set_color (f, ss_sketch_mode_color (ss_sketch_contact_mode (f, bearing)), 1.0);
  cairo_arc (cr, x, y, r + (teeth ? 9 : 4), 0, 2 * G_PI);
  cairo_fill (cr);
  if (teeth)
    {
      int n = MAX (8, (int)(r / 3));

      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_rotate (cr, -angle);
      cairo_set_source_rgb (cr, ss_sketch_block_color.red * 0.6, ss_sketch_block_color.green * 0.6,
                            ss_sketch_block_color.blue * 0.6);
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
  ss_sketch_set_color (f, &ss_sketch_block_color, 1.0);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 2.5);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + r * 0.85 * cos (angle), y - r * 0.85 * sin (angle));
  cairo_stroke (cr);
  ss_sketch_set_color (f, &f->fg, 0.85);
  ss_sketch_text (f, x, y + r + 8, label, 0.5, 0.0, TRUE);
}

/* A shaft as a cylinder seen from the side: four generatrix lines wind
 * from the left end's angle to the right end's, so the twist shows (front
 * half solid, back half faint).  In its freeplay gap it carries no torque
 * and is drawn pale. */
static void
draw_shaft (
    SsSketch *f, double x0, double x1, double y, double r, double angle_left, double angle_right, double contact)
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

          cairo_set_source_rgba (cr, ss_sketch_spring_color.red, ss_sketch_spring_color.green,
                                 ss_sketch_spring_color.blue, alpha * (front ? 1.0 : 0.18));
          cairo_move_to (cr, x0 + (x1 - x0) * s0, y - r * sin (a0));
          cairo_line_to (cr, x0 + (x1 - x0) * s1, y - r * sin (a1));
          cairo_stroke (cr);
        }
    }
  ss_sketch_set_color (f, &f->fg, 0.45 * alpha);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x0 + 0.5, y - r + 0.5, x1 - x0 - 1, 2 * r - 1);
  cairo_stroke (cr);
}

/* The mesh's backlash, magnified: a tooth of δ between two teeth of γ,
 * offset by the mesh's relative angle over its freeplay. */
static void
draw_backlash_inset (SsSketch *f, double x, double y, double w, double h, double defl, double gap, double contact)
{
  cairo_t       *cr = f->cr;
  double         cx = x + w / 2, base = y + h - 12, tooth_w = 16, tooth_h = h - 34, room = 10;
  double         offset = gap > 0 && isfinite (defl) ? CLAMP (defl / gap, -1.0, 1.0) * room : 0;
  const GdkRGBA *state = contact >= 0.5 ? &ss_sketch_stuck_color : &ss_sketch_sliding_color;

  ss_sketch_set_color (f, &f->fg, 0.04);
  ss_sketch_rounded_rect (f, x, y, w, h, 6);
  cairo_fill_preserve (cr);
  ss_sketch_set_color (f, &f->fg, 0.25);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  ss_sketch_set_color (f, &f->fg, 0.8);
  ss_sketch_text (f, cx, y + 4, _("backlash δ-γ"), 0.5, 0.0, FALSE);

  /* γ: two teeth standing on a rim, the gap between them */
  cairo_set_source_rgb (cr, ss_sketch_block_color.red * 0.6, ss_sketch_block_color.green * 0.6,
                        ss_sketch_block_color.blue * 0.6);
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
  ss_sketch_set_color (f, state, 1.0);
  cairo_move_to (cr, cx + offset - tooth_w / 2 - 2, base - tooth_h - 6);
  cairo_line_to (cr, cx + offset - tooth_w / 2 + 1, base - 6);
  cairo_line_to (cr, cx + offset + tooth_w / 2 - 1, base - 6);
  cairo_line_to (cr, cx + offset + tooth_w / 2 + 2, base - tooth_h - 6);
  cairo_close_path (cr);
  cairo_fill (cr);
  ss_sketch_set_color (f, &f->fg, 0.7);
  ss_sketch_text (f, cx, base + 6, contact >= 0.5 ? _("teeth in contact") : _("in the gap"), 0.5, 0.0, FALSE);
}

/* Discs ψ and ϕ, the gear pair δ-γ meshing, the two shafts as twisting
 * cylinders (twist magnified so the largest of the run shows as about a
 * quarter turn), each body ringed by its bearing's mode; the backlash
 * magnified on the right. */
static void
draw (SsSketch *f)
{
  double gap = ss_sketch_param (f, "gap_delta_gamma", 0);
  double psi = ss_sketch_value (f, "psi"), delta = ss_sketch_value (f, "delta"), gamma = ss_sketch_value (f, "gamma"),
         phi = ss_sketch_value (f, "phi");
  double cy = (f->height - 24) * 0.5, r_big = MIN ((f->height - 24) * 0.36, 52);
  double r_d = r_big * 0.45, r_g = r_big * 0.9, inset_w = MIN (150, f->width * 0.18);
  double span = f->width - inset_w - 30;
  double x_psi = 20 + span * 0.10, x_delta = 20 + span * 0.40, x_gamma, x_phi = 20 + span * 0.90;
  double twist_max = MAX (ss_sketch_abs_max (f, "shaft_psi_delta.defl"), ss_sketch_abs_max (f, "shaft_gamma_phi.defl"));
  double magnify = twist_max > 0 ? MAX (1.0, (G_PI / 2) / twist_max) : 1.0;
  double d_angle = isfinite (delta) ? delta : psi, g_angle = isfinite (gamma) ? -gamma : -phi;
  double t1 = ss_sketch_value (f, "shaft_psi_delta.defl"), t2 = ss_sketch_value (f, "shaft_gamma_phi.defl");
  double shaft_r = MAX (6, MIN (14, r_big * 0.28));

  x_gamma = x_delta + r_d + r_g + 3;
  if (!isfinite (t1))
    t1 = 0;
  if (!isfinite (t2))
    t2 = 0;
  /* ends of each shaft: the left body's angle, and that minus the
   * magnified deflection */
  draw_shaft (f, x_psi + r_big, x_delta - r_d - 8, cy, shaft_r, psi, psi - magnify * t1,
              ss_sketch_value (f, "shaft_psi_delta.contact"));
  draw_shaft (f, x_gamma + r_g + 8, x_phi - r_big, cy, shaft_r, -phi - magnify * t2, -phi,
              ss_sketch_value (f, "shaft_gamma_phi.contact"));
  draw_disc (f, x_psi, cy, r_big, psi, "bearing_psi", "ψ", FALSE);
  draw_disc (f, x_delta, cy, r_d, d_angle, "bearing_delta", "δ", TRUE);
  draw_disc (f, x_gamma, cy, r_g, g_angle, "bearing_gamma", "γ", TRUE);
  draw_disc (f, x_phi, cy, r_big, phi, "bearing_phi", "ϕ", FALSE);
  if (magnify > 1.5)
    {
      char buf[64];

      /* Translators: the shafts' twist is drawn magnified by this factor */
      g_snprintf (buf, sizeof buf, _("twist ×%.0f"), magnify);
      ss_sketch_set_color (f, &f->fg, 0.55);
      ss_sketch_text (f, 0.5 * (x_psi + r_big + x_delta - r_d), cy - shaft_r - 3, buf, 0.5, 1.0, FALSE);
    }
  draw_backlash_inset (f, f->width - inset_w - 12, MAX (4, cy - 45), inset_w, MIN (90, f->height - 34),
                       ss_sketch_value (f, "mesh.defl"), gap, ss_sketch_value (f, "mesh.contact"));
}

const SsDrawing ss_drawing_gear_train = { draw, columns, params };
