/* gear-train.c - gear train with freeplay and bearing friction
 * ([Zardecki2006] §2.2-2.3, §4.1, Fig. 10; docs/gear-train.md).
 *
 * Inertial solid psi (driven by M_psi(t)) - shaft psi-delta (stiffness,
 * freeplay) - gear wheel delta - tooth mesh delta-gamma (ratio p = r_gamma /
 * r_delta, stiffness k_delta_gamma = r_delta^2 K measured at wheel delta,
 * freeplay (delta - p gamma)0) - gear wheel gamma - shaft gamma-phi - inertial
 * solid phi (load M_phi(t), optional spring to ground).  Four bearings (psi,
 * delta, gamma, phi) with viscous mu and dry static/kinetic MT0 friction.
 *
 * Sign convention (from the Newton equations, not the printed ones):
 *   T_in   = k_psi_delta   luz(psi - delta,     (psi-delta)0)     on delta +, on psi -
 *   T_mesh = k_delta_gamma luz(delta - p gamma, (delta-p gamma)0) on delta -, on gamma +p
 *   T_out  = k_gamma_phi   luz(gamma - phi,     (gamma-phi)0)     on phi +, on gamma -
 * so that the spring potential 1/2 k luz^2 gives exactly these torques.
 *
 * Levels:
 *  1 full redundant Newton model: I x'' = applied - bearing torque for all
 *    four solids (small gear inertias: stiff, BDF).
 *  2 weightless gears (Simplification 1): mu_delta delta' = luz(M_delta, MT0)
 *    with M_delta = T_in - T_mesh (the paper prints the opposite sign;
 *    the Newton equation of gear delta gives this one).
 *    A weightless gear is first-order: stuck while |M_delta| <= MT0s (margin
 *    MT0s - |M_delta|), sliding with delta' = (M_delta - s MT0k)/mu_delta.
 *  3 reduced 2-DOF (Simplification 2): weightless gears, ideal gear bearings,
 *    T = k_psi_phi luz(psi - p phi, (psi - p phi)0) with the series values.
 *  4 linear (Simplification 3): level 3 without freeplay and dry friction.
 *    The finite tooth stiffness stays in k_psi_phi (the paper's k_delta_gamma
 *    -> infinity is the case of a large k_delta_gamma), so level 3 turns into
 *    level 4 exactly when the freeplays and the dry friction vanish.
 *
 * Bearing friction laws: exact (hybrid modes, events), regularised, tanh,
 * LuGre.  The smooth laws use the static level MT0s as the basis ("normal
 * force" column) with coefficients mu_s = 1, mu_k = MT0k/MT0s.  A weightless
 * gear (level 2) under a smooth law follows the paper's memoryless equation
 * mu delta' = luz(M, MT0k): a smooth law with a Stribeck drop has no unique
 * velocity for a massless body.  A bearing without dry friction (MT0s = 0)
 * has no discontinuity; its mode is irrelevant and raises no events. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenarios.h"
#include "friction.h"
#include "ss-internal.h"

enum { LEVEL_FULL = 0, LEVEL_WEIGHTLESS = 1, LEVEL_REDUCED = 2, LEVEL_LINEAR = 3 };
enum { PSI = 0, DELTA = 1, GAMMA = 2, PHI = 3, N_BODIES = 4 };
enum { E_IN = 0, E_MESH = 1, E_OUT = 2, E_CHAIN = 3, N_ELEMENTS = 4 };
enum { DRIVE_SINE = 0, DRIVE_RAMP = 1, DRIVE_STEP = 2 };

typedef struct gear_bearing {
  double viscous; /* viscous coefficient mu, N m s/rad */
  double limit_s; /* static dry friction torque MT0s, N m */
  double limit_k; /* kinetic dry friction torque MT0k (<= MT0s), N m */
  ss_friction fr; /* smooth law on the basis MT0s: mu_s = 1, mu_k = MT0k/MT0s */
} gear_bearing;

/* How a contact's solid moves and what holds it (create), for the hot
 * callbacks: its friction_torque and rate in few branches. */
enum {
  SOLID_WEIGHTLESS, /* a weightless gear (level 2): rate from its applied torque */
  SOLID_FREE,       /* no dry friction: viscous only */
  SOLID_EXACT,      /* the exact law's dry friction: held while stuck */
  SOLID_SMOOTH,     /* a smooth law's dry friction */
};

typedef struct gear_solid {
  int b;          /* the solid */
  int kind;       /* SOLID_* */
  int iq, iw, iz; /* its angle, rate and bristle in x (-1: none) */
  double viscous; /* its bearing's viscous coefficient, N m s/rad */
  double limit_s; /* static dry friction torque, N m */
  double limit_k; /* kinetic dry friction torque, N m */
  double inertia; /* moment of inertia, kg m² */
} gear_solid;

typedef struct gear_train {
  int level;                /* LEVEL_* */
  ss_law law;               /* bearing friction law (level 4: exact, no dry part) */
  double inertia[N_BODIES]; /* moments of inertia, kg m² (gears unused in levels 2-4) */
  double p;                 /* gear ratio r_gamma / r_delta, 1 */
  double k[3];              /* k_psi_delta, k_delta_gamma (at wheel delta), k_gamma_phi, N m/rad */
  double gap[3];            /* half freeplays (psi-delta)0, (delta-p gamma)0, (gamma-phi)0, rad */
  double k_red;             /* reduced stiffness k_psi_phi (levels 3-4), N m/rad */
  double gap_red;           /* reduced half freeplay (psi - p phi)0 (level 4: 0), rad */
  double k_ground;          /* spring from phi to the casing, N m/rad (0: none) */
  double r_delta;           /* pitch radius of wheel delta (mesh force), m */
  gear_bearing brg[N_BODIES]; /* bearings of the four solids */
  int drive;                  /* DRIVE_* shape of M_psi(t) */
  double M_amp;               /* sine amplitude / ramp final value / step height, N m */
  double omega_drive;         /* sine angular frequency, rad/s */
  double t_load;              /* ramp duration / step instant, s */
  double M_phi0;              /* constant load torque on phi, N m */
  double M_phi_amp;           /* amplitude of the sinusoidal load on phi, N m */
  double omega_phi;           /* its angular frequency, rad/s */
  /* state layout: indices into x, -1 where the quantity is not a state */
  int iq[N_BODIES];           /* angle, rad */
  int iw[N_BODIES];           /* rate, rad/s (weightless gears and levels 3-4: -1) */
  int iz[N_BODIES];           /* LuGre bristle deflection, rad */
  int iwork;                  /* external work, J */
  int idiss;                  /* energy dissipated in the bearings, J */
  int n_contacts;             /* bearings that are contacts (levels 1-2: 4, 3-4: 2) */
  int body[N_BODIES];         /* contact index -> solid */
  int contact_of[N_BODIES];   /* solid -> contact index, -1 if none */
  bool label[N_BODIES];       /* contact -> its velocity is its mode's label (contact_velocity) */
  gear_solid solid[N_BODIES]; /* contact -> its solid, in body order */
} gear_train;

static const gear_train *impl(const ss_model *m) { return m->impl; }

static bool weightless(const gear_train *g, int b)
{
  return g->level == LEVEL_WEIGHTLESS && (b == DELTA || b == GAMMA);
}

/* ---- loads ---------------------------------------------------------------- */

/* sin(x) with the last argument's value kept, per thread and load: the
 * loads are evaluated many times at one instant (the Newton iterations,
 * the Jacobian's columns, the roots at a step's end).  The key is x's
 * bits, so a kept value is sin(x)'s, bit for bit. */
typedef struct sin_kept {
  uint64_t x; /* the argument's bits */
  double s;   /* sin of it */
  bool valid;
} sin_kept;

static double sin_of(sin_kept *k, double x)
{
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  if (!k->valid || bits != k->x) {
    k->s = sin(x);
    k->x = bits;
    k->valid = true;
  }
  return k->s;
}

static _Thread_local sin_kept drive_sin, load_sin;

static double drive_torque(const gear_train *g, double t)
{
  switch (g->drive) {
  case DRIVE_RAMP: return g->t_load > 0.0 && t < g->t_load ? g->M_amp * t / g->t_load : g->M_amp;
  case DRIVE_STEP: return t >= g->t_load ? g->M_amp : 0.0;
  default: return g->M_amp * sin_of(&drive_sin, g->omega_drive * t);
  }
}

static double load_torque(const gear_train *g, double t)
{
  return g->M_phi_amp != 0.0 ? g->M_phi0 + g->M_phi_amp * sin_of(&load_sin, g->omega_phi * t)
                             : g->M_phi0;
}

/* ---- elements --------------------------------------------------------------- */

/* An element with freeplay transmits torque (zero freeplay: always). */
static bool in_contact(double defl, double gap) { return gap == 0.0 || fabs(defl) > gap; }

/* Evaluation of everything the callbacks need at one instant. */
typedef struct gear_eval {
  double t;           /* time, s */
  double q[N_BODIES]; /* angles (levels 3-4: delta, gamma not filled), rad */
  double w[N_BODIES]; /* rates (levels 3-4: delta, gamma not filled), rad/s */
  double M_psi;       /* drive torque, N m */
  double M_phi;       /* load torque on phi, N m */
  double
      defl[N_ELEMENTS]; /* deflections of in, mesh, out (levels 1-2) and chain psi - p phi, rad */
  double T[N_ELEMENTS]; /* element torques: T_in, T_mesh (at delta), T_out, T_chain, N m */
  double A[N_BODIES];   /* applied torque on each solid, bearing friction excluded, N m */
} gear_eval;

/* Positions, element torques and the applied torques on the gears: no
 * loads (all a weightless gear's rate needs). */
static inline __attribute__((always_inline)) void eval_elements(const gear_train *restrict g,
                                                                const double *restrict x,
                                                                gear_eval *restrict e)
{
  e->q[PSI] = x[g->iq[PSI]];
  e->q[PHI] = x[g->iq[PHI]];
  e->defl[E_CHAIN] = e->q[PSI] - g->p * e->q[PHI];
  if (g->level <= LEVEL_WEIGHTLESS) {
    e->q[DELTA] = x[g->iq[DELTA]];
    e->q[GAMMA] = x[g->iq[GAMMA]];
    e->defl[E_IN] = e->q[PSI] - e->q[DELTA];
    e->defl[E_MESH] = e->q[DELTA] - g->p * e->q[GAMMA];
    e->defl[E_OUT] = e->q[GAMMA] - e->q[PHI];
    for (int i = 0; i < 3; i++)
      e->T[i] = g->k[i] * ss_dead_zone(e->defl[i], g->gap[i]);
    e->T[E_CHAIN] = NAN;
    e->A[DELTA] = e->T[E_IN] - e->T[E_MESH];
    e->A[GAMMA] = g->p * e->T[E_MESH] - e->T[E_OUT];
  } else {
    double T = g->k_red * ss_dead_zone(e->defl[E_CHAIN], g->gap_red);
    e->T[E_CHAIN] = T;
    e->T[E_IN] = T;
    e->T[E_MESH] = T;
    e->T[E_OUT] = g->p * T;
    e->A[DELTA] = e->A[GAMMA] = 0.0;
  }
}

/* The weightless gears' applied torques A[DELTA], A[GAMMA] (level 2) from
 * the four angles: eval_elements' operations, nothing else. */
static inline void gears_applied(const gear_train *g, double psi, double delta, double gamma,
                                 double phi, double *A)
{
  double T_in = g->k[E_IN] * ss_dead_zone(psi - delta, g->gap[E_IN]);
  double T_mesh = g->k[E_MESH] * ss_dead_zone(delta - g->p * gamma, g->gap[E_MESH]);
  double T_out = g->k[E_OUT] * ss_dead_zone(gamma - phi, g->gap[E_OUT]);
  A[DELTA] = T_in - T_mesh;
  A[GAMMA] = g->p * T_mesh - T_out;
}

/* Positions, element torques and applied torques (no velocities). */
static inline __attribute__((always_inline)) void eval_static(const gear_train *restrict g,
                                                              double t, const double *restrict x,
                                                              gear_eval *restrict e)
{
  eval_elements(g, x, e);
  e->t = t;
  e->M_psi = drive_torque(g, t);
  e->M_phi = load_torque(g, t);
  double ground = g->k_ground * e->q[PHI];
  e->A[PSI] = e->M_psi - e->T[E_IN];           /* levels 3-4: T_in = T */
  e->A[PHI] = e->T[E_OUT] - ground + e->M_phi; /* levels 3-4: T_out = p T */
}

/* Rate of a weightless gear (level 2) in its mode, from its applied
 * torque (eval_elements, gears_applied) and its bearing's coefficients. */
static inline double solid_weightless_rate(const gear_train *g, const gear_solid *so,
                                           double applied, int mode)
{
  if (g->law != SS_LAW_EXACT)
    return ss_dead_zone(applied, so->limit_k) / so->viscous;
  if (so->limit_s == 0.0) /* no dry friction: mode irrelevant */
    return applied / so->viscous;
  if (mode == SS_MODE_STICK)
    return 0.0;
  return (applied - mode * so->limit_k) / so->viscous;
}

/* Contact c's relative velocity from its solid's rate w.  A bearing without
 * dry friction under the exact law has no discontinuity: a constant of its
 * mode, never an event. */
static double contact_velocity(const gear_train *g, int c, double w, const int *modes)
{
  if (g->label[c]) /* m->hybrid, and no dry friction at its solid (create) */
    return modes[c] != SS_MODE_STICK ? modes[c] : 1.0;
  return w;
}

/* Bearing friction torque on solid b (resisting positive rotation), N m,
 * and the bristle rate for LuGre.  Its C.F column is the torque on the
 * solid: the negative of this. */
static inline double friction_torque(const gear_train *g, int b, const gear_eval *e,
                                     const double *x, int mode, double *z_dot)
{
  const gear_bearing *br = &g->brg[b];
  double w = e->w[b];
  *z_dot = 0.0;
  if (weightless(g, b))
    return e->A[b]; /* a massless solid: friction balances the applied torque */
  if (g->law == SS_LAW_EXACT) {
    if (br->limit_s == 0.0)
      return br->viscous * w;
    if (mode == SS_MODE_STICK)
      return e->A[b]; /* static torque: determined (one solid per bearing) */
    return br->viscous * w + mode * br->limit_k;
  }
  if (br->limit_s == 0.0)
    return br->viscous * w;
  double z = g->iz[b] >= 0 ? x[g->iz[b]] : 0.0;
  return br->viscous * w + br->limit_s * ss_friction_mu(&br->fr, w, z, z_dot);
}

/* Relative tolerance of the stiction test.  A bearing counts as stuck up to
 * |A| <= MT0s (1 + STICK_TOL) and its margin event fires at |A| = MT0s (1 +
 * 2 STICK_TOL): a margin that starts exactly at zero would never be seen to
 * cross it, and a weightless or equal-level gear that comes to rest exactly
 * at its limit would otherwise chatter between creeping and sticking. */
#define STICK_TOL 1e-8

static double stick_margin(double applied, double limit)
{
  return limit * (1.0 + 2.0 * STICK_TOL) - fabs(applied);
}

/* ---- callbacks ---------------------------------------------------------------- */

static void initial(const ss_model *m, double *x)
{
  /* at rest, every freeplay centred, no bristle deflection */
  for (int i = 0; i < m->nx; i++)
    x[i] = 0.0;
}

/* The right-hand side: each solid's friction and rate in its mode, the
 * same operations in the same order as friction_torque and contact_rate
 * (a stuck solid's friction is not needed: it is held). */
static int rhs(const ss_model *m, double t, const double *restrict x, const int *restrict modes,
               double *restrict xdot)
{
  const gear_train *g = impl(m);
  gear_eval e;
  eval_static(g, t, x, &e);
  double diss = 0.0;
  for (int c = 0; c < g->n_contacts; c++) { /* the solids with an angle, in body order */
    const gear_solid *so = &g->solid[c];
    int mode = modes[c];
    double A = e.A[so->b], w, F;
    switch (so->kind) {
    case SOLID_WEIGHTLESS: /* friction balances the applied torque */
      w = solid_weightless_rate(g, so, A, mode);
      xdot[so->iq] = w;
      diss += A * w;
      continue;
    case SOLID_FREE:
      w = x[so->iw];
      F = so->viscous * w;
      if (so->iz >= 0)
        xdot[so->iz] = 0.0;
      break;
    case SOLID_EXACT:
      if (mode == SS_MODE_STICK) {
        xdot[so->iq] = 0.0; /* held by the mode: rate stays exactly zero */
        xdot[so->iw] = 0.0;
        continue;
      }
      w = x[so->iw];
      F = so->viscous * w + mode * so->limit_k;
      break;
    default: { /* SOLID_SMOOTH */
      double z_dot = 0.0, z = so->iz >= 0 ? x[so->iz] : 0.0;
      w = x[so->iw];
      F = so->viscous * w + so->limit_s * ss_friction_mu(&g->brg[so->b].fr, w, z, &z_dot);
      if (so->iz >= 0)
        xdot[so->iz] = z_dot;
    }
    }
    xdot[so->iw] = (A - F) / so->inertia;
    xdot[so->iq] = w;
    diss += F * w;
  }
  xdot[g->iwork] = e.M_psi * x[g->iw[PSI]] + e.M_phi * x[g->iw[PHI]];
  xdot[g->idiss] = diss;
  return 0;
}

/* Contact c's solid's rate in its mode: its state, or a weightless gear's
 * from the applied torque of eval_elements (levels 3-4: psi's and phi's;
 * the gears' are reconstructed in observe). */
static inline double contact_rate(const gear_train *g, int c, const double *x, const int *modes,
                                  const gear_eval *e)
{
  const gear_solid *so = &g->solid[c];
  return so->iw >= 0 ? x[so->iw] : solid_weightless_rate(g, so, e->A[so->b], modes[c]);
}

static void contacts(const ss_model *m, double t, const double *restrict x, const int *modes,
                     double *restrict v, double *restrict margin, double *kink)
{
  (void)kink; /* no margin kinks: n_kinks = 0 */
  const gear_train *g = impl(m);
  gear_eval e;
  eval_static(g, t, x, &e);
  for (int c = 0; c < g->n_contacts; c++) {
    v[c] = contact_velocity(g, c, contact_rate(g, c, x, modes, &e), modes);
    margin[c] = stick_margin(e.A[g->solid[c].b], g->solid[c].limit_s);
  }
}

/* contacts' velocities without the loads and margins: the rates are states
 * but for the weightless gears' (level 2: the element torques, evaluated
 * only for a gear that is not held at rest). */
static void speeds(const ss_model *m, double t, const double *restrict x, const int *modes,
                   double *restrict v)
{
  (void)t;
  const gear_train *g = impl(m);
  double A[N_BODIES]; /* the weightless gears' applied torques */
  bool elements = false;
  for (int c = 0; c < g->n_contacts; c++) {
    const gear_solid *so = &g->solid[c];
    if (g->label[c] || so->iw >= 0) {
      v[c] = contact_velocity(g, c, so->iw >= 0 ? x[so->iw] : 0.0, modes);
    } else if (g->law == SS_LAW_EXACT && so->limit_s != 0.0 && modes[c] == SS_MODE_STICK) {
      v[c] = 0.0; /* solid_weightless_rate of a held gear */
    } else {
      if (!elements)
        gears_applied(g, x[g->iq[PSI]], x[g->iq[DELTA]], x[g->iq[GAMMA]], x[g->iq[PHI]], A);
      elements = true;
      v[c] = solid_weightless_rate(g, so, A[so->b], modes[c]);
    }
  }
}

/* An element's two functions (rising = comes into contact on that side):
 * a whole gap crossed within one step still changes both signs. */
static inline void aux_pair(double defl, double gap, double *gv)
{
  if (gap > 0.0) {
    gv[0] = defl - gap;
    gv[1] = -defl - gap;
  } else {
    gv[0] = gv[1] = 1.0; /* no freeplay: always in contact */
  }
}

/* speeds() at t + h and x + h xdot: a rate that is a state is x[iw] + h
 * xdot[iw] there, a weightless gear's comes from its elements at the
 * angles there (only the angles formed). */
static void speeds_along(const ss_model *m, double t, const double *restrict x,
                         const double *restrict xdot, double h, const int *modes,
                         double *restrict v)
{
  (void)t;
  const gear_train *g = impl(m);
  double A[N_BODIES]; /* the weightless gears' applied torques */
  bool elements = false;
  for (int c = 0; c < g->n_contacts; c++) {
    const gear_solid *so = &g->solid[c];
    if (g->label[c] || so->iw >= 0) {
      v[c] = contact_velocity(g, c, so->iw >= 0 ? x[so->iw] + h * xdot[so->iw] : 0.0, modes);
    } else if (g->law == SS_LAW_EXACT && so->limit_s != 0.0 && modes[c] == SS_MODE_STICK) {
      v[c] = 0.0; /* solid_weightless_rate of a held gear */
    } else {
      if (!elements) {
        double q[N_BODIES];
        for (int b = 0; b < N_BODIES; b++) /* (level 2: every solid has its angle) */
          q[b] = x[g->iq[b]] + h * xdot[g->iq[b]];
        gears_applied(g, q[PSI], q[DELTA], q[GAMMA], q[PHI], A);
      }
      elements = true;
      v[c] = solid_weightless_rate(g, so, A[so->b], modes[c]);
    }
  }
}

static void aux(const ss_model *m, double t, const double *restrict x, double *restrict gv)
{
  const gear_train *g = impl(m);
  (void)t;
  if (m->n_aux == 0) /* level 4 */
    return;
  if (g->level <= LEVEL_WEIGHTLESS) {
    double psi = x[g->iq[PSI]], delta = x[g->iq[DELTA]], gamma = x[g->iq[GAMMA]];
    aux_pair(psi - delta, g->gap[E_IN], gv);
    aux_pair(delta - g->p * gamma, g->gap[E_MESH], gv + 2);
    aux_pair(gamma - x[g->iq[PHI]], g->gap[E_OUT], gv + 4);
  } else {
    aux_pair(x[g->iq[PSI]] - g->p * x[g->iq[PHI]], g->gap_red, gv);
  }
}

/* An element's two functions that may cross zero first: none without
 * freeplay (constant), the near side only while engaged (the far side's
 * function is below -2 gap, and reaching zero takes crossing the near
 * side's first), both in the gap. */
static inline void aux_pair_active(double defl, double gap, bool *on)
{
  double gv[2];
  aux_pair(defl, gap, gv);
  on[0] = gap > 0.0 && !(gv[1] > 0.0);
  on[1] = gap > 0.0 && !(gv[0] > 0.0);
}

static void aux_active(const ss_model *m, const double *x, bool *on)
{
  const gear_train *g = impl(m);
  if (m->n_aux == 0) /* level 4 */
    return;
  if (g->level <= LEVEL_WEIGHTLESS) {
    double psi = x[g->iq[PSI]], delta = x[g->iq[DELTA]], gamma = x[g->iq[GAMMA]];
    aux_pair_active(psi - delta, g->gap[E_IN], on);
    aux_pair_active(delta - g->p * gamma, g->gap[E_MESH], on + 2);
    aux_pair_active(gamma - x[g->iq[PHI]], g->gap[E_OUT], on + 4);
  } else {
    aux_pair_active(x[g->iq[PSI]] - g->p * x[g->iq[PHI]], g->gap_red, on);
  }
}

static int resolve(const ss_model *m, double t, double *x, int *modes, const int *hit)
{
  const gear_train *g = impl(m);
  gear_eval e;
  eval_static(g, t, x, &e);
  /* Solids interact through positions only, so every bearing at rest
   * decides on its own: stuck while its applied torque is within the
   * static limit (Gauss principle in 1-D), else sliding towards it. */
  for (int c = 0; c < g->n_contacts; c++) {
    if (hit && !hit[c])
      continue;
    int b = g->body[c];
    double limit = g->brg[b].limit_s;
    if (limit == 0.0)
      modes[c] = SS_MODE_SLIDE_POS; /* no dry friction: the mode is a label */
    else if (fabs(e.A[b]) <= limit * (1.0 + STICK_TOL))
      modes[c] = SS_MODE_STICK;
    else
      modes[c] = e.A[b] > 0.0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
    /* its rate crossed zero (or it sticks): restart from exactly zero */
    if (g->iw[b] >= 0)
      x[g->iw[b]] = 0.0;
  }
  return 0;
}

/* Levels 3-4: gear angles and rates from the reduced state.  In contact
 * every part carries the chain torque and its deflection is determined; in
 * the gap a part with freeplay sits anywhere inside it (undetermined, NaN)
 * unless it is the only part with freeplay. */
static void reconstruct_gears(const gear_train *g, gear_eval *e, double defl[3], double rate[3])
{
  double gaps[3] = {g->gap[E_IN], g->gap[E_MESH], g->gap[E_OUT]};
  if (g->level == LEVEL_LINEAR)
    gaps[0] = gaps[1] = gaps[2] = 0.0;
  double chain = e->defl[E_CHAIN];
  double chain_rate = e->w[PSI] - g->p * e->w[PHI];
  /* deflection of the chain expressed in part i: D = d_in + d_mesh + p d_out */
  const double scale[3] = {1.0, 1.0, g->p};
  if (in_contact(chain, g->gap_red)) {
    double s = chain > 0.0 ? 1.0 : chain < 0.0 ? -1.0 : 0.0;
    double T = e->T[E_CHAIN];
    double dT = g->k_red * chain_rate;
    for (int i = 0; i < 3; i++) {
      double Ti = i == E_OUT ? g->p * T : T, dTi = i == E_OUT ? g->p * dT : dT;
      defl[i] = s * gaps[i] + Ti / g->k[i];
      rate[i] = dTi / g->k[i];
    }
  } else {
    int n_free = 0, free_part = -1;
    for (int i = 0; i < 3; i++) {
      defl[i] = rate[i] = 0.0;
      if (gaps[i] > 0.0) {
        n_free++;
        free_part = i;
      }
    }
    if (n_free == 1) {
      defl[free_part] = chain / scale[free_part];
      rate[free_part] = chain_rate / scale[free_part];
    } else {
      for (int i = 0; i < 3; i++)
        if (gaps[i] > 0.0)
          defl[i] = rate[i] = NAN;
    }
  }
  e->q[DELTA] = e->q[PSI] - defl[E_IN];
  e->w[DELTA] = e->w[PSI] - rate[E_IN];
  e->q[GAMMA] = (e->q[DELTA] - defl[E_MESH]) / g->p;
  e->w[GAMMA] = (e->w[DELTA] - rate[E_MESH]) / g->p;
}

static void observe(const ss_model *m, void *scratch, double t, const double *x, const int *modes,
                    double *row)
{
  (void)scratch; /* nothing kept between rows */
  const gear_train *g = impl(m);
  gear_eval e;
  eval_static(g, t, x, &e);
  for (int b = 0; b < N_BODIES; b++) { /* (levels 3-4: the gears', reconstructed below) */
    int c = g->contact_of[b];
    e.w[b] = g->iw[b] >= 0      ? x[g->iw[b]]
             : weightless(g, b) ? solid_weightless_rate(g, &g->solid[c], e.A[b], modes[c])
                                : NAN;
  }
  double part_defl[3], part_rate[3];
  if (g->level >= LEVEL_REDUCED) {
    reconstruct_gears(g, &e, part_defl, part_rate);
  } else {
    for (int i = 0; i < 3; i++)
      part_defl[i] = e.defl[i];
  }
  int c = 0;
  for (int b = 0; b < N_BODIES; b++)
    row[c++] = e.q[b];
  for (int b = 0; b < N_BODIES; b++)
    row[c++] = e.w[b];
  for (int b = 0; b < N_BODIES; b++)
    if (g->iz[b] >= 0)
      row[c++] = x[g->iz[b]];
  double kinetic = 0.0, potential = 0.0;
  for (int k = 0; k < g->n_contacts; k++) {
    const gear_solid *so = &g->solid[k];
    int b = so->b;
    double z_dot, w = e.w[b];
    double F = friction_torque(g, b, &e, x, modes[k], &z_dot);
    bool stuck = modes[k] == SS_MODE_STICK && !g->label[k]; /* (label: no dry friction) */
    row[c++] = 0.0 - F; /* the torque on the solid (0 - F: no negative zero in the CSV) */
    row[c++] = so->limit_s;
    row[c++] = so->limit_s > 0.0 ? fabs(F) / so->limit_s : NAN; /* no dry friction: undefined */
    row[c++] = w;
    row[c++] = stuck;
    if (so->iw >= 0)
      kinetic += 0.5 * so->inertia * w * w;
  }
  row[c++] = e.M_psi;
  row[c++] = e.M_phi;
  row[c++] = e.T[E_IN];
  row[c++] = e.T[E_MESH];
  row[c++] = e.T[E_MESH] / g->r_delta;
  row[c++] = e.T[E_OUT];
  row[c++] = 0.0 - g->k_ground * e.q[PHI]; /* 0 - x: no negative zero in the CSV */
  const double gaps_l12[3] = {g->gap[0], g->gap[1], g->gap[2]};
  for (int i = 0; i < 3; i++) {
    /* a part transmits torque exactly when it is out of its gap */
    double gap = g->level == LEVEL_LINEAR ? 0.0 : gaps_l12[i];
    row[c++] =
        g->level >= LEVEL_REDUCED ? (e.T[i] != 0.0 || gap == 0.0) : in_contact(part_defl[i], gap);
    row[c++] = part_defl[i];
  }
  if (g->level <= LEVEL_WEIGHTLESS) {
    bool all = true;
    for (int i = 0; i < 3; i++)
      all = all && in_contact(e.defl[i], g->gap[i]);
    row[c++] = all;
    for (int i = 0; i < 3; i++)
      potential += 0.5 * e.T[i] * ss_dead_zone(e.defl[i], g->gap[i]);
  } else {
    row[c++] = in_contact(e.defl[E_CHAIN], g->gap_red);
    potential += 0.5 * e.T[E_CHAIN] * ss_dead_zone(e.defl[E_CHAIN], g->gap_red);
  }
  row[c++] = e.defl[E_CHAIN];
  potential += 0.5 * g->k_ground * e.q[PHI] * e.q[PHI];
  row[c++] = x[g->iwork];
  row[c++] = x[g->idiss];
  row[c++] = kinetic;
  row[c++] = potential;
}

static void free_impl(void *p) { free(p); }

/* observe()'s columns the state gives alone, with no statics (the loads
 * and the elements' torques of eval_static): a solid's rate where it is a
 * state, a bristle's deflection, and under a smooth law the friction ratio
 * of a bearing whose solid has its rate as a state (friction_torque reads
 * nothing else there).  The extremes tracking locates the amplitude's
 * velocity and the ratios' peaks with it. */
static bool observe_column(const ss_model *m, double t, const double *x, const int *modes, int col,
                           double *value)
{
  (void)t;
  const gear_train *g = impl(m);
  int c = 2 * N_BODIES; /* the first bristle column */
  if (col >= N_BODIES && col < c) {
    int b = col - N_BODIES;
    if (g->iw[b] < 0)
      return false;
    *value = x[g->iw[b]]; /* contact_rate */
    return true;
  }
  for (int b = 0; b < N_BODIES; b++)
    if (g->iz[b] >= 0 && c++ == col) {
      *value = x[g->iz[b]];
      return true;
    }
  /* c: the first contact's five columns (F, N, ratio, v, stick) */
  if (col < c || col >= c + 5 * g->n_contacts || (col - c) % 5 != 2 || g->law == SS_LAW_EXACT)
    return false;
  int k = (col - c) / 5, b = g->body[k];
  const gear_bearing *br = &g->brg[b];
  if (g->iw[b] < 0 || weightless(g, b))
    return false;
  gear_eval e = {0};
  e.w[b] = x[g->iw[b]];
  double z_dot;
  double F = friction_torque(g, b, &e, x, modes[k], &z_dot);
  *value = br->limit_s > 0.0 ? fabs(F) / br->limit_s : NAN;
  return true;
}

static const ss_model_ops gear_train_ops = {
    .initial = initial,
    .rhs = rhs,
    .contacts = contacts,
    .speeds = speeds,
    .speeds_along = speeds_along,
    .aux = aux,
    .aux_active = aux_active,
    .resolve = resolve,
    .observe = observe,
    .observe_column = observe_column,
    .free_impl = free_impl,
};

/* ---- construction -------------------------------------------------------------- */

static const char *const body_names[N_BODIES] = {"psi", "delta", "gamma", "phi"};
static const char *const bearing_names[N_BODIES] = {"bearing_psi", "bearing_delta", "bearing_gamma",
                                                    "bearing_phi"};
/* human labels (ss_model_set_labels) */
static const ss_label labels[] = {
    {"bearing_psi", "ψ bearing", NULL},
    {"bearing_delta", "δ bearing", NULL},
    {"bearing_gamma", "γ bearing", NULL},
    {"bearing_phi", "ϕ bearing", NULL},
    {"psi", "angle ψ", NULL},
    {"delta", "angle δ", NULL},
    {"gamma", "angle γ", NULL},
    {"phi", "angle ϕ", NULL},
    {"psi_dot", "angular velocity ψ̇", "psi"},
    {"delta_dot", "angular velocity δ̇", "delta"},
    {"gamma_dot", "angular velocity γ̇", "gamma"},
    {"phi_dot", "angular velocity ϕ̇", "phi"},
    {"bearing_psi.bristle", "bristle deflection", NULL},
    {"bearing_delta.bristle", "bristle deflection", NULL},
    {"bearing_gamma.bristle", "bristle deflection", NULL},
    {"bearing_phi.bristle", "bristle deflection", NULL},
    {"M_psi", "drive moment Mψ", NULL},
    {"M_phi", "load moment Mϕ", NULL},
    {"shaft_psi_delta.M", "shaft ψ–δ moment", NULL},
    {"mesh.M", "mesh moment", NULL},
    {"mesh.F", "tooth force", NULL},
    {"shaft_gamma_phi.M", "shaft γ–ϕ moment", NULL},
    {"ground.M", "ground spring moment", NULL},
    {"shaft_psi_delta.contact", "shaft ψ–δ engaged", NULL},
    {"shaft_psi_delta.defl", "shaft ψ–δ deflection", NULL},
    {"mesh.contact", "mesh engaged", NULL},
    {"mesh.defl", "mesh deflection", NULL},
    {"shaft_gamma_phi.contact", "shaft γ–ϕ engaged", NULL},
    {"shaft_gamma_phi.defl", "shaft γ–ϕ deflection", NULL},
    {"chain.contact", "chain ψ–ϕ engaged", NULL},
    {"chain.defl", "chain ψ–ϕ deflection", NULL},
    {"shaft_psi_delta+", "shaft ψ–δ freeplay, + side", NULL},
    {"shaft_psi_delta-", "shaft ψ–δ freeplay, − side", NULL},
    {"mesh+", "mesh freeplay, + side", NULL},
    {"mesh-", "mesh freeplay, − side", NULL},
    {"shaft_gamma_phi+", "shaft γ–ϕ freeplay, + side", NULL},
    {"shaft_gamma_phi-", "shaft γ–ϕ freeplay, − side", NULL},
    {"chain+", "chain ψ–ϕ freeplay, + side", NULL},
    {"chain-", "chain ψ–ϕ freeplay, − side", NULL},
    {NULL, NULL, NULL},
};
static const char *const part_names[3] = {"shaft_psi_delta", "mesh", "shaft_gamma_phi"};

static ss_model *create(const ss_scenario *sc, const double *values, char **error)
{
  gear_train *g = calloc(1, sizeof *g);
  if (!g)
    return ss_set_error(error, "out of memory");
  g->level = (int)ss_value(sc, values, "level");
  g->law = (ss_law)(int)ss_value(sc, values, "law");
  for (int b = 0; b < N_BODIES; b++) {
    char name[32];
    snprintf(name, sizeof name, "I_%s", body_names[b]);
    g->inertia[b] = ss_value(sc, values, name);
    gear_bearing *br = &g->brg[b];
    snprintf(name, sizeof name, "mu_%s", body_names[b]);
    br->viscous = ss_value(sc, values, name);
    snprintf(name, sizeof name, "MT0s_%s", body_names[b]);
    br->limit_s = ss_value(sc, values, name);
    snprintf(name, sizeof name, "MT0k_%s", body_names[b]);
    br->limit_k = ss_value(sc, values, name);
    if (br->limit_k > br->limit_s) {
      ss_set_error(error,
                   "parameter 'MT0k_%s' = %g must not exceed 'MT0s_%s' = %g "
                   "(kinetic level <= static level)",
                   body_names[b], br->limit_k, body_names[b], br->limit_s);
      free(g);
      return NULL;
    }
  }
  g->p = ss_value(sc, values, "p");
  g->k[E_IN] = ss_value(sc, values, "k_psi_delta");
  g->k[E_MESH] = ss_value(sc, values, "k_delta_gamma");
  g->k[E_OUT] = ss_value(sc, values, "k_gamma_phi");
  g->gap[E_IN] = ss_value(sc, values, "gap_psi_delta");
  g->gap[E_MESH] = ss_value(sc, values, "gap_delta_gamma");
  g->gap[E_OUT] = ss_value(sc, values, "gap_gamma_phi");
  g->k_ground = ss_value(sc, values, "k_phi_ground");
  g->r_delta = ss_value(sc, values, "r_delta");
  g->drive = (int)ss_value(sc, values, "drive");
  g->M_amp = ss_value(sc, values, "M_psi_amp");
  g->omega_drive = 2.0 * M_PI * ss_value(sc, values, "f_drive");
  g->t_load = ss_value(sc, values, "t_load");
  g->M_phi0 = ss_value(sc, values, "M_phi0");
  g->M_phi_amp = ss_value(sc, values, "M_phi_amp");
  g->omega_phi = 2.0 * M_PI * ss_value(sc, values, "f_phi");

  /* Simplification 2: springs with freeplay in series ([Zardecki2006]):
   * compliances add, and so do the freeplays (gamma-phi's scaled by p) */
  g->k_red = 1.0 / (1.0 / g->k[E_IN] + 1.0 / g->k[E_MESH] + g->p * g->p / g->k[E_OUT]);
  g->gap_red = g->gap[E_IN] + g->gap[E_MESH] + g->p * g->gap[E_OUT];

  if (g->level == LEVEL_WEIGHTLESS) {
    for (int b = DELTA; b <= GAMMA; b++) {
      if (!(g->brg[b].viscous > 0.0)) {
        ss_set_error(error,
                     "parameter 'mu_%s' = %g: level 2 (weightless gears) needs a "
                     "positive viscous bearing coefficient, range (0, 1e+06] N m s/rad",
                     body_names[b], g->brg[b].viscous);
        free(g);
        return NULL;
      }
    }
  }
  if (g->level == LEVEL_LINEAR) {
    /* Simplification 3: no freeplay, no dry friction */
    g->law = SS_LAW_EXACT;
    g->gap_red = 0.0;
    for (int b = 0; b < N_BODIES; b++)
      g->brg[b].limit_s = g->brg[b].limit_k = 0.0;
  }
  for (int b = 0; b < N_BODIES; b++) {
    gear_bearing *br = &g->brg[b];
    double mu_k = br->limit_s > 0.0 ? br->limit_k / br->limit_s : 1.0;
    br->fr = ss_friction_from_values(sc, values, 1.0, mu_k, NULL);
    br->fr.law = g->law;
    if (g->law == SS_LAW_LUGRE && br->limit_s > 0.0 && br->limit_k == 0.0 && !weightless(g, b)) {
      ss_set_error(error,
                   "parameter 'MT0k_%s' = 0: the LuGre law needs a positive kinetic "
                   "level when 'MT0s_%s' > 0 (range (0, %g] N m)",
                   body_names[b], body_names[b], br->limit_s);
      free(g);
      return NULL;
    }
  }

  /* state layout and contacts */
  bool reduced = g->level >= LEVEL_REDUCED;
  bool state = ss_law_get(g->law)->has_state; /* LuGre's bristle */
  int nx = 0;
  for (int b = 0; b < N_BODIES; b++) {
    g->iq[b] = g->iw[b] = g->iz[b] = -1;
    g->contact_of[b] = -1;
  }
  for (int b = 0; b < N_BODIES; b++)
    if (!reduced || b == PSI || b == PHI)
      g->iq[b] = nx++;
  for (int b = 0; b < N_BODIES; b++)
    if (g->iq[b] >= 0 && !weightless(g, b))
      g->iw[b] = nx++;
  for (int b = 0; b < N_BODIES; b++)
    if (state && g->iw[b] >= 0)
      g->iz[b] = nx++;
  g->iwork = nx++;
  g->idiss = nx++;
  /* the law's own conditions at the bearings with its friction */
  ss_friction lawful[N_BODIES];
  const char *lawful_names[N_BODIES];
  ss_law_contacts laws = {lawful, lawful_names, 0, NULL, SS_LAW_TURNING};
  for (int b = 0; b < N_BODIES; b++)
    if (g->iz[b] >= 0) {
      lawful[laws.n] = g->brg[b].fr;
      lawful_names[laws.n++] = bearing_names[b];
    }
  if (!ss_friction_check(&laws, error)) {
    free(g);
    return NULL;
  }
  const char *names[N_BODIES];
  for (int b = 0; b < N_BODIES; b++) {
    if (g->iq[b] < 0)
      continue;
    g->contact_of[b] = g->n_contacts;
    g->body[g->n_contacts] = b;
    names[g->n_contacts++] = bearing_names[b];
  }

  ss_model *m = ss_model_alloc(sc, values, nx, g->n_contacts, names);
  if (!m) {
    free(g);
    return ss_set_error(error, "out of memory");
  }
  m->impl = g;
  m->ops = &gear_train_ops;
  m->integral[g->iwork] = m->integral[g->idiss] = true;
  m->hybrid = ss_law_get(g->law)->event_driven;
  for (int c = 0; c < g->n_contacts; c++) {
    int b = g->body[c];
    const gear_bearing *br = &g->brg[b];
    g->label[c] = m->hybrid && br->limit_s == 0.0;
    g->solid[c] = (gear_solid){
        .b = b,
        .kind = g->iw[b] < 0             ? SOLID_WEIGHTLESS
                : br->limit_s == 0.0     ? SOLID_FREE
                : g->law == SS_LAW_EXACT ? SOLID_EXACT
                                         : SOLID_SMOOTH,
        .iq = g->iq[b],
        .iw = g->iw[b],
        .iz = g->iz[b],
        .viscous = br->viscous,
        .limit_s = br->limit_s,
        .limit_k = br->limit_k,
        .inertia = g->inertia[b],
    };
  }
  /* BDF: small gear inertias (level 1), fast first-order gears (level 2),
   * steep smooth friction laws; level 4 has no events, and Newton steps
   * there are longer than Adams' fixed-point ones */
  m->stiff = !m->hybrid || g->level <= LEVEL_WEIGHTLESS || g->level == LEVEL_LINEAR;
  double period = g->drive == DRIVE_SINE && g->omega_drive > 0.0 ? 2.0 * M_PI / g->omega_drive : 0;
  if (g->M_phi_amp != 0.0 && g->omega_phi > 0.0 &&
      (period == 0.0 || 2.0 * M_PI / g->omega_phi < period))
    period = 2.0 * M_PI / g->omega_phi;
  m->max_step_stuck = period > 0.0 ? period / 40.0 : 0.0;
  if (g->drive != DRIVE_SINE)
    ss_model_add_breakpoint(m, g->t_load); /* the ramp's end or the step */
  for (int c = 0; c < g->n_contacts; c++) {
    const gear_bearing *br = &g->brg[g->body[c]];
    m->mu_s[c] = 1.0; /* ratio axis: |MT| / MT0s */
    m->mu_k[c] = br->limit_s > 0.0 ? br->limit_k / br->limit_s : 0.0;
    m->v_stick[c] = ss_friction_stick_velocity(&br->fr);
    m->viscous[c] = br->viscous; /* its mu w is part of C.F */
    if (g->iz[g->body[c]] >= 0) {
      ss_law_contacts one = {&br->fr, &bearing_names[g->body[c]], 1, NULL, SS_LAW_TURNING};
      /* sigma2: the viscous coefficient per unit static friction torque */
      ss_friction_set_run_note(m, c, &one, br->limit_s > 0.0 ? br->viscous / br->limit_s : 0.0);
      m->state_size[g->iz[g->body[c]]] = ss_friction_state_size(&br->fr);
      /* the rate: the same per second */
      m->state_size[g->iw[g->body[c]]] = ss_friction_state_size(&br->fr);
    }
  }
  if (g->level == LEVEL_LINEAR) {
    ss_model_set_aux(m, 0, NULL);
  } else if (reduced) {
    static const char *const chain_aux[] = {"chain+", "chain-"};
    ss_model_set_aux(m, 2, chain_aux);
  } else {
    static const char *const part_aux[] = {"shaft_psi_delta+", "shaft_psi_delta-", "mesh+", "mesh-",
                                           "shaft_gamma_phi+", "shaft_gamma_phi-"};
    ss_model_set_aux(m, 6, part_aux);
  }

  char name[64];
  for (int b = 0; b < N_BODIES; b++)
    ss_model_add_column(m, body_names[b], "rad", SS_COL_POSITION, -1);
  for (int b = 0; b < N_BODIES; b++) {
    snprintf(name, sizeof name, "%s_dot", body_names[b]);
    ss_model_add_column(m, name, "rad/s", SS_COL_VELOCITY, -1);
  }
  for (int b = 0; b < N_BODIES; b++) {
    if (g->iz[b] < 0)
      continue;
    snprintf(name, sizeof name, "%s.bristle", bearing_names[b]);
    ss_model_add_column(m, name, "rad", SS_COL_INTERNAL, g->contact_of[b]);
  }
  for (int c = 0; c < g->n_contacts; c++)
    ss_model_add_contact_columns(m, c, "N m", "rad/s");
  ss_model_add_column(m, "M_psi", "N m", SS_COL_FORCE, -1);
  ss_model_add_column(m, "M_phi", "N m", SS_COL_FORCE, -1);
  ss_model_add_column(m, "shaft_psi_delta.M", "N m", SS_COL_FORCE, -1);
  ss_model_add_column(m, "mesh.M", "N m", SS_COL_FORCE, -1);
  ss_model_add_column(m, "mesh.F", "N", SS_COL_FORCE, -1);
  ss_model_add_column(m, "shaft_gamma_phi.M", "N m", SS_COL_FORCE, -1);
  ss_model_add_column(m, "ground.M", "N m", SS_COL_FORCE, -1);
  for (int i = 0; i < 3; i++) {
    snprintf(name, sizeof name, "%s.contact", part_names[i]);
    ss_model_add_column(m, name, "1", SS_COL_OTHER, -1);
    snprintf(name, sizeof name, "%s.defl", part_names[i]);
    ss_model_add_column(m, name, "rad", SS_COL_OTHER, -1);
  }
  ss_model_add_column(m, "chain.contact", "1", SS_COL_OTHER, -1);
  ss_model_add_column(m, "chain.defl", "rad", SS_COL_OTHER, -1);
  ss_model_add_energy_columns(m, true);
  return ss_model_set_labels(m, labels);
}

/* ---- parameters ------------------------------------------------------------------ */

static const char *const level_choices[] = {"1", "2", "3", "4", NULL};
static const char *const drive_choices[] = {"sine", "ramp", "step", NULL};

/* clang-format off: a hand-aligned table */
#define BEARING_ROWS(b, label, mu, s, k)                                                     \
  {"mu_" b,                                                                                  \
   "Viscous μ " label,                                                                       \
   "N m s/rad",                                                                              \
   SS_PARAM_REAL,                                                                            \
   mu,                                                                                       \
   0.0,                                                                                      \
   1e6,                                                                                      \
   0,                                                                                        \
   "Viscous coefficient of the " label " bearing",                                           \
   NULL,                                                                                     \
   "Friction"},                                                                              \
      {"MT0s_" b,                                                                            \
       "Static MT0 " label,                                                                  \
       "N m",                                                                                \
       SS_PARAM_REAL,                                                                        \
       s,                                                                                    \
       0.0,                                                                                  \
       1e6,                                                                                  \
       SS_PARAM_LOG,                                                                         \
       "Static dry friction torque (stiction limit) of the " label " bearing",               \
       NULL,                                                                                 \
       "Friction"},                                                                          \
  {                                                                                          \
    "MT0k_" b, "Kinetic MT0 " label, "N m", SS_PARAM_REAL, k, 0.0, 1e6, SS_PARAM_LOG,        \
        "Kinetic dry friction torque of the " label " bearing (<= static)", NULL, "Friction" \
  }
/* clang-format on */

/* Defaults: a worm-and-sector steering gear (document: docs/gear-train.md).
 * psi = steering wheel, psi-delta = steering column, delta = worm, gamma =
 * sector shaft (p = 15), gamma-phi = steering linkage, phi = road wheels
 * about their kingpins, the spring to ground = tyre aligning stiffness. */
/* clang-format off: a hand-aligned table */
static const ss_param_info params[] = {
    {"level", "Modelling level", "", SS_PARAM_CHOICE, 0, 0, 3, 0,
     "1 full 4-DOF model with gear inertias; 2 weightless gears (Simplification 1); "
     "3 reduced 2-DOF model (Simplification 2); 4 linear (Simplification 3)",
     level_choices, "Mechanism"},
    {"I_psi", "Inertia Iψ", "kg m²", SS_PARAM_REAL, 0.03, 0.0, 1e4,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Moment of inertia of the driven solid ψ (steering wheel)", NULL, "Mechanism"},
    {"I_delta", "Inertia Iδ", "kg m²", SS_PARAM_REAL, 1e-5, 0.0, 1e4,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Moment of inertia of gear wheel δ (level 1 only)",
     NULL, "Mechanism"},
    {"I_gamma", "Inertia Iγ", "kg m²", SS_PARAM_REAL, 1e-4, 0.0, 1e4,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Moment of inertia of gear wheel γ (level 1 only)",
     NULL, "Mechanism"},
    {"I_phi", "Inertia Iϕ", "kg m²", SS_PARAM_REAL, 2.0, 0.0, 1e4,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Moment of inertia of the load solid ϕ (road wheels)",
     NULL, "Mechanism"},
    {"p", "Gear ratio p", "", SS_PARAM_REAL, 15.0, 0.0, 1e3, SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "p = r_gamma / r_delta: without freeplay delta = p gamma", NULL, "Mechanism"},
    {"k_psi_delta", "Shaft stiffness kψδ", "N m/rad", SS_PARAM_REAL, 200.0, 0.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Torsional stiffness of the shaft ψ-δ", NULL,
     "Mechanism"},
    {"gap_psi_delta", "Shaft freeplay (ψ-δ)0", "rad", SS_PARAM_REAL, 0.005, 0.0, 1.0, 0,
     "Half of the total freeplay in the mounting of shaft ψ-δ", NULL, "Mechanism"},
    {"k_delta_gamma", "Mesh stiffness kδγ", "N m/rad", SS_PARAM_REAL, 2000.0, 0.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Tooth stiffness measured at wheel δ, k = r_delta² K",
     NULL, "Mechanism"},
    {"gap_delta_gamma", "Mesh freeplay (δ-pγ)0", "rad", SS_PARAM_REAL, 0.02, 0.0, 1.0, 0,
     "Half of the total tooth freeplay measured at wheel δ (l0 / r_delta)", NULL, "Mechanism"},
    {"r_delta", "Pitch radius rδ", "m", SS_PARAM_REAL, 0.015, 0.0, 10.0,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Radius of wheel δ: mesh force = mesh torque at δ / r_delta", NULL, "Mechanism"},
    {"k_gamma_phi", "Shaft stiffness kγϕ", "N m/rad", SS_PARAM_REAL, 3e4, 0.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Torsional stiffness of the shaft γ-ϕ", NULL,
     "Mechanism"},
    {"gap_gamma_phi", "Shaft freeplay (γ-ϕ)0", "rad", SS_PARAM_REAL, 0.001, 0.0, 1.0, 0,
     "Half of the total freeplay in the mounting of shaft γ-ϕ", NULL, "Mechanism"},
    {"k_phi_ground", "Ground spring on ϕ", "N m/rad", SS_PARAM_REAL, 1500.0, 0.0, 1e9, 0,
     "Spring from solid ϕ to the casing (0: none)", NULL, "Mechanism"},
    BEARING_ROWS("psi", "ψ", 1.0, 0.3, 0.2),
    BEARING_ROWS("delta", "δ", 1.0, 0.25, 0.25),
    BEARING_ROWS("gamma", "γ", 20.0, 3.5, 3.5),
    BEARING_ROWS("phi", "ϕ", 100.0, 40.0, 30.0),
    SS_LAW_CHOICE_ROW("Bearing friction law", 0),
    SS_LAW_CONTACT_ROWS("", "", SS_LAW_TURNING),
    SS_LAW_SHARED_ROWS(SS_LAW_TURNING),
    SS_LAW_DEFAULT("sigma0", 1e4),
    SS_LAW_DEFAULT("sigma1", 100.0),
    SS_LAW_DEFAULT("vartheta", 1e-2),
    SS_LAW_DEFAULT("v_stick", 1e-3),
    {"drive", "Drive torque shape", "", SS_PARAM_CHOICE, 0, 0, 2, 0,
     "M_psi(t): sine M sin(2 pi f t), ramp from 0 to M over t_load, or step to M at t_load",
     drive_choices, "Load"},
    {"M_psi_amp", "Drive torque M", "N m", SS_PARAM_REAL, 4.0, -1e6, 1e6, 0,
     "Sine amplitude, ramp final value or step height of the torque on ψ", NULL, "Load"},
    {"f_drive", "Drive frequency", "Hz", SS_PARAM_REAL, 0.25, 0.0, 1e3, 0,
     "Frequency of the sinusoidal drive torque", NULL, "Load"},
    {"t_load", "Ramp time / step instant", "s", SS_PARAM_REAL, 1.0, 0.0, 1e6, 0,
     "Ramp: time to reach M; step: instant of the step", NULL, "Load"},
    {"M_phi0", "Load torque on ϕ", "N m", SS_PARAM_REAL, 0.0, -1e6, 1e6, 0,
     "Constant external torque on ϕ", NULL, "Load"},
    {"M_phi_amp", "Load torque amplitude", "N m", SS_PARAM_REAL, 0.0, -1e6, 1e6, 0,
     "Amplitude of the sinusoidal external torque on ϕ", NULL, "Load"},
    {"f_phi", "Load frequency", "Hz", SS_PARAM_REAL, 1.0, 0.0, 1e3, 0,
     "Frequency of the sinusoidal torque on ϕ", NULL, "Load"},
};
/* clang-format on */

/* Which level uses what (create, eval_static, reconstruct_gears): gear
 * inertias only in level 1; the gear bearings in levels 1-2 (3-4: ideal);
 * freeplay, dry friction and the friction law in levels 1-3 (4: linear). */
enum {
  L1 = 1u << LEVEL_FULL,
  L12 = L1 | 1u << LEVEL_WEIGHTLESS,
  L123 = L12 | 1u << LEVEL_REDUCED,
};
static const ss_param_condition conditions[] = {
    {"I_delta", "level", L1},
    {"I_gamma", "level", L1},
    {"mu_delta", "level", L12},
    {"MT0s_delta", "level", L12},
    {"MT0k_delta", "level", L12},
    {"mu_gamma", "level", L12},
    {"MT0s_gamma", "level", L12},
    {"MT0k_gamma", "level", L12},
    {"MT0s_psi", "level", L123},
    {"MT0k_psi", "level", L123},
    {"MT0s_phi", "level", L123},
    {"MT0k_phi", "level", L123},
    {"gap_psi_delta", "level", L123},
    {"gap_delta_gamma", "level", L123},
    {"gap_gamma_phi", "level", L123},
    {"law", "level", L123},
    {"gamma", "level", L123},
    {"k_tanh", "level", L123},
    {"sigma0", "level", L123},
    {"sigma1", "level", L123},
    {"vartheta", "level", L123},
    {"v_stick", "level", L123},
    {"f_drive", "drive", 1u << DRIVE_SINE},
    {"t_load", "drive", 1u << DRIVE_RAMP | 1u << DRIVE_STEP},
};

const ss_scenario ss_scenario_gear_train = {
    .name = "gear-train",
    .title = "Gear train with freeplay and bearing friction",
    .description = "Two inertial solids joined by shafts and a gear pair, with freeplay in the "
                   "shaft mountings and between the teeth and dry friction in four bearings "
                   "(Zardecki 2006, Fig. 10): a steering gear. Four modelling levels: the full "
                   "redundant model, weightless gears, the reduced 2-DOF model and the linear one.",
    .params = params,
    .n_params = (int)(sizeof params / sizeof params[0]),
    .t_end = 10.0,
    .dt_out = 0.01,
    .create = create,
    .conditions = conditions,
    .n_conditions = (int)(sizeof conditions / sizeof conditions[0]),
};
