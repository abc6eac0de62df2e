/* two-slider-mech.c - the two-slider mechanism: its bodies and joints from
 * the parameter values, its loads, and its closed-form kinematics.  Shared
 * by the scenario (two-slider.c) and the Example 1 statics
 * (two-slider-statics.c). */
#include <math.h>
#include <string.h>

#include "two-slider-mech.h"

static double ramp(double t, double t0, double t1)
{
  if (t <= t0)
    return 0.0;
  if (t >= t1)
    return 1.0;
  return (t - t0) / (t1 - t0);
}

void ts_loads(const ts_mech *tm, double t, double *s1, double *s2, double *P)
{
  *s1 = tm->S1_start + (tm->S1_end - tm->S1_start) * ramp(t, tm->t_S1_on, tm->t_S1_off);
  *s2 = tm->S2_start + (tm->S2_end - tm->S2_start) * ramp(t, tm->t_S2_on, tm->t_S2_off);
  double p = tm->P * ramp(t, 0.0, tm->t_P);
  P[0] = p * tm->e[0];
  P[1] = p * tm->e[1];
}

void ts_applied_at(const ts_mech *tm, double t, const double *qd, const double *s,
                   const double *Cmu, double *h, double *spring_f, double *spring_v,
                   double *spring_e)
{
  const ss_planar_system *sys = &tm->sys;
  double s1, s2, P[2];
  for (int k = 0; k < sys->n; k++)
    h[k] = 0.0;
  ts_loads(tm, t, &s1, &s2, P);
  h[3 * tm->slider[0]] += s1;
  h[3 * tm->slider[1] + 1] += s2;
  h[3 * tm->rod] += P[0];
  h[3 * tm->rod + 1] += P[1];
  if (!tm->flexible)
    return;
  int n = sys->n;
  for (int i = 0; i < 2; i++) {
    int j = tm->spring[i];
    double sd = 0.0;
    for (int k = 0; qd && k < n; k++)
      sd += Cmu[j * n + k] * qd[k];
    double f = -tm->k[i] * (s[j] - tm->s0[i]) - tm->d[i] * sd; /* on the end segment along +s */
    for (int k = 0; k < n; k++)
      h[k] += Cmu[j * n + k] * f;
    if (spring_f)
      spring_f[i] = f;
    if (spring_v)
      spring_v[i] = sd;
    if (spring_e)
      spring_e[i] = s[j] - tm->s0[i];
  }
}

void ts_applied(const ts_mech *tm, double t, const double *q, const double *qd, double *h,
                double *spring_f, double *spring_v)
{
  double s[SS_PLANAR_MAX_JOINTS], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  if (tm->flexible) {
    ss_planar_slide(&tm->sys, q, s);
    ss_planar_slide_jacobian(&tm->sys, q, Cmu);
  }
  ts_applied_at(tm, t, qd, s, Cmu, h, spring_f, spring_v, NULL);
}

void ts_configuration(const ts_mech *tm, const double *u, double *q, double *D)
{
  int n = tm->sys.n, f = tm->f;
  double y1, x2;
  for (int k = 0; k < n * f; k++)
    D[k] = 0.0;
  for (int k = 0; k < n; k++)
    q[k] = 0.0;
  int s1 = 3 * tm->slider[0], s2 = 3 * tm->slider[1];
  if (!tm->flexible) {
    /* the rod's angle: regular also where the rod passes the horizontal;
     * the pins from their initial places, exact there (a stuck slider stays
     * exactly where it is) */
    int r = 3 * tm->rod;
    double th = u[0], th0 = tm->x0[r + 2], L = tm->L;
    double sm = sin(0.5 * (th + th0)), cm = cos(0.5 * (th + th0)), sd = sin(0.5 * (th - th0));
    double c = cos(th), s = sin(th);
    y1 = tm->x0[s1 + 1] - 2.0 * L * cm * sd; /* -L sin(th) */
    x2 = tm->x0[s2] - 2.0 * L * sm * sd;     /* L cos(th) */
    q[s1 + 1] = y1;
    q[s2] = x2;
    q[r] = 0.5 * x2, q[r + 1] = 0.5 * y1, q[r + 2] = th;
    D[s1 + 1] = -L * c;
    D[s2] = -L * s;
    D[r] = -0.5 * L * s, D[r + 1] = -0.5 * L * c, D[r + 2] = 1.0;
    return;
  }
  y1 = u[0];
  x2 = u[1];
  double l = hypot(x2, y1), ex = x2 / l, ey = -y1 / l, th = atan2(ey, ex); /* as ts_mech_setup */
  q[s1 + 1] = y1;
  q[s2] = x2;
  /* three segments on the line from pin 1 = (0, y1) to pin 2 = (x2, 0); the
   * rod's centre at x = xr on it; end segments' centres a from the pins */
  double xr = u[2], a = tm->a_end;
  double dex[2] = {(1.0 - ex * ex) / l, -ex * ey / l}; /* de/dx2 */
  double dey[2] = {ex * ey / l, (-1.0 + ey * ey) / l}; /* de/dy1 */
  double dth[2] = {-x2 / (l * l), y1 / (l * l)};       /* dtheta/d(y1, x2) */
  int e1 = 3 * (tm->rod - 1), r = 3 * tm->rod, e2 = 3 * (tm->rod + 1);
  q[e1] = a * ex, q[e1 + 1] = y1 + a * ey;
  q[r] = xr, q[r + 1] = y1 * (1.0 - xr / x2);
  q[e2] = x2 - a * ex, q[e2 + 1] = -a * ey;
  q[e1 + 2] = q[r + 2] = q[e2 + 2] = th;
#define DD(k, j) D[(k)*3 + (j)]
  DD(s1 + 1, 0) = 1.0;
  DD(s2, 1) = 1.0;
  DD(e1, 0) = a * dey[0], DD(e1, 1) = a * dex[0];
  DD(e1 + 1, 0) = 1.0 + a * dey[1], DD(e1 + 1, 1) = a * dex[1];
  DD(r, 2) = 1.0;
  DD(r + 1, 0) = 1.0 - xr / x2, DD(r + 1, 1) = y1 * xr / (x2 * x2), DD(r + 1, 2) = -y1 / x2;
  DD(e2, 0) = -a * dey[0], DD(e2, 1) = 1.0 - a * dex[0];
  DD(e2 + 1, 0) = -a * dey[1], DD(e2 + 1, 1) = -a * dex[1];
  for (int b = 0; b < 3; b++) {
    int k = 3 * (tm->rod - 1 + b) + 2;
    DD(k, 0) = dth[0], DD(k, 1) = dth[1];
  }
#undef DD
}

int ts_rigid_pattern(const ts_mech *tm, const double *q, double *D, double *w)
{
  double qq[SS_PLANAR_MAX_N], Dq[SS_PLANAR_MAX_N], u = q[3 * tm->rod + 2];
  double Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  if (tm->flexible)
    return -1;
  ts_configuration(tm, &u, qq, Dq);
  ss_planar_slide_jacobian(&tm->sys, q, Cmu);
  return ts_rigid_pattern_at(tm, Dq, Cmu, D, w);
}

int ts_rigid_pattern_at(const ts_mech *tm, const double *Dq, const double *Cmu, double *D,
                        double *w)
{
  int n = tm->sys.n;
  if (tm->flexible)
    return -1;
  double d2 = Dq[3 * tm->slider[1]];
  if (!(fabs(d2) > 1e-9 * tm->L)) /* rod horizontal: slider 2 cannot carry the motion */
    return -1;
  for (int k = 0; k < n; k++)
    D[k] = Dq[k] / d2;
  for (int i = 0; i < 2; i++) {
    w[i] = 0.0;
    for (int k = 0; k < n; k++)
      w[i] += Cmu[tm->guide[i] * n + k] * D[k];
  }
  return 0;
}

static void set_body(ss_planar_system *sys, int i, const char *name, double m, double J)
{
  sys->body[i] = (ss_planar_body){name, m, J};
}

int ts_mech_setup(ts_mech *tm, const ss_scenario *sc, const double *values, char **error)
{
  memset(tm, 0, sizeof *tm);
  double m1 = ss_value(sc, values, "m1"), m2 = ss_value(sc, values, "m2");
  double m3 = ss_value(sc, values, "m3"), J3 = ss_value(sc, values, "J3");
  double h = ss_value(sc, values, "h");
  double y1 = ss_value(sc, values, "y1_0"), x2 = ss_value(sc, values, "x2_0");
  tm->mu_s = ss_value(sc, values, "mu_s");
  tm->mu_k = ss_value(sc, values, "mu_k");
  if (tm->mu_k > tm->mu_s) {
    ss_set_error(error, "parameter 'mu_k' = %g must not exceed 'mu_s' = %g", tm->mu_k, tm->mu_s);
    return -1;
  }
  tm->flexible = ss_value(sc, values, "rod") == 1.0;
  tm->P = ss_value(sc, values, "P");
  tm->t_P = ss_value(sc, values, "t_P");
  tm->S1_start = ss_value(sc, values, "S1_start");
  tm->S1_end = ss_value(sc, values, "S1_end");
  tm->t_S1_on = ss_value(sc, values, "t_S1_on");
  tm->t_S1_off = ss_value(sc, values, "t_S1_off");
  tm->S2_start = ss_value(sc, values, "S2_start");
  tm->S2_end = ss_value(sc, values, "S2_end");
  tm->t_S2_on = ss_value(sc, values, "t_S2_on");
  tm->t_S2_off = ss_value(sc, values, "t_S2_off");
  if (tm->t_S1_off < tm->t_S1_on) {
    ss_set_error(error, "parameter 't_S1_off' = %g must not be before 't_S1_on' = %g", tm->t_S1_off,
                 tm->t_S1_on);
    return -1;
  }
  if (tm->t_S2_off < tm->t_S2_on) {
    ss_set_error(error, "parameter 't_S2_off' = %g must not be before 't_S2_on' = %g", tm->t_S2_off,
                 tm->t_S2_on);
    return -1;
  }
  double L = hypot(x2, y1);
  tm->L = L;
  tm->e[0] = x2 / L;
  tm->e[1] = -y1 / L;
  double th = atan2(tm->e[1], tm->e[0]);
  ss_planar_system *sys = &tm->sys;
  sys->gravity[0] = sys->gravity[1] = 0.0;
  /* sliders: rotation locked by their guides, a nominal inertia keeps M regular */
  set_body(sys, 0, "slider1", m1, 0.01);
  set_body(sys, 1, "slider2", m2, 0.01);
  tm->slider[0] = 0;
  tm->slider[1] = 1;
  tm->guide[0] = 0;
  tm->guide[1] = 1;
  tm->rev[0] = 2;
  tm->rev[1] = 3;
  sys->joint[0] = (ss_planar_joint){
      "slider1", SS_JOINT_PRISMATIC, -1,      0, {0.0, 0.0}, {0.0, 0.0}, {0.0, 1.0}, 0.0, 0.0,
      h,         tm->mu_s,           tm->mu_k};
  sys->joint[1] = (ss_planar_joint){
      "slider2", SS_JOINT_PRISMATIC, -1,      1, {0.0, 0.0}, {0.0, 0.0}, {1.0, 0.0}, 0.0, 0.0,
      h,         tm->mu_s,           tm->mu_k};
  double *x0 = tm->x0;
  x0[0] = 0.0, x0[1] = y1, x0[2] = 0.0;
  x0[3] = x2, x0[4] = 0.0, x0[5] = 0.0;
  if (!tm->flexible) {
    set_body(sys, 2, "rod", m3, J3);
    tm->rod = 2;
    sys->nb = 3;
    sys->nj = 4;
    sys->joint[2] = (ss_planar_joint){"revolute1", SS_JOINT_REVOLUTE,
                                      0,           2,
                                      {0.0, 0.0},  {-L / 2.0, 0.0},
                                      {1.0, 0.0},  0.0,
                                      0.0,         0.0,
                                      0.0,         0.0};
    sys->joint[3] = (ss_planar_joint){"revolute2", SS_JOINT_REVOLUTE,
                                      1,           2,
                                      {0.0, 0.0},  {L / 2.0, 0.0},
                                      {1.0, 0.0},  0.0,
                                      0.0,         0.0,
                                      0.0,         0.0};
    x0[6] = x2 / 2.0, x0[7] = y1 / 2.0, x0[8] = th;
    tm->spring[0] = tm->spring[1] = -1;
    tm->f = 1;
    tm->iu[0] = 3 * tm->rod + 2;
  } else {
    /* end segments: a fraction of the rod's length and mass each ([Wojtyra2016] §4.2) */
    double fr = ss_value(sc, values, "end_fraction");
    double le = fr * L, me = fr * m3,
           Je = fr * J3;            /* a share of J3: keeps the mass matrix well conditioned */
    double dc = L / 2.0 - le / 2.0; /* rod centre to end segment centre */
    double Jm = J3 - 2.0 * (Je + me * dc * dc);
    if (!(Jm > 0.0)) {
      ss_set_error(error, "parameter 'J3' = %g is too small for the flexible rod's end segments",
                   J3);
      return -1;
    }
    set_body(sys, 2, "end1", me, Je);
    set_body(sys, 3, "rod", m3 - 2.0 * me, Jm);
    set_body(sys, 4, "end2", me, Je);
    tm->rod = 3;
    sys->nb = 5;
    sys->nj = 6;
    sys->joint[2] = (ss_planar_joint){"revolute1", SS_JOINT_REVOLUTE,
                                      0,           2,
                                      {0.0, 0.0},  {-le / 2.0, 0.0},
                                      {1.0, 0.0},  0.0,
                                      0.0,         0.0,
                                      0.0,         0.0};
    sys->joint[3] = (ss_planar_joint){"revolute2", SS_JOINT_REVOLUTE,
                                      1,           4,
                                      {0.0, 0.0},  {le / 2.0, 0.0},
                                      {1.0, 0.0},  0.0,
                                      0.0,         0.0,
                                      0.0,         0.0};
    sys->joint[4] = (ss_planar_joint){
        "spring1", SS_JOINT_PRISMATIC, 3, 2, {0.0, 0.0}, {0.0, 0.0}, {1.0, 0.0}, 0.0, 0.0, 0.0, 0.0,
        0.0};
    sys->joint[5] = (ss_planar_joint){
        "spring2", SS_JOINT_PRISMATIC, 3, 4, {0.0, 0.0}, {0.0, 0.0}, {1.0, 0.0}, 0.0, 0.0, 0.0, 0.0,
        0.0};
    /* centres along the rod from pin 1 = (0, y1) */
    double p1[2] = {0.0, y1};
    double ce1 = le / 2.0, cm = L / 2.0, ce2 = L - le / 2.0;
    x0[6] = p1[0] + ce1 * tm->e[0], x0[7] = p1[1] + ce1 * tm->e[1], x0[8] = th;
    x0[9] = p1[0] + cm * tm->e[0], x0[10] = p1[1] + cm * tm->e[1], x0[11] = th;
    x0[12] = p1[0] + ce2 * tm->e[0], x0[13] = p1[1] + ce2 * tm->e[1], x0[14] = th;
    tm->spring[0] = 4;
    tm->a_end = le / 2.0;
    tm->f = 3;
    tm->iu[0] = 3 * tm->slider[0] + 1;
    tm->iu[1] = 3 * tm->slider[1];
    tm->iu[2] = 3 * tm->rod;
    tm->spring[1] = 5;
    tm->k[0] = ss_value(sc, values, "k1");
    tm->k[1] = ss_value(sc, values, "k2");
    tm->d[0] = ss_value(sc, values, "d1");
    tm->d[1] = ss_value(sc, values, "d2");
    tm->s0[0] = -dc;
    tm->s0[1] = dc;
  }
  sys->n = 3 * sys->nb;
  sys->m = 2 * sys->nj;
  const char *bad = ss_planar_check(sys);
  if (bad) {
    ss_set_error(error, "two-slider: %s", bad);
    return -1;
  }
  return 0;
}

/* Incoherent friction directions: the static friction forces do not both
 * oppose one motion of the mechanism ([Wojtyra2016] §3.2).  w: slide velocities per
 * unit v2, d: sign of the friction-free tendency. */
double ts_incoherent(const ts_mech *tm, const double *w, int d, const ss_fj_solution *sol)
{
  double p[2], scale = 0.0;
  for (int i = 0; i < 2; i++) {
    p[i] = sol->fmu[tm->guide[i]] * w[i]; /* friction power per unit v2 */
    scale = fmax(scale, fabs(p[i]));
  }
  double tol = 1e-9 * (1.0 + scale);
  bool opposite = (p[0] > tol && p[1] < -tol) || (p[0] < -tol && p[1] > tol);
  bool along = d != 0 && (p[0] * d > tol || p[1] * d > tol);
  return opposite || along ? 1.0 : 0.0;
}

/* Human labels of the scenario's columns and contacts (ss_model_set_labels). */
const ss_label ss_ts_labels[] = {
    {"slider1", "slider 1", NULL},
    {"slider2", "slider 2", NULL},
    {"y1", "slider 1 position y1", NULL},
    {"x2", "slider 2 position x2", NULL},
    {"theta", "rod angle θ", NULL},
    {"v1", "slider 1 velocity v1", "y1"},
    {"v2", "slider 2 velocity v2", "x2"},
    {"omega", "rod angular velocity ω", "theta"},
    {"slider1.z", "bristle deflection", NULL},
    {"slider2.z", "bristle deflection", NULL},
    {"slider1.released", "released", NULL},
    {"slider2.released", "released", NULL},
    {"stiction.incoherent", "incoherent friction directions", NULL},
    {"split.alpha", "load split α", NULL},
    {"split.alpha_min", "load split α, lowest while stuck", NULL},
    {"split.alpha_max", "load split α, highest while stuck", NULL},
    {"load.S1", "load S1 on slider 1", NULL},
    {"load.S2", "load S2 on slider 2", NULL},
    {"load.P", "rod load P", NULL},
    {"spring1.e", "spring 1 extension", NULL},
    {"spring1.F", "spring 1 force", NULL},
    {"spring2.e", "spring 2 extension", NULL},
    {"spring2.F", "spring 2 force", NULL},
    {"constraint.error", "constraint error", NULL},
    {NULL, NULL, NULL},
};

/* ---- velocities ------------------------------------------------------- */

/* The guides' slide velocities from the slide Jacobian C_mu (one row per
 * joint) and q'. */
void ts_guide_velocities(const ts_mech *tm, const double *Cmu, const double *qd, double *v)
{
  int n = tm->sys.n;
  for (int i = 0; i < 2; i++) {
    v[i] = 0.0;
    for (int k = 0; k < n; k++)
      v[i] += Cmu[tm->guide[i] * n + k] * qd[k];
  }
}

void ts_slide_velocities(const ts_mech *tm, const double *q, const double *qd, double *v)
{
  /* the guides' rows alone: the others are not read */
  double Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  int n = tm->sys.n;
  for (int i = 0; i < 2; i++)
    ss_planar_slide_row(&tm->sys, tm->guide[i], q, Cmu + (size_t)tm->guide[i] * (size_t)n);
  ts_guide_velocities(tm, Cmu, qd, v);
}

/* Velocities q' = D u' of state x with D = dq/du (n x f). */
void ts_rates(const ts_mech *tm, const double *D, const double *x, double *qd)
{
  int n = tm->sys.n, f = tm->f;
  for (int k = 0; k < n; k++) {
    double s = 0.0;
    for (int j = 0; j < f; j++)
      s += D[k * f + j] * x[f + j];
    qd[k] = s;
  }
}

/* Absolute coordinates q and velocities q' = D u' of state x (and D =
 * dq/du, n x f, when Dq is not NULL). */
void ts_state(const ts_mech *tm, const double *x, double *q, double *qd, double *Dq)
{
  double Dhere[SS_PLANAR_MAX_N * 3], *D = Dq ? Dq : Dhere;
  ts_configuration(tm, x, q, D);
  ts_rates(tm, D, x, qd);
}
