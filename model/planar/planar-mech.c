/* planar-mech.c - 1-DOF planar mechanism with joint friction as an engine
 * model (planar-mech.h).  Never evaluates sgn(0): friction directions come
 * from the modes; at u = 0 the test of [BlajerMarkiewicz] §5 decides stick
 * or slip. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "planar-mech.h"

/* |u| below this at a sliding event means u itself reached zero (CVODE
 * locates the root to ~1e-12 s; a single joint's reversal happens at
 * finite u). */
static const double U_ZERO = 1e-7;     /* rad/s or m/s */
static const double LOOK_AHEAD = 1e-6; /* rad or m along the motion */

typedef struct mech_model {
  ss_planar_mech *pm;                /* mechanism (owned) */
  int n;                             /* coordinates */
  int iw;                            /* state index of the external work, J */
  int idiss;                         /* state index of the dissipated energy, J */
  bool joint;                        /* minimal form on the revolute tree: the state holds the body
                                        angles only (positions follow along the tree), else all of x */
  int nq;                            /* coordinates in the state: nb (joint) or n; u follows them */
  double mu_s[SS_PLANAR_MAX_JOINTS]; /* static coefficients in use (0 if friction off), 1 */
  double mu_k[SS_PLANAR_MAX_JOINTS]; /* kinetic coefficients in use, 1 */
} mech_model;

static const mech_model *impl(const ss_model *m) { return m->impl; }

const ss_planar_mech *ss_planar_mech_of(const ss_model *m) { return impl(m)->pm; }

/* h = gravity + loads. */
static void applied(const ss_planar_mech *pm, double t, const double *x, double *h, bool loads)
{
  ss_planar_gravity(&pm->sys, x, h);
  if (loads && pm->loads)
    pm->loads(pm, t, x, h);
}

/* The minimal form's first step: through the tree when the mechanism has
 * one (the same solution, far fewer operations), else the general path;
 * the reactions' basis only with reactions. */
static int prepare(const ss_planar_mech *pm, double *x, bool project, bool reactions, double u,
                   const double *h, ss_planar_minimal *r, const char **why)
{
  if (pm->tree.ok)
    return ss_planar_tree_prepare(&pm->sys, &pm->tree, x, project, reactions, u, h, r, why);
  return ss_planar_minimal_prepare(&pm->sys, pm->iu, x, project, reactions, u, h, r, why);
}

/* Power of the loads alone (gravity is in the potential). */
static double load_power(const ss_planar_mech *pm, double t, const double *x, const double *xd)
{
  double h[SS_PLANAR_MAX_N] = {0};
  if (!pm->loads)
    return 0.0;
  pm->loads(pm, t, x, h);
  double P = 0.0;
  for (int k = 0; k < pm->sys.n; k++)
    P += h[k] * xd[k];
  return P;
}

/* x from the state's coordinates: all of them, or the angles (the tree
 * gives the positions: zero until projected or evaluated). */
static void coords_of(const mech_model *mm, const double *state, double *x)
{
  if (!mm->joint) {
    memcpy(x, state, sizeof(double) * (size_t)mm->n);
    return;
  }
  for (int i = 0; i < mm->nq; i++) {
    x[3 * i] = x[3 * i + 1] = 0.0;
    x[3 * i + 2] = state[i];
  }
}

static void store_coords(const mech_model *mm, const double *x, double *state)
{
  if (!mm->joint) {
    memcpy(state, x, sizeof(double) * (size_t)mm->n);
    return;
  }
  for (int i = 0; i < mm->nq; i++)
    state[i] = x[3 * i + 2];
}

/* Projection of x and D at the result, through the tree when there is one. */
static int project_rates(const mech_model *mm, double *x, double *D)
{
  const ss_planar_mech *pm = mm->pm;
  if (mm->joint)
    return ss_planar_tree_project(&pm->sys, &pm->tree, x) < 0 ||
                   ss_planar_tree_rates(&pm->sys, &pm->tree, x, D, NULL) < 0
               ? -1
               : 0;
  if (ss_planar_project(&pm->sys, pm->iu, x) < 0)
    return -1;
  return ss_planar_partition(&pm->sys, pm->iu, x, 0.0, D, NULL);
}

int ss_planar_mech_state(const ss_model *m, const double *state, double *x, double *xd)
{
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  int n = mm->n;
  if (pm->absolute) {
    memcpy(x, state, sizeof(double) * (size_t)n);
    memcpy(xd, state + n, sizeof(double) * (size_t)n);
    return 0;
  }
  double D[SS_PLANAR_MAX_N];
  coords_of(mm, state, x);
  if (project_rates(mm, x, D) < 0)
    return -1;
  for (int k = 0; k < n; k++)
    xd[k] = D[k] * state[mm->nq];
  return 0;
}

double ss_planar_mech_rest_force(const ss_planar_mech *pm, double t, const double *x,
                                 bool with_loads)
{
  double h[SS_PLANAR_MAX_N], xc[SS_PLANAR_MAX_N];
  ss_planar_minimal r;
  const char *why = NULL;
  applied(pm, t, x, h, with_loads);
  memcpy(xc, x, sizeof(double) * (size_t)pm->sys.n);
  if (prepare(pm, xc, false, true, 0.0, h, &r, &why) < 0)
    return NAN;
  return r.hr;
}

double ss_planar_mech_static_margin(const ss_planar_mech *pm, double t, const double *x,
                                    int *dir_out)
{
  double h[SS_PLANAR_MAX_N], lambda[SS_PLANAR_MAX_M], fmu[SS_PLANAR_MAX_JOINTS];
  double mu[SS_PLANAR_MAX_JOINTS], xc[SS_PLANAR_MAX_N];
  int dir[SS_PLANAR_MAX_JOINTS];
  ss_planar_minimal r;
  const char *why = NULL;
  applied(pm, t, x, h, true);
  memcpy(xc, x, sizeof(double) * (size_t)pm->sys.n);
  /* friction-free tendency at u = 0 */
  if (prepare(pm, xc, false, true, 0.0, h, &r, &why) < 0)
    return NAN;
  int d = r.hr >= 0.0 ? 1 : -1;
  if (dir_out)
    *dir_out = r.hr > 0.0 ? 1 : r.hr < 0.0 ? -1 : 0;
  /* maximal static friction against it */
  for (int j = 0; j < pm->sys.nj; j++) {
    mu[j] = pm->friction ? pm->sys.joint[j].mu_s : 0.0;
    dir[j] = d * (r.c[j] > 0.0 ? 1 : r.c[j] < 0.0 ? -1 : 0);
  }
  if (ss_planar_minimal_friction(&pm->sys, &r, dir, mu, lambda, fmu, &why) < 0) {
    /* The fixed point diverges: maximal static friction grows faster than
     * the load it resists (wedging), so friction can hold any load here:
     * self-locking.  A positive margin of the size of the load. */
    return 1.0 + fabs(r.hr);
  }
  return -d * r.Mr * r.udot; /* R_s - |h''| */
}

/* Sliding mode of every joint when the mechanism moves with sign(u) = sgn:
 * sign of s_j' = c_j u just ahead along the motion when c_j is ~0 now. */
static int sliding_modes(const ss_planar_mech *pm, const double *x, int sgn, int *modes)
{
  const ss_planar_system *sys = &pm->sys;
  double D[SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  double xa[SS_PLANAR_MAX_N], Da[SS_PLANAR_MAX_N];
  int n = sys->n;
  if (ss_planar_partition(sys, pm->iu, x, 0.0, D, NULL) < 0)
    return -1;
  ss_planar_slide_jacobian(sys, x, Cmu);
  double c[SS_PLANAR_MAX_JOINTS], cmax = 0.0;
  for (int j = 0; j < sys->nj; j++) {
    c[j] = 0.0;
    for (int k = 0; k < n; k++)
      c[j] += Cmu[j * n + k] * D[k];
    cmax = fmax(cmax, fabs(c[j]));
  }
  bool ahead_done = false;
  double ca[SS_PLANAR_MAX_JOINTS];
  for (int j = 0; j < sys->nj; j++) {
    double cj = c[j];
    if (fabs(cj) <= 1e-6 * cmax) {
      if (!ahead_done) {
        for (int k = 0; k < n; k++)
          xa[k] = x[k] + sgn * LOOK_AHEAD * D[k];
        if (ss_planar_project(sys, pm->iu, xa) < 0 ||
            ss_planar_partition(sys, pm->iu, xa, 0.0, Da, NULL) < 0)
          return -1;
        ss_planar_slide_jacobian(sys, xa, Cmu);
        for (int i = 0; i < sys->nj; i++) {
          ca[i] = 0.0;
          for (int k = 0; k < n; k++)
            ca[i] += Cmu[i * n + k] * Da[k];
        }
        ahead_done = true;
      }
      cj = ca[j];
    }
    int s = cj > 0.0 ? 1 : cj < 0.0 ? -1 : 1; /* a joint that does not move: any */
    modes[j] = s * sgn;
  }
  return 0;
}

static void initial(const ss_model *m, double *state)
{
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  for (int i = 0; i < m->nx; i++)
    state[i] = 0.0;
  double x[SS_PLANAR_MAX_N];
  memcpy(x, pm->x0, sizeof(double) * (size_t)mm->n);
  ss_planar_project(&pm->sys, pm->iu, x); /* x0 was checked at creation */
  store_coords(mm, x, state);
}

static int rhs(const ss_model *m, double t, const double *state, const int *modes, double *sdot)
{
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  const ss_planar_system *sys = &pm->sys;
  int n = mm->n, nj = sys->nj;
  for (int i = 0; i < m->nx; i++)
    sdot[i] = 0.0;
  if (modes[0] == SS_MODE_STICK)
    return 0; /* velocities exactly zero, nothing moves, no power */
  double x[SS_PLANAR_MAX_N], xd[SS_PLANAR_MAX_N], h[SS_PLANAR_MAX_N];
  double lambda[SS_PLANAR_MAX_M], fmu[SS_PLANAR_MAX_JOINTS];
  const char *why = NULL;
  if (pm->absolute) {
    double xdd[SS_PLANAR_MAX_N], phi[SS_PLANAR_MAX_M], C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N];
    double stab[SS_PLANAR_MAX_M], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
    memcpy(x, state, sizeof(double) * (size_t)n);
    memcpy(xd, state + n, sizeof(double) * (size_t)n);
    applied(pm, t, x, h, true);
    /* Baumgarte: Phi'' + 2 a Phi' + a^2 Phi = 0 */
    ss_planar_constraints(sys, x, phi);
    ss_planar_jacobian(sys, x, C);
    double a = pm->baumgarte;
    for (int i = 0; i < sys->m; i++) {
      double dphi = 0.0;
      for (int k = 0; k < n; k++)
        dphi += C[i * n + k] * xd[k];
      stab[i] = -2.0 * a * dphi - a * a * phi[i];
    }
    ss_planar_minimal r; /* the KKT solution by its null-space form (planar.h) */
    if (ss_planar_accel_partitioned(sys, pm->iu, x, xd, h, modes, mm->mu_k, stab, xdd, lambda, fmu,
                                    &r, &why) < 0) {
      ss_report_failure(why);
      return -1;
    }
    ss_planar_slide_jacobian(sys, x, Cmu);
    double diss = 0.0;
    for (int j = 0; j < nj; j++) {
      double v = 0.0;
      for (int k = 0; k < n; k++)
        v += Cmu[j * n + k] * xd[k];
      diss -= fmu[j] * v;
    }
    memcpy(sdot, xd, sizeof(double) * (size_t)n);
    memcpy(sdot + n, xdd, sizeof(double) * (size_t)n);
    sdot[mm->iw] = load_power(pm, t, x, xd);
    sdot[mm->idiss] = diss;
    return 0;
  }
  coords_of(mm, state, x);
  double u = state[mm->nq];
  ss_planar_minimal r;
  applied(pm, t, x, h, true);
  bool friction = false; /* any joint with friction in this mode: the reactions matter */
  for (int j = 0; j < nj; j++)
    friction |= modes[j] != 0 && mm->mu_k[j] > 0.0;
  int rc = pm->tree.ok ? ss_planar_tree_prepare(sys, &pm->tree, x, true, friction, u, h, &r, &why)
                       : prepare(pm, x, true, true, u, h, &r, &why);
  if (rc < 0 ||
      (friction && ss_planar_minimal_friction(sys, &r, modes, mm->mu_k, lambda, fmu, &why) < 0)) {
    ss_report_failure(why);
    return -1;
  }
  for (int k = 0; k < n; k++)
    xd[k] = r.D[k] * u;
  store_coords(mm, xd, sdot);
  sdot[mm->nq] = r.udot;
  sdot[mm->iw] = load_power(pm, t, x, xd);
  sdot[mm->idiss] = -r.hr_mu * u;
  return 0;
}

/* Joint sliding velocities s' and the current u. */
static int joint_velocities(const ss_model *m, const double *state, double *x, double *v, double *u)
{
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  const ss_planar_system *sys = &pm->sys;
  int n = mm->n;
  double xd[SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  if (ss_planar_mech_state(m, state, x, xd) < 0)
    return -1;
  ss_planar_slide_jacobian(sys, x, Cmu);
  for (int j = 0; j < sys->nj; j++) {
    v[j] = 0.0;
    for (int k = 0; k < n; k++)
      v[j] += Cmu[j * n + k] * xd[k];
  }
  *u = xd[pm->iu];
  return 0;
}

/* The joints' sliding velocities (exactly zero while stuck). */
static void speeds(const ss_model *m, double t, const double *state, const int *modes, double *v)
{
  (void)t;
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  int nj = pm->sys.nj;
  double x[SS_PLANAR_MAX_N], u;
  for (int j = 0; j < nj; j++)
    v[j] = 0.0;
  if (modes[0] == SS_MODE_STICK)
    return;
  /* event functions only: the integrated coordinates are within the
   * tolerance of the manifold, no projection needed for s' = c u */
  if (mm->joint) {
    double D[SS_PLANAR_MAX_N], c[SS_PLANAR_MAX_JOINTS];
    coords_of(mm, state, x);
    if (ss_planar_tree_rates(&pm->sys, &pm->tree, x, D, c) < 0)
      return;
    for (int j = 0; j < nj; j++)
      v[j] = c[j] * state[mm->nq];
  } else if (!pm->absolute) {
    double D[SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
    int n = mm->n;
    if (ss_planar_partition(&pm->sys, pm->iu, state, 0.0, D, NULL) < 0)
      return;
    ss_planar_slide_jacobian(&pm->sys, state, Cmu);
    for (int j = 0; j < nj; j++) {
      double c = 0.0;
      for (int k = 0; k < n; k++)
        c += Cmu[j * n + k] * D[k];
      v[j] = c * state[n];
    }
  } else {
    joint_velocities(m, state, x, v, &u);
  }
}

static void contacts(const ss_model *m, double t, const double *state, const int *modes, double *v,
                     double *margin, double *kink)
{
  (void)kink; /* no margin kinks: n_kinks = 0 */
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  int nj = pm->sys.nj;
  double x[SS_PLANAR_MAX_N];
  speeds(m, t, state, modes, v);
  for (int j = 0; j < nj; j++)
    margin[j] = 0.0;
  if (modes[0] != SS_MODE_STICK)
    return;
  /* stuck: velocities are exactly zero and x was projected at the event */
  coords_of(mm, state, x);
  if (mm->joint && ss_planar_tree_project(&pm->sys, &pm->tree, x) < 0)
    return;
  double g = ss_planar_mech_static_margin(pm, t, x, NULL);
  if (isnan(g))
    g = -1.0; /* no static solution: force an event, resolve reports it */
  for (int j = 0; j < nj; j++)
    margin[j] = g;
}

/* Sets u = 0 exactly (all velocities). */
static void zero_velocity(const ss_model *m, double *state)
{
  const mech_model *mm = impl(m);
  if (mm->pm->absolute)
    memset(state + mm->n, 0, sizeof(double) * (size_t)mm->n);
  else
    state[mm->nq] = 0.0;
}

static int resolve(const ss_model *m, double t, double *state, int *modes, const int *hit)
{
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  const ss_planar_system *sys = &pm->sys;
  int n = mm->n, nj = sys->nj;
  double x[SS_PLANAR_MAX_N], D[SS_PLANAR_MAX_N];
  /* back onto the constraint manifold (positions and velocities) */
  coords_of(mm, state, x);
  if (project_rates(mm, x, D) < 0)
    return -1;
  store_coords(mm, x, state);
  double u = pm->absolute ? state[n + pm->iu] : state[mm->nq];
  if (pm->absolute)
    for (int k = 0; k < n; k++)
      state[n + k] = D[k] * u;
  bool any_hit = false;
  for (int j = 0; hit && j < nj; j++)
    any_hit |= hit[j] != 0;
  if (hit && !any_hit)
    return 0;
  bool stuck = modes[0] == SS_MODE_STICK;
  bool at_rest = hit ? (stuck || fabs(u) <= U_ZERO) : u == 0.0;
  if (!at_rest) /* a single joint's relative velocity reversed, or t = 0 in motion */
    return sliding_modes(pm, x, u > 0.0 ? 1 : -1, modes);
  int dir = 0;
  if (!pm->friction) {
    /* ideal joints: never stick; keep u, move on in the direction of u' */
    double hr = ss_planar_mech_rest_force(pm, t, x, true);
    if (isnan(hr))
      return -1;
    dir = hr > 0.0 ? 1 : hr < 0.0 ? -1 : (u != 0.0 ? (u > 0.0 ? 1 : -1) : 1);
    return sliding_modes(pm, x, dir, modes);
  }
  zero_velocity(m, state);
  double margin = ss_planar_mech_static_margin(pm, t, x, &dir);
  if (isnan(margin))
    return -1;
  if (margin > 0.0 || dir == 0) {
    for (int j = 0; j < nj; j++)
      modes[j] = SS_MODE_STICK;
    return 0;
  }
  return sliding_modes(pm, x, dir, modes);
}

static void observe(const ss_model *m, void *scratch, double t, const double *state,
                    const int *modes, double *row)
{
  (void)scratch; /* nothing kept between rows */
  const mech_model *mm = impl(m);
  const ss_planar_mech *pm = mm->pm;
  const ss_planar_system *sys = &pm->sys;
  int nj = sys->nj, c = 0;
  double x[SS_PLANAR_MAX_N], xd[SS_PLANAR_MAX_N], h[SS_PLANAR_MAX_N];
  double lambda[SS_PLANAR_MAX_M], fmu[SS_PLANAR_MAX_JOINTS], phi[SS_PLANAR_MAX_M];
  for (int i = 0; i < m->n_columns; i++)
    row[i] = NAN;
  bool stuck = modes[0] == SS_MODE_STICK;
  ss_planar_minimal r;
  const char *why = NULL;
  coords_of(mm, state, x);
  double u = pm->absolute ? state[mm->n + pm->iu] : state[mm->nq];
  applied(pm, t, x, h, true);
  /* the minimal form's projection; the absolute form shows its own state
   * (off the manifold by its drift: the general path at that x).  A stuck
   * row's reactions and friction are undetermined (NaN): not solved for */
  bool ok = (pm->absolute ? ss_planar_minimal_prepare(sys, pm->iu, x, false, !stuck, u, h, &r, &why)
                          : prepare(pm, x, true, !stuck, u, h, &r, &why)) == 0;
  if (!ok)
    return;
  for (int k = 0; k < mm->n; k++)
    xd[k] = pm->absolute ? state[mm->n + k] : r.D[k] * u;
  for (int i = 0; i < pm->n_outputs; i++) {
    row[c++] = x[pm->outputs[i].index];
    row[c++] = xd[pm->outputs[i].index];
  }
  if (!stuck)
    ok = ss_planar_minimal_friction(sys, &r, modes, mm->mu_k, lambda, fmu, &why) == 0;
  for (int j = 0; j < nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    ss_planar_reaction re;
    bool known = ok && !stuck;
    if (known)
      ss_planar_reaction_of(sys, j, lambda, &re);
    row[c++] = known ? fmu[j] : NAN;
    row[c++] = known ? re.basis : NAN;
    row[c++] = known && re.basis > 0.0 ? fabs(fmu[j]) / re.basis : NAN;
    row[c++] = ok ? r.c[j] * xd[pm->iu] : NAN;
    row[c++] = stuck;
    if (jt->kind == SS_JOINT_REVOLUTE) {
      row[c++] = known ? re.fx : NAN;
      row[c++] = known ? re.fy : NAN;
    } else {
      row[c++] = known ? re.normal : NAN;
      row[c++] = known ? re.moment : NAN;
    }
  }
  /* reduced friction: while stuck it balances h'' exactly (determinate) */
  row[c++] = !ok ? NAN : stuck ? -r.hr : r.hr_mu;
  if (pm->n_extra > 0)
    pm->extra(pm, t, x, row + c);
  c += pm->n_extra;
  row[c++] = state[mm->iw];
  row[c++] = state[mm->idiss];
  row[c++] = ss_planar_kinetic(sys, xd);
  row[c++] = ss_planar_potential(sys, x);
  /* |Phi(x)| of every joint, one sincos per body */
  double cs[SS_PLANAR_MAX_BODIES], sn[SS_PLANAR_MAX_BODIES], e = 0.0;
  ss_planar_jgeo geo[SS_PLANAR_MAX_JOINTS];
  ss_planar_rotations(sys, x, cs, sn);
  ss_planar_joint_geometry(sys, x, cs, sn, geo);
  for (int j = 0; j < nj; j++) {
    ss_planar_constraints_geo(sys, j, &geo[j], phi);
    e = fmax(e, fmax(fabs(phi[0]), fabs(phi[1])));
  }
  row[c++] = e;
}

static void free_impl(void *p)
{
  mech_model *mm = p;
  free(mm->pm);
  free(mm);
}

static const ss_model_ops mech_ops = {
    .initial = initial,
    .rhs = rhs,
    .contacts = contacts,
    .speeds = speeds,
    .resolve = resolve,
    .observe = observe,
    .free_impl = free_impl,
};

ss_model *ss_planar_mech_model_new(const ss_scenario *sc, const double *values, ss_planar_mech *pm,
                                   char **error)
{
  const ss_planar_system *sys = &pm->sys;
  const char *bad = ss_planar_check(sys);
  if (bad) {
    ss_set_error(error, "mechanism: %s", bad);
    free(pm);
    return NULL;
  }
  for (int j = 0; j < sys->nj; j++)
    if (sys->joint[j].mu_k > sys->joint[j].mu_s) {
      ss_set_error(error,
                   "joint %s: kinetic coefficient %g must not exceed the static "
                   "coefficient %g",
                   sys->joint[j].name, sys->joint[j].mu_k, sys->joint[j].mu_s);
      free(pm);
      return NULL;
    }
  if (sys->m != sys->n - 1) {
    ss_set_error(error,
                 "mechanism has %d degrees of freedom; only 1-DOF mechanisms are "
                 "supported",
                 sys->n - sys->m);
    free(pm);
    return NULL;
  }
  double x[SS_PLANAR_MAX_N], D[SS_PLANAR_MAX_N];
  memcpy(x, pm->x0, sizeof x);
  if (ss_planar_project(sys, pm->iu, x) < 0 ||
      ss_planar_partition(sys, pm->iu, x, 0.0, D, NULL) < 0) {
    free(pm);
    return ss_set_error(error, "the mechanism cannot be assembled at the initial crank angle "
                               "(no closed configuration near it)");
  }
  mech_model *mm = calloc(1, sizeof *mm);
  int n = sys->n;
  ss_planar_tree_init(sys, pm->iu, &pm->tree);
  bool joint = !pm->absolute && pm->tree.ok;
  int nq = joint ? sys->nb : n;
  int nx = pm->absolute ? 2 * n + 2 : nq + 3;
  const char *names[SS_PLANAR_MAX_JOINTS];
  for (int j = 0; j < sys->nj; j++)
    names[j] = sys->joint[j].name;
  ss_model *m = mm ? ss_model_alloc(sc, values, nx, sys->nj, names) : NULL;
  if (!m) {
    free(mm);
    free(pm);
    return ss_set_error(error, "out of memory");
  }
  mm->pm = pm;
  mm->n = n;
  mm->joint = joint;
  mm->nq = nq;
  /* a stuck mechanism only needs steps short against the load's period */
  m->max_step_stuck = pm->load_period > 0.0 ? pm->load_period / 40.0 : 0.0;
  mm->iw = nx - 2;
  mm->idiss = nx - 1;
  m->integral[mm->iw] = m->integral[mm->idiss] = true;
  for (int j = 0; j < sys->nj; j++) {
    mm->mu_s[j] = pm->friction ? sys->joint[j].mu_s : 0.0;
    mm->mu_k[j] = pm->friction ? sys->joint[j].mu_k : 0.0;
    m->mu_s[j] = mm->mu_s[j];
    m->mu_k[j] = mm->mu_k[j];
  }
  m->impl = mm;
  m->ops = &mech_ops;
  m->hybrid = true;
  m->stiff = false;
  for (int i = 0; i < pm->n_outputs; i++) {
    const ss_planar_output *o = &pm->outputs[i];
    ss_model_add_column(m, o->name, o->unit, SS_COL_POSITION, -1);
    ss_model_add_column(m, o->vel_name, o->vel_unit, SS_COL_VELOCITY, -1);
  }
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    char name[96];
    bool rev = jt->kind == SS_JOINT_REVOLUTE;
    ss_model_add_contact_columns(m, j, rev ? "N m" : "N", rev ? "rad/s" : "m/s");
    snprintf(name, sizeof name, "%s.%s", jt->name, rev ? "Rx" : "Rn");
    ss_model_add_column(m, name, "N", SS_COL_FORCE, j);
    snprintf(name, sizeof name, "%s.%s", jt->name, rev ? "Ry" : "Rm");
    ss_model_add_column(m, name, rev ? "N" : "N m", SS_COL_FORCE, j);
  }
  ss_model_add_column(m, "friction.generalised", "N m", SS_COL_FORCE, -1);
  for (int i = 0; i < pm->n_extra; i++)
    ss_model_add_column(m, pm->extra_cols[i].name, pm->extra_cols[i].unit, pm->extra_cols[i].kind,
                        -1);
  ss_model_add_energy_columns(m, true);
  ss_model_add_column(m, "constraint.error", "m", SS_COL_OTHER, -1);
  return m;
}

/* ---- unforced equilibrium --------------------------------------------- */

typedef struct eq_ctx {
  const ss_planar_mech *pm;  /* mechanism */
  double x[SS_PLANAR_MAX_N]; /* last configuration (Newton start), m and rad */
} eq_ctx;

static double rest_force_at(double q, void *p)
{
  eq_ctx *e = p;
  e->x[e->pm->iu] = q;
  if (ss_planar_project(&e->pm->sys, e->pm->iu, e->x) < 0)
    return GSL_NAN;
  return ss_planar_mech_rest_force(e->pm, 0.0, e->x, false);
}

int ss_planar_mech_equilibrium(ss_planar_mech *pm, double lo, double hi)
{
  eq_ctx e = {.pm = pm};
  memcpy(e.x, pm->x0, sizeof e.x);
  double flo = rest_force_at(lo, &e), fhi = rest_force_at(hi, &e);
  if (!(flo * fhi < 0.0))
    return -1;
  gsl_function F = {rest_force_at, &e};
  gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  if (!s || gsl_root_fsolver_set(s, &F, lo, hi) != GSL_SUCCESS) {
    gsl_root_fsolver_free(s);
    return -1;
  }
  int status = GSL_CONTINUE;
  for (int it = 0; it < 200 && status == GSL_CONTINUE; it++) {
    if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS)
      break;
    status = gsl_root_test_interval(gsl_root_fsolver_x_lower(s), gsl_root_fsolver_x_upper(s), 1e-15,
                                    0.0);
  }
  double q = gsl_root_fsolver_root(s);
  gsl_root_fsolver_free(s);
  if (status != GSL_SUCCESS)
    return -1;
  rest_force_at(q, &e);
  memcpy(pm->x0, e.x, sizeof e.x);
  return 0;
}
