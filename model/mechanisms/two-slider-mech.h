/* two-slider-mech.h - the two-slider mechanism (two-slider-mech.c), shared
 * by the scenario (two-slider.c) and the Example 1 statics analysis
 * (two-slider-statics.c). */
#ifndef SS_TWO_SLIDER_MECH_H
#define SS_TWO_SLIDER_MECH_H

#include "planar-stiction.h"
#include "ss-internal.h"

enum {
  TS_TREAT_ELIM_REV1 = 0, /* eliminate the rail-1-tangential equation of revolute joint 1 */
  TS_TREAT_ELIM_REV2 = 1, /* eliminate the rail-2-tangential equation of revolute joint 2 */
  TS_TREAT_PINV = 2,      /* Moore-Penrose minimum-norm multipliers (eq. 21) */
};

typedef struct ts_mech {
  ss_planar_system sys; /* bodies and joints (rigid: 3 bodies, 4 joints; flexible: 5, 6) */
  bool flexible;        /* rod in three segments with axial springs ([Wojtyra2016] §4.2) */
  int slider[2];        /* body index of slider 1 (vertical rail) and slider 2 (horizontal) */
  int rod;              /* body that carries P: the rod, or its middle segment */
  int guide[2];         /* joint index of the two frictional guides */
  int rev[2];           /* joint index of revolute 1 (slider 1) and 2 (slider 2) */
  int spring[2];        /* flexible: axial joints with springs k1 (side 1), k2 (side 2); -1 rigid */
  double k[2];          /* axial spring stiffness, N/m */
  double d[2];          /* axial damping, N s/m */
  double s0[2];         /* spring rest slide coordinates, m */
  double e[2];          /* initial rod direction (pin 1 to pin 2), 1 */
  double L;             /* rod length between the pins, m */
  double a_end;         /* flexible: half the length of an end segment, m */
  int f;                /* degrees of freedom: 1 rigid, 3 flexible */
  int iu[3];            /* absolute coordinates that are the independent ones: the rod's
                           angle (rigid); slider 1's y, slider 2's x, the rod's x (flexible) */
  double x0[SS_PLANAR_MAX_N]; /* initial configuration, m and rad */
  double mu_s, mu_k;          /* guide friction coefficients, 1 */
  /* loads */
  double P;                 /* final magnitude of P along e, N */
  double t_P;               /* end of the P ramp (starts at 0), s */
  double S1_start, S1_end;  /* x component of S1 before and after its change, N */
  double t_S1_on, t_S1_off; /* S1 changes linearly over [on, off], s */
  double S2_start, S2_end;  /* y component of S2 before and after its change, N */
  double t_S2_on, t_S2_off; /* S2 changes linearly over [on, off], s */
} ts_mech;

/* Builds the mechanism from parameter values; -1 and *error on bad data. */
int ts_mech_setup(ts_mech *tm, const ss_scenario *sc, const double *values, char **error);
/* Loads at t: S1 x component, S2 y component, P vector (N). */
void ts_loads(const ts_mech *tm, double t, double *s1, double *s2, double *P);
/* Applied generalised forces at (t, q, qd) without friction: loads and, when
 * flexible, the spring-dampers (their axial forces in spring_f[2] and
 * extension rates in spring_v[2], each if not NULL). */
void ts_applied(const ts_mech *tm, double t, const double *q, const double *qd, double *h,
                double *spring_f, double *spring_v);
/* ts_applied with the slides s and the slide Jacobian Cmu at q given (read
 * by the flexible rod only), and also the springs' extensions in
 * spring_e[2] if not NULL. */
void ts_applied_at(const ts_mech *tm, double t, const double *qd, const double *s,
                   const double *Cmu, double *h, double *spring_f, double *spring_v,
                   double *spring_e);
/* Closed-form kinematics: the configuration q (n values) with independent
 * coordinates u (q[iu[j]] = u[j], f values) and D = dq/du (n x f, row-major),
 * so q' = D u'.  Assembled from the rod's geometry; C D = 0 and Phi(q) = 0
 * hold to rounding (tests check the constraint error). */
void ts_configuration(const ts_mech *tm, const double *u, double *q, double *D);
/* Velocity pattern of the locked rigid mechanism: D with C D = 0 and D = 1
 * on slider 2's x (so v1 : v2 = w[0] : w[1]).  Returns 0 or -1. */
int ts_rigid_pattern(const ts_mech *tm, const double *q, double *D, double *w);
/* The same from what the caller has at q: Dq = dq/du of ts_configuration
 * and the slide Jacobian Cmu. */
int ts_rigid_pattern_at(const ts_mech *tm, const double *Dq, const double *Cmu, double *D,
                        double *w);
/* 1 when the static friction forces of sol do not both oppose one motion
 * of the rigid mechanism ([Wojtyra2016] §3.2), else 0.  w: slide velocities
 * per unit v2, d: sign of the friction-free tendency. */
double ts_incoherent(const ts_mech *tm, const double *w, int d, const ss_fj_solution *sol);

/* Human labels of the two-slider's columns and contacts. */
extern const ss_label ss_ts_labels[];

/* The guides' slide velocities v[2] from the slide Jacobian C_mu (one row
 * per joint) and q', or from q and q'. */
void ts_guide_velocities(const ts_mech *tm, const double *Cmu, const double *qd, double *v);
void ts_slide_velocities(const ts_mech *tm, const double *q, const double *qd, double *v);
/* Velocities q' = D u' of state x, D = dq/du (n x f). */
void ts_rates(const ts_mech *tm, const double *D, const double *x, double *qd);
/* q and q' of state x (and D into Dq when not NULL). */
void ts_state(const ts_mech *tm, const double *x, double *q, double *qd, double *Dq);

#endif
