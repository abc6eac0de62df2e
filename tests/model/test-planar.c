/* test-planar.c - the planar multibody core on the slider-crank mechanisms
 * ([BlajerMarkiewicz]): Jacobians and acceleration terms against finite
 * differences, free-body equilibrium of every body with the physical
 * reactions, the revolute-tree path against the general partition, and the
 * stick/slip decision at rest (§5) against brute force. */
#include "test-util.h"

#include "planar-mech.h"
#include "planar-stiction.h"

#include <gsl/gsl_linalg.h>

static const char *const scenarios[] = {"slider-crank", "slider-crank-offset"};

/* deterministic pseudo-random numbers in [-1, 1] */
static double rnd(GRand *r) { return g_rand_double_range(r, -1.0, 1.0); }

/* ---- core kinematics against finite differences ------------------------ */

static void test_kinematics_fd(void)
{
  GRand *r = g_rand_new_with_seed(5);
  for (int s = 0; s < 2; s++) {
    ss_model *m = make_model(scenarios[s], NULL);
    const ss_planar_system *sys = &ss_planar_mech_of(m)->sys;
    int n = sys->n, mc = sys->m, nj = sys->nj;
    for (int trial = 0; trial < 200; trial++) {
      double x[SS_PLANAR_MAX_N], xd[SS_PLANAR_MAX_N], xp[SS_PLANAR_MAX_N], xm[SS_PLANAR_MAX_N];
      for (int k = 0; k < n; k++) {
        x[k] = 2.0 * rnd(r);
        xd[k] = 3.0 * rnd(r);
      }
      double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
      double xi[SS_PLANAR_MAX_M];
      ss_planar_jacobian(sys, x, C);
      ss_planar_slide_jacobian(sys, x, Cmu);
      ss_planar_gamma(sys, x, xd, xi);
      for (int j = 0; j < nj; j++) { /* one row alone: the same bits */
        double row[SS_PLANAR_MAX_N];
        ss_planar_slide_row(sys, j, x, row);
        g_assert_cmpint(memcmp(row, Cmu + j * n, sizeof(double) * (size_t)n), ==, 0);
      }
      const double e = 1e-6;
      for (int k = 0; k < n; k++) {
        double pp[SS_PLANAR_MAX_M], pm_[SS_PLANAR_MAX_M], sp[SS_PLANAR_MAX_JOINTS],
            sm[SS_PLANAR_MAX_JOINTS];
        memcpy(xp, x, sizeof xp);
        memcpy(xm, x, sizeof xm);
        xp[k] += e;
        xm[k] -= e;
        ss_planar_constraints(sys, xp, pp);
        ss_planar_constraints(sys, xm, pm_);
        ss_planar_slide(sys, xp, sp);
        ss_planar_slide(sys, xm, sm);
        for (int i = 0; i < mc; i++)
          g_assert_cmpfloat(fabs((pp[i] - pm_[i]) / (2 * e) - C[i * n + k]), <, 1e-8);
        for (int j = 0; j < nj; j++)
          g_assert_cmpfloat(fabs((sp[j] - sm[j]) / (2 * e) - Cmu[j * n + k]), <, 1e-8);
      }
      /* xi = -(dC/dt) x' along x(t) = x + x' t */
      double Cp[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N], Cm[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N];
      for (int k = 0; k < n; k++) {
        xp[k] = x[k] + e * xd[k];
        xm[k] = x[k] - e * xd[k];
      }
      ss_planar_jacobian(sys, xp, Cp);
      ss_planar_jacobian(sys, xm, Cm);
      for (int i = 0; i < mc; i++) {
        double cdot_xd = 0.0;
        for (int k = 0; k < n; k++)
          cdot_xd += (Cp[i * n + k] - Cm[i * n + k]) / (2 * e) * xd[k];
        g_assert_cmpfloat(fabs(xi[i] + cdot_xd), <, 1e-6 * (1.0 + fabs(xi[i])));
      }
    }
    ss_model_free(m);
  }
  g_rand_free(r);
}

/* ---- free-body check ----------------------------------------------------- */

/* Random consistent state of the mechanism: crank angle, u. */
static void random_state(const ss_planar_mech *pm, GRand *r, double *x, double *u)
{
  memcpy(x, pm->x0, sizeof(double) * (size_t)pm->sys.n);
  x[pm->iu] += 1.2 * rnd(r);
  g_assert_cmpint(ss_planar_project(&pm->sys, pm->iu, x), >=, 0);
  *u = 4.0 * rnd(r);
}

/* Newton-Euler equations of every body with the physical joint forces:
 * revolute (Fx, Fy) at the pin plus the friction moment; prismatic normal
 * force along n and friction along the guide at the contact point plus the
 * reaction moment.  Returns the largest residual over the scale. */
static double free_body_residual(const ss_planar_mech *pm, double t, const double *x,
                                 const double *xdd, const double *lambda, const double *fmu)
{
  const ss_planar_system *sys = &pm->sys;
  double F[SS_PLANAR_MAX_BODIES][3] = {{0}};
  double h[SS_PLANAR_MAX_N] = {0};
  pm->loads(pm, t, x, h); /* the crank torque */
  double scale = 1.0;
  for (int i = 0; i < sys->nb; i++) {
    F[i][0] = sys->body[i].m * sys->gravity[0];
    F[i][1] = sys->body[i].m * sys->gravity[1];
    F[i][2] = h[3 * i + 2];
    scale = fmax(scale, fabs(sys->body[i].m * hypot(sys->gravity[0], sys->gravity[1])));
  }
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_joint *jt = &sys->joint[j];
    ss_planar_reaction re;
    ss_planar_reaction_of(sys, j, lambda, &re);
    double tb = x[3 * jt->b + 2], c = cos(tb), s = sin(tb);
    double P[2] = {x[3 * jt->b] + c * jt->pb[0] - s * jt->pb[1],
                   x[3 * jt->b + 1] + s * jt->pb[0] + c * jt->pb[1]};
    double f[2], couple;
    if (jt->kind == SS_JOINT_REVOLUTE) {
      f[0] = re.fx;
      f[1] = re.fy;
      couple = fmu[j];
    } else {
      double ta = jt->a >= 0 ? x[3 * jt->a + 2] : 0.0;
      double t_[2] = {cos(ta) * jt->axis[0] - sin(ta) * jt->axis[1],
                      sin(ta) * jt->axis[0] + cos(ta) * jt->axis[1]};
      double n_[2] = {-t_[1], t_[0]};
      f[0] = re.normal * n_[0] + fmu[j] * t_[0];
      f[1] = re.normal * n_[1] + fmu[j] * t_[1];
      couple = re.moment;
    }
    scale = fmax(scale, hypot(f[0], f[1]));
    int bodies[2] = {jt->b, jt->a};
    for (int side = 0; side < 2; side++) {
      int i = bodies[side];
      if (i < 0)
        continue;
      double sg = side == 0 ? 1.0 : -1.0;
      double rx = P[0] - x[3 * i], ry = P[1] - x[3 * i + 1];
      F[i][0] += sg * f[0];
      F[i][1] += sg * f[1];
      F[i][2] += sg * (rx * f[1] - ry * f[0] + couple);
    }
  }
  double worst = 0.0;
  for (int i = 0; i < sys->nb; i++) {
    const double Mi[3] = {sys->body[i].m, sys->body[i].m, sys->body[i].J};
    for (int k = 0; k < 3; k++)
      worst = fmax(worst, fabs(Mi[k] * xdd[3 * i + k] - F[i][k]) / scale);
  }
  return worst;
}

static void test_free_body(void)
{
  GRand *r = g_rand_new_with_seed(11);
  /* a long slider: Example 1's pin sits 2 a3 above the guide, so a short
   * one would wedge (friction larger than the force driving it) */
  const char *const variants[][3] = {{NULL}, {"h=1", "m3=0.5", NULL}};
  for (int s = 0; s < 2; s++)
    for (int v = 0; v < 2; v++) {
      ss_model *m = make_model(scenarios[s], variants[v]);
      const ss_planar_mech *pm = ss_planar_mech_of(m);
      const ss_planar_system *sys = &pm->sys;
      int n = sys->n;
      for (int trial = 0; trial < 200; trial++) {
        double x[SS_PLANAR_MAX_N], u, t = 10.0 * fabs(rnd(r));
        random_state(pm, r, x, &u);
        double h[SS_PLANAR_MAX_N] = {0}, lambda[SS_PLANAR_MAX_M], fmu[SS_PLANAR_MAX_JOINTS];
        ss_planar_gravity(sys, x, h);
        pm->loads(pm, t, x, h);
        double D[SS_PLANAR_MAX_N], nu[SS_PLANAR_MAX_N], mu[SS_PLANAR_MAX_JOINTS];
        int dir[SS_PLANAR_MAX_JOINTS];
        g_assert_cmpint(ss_planar_partition(sys, pm->iu, x, u, D, nu), ==, 0);
        double Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
        ss_planar_slide_jacobian(sys, x, Cmu);
        for (int j = 0; j < sys->nj; j++) {
          double cj = 0.0;
          for (int k = 0; k < n; k++)
            cj += Cmu[j * n + k] * D[k];
          dir[j] = cj * u > 0.0 ? 1 : -1;
          mu[j] = sys->joint[j].mu_k;
        }
        ss_planar_minimal r_;
        const char *why = NULL;
        if (ss_planar_minimal_solve(sys, pm->iu, x, u, h, dir, mu, lambda, fmu, &r_, &why) != 0)
          g_error("%s variant %d: theta1 = %g, u = %g: %s", scenarios[s], v, x[pm->iu], u, why);
        double xdd[SS_PLANAR_MAX_N];
        for (int k = 0; k < n; k++)
          xdd[k] = r_.D[k] * r_.udot + nu[k];
        g_assert_cmpfloat(free_body_residual(pm, t, x, xdd, lambda, fmu), <, 1e-10);
        /* friction law: f = -dir mu basis(lambda), opposing the sliding */
        double basis[SS_PLANAR_MAX_JOINTS];
        ss_planar_friction_basis(sys, lambda, basis);
        for (int j = 0; j < sys->nj; j++) {
          g_assert_cmpfloat(fabs(fmu[j] + dir[j] * mu[j] * basis[j]), <, 1e-11 * (1 + basis[j]));
          g_assert_cmpfloat(fmu[j] * r_.c[j] * u, <=, 0.0);
        }
        /* the absolute-coordinate (KKT) solution is the same */
        double xdd2[SS_PLANAR_MAX_N], lambda2[SS_PLANAR_MAX_M], fmu2[SS_PLANAR_MAX_JOINTS];
        double xd[SS_PLANAR_MAX_N];
        for (int k = 0; k < n; k++)
          xd[k] = r_.D[k] * u;
        g_assert_cmpint(ss_planar_accel(sys, x, xd, h, dir, mu, NULL, xdd2, lambda2, fmu2, &why),
                        ==, 0);
        for (int k = 0; k < n; k++)
          g_assert_cmpfloat(fabs(xdd2[k] - xdd[k]), <, 1e-9 * (1 + fabs(xdd[k])));
        for (int i = 0; i < sys->m; i++)
          g_assert_cmpfloat(fabs(lambda2[i] - lambda[i]), <, 1e-9 * (1 + fabs(lambda[i])));
        /* the partitioned (null-space) form of the KKT system, also off the
         * manifold, with arbitrary velocities and stabilisation terms */
        double xo[SS_PLANAR_MAX_N], xdo[SS_PLANAR_MAX_N], stab[SS_PLANAR_MAX_M];
        double xdd3[SS_PLANAR_MAX_N], lambda3[SS_PLANAR_MAX_M], fmu3[SS_PLANAR_MAX_JOINTS];
        for (int k = 0; k < n; k++) {
          xo[k] = x[k] + 1e-4 * rnd(r);
          xdo[k] = xd[k] + 0.1 * rnd(r);
        }
        for (int i = 0; i < sys->m; i++)
          stab[i] = 0.5 * rnd(r);
        int rc2 = ss_planar_accel(sys, xo, xdo, h, dir, mu, stab, xdd2, lambda2, fmu2, &why);
        int rc3 = ss_planar_accel_partitioned(sys, pm->iu, xo, xdo, h, dir, mu, stab, xdd3, lambda3,
                                              fmu3, &r_, &why);
        g_assert_cmpint(rc3, ==, rc2);
        for (int k = 0; rc2 == 0 && k < n; k++)
          g_assert_cmpfloat(fabs(xdd3[k] - xdd2[k]), <, 1e-9 * (1 + fabs(xdd2[k])));
        for (int i = 0; rc2 == 0 && i < sys->m; i++)
          g_assert_cmpfloat(fabs(lambda3[i] - lambda2[i]), <, 1e-9 * (1 + fabs(lambda2[i])));
      }
      ss_model_free(m);
    }
  g_rand_free(r);
}

/* ---- the revolute-tree path against the general partition ---------------- */

static double rel_diff(double a, double b) { return fabs(a - b) / (1.0 + fabs(b)); }

static void test_tree_path(void)
{
  GRand *r = g_rand_new_with_seed(17);
  const char *const variants[][3] = {{NULL}, {"h=1", "m3=0.5", NULL}};
  for (int s = 0; s < 2; s++)
    for (int v = 0; v < 2; v++) {
      ss_model *m = make_model(scenarios[s], variants[v]);
      const ss_planar_mech *pm = ss_planar_mech_of(m);
      const ss_planar_system *sys = &pm->sys;
      const ss_planar_tree *tr = &pm->tree;
      int n = sys->n, mc = sys->m, nj = sys->nj;
      g_assert_true(tr->ok); /* O, A, B form the tree, the guide is cut */
      g_assert_cmpint(tr->ncut, ==, 1);
      g_assert_cmpint(tr->cut[0], ==, 3);
      double worst = 0.0;
      for (int trial = 0; trial < 200; trial++) {
        double x[SS_PLANAR_MAX_N], u, t = 10.0 * fabs(rnd(r));
        random_state(pm, r, x, &u);
        double h[SS_PLANAR_MAX_N] = {0};
        ss_planar_gravity(sys, x, h);
        pm->loads(pm, t, x, h);
        /* the same configuration: D, c, M'', h'' and every reaction column */
        ss_planar_minimal a, b;
        const char *why = NULL;
        double xa[SS_PLANAR_MAX_N], xb[SS_PLANAR_MAX_N];
        memcpy(xa, x, sizeof xa);
        memcpy(xb, x, sizeof xb);
        g_assert_cmpint(ss_planar_minimal_prepare(sys, pm->iu, xa, false, true, u, h, &a, &why), ==,
                        0);
        g_assert_cmpint(ss_planar_tree_prepare(sys, tr, xb, false, true, u, h, &b, &why), ==, 0);
        for (int k = 0; k < n; k++) {
          worst = fmax(worst, rel_diff(b.D[k], a.D[k]));
          g_assert_cmpfloat(xb[k], ==, x[k]); /* untouched without projection */
        }
        for (int j = 0; j < nj; j++)
          worst = fmax(worst, rel_diff(b.c[j], a.c[j]));
        worst = fmax(worst, fmax(rel_diff(b.Mr, a.Mr), rel_diff(b.hr, a.hr)));
        worst = fmax(worst, rel_diff(b.udot, a.udot));
        for (int i = 0; i < mc; i++) {
          worst = fmax(worst, rel_diff(b.lam0[i], a.lam0[i]));
          for (int j = 0; j < nj; j++)
            worst = fmax(worst, rel_diff(b.lamj[j * mc + i], a.lamj[j * mc + i]));
        }
        /* without reactions: the same u' (and on the general path the same
         * rates, reduced mass and forces: what a stuck row shows) */
        ss_planar_minimal c;
        g_assert_cmpint(ss_planar_tree_prepare(sys, tr, xb, false, false, u, h, &c, &why), ==, 0);
        g_assert_cmpfloat(c.udot, ==, b.udot);
        memcpy(xa, x, sizeof xa);
        g_assert_cmpint(ss_planar_minimal_prepare(sys, pm->iu, xa, false, false, u, h, &c, &why),
                        ==, 0);
        g_assert_cmpmem(c.D, sizeof(double) * (gsize)n, a.D, sizeof(double) * (gsize)n);
        g_assert_cmpmem(c.c, sizeof(double) * (gsize)nj, a.c, sizeof(double) * (gsize)nj);
        g_assert_cmpfloat(c.Mr, ==, a.Mr);
        g_assert_cmpfloat(c.hr, ==, a.hr);
        g_assert_cmpfloat(c.udot, ==, a.udot);
        /* rates alone */
        double D[SS_PLANAR_MAX_N], cj[SS_PLANAR_MAX_JOINTS];
        g_assert_cmpint(ss_planar_tree_rates(sys, tr, x, D, cj), ==, 0);
        for (int k = 0; k < n; k++)
          g_assert_cmpfloat(D[k], ==, b.D[k]);
        for (int j = 0; j < nj; j++)
          g_assert_cmpfloat(cj[j], ==, b.c[j]);
        /* projection from a disturbed configuration (positions too): the
         * configuration of the general projection with theta1 fixed */
        double xp[SS_PLANAR_MAX_N], xq[SS_PLANAR_MAX_N];
        for (int k = 0; k < n; k++)
          xp[k] = x[k] + (k == pm->iu ? 0.0 : 1e-6 * rnd(r));
        memcpy(xq, xp, sizeof xq);
        g_assert_cmpint(ss_planar_project(sys, pm->iu, xp), ==, 0);
        g_assert_cmpint(ss_planar_tree_project(sys, tr, xq), ==, 0);
        double phi[SS_PLANAR_MAX_M];
        ss_planar_constraints(sys, xq, phi);
        for (int i = 0; i < mc; i++)
          g_assert_cmpfloat(fabs(phi[i]), <=, 1e-13);
        for (int k = 0; k < n; k++)
          g_assert_cmpfloat(fabs(xq[k] - xp[k]), <, 1e-12);
        g_assert_cmpfloat(xq[pm->iu], ==, x[pm->iu]);
        /* and the projected prepare */
        g_assert_cmpint(ss_planar_minimal_prepare(sys, pm->iu, xp, true, true, u, h, &a, &why), ==,
                        0);
        memcpy(xq, x, sizeof xq);
        for (int k = 0; k < n; k++)
          xq[k] += k == pm->iu ? 0.0 : 1e-6 * rnd(r);
        g_assert_cmpint(ss_planar_tree_prepare(sys, tr, xq, true, true, u, h, &b, &why), ==, 0);
        worst = fmax(worst, rel_diff(b.udot, a.udot));
        for (int i = 0; i < mc; i++)
          worst = fmax(worst, rel_diff(b.lam0[i], a.lam0[i]));
      }
      g_test_message("%s variant %d: tree vs general path, largest difference %.3g", scenarios[s],
                     v, worst);
      g_assert_cmpfloat(worst, <, 1e-10);
      ss_model_free(m);
    }
  g_rand_free(r);
  /* no tree: a slider on a guide whose independent coordinate is a position */
  ss_planar_system one = {.nb = 1, .nj = 1, .n = 3, .m = 2};
  one.body[0] = (ss_planar_body){"block", 1.0, 0.1};
  one.joint[0] = (ss_planar_joint){
      .name = "g", .kind = SS_JOINT_PRISMATIC, .a = -1, .b = 0, .axis = {1.0, 0.0}};
  ss_planar_tree none;
  ss_planar_tree_init(&one, 0, &none);
  g_assert_false(none.ok);
}

/* ---- the stick/slip decision of [BlajerMarkiewicz] §5 against brute force */

/* At rest with the mechanism's loads: stick iff no sliding solution exists in
 * either direction with maximal static friction (u' would have to point
 * against the assumed sliding direction). */
static void test_stick_decision(void)
{
  GRand *r = g_rand_new_with_seed(3);
  for (int s = 0; s < 2; s++) {
    ss_model *m = make_model(scenarios[s], NULL);
    const ss_planar_mech *pm = ss_planar_mech_of(m);
    const ss_planar_system *sys = &pm->sys;
    int agree = 0, sticks = 0;
    for (int trial = 0; trial < 500; trial++) {
      double x[SS_PLANAR_MAX_N], u, t = 10.0 * fabs(rnd(r));
      random_state(pm, r, x, &u);
      int dir = 0;
      double g = ss_planar_mech_static_margin(pm, t, x, &dir);
      g_assert_false(isnan(g));
      double h[SS_PLANAR_MAX_N] = {0}, lambda[SS_PLANAR_MAX_M], fmu[SS_PLANAR_MAX_JOINTS];
      double mu[SS_PLANAR_MAX_JOINTS];
      ss_planar_gravity(sys, x, h);
      pm->loads(pm, t, x, h);
      bool slide_possible[2];
      for (int d = 0; d < 2; d++) {
        int sd = d == 0 ? 1 : -1, dirs[SS_PLANAR_MAX_JOINTS];
        ss_planar_minimal r0;
        const char *why = NULL;
        int zero[SS_PLANAR_MAX_JOINTS] = {0};
        for (int j = 0; j < sys->nj; j++)
          mu[j] = sys->joint[j].mu_s;
        g_assert_cmpint(
            ss_planar_minimal_solve(sys, pm->iu, x, 0.0, h, zero, mu, lambda, fmu, &r0, &why), ==,
            0);
        for (int j = 0; j < sys->nj; j++)
          dirs[j] = sd * (r0.c[j] > 0 ? 1 : r0.c[j] < 0 ? -1 : 0);
        ss_planar_minimal r1;
        g_assert_cmpint(
            ss_planar_minimal_solve(sys, pm->iu, x, 0.0, h, dirs, mu, lambda, fmu, &r1, &why), ==,
            0);
        slide_possible[d] = sd * r1.udot > 0.0;
      }
      bool stick = g > 0.0;
      sticks += stick;
      g_assert_false(slide_possible[0] && slide_possible[1]);
      if (stick == !(slide_possible[0] || slide_possible[1]))
        agree++;
      if (!stick)
        g_assert_true(slide_possible[dir > 0 ? 0 : 1]);
    }
    g_test_message("%s: %d of 500 random rest states stick", scenarios[s], sticks);
    g_assert_cmpint(agree, ==, 500);
    ss_model_free(m);
  }
  g_rand_free(r);
}

/* The written-out LU (ss_lu_decomp, ss_lu_forward, ss_lu_back) against
 * GSL's LU and solve, bit for bit: random matrices of every size up to
 * SS_LU_SMALL, with zeros (structurally sparse rows, zero pivots), equal
 * entries (ties in the pivot search), tiny and huge magnitudes. */
static void test_lu_like_gsl(void)
{
  GRand *r = g_rand_new_with_seed(11);
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  int compared = 0;
  for (int n = 1; n <= SS_LU_SMALL; n++)
    for (int rep = 0; rep < 40; rep++) {
      double A[SS_LU_SMALL * SS_LU_SMALL], G[SS_LU_SMALL * SS_LU_SMALL];
      double x[SS_LU_SMALL * 2], y[SS_LU_SMALL];
      size_t perm[SS_LU_SMALL], gperm[SS_LU_SMALL];
      for (int i = 0; i < n * n; i++) {
        int pick = g_rand_int_range(r, 0, 10);
        double v = g_rand_double_range(r, -1.0, 1.0) * pow(10.0, g_rand_int_range(r, -3, 4));
        if (pick < 3)
          v = 0.0;
        else if (pick == 3 && i > 0)
          v = -A[i - 1];
        else if (pick == 4)
          v = 1e-310 * (pick - 3);
        A[i] = G[i] = v;
      }
      for (int i = 0; i < n; i++)
        x[2 * i] = y[i] = g_rand_double_range(r, -5.0, 5.0);
      ss_lu_decomp(A, n, perm);
      gsl_matrix_view Gv = gsl_matrix_view_array(G, (size_t)n, (size_t)n);
      gsl_permutation p = {(size_t)n, gperm};
      int signum;
      gsl_linalg_LU_decomp(&Gv.matrix, &p, &signum);
      for (int i = 0; i < n * n; i++)
        if (memcmp(&A[i], &G[i], sizeof(double)) != 0)
          g_error("n = %d, rep %d: LU[%d][%d] = %.17g, GSL's %.17g", n, rep, i / n, i % n, A[i],
                  G[i]);
      g_assert_cmpint(memcmp(perm, gperm, sizeof(size_t) * (size_t)n), ==, 0);
      bool singular = false;
      for (int i = 0; i < n; i++)
        singular |= G[i * n + i] == 0.0;
      if (singular)
        continue;
      /* the solve: permute, then both substitutions (x with stride 2) */
      double xp[SS_LU_SMALL * 2];
      for (int i = 0; i < n; i++)
        xp[2 * i] = x[2 * perm[i]];
      ss_lu_forward(A, n, xp, 2);
      ss_lu_back(A, n, xp, 2);
      gsl_vector_view yv = gsl_vector_view_array(y, (size_t)n);
      g_assert_cmpint(gsl_linalg_LU_svx(&Gv.matrix, &p, &yv.vector), ==, 0);
      for (int i = 0; i < n; i++)
        g_assert_cmpint(memcmp(&xp[2 * i], &y[i], sizeof(double)), ==, 0);
      compared++;
    }
  gsl_set_error_handler(old);
  g_rand_free(r);
  g_assert_cmpint(compared, >, 500);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/planar/kinematics-fd", test_kinematics_fd);
  g_test_add_func("/planar/free-body", test_free_body);
  g_test_add_func("/planar/tree-path", test_tree_path);
  g_test_add_func("/planar/stick-decision", test_stick_decision);
  g_test_add_func("/planar/lu-like-gsl", test_lu_like_gsl);
  return g_test_run();
}
