/* gauss-hexagon.h - exact Gauss minimiser for two blocks in total stiction
 * ([Zardecki2007] §4, whose printed eq. 4.9-4.10 are not this minimiser).
 *
 * Block 1 feels the static forces -(s10 + s12), block 2 -(s20 - s12):
 *   M1 a1 = G1 - r1,  r1 = s10 + s12
 *   M2 a2 = G2 - r2,  r2 = s20 - s12
 * with |s10| <= L10, |s20| <= L20, |s12| <= L12.  The pairs (r1, r2) that a
 * split can produce form the hexagon (zonotope)
 *   |r1| <= L10 + L12,  |r2| <= L20 + L12,  |r1 + r2| <= L10 + L20,
 * and the Gauss principle picks the point of it nearest to (G1, G2) in the
 * metric diag(1/M1, 1/M2).  The split s10, s20, s12 itself is indeterminate
 * inside the hexagon; only r1, r2 (and so a1, a2) are unique. */
#ifndef SS_GAUSS_HEXAGON_H
#define SS_GAUSS_HEXAGON_H

/* Contact order used by the two-block scenario. */
enum { TB_10 = 0, TB_20 = 1, TB_12 = 2 };

typedef struct tb_hexagon {
  double r1;    /* static resultant on block 1, s10 + s12, N */
  double r2;    /* static resultant on block 2, s20 - s12, N */
  double a1;    /* acceleration of block 1, m/s² (exactly 0 where it holds) */
  double a2;    /* acceleration of block 2, m/s² (exactly 0 where it holds) */
  int modes[3]; /* per contact (TB_*): SS_MODE_STICK where the contact holds,
                   else the direction it breaks in (the sign of its static force
                   at the limit); a point on the boundary counts as breaking */
} tb_hexagon;

/* Closed-form projection: strict interior, six edges, six vertices.
 * Masses > 0, limits >= 0. */
void tb_gauss_hexagon(double M1, double M2, double G1, double G2, double L10, double L20,
                      double L12, tb_hexagon *out);

#endif
