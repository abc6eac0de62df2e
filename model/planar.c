/* planar.c - planar multibody core: kinematics of revolute and prismatic
 * joints in absolute coordinates, reactions, friction basis (planar.h). */
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

/* Geometry of joint j at x: relative vector d = r_b + A_b pb - r_a - A_a pa,
 * the lever vectors A_a' pa, A_b' pb, and for a prismatic joint the guide
 * normal n and tangent t in the world frame. */
typedef struct jgeo {
  double d[2];   /* relative vector, m */
  double la[2];  /* A_a' pa, m */
  double lb[2];  /* A_b' pb, m */
  double pa_w[2];/* A_a pa, m */
  double pb_w[2];/* A_b pb, m */
  double n[2];   /* guide normal (prismatic), 1 */
  double t[2];   /* guide direction (prismatic), 1 */
  double tha, thb; /* body angles, rad */
} jgeo;

static void joint_geo(const ss_planar_joint *jt, const double *x, jgeo *g)
{
  double ra[2], rb[2];
  pose(x, jt->a, ra, &g->tha);
  pose(x, jt->b, rb, &g->thb);
  /* one sincos per body; A' p = R90 (A p) */
  double ca = 1.0, sa = 0.0, cb, sb;
  if (jt->a >= 0) {
    ca = cos(g->tha);
    sa = sin(g->tha);
  }
  cb = cos(g->thb);
  sb = sin(g->thb);
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
  }
}

void ss_planar_constraints(const ss_planar_system *sys, const double *x, double *phi)
{
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    jgeo g;
    joint_geo(jt, x, &g);
    if (jt->kind == SS_JOINT_REVOLUTE) {
      phi[2 * j] = g.d[0];
      phi[2 * j + 1] = g.d[1];
    } else {
      phi[2 * j] = g.n[0] * g.d[0] + g.n[1] * g.d[1];
      phi[2 * j + 1] = g.thb - g.tha - jt->theta0;
    }
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

void ss_planar_jacobian(const ss_planar_system *sys, const double *x, double *C)
{
  int n = sys->n;
  for (int k = 0; k < sys->m * n; k++)
    C[k] = 0.0;
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    double *r0 = C + (size_t)(2 * j) * (size_t)n, *r1 = r0 + n;
    int a = jt->a, b = jt->b;
    jgeo g;
    joint_geo(jt, x, &g);
    if (jt->kind == SS_JOINT_REVOLUTE) {
      r0[3 * b] = 1.0;
      r1[3 * b + 1] = 1.0;
      r0[3 * b + 2] = g.lb[0];
      r1[3 * b + 2] = g.lb[1];
      if (a >= 0) {
        r0[3 * a] = -1.0;
        r1[3 * a + 1] = -1.0;
        r0[3 * a + 2] = -g.la[0];
        r1[3 * a + 2] = -g.la[1];
      }
    } else {
      dot_row(sys, jt, &g, g.n, r0);
      r1[3 * b + 2] = 1.0;
      if (a >= 0)
        r1[3 * a + 2] = -1.0;
    }
  }
}

void ss_planar_gamma(const ss_planar_system *sys, const double *x, const double *xd, double *xi)
{
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    jgeo g;
    joint_geo(jt, x, &g);
    double va[2], vb[2], wa, wb;
    vel(xd, jt->a, va, &wa);
    vel(xd, jt->b, vb, &wb);
    if (jt->kind == SS_JOINT_REVOLUTE) {
      for (int k = 0; k < 2; k++)
        xi[2 * j + k] = g.pb_w[k] * wb * wb - g.pa_w[k] * wa * wa;
    } else {
      double dd[2], nd[2] = {-g.n[1], g.n[0]}, acc[2];
      for (int k = 0; k < 2; k++) {
        dd[k] = vb[k] + g.lb[k] * wb - va[k] - g.la[k] * wa;
        acc[k] = -g.pb_w[k] * wb * wb + g.pa_w[k] * wa * wa;
      }
      double rem = -(g.n[0] * g.d[0] + g.n[1] * g.d[1]) * wa * wa +
                   2.0 * wa * (nd[0] * dd[0] + nd[1] * dd[1]) + g.n[0] * acc[0] + g.n[1] * acc[1];
      xi[2 * j] = -rem;
      xi[2 * j + 1] = 0.0;
    }
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

void ss_planar_slide_jacobian(const ss_planar_system *sys, const double *x, double *Cmu)
{
  int n = sys->n;
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    double *row = Cmu + (size_t)j * (size_t)n;
    if (jt->kind == SS_JOINT_REVOLUTE) {
      for (int k = 0; k < n; k++)
        row[k] = 0.0;
      row[3 * jt->b + 2] = 1.0;
      if (jt->a >= 0)
        row[3 * jt->a + 2] = -1.0;
    } else {
      jgeo g;
      joint_geo(jt, x, &g);
      dot_row(sys, jt, &g, g.t, row);
    }
  }
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
