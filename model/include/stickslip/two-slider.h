/* two-slider.h - Example 1 analysis of the two-slider mechanism
 * ([Wojtyra2016] §3.2, eq. 10, 16-19): at given loads and at rest, the locked rigid
 * mechanism has one equation fewer than multipliers, so its reactions form
 * a one-parameter family.  The parameter is a, the force component along
 * the rod that revolute joint 1 transmits to slider 1 (R31 . e, e = rod
 * direction from pin 1 to pin 2): with P along the rod, R31 = a e and
 * R32 = (|P| - a) e, so a says how P splits between the joints.
 * Every reaction is affine in a; the stiction conditions |F_i| <= mu_s |N_i|
 * hold on a union of intervals of a. */
#ifndef SS_TWO_SLIDER_H
#define SS_TWO_SLIDER_H

#include <stdbool.h>

#include "stickslip.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One member of the family (all vectors in the world frame, N). */
typedef struct ss_ts_member {
  double a;                    /* family parameter R31 . e, N */
  double F1[2], N1[2], R31[2]; /* slider 1: static friction, normal force, force from the rod, N */
  double F2[2], N2[2], R32[2]; /* slider 2: the same, N */
  bool stick1, stick2;         /* |F_i| <= mu_s |N_i| */
  bool coherent;               /* both friction forces oppose the friction-free tendency */
} ss_ts_member;

enum { SS_TS_MAX_INTERVALS = 6 };

typedef struct ss_ts_statics {
  double t;                  /* instant of the loads, s */
  double S1[2], S2[2], P[2]; /* loads at t, N */
  double e[2];               /* rod direction, 1 */
  double mu_s, mu_k;         /* friction coefficients, 1 */
  double w[2];          /* slide velocities of sliders 1, 2 per unit v2 (v1 : v2 = w0 : w1), 1 */
  double reduced_force; /* friction-free generalised force along v2 at rest, N */
  int tendency;         /* sign of reduced_force: +1 slider 2 tends to +x, -1, 0 none */
  double base[12], slope[12]; /* member(a) = base + a slope: F1, N1, R31, F2, N2, R32 */
  int n_stick;                /* intervals of a where both joints stick */
  double stick_lo[SS_TS_MAX_INTERVALS],
      stick_hi[SS_TS_MAX_INTERVALS]; /* their ends, N (may be -inf/+inf) */
  double coherent_lo,
      coherent_hi;   /* interval of a with coherent friction directions, N (lo > hi: none) */
  bool stick_exists; /* a coherent member satisfies both stiction conditions */
  double stick_coherent_lo,
      stick_coherent_hi;   /* the coherent sticking members' range of a, N (NaN if none) */
  bool slip_member_exists; /* a coherent member violates a stiction condition (like eq. 16) */
  bool sliding_exists;  /* kinetic-friction motion from rest in the tendency direction is consistent
                         */
  double sliding_accel; /* slider 2 acceleration in that sliding solution, m/s² (NaN if none) */
  double sliding_F[2], sliding_N[2]; /* its friction forces along the rails and |N|, N */
} ss_ts_statics;

/* Analysis at the loads of instant t (t < 0: the final, Example 1 loads) for
 * values of the two-slider scenario sc (NULL: its defaults), rigid rod,
 * initial configuration.  Returns 0, or -1 with *error (free with free()). */
int ss_ts_statics_analyse(const ss_scenario *sc, const double *values, double t, ss_ts_statics *out,
                          char **error);

/* The family member with parameter a. */
void ss_ts_member_at(const ss_ts_statics *st, double a, ss_ts_member *out);

/* Writes the analysis as "key<TAB>value..." lines (see docs/two-slider.md). */
void ss_ts_statics_print(const ss_ts_statics *st, FILE *f);

#ifdef __cplusplus
}
#endif
#endif
