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
static const double PROJECT_TOL = 1e-13;     /* |Phi| after projection, m or rad */

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

static void friction_from_basis(const ss_planar_system *sys, const int *dir, const double *mu,
                                const double *lambda, double *fmu)
{
  double basis[SS_PLANAR_MAX_JOINTS];
  ss_planar_friction_basis(sys, lambda, basis);
  for (int j = 0; j < sys->nj; j++)
    fmu[j] = dir[j] == 0 ? 0.0 : -dir[j] * mu[j] * basis[j];
}

static bool any_friction(const ss_planar_system *sys, const int *dir, const double *mu)
{
  for (int j = 0; j < sys->nj; j++)
    if (dir[j] != 0 && mu[j] > 0.0)
      return true;
  return false;
}

static bool converged(const double *a, const double *b, int n)
{
  for (int i = 0; i < n; i++)
    if (fabs(a[i] - b[i]) > FIXED_POINT_TOL * (1.0 + fabs(b[i])))
      return false;
  return true;
}

/* Friction-reaction coupling when lambda is affine in f_mu:
 * lambda = lam0 + sum_j f_mu[j] lamj[j] (columns of m values each).
 * Fixed-point iteration on the nj friction values only. */
static int couple(const ss_planar_system *sys, const int *dir, const double *mu,
                  const double *lam0, const double *lamj, double *lambda, double *fmu,
                  const char **why)
{
  int m = sys->m, nj = sys->nj;
  double fnew[SS_PLANAR_MAX_JOINTS];
  for (int j = 0; j < nj; j++)
    fmu[j] = 0.0;
  for (int it = 0; it < FIXED_POINT_MAX; it++) {
    for (int i = 0; i < m; i++) {
      double l = lam0[i];
      for (int j = 0; j < nj; j++)
        l += fmu[j] * lamj[j * m + i];
      lambda[i] = l;
    }
    if (!any_friction(sys, dir, mu))
      return 0;
    friction_from_basis(sys, dir, mu, lambda, fnew);
    if (converged(fnew, fmu, nj))
      return 0; /* lambda belongs to fmu, which equals fnew to 1e-13 */
    memcpy(fmu, fnew, sizeof(double) * (size_t)nj);
  }
  *why = "joint friction and reactions did not converge (friction too high for a "
         "unique sliding solution?)";
  return -2;
}

int ss_planar_accel(const ss_planar_system *sys, const double *x, const double *xd,
                    const double *h, const int *dir, const double *mu, const double *xi_extra,
                    double *xdd, double *lambda, double *fmu, const char **why)
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
  int m;                                       /* size of C_d */
  int n;                                       /* coordinates */
  int iu;                                      /* independent coordinate */
  double C[SS_PLANAR_MAX_M * SS_PLANAR_MAX_N]; /* full Jacobian at x, row-major */
  double LU[SS_PLANAR_MAX_M * SS_PLANAR_MAX_M];/* LU factors of C_d */
  size_t perm_data[SS_PLANAR_MAX_M];           /* row permutation */
  gsl_matrix_view A;                           /* view of LU */
  gsl_permutation p;                           /* view of perm_data */
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

int ss_planar_partition(const ss_planar_system *sys, int iu, const double *x, double u,
                        double *D, double *nu)
{
  partition pt;
  if (partition_factor(sys, iu, x, &pt) < 0)
    return -1;
  partition_rates(sys, iu, &pt, x, u, D, nu);
  return 0;
}

int ss_planar_minimal_prepare(const ss_planar_system *sys, int iu, double *x, bool project,
                              double u, const double *h, ss_planar_minimal *out, const char **why)
{
  int n = sys->n, m = sys->m, nj = sys->nj, k = nj + 1;
  double *D = out->D, *c = out->c;
  double nu[SS_PLANAR_MAX_N], Cmu[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_N], Md[SS_PLANAR_MAX_N];
  double B[SS_PLANAR_MAX_M * (SS_PLANAR_MAX_JOINTS + 1)], X[SS_PLANAR_MAX_M * (SS_PLANAR_MAX_JOINTS + 1)];
  partition pt;
  if ((project ? partition_project(sys, iu, x, &pt) : partition_factor(sys, iu, x, &pt)) < 0) {
    *why = "singular coordinate partition (the independent coordinate cannot drive the "
           "mechanism here)";
    return -1;
  }
  partition_rates(sys, iu, &pt, x, u, D, nu);
  ss_planar_slide_jacobian(sys, x, Cmu);
  /* reduced mass and forces (seed eq. 5.3) */
  double Mr = 0.0, hr = 0.0;
  for (int i = 0; i < sys->nb; i++) {
    Md[3 * i] = Md[3 * i + 1] = sys->body[i].m;
    Md[3 * i + 2] = sys->body[i].J;
  }
  for (int q = 0; q < n; q++) {
    Mr += D[q] * Md[q] * D[q];
    hr += D[q] * (h[q] - Md[q] * nu[q]);
  }
  if (!(Mr > 0.0)) {
    *why = "reduced mass is zero";
    return -1;
  }
  for (int j = 0; j < nj; j++) {
    c[j] = 0.0;
    for (int q = 0; q < n; q++)
      c[j] += Cmu[j * n + q] * D[q];
  }
  /* reaction equations C^T lambda = M x'' - h - C_mu^T f_mu with
   * x'' = D u' + nu, u' = (hr + c.f_mu)/Mr: affine in f_mu.  Only the
   * dependent rows are solved (exact: D^T of the residual vanishes).
   * Column 0: friction-free part; column 1 + j: per unit friction of j. */
  for (int q = 0, r = 0; q < n; q++) {
    if (q == iu)
      continue;
    B[r * k] = Md[q] * (D[q] * hr / Mr + nu[q]) - h[q];
    for (int j = 0; j < nj; j++)
      B[r * k + 1 + j] = Md[q] * D[q] * c[j] / Mr - Cmu[j * n + q];
    r++;
  }
  partition_solve_T_multi(&pt, B, X, k);
  for (int r = 0; r < m; r++) {
    out->lam0[r] = X[r * k];
    for (int j = 0; j < nj; j++)
      out->lamj[j * m + r] = X[r * k + 1 + j];
  }
  out->Mr = Mr;
  out->hr = hr;
  out->udot = hr / Mr;
  out->hr_mu = 0.0;
  return 0;
}

int ss_planar_minimal_friction(const ss_planar_system *sys, ss_planar_minimal *out,
                               const int *dir, const double *mu, double *lambda, double *fmu,
                               const char **why)
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
  if (ss_planar_minimal_prepare(sys, iu, xc, false, u, h, out, why) < 0)
    return -1;
  return ss_planar_minimal_friction(sys, out, dir, mu, lambda, fmu, why);
}

int ss_planar_minimal_project_solve(const ss_planar_system *sys, int iu, double *x, double u,
                                    const double *h, const int *dir, const double *mu,
                                    double *lambda, double *fmu, ss_planar_minimal *out,
                                    const char **why)
{
  if (ss_planar_minimal_prepare(sys, iu, x, true, u, h, out, why) < 0)
    return -1;
  return ss_planar_minimal_friction(sys, out, dir, mu, lambda, fmu, why);
}

int ss_planar_project(const ss_planar_system *sys, int iu, double *x)
{
  partition pt;
  return partition_project(sys, iu, x, &pt);
}
