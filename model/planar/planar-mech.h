/* planar-mech.h - a 1-DOF planar mechanism with reaction-dependent joint
 * friction as an engine model ([BlajerMarkiewicz] §4-5).
 *
 * Two formulations of the same physics:
 *  - minimal (default): state = coordinates x (kept on Phi(x) = 0 by Newton
 *    projection with the independent coordinate fixed: coordinate
 *    partitioning), the independent velocity u and two energy integrals;
 *    kinematic equations x' = D u, one dynamic equation M'' u' = h'' + h''_mu,
 *    reaction equations for lambda solved together with the friction.  When
 *    the bodies hang on a tree of revolute joints (ss_planar_tree) the state
 *    holds only the body angles (positions follow along the tree) and the
 *    solves go through the tree;
 *  - absolute: Lagrange equations of the first kind in (x, x') with
 *    Baumgarte stabilisation, positions and velocities projected at every
 *    event (for comparison and as the multi-DOF path).
 * Every joint is a frictional contact; a 1-DOF mechanism sticks or slips as
 * a whole ([BlajerMarkiewicz] §5): at u = 0 the friction-free tendency gives the direction,
 * maximal static friction decides stick or slip. */
#ifndef SS_PLANAR_MECH_H
#define SS_PLANAR_MECH_H

#include "planar.h"
#include "ss-internal.h"

typedef struct ss_planar_mech ss_planar_mech;

/* One output coordinate: position and velocity columns. */
typedef struct ss_planar_output {
  int index;            /* coordinate index in x */
  const char *name;     /* position column, e.g. "theta1" */
  const char *unit;     /* "rad" or "m" */
  const char *vel_name; /* velocity column, e.g. "omega1" */
  const char *vel_unit; /* "rad/s" or "m/s" */
} ss_planar_output;

enum { SS_PLANAR_MAX_OUTPUTS = 8, SS_PLANAR_MAX_EXTRA = 4 };

struct ss_planar_mech {
  ss_planar_system sys;       /* bodies, joints, gravity */
  int iu;                     /* index of the independent coordinate in x */
  double x0[SS_PLANAR_MAX_N]; /* initial configuration (projected at t = 0), m and rad */
  bool friction;              /* false: the mu = 0 comparison, joints ideal */
  bool absolute;      /* integrate the absolute-coordinate form instead of the minimal form */
  double baumgarte;   /* absolute form: stabilisation rate alpha, 1/s */
  double load_period; /* shortest period in the loads, s (0: none) */
  int n_outputs;      /* coordinates written as columns */
  ss_planar_output outputs[SS_PLANAR_MAX_OUTPUTS]; /* their names and units */
  /* Adds external generalised forces (not gravity) at t to h[n]. */
  void (*loads)(const ss_planar_mech *pm, double t, const double *x, double *h);
  int n_extra; /* scenario columns (load histories), at most SS_PLANAR_MAX_EXTRA */
  ss_column_spec extra_cols[SS_PLANAR_MAX_EXTRA]; /* their names, units, kinds */
  void (*extra)(const ss_planar_mech *pm, double t, const double *x, double *out);
  const void *data;    /* scenario constants for the callbacks */
  ss_planar_tree tree; /* joint-coordinate structure for the fast solves (set by
                          ss_planar_mech_model_new; ok false: the general path) */
};

/* Builds the model; takes ownership of pm (malloc'ed, freed with the model).
 * Columns: outputs (positions, velocities), per joint the contact columns
 * C.F, C.N, C.ratio, C.v, C.stick and the reactions (revolute C.Rx, C.Ry in
 * N; prismatic C.Rn in N, C.Rm in N m; NaN while stuck), friction.generalised
 * (N m, reduced to u, determinate also while stuck), extras, work.external,
 * energy.dissipated, energy.kinetic, energy.potential, constraint.error. */
ss_model *ss_planar_mech_model_new(const ss_scenario *sc, const double *values, ss_planar_mech *pm,
                                   char **error);

/* Reduced applied force h'' at rest (u = 0) at configuration x with the
 * given time's loads (loads may be skipped: with_loads false).  For
 * equilibria and tests. */
double ss_planar_mech_rest_force(const ss_planar_mech *pm, double t, const double *x,
                                 bool with_loads);

/* Finds the unforced equilibrium (gravity only) of the independent
 * coordinate in [lo, hi] (GSL Brent), projects pm->x0 there.  Returns 0, or
 * -1 when h'' does not change sign on the bracket. */
int ss_planar_mech_equilibrium(ss_planar_mech *pm, double lo, double hi);

/* Static margin at rest ([BlajerMarkiewicz] §5): limit of the reduced static friction
 * minus |h''| (N m), >= 0 while sticking is admissible; *dir = direction of
 * the friction-free tendency.  Self-locking (the friction-reaction fixed
 * point diverges with static friction: friction grows faster than the load)
 * counts as holding: 1 + |h''|.  NaN on failure (singular partition). */
double ss_planar_mech_static_margin(const ss_planar_mech *pm, double t, const double *x, int *dir);

/* The mechanism of a model built by ss_planar_mech_model_new (for tests). */
const ss_planar_mech *ss_planar_mech_of(const ss_model *m);

/* Configuration and velocities of a state vector (projected in the minimal
 * form).  Returns 0 or -1. */
int ss_planar_mech_state(const ss_model *m, const double *state, double *x, double *xd);

#endif
