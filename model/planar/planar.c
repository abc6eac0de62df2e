/* planar.c - planar multibody core: kinematics of revolute and prismatic
 * joints in absolute coordinates, reactions, friction basis (planar.h). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <stddef.h>

#include "planar.h"

/* Pose of body i (ground for i < 0). */
static void pose(const double *x, int i, double *r, double *th)
{
  if (i < 0) {
    r[0] = r[1] = 0.0;
    *th = 0.0;
  } else {
    r[0] = x[3 * i];
    r[1] = x[3 * i + 1];
    *th = x[3 * i + 2];
  }
}

static void vel(const double *xd, int i, double *v, double *w)
{
  if (i < 0 || !xd) {
    v[0] = v[1] = 0.0;
    *w = 0.0;
  } else {
    v[0] = xd[3 * i];
    v[1] = xd[3 * i + 1];
    *w = xd[3 * i + 2];
  }
}

const char *ss_planar_check(const ss_planar_system *sys)
{
  if (sys->nb < 1 || sys->nb > SS_PLANAR_MAX_BODIES)
    return "number of bodies out of range";
  if (sys->nj < 1 || sys->nj > SS_PLANAR_MAX_JOINTS)
    return "number of joints out of range";
  if (sys->n != 3 * sys->nb || sys->m != 2 * sys->nj)
    return "inconsistent sizes n, m";
  for (int i = 0; i < sys->nb; i++)
    if (!(sys->body[i].m >= 0.0) || !(sys->body[i].J >= 0.0))
      return "negative body mass or inertia";
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    if (jt->a < -1 || jt->a >= sys->nb || jt->b < 0 || jt->b >= sys->nb || jt->a == jt->b)
      return "joint connects invalid bodies";
    if (jt->kind == SS_JOINT_PRISMATIC && fabs(hypot(jt->axis[0], jt->axis[1]) - 1.0) > 1e-12)
      return "prismatic axis is not a unit vector";
    if (!(jt->mu_s >= jt->mu_k) || !(jt->mu_k >= 0.0) || !(jt->d >= 0.0) || !(jt->h >= 0.0))
      return "joint friction data out of range";
  }
  return NULL;
}

/* Geometry of joint j at x (planar.h, ss_planar_jgeo) from the rotations
 * (ca, sa) of body a (1, 0 for the ground) and (cb, sb) of body b. */
static void joint_geo_cs(const ss_planar_joint *jt, const double *x, double ca, double sa,
                         double cb, double sb, ss_planar_jgeo *g)
{
  double ra[2], rb[2];
  pose(x, jt->a, ra, &g->tha);
  pose(x, jt->b, rb, &g->thb);
  /* A' p = R90 (A p) */
  g->pa_w[0] = ca * jt->pa[0] - sa * jt->pa[1];
  g->pa_w[1] = sa * jt->pa[0] + ca * jt->pa[1];
  g->pb_w[0] = cb * jt->pb[0] - sb * jt->pb[1];
  g->pb_w[1] = sb * jt->pb[0] + cb * jt->pb[1];
  g->la[0] = -g->pa_w[1];
  g->la[1] = g->pa_w[0];
  g->lb[0] = -g->pb_w[1];
  g->lb[1] = g->pb_w[0];
  for (int k = 0; k < 2; k++)
    g->d[k] = rb[k] + g->pb_w[k] - ra[k] - g->pa_w[k];
  if (jt->kind == SS_JOINT_PRISMATIC) {
    g->t[0] = ca * jt->axis[0] - sa * jt->axis[1];
    g->t[1] = sa * jt->axis[0] + ca * jt->axis[1];
    g->n[0] = -g->t[1];
    g->n[1] = g->t[0];
  } else { /* not read at a revolute joint */
    g->t[0] = g->t[1] = g->n[0] = g->n[1] = 0.0;
  }
}

typedef ss_planar_jgeo jgeo;

static void joint_geo(const ss_planar_joint *jt, const double *x, jgeo *g)
{
  /* one sincos per body */
  double ca = 1.0, sa = 0.0, cb, sb;
  if (jt->a >= 0) {
    ca = cos(x[3 * jt->a + 2]);
    sa = sin(x[3 * jt->a + 2]);
  }
  cb = cos(x[3 * jt->b + 2]);
  sb = sin(x[3 * jt->b + 2]);
  joint_geo_cs(jt, x, ca, sa, cb, sb, g);
}

void ss_planar_rotations(const ss_planar_system *sys, const double *x, double *c, double *s)
{
  for (int i = 0; i < sys->nb; i++) {
    double th = x[3 * i + 2], ci = cos(th), si = sin(th); /* one sincos */
    c[i] = ci;
    s[i] = si;
  }
}

void ss_planar_joint_geometry(const ss_planar_system *sys, const double *x, const double *c,
                              const double *s, ss_planar_jgeo *g)
{
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    int a = jt->a, b = jt->b;
    joint_geo_cs(jt, x, a >= 0 ? c[a] : 1.0, a >= 0 ? s[a] : 0.0, c[b], s[b], &g[j]);
  }
}

/* Phi rows 2j, 2j+1 of one joint from its geometry. */
static void constraint_rows(const ss_planar_joint *jt, const jgeo *g, double *phi)
{
  if (jt->kind == SS_JOINT_REVOLUTE) {
    phi[0] = g->d[0];
    phi[1] = g->d[1];
  } else {
    phi[0] = g->n[0] * g->d[0] + g->n[1] * g->d[1];
    phi[1] = g->thb - g->tha - jt->theta0;
  }
}

void ss_planar_constraints(const ss_planar_system *sys, const double *x, double *phi)
{
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    jgeo g;
    joint_geo(jt, x, &g);
    constraint_rows(jt, &g, phi + 2 * j);
  }
}

/* Row of d(u . d)/dx for a world vector u fixed in body a (prismatic n or t):
 * r_b: u, theta_b: u . lb, r_a: -u, theta_a: (R90 u) . d - u . la. */
static void dot_row(const ss_planar_system *sys, const ss_planar_joint *jt, const jgeo *g,
                    const double *u, double *row)
{
  for (int k = 0; k < sys->n; k++)
    row[k] = 0.0;
  int a = jt->a, b = jt->b;
  row[3 * b] = u[0];
  row[3 * b + 1] = u[1];
  row[3 * b + 2] = u[0] * g->lb[0] + u[1] * g->lb[1];
  if (a >= 0) {
    double ud[2] = {-u[1], u[0]};
    row[3 * a] = -u[0];
    row[3 * a + 1] = -u[1];
    row[3 * a + 2] = ud[0] * g->d[0] + ud[1] * g->d[1] - (u[0] * g->la[0] + u[1] * g->la[1]);
  }
}

/* Rows r0, r1 of C for one joint (zero outside its bodies). */
static void jacobian_rows(const ss_planar_system *sys, const ss_planar_joint *jt, const jgeo *g,
                          double *r0, double *r1)
{
  int a = jt->a, b = jt->b;
  if (jt->kind == SS_JOINT_REVOLUTE) {
    for (int k = 0; k < sys->n; k++)
      r0[k] = r1[k] = 0.0;
    r0[3 * b] = 1.0;
    r1[3 * b + 1] = 1.0;
    r0[3 * b + 2] = g->lb[0];
    r1[3 * b + 2] = g->lb[1];
    if (a >= 0) {
      r0[3 * a] = -1.0;
      r1[3 * a + 1] = -1.0;
      r0[3 * a + 2] = -g->la[0];
      r1[3 * a + 2] = -g->la[1];
    }
  } else {
    dot_row(sys, jt, g, g->n, r0);
    for (int k = 0; k < sys->n; k++)
      r1[k] = 0.0;
    r1[3 * b + 2] = 1.0;
    if (a >= 0)
      r1[3 * a + 2] = -1.0;
  }
}

void ss_planar_jacobian(const ss_planar_system *sys, const double *x, double *C)
{
  int n = sys->n;
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    double *r0 = C + (size_t)(2 * j) * (size_t)n;
    jgeo g;
    joint_geo(jt, x, &g);
    jacobian_rows(sys, jt, &g, r0, r0 + n);
  }
}

/* xi rows 2j, 2j+1 of one joint. */
static void gamma_rows(const ss_planar_joint *jt, const jgeo *g, const double *xd, double *xi)
{
  double va[2], vb[2], wa, wb;
  vel(xd, jt->a, va, &wa);
  vel(xd, jt->b, vb, &wb);
  if (jt->kind == SS_JOINT_REVOLUTE) {
    for (int k = 0; k < 2; k++)
      xi[k] = g->pb_w[k] * wb * wb - g->pa_w[k] * wa * wa;
  } else {
    double dd[2], nd[2] = {-g->n[1], g->n[0]}, acc[2];
    for (int k = 0; k < 2; k++) {
      dd[k] = vb[k] + g->lb[k] * wb - va[k] - g->la[k] * wa;
      acc[k] = -g->pb_w[k] * wb * wb + g->pa_w[k] * wa * wa;
    }
    double rem = -(g->n[0] * g->d[0] + g->n[1] * g->d[1]) * wa * wa +
                 2.0 * wa * (nd[0] * dd[0] + nd[1] * dd[1]) + g->n[0] * acc[0] + g->n[1] * acc[1];
    xi[0] = -rem;
    xi[1] = 0.0;
  }
}

void ss_planar_gamma(const ss_planar_system *sys, const double *x, const double *xd, double *xi)
{
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    jgeo g;
    joint_geo(jt, x, &g);
    gamma_rows(jt, &g, xd, xi + 2 * j);
  }
}

void ss_planar_slide(const ss_planar_system *sys, const double *x, double *s)
{
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    jgeo g;
    joint_geo(jt, x, &g);
    if (jt->kind == SS_JOINT_REVOLUTE)
      s[j] = g.thb - g.tha;
    else
      s[j] = g.t[0] * g.d[0] + g.t[1] * g.d[1];
  }
}

/* Row j of C_mu. */
static void slide_row(const ss_planar_system *sys, const ss_planar_joint *jt, const jgeo *g,
                      double *row)
{
  if (jt->kind == SS_JOINT_REVOLUTE) {
    for (int k = 0; k < sys->n; k++)
      row[k] = 0.0;
    row[3 * jt->b + 2] = 1.0;
    if (jt->a >= 0)
      row[3 * jt->a + 2] = -1.0;
  } else {
    dot_row(sys, jt, g, g->t, row);
  }
}

void ss_planar_slide_row(const ss_planar_system *sys, int j, const double *x, double *row)
{
  const ss_planar_joint *jt = &sys->joint[j];
  jgeo g;
  if (jt->kind == SS_JOINT_PRISMATIC)
    joint_geo(jt, x, &g);
  slide_row(sys, jt, &g, row);
}

void ss_planar_slide_jacobian(const ss_planar_system *sys, const double *x, double *Cmu)
{
  int n = sys->n;
  for (int j = 0; j < sys->nj; j++)
    ss_planar_slide_row(sys, j, x, Cmu + (size_t)j * (size_t)n);
}

/* ---- the same from a precomputed geometry (ss_planar_joint_geometry) ---- */

void ss_planar_constraints_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g,
                               double *phi)
{
  constraint_rows(&sys->joint[j], g, phi);
}

void ss_planar_jacobian_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g,
                            double *rows)
{
  jacobian_rows(sys, &sys->joint[j], g, rows, rows + sys->n);
}

void ss_planar_gamma_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g,
                         const double *xd, double *xi)
{
  gamma_rows(&sys->joint[j], g, xd, xi);
}

void ss_planar_slide_geo(const ss_planar_system *sys, int j, const ss_planar_jgeo *g, double *row)
{
  slide_row(sys, &sys->joint[j], g, row);
}

void ss_planar_gravity(const ss_planar_system *sys, const double *x, double *h)
{
  (void)x;
  for (int i = 0; i < sys->nb; i++) {
    h[3 * i] = sys->body[i].m * sys->gravity[0];
    h[3 * i + 1] = sys->body[i].m * sys->gravity[1];
    h[3 * i + 2] = 0.0;
  }
}

double ss_planar_potential(const ss_planar_system *sys, const double *x)
{
  double V = 0.0;
  for (int i = 0; i < sys->nb; i++)
    V -= sys->body[i].m * (sys->gravity[0] * x[3 * i] + sys->gravity[1] * x[3 * i + 1]);
  return V;
}

double ss_planar_kinetic(const ss_planar_system *sys, const double *xd)
{
  double T = 0.0;
  for (int i = 0; i < sys->nb; i++) {
    const double *v = xd + 3 * i;
    T += 0.5 * (sys->body[i].m * (v[0] * v[0] + v[1] * v[1]) + sys->body[i].J * v[2] * v[2]);
  }
  return T;
}

void ss_planar_reaction_of(const ss_planar_system *sys, int j, const double *lambda,
                           ss_planar_reaction *out)
{
  const ss_planar_joint *jt = &sys->joint[j];
  double l0 = lambda[2 * j], l1 = lambda[2 * j + 1];
  if (jt->kind == SS_JOINT_REVOLUTE) {
    out->fx = l0;
    out->fy = l1;
    out->normal = hypot(l0, l1);
    out->moment = 0.0;
    out->basis = jt->d * out->normal;
  } else {
    out->fx = out->fy = NAN; /* components are normal/moment */
    out->normal = l0;
    out->moment = l1;
    /* two edge contacts N1 + N2 = N, (N2 - N1) h/2 = M: |N1| + |N2| */
    out->basis = jt->h > 0.0 ? fmax(fabs(l0), 2.0 * fabs(l1) / jt->h) : fabs(l0);
  }
}

void ss_planar_friction_basis(const ss_planar_system *sys, const double *lambda, double *basis)
{
  for (int j = 0; j < sys->nj; j++) {
    ss_planar_reaction r;
    ss_planar_reaction_of(sys, j, lambda, &r);
    basis[j] = r.basis;
  }
}

void ss_planar_residual(const ss_planar_system *sys, const double *x, const double *xdd,
                        const double *h, const double *lambda, const double *fmu, double *res)
{
  int n = sys->n, m = sys->m, nj = sys->nj;
  double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  ss_planar_jacobian(sys, x, C);
  ss_planar_slide_jacobian(sys, x, Cmu);
  for (int i = 0; i < sys->nb; i++) {
    res[3 * i] = sys->body[i].m * xdd[3 * i];
    res[3 * i + 1] = sys->body[i].m * xdd[3 * i + 1];
    res[3 * i + 2] = sys->body[i].J * xdd[3 * i + 2];
  }
  for (int k = 0; k < n; k++) {
    double r = res[k] - h[k];
    for (int i = 0; i < m; i++)
      r -= C[i * n + k] * lambda[i];
    for (int j = 0; j < nj; j++)
      r -= Cmu[j * n + k] * fmu[j];
    res[k] = r;
  }
}
