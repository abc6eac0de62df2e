/* planar-solve.c - dynamics of the planar core (planar.h): the KKT form in
 * absolute coordinates, coordinate partitioning and the minimal form of
 * 1-DOF mechanisms, each with the friction-reaction coupling solved by
 * fixed-point iteration.  Linear algebra: GSL LU and BLAS triangular solves
 * on stack buffers (no allocation, reentrant). */
#include <math.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_permute_vector.h>
#include <gsl/gsl_permutation.h>

#include "planar.h"

enum {
  FIXED_POINT_MAX = 200, /* friction-reaction iterations before giving up */
  PROJECT_MAX = 30,      /* Newton iterations of the position projection */
};
static const double FIXED_POINT_TOL = 1e-13; /* relative change of friction */
static const double ACCEL_RATIO = 0.5;       /* residual contraction that allows acceleration */
static const double PROJECT_TOL = 1e-13;     /* |Phi| after projection, m or rad */

/* Functions taking their sizes as constant arguments: inlined, so the
 * usual sizes get copies with unrolled loops (see tree_is_loop3). */
#if defined(__GNUC__)
#define SIZED static inline __attribute__((always_inline))
#else
#define SIZED static inline
#endif

/* LU with a singularity check (GSL's solve would call the error handler). */
static int lu_factor(gsl_matrix *A, gsl_permutation *p)
{
  int signum;
  if (gsl_linalg_LU_decomp(A, p, &signum) != 0)
    return -1;
  double umax = 0.0, umin = INFINITY;
  for (size_t i = 0; i < A->size1; i++) {
    double u = fabs(gsl_matrix_get(A, i, i));
    umax = fmax(umax, u);
    umin = fmin(umin, u);
  }
  return umax > 0.0 && umin > 1e-13 * umax ? 0 : -1;
}

static double max_abs(const double *v, int n)
{
  double r = 0.0;
  for (int i = 0; i < n; i++)
    r = fmax(r, fabs(v[i]));
  return r;
}

/* Sweeps f -> F(f) = coef basis(l0 + L f) from f (= 0) until one changes
 * no joint's friction by more than 1e-13 relative (0; f holds the result,
 * v = l0 + L f) or FIXED_POINT_MAX of them (-2).  L: row pairs (p, q).
 * While the residuals r = F(f) - f visibly contract (each at most half the
 * one before), the next iterate is Anderson's with depth 1, F(f) - gamma
 * (F(f) - F(f_prev)) with gamma minimising |r - gamma (r - r_prev)|: about
 * 9 sweeps instead of 13.  Otherwise plain sweeps, so a diverging iteration
 * still diverges (self-locking in the static test).  (Newton steps with a
 * GSL LU of I - F' cost more than the sweeps they save at nf = 4.) */
static inline int friction_sweeps(const int nf, const double *coef, const double *hinv,
                                  const double *l0, const double *L, double *f, double *fnew,
                                  double *v)
{
  double gprev[SS_PLANAR_MAX_JOINTS] = {0}, rprev[SS_PLANAR_MAX_JOINTS] = {0}, rn_prev = 0.0;
  for (int it = 0; it < FIXED_POINT_MAX; it++) {
    bool conv = true;
    double r[SS_PLANAR_MAX_JOINTS], rn = 0.0;
    for (int p = 0; p < nf; p++) {
      /* the joint's two multipliers at f (kept: lambda of the result) */
      const double *Lp = L + 2 * p * nf;
      double v0 = l0[2 * p], v1 = l0[2 * p + 1];
      for (int q = 0; q < nf; q++) {
        v0 += f[q] * Lp[2 * q];
        v1 += f[q] * Lp[2 * q + 1];
      }
      v[2 * p] = v0;
      v[2 * p + 1] = v1;
      /* revolute d |R| (d in coef; no overflow at these sizes), prismatic
       * |N1| + |N2| = max(|N|, 2 |M| / h) */
      double basis;
      if (hinv[p] < 0.0) {
        basis = sqrt(v0 * v0 + v1 * v1);
      } else {
        double e0 = fabs(v0), e1 = fabs(v1) * hinv[p];
        basis = e0 >= e1 ? e0 : e1; /* fmax without the call (a NaN yields e1, as fmax) */
      }
      fnew[p] = coef[p] * basis;
      r[p] = fnew[p] - f[p];
      if (fabs(r[p]) > rn)
        rn = fabs(r[p]);
      /* never true for a NaN (overflow of a diverging sweep) */
      conv &= fabs(r[p]) <= FIXED_POINT_TOL * (1.0 + fabs(f[p]));
    }
    if (conv)
      return 0; /* lambda belongs to f, which equals F(f) to 1e-13 */
    double gamma = 0.0, num = 0.0, den = 0.0;
    if (it > 0 && rn <= ACCEL_RATIO * rn_prev) {
      for (int p = 0; p < nf; p++) {
        double dr = r[p] - rprev[p];
        num += dr * r[p];
        den += dr * dr;
      }
      if (den > 0.0)
        gamma = num / den;
    }
    for (int p = 0; p < nf; p++) {
      double g = fnew[p];
      f[p] = g - gamma * (g - gprev[p]);
      gprev[p] = g;
      rprev[p] = r[p];
    }
    if (gamma == 0.0) /* exactly F(f), also when F overflows */
      memcpy(f, fnew, sizeof(double) * (size_t)nf);
    rn_prev = rn;
  }
  return -2;
}

/* Friction-reaction coupling when lambda is affine in f_mu:
 * lambda = lam0 + sum_j f_mu[j] lamj[j] (columns of m values each).
 * Fixed-point iteration on the nj friction values only (plain sweeps: a
 * diverging iteration is how the static test recognises self-locking); each
 * sweep needs only the two multipliers of every frictional joint and its
 * friction basis (as ss_planar_reaction_of), the full lambda is formed once
 * at the end. */
static int couple(const ss_planar_system *sys, const int *dir, const double *mu, const double *lam0,
                  const double *lamj, double *lambda, double *fmu, const char **why)
{
  enum { J = SS_PLANAR_MAX_JOINTS };
  int m = sys->m, nj = sys->nj, nf = 0;
  int fj[J];           /* frictional joints */
  double coef[J];      /* -dir mu of each (revolute: times d, so f = coef |R|), 1 or m */
  double hinv[J];      /* revolute: -1; prismatic: 2/h (0: moments without friction), 1/m */
  double l0[2 * J];    /* their friction-free multipliers */
  double L[2 * J * J]; /* their multipliers per unit friction of joint q: pairs (p, q) */
  for (int j = 0; j < nj; j++) {
    fmu[j] = 0.0;
    if (dir[j] != 0 && mu[j] > 0.0) {
      const ss_planar_joint *jt = &sys->joint[j];
      fj[nf] = j;
      coef[nf] = -dir[j] * mu[j] * (jt->kind == SS_JOINT_REVOLUTE ? jt->d : 1.0);
      hinv[nf++] = jt->kind == SS_JOINT_REVOLUTE ? -1.0 : jt->h > 0.0 ? 2.0 / jt->h : 0.0;
    }
  }
  int rc = 0;
  if (nf > 0) {
    double f[J] = {0}, fnew[J], v[2 * J];
    for (int p = 0; p < nf; p++) {
      l0[2 * p] = lam0[2 * fj[p]];
      l0[2 * p + 1] = lam0[2 * fj[p] + 1];
      for (int q = 0; q < nf; q++) {
        L[2 * (p * nf + q)] = lamj[fj[q] * m + 2 * fj[p]];
        L[2 * (p * nf + q) + 1] = lamj[fj[q] * m + 2 * fj[p] + 1];
      }
    }
    /* the usual joint counts get their own copy of the loop (constant
     * sizes: unrolled by the compiler) */
    switch (nf) {
    case 1: rc = friction_sweeps(1, coef, hinv, l0, L, f, fnew, v); break;
    case 2: rc = friction_sweeps(2, coef, hinv, l0, L, f, fnew, v); break;
    case 3: rc = friction_sweeps(3, coef, hinv, l0, L, f, fnew, v); break;
    case 4: rc = friction_sweeps(4, coef, hinv, l0, L, f, fnew, v); break;
    default: rc = friction_sweeps(nf, coef, hinv, l0, L, f, fnew, v); break;
    }
    for (int p = 0; p < nf; p++)
      fmu[fj[p]] = f[p];
    if (rc == 0 && nf == nj) { /* every row is a frictional joint's: the last sweep's */
      memcpy(lambda, v, sizeof(double) * (size_t)m);
      return 0;
    }
  }
  for (int i = 0; i < m; i++) {
    double l = lam0[i];
    for (int j = 0; j < nj; j++)
      l += fmu[j] * lamj[j * m + i];
    lambda[i] = l;
  }
  if (rc < 0)
    *why = "joint friction and reactions did not converge (friction too high for a "
           "unique sliding solution?)";
  return rc;
}

int ss_planar_accel(const ss_planar_system *sys, const double *x, const double *xd, const double *h,
                    const int *dir, const double *mu, const double *xi_extra, double *xdd,
                    double *lambda, double *fmu, const char **why)
{
  int n = sys->n, m = sys->m, nj = sys->nj, N = n + m;
  double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  double K[(SS_PLANAR_MAX_N + SS_PLANAR_MAX_M) * (SS_PLANAR_MAX_N + SS_PLANAR_MAX_M)];
  double rhs[SS_PLANAR_MAX_N + SS_PLANAR_MAX_M], sol0[SS_PLANAR_MAX_N + SS_PLANAR_MAX_M];
  double solj[SS_PLANAR_MAX_JOINTS * (SS_PLANAR_MAX_N + SS_PLANAR_MAX_M)];
  double lam0[SS_PLANAR_MAX_M], lamj[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_M];
  double xi[SS_PLANAR_MAX_M];
  size_t perm_data[SS_PLANAR_MAX_N + SS_PLANAR_MAX_M];
  ss_planar_jacobian(sys, x, C);
  ss_planar_slide_jacobian(sys, x, Cmu);
  ss_planar_gamma(sys, x, xd, xi);
  if (xi_extra)
    for (int i = 0; i < m; i++)
      xi[i] += xi_extra[i];
  /* K = [M -C^T; C 0], unknowns [x''; lambda] */
  memset(K, 0, sizeof(double) * (size_t)N * (size_t)N);
  for (int i = 0; i < sys->nb; i++) {
    K[(3 * i) * N + 3 * i] = sys->body[i].m;
    K[(3 * i + 1) * N + 3 * i + 1] = sys->body[i].m;
    K[(3 * i + 2) * N + 3 * i + 2] = sys->body[i].J;
  }
  for (int r = 0; r < m; r++)
    for (int k = 0; k < n; k++) {
      K[k * N + n + r] = -C[r * n + k];
      K[(n + r) * N + k] = C[r * n + k];
    }
  gsl_matrix_view Kv = gsl_matrix_view_array(K, (size_t)N, (size_t)N);
  gsl_permutation p = {(size_t)N, perm_data};
  if (lu_factor(&Kv.matrix, &p) < 0) {
    *why = "singular constraint Jacobian (locked or redundant mechanism)";
    return -1;
  }
  gsl_vector_view rv = gsl_vector_view_array(rhs, (size_t)N);
  /* friction-free part, then one solution per unit friction of each joint */
  memcpy(rhs, h, sizeof(double) * (size_t)n);
  memcpy(rhs + n, xi, sizeof(double) * (size_t)m);
  gsl_vector_view s0 = gsl_vector_view_array(sol0, (size_t)N);
  gsl_linalg_LU_solve(&Kv.matrix, &p, &rv.vector, &s0.vector);
  memcpy(lam0, sol0 + n, sizeof(double) * (size_t)m);
  for (int j = 0; j < nj; j++) {
    double *sj = solj + (size_t)j * (size_t)N;
    if (dir[j] == 0 || mu[j] == 0.0) {
      memset(sj, 0, sizeof(double) * (size_t)N);
    } else {
      memcpy(rhs, Cmu + (size_t)j * (size_t)n, sizeof(double) * (size_t)n);
      memset(rhs + n, 0, sizeof(double) * (size_t)m);
      gsl_vector_view sv = gsl_vector_view_array(sj, (size_t)N);
      gsl_linalg_LU_solve(&Kv.matrix, &p, &rv.vector, &sv.vector);
    }
    memcpy(lamj + (size_t)j * (size_t)m, sj + n, sizeof(double) * (size_t)m);
  }
  int rc = couple(sys, dir, mu, lam0, lamj, lambda, fmu, why);
  if (rc < 0)
    return rc;
  for (int k = 0; k < n; k++) {
    double a = sol0[k];
    for (int j = 0; j < nj; j++)
      a += fmu[j] * solj[(size_t)j * (size_t)N + (size_t)k];
    xdd[k] = a;
  }
  return 0;
}

/* LU of the dependent columns C_d of C at x, kept for several solves. */
typedef struct partition {
  int m;                                        /* size of C_d */
  int n;                                        /* coordinates */
  int iu;                                       /* independent coordinate */
  double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N];  /* full Jacobian at x, row-major */
  double LU[SS_PLANAR_MAX_M * SS_PLANAR_MAX_M]; /* LU factors of C_d */
  size_t perm_data[SS_PLANAR_MAX_M];            /* row permutation */
  gsl_matrix_view A;                            /* view of LU */
  gsl_permutation p;                            /* view of perm_data */
} partition;

static int partition_factor_C(partition *pt)
{
  int m = pt->m;
  for (int r = 0; r < m; r++)
    for (int k = 0, c = 0; k < pt->n; k++)
      if (k != pt->iu)
        pt->LU[r * m + c++] = pt->C[r * pt->n + k];
  pt->A = gsl_matrix_view_array(pt->LU, (size_t)m, (size_t)m);
  pt->p = (gsl_permutation){(size_t)m, pt->perm_data};
  return lu_factor(&pt->A.matrix, &pt->p);
}

static int partition_init(const ss_planar_system *sys, int iu, partition *pt)
{
  if (sys->m != sys->n - 1 || iu < 0 || iu >= sys->n)
    return -1;
  pt->m = sys->m;
  pt->n = sys->n;
  pt->iu = iu;
  return 0;
}

static int partition_factor(const ss_planar_system *sys, int iu, const double *x, partition *pt)
{
  if (partition_init(sys, iu, pt) < 0)
    return -1;
  ss_planar_jacobian(sys, x, pt->C);
  return partition_factor_C(pt);
}

/* Projects x onto Phi = 0 (Newton with coordinate iu fixed) and leaves the
 * factors of C_d at the result. */
static int partition_project(const ss_planar_system *sys, int iu, double *x, partition *pt)
{
  if (partition_init(sys, iu, pt) < 0)
    return -1;
  int m = sys->m, n = sys->n;
  double phi[SS_PLANAR_MAX_M], dx[SS_PLANAR_MAX_M];
  for (int it = 0;; it++) {
    ss_planar_constraints(sys, x, phi);
    if (max_abs(phi, m) <= PROJECT_TOL)
      break;
    if (it == PROJECT_MAX)
      return -1;
    ss_planar_jacobian(sys, x, pt->C);
    if (partition_factor_C(pt) < 0)
      return -1;
    gsl_vector_view b = gsl_vector_view_array(phi, (size_t)m);
    gsl_vector_view d = gsl_vector_view_array(dx, (size_t)m);
    gsl_linalg_LU_solve(&pt->A.matrix, &pt->p, &b.vector, &d.vector);
    for (int k = 0, c = 0; k < n; k++)
      if (k != iu)
        x[k] -= dx[c++];
  }
  /* factors at the projected point itself (cheaper than refining solves) */
  return partition_factor(sys, iu, x, pt);
}

/* C_d s = b */
static void partition_solve(partition *pt, const double *b, double *s)
{
  gsl_vector_view sv = gsl_vector_view_array(s, (size_t)pt->m);
  memcpy(s, b, sizeof(double) * (size_t)pt->m);
  gsl_linalg_LU_svx(&pt->A.matrix, &pt->p, &sv.vector);
}

/* C_d^T X = B for k right-hand sides at once (B, X: m x k, row-major):
 * P C_d = L U, so C_d^T X = B is U^T L^T P X = B. */
static void partition_solve_T_multi(partition *pt, const double *B, double *X, int k)
{
  int m = pt->m;
  memcpy(X, B, sizeof(double) * (size_t)m * (size_t)k);
  gsl_matrix_view Xv = gsl_matrix_view_array(X, (size_t)m, (size_t)k);
  gsl_blas_dtrsm(CblasLeft, CblasUpper, CblasTrans, CblasNonUnit, 1.0, &pt->A.matrix, &Xv.matrix);
  gsl_blas_dtrsm(CblasLeft, CblasLower, CblasTrans, CblasUnit, 1.0, &pt->A.matrix, &Xv.matrix);
  for (int j = 0; j < k; j++) {
    gsl_vector_view col = gsl_matrix_column(&Xv.matrix, (size_t)j);
    gsl_permute_vector_inverse(&pt->p, &col.vector);
  }
}

static void partition_rates(const ss_planar_system *sys, int iu, partition *pt, const double *x,
                            double u, double *D, double *nu)
{
  int n = sys->n, m = sys->m;
  double b[SS_PLANAR_MAX_M], sol[SS_PLANAR_MAX_M], xd[SS_PLANAR_MAX_N];
  for (int r = 0; r < m; r++)
    b[r] = -pt->C[r * n + iu];
  partition_solve(pt, b, sol);
  for (int k = 0, c = 0; k < n; k++)
    D[k] = k == iu ? 1.0 : sol[c++];
  if (!nu)
    return;
  for (int k = 0; k < n; k++)
    xd[k] = D[k] * u;
  ss_planar_gamma(sys, x, xd, b);
  partition_solve(pt, b, sol);
  for (int k = 0, c = 0; k < n; k++)
    nu[k] = k == iu ? 0.0 : sol[c++];
}

int ss_planar_partition(const ss_planar_system *sys, int iu, const double *x, double u, double *D,
                        double *nu)
{
  partition pt;
  if (partition_factor(sys, iu, x, &pt) < 0)
    return -1;
  partition_rates(sys, iu, &pt, x, u, D, nu);
  return 0;
}

/* Reduced mass and forces ([BlajerMarkiewicz] eq. 5.3), the joint rates c and the
 * right-hand sides of the reaction equations C^T lambda = M x'' - h -
 * C_mu^T f_mu with x'' = D u' + nu, u' = (hr + c.f_mu)/Mr: affine in f_mu.
 * B is (nj + 1) x n, one column of n values per right-hand side (entry iu
 * unused: the dependent rows suffice, D^T of the residual vanishes); column
 * 0 is the friction-free part, column 1 + j per unit friction of joint j. */
SIZED int reduce(const ss_planar_system *sys, const double *D, const double *nu, const double *Cmu,
                 const double *h, ss_planar_minimal *out, double *B, const char **why, const int n,
                 const int nj)
{
  double *c = out->c, Md[SS_PLANAR_MAX_N], MD[SS_PLANAR_MAX_N];
  double Mr = 0.0, hr = 0.0;
  for (int i = 0; i < sys->nb; i++) {
    Md[3 * i] = Md[3 * i + 1] = sys->body[i].m;
    Md[3 * i + 2] = sys->body[i].J;
  }
  for (int q = 0; q < n; q++) {
    MD[q] = Md[q] * D[q];
    Mr += D[q] * MD[q];
    hr += D[q] * (h[q] - Md[q] * nu[q]);
  }
  if (!(Mr > 0.0)) {
    *why = "reduced mass is zero";
    return -1;
  }
  double udot0 = hr / Mr;
  for (int q = 0; q < n; q++)
    B[q] = MD[q] * udot0 + Md[q] * nu[q] - h[q];
  for (int j = 0; j < nj; j++) {
    const double *Cj = Cmu + j * n;
    double cj = 0.0, *Bj = B + (1 + j) * n;
    for (int q = 0; q < n; q++)
      cj += Cj[q] * D[q];
    c[j] = cj;
    cj /= Mr;
    for (int q = 0; q < n; q++)
      Bj[q] = MD[q] * cj - Cj[q];
  }
  out->Mr = Mr;
  out->hr = hr;
  out->udot = udot0;
  out->hr_mu = 0.0;
  return 0;
}

/* The reduced dynamics and the reaction basis of the minimal form from D, nu
 * and C_mu: lam0 and lamj (the multipliers without and per unit friction)
 * through the partitioned transposed solve. */
static int reaction_basis(const ss_planar_system *sys, int iu, partition *pt, const double *nu,
                          const double *Cmu, const double *h, ss_planar_minimal *out,
                          const char **why)
{
  int n = sys->n, m = sys->m, nj = sys->nj, k = nj + 1;
  double B[SS_PLANAR_MAX_N * (SS_PLANAR_MAX_JOINTS + 1)];
  double Bd[SS_PLANAR_MAX_M * (SS_PLANAR_MAX_JOINTS + 1)],
      X[SS_PLANAR_MAX_M * (SS_PLANAR_MAX_JOINTS + 1)];
  if (reduce(sys, out->D, nu, Cmu, h, out, B, why, n, nj) < 0)
    return -1;
  for (int q = 0, r = 0; q < n; q++)
    if (q != iu) {
      for (int col = 0; col < k; col++)
        Bd[r * k + col] = B[col * n + q];
      r++;
    }
  partition_solve_T_multi(pt, Bd, X, k);
  for (int r = 0; r < m; r++) {
    out->lam0[r] = X[r * k];
    for (int j = 0; j < nj; j++)
      out->lamj[j * m + r] = X[r * k + 1 + j];
  }
  return 0;
}

int ss_planar_minimal_prepare(const ss_planar_system *sys, int iu, double *x, bool project,
                              bool reactions, double u, const double *h, ss_planar_minimal *out,
                              const char **why)
{
  double nu[SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  partition pt;
  if ((project ? partition_project(sys, iu, x, &pt) : partition_factor(sys, iu, x, &pt)) < 0) {
    *why = "singular coordinate partition (the independent coordinate cannot drive the "
           "mechanism here)";
    return -1;
  }
  partition_rates(sys, iu, &pt, x, u, out->D, nu);
  ss_planar_slide_jacobian(sys, x, Cmu);
  if (!reactions) {
    double B[SS_PLANAR_MAX_N * (SS_PLANAR_MAX_JOINTS + 1)];
    return reduce(sys, out->D, nu, Cmu, h, out, B, why, sys->n, sys->nj);
  }
  return reaction_basis(sys, iu, &pt, nu, Cmu, h, out, why);
}

int ss_planar_accel_partitioned(const ss_planar_system *sys, int iu, const double *x,
                                const double *xd, const double *h, const int *dir, const double *mu,
                                const double *xi_extra, double *xdd, double *lambda, double *fmu,
                                ss_planar_minimal *out, const char **why)
{
  int n = sys->n, m = sys->m;
  double nu[SS_PLANAR_MAX_N] = {0}, Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  double xi[SS_PLANAR_MAX_M], sol[SS_PLANAR_MAX_M];
  partition pt;
  if (partition_factor(sys, iu, x, &pt) < 0) {
    *why = "singular constraint Jacobian (locked or redundant mechanism)";
    return -1;
  }
  partition_rates(sys, iu, &pt, x, 0.0, out->D, NULL);
  /* particular solution C nu = xi(x, x') (+ stabilisation), nu[iu] = 0 */
  ss_planar_gamma(sys, x, xd, xi);
  if (xi_extra)
    for (int i = 0; i < m; i++)
      xi[i] += xi_extra[i];
  partition_solve(&pt, xi, sol);
  for (int q = 0, c = 0; q < n; q++)
    nu[q] = q == iu ? 0.0 : sol[c++];
  ss_planar_slide_jacobian(sys, x, Cmu);
  if (reaction_basis(sys, iu, &pt, nu, Cmu, h, out, why) < 0)
    return -1;
  int rc = ss_planar_minimal_friction(sys, out, dir, mu, lambda, fmu, why);
  if (rc < 0)
    return rc;
  for (int q = 0; q < n; q++)
    xdd[q] = out->D[q] * out->udot + nu[q];
  return 0;
}

/* ---- the tree path ------------------------------------------------------ */

void ss_planar_tree_init(const ss_planar_system *sys, int iu, ss_planar_tree *tr)
{
  memset(tr, 0, sizeof *tr);
  int nb = sys->nb, nj = sys->nj;
  if (sys->m != sys->n - 1 || iu < 0 || iu >= sys->n || iu % 3 != 2)
    return;
  bool placed[SS_PLANAR_MAX_BODIES] = {false}, used[SS_PLANAR_MAX_JOINTS] = {false};
  int np = 0;
  for (bool grew = true; grew && np < nb;) {
    grew = false;
    for (int j = 0; j < nj; j++) {
      const ss_planar_joint *jt = &sys->joint[j];
      if (used[j] || jt->kind != SS_JOINT_REVOLUTE || placed[jt->b] ||
          (jt->a >= 0 && !placed[jt->a]))
        continue;
      used[j] = placed[jt->b] = grew = true;
      tr->joint_of[jt->b] = j;
      tr->parent[jt->b] = jt->a;
      tr->order[np++] = jt->b;
    }
  }
  if (np < nb)
    return;
  for (int j = 0; j < nj; j++)
    if (!used[j])
      tr->cut[tr->ncut++] = j;
  tr->iu_body = iu / 3;
  for (int i = 0; i < nb; i++) {
    tr->drow[i] = i == tr->iu_body ? -1 : tr->nd;
    if (i != tr->iu_body)
      tr->dep[tr->nd++] = i;
  }
  tr->ok = 2 * tr->ncut == tr->nd; /* holds when m = n - 1 */
}

/* Everything at one configuration: positions along the tree from the
 * angles, joint geometry, the cut rows K of C and their values psi, the
 * position Jacobian Jr = dr/dtheta along the tree and the inverse of the
 * Schur complement S = dpsi/dtheta over the dependent angles. */
typedef struct tree_eval {
  double x[SS_PLANAR_MAX_N];              /* tree positions and the angles, m and rad */
  double c[SS_PLANAR_MAX_BODIES];         /* cos of the angles, 1 */
  double s[SS_PLANAR_MAX_BODIES];         /* sin of the angles, 1 */
  ss_planar_jgeo g[SS_PLANAR_MAX_JOINTS]; /* joint geometry */
  double Jr[SS_PLANAR_MAX_BODIES][2][SS_PLANAR_MAX_BODIES]; /* d r_i / d theta_q, m/rad */
  double K[SS_PLANAR_MAX_BODIES * SS_PLANAR_MAX_N]; /* cut rows of C (nd x n, row-major), 1 or m */
  int ka[SS_PLANAR_MAX_BODIES];     /* per cut row: body a of its joint (-1 ground) */
  int kb[SS_PLANAR_MAX_BODIES];     /* per cut row: body b of its joint */
  double psi[SS_PLANAR_MAX_BODIES]; /* cut constraint values, m or rad */
  double Siu[SS_PLANAR_MAX_BODIES]; /* d psi / d theta_iu, m/rad or 1 */
  double Sinv[SS_PLANAR_MAX_BODIES * SS_PLANAR_MAX_BODIES]; /* S^-1 (nd x nd), rad/m or 1 */
} tree_eval;

/* Inverse of the Schur complement S (nd x nd).  One loop closed by one
 * cut joint (nd <= 2, both slider-cranks) is the loop-closure Jacobian of
 * that joint's two equations: its explicit inverse, with the same relative
 * singularity test as lu_factor; larger systems: GSL LU. */
static int schur_invert(double *S, int nd, double *Sinv)
{
  if (nd == 1) {
    if (!(fabs(S[0]) > 0.0))
      return -1;
    Sinv[0] = 1.0 / S[0];
    return 0;
  }
  if (nd == 2) {
    double det = S[0] * S[3] - S[1] * S[2];
    double scale = fmax(fmax(fabs(S[0]), fabs(S[1])), fmax(fabs(S[2]), fabs(S[3])));
    if (!(fabs(det) > 1e-13 * scale * scale))
      return -1;
    Sinv[0] = S[3] / det;
    Sinv[1] = -S[1] / det;
    Sinv[2] = -S[2] / det;
    Sinv[3] = S[0] / det;
    return 0;
  }
  size_t perm_data[SS_PLANAR_MAX_BODIES];
  gsl_matrix_view Sv = gsl_matrix_view_array(S, (size_t)nd, (size_t)nd);
  gsl_matrix_view Iv = gsl_matrix_view_array(Sinv, (size_t)nd, (size_t)nd);
  gsl_permutation p = {(size_t)nd, perm_data};
  if (lu_factor(&Sv.matrix, &p) < 0)
    return -1;
  gsl_linalg_LU_invert(&Sv.matrix, &p, &Iv.matrix);
  return 0;
}

/* At the angles of angles_of.  With step (a Newton correction: te holds
 * the evaluation before it, te->x[3i + 2] - step[i] the new angles) the
 * rotations are updated by their Taylor series instead of new sincos: for
 * |step| <= 1e-6 the remainder is below 1e-19. */
SIZED int tree_eval_at(const ss_planar_system *sys, const ss_planar_tree *tr,
                       const double *angles_of, const double *step, tree_eval *te, const int nb,
                       const int nd)
{
  if (step) {
    for (int i = 0; i < nb; i++) {
      double d = -step[i], c = te->c[i], s = te->s[i], h = 1.0 - 0.5 * d * d;
      te->x[3 * i + 2] -= step[i];
      te->c[i] = c * h - s * d;
      te->s[i] = s * h + c * d;
    }
  } else {
    for (int i = 0; i < nb; i++)
      te->x[3 * i + 2] = angles_of[3 * i + 2];
    ss_planar_rotations(sys, angles_of, te->c, te->s);
  }
  /* r_b = r_a + A_a pa - A_b pb along the tree */
  for (int o = 0; o < nb; o++) {
    int i = tr->order[o], a = tr->parent[i];
    const ss_planar_joint *jt = &sys->joint[tr->joint_of[i]];
    double r0 = jt->pa[0], r1 = jt->pa[1];
    if (a >= 0) {
      r0 = te->x[3 * a] + te->c[a] * jt->pa[0] - te->s[a] * jt->pa[1];
      r1 = te->x[3 * a + 1] + te->s[a] * jt->pa[0] + te->c[a] * jt->pa[1];
    }
    te->x[3 * i] = r0 - (te->c[i] * jt->pb[0] - te->s[i] * jt->pb[1]);
    te->x[3 * i + 1] = r1 - (te->s[i] * jt->pb[0] + te->c[i] * jt->pb[1]);
  }
  ss_planar_joint_geometry(sys, te->x, te->c, te->s, te->g);
  /* Jr_b = Jr_a + la e_a - lb e_b */
  for (int o = 0; o < nb; o++) {
    int i = tr->order[o], a = tr->parent[i];
    const ss_planar_jgeo *g = &te->g[tr->joint_of[i]];
    for (int r = 0; r < 2; r++) {
      double *Ji = te->Jr[i][r];
      if (a >= 0) {
        const double *Ja = te->Jr[a][r];
        for (int q = 0; q < nb; q++)
          Ji[q] = Ja[q];
        Ji[a] += g->la[r];
      } else {
        for (int q = 0; q < nb; q++)
          Ji[q] = 0.0;
      }
      Ji[i] -= g->lb[r];
    }
  }
  /* cut rows and S = K_theta + K_r Jr (K_r nonzero on the joint's two bodies) */
  double S[SS_PLANAR_MAX_BODIES * SS_PLANAR_MAX_BODIES];
  for (int r = 0; r < nd; r += 2) {
    int j = tr->cut[r / 2];
    ss_planar_constraints_geo(sys, j, &te->g[j], te->psi + r);
    ss_planar_jacobian_geo(sys, j, &te->g[j], te->K + r * 3 * nb); /* rows r, r + 1 */
    te->ka[r] = te->ka[r + 1] = sys->joint[j].a;
    te->kb[r] = te->kb[r + 1] = sys->joint[j].b;
  }
  for (int r = 0; r < nd; r++) {
    const double *Kr = te->K + r * 3 * nb;
    const int *bodies[2] = {&te->ka[r], &te->kb[r]};
    for (int q = 0; q < nb; q++) {
      double v = Kr[3 * q + 2];
      for (int e = 0; e < 2; e++) {
        int i = *bodies[e];
        if (i >= 0)
          v += Kr[3 * i] * te->Jr[i][0][q] + Kr[3 * i + 1] * te->Jr[i][1][q];
      }
      if (tr->drow[q] < 0)
        te->Siu[r] = v;
      else
        S[r * nd + tr->drow[q]] = v;
    }
  }
  return schur_invert(S, nd, te->Sinv);
}

/* C dx = b (m values) with dx[iu] = g: positions r_i = rho_i + Jr_i dtheta
 * along the tree (rho from the tree rows of b), then S dtheta_d = b_cut -
 * K_r rho - S_iu g. */
SIZED void tree_solve(const ss_planar_tree *tr, const tree_eval *te, const double *b, double g,
                      double *dx, const int nb, const int nd)
{
  double rho[SS_PLANAR_MAX_BODIES][2], rhs[SS_PLANAR_MAX_BODIES], th[SS_PLANAR_MAX_BODIES];
  for (int o = 0; o < nb; o++) {
    int i = tr->order[o], j = tr->joint_of[i], a = tr->parent[i];
    rho[i][0] = b[2 * j] + (a >= 0 ? rho[a][0] : 0.0);
    rho[i][1] = b[2 * j + 1] + (a >= 0 ? rho[a][1] : 0.0);
  }
  for (int r = 0; r < nd; r++) {
    const double *Kr = te->K + r * 3 * nb;
    int ia = te->ka[r], ib = te->kb[r];
    double v = b[2 * tr->cut[r / 2] + r % 2] - te->Siu[r] * g;
    v -= Kr[3 * ib] * rho[ib][0] + Kr[3 * ib + 1] * rho[ib][1];
    if (ia >= 0)
      v -= Kr[3 * ia] * rho[ia][0] + Kr[3 * ia + 1] * rho[ia][1];
    rhs[r] = v;
  }
  th[tr->iu_body] = g;
  for (int d = 0; d < nd; d++) {
    const double *Si = te->Sinv + d * nd;
    double v = 0.0;
    for (int r = 0; r < nd; r++)
      v += Si[r] * rhs[r];
    th[tr->dep[d]] = v;
  }
  for (int i = 0; i < nb; i++) {
    const double *J0 = te->Jr[i][0], *J1 = te->Jr[i][1];
    double v0 = rho[i][0], v1 = rho[i][1];
    for (int q = 0; q < nb; q++) {
      v0 += J0[q] * th[q];
      v1 += J1[q] * th[q];
    }
    dx[3 * i] = v0;
    dx[3 * i + 1] = v1;
    dx[3 * i + 2] = th[i];
  }
}

/* C_d^T lambda = b, k right-hand sides (B: k x n, one column of n values
 * each, entry iu unused; L: k x m).  The tree joints' multipliers follow
 * from the force rows, leaves first, affine in the cut multipliers: lambda_j
 * = P_i + Q_i lambda_cut (Q independent of b); the dependent angle rows then
 * give lambda_cut through S^T, the transposed Schur complement. */
SIZED void tree_solve_T(const ss_planar_tree *tr, const tree_eval *te, const double *B, int k,
                        double *L, const int nb, const int m, const int nd)
{
  const int n = 3 * nb;
  double Q[SS_PLANAR_MAX_BODIES][2][SS_PLANAR_MAX_BODIES];
  for (int i = 0; i < nb; i++)
    for (int r = 0; r < nd; r++)
      Q[i][0][r] = Q[i][1][r] = 0.0;
  for (int r = 0; r < nd; r++) {
    int ia = te->ka[r], ib = te->kb[r];
    Q[ib][0][r] = -te->K[r * n + 3 * ib];
    Q[ib][1][r] = -te->K[r * n + 3 * ib + 1];
    if (ia >= 0) {
      Q[ia][0][r] = -te->K[r * n + 3 * ia];
      Q[ia][1][r] = -te->K[r * n + 3 * ia + 1];
    }
  }
  for (int o = nb - 1; o >= 0; o--) {
    int i = tr->order[o], a = tr->parent[i];
    if (a >= 0)
      for (int r = 0; r < nd; r++) {
        Q[a][0][r] += Q[i][0][r];
        Q[a][1][r] += Q[i][1][r];
      }
  }
  for (int col = 0; col < k; col++) {
    const double *b = B + col * n;
    double *lam = L + col * m;
    double P[SS_PLANAR_MAX_BODIES][2], F[SS_PLANAR_MAX_BODIES], lc[SS_PLANAR_MAX_BODIES];
    for (int i = 0; i < nb; i++) {
      P[i][0] = b[3 * i];
      P[i][1] = b[3 * i + 1];
    }
    for (int d = 0; d < nd; d++)
      F[d] = b[3 * tr->dep[d] + 2];
    for (int o = nb - 1; o >= 0; o--) {
      int i = tr->order[o], a = tr->parent[i];
      const ss_planar_jgeo *g = &te->g[tr->joint_of[i]];
      /* force rows: lambda_j = b_r + children - K_r^T lambda_cut */
      if (a >= 0) {
        P[a][0] += P[i][0];
        P[a][1] += P[i][1];
      }
      /* angle rows: lb.lambda_j on body i, -la.lambda_j on its parent */
      if (tr->drow[i] >= 0)
        F[tr->drow[i]] -= g->lb[0] * P[i][0] + g->lb[1] * P[i][1];
      if (a >= 0 && tr->drow[a] >= 0)
        F[tr->drow[a]] += g->la[0] * P[i][0] + g->la[1] * P[i][1];
    }
    for (int r = 0; r < nd; r++) {
      double v = 0.0;
      for (int d = 0; d < nd; d++)
        v += te->Sinv[d * nd + r] * F[d];
      lc[r] = v;
      lam[2 * tr->cut[r / 2] + r % 2] = v;
    }
    for (int i = 0; i < nb; i++) {
      int j = tr->joint_of[i];
      double v0 = P[i][0], v1 = P[i][1];
      for (int r = 0; r < nd; r++) {
        v0 += Q[i][0][r] * lc[r];
        v1 += Q[i][1][r] * lc[r];
      }
      lam[2 * j] = v0;
      lam[2 * j + 1] = v1;
    }
  }
}

static const char *const SINGULAR_PARTITION =
    "singular coordinate partition (the independent coordinate cannot drive the mechanism here)";

/* Newton on the dependent angles until the cut joints close (|psi| <= the
 * projection tolerance); te is then evaluated at the result. */
SIZED int tree_project(const ss_planar_system *sys, const ss_planar_tree *tr, const double *x,
                       tree_eval *te, const int nb, const int nd)
{
  double th[SS_PLANAR_MAX_N], step[SS_PLANAR_MAX_BODIES] = {0};
  bool small = false; /* the last step allows the rotation update */
  memcpy(th, x, sizeof(double) * (size_t)(3 * nb));
  for (int it = 0;; it++) {
    if (tree_eval_at(sys, tr, th, small ? step : NULL, te, nb, nd) < 0)
      return -1;
    if (max_abs(te->psi, nd) <= PROJECT_TOL)
      return 0;
    if (it == PROJECT_MAX)
      return -1;
    small = true;
    for (int d = 0; d < nd; d++) {
      double v = 0.0;
      for (int r = 0; r < nd; r++)
        v += te->Sinv[d * nd + r] * te->psi[r];
      th[3 * tr->dep[d] + 2] -= v;
      step[tr->dep[d]] = v;
      small &= fabs(v) <= 1e-6;
    }
  }
}

int ss_planar_tree_project(const ss_planar_system *sys, const ss_planar_tree *tr, double *x)
{
  tree_eval te;
  if (tree_project(sys, tr, x, &te, sys->nb, tr->nd) < 0)
    return -1;
  memcpy(x, te.x, sizeof(double) * (size_t)sys->n);
  return 0;
}

/* Joint sliding rates per unit u, c = C_mu D, from the geometry. */
static void slide_rates(const ss_planar_system *sys, const tree_eval *te, const double *D,
                        double *Cmu, double *c)
{
  int n = sys->n;
  for (int j = 0; j < sys->nj; j++) {
    double *row = Cmu + j * n, v = 0.0;
    ss_planar_slide_geo(sys, j, &te->g[j], row);
    for (int q = 0; q < n; q++)
      v += row[q] * D[q];
    c[j] = v;
  }
}

SIZED int tree_rates(const ss_planar_system *sys, const ss_planar_tree *tr, const double *x,
                     double *D, double *c, const int nb, const int nd)
{
  tree_eval te;
  double zero[SS_PLANAR_MAX_M] = {0}, Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N];
  if (tree_eval_at(sys, tr, x, NULL, &te, nb, nd) < 0)
    return -1;
  tree_solve(tr, &te, zero, 1.0, D, nb, nd);
  if (c)
    slide_rates(sys, &te, D, Cmu, c);
  return 0;
}

/* One loop of three bodies closed by one joint (both slider-cranks, a
 * four-bar): its own copy of the tree code with constant sizes, unrolled
 * by the compiler (the same operations in the same order). */
static bool tree_is_loop3(const ss_planar_system *sys, const ss_planar_tree *tr)
{
  return sys->nb == 3 && sys->nj == 4 && sys->m == 8 && tr->nd == 2;
}

int ss_planar_tree_rates(const ss_planar_system *sys, const ss_planar_tree *tr, const double *x,
                         double *D, double *c)
{
  if (tree_is_loop3(sys, tr))
    return tree_rates(sys, tr, x, D, c, 3, 2);
  return tree_rates(sys, tr, x, D, c, sys->nb, tr->nd);
}

SIZED int tree_prepare(const ss_planar_system *sys, const ss_planar_tree *tr, double *x,
                       bool project, bool reactions, double u, const double *h,
                       ss_planar_minimal *out, const char **why, const int nb, const int nj,
                       const int m, const int nd)
{
  const int n = 3 * nb;
  double nu[SS_PLANAR_MAX_N], xd[SS_PLANAR_MAX_N], xi[SS_PLANAR_MAX_M];
  double Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N], zero[SS_PLANAR_MAX_M] = {0};
  double B[SS_PLANAR_MAX_N * (SS_PLANAR_MAX_JOINTS + 1)];
  double L[SS_PLANAR_MAX_M * (SS_PLANAR_MAX_JOINTS + 1)];
  tree_eval te;
  if ((project ? tree_project(sys, tr, x, &te, nb, nd)
               : tree_eval_at(sys, tr, x, NULL, &te, nb, nd)) < 0) {
    *why = SINGULAR_PARTITION;
    return -1;
  }
  if (project)
    memcpy(x, te.x, sizeof(double) * (size_t)n);
  tree_solve(tr, &te, zero, 1.0, out->D, nb, nd);
  for (int q = 0; q < n; q++)
    xd[q] = out->D[q] * u;
  for (int j = 0; j < nj; j++)
    ss_planar_gamma_geo(sys, j, &te.g[j], xd, xi + 2 * j);
  tree_solve(tr, &te, xi, 0.0, nu, nb, nd);
  for (int j = 0; j < nj; j++)
    ss_planar_slide_geo(sys, j, &te.g[j], Cmu + j * n);
  if (reduce(sys, out->D, nu, Cmu, h, out, B, why, n, nj) < 0)
    return -1;
  if (!reactions)
    return 0;
  tree_solve_T(tr, &te, B, nj + 1, L, nb, m, nd);
  memcpy(out->lam0, L, sizeof(double) * (size_t)m);
  memcpy(out->lamj, L + m, sizeof(double) * (size_t)(nj * m));
  return 0;
}

int ss_planar_tree_prepare(const ss_planar_system *sys, const ss_planar_tree *tr, double *x,
                           bool project, bool reactions, double u, const double *h,
                           ss_planar_minimal *out, const char **why)
{
  if (tree_is_loop3(sys, tr))
    return tree_prepare(sys, tr, x, project, reactions, u, h, out, why, 3, 4, 8, 2);
  return tree_prepare(sys, tr, x, project, reactions, u, h, out, why, sys->nb, sys->nj, sys->m,
                      tr->nd);
}

int ss_planar_minimal_friction(const ss_planar_system *sys, ss_planar_minimal *out, const int *dir,
                               const double *mu, double *lambda, double *fmu, const char **why)
{
  int rc = couple(sys, dir, mu, out->lam0, out->lamj, lambda, fmu, why);
  if (rc < 0)
    return rc;
  double hmu = 0.0;
  for (int j = 0; j < sys->nj; j++)
    hmu += out->c[j] * fmu[j];
  out->udot = (out->hr + hmu) / out->Mr;
  out->hr_mu = hmu;
  return 0;
}

int ss_planar_minimal_solve(const ss_planar_system *sys, int iu, const double *x, double u,
                            const double *h, const int *dir, const double *mu, double *lambda,
                            double *fmu, ss_planar_minimal *out, const char **why)
{
  double xc[SS_PLANAR_MAX_N];
  memcpy(xc, x, sizeof(double) * (size_t)sys->n);
  if (ss_planar_minimal_prepare(sys, iu, xc, false, true, u, h, out, why) < 0)
    return -1;
  return ss_planar_minimal_friction(sys, out, dir, mu, lambda, fmu, why);
}

int ss_planar_minimal_project_solve(const ss_planar_system *sys, int iu, double *x, double u,
                                    const double *h, const int *dir, const double *mu,
                                    double *lambda, double *fmu, ss_planar_minimal *out,
                                    const char **why)
{
  if (ss_planar_minimal_prepare(sys, iu, x, true, true, u, h, out, why) < 0)
    return -1;
  return ss_planar_minimal_friction(sys, out, dir, mu, lambda, fmu, why);
}

int ss_planar_project(const ss_planar_system *sys, int iu, double *x)
{
  partition pt;
  return partition_project(sys, iu, x, &pt);
}
