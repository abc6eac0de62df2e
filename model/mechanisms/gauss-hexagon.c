/* gauss-hexagon.c - closed-form weighted projection onto the two-block
 * stiction hexagon (see gauss-hexagon.h).  Each edge keeps three of the
 * four static forces at a limit; its projection is explicit, and the edge's
 * ends are the vertices.  The accelerations that the geometry makes zero are
 * set to exactly zero so that stuck contacts stay exactly stuck. */
#include <math.h>

#include "gauss-hexagon.h"
#include "stickslip.h"

/* Clamps x into [lo, hi]; *side = -1/+1 when clamped at lo/hi, else 0. */
static double clamp_side(double x, double lo, double hi, int *side)
{
  *side = x < lo ? -1 : x > hi ? +1 : 0;
  return *side < 0 ? lo : *side > 0 ? hi : x;
}

/* Clamping direction -> mode of the contact whose force the clamp saturates. */
static int side_mode(int side) { return side == 0 ? SS_MODE_STICK : side; }

static void set_modes(tb_hexagon *o, int m10, int m20, int m12)
{
  o->modes[TB_10] = m10;
  o->modes[TB_20] = m20;
  o->modes[TB_12] = m12;
}

/* Edge r1 = sigma (L10 + L12): s10 = sigma L10, s12 = sigma L12, s20 free. */
static void edge_block1(double M1, double M2, double G1, double G2, double a, double b, double c,
                        int sigma, tb_hexagon *o)
{
  int side;
  o->r1 = sigma * (a + c);
  o->r2 = clamp_side(G2, -b - sigma * c, b - sigma * c, &side);
  o->a1 = (G1 - o->r1) / M1;
  o->a2 = side == 0 ? 0.0 : (G2 - o->r2) / M2;
  set_modes(o, sigma, side_mode(side), sigma);
}

/* Edge r2 = sigma (L20 + L12): s20 = sigma L20, s12 = -sigma L12, s10 free. */
static void edge_block2(double M1, double M2, double G1, double G2, double a, double b, double c,
                        int sigma, tb_hexagon *o)
{
  int side;
  o->r2 = sigma * (b + c);
  o->r1 = clamp_side(G1, -a - sigma * c, a - sigma * c, &side);
  o->a1 = side == 0 ? 0.0 : (G1 - o->r1) / M1;
  o->a2 = (G2 - o->r2) / M2;
  set_modes(o, side_mode(side), sigma, -sigma);
}

/* Edge r1 + r2 = sigma (L10 + L20): s10 = sigma L10, s20 = sigma L20, s12
 * free; off the vertices both blocks share one acceleration (Lagrange). */
static void edge_together(double M1, double M2, double G1, double G2, double a, double b, double c,
                          int sigma, tb_hexagon *o)
{
  int side;
  double total = sigma * (a + b);
  double lambda = (G1 + G2 - total) / (M1 + M2);
  o->r1 = clamp_side(G1 - M1 * lambda, sigma * a - c, sigma * a + c, &side);
  o->r2 = total - o->r1;
  if (side == 0) {
    o->a1 = lambda;
    o->a2 = lambda;
  } else {
    o->a1 = (G1 - o->r1) / M1;
    o->a2 = (G2 - o->r2) / M2;
  }
  set_modes(o, sigma, sigma, side_mode(side));
}

void tb_gauss_hexagon(double M1, double M2, double G1, double G2, double L10, double L20,
                      double L12, tb_hexagon *out)
{
  double a = L10, b = L20, c = L12;
  /* Strictly inside: every contact holds.  On the boundary the margin is
   * zero and the contacts there break (an edge below gives a = 0 then). */
  if (fabs(G1) < a + c && fabs(G2) < b + c && fabs(G1 + G2) < a + b) {
    out->r1 = G1;
    out->r2 = G2;
    out->a1 = 0.0;
    out->a2 = 0.0;
    set_modes(out, SS_MODE_STICK, SS_MODE_STICK, SS_MODE_STICK);
    return;
  }
  /* Outside or on the boundary: the nearest point lies on one of the six
   * edges (a vertex is a clamped edge end); the least acceleration energy
   * M1 a1² + M2 a2² picks it. */
  double best = INFINITY;
  for (int k = 0; k < 6; k++) {
    tb_hexagon cand;
    int sigma = k % 2 ? -1 : 1;
    if (k < 2)
      edge_block1(M1, M2, G1, G2, a, b, c, sigma, &cand);
    else if (k < 4)
      edge_block2(M1, M2, G1, G2, a, b, c, sigma, &cand);
    else
      edge_together(M1, M2, G1, G2, a, b, c, sigma, &cand);
    double q = M1 * cand.a1 * cand.a1 + M2 * cand.a2 * cand.a2;
    if (q < best) {
      best = q;
      *out = cand;
    }
  }
  /* A contact with a zero limit gives its vertex no direction of its own:
   * it slides the way its relative acceleration points. */
  const double L[3] = {L10, L20, L12};
  const double rel[3] = {out->a1, out->a2, out->a1 - out->a2};
  for (int k = 0; k < 3; k++)
    if (L[k] == 0.0 && out->modes[k] != SS_MODE_STICK && rel[k] != 0.0)
      out->modes[k] = rel[k] > 0.0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
}
