/* two-slider.c - sliders on two perpendicular rails joined by a rod
 * ([Wojtyra2016] Examples 1-5; [WojtyraFraczek]).
 *
 * Absolute coordinates on the planar core; friction only in the two guides,
 * mu |N|.  Rigid rod: one degree of freedom, so both guides stick or slide
 * together; while stuck the locked mechanism is redundantly constrained
 * (eq. 10) and a treatment picks the reactions: eliminate one equation of
 * revolute 1 or 2, or the pseudoinverse.  A guide whose static friction
 * reaches its maximum is released and that maximum applied as a generalised
 * force (eq. 20); the mechanism slips when both are released.  The released
 * state lives in the continuous state as a constant (x' = 0) flag that only
 * resolve() changes.  Flexible rod (§4.2): three segments with axial
 * spring-dampers, three degrees of freedom, each guide sticks on its own.
 * Smooth laws (regularised, tanh, LuGre) are integrated with BDF.  The
 * integrator sees only the independent coordinates and their rates (the
 * rod's angle; or y1, x2 and the rod's x): the absolute coordinates follow
 * in closed form (ts_configuration) and the planar core's equations give the
 * accelerations and reactions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "friction.h"
#include "scenarios.h"
#include "two-slider-statics.h"

static const char *const treatment_choices[] = {"eliminate-revolute-1", "eliminate-revolute-2",
                                                "pseudoinverse", NULL};
static const char *const rod_choices[] = {"rigid", "flexible", NULL};

static const double SPLIT_MIN_SHARE =
    0.1;                               /* split.alpha defined from this share of |P| final on, 1 */
static const double MARGIN_TOL = 1e-9; /* release only when the margin is below -tol*(1+N), 1 */

typedef struct ts_layout {
  int f;       /* degrees of freedom; x = (u[f], u'[f], ...), ts_configuration */
  int bristle; /* index of the LuGre bristle deflections z1, z2 (m), or -1 */
  int flag;    /* exact law, rigid rod: index of the released flags of guides 1, 2 (sign of
                  the friction held at mu_s |N|, 0 locked), then the signs of their normal
                  multipliers at release (4 values, x' = 0), or -1 */
  int work;    /* index of the external work (J) */
  int diss;    /* index of the dissipated energy (J) */
} ts_layout;

typedef struct ts_model {
  ts_mech mech;       /* the mechanism and its loads */
  ss_friction fr[2];  /* law and parameters per guide */
  int treatment;      /* TS_TREAT_* */
  int drop_row[2];    /* constraint rows eliminated by the two elimination treatments */
  ts_layout at;       /* state layout */
  ss_fj_plan plan[4]; /* structure of the dynamics per set of locked guides (bit i: guide i),
                         made at creation, read-only afterwards */
} ts_model;

static const ts_model *impl(const ss_model *m) { return m->impl; }

/* ---- friction states ---------------------------------------------------- */

/* Rigid exact law at rest: the statics' roles for the released flags (0 =
 * locked, else the sign of the friction held at mu_s |N|).  Both locked:
 * the redundancy treatment; one released: eq. 20 (square, all equations). */
static void rigid_spec(const ts_model *tp, const double *flags, ss_fj_spec *spec)
{
  const ts_mech *tm = &tp->mech;
  ss_fj_spec_init(spec);
  int locked = 0;
  for (int i = 0; i < 2; i++) {
    int j = tm->guide[i];
    if (flags[i] == 0.0) {
      spec->role[j] = SS_FJ_LOCK;
      locked++;
    } else {
      spec->role[j] = SS_FJ_COULOMB;
      spec->coef[j] = -flags[i] * tm->mu_s;         /* friction = flags mu_s |N| */
      spec->nsign[j] = flags[2 + i] < 0.0 ? -1 : 1; /* stay on the branch it was released on */
    }
  }
  if (locked == 2) {
    if (tp->treatment == TS_TREAT_PINV)
      spec->pinv = true;
    else
      spec->drop_row = tp->drop_row[tp->treatment];
  }
}

/* The statics with those roles.  kin: the kinematics at q when the caller
 * has them, or NULL. */
static int rigid_statics(const ts_model *tp, double t, const double *q, const double *flags,
                         const ss_fj_kinematics *kin, ss_fj_solution *sol, const char **why)
{
  const ts_mech *tm = &tp->mech;
  ss_fj_spec spec;
  rigid_spec(tp, flags, &spec);
  double h[SS_PLANAR_MAX_N];
  ts_applied(tm, t, q, NULL, h, NULL, NULL);
  return kin ? ss_fj_statics_at(&tm->sys, kin, h, &spec, sol, why)
             : ss_fj_statics(&tm->sys, q, h, &spec, sol, why);
}

static double stick_margin(const ts_mech *tm, const ss_fj_solution *sol, int i)
{
  int j = tm->guide[i];
  return tm->mu_s * sol->basis[j] - fabs(sol->fmu[j]);
}

/* Margins of a stuck rigid mechanism: a locked guide's stiction margin, a
 * released guide's excess demand under the full treatment (falls through
 * zero when locking it again would hold).  kink (may be NULL): where the
 * margins have their convex kinks, a locked guide's N and a released
 * guide's full-lock F (see contacts). */
static int rigid_margins(const ts_model *tp, double t, const double *q, const double *flags,
                         double *margin, double *kink, ss_fj_solution *sol, const char **why)
{
  const ts_mech *tm = &tp->mech;
  if (rigid_statics(tp, t, q, flags, NULL, sol, why) < 0)
    return -1;
  bool any_released = false;
  for (int i = 0; i < 2; i++) {
    margin[i] = stick_margin(tm, sol, i);
    any_released |= flags[i] != 0.0;
    if (kink)
      kink[i] = sol->lambda[2 * tm->guide[i]];
  }
  if (any_released) {
    double none[4] = {0.0, 0.0, 0.0, 0.0};
    ss_fj_solution full;
    if (rigid_statics(tp, t, q, none, NULL, &full, why) < 0)
      return -1;
    for (int i = 0; i < 2; i++)
      if (flags[i] != 0.0) {
        margin[i] = -stick_margin(tm, &full, i);
        if (kink)
          kink[i] = full.fmu[tm->guide[i]];
      }
  }
  return 0;
}

/* Sliding friction coefficients and accelerations of the rigid mechanism
 * moving from rest in direction dir of slider 2; 0 if consistent. */
static int rigid_slide_check(const ts_model *tp, double t, const double *q, int dir, int *modes)
{
  const ts_mech *tm = &tp->mech;
  double D[SS_PLANAR_MAX_N], w[2], h[SS_PLANAR_MAX_N], xdd[SS_PLANAR_MAX_N], zero[SS_PLANAR_MAX_N];
  if (ts_rigid_pattern(tm, q, D, w) < 0)
    return -1;
  memset(zero, 0, sizeof zero);
  ts_applied(tm, t, q, zero, h, NULL, NULL);
  ss_fj_spec spec;
  ss_fj_spec_init(&spec);
  for (int i = 0; i < 2; i++) {
    modes[i] = w[i] * dir > 0.0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
    spec.role[tm->guide[i]] = SS_FJ_COULOMB;
    spec.coef[tm->guide[i]] = modes[i] * tm->mu_k;
  }
  ss_fj_solution sol;
  const char *why;
  if (ss_fj_dynamics(&tm->sys, q, zero, h, NULL, &spec, xdd, &sol, &why) < 0)
    return -1;
  double u = xdd[3 * tm->slider[1]];
  return u * dir > 0.0 ? 0 : -1;
}

static int rigid_tendency(const ts_model *tp, double t, const double *q)
{
  const ts_mech *tm = &tp->mech;
  double D[SS_PLANAR_MAX_N], w[2], h[SS_PLANAR_MAX_N];
  if (ts_rigid_pattern(tm, q, D, w) < 0)
    return 0;
  ts_applied(tm, t, q, NULL, h, NULL, NULL);
  double hr = 0.0;
  for (int k = 0; k < tm->sys.n; k++)
    hr += D[k] * h[k];
  return hr > 0.0 ? 1 : hr < 0.0 ? -1 : 0;
}

/* Decides stick (with releases) or slip at rest from the current flags;
 * forced[i] releases a locked guide whose margin just reached zero. */
static int rigid_settle(const ts_model *tp, double t, double *x, int *modes, const int *forced)
{
  const ts_mech *tm = &tp->mech;
  double *flags = x + tp->at.flag;
  const char *why;
  ss_fj_solution sol;
  double q[SS_PLANAR_MAX_N], qd[SS_PLANAR_MAX_N];
  ts_state(tm, x, q, qd, NULL);
  for (int i = 0; i < 2; i++)
    if (forced && forced[i] && flags[i] == 0.0) {
      if (rigid_statics(tp, t, q, flags, NULL, &sol, &why) < 0)
        return -1;
      double f = sol.fmu[tm->guide[i]];
      flags[i] = f >= 0.0 ? 1.0 : -1.0;
      flags[2 + i] = sol.lambda[2 * tm->guide[i]] >= 0.0 ? 1.0 : -1.0;
    }
  for (int pass = 0; pass < 3; pass++) {
    bool all_released = flags[0] != 0.0 && flags[1] != 0.0;
    if (all_released)
      break;
    if (rigid_statics(tp, t, q, flags, NULL, &sol, &why) < 0) {
      /* no equilibrium with this lock: it cannot hold */
      for (int i = 0; i < 2; i++)
        if (flags[i] == 0.0)
          flags[i] = 1.0;
      break;
    }
    int worst = -1;
    double worst_m = 0.0;
    for (int i = 0; i < 2; i++) {
      if (flags[i] != 0.0)
        continue;
      int j = tm->guide[i];
      double mg = stick_margin(tm, &sol, i);
      if (mg < -MARGIN_TOL * (1.0 + sol.basis[j]) && mg < worst_m) {
        worst = i;
        worst_m = mg;
      }
    }
    if (worst < 0) {
      modes[0] = modes[1] = SS_MODE_STICK;
      return 0;
    }
    double f = sol.fmu[tm->guide[worst]];
    flags[worst] = f >= 0.0 ? 1.0 : -1.0;
    flags[2 + worst] = sol.lambda[2 * tm->guide[worst]] >= 0.0 ? 1.0 : -1.0;
  }
  /* both guides at their maxima: the mechanism slips */
  flags[0] = flags[1] = flags[2] = flags[3] = 0.0;
  int d = rigid_tendency(tp, t, q);
  if (d != 0 && rigid_slide_check(tp, t, q, d, modes) == 0)
    return 0;
  if (d != 0 && rigid_slide_check(tp, t, q, -d, modes) == 0)
    return 0;
  return -1;
}

/* Flexible exact law: friction roles from the modes (locked or kinetic). */
static void flexible_spec(const ts_model *tp, const int *modes, ss_fj_spec *spec)
{
  const ts_mech *tm = &tp->mech;
  ss_fj_spec_init(spec);
  for (int i = 0; i < 2; i++) {
    int j = tm->guide[i];
    if (modes[i] == SS_MODE_STICK) {
      spec->role[j] = SS_FJ_LOCK;
    } else {
      spec->role[j] = SS_FJ_COULOMB;
      spec->coef[j] = modes[i] * tm->mu_k;
    }
  }
}

/* Smooth laws: signed friction coefficients and bristle rates. */
static void smooth_coefs(const ts_model *tp, const double *x, const double *v, double *coef,
                         double *zdot)
{
  for (int i = 0; i < 2; i++) {
    const ss_friction *f = &tp->fr[i];
    double z = tp->at.bristle >= 0 ? x[tp->at.bristle + i] : 0.0;
    coef[i] = ss_friction_mu(f, v[i], z, &zdot[i]);
  }
}

/* Everything about one instant: accelerations, friction and reactions. */
typedef struct ts_eval {
  double q[SS_PLANAR_MAX_N];      /* absolute coordinates, m and rad */
  double qd[SS_PLANAR_MAX_N];     /* their velocities, m/s and rad/s */
  double qdd[SS_PLANAR_MAX_N];    /* accelerations */
  double h[SS_PLANAR_MAX_N];      /* applied forces */
  double spring_f[2];             /* axial spring-damper forces, N */
  double spring_v[2];             /* axial extension rates, m/s */
  double spring_e[2];             /* axial extensions, m */
  double v[2];                    /* guide slide velocities, m/s */
  double zdot[2];                 /* LuGre bristle rates, m/s */
  ss_fj_solution sol;             /* reactions and friction */
  bool frozen;                    /* rigid exact law at rest: x' = 0 */
  double Dq[SS_PLANAR_MAX_N * 3]; /* dq/du (n x f) */
  double phi[SS_PLANAR_MAX_M];    /* with kinematics for the caller: Phi(q), m or rad */
} ts_eval;

/* kin: where the kinematics goes (at rest for the rigid exact law at rest),
 * together with ev->phi, or NULL (neither is needed). */
static int evaluate(const ss_model *m, double t, const double *x, const int *modes, ts_eval *ev,
                    ss_fj_kinematics *kin, const char **why)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  const ss_planar_system *sys = &tm->sys;
  memset(ev, 0, sizeof *ev);
  ts_state(tm, x, ev->q, ev->qd, ev->Dq);
  const double *q = ev->q, *qd = ev->qd;
  if (m->hybrid && !tm->flexible && modes[0] == SS_MODE_STICK) {
    /* locked by stiction: at rest, the statics decides */
    ev->frozen = true;
    ts_applied(tm, t, q, qd, ev->h, NULL, NULL);
    if (kin)
      ss_fj_kinematics_phi(sys, q, NULL, kin, ev->phi);
    return rigid_statics(tp, t, q, x + tp->at.flag, kin, &ev->sol, why);
  }
  ss_fj_kinematics kin_here;
  if (kin)
    ss_fj_kinematics_phi(sys, q, qd, kin, ev->phi);
  else
    ss_fj_kinematics_at(sys, q, qd, kin = &kin_here);
  ts_applied_at(tm, t, qd, kin->s, kin->Cmu, ev->h, ev->spring_f, ev->spring_v, ev->spring_e);
  ts_guide_velocities(tm, kin->Cmu, qd, ev->v);
  ss_fj_spec spec;
  ss_fj_spec_init(&spec);
  if (m->hybrid && !tm->flexible) {
    for (int i = 0; i < 2; i++) {
      spec.role[tm->guide[i]] = SS_FJ_COULOMB;
      spec.coef[tm->guide[i]] = modes[i] * tm->mu_k;
    }
  } else if (m->hybrid) {
    flexible_spec(tp, modes, &spec);
  } else {
    double coef[2];
    smooth_coefs(tp, x, ev->v, coef, ev->zdot);
    for (int i = 0; i < 2; i++) {
      spec.role[tm->guide[i]] = SS_FJ_COULOMB;
      spec.coef[tm->guide[i]] = coef[i];
    }
  }
  /* q and q' satisfy the constraints exactly (closed-form kinematics): no
   * stabilisation term */
  int locks = 0;
  for (int i = 0; i < 2; i++)
    locks |= spec.role[tm->guide[i]] == SS_FJ_LOCK ? 1 << i : 0;
  return ss_fj_dynamics_plan(sys, &tp->plan[locks], kin, ev->h, NULL, &spec, ev->qdd, &ev->sol,
                             why);
}

/* What the rows of the rigid mechanism at rest (exact law, locked or held
 * at its limits: x' = 0) keep for the next row: everything that depends on
 * the configuration alone.  A stuck mechanism stays exactly where it is,
 * so while it sticks the rows differ only in the loads' instant and reuse
 * it; the key is the rod's angle, bit for bit. */
typedef struct ts_rest {
  bool valid;                   /* the entries below belong to u */
  double u;                     /* the rod's angle (the state's coordinate), rad */
  double q[SS_PLANAR_MAX_N];    /* configuration, m and rad */
  double Dq[SS_PLANAR_MAX_N];   /* dq/du */
  ss_fj_kinematics kin;         /* kinematics at rest */
  double phi[SS_PLANAR_MAX_M];  /* Phi(q), m or rad */
  bool rigid;                   /* the rigid pattern exists (rod not horizontal) */
  double D[SS_PLANAR_MAX_N];    /* its velocity pattern, per unit v2 */
  double w[2];                  /* slide velocities per unit v2, 1 */
  bool have_family;             /* fam is made */
  ts_family fam;                /* the Example 1 family's system */
  bool have_statics;            /* statics is made, for the released guides in released */
  int released;                 /* bit i: guide i released (its flag nonzero) */
  ss_fj_statics_factor statics; /* the statics' factorised equations */
} ts_rest;

/* evaluate() of the rigid exact law at rest with what rest holds (filled
 * first when it is for another configuration): the same values. */
static int evaluate_at_rest(const ss_model *m, ts_rest *rest, double t, const double *x,
                            ts_eval *ev, const char **why)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  const ss_planar_system *sys = &tm->sys;
  int n = sys->n;
  if (!rest->valid || memcmp(&rest->u, x, sizeof rest->u) != 0) {
    ts_configuration(tm, x, rest->q, rest->Dq);
    ss_fj_kinematics_phi(sys, rest->q, NULL, &rest->kin, rest->phi);
    rest->rigid = ts_rigid_pattern_at(tm, rest->Dq, rest->kin.Cmu, rest->D, rest->w) == 0;
    rest->have_family = rest->have_statics = false;
    rest->u = x[0];
    rest->valid = true;
  }
  memset(ev, 0, sizeof *ev);
  memcpy(ev->q, rest->q, sizeof(double) * (size_t)n);
  memcpy(ev->Dq, rest->Dq, sizeof(double) * (size_t)n);
  memcpy(ev->phi, rest->phi, sizeof(double) * (size_t)sys->m);
  ts_rates(tm, rest->Dq, x, ev->qd);
  ev->frozen = true;
  ts_applied(tm, t, ev->q, ev->qd, ev->h, NULL, NULL); /* rigid: h does not depend on q' */
  const double *flags = x + tp->at.flag;
  ss_fj_spec spec;
  rigid_spec(tp, flags, &spec);
  int released = (flags[0] != 0.0) | (flags[1] != 0.0) << 1;
  if (!rest->have_statics || rest->released != released) {
    rest->have_statics = ss_fj_statics_factor_at(sys, &rest->kin, &spec, &rest->statics, why) == 0;
    if (!rest->have_statics)
      return -1;
    rest->released = released;
  }
  return ss_fj_statics_solve(sys, &rest->kin, &rest->statics, ev->h, &spec, &ev->sol, why);
}

/* ---- engine callbacks --------------------------------------------------- */

static void initial(const ss_model *m, double *x)
{
  const ts_model *tp = impl(m);
  for (int i = 0; i < m->nx; i++)
    x[i] = 0.0;
  for (int j = 0; j < tp->mech.f; j++)
    x[j] = tp->mech.x0[tp->mech.iu[j]];
}

static int rhs(const ss_model *m, double t, const double *x, const int *modes, double *xdot)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  int f = tm->f;
  for (int i = 0; i < m->nx; i++)
    xdot[i] = 0.0;
  ts_eval ev;
  const char *why;
  if (m->hybrid && !tm->flexible && modes[0] == SS_MODE_STICK)
    return 0; /* locked by stiction: exactly at rest, the statics only decides events */
  if (evaluate(m, t, x, modes, &ev, NULL, &why) < 0) {
    ss_report_failure(why); /* quoted if CVODE gives up */
    return 1;               /* recoverable: CVODE retries with a smaller step */
  }
  const double *qd = ev.qd;
  for (int j = 0; j < f; j++) {
    xdot[j] = x[f + j];
    xdot[f + j] = ev.qdd[tm->iu[j]];
  }
  if (m->hybrid && tm->flexible)
    for (int i = 0; i < 2; i++)
      if (modes[i] == SS_MODE_STICK) /* held by its mode: exactly at rest (u[i] is its slide) */
        xdot[i] = xdot[f + i] = 0.0;
  if (tp->at.bristle >= 0) {
    xdot[tp->at.bristle] = ev.zdot[0];
    xdot[tp->at.bristle + 1] = ev.zdot[1];
  }
  double s1, s2, P[2];
  ts_loads(tm, t, &s1, &s2, P);
  int r = tm->rod;
  xdot[tp->at.work] = s1 * qd[3 * tm->slider[0]] + s2 * qd[3 * tm->slider[1] + 1] +
                      P[0] * qd[3 * r] + P[1] * qd[3 * r + 1];
  double diss = 0.0;
  for (int i = 0; i < 2; i++)
    diss -= ev.sol.fmu[tm->guide[i]] * ev.v[i];
  if (tm->flexible)
    for (int i = 0; i < 2; i++)
      diss += tm->d[i] * ev.spring_v[i] * ev.spring_v[i];
  xdot[tp->at.diss] = diss;
  return 0;
}

/* Kinks (hybrid models, n_kinks = 2): where a stuck guide's margin mu_s |N|
 * - |F| has its convex kinks, N through zero (a locked guide), F through
 * zero under the full lock (a released guide's re-lock function |F| - mu_s
 * |N|).  While stuck the loads are linear in t between breakpoints, so the
 * margin is piecewise linear: its dip around such a kink can be shorter
 * than a step (max_step_stuck) and go unseen at the step's ends (P = -520
 * N: 0.0569-0.103 s at 10 mu_s).  The steps stop there; at N = 0 the
 * margin is -|F|, so a dip is always bracketed and found. */
static void contacts(const ss_model *m, double t, const double *x, const int *modes, double *v,
                     double *margin, double *kink)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  const char *why;
  margin[0] = margin[1] = 0.0;
  if (kink)
    kink[0] = kink[1] = 1.0;
  if (m->hybrid && tm->flexible && (modes[0] == SS_MODE_STICK || modes[1] == SS_MODE_STICK)) {
    /* a stuck guide's margin needs the dynamics, which has the velocities too */
    ts_eval ev;
    int rc = evaluate(m, t, x, modes, &ev, NULL, &why);
    for (int i = 0; i < 2; i++) {
      v[i] = ev.v[i];
      if (modes[i] == SS_MODE_STICK) {
        margin[i] = rc < 0 ? -1.0 : stick_margin(tm, &ev.sol, i);
        if (kink && rc == 0)
          kink[i] = ev.sol.lambda[2 * tm->guide[i]];
      }
    }
    return;
  }
  double q[SS_PLANAR_MAX_N], qd[SS_PLANAR_MAX_N];
  ts_state(tm, x, q, qd, NULL);
  ts_slide_velocities(tm, q, qd, v);
  if (!m->hybrid || tm->flexible)
    return;
  ss_fj_solution sol;
  if (modes[0] == SS_MODE_STICK &&
      rigid_margins(tp, t, q, x + tp->at.flag, margin, kink, &sol, &why) < 0)
    margin[0] = margin[1] = -1.0; /* no equilibrium: cannot stay */
}

/* contacts' velocities without the statics or dynamics: those of a stuck
 * guide's evaluate() (the flexible rod's exact law) come from its
 * kinematics' slide Jacobian. */
static void speeds(const ss_model *m, double t, const double *x, const int *modes, double *v)
{
  (void)t;
  const ts_mech *tm = &impl(m)->mech;
  double q[SS_PLANAR_MAX_N], qd[SS_PLANAR_MAX_N];
  ts_state(tm, x, q, qd, NULL);
  if (m->hybrid && tm->flexible && (modes[0] == SS_MODE_STICK || modes[1] == SS_MODE_STICK)) {
    ss_fj_kinematics kin;
    ss_fj_kinematics_at(&tm->sys, q, NULL, &kin);
    ts_guide_velocities(tm, kin.Cmu, qd, v);
  } else {
    ts_slide_velocities(tm, q, qd, v);
  }
}

/* Flexible rod: a guide that stops has its slider's velocity zeroed and the
 * velocities projected back onto the constraints (mass-weighted, the locks
 * kept). */
static int flexible_stop(const ss_model *m, double *x, const int *modes)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  int n = tm->sys.n, f = tm->f;
  double q[SS_PLANAR_MAX_N], qd[SS_PLANAR_MAX_N];
  ts_state(tm, x, q, qd, NULL);
  for (int i = 0; i < 2; i++)
    if (modes[i] == SS_MODE_STICK)
      for (int k = 0; k < 3; k++)
        qd[3 * tm->slider[i] + k] = 0.0;
  ss_fj_spec spec;
  flexible_spec(tp, modes, &spec);
  for (int i = 0; i < 2; i++)
    if (spec.role[tm->guide[i]] == SS_FJ_COULOMB)
      spec.role[tm->guide[i]] = SS_FJ_FREE;
  double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N], xi[SS_PLANAR_MAX_M], h[SS_PLANAR_MAX_N] = {0};
  double dq[SS_PLANAR_MAX_N];
  ss_planar_jacobian(&tm->sys, q, C);
  for (int r = 0; r < tm->sys.m; r++) {
    double s = 0.0;
    for (int k = 0; k < n; k++)
      s += C[r * n + k] * qd[k];
    xi[r] = -s;
  }
  ss_fj_solution sol;
  const char *why;
  if (ss_fj_dynamics(&tm->sys, q, NULL, h, xi, &spec, dq, &sol, &why) < 0)
    return -1;
  for (int k = 0; k < n; k++)
    qd[k] += dq[k];
  for (int j = 0; j < f; j++)
    x[f + j] = qd[tm->iu[j]];
  for (int i = 0; i < 2; i++)
    if (modes[i] == SS_MODE_STICK)
      x[f + i] = 0.0; /* u[i] is slider i's slide */
  return 0;
}

static int resolve_flexible(const ss_model *m, double t, double *x, int *modes, const int *hit)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  const char *why;
  bool changed = false;
  for (int i = 0; i < 2; i++) {
    if (hit && !hit[i])
      continue;
    if (!hit || modes[i] != SS_MODE_STICK) { /* at rest at t = 0, or the slider stopped */
      modes[i] = SS_MODE_STICK;
      changed = true;
    } else { /* its static friction reached the maximum: slips the way the load pushes */
      ts_eval ev;
      if (evaluate(m, t, x, modes, &ev, NULL, &why) < 0)
        return -1;
      modes[i] = ev.sol.fmu[tm->guide[i]] >= 0.0 ? SS_MODE_SLIDE_NEG : SS_MODE_SLIDE_POS;
    }
  }
  if (changed && flexible_stop(m, x, modes) < 0)
    return -1;
  /* release stuck guides that cannot hold, worst first, until consistent */
  for (int pass = 0; pass < 3; pass++) {
    if (modes[0] != SS_MODE_STICK && modes[1] != SS_MODE_STICK)
      return 0;
    ts_eval ev;
    if (evaluate(m, t, x, modes, &ev, NULL, &why) < 0)
      return -1;
    int worst = -1;
    double worst_m = 0.0;
    for (int i = 0; i < 2; i++) {
      if (modes[i] != SS_MODE_STICK || (hit && hit[i] && !changed))
        continue;
      double mg = stick_margin(tm, &ev.sol, i);
      if (mg < -MARGIN_TOL * (1.0 + ev.sol.basis[tm->guide[i]]) && mg < worst_m) {
        worst = i;
        worst_m = mg;
      }
    }
    if (worst < 0)
      return 0;
    modes[worst] = ev.sol.fmu[tm->guide[worst]] >= 0.0 ? SS_MODE_SLIDE_NEG : SS_MODE_SLIDE_POS;
  }
  return 0;
}

static int resolve(const ss_model *m, double t, double *x, int *modes, const int *hit)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  if (tm->flexible)
    return resolve_flexible(m, t, x, modes, hit);
  int f = tm->f;
  double *flags = x + tp->at.flag;
  if (hit && modes[0] != SS_MODE_STICK) {
    /* a guide's velocity passed zero: the mechanism stops, or only that
     * guide reverses (the rod passes a position where it is at rest) */
    double v[2], q[SS_PLANAR_MAX_N], qd[SS_PLANAR_MAX_N];
    ts_state(tm, x, q, qd, NULL);
    ts_slide_velocities(tm, q, qd, v);
    bool moving = false;
    for (int i = 0; i < 2; i++)
      moving |= !hit[i] && fabs(v[i]) > 1e-9;
    if (moving) {
      for (int i = 0; i < 2; i++)
        if (hit[i])
          modes[i] = -modes[i];
      return 0;
    }
  }
  if (!hit || modes[0] != SS_MODE_STICK) {
    /* at rest at t = 0, or the sliding mechanism came to rest */
    for (int j = 0; j < f; j++)
      x[f + j] = 0.0;
    flags[0] = flags[1] = flags[2] = flags[3] = 0.0;
    return rigid_settle(tp, t, x, modes, NULL);
  }
  int forced[2] = {0, 0};
  for (int i = 0; i < 2; i++) {
    if (!hit[i])
      continue;
    if (flags[i] == 0.0)
      forced[i] = 1; /* reached its maximum: release it (eq. 20) */
    else
      flags[i] = 0.0; /* locking it again holds: lock */
  }
  return rigid_settle(tp, t, x, modes, forced);
}

/* ---- output ------------------------------------------------------------- */

/* scratch: a ts_rest for the rigid exact law (rows at rest), else NULL. */
static void observe(const ss_model *m, void *scratch, double t, const double *x, const int *modes,
                    double *row)
{
  const ts_model *tp = impl(m);
  const ts_mech *tm = &tp->mech;
  const ss_planar_system *sys = &tm->sys;
  int n = sys->n, c = 0;
  ts_eval ev;
  ss_fj_kinematics kin_here;
  const ss_fj_kinematics *kin = &kin_here;
  const char *why;
  ts_rest *rest = m->hybrid && !tm->flexible && modes[0] == SS_MODE_STICK ? scratch : NULL;
  bool ok = rest ? evaluate_at_rest(m, rest, t, x, &ev, &why) == 0
                 : evaluate(m, t, x, modes, &ev, &kin_here, &why) == 0;
  if (rest)
    kin = &rest->kin;
  const double *q = ev.q, *qd = ev.qd;
  int b1 = tm->slider[0], b2 = tm->slider[1], r = tm->rod;
  row[c++] = q[3 * b1 + 1];
  row[c++] = q[3 * b2];
  row[c++] = q[3 * r + 2];
  row[c++] = qd[3 * b1 + 1];
  row[c++] = qd[3 * b2];
  row[c++] = qd[3 * r + 2];
  if (tp->at.bristle >= 0) {
    row[c++] = x[tp->at.bristle];
    row[c++] = x[tp->at.bristle + 1];
  }
  for (int i = 0; i < 2; i++) {
    int j = tm->guide[i];
    double F = ok ? ev.sol.fmu[j] : NAN, N = ok ? ev.sol.basis[j] : NAN;
    bool stuck = m->hybrid ? modes[i] == SS_MODE_STICK : fabs(ev.v[i]) < m->v_stick[i];
    row[c++] = F;
    row[c++] = N;
    row[c++] = N > 0.0 ? fabs(F) / N : NAN;
    row[c++] = ev.v[i];
    row[c++] = stuck ? 1.0 : 0.0;
  }
  for (int i = 0; i < 2; i++)
    row[c++] = tp->at.flag >= 0 && x[tp->at.flag + i] != 0.0 ? 1.0 : 0.0;
  /* directions and the admissible split: rigid mechanism only */
  double Dhere[SS_PLANAR_MAX_N], where[2], hr = 0.0;
  const double *D = rest ? rest->D : Dhere, *w = rest ? rest->w : where;
  bool rigid = rest ? rest->rigid
                    : !tm->flexible && ts_rigid_pattern_at(tm, ev.Dq, kin->Cmu, Dhere, where) == 0;
  for (int k = 0; rigid && k < n; k++)
    hr += D[k] * ev.h[k];
  int d = hr > 1e-12 ? 1 : hr < -1e-12 ? -1 : 0;
  row[c++] = ok && rigid ? ts_incoherent(tm, w, d, &ev.sol) : NAN;
  /* how P splits: R31 . e over |P| (R31 = -lambda of revolute 1) */
  double s1, s2, P[2];
  ts_loads(tm, t, &s1, &s2, P);
  double p = hypot(P[0], P[1]);
  double a =
      -(ev.sol.lambda[2 * tm->rev[0]] * tm->e[0] + ev.sol.lambda[2 * tm->rev[0] + 1] * tm->e[1]);
  /* the split of a load near zero is unbounded (S1 and S2 load the pins
   * too: the pseudoinverse gives alpha = 10 at 1 % of P): left undetermined
   * below SPLIT_MIN_SHARE of P's final magnitude */
  bool split_defined = p > 0.0 && p >= SPLIT_MIN_SHARE * fabs(tm->P);
  row[c++] = ok && split_defined ? a / p : NAN;
  double lo = NAN, hi = NAN;
  bool stuck = m->hybrid ? modes[0] == SS_MODE_STICK && modes[1] == SS_MODE_STICK
                         : fabs(ev.v[0]) < m->v_stick[0] && fabs(ev.v[1]) < m->v_stick[1];
  if (rigid && stuck && split_defined) {
    ss_ts_statics st;
    if (rest && !rest->have_family) {
      ts_family_at(tm, kin->C, kin->Cmu, &rest->fam);
      rest->have_family = true;
    }
    int family_rc = rest
                        ? ts_statics_solve(tm, t, q, ev.h, D, w, &rest->fam, false, &st)
                        : ts_statics_compute_at(tm, t, q, ev.h, D, w, kin->C, kin->Cmu, false, &st);
    if (family_rc == 0 && st.stick_exists) {
      lo = st.stick_coherent_lo / p;
      hi = st.stick_coherent_hi / p;
    }
  }
  row[c++] = lo;
  row[c++] = hi;
  row[c++] = s1;
  row[c++] = s2;
  row[c++] = p;
  if (tm->flexible)
    for (int i = 0; i < 2; i++) {
      row[c++] = ev.spring_e[i];
      row[c++] = ev.spring_f[i];
    }
  row[c++] = x[tp->at.work];
  row[c++] = x[tp->at.diss];
  row[c++] = ss_planar_kinetic(sys, qd);
  double V = 0.0;
  if (tm->flexible)
    for (int i = 0; i < 2; i++)
      V += 0.5 * tm->k[i] * ev.spring_e[i] * ev.spring_e[i];
  row[c++] = V;
  double err = 0.0;
  for (int k = 0; k < sys->m; k++)
    err = fmax(err, fabs(ev.phi[k]));
  row[c++] = err;
}

/* observe()'s columns 0-5 (the sliders' and the rod's coordinates and
 * velocities) come from the state's closed-form kinematics alone, as in
 * evaluate() and evaluate_at_rest() (the same ts_configuration and
 * ts_rates); every other column needs the dynamics or the statics. */
static bool observe_column(const ss_model *m, double t, const double *x, const int *modes, int col,
                           double *value)
{
  (void)t;
  (void)modes;
  if (col < 0 || col >= 6)
    return false;
  const ts_mech *tm = &((const ts_model *)impl(m))->mech;
  double q[SS_PLANAR_MAX_N], qd[SS_PLANAR_MAX_N];
  ts_state(tm, x, q, qd, NULL);
  const double *v = col < 3 ? q : qd;
  int b1 = tm->slider[0], b2 = tm->slider[1], r = tm->rod;
  int at[3] = {3 * b1 + 1, 3 * b2, 3 * r + 2};
  *value = v[at[col % 3]];
  return true;
}

static void free_impl(void *p) { free(p); }

static const ss_model_ops two_slider_ops = {
    .initial = initial,
    .rhs = rhs,
    .contacts = contacts,
    .speeds = speeds,
    .resolve = resolve,
    .observe = observe,
    .observe_column = observe_column,
    .free_impl = free_impl,
};

static ss_model *create(const ss_scenario *sc, const double *values, char **error)
{
  ts_model *tp = calloc(1, sizeof *tp);
  if (!tp)
    return ss_set_error(error, "out of memory");
  if (ts_mech_setup(&tp->mech, sc, values, error) < 0) {
    free(tp);
    return NULL;
  }
  ts_mech *tm = &tp->mech;
  tp->treatment = (int)ss_value(sc, values, "treatment");
  tp->drop_row[TS_TREAT_ELIM_REV1] = 2 * tm->rev[0] + 1; /* y: along the vertical rail 1 */
  tp->drop_row[TS_TREAT_ELIM_REV2] = 2 * tm->rev[1];     /* x: along the horizontal rail 2 */
  for (int locks = 0; locks < 4; locks++) {
    ss_fj_spec spec;
    const char *why;
    ss_fj_spec_init(&spec);
    for (int i = 0; i < 2; i++)
      if (locks & 1 << i)
        spec.role[tm->guide[i]] = SS_FJ_LOCK;
    ss_fj_plan_init(&tm->sys, &spec, &tp->plan[locks], &why); /* an error is kept in the plan */
  }
  tp->fr[0] = ss_friction_from_values(sc, values, tm->mu_s, tm->mu_k, "_1");
  tp->fr[1] = ss_friction_from_values(sc, values, tm->mu_s, tm->mu_k, "_2");
  ss_law law = tp->fr[0].law;
  if (law == SS_LAW_LUGRE && !(tm->mu_k > 0.0)) {
    ss_set_error(error,
                 "parameter 'mu_k' = %g must be > 0 for the LuGre law "
                 "(its Stribeck function G(v) tends to mu_k)",
                 tm->mu_k);
    free(tp);
    return NULL;
  }
  static const char *const names[] = {"slider1", "slider2"};
  static const char *const suffixes[] = {"_1", "_2"};
  for (int i = 0; i < 2; i++) {
    ss_law_contacts guide = {&tp->fr[i], &names[i], 1, suffixes[i], SS_LAW_SLIDING};
    if (!ss_friction_check(&guide, error)) {
      free(tp);
      return NULL;
    }
  }
  int nx = 2 * tm->f;
  tp->at.f = tm->f;
  bool event_driven = ss_law_get(law)->event_driven;
  tp->at.bristle = ss_law_get(law)->has_state ? nx : -1;
  nx += tp->at.bristle >= 0 ? 2 : 0;
  tp->at.flag = event_driven && !tm->flexible ? nx : -1;
  nx += tp->at.flag >= 0 ? 4 : 0;
  tp->at.work = nx++;
  tp->at.diss = nx++;
  ss_model *m = ss_model_alloc(sc, values, nx, 2, names);
  if (!m) {
    free(tp);
    return ss_set_error(error, "out of memory");
  }
  m->integral[tp->at.work] = m->integral[tp->at.diss] = true;
  m->impl = tp;
  m->ops = &two_slider_ops;
  m->hybrid = event_driven;
  m->stiff = !m->hybrid || tm->flexible;
  m->max_step_stuck = 0.05; /* loads are piecewise linear over ramps of about 1 s */
  if (m->hybrid && !tm->flexible)
    m->observe_scratch = sizeof(ts_rest); /* rows at rest share their configuration */
  for (int i = 0; tp->at.flag >= 0 && i < 2; i++)
    m->release_flag[i] = tp->at.flag + i; /* release and lock events */
  m->n_kinks = m->hybrid ? 2 : 0;
  const double kinks[] = {tm->t_P, tm->t_S1_on, tm->t_S1_off, tm->t_S2_on, tm->t_S2_off};
  for (size_t i = 0; i < sizeof kinks / sizeof kinks[0]; i++)
    ss_model_add_breakpoint(m, kinks[i]);
  for (int i = 0; i < 2; i++) {
    m->mu_s[i] = tm->mu_s;
    m->mu_k[i] = tm->mu_k;
    m->v_stick[i] = ss_friction_stick_velocity(&tp->fr[i]);
    ss_law_contacts guide = {&tp->fr[i], &names[i], 1, suffixes[i], SS_LAW_SLIDING};
    ss_friction_set_run_note(m, i, &guide, 0.0); /* no viscous friction in the guides */
    if (tp->at.bristle >= 0) {
      double z = ss_friction_state_size(&tp->fr[i]);
      m->state_size[tp->at.bristle + i] = z;
      /* the generalised velocities carry both sliders' (per second) */
      for (int j = tm->f; j < 2 * tm->f; j++)
        m->state_size[j] = m->state_size[j] > 0.0 ? fmin(m->state_size[j], z) : z;
    }
  }
  ss_model_add_column(m, "y1", "m", SS_COL_POSITION, -1);
  ss_model_add_column(m, "x2", "m", SS_COL_POSITION, -1);
  ss_model_add_column(m, "theta", "rad", SS_COL_POSITION, -1);
  ss_model_add_column(m, "v1", "m/s", SS_COL_VELOCITY, -1);
  ss_model_add_column(m, "v2", "m/s", SS_COL_VELOCITY, -1);
  ss_model_add_column(m, "omega", "rad/s", SS_COL_VELOCITY, -1);
  if (tp->at.bristle >= 0) {
    ss_model_add_column(m, "slider1.z", "m", SS_COL_INTERNAL, 0);
    ss_model_add_column(m, "slider2.z", "m", SS_COL_INTERNAL, 1);
  }
  ss_model_add_contact_columns(m, 0, "N", "m/s");
  ss_model_add_contact_columns(m, 1, "N", "m/s");
  ss_model_add_column(m, "slider1.released", "1", SS_COL_OTHER, 0);
  ss_model_add_column(m, "slider2.released", "1", SS_COL_OTHER, 1);
  ss_model_add_column(m, "stiction.incoherent", "1", SS_COL_OTHER, -1);
  ss_model_add_column(m, "split.alpha", "1", SS_COL_OTHER, -1);
  ss_model_add_column(m, "split.alpha_min", "1", SS_COL_OTHER, -1);
  ss_model_add_column(m, "split.alpha_max", "1", SS_COL_OTHER, -1);
  ss_model_add_column(m, "load.S1", "N", SS_COL_FORCE, -1);
  ss_model_add_column(m, "load.S2", "N", SS_COL_FORCE, -1);
  ss_model_add_column(m, "load.P", "N", SS_COL_FORCE, -1);
  if (tm->flexible) {
    ss_model_add_column(m, "spring1.e", "m", SS_COL_POSITION, -1);
    ss_model_add_column(m, "spring1.F", "N", SS_COL_FORCE, -1);
    ss_model_add_column(m, "spring2.e", "m", SS_COL_POSITION, -1);
    ss_model_add_column(m, "spring2.F", "N", SS_COL_FORCE, -1);
  }
  ss_model_add_energy_columns(m, true);
  ss_model_add_column(m, "constraint.error", "m", SS_COL_OTHER, -1);
  return ss_model_set_labels(m, ss_ts_labels);
}

/* clang-format off: a hand-aligned table */
static const ss_param_info params[] = {
    {"m1", "Slider 1 mass m1", "kg", SS_PARAM_REAL, 20.0, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Mass of slider 1 (vertical rail)", NULL, "Mechanism"},
    {"m2", "Slider 2 mass m2", "kg", SS_PARAM_REAL, 20.0, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Mass of slider 2 (horizontal rail)", NULL, "Mechanism"},
    {"m3", "Rod mass m3", "kg", SS_PARAM_REAL, 10.0, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Mass of the connecting rod", NULL, "Mechanism"},
    {"J3", "Rod inertia J3", "kg m²", SS_PARAM_REAL, 2.0, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Moment of inertia of the rod about its centre", NULL, "Mechanism"},
    {"y1_0", "Pin 1 height", "m", SS_PARAM_REAL, 0.25, 0.0, 10.0, SS_PARAM_MIN_EXCLUSIVE,
     "Initial height of slider 1's pin on the vertical rail (x = 0)", NULL, "Mechanism"},
    {"x2_0", "Pin 2 position", "m", SS_PARAM_REAL, 0.6, 0.0, 10.0, SS_PARAM_MIN_EXCLUSIVE,
     "Initial position of slider 2's pin on the horizontal rail (y = 0)", NULL, "Mechanism"},
    {"h", "Slider size h", "m", SS_PARAM_REAL, 0.05, 0.0, 1.0, 0,
     "Characteristic slider length (edge contacts when a guide carries a moment)", NULL,
     "Mechanism"},
    {"rod", "Rod model", "", SS_PARAM_CHOICE, 0, 0, 1, 0,
     "rigid, or flexible: three segments with axial spring-dampers k1, d1 (side 1), k2, d2 "
     "(side 2) (Wojtyra 2016, §4.2)",
     rod_choices, "Mechanism"},
    {"k1", "Spring stiffness k1", "N/m", SS_PARAM_REAL, 1e5, 0.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Flexible rod: axial stiffness next to slider 1", NULL,
     "Mechanism"},
    {"k2", "Spring stiffness k2", "N/m", SS_PARAM_REAL, 1e5, 0.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Flexible rod: axial stiffness next to slider 2", NULL,
     "Mechanism"},
    {"d1", "Damping d1", "N s/m", SS_PARAM_REAL, 2e3, 0.0, 1e7, 0,
     "Flexible rod: axial damping next to slider 1", NULL, "Mechanism"},
    {"d2", "Damping d2", "N s/m", SS_PARAM_REAL, 2e3, 0.0, 1e7, 0,
     "Flexible rod: axial damping next to slider 2", NULL, "Mechanism"},
    {"end_fraction", "End segment fraction", "", SS_PARAM_REAL, 0.05, 0.001, 0.3, SS_PARAM_LOG,
     "Flexible rod: each end segment's share of the rod's length, mass and J3 (about its own "
     "centre); the middle segment's inertia makes the three keep J3 about the rod's centre",
     NULL, "Mechanism"},
    {"mu_s", "Static coefficient μs", "", SS_PARAM_REAL, 0.5, 0.0, 10.0, SS_PARAM_LOG,
     "Static friction coefficient of both guides", NULL, "Friction"},
    {"mu_k", "Kinetic coefficient μk", "", SS_PARAM_REAL, 0.3, 0.0, 10.0, SS_PARAM_LOG,
     "Kinetic friction coefficient of both guides (<= mu_s)", NULL, "Friction"},
    SS_LAW_CHOICE_ROW("Friction law", 0),
    {"treatment", "Redundancy treatment", "", SS_PARAM_CHOICE, 0, 0, 2, 0,
     "Exact law, both guides stuck: eliminate the rail-tangential equation of revolute 1 or 2, "
     "or take the pseudoinverse (Wojtyra 2016, Example 2)",
     treatment_choices, "Friction law"},
    SS_LAW_CONTACT_ROWS("_1", " (guide 1)", SS_LAW_SLIDING),
    SS_LAW_CONTACT_ROWS("_2", " (guide 2)", SS_LAW_SLIDING),
    SS_LAW_SHARED_ROWS(SS_LAW_SLIDING),
    SS_LAW_DEFAULT("gamma", 1e-5),
    SS_LAW_DEFAULT("k_tanh", 1e5),
    {"P", "Rod load |P|", "N", SS_PARAM_REAL, 52.0, -1e4, 1e4, 0,
     "Final magnitude of P along the rod (from pin 1 to pin 2), reached at t_P", NULL, "Load"},
    {"t_P", "P ramp end", "s", SS_PARAM_REAL, 1.0, 0.0, 1e3, SS_PARAM_MIN_EXCLUSIVE,
     "P rises linearly from 0 at t = 0 to its final value at t_P", NULL, "Load"},
    {"S1_start", "S1 initial", "N", SS_PARAM_REAL, 3.93, -1e4, 1e4, 0,
     "x component of S1 (on slider 1, perpendicular to its rail) until t_S1_on", NULL, "Load"},
    {"S1_end", "S1 final", "N", SS_PARAM_REAL, -5.0, -1e4, 1e4, 0,
     "x component of S1 from t_S1_off on (Example 1: -5 N)", NULL, "Load"},
    {"t_S1_on", "S1 change start", "s", SS_PARAM_REAL, 1.25, 0.0, 1e3, 0,
     "S1 changes linearly over [t_S1_on, t_S1_off]", NULL, "Load"},
    {"t_S1_off", "S1 change end", "s", SS_PARAM_REAL, 1.987, 0.0, 1e3, 0,
     "S1 changes linearly over [t_S1_on, t_S1_off]", NULL, "Load"},
    {"S2_start", "S2 initial", "N", SS_PARAM_REAL, -60.8, -1e4, 1e4, 0,
     "y component of S2 (on slider 2, perpendicular to its rail) until t_S2_on", NULL, "Load"},
    {"S2_end", "S2 final", "N", SS_PARAM_REAL, -20.0, -1e4, 1e4, 0,
     "y component of S2 from t_S2_off on (Example 1: -20 N)", NULL, "Load"},
    {"t_S2_on", "S2 change start", "s", SS_PARAM_REAL, 1.0, 0.0, 1e3, 0,
     "S2 changes linearly over [t_S2_on, t_S2_off]", NULL, "Load"},
    {"t_S2_off", "S2 change end", "s", SS_PARAM_REAL, 3.0, 0.0, 1e3, 0,
     "S2 changes linearly over [t_S2_on, t_S2_off]", NULL, "Load"},
};
/* clang-format on */

/* The rod's springs exist only when it is flexible; the redundancy
 * treatment picks the reactions of the rigid mechanism under the exact law. */
static const ss_param_condition conditions[] = {
    {"k1", "rod", 1u << 1},
    {"k2", "rod", 1u << 1},
    {"d1", "rod", 1u << 1},
    {"d2", "rod", 1u << 1},
    {"end_fraction", "rod", 1u << 1},
    {"treatment", "rod", 1u << 0},
    {"treatment", "law", 1u << SS_LAW_EXACT},
};

const ss_scenario ss_scenario_two_slider = {
    .name = "two-slider",
    .title = "Two sliders joined by a rod: stiction indeterminacy (Wojtyra)",
    .description = "Two sliders on perpendicular rails joined by a rod, friction in both guides. "
                   "Locked by stiction the rigid mechanism is redundantly constrained: the "
                   "friction forces and the instant it breaks loose depend on the redundancy "
                   "treatment, on gamma or sigma0 of each guide, or on the rod's axial "
                   "stiffness (Wojtyra 2016, Examples 1-5; Wojtyra & Frączek).",
    .params = params,
    .n_params = (int)(sizeof params / sizeof params[0]),
    .t_end = 5.0,
    .dt_out = 0.01,
    .create = create,
    .conditions = conditions,
    .n_conditions = (int)(sizeof conditions / sizeof conditions[0]),
};
