/* planar-stiction.c - locked joints, redundancy treatments and exact
 * friction-reaction coupling for planar mechanisms (planar-stiction.h).
 * Linear algebra: GSL LU (square systems, the dynamics' Schur complement)
 * and SVD (statics, possibly redundant), all on stack buffers. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <float.h>
#include <math.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>

#include "planar-stiction.h"

enum {
  MAX_U = SS_FJ_MAX_U,                /* statics unknowns */
  MAX_K = SS_PLANAR_MAX_N + MAX_U,    /* dynamics unknowns */
  MAX_RHS = 1 + SS_PLANAR_MAX_JOINTS, /* applied forces + unit friction per joint */
  PIECE_ITER_MAX = 24,                /* active-set iterations on the signs of N */
};
static const double RANK_TOL = 1e-11;    /* singular values below this times the largest are zero */
static const double COUPLE_TOL = 1e-10;  /* friction consistency, relative */
static const double RESIDUAL_TOL = 1e-8; /* statics residual, relative to the loads */

/* ---- GSL's LU, written out for small systems ----------------------------
 *
 * gsl_linalg_LU_decomp and the triangular solves of gsl_linalg_LU_svx, bit
 * for bit as GSL 2.7 computes them for n <= SS_LU_SMALL (its Level-2 algorithm
 * below its recursion's crossover), without GSL's allocation per call and
 * its reference CBLAS's calls per row: pivot the first largest |a| of the
 * column, swap whole rows, scale the column below by 1 / pivot (divide
 * below DBL_MIN: a zero pivot gives NaN multipliers, as in GSL 2.7),
 * rank-one update a_ik += a_jk (-1 a_ij) of the rest; the
 * permutation from the row swaps as GSL forms it; forward substitution
 * with L's unit diagonal and back substitution with U, each sum in GSL's
 * order (tmp -= a_ij x_j, j ascending). */
static volatile double lu_minus_one = -1.0;

static inline __attribute__((always_inline)) void lu_decomp_n(double *A, int n, size_t *perm)
{
  int ipiv[SS_LU_SMALL];
  const double alpha = lu_minus_one; /* a product, as GSL's: a NaN keeps its sign */
  for (int j = 0; j < n; j++) {
    int jp = j;
    double max = 0.0;
    for (int i = j; i < n; i++)
      if (fabs(A[i * n + j]) > max) {
        max = fabs(A[i * n + j]);
        jp = i;
      }
    ipiv[j] = jp;
    if (jp != j)
      for (int k = 0; k < n; k++) {
        double t = A[j * n + k];
        A[j * n + k] = A[jp * n + k];
        A[jp * n + k] = t;
      }
    double ajj = A[j * n + j]; /* (0: the multipliers are NaN, as GSL 2.7's) */
    if (fabs(ajj) >= DBL_MIN) {
      double r = 1.0 / ajj;
      for (int i = j + 1; i < n; i++)
        A[i * n + j] *= r;
    } else {
      for (int i = j + 1; i < n; i++)
        A[i * n + j] /= ajj;
    }
    for (int i = j + 1; i < n; i++) {
      double t = alpha * A[i * n + j];
      double *ai = A + i * n;
      const double *aj = A + j * n;
      for (int k = j + 1; k < n; k++)
        ai[k] += aj[k] * t;
    }
  }
  for (int i = 0; i < n; i++)
    perm[i] = (size_t)i;
  for (int i = 0; i < n; i++)
    if (perm[ipiv[i]] != perm[i]) {
      size_t t = perm[ipiv[i]];
      perm[ipiv[i]] = perm[i];
      perm[i] = t;
    }
}

/* Kernel K for the sizes of the mechanisms' Schur complements, unrolled
 * (the decomposition and both substitutions), and a plain loop above. */
#define LU_SIZES(K, n)   \
  switch (n) {           \
  case 2: K(2); break;   \
  case 3: K(3); break;   \
  case 4: K(4); break;   \
  case 5: K(5); break;   \
  case 6: K(6); break;   \
  case 7: K(7); break;   \
  case 8: K(8); break;   \
  case 9: K(9); break;   \
  case 10: K(10); break; \
  default: K(n); break;  \
  }

void ss_lu_decomp(double *A, int n, size_t *perm)
{
#define K(N) lu_decomp_n(A, N, perm)
  LU_SIZES(K, n)
#undef K
}

static inline __attribute__((always_inline)) void lu_forward_n(const double *LU, int n, double *x,
                                                               int sx)
{
  for (int i = 1; i < n; i++) {
    double t = x[i * sx];
    for (int j = 0; j < i; j++)
      t -= LU[i * n + j] * x[j * sx];
    x[i * sx] = t;
  }
}

static inline __attribute__((always_inline)) void lu_back_n(const double *LU, int n, double *x,
                                                            int sx)
{
  x[(n - 1) * sx] = x[(n - 1) * sx] / LU[(n - 1) * n + (n - 1)];
  for (int i = n - 2; i >= 0; i--) {
    double t = x[i * sx];
    for (int j = i + 1; j < n; j++)
      t -= LU[i * n + j] * x[j * sx];
    x[i * sx] = t / LU[i * n + i];
  }
}

void ss_lu_forward(const double *LU, int n, double *x, int sx)
{
#define K(N) lu_forward_n(LU, N, x, sx)
  LU_SIZES(K, n)
#undef K
}

void ss_lu_back(const double *LU, int n, double *x, int sx)
{
#define K(N) lu_back_n(LU, N, x, sx)
  LU_SIZES(K, n)
#undef K
}

void ss_fj_spec_init(ss_fj_spec *spec)
{
  memset(spec, 0, sizeof *spec);
  spec->drop_row = -1;
}

/* The linear piece of a guide's friction basis max(|N|, 2|M|/h) that is
 * active at lambda: basis = sw * lambda[row]. */
typedef struct piece {
  int row;   /* multiplier index */
  double sw; /* sign times weight */
} piece;

static piece piece_at(const ss_planar_system *sys, int j, const double *lambda)
{
  const ss_planar_joint *jt = &sys->joint[j];
  double l0 = lambda[2 * j], l1 = lambda[2 * j + 1];
  double w1 = jt->h > 0.0 ? 2.0 / jt->h : 0.0;
  if (w1 > 0.0 && w1 * fabs(l1) > fabs(l0))
    return (piece){2 * j + 1, l1 >= 0.0 ? w1 : -w1};
  return (piece){2 * j, l0 >= 0.0 ? 1.0 : -1.0};
}

static double basis_at(const ss_planar_system *sys, int j, const double *lambda)
{
  ss_planar_reaction r;
  ss_planar_reaction_of(sys, j, lambda, &r);
  return r.basis;
}

/* f = G^-1 r (nc x nc, G overwritten); -1 when a pivot is below 1e-12.  One
 * or two frictional joints (the usual case): elimination with partial
 * pivoting written out, as GSL's LU does it; more: GSL LU. */
static int couple_solve(double *G, const double *r, int nc, size_t *perm_data, double *f)
{
  if (nc == 1) {
    if (!(fabs(G[0]) > 1e-12))
      return -1;
    f[0] = r[0] / G[0];
    return 0;
  }
  if (nc == 2) {
    int p = fabs(G[2]) > fabs(G[0]) ? 1 : 0, o = 1 - p;
    double l = G[2 * o] / G[2 * p], u11 = G[2 * o + 1] - l * G[2 * p + 1];
    if (!(fmin(fabs(G[2 * p]), fabs(u11)) > 1e-12))
      return -1;
    f[1] = (r[o] - l * r[p]) / u11;
    f[0] = (r[p] - G[2 * p + 1] * f[1]) / G[2 * p];
    return 0;
  }
  gsl_matrix_view Gv = gsl_matrix_view_array(G, (size_t)nc, (size_t)nc);
  gsl_vector_const_view rv = gsl_vector_const_view_array(r, (size_t)nc);
  gsl_vector_view fv = gsl_vector_view_array(f, (size_t)nc);
  gsl_permutation p = {(size_t)nc, perm_data};
  int signum;
  gsl_linalg_LU_decomp(&Gv.matrix, &p, &signum);
  double dmin = INFINITY;
  for (int a = 0; a < nc; a++)
    dmin = fmin(dmin, fabs(G[a * nc + a]));
  if (!(dmin > 1e-12))
    return -1;
  gsl_linalg_LU_solve(&Gv.matrix, &p, &rv.vector, &fv.vector);
  return 0;
}

/* lambda = lam0 + sum_c f[c] lamc[c]; Coulomb joints cj[c] need
 * f[c] = -coef[cj] basis(lambda).  On a fixed set of pieces this is an
 * nc x nc linear system; iterate the pieces until they agree. */
static int couple_exact(const ss_planar_system *sys, const ss_fj_spec *spec, const double *lam0,
                        const double *lamc, const int *cj, int nc, double *f, const char **why)
{
  int m = sys->m;
  double lam[SS_PLANAR_MAX_M];
  piece pc[SS_PLANAR_MAX_JOINTS];
  for (int c = 0; c < nc; c++)
    f[c] = 0.0;
  if (nc == 0)
    return 0;
  for (int c = 0; c < nc; c++) {
    pc[c] = piece_at(sys, cj[c], lam0);
    if (spec->nsign[cj[c]] != 0)
      pc[c] = (piece){2 * cj[c], spec->nsign[cj[c]] > 0 ? 1.0 : -1.0};
  }
  for (int it = 0; it < PIECE_ITER_MAX; it++) {
    double G[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_JOINTS], r[SS_PLANAR_MAX_JOINTS];
    size_t perm_data[SS_PLANAR_MAX_JOINTS];
    for (int a = 0; a < nc; a++) {
      double k = spec->coef[cj[a]] * pc[a].sw;
      for (int b = 0; b < nc; b++)
        G[a * nc + b] = (a == b ? 1.0 : 0.0) + k * lamc[b * m + pc[a].row];
      r[a] = -k * lam0[pc[a].row];
    }
    if (couple_solve(G, r, nc, perm_data, f) < 0) {
      *why = "friction-reaction coupling is singular (friction too high for a unique "
             "solution)";
      return -1;
    }
    for (int i = 0; i < m; i++) {
      double l = lam0[i];
      for (int b = 0; b < nc; b++)
        l += f[b] * lamc[b * m + i];
      lam[i] = l;
    }
    bool consistent = true;
    for (int a = 0; a < nc; a++) {
      double want = -spec->coef[cj[a]] * basis_at(sys, cj[a], lam);
      if (fabs(f[a] - want) > COUPLE_TOL * (1.0 + fabs(want)))
        consistent = false;
      pc[a] = piece_at(sys, cj[a], lam);
    }
    if (consistent)
      return 0;
  }
  *why = "joint friction and reactions have no consistent solution (friction too high?)";
  return -2;
}

/* The pseudoinverse of A (rows x cols) by GSL's SVD of A or of A^T (GSL
 * needs rows >= cols).  Returns the rank. */
static int pinv_factor(const double *A, int rows, int cols, ss_fj_pinv *F)
{
  double work[SS_PLANAR_MAX_N];
  bool wide = rows < cols;
  int r = wide ? cols : rows, c = wide ? rows : cols; /* decomposed matrix is r x c, r >= c */
  double *Ua = F->U, *V = F->V, *S = F->S;
  F->rows = rows, F->cols = cols, F->wide = wide, F->r = r, F->c = c;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      if (wide)
        Ua[j * c + i] = A[i * cols + j];
      else
        Ua[i * c + j] = A[i * cols + j];
    }
  gsl_matrix_view Uv = gsl_matrix_view_array(Ua, (size_t)r, (size_t)c);
  gsl_matrix_view Vv = gsl_matrix_view_array(V, (size_t)c, (size_t)c);
  gsl_vector_view Sv = gsl_vector_view_array(S, (size_t)c);
  gsl_vector_view Wv = gsl_vector_view_array(work, (size_t)c);
  gsl_linalg_SV_decomp(&Uv.matrix, &Vv.matrix, &Sv.vector, &Wv.vector);
  double smax = c > 0 ? S[0] : 0.0;
  int rank = 0;
  for (int i = 0; i < c; i++) {
    if (S[i] > RANK_TOL * smax && S[i] > 0.0)
      rank++;
    else
      S[i] = 0.0;
  }
  return rank;
}

/* Column q of X (cols x k) = A+ times column q of B (rows x k). */
static void pinv_apply(const ss_fj_pinv *F, const double *B, int k, int q, double *X)
{
  const double *Ua = F->U, *V = F->V, *S = F->S;
  int c = F->c;
  bool wide = F->wide;
  /* not wide: A = U S V^T, A+ = V S+ U^T;  wide: A = V S U^T, A+ = U S+ V^T */
  double y[SS_PLANAR_MAX_N];
  for (int i = 0; i < c; i++) {
    double s = 0.0;
    for (int l = 0; l < F->rows; l++)
      s += (wide ? V[l * c + i] : Ua[l * c + i]) * B[l * k + q];
    y[i] = S[i] > 0.0 ? s / S[i] : 0.0;
  }
  for (int j = 0; j < F->cols; j++) {
    double s = 0.0;
    for (int i = 0; i < c; i++)
      s += (wide ? Ua[j * c + i] : V[j * c + i]) * y[i];
    X[j * k + q] = s;
  }
}

/* The elimination order of ss_fj_square_solve for A (n x n) and the LU of
 * what remains.  Returns 0, or -1 when singular. */
static int square_factor(const double *A, int n, double tol, ss_fj_square *F)
{
  bool rdone[SS_PLANAR_MAX_N] = {false}, cdone[SS_PLANAR_MAX_N] = {false};
  int *er = F->er, *ec = F->ec, ne = 0; /* eliminations in order */
  bool *fwd = F->fwd;
  double pmax = 0.0, pmin = INFINITY;
  if (n > SS_PLANAR_MAX_N)
    return -1;
  F->n = n;
  for (bool changed = true; changed;) {
    changed = false;
    for (int r = 0; r < n; r++) {
      if (rdone[r])
        continue;
      int cnt = 0, c1 = -1;
      for (int c = 0; c < n && cnt < 2; c++)
        if (!cdone[c] && A[r * n + c] != 0.0)
          cnt++, c1 = c;
      if (cnt == 0)
        return -1; /* structurally singular */
      if (cnt == 1) {
        er[ne] = r, ec[ne] = c1, fwd[ne++] = true;
        rdone[r] = cdone[c1] = changed = true;
      }
    }
    for (int c = 0; c < n; c++) {
      if (cdone[c])
        continue;
      int cnt = 0, r1 = -1;
      for (int r = 0; r < n && cnt < 2; r++)
        if (!rdone[r] && A[r * n + c] != 0.0)
          cnt++, r1 = r;
      if (cnt == 0)
        return -1;
      if (cnt == 1) {
        er[ne] = r1, ec[ne] = c, fwd[ne++] = false;
        rdone[r1] = cdone[c] = changed = true;
      }
    }
  }
  F->ne = ne;
  for (int e = 0; e < ne; e++) {
    double piv = fabs(A[er[e] * n + ec[e]]);
    pmax = fmax(pmax, piv);
    pmin = fmin(pmin, piv);
  }
  /* the rest: GSL LU */
  int m = 0, mc = 0;
  for (int r = 0; r < n; r++)
    if (!rdone[r])
      F->cr[m++] = r;
  for (int c = 0; c < n; c++)
    if (!cdone[c])
      F->cc[mc++] = c;
  F->m = m;
  if (m > 0) {
    double *Ac = F->lu;
    for (int i = 0; i < m; i++)
      for (int j = 0; j < m; j++)
        Ac[i * m + j] = A[F->cr[i] * n + F->cc[j]];
    gsl_matrix_view Av = gsl_matrix_view_array(Ac, (size_t)m, (size_t)m);
    gsl_permutation p = {(size_t)m, F->perm};
    int signum;
    gsl_linalg_LU_decomp(&Av.matrix, &p, &signum);
    for (int i = 0; i < m; i++) {
      pmax = fmax(pmax, fabs(Ac[i * m + i]));
      pmin = fmin(pmin, fabs(Ac[i * m + i]));
    }
  }
  return pmax > 0.0 && pmin > tol * pmax ? 0 : -1;
}

/* Column q of X = A^-1 B (B and X n x k) with A's factors F. */
static void square_apply(const ss_fj_square *F, const double *A, const double *B, int k, int q,
                         double *X)
{
  int n = F->n, ne = F->ne, m = F->m;
  const int *er = F->er, *ec = F->ec;
  const bool *fwd = F->fwd;
  /* row singletons: each row's other unknowns are already known */
  for (int e = 0; e < ne; e++) {
    if (!fwd[e])
      continue;
    int r = er[e], c = ec[e];
    double s = B[r * k + q];
    for (int e2 = 0; e2 < e; e2++)
      if (fwd[e2])
        s -= A[r * n + ec[e2]] * X[ec[e2] * k + q];
    X[c * k + q] = s / A[r * n + c];
  }
  /* the rest: GSL LU */
  if (m > 0) {
    double bc[SS_PLANAR_MAX_N];
    gsl_matrix_const_view Av = gsl_matrix_const_view_array(F->lu, (size_t)m, (size_t)m);
    gsl_permutation p = {(size_t)m, (size_t *)F->perm};
    for (int i = 0; i < m; i++) {
      double s = B[F->cr[i] * k + q];
      for (int e = 0; e < ne; e++)
        if (fwd[e])
          s -= A[F->cr[i] * n + ec[e]] * X[ec[e] * k + q];
      bc[i] = s;
    }
    gsl_vector_view bv = gsl_vector_view_array(bc, (size_t)m);
    gsl_linalg_LU_svx(&Av.matrix, &p, &bv.vector);
    for (int j = 0; j < m; j++)
      X[F->cc[j] * k + q] = bc[j];
  }
  /* column singletons, last first: every other unknown of their row is known */
  for (int e = ne - 1; e >= 0; e--) {
    if (fwd[e])
      continue;
    int r = er[e], c = ec[e];
    double s = B[r * k + q];
    for (int c2 = 0; c2 < n; c2++)
      if (c2 != c && A[r * n + c2] != 0.0)
        s -= A[r * n + c2] * X[c2 * k + q];
    X[c * k + q] = s / A[r * n + c];
  }
}

int ss_fj_square_solve(const double *A, int n, const double *B, int k, double *X, double tol)
{
  ss_fj_square F;
  if (square_factor(A, n, tol, &F) < 0)
    return -1;
  for (int q = 0; q < k; q++)
    square_apply(&F, A, B, k, q, X);
  return 0;
}

/* Column bookkeeping shared by statics and dynamics. */
typedef struct layout {
  int col_of_row[SS_PLANAR_MAX_M];       /* multiplier column of each constraint row, -1 dropped */
  int col_of_lock[SS_PLANAR_MAX_JOINTS]; /* multiplier column of each locked joint, -1 */
  int nu;                                /* multipliers */
  int cj[SS_PLANAR_MAX_JOINTS];          /* Coulomb joints */
  int nc;                                /* their number */
} layout;

/* The joints with reaction-dependent friction (Coulomb role, nonzero
 * coefficient) in cj[*nc]; -1 with *why when one cannot have it here. */
static int coulomb_joints(const ss_planar_system *sys, const ss_fj_spec *spec, int *cj, int *nc,
                          const char **why)
{
  *nc = 0;
  for (int j = 0; j < sys->nj; j++) {
    if (spec->role[j] != SS_FJ_COULOMB || spec->coef[j] == 0.0)
      continue;
    if (sys->joint[j].kind != SS_JOINT_PRISMATIC) {
      *why = "reaction-dependent friction here is implemented for prismatic joints only";
      return -1;
    }
    if (spec->drop_row == 2 * j || spec->drop_row == 2 * j + 1) {
      *why = "the eliminated equation carries the normal force of a joint with friction";
      return -1;
    }
    cj[(*nc)++] = j;
  }
  return 0;
}

static int make_layout(const ss_planar_system *sys, const ss_fj_spec *spec, layout *L,
                       const char **why)
{
  L->nu = 0;
  for (int r = 0; r < sys->m; r++)
    L->col_of_row[r] = r == spec->drop_row ? -1 : L->nu++;
  for (int j = 0; j < sys->nj; j++)
    L->col_of_lock[j] = spec->role[j] == SS_FJ_LOCK ? L->nu++ : -1;
  return coulomb_joints(sys, spec, L->cj, &L->nc, why);
}

static void fill_solution(const ss_planar_system *sys, const ss_fj_spec *spec, const layout *L,
                          const double *u, const double *f, ss_fj_solution *out)
{
  for (int r = 0; r < sys->m; r++)
    out->lambda[r] = L->col_of_row[r] >= 0 ? u[L->col_of_row[r]] : 0.0;
  for (int j = 0; j < sys->nj; j++)
    out->fmu[j] = L->col_of_lock[j] >= 0 ? u[L->col_of_lock[j]] : 0.0;
  for (int c = 0; c < L->nc; c++)
    out->fmu[L->cj[c]] = f[c];
  for (int j = 0; j < sys->nj; j++) /* a frictionless pin (d = 0) has none */
    out->basis[j] = sys->joint[j].kind == SS_JOINT_REVOLUTE && sys->joint[j].d == 0.0
                        ? 0.0
                        : basis_at(sys, j, out->lambda);
  (void)spec;
}

int ss_fj_statics(const ss_planar_system *sys, const double *x, const double *h,
                  const ss_fj_spec *spec, ss_fj_solution *out, const char **why)
{
  ss_fj_kinematics kin;
  ss_fj_kinematics_at(sys, x, NULL, &kin);
  return ss_fj_statics_at(sys, &kin, h, spec, out, why);
}

int ss_fj_statics_at(const ss_planar_system *sys, const ss_fj_kinematics *kin, const double *h,
                     const ss_fj_spec *spec, ss_fj_solution *out, const char **why)
{
  ss_fj_statics_factor f;
  if (ss_fj_statics_factor_at(sys, kin, spec, &f, why) < 0)
    return -1;
  return ss_fj_statics_solve(sys, kin, &f, h, spec, out, why);
}

int ss_fj_statics_factor_at(const ss_planar_system *sys, const ss_fj_kinematics *kin,
                            const ss_fj_spec *spec, ss_fj_statics_factor *f, const char **why)
{
  int n = sys->n, m = sys->m;
  const double *C = kin->C, *Cmu = kin->Cmu;
  layout L;
  if (make_layout(sys, spec, &L, why) < 0)
    return -1;
  memcpy(f->role, spec->role, sizeof f->role);
  f->drop_row = spec->drop_row;
  f->pinv = spec->pinv;
  memcpy(f->col_of_row, L.col_of_row, sizeof f->col_of_row);
  memcpy(f->col_of_lock, L.col_of_lock, sizeof f->col_of_lock);
  memcpy(f->cj, L.cj, sizeof f->cj);
  f->nc = L.nc;
  int nu = f->nu = L.nu, nc = L.nc;
  double *A = f->A;
  memset(A, 0, sizeof(double) * (size_t)(n * nu));
  for (int r = 0; r < m; r++)
    if (L.col_of_row[r] >= 0)
      for (int q = 0; q < n; q++)
        A[q * nu + L.col_of_row[r]] = C[r * n + q];
  for (int j = 0; j < sys->nj; j++)
    if (L.col_of_lock[j] >= 0)
      for (int q = 0; q < n; q++)
        A[q * nu + L.col_of_lock[j]] = Cmu[j * n + q];
  /* right-hand sides per unit friction of each Coulomb joint: -C_mu_j^T */
  double B[SS_PLANAR_MAX_N * SS_PLANAR_MAX_JOINTS];
  for (int q = 0; q < n; q++)
    for (int c = 0; c < nc; c++)
      B[q * nc + c] = -Cmu[L.cj[c] * n + q];
  f->square = nu == n && !spec->pinv && square_factor(A, n, 1e-12, &f->sq) == 0;
  /* redundant, singular, or the minimum norm wanted: the pseudoinverse */
  f->rank = f->square ? n : pinv_factor(A, n, nu, &f->pi);
  for (int c = 0; c < nc; c++) {
    if (f->square)
      square_apply(&f->sq, A, B, nc, c, f->Xc);
    else
      pinv_apply(&f->pi, B, nc, c, f->Xc);
  }
  return 0;
}

int ss_fj_statics_solve(const ss_planar_system *sys, const ss_fj_kinematics *kin,
                        const ss_fj_statics_factor *f, const double *h, const ss_fj_spec *spec,
                        ss_fj_solution *out, const char **why)
{
  int n = sys->n, m = sys->m, nu = f->nu, nc = f->nc;
  const double *C = kin->C, *Cmu = kin->Cmu;
  layout L;
  bool match = spec->drop_row == f->drop_row && spec->pinv == f->pinv &&
               memcmp(spec->role, f->role, sizeof f->role) == 0 &&
               coulomb_joints(sys, spec, L.cj, &L.nc, why) == 0 && L.nc == nc &&
               memcmp(L.cj, f->cj, sizeof(int) * (size_t)nc) == 0;
  if (!match) {
    *why = "internal: the statics were factorised for another friction state";
    return -1;
  }
  memcpy(L.col_of_row, f->col_of_row, sizeof L.col_of_row);
  memcpy(L.col_of_lock, f->col_of_lock, sizeof L.col_of_lock);
  L.nu = nu;
  /* the loads' right-hand side -h */
  double b[SS_PLANAR_MAX_N], u0[SS_FJ_MAX_U], hmax = 0.0;
  for (int q = 0; q < n; q++) {
    b[q] = -h[q];
    hmax = fmax(hmax, fabs(h[q]));
  }
  if (f->square)
    square_apply(&f->sq, f->A, b, 1, 0, u0);
  else
    pinv_apply(&f->pi, b, 1, 0, u0);
  out->rank = f->rank;
  out->unknowns = nu;
  double lam0[SS_PLANAR_MAX_M], lamc[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_M];
  double fc[SS_PLANAR_MAX_JOINTS];
  for (int r = 0; r < m; r++) {
    int col = L.col_of_row[r];
    lam0[r] = col >= 0 ? u0[col] : 0.0;
    for (int c = 0; c < nc; c++)
      lamc[c * m + r] = col >= 0 ? f->Xc[col * nc + c] : 0.0;
  }
  int rc = couple_exact(sys, spec, lam0, lamc, L.cj, nc, fc, why);
  if (rc < 0)
    return rc;
  double u[SS_FJ_MAX_U];
  for (int i = 0; i < nu; i++) {
    u[i] = u0[i];
    for (int c = 0; c < nc; c++)
      u[i] += fc[c] * f->Xc[i * nc + c];
  }
  fill_solution(sys, spec, &L, u, fc, out);
  /* equilibrium residual C^T lambda + C_mu^T f_mu + h */
  double res = 0.0;
  for (int q = 0; q < n; q++) {
    double s = h[q];
    for (int r = 0; r < m; r++)
      s += C[r * n + q] * out->lambda[r];
    for (int j = 0; j < sys->nj; j++)
      s += Cmu[j * n + q] * out->fmu[j];
    res = fmax(res, fabs(s));
  }
  out->residual = res;
  if (res > RESIDUAL_TOL * (1.0 + hmax)) {
    *why = "no equilibrium: the locked joints cannot hold the loads with these constraints";
    return -1;
  }
  return 0;
}

void ss_fj_kinematics_at(const ss_planar_system *sys, const double *x, const double *xd,
                         ss_fj_kinematics *kin)
{
  ss_fj_kinematics_phi(sys, x, xd, kin, NULL);
}

void ss_fj_kinematics_phi(const ss_planar_system *sys, const double *x, const double *xd,
                          ss_fj_kinematics *kin, double *phi)
{
  int n = sys->n;
  double cs[SS_PLANAR_MAX_BODIES], sn[SS_PLANAR_MAX_BODIES];
  ss_planar_jgeo geo[SS_PLANAR_MAX_JOINTS];
  ss_planar_rotations(sys, x, cs, sn); /* one sincos per body for every joint */
  ss_planar_joint_geometry(sys, x, cs, sn, geo);
  for (int j = 0; j < sys->nj; j++) {
    const ss_planar_jgeo *g = &geo[j];
    ss_planar_jacobian_geo(sys, j, g, kin->C + (size_t)(2 * j) * (size_t)n);
    ss_planar_slide_geo(sys, j, g, kin->Cmu + (size_t)j * (size_t)n);
    if (xd) {
      ss_planar_gamma_geo(sys, j, g, xd, kin->xi + 2 * j);
    } else {
      kin->xi[2 * j] = 0.0;
      kin->xi[2 * j + 1] = 0.0;
    }
    kin->s[j] = sys->joint[j].kind == SS_JOINT_REVOLUTE ? g->thb - g->tha
                                                        : g->t[0] * g->d[0] + g->t[1] * g->d[1];
    if (phi)
      ss_planar_constraints_geo(sys, j, g, phi + 2 * j);
  }
}

int ss_fj_dynamics(const ss_planar_system *sys, const double *x, const double *xd, const double *h,
                   const double *xi_extra, const ss_fj_spec *spec, double *xdd, ss_fj_solution *out,
                   const char **why)
{
  ss_fj_kinematics kin;
  ss_fj_kinematics_at(sys, x, xd, &kin);
  return ss_fj_dynamics_at(sys, &kin, h, xi_extra, spec, xdd, out, why);
}

/* Columns where row `which` of joint j can be nonzero (0, 1: its two
 * constraint rows; 2: its slide row, a lock's), ascending: planar.c's
 * Jacobian and slide rows without the entries that vanish in every
 * configuration (a point at a body's origin has no moment arm; a guide on
 * the ground keeps its direction, so a zero component of it stays zero). */
static int row_pattern(const ss_planar_system *sys, int j, int which, int *cols)
{
  const ss_planar_joint *jt = &sys->joint[j];
  bool pa0 = jt->pa[0] == 0.0 && jt->pa[1] == 0.0, pb0 = jt->pb[0] == 0.0 && jt->pb[1] == 0.0;
  bool use[2][3] = {{false}}; /* body a, b: x, y, theta */
  if (jt->kind == SS_JOINT_REVOLUTE && which == 2) {
    use[0][2] = use[1][2] = true;
  } else if (jt->kind == SS_JOINT_REVOLUTE) {
    use[0][which] = use[1][which] = true;
    use[0][2] = !pa0;
    use[1][2] = !pb0;
  } else if (which == 1) {
    use[0][2] = use[1][2] = true;
  } else { /* u . d, u = n (which 0) or t (which 2) fixed in a */
    double u0 = which == 0 ? -jt->axis[1] : jt->axis[0];
    double u1 = which == 0 ? jt->axis[0] : jt->axis[1];
    use[0][0] = use[0][1] = use[0][2] = true;
    use[1][0] = jt->a >= 0 || u0 != 0.0;
    use[1][1] = jt->a >= 0 || u1 != 0.0;
    use[1][2] = !pb0;
  }
  int body[2] = {jt->a, jt->b}, first = jt->a < jt->b ? 0 : 1, z = 0;
  for (int e = 0; e < 2; e++) {
    int s = e == 0 ? first : 1 - first;
    for (int k = 0; body[s] >= 0 && k < 3; k++)
      if (use[s][k])
        cols[z++] = 3 * body[s] + k;
  }
  return z;
}

int ss_fj_plan_init(const ss_planar_system *sys, const ss_fj_spec *spec, ss_fj_plan *P,
                    const char **why)
{
  memset(P, 0, sizeof *P);
  P->drop_row = spec->drop_row;
  int ng = 0, n = sys->n;
  for (int r = 0; r < sys->m; r++) {
    P->col_of_row[r] = r == spec->drop_row ? -1 : ng;
    if (r != spec->drop_row)
      P->src[ng++] = r;
  }
  for (int j = 0; j < sys->nj; j++) {
    P->lock[j] = spec->role[j] == SS_FJ_LOCK;
    P->col_of_lock[j] = P->lock[j] ? ng : -1;
    if (P->lock[j])
      P->src[ng++] = -1 - j;
  }
  P->ng = ng;
  for (int i = 0; i < sys->nb; i++) {
    if (!(sys->body[i].m > 0.0 && sys->body[i].J > 0.0)) {
      *why = P->error = "every body needs a positive mass and inertia here";
      return -1;
    }
    P->Minv[3 * i] = P->Minv[3 * i + 1] = 1.0 / sys->body[i].m;
    P->Minv[3 * i + 2] = 1.0 / sys->body[i].J;
  }
  /* a row with a single entry fixes that coordinate (unless an earlier row
   * fixed it already) */
  for (int a = 0; a < ng; a++) {
    int src = P->src[a];
    P->nnz[a] = src >= 0 ? row_pattern(sys, src / 2, src % 2, P->nzc[a])
                         : row_pattern(sys, -1 - src, 2, P->nzc[a]);
    int col = P->nzc[a][0];
    P->fix_col[a] = P->nnz[a] == 1 && !P->fixed[col] ? col : -1;
    if (P->fix_col[a] >= 0) {
      P->fixed[col] = true;
      P->fix_rows[P->nfix++] = a;
    } else {
      P->rows[P->nr++] = a;
    }
  }
  int ne = 0;
  for (int i = 0; i < P->nr; i++) {
    int a = P->rows[i];
    P->r_start[i] = ne;
    for (int t = 0; t < P->nnz[a]; t++)
      P->e_col[ne++] = P->nzc[a][t];
  }
  P->r_start[P->nr] = ne;
  /* per free coordinate, the entries of R in it */
  int cnt = 0;
  for (int c = 0; c < n; c++) {
    P->col_start[c] = cnt;
    for (int i = 0; !P->fixed[c] && i < P->nr; i++)
      for (int e = P->r_start[i]; e < P->r_start[i + 1]; e++)
        if (P->e_col[e] == c) {
          P->col_e[cnt] = e;
          P->col_i[cnt++] = i;
        }
  }
  P->col_start[n] = cnt;
  return 0;
}

int ss_fj_dynamics_at(const ss_planar_system *sys, const ss_fj_kinematics *kin, const double *h,
                      const double *xi_extra, const ss_fj_spec *spec, double *xdd,
                      ss_fj_solution *out, const char **why)
{
  ss_fj_plan plan;
  if (ss_fj_plan_init(sys, spec, &plan, why) < 0)
    return -1;
  return ss_fj_dynamics_plan(sys, &plan, kin, h, xi_extra, spec, xdd, out, why);
}

int ss_fj_dynamics_plan(const ss_planar_system *sys, const ss_fj_plan *P,
                        const ss_fj_kinematics *kin, const double *h, const double *xi_extra,
                        const ss_fj_spec *spec, double *xdd, ss_fj_solution *out, const char **why)
{
  int n = sys->n, m = sys->m;
  const double *Cmu = kin->Cmu, *Minv = P->Minv;
  if (P->error) {
    *why = P->error;
    return -1;
  }
  bool match = P->drop_row == spec->drop_row;
  for (int j = 0; j < sys->nj; j++)
    match = match && P->lock[j] == (spec->role[j] == SS_FJ_LOCK);
  if (!match) {
    *why = "internal: the dynamics plan was made for other locks";
    return -1;
  }
  layout L;
  memcpy(L.col_of_row, P->col_of_row, sizeof L.col_of_row);
  memcpy(L.col_of_lock, P->col_of_lock, sizeof L.col_of_lock);
  L.nu = P->ng;
  if (coulomb_joints(sys, spec, L.cj, &L.nc, why) < 0)
    return -1;
  /* G: the kept constraint rows and the lock rows, in multiplier order */
  int ng = P->ng, nr = P->nr, k = 1 + L.nc;
  const double *grow[SS_FJ_MAX_G];
  double grhs[SS_FJ_MAX_G];
  for (int a = 0; a < ng; a++) {
    int r = P->src[a];
    grow[a] = r >= 0 ? kin->C + r * n : Cmu + (-1 - r) * n;
    grhs[a] = r >= 0 ? kin->xi[r] + (xi_extra ? xi_extra[r] : 0.0) : 0.0;
  }
  /* M is diagonal: x'' = M^-1 (Q + G^T mu).  A row of G with a single
   * entry fixes one coordinate (a guide on the ground, a lock on it): its
   * acceleration is known and its multiplier follows from that coordinate's
   * own equation afterwards.  The other rows R give the Schur complement
   * S mu_R = r_R - G_R x''_fixed - G_R M^-1 Q over the free coordinates,
   * S = G_R M^-1 G_R^T, summed over each free coordinate's entries only. */
  const bool *fixed = P->fixed;
  const int *e_col = P->e_col, *r_start = P->r_start;
  double gv[SS_FJ_MAX_G * SS_FJ_ROW_NZ]; /* the entries of R */
  for (int i = 0; i < nr; i++) {
    const double *g = grow[P->rows[i]];
    for (int e = r_start[i]; e < r_start[i + 1]; e++)
      gv[e] = g[e_col[e]];
  }
  double S[SS_FJ_MAX_G * SS_FJ_MAX_G];
  memset(S, 0, sizeof(double) * (size_t)(nr * nr));
  for (int c = 0; c < n; c++)
    for (int u = P->col_start[c]; u < P->col_start[c + 1]; u++) {
      double gm = gv[P->col_e[u]] * Minv[c], *Si = S + P->col_i[u] * nr;
      for (int v = P->col_start[c]; v <= u; v++)
        Si[P->col_i[v]] += gm * gv[P->col_e[v]];
    }
  for (int i = 0; i < nr; i++)
    for (int j = 0; j < i; j++)
      S[j * nr + i] = S[i * nr + j];
  /* right-hand sides, column 0: the applied forces h and xi; column 1 + c:
   * unit friction of Coulomb joint c (generalised force C_mu row, no xi) */
  double xk[MAX_RHS][SS_PLANAR_MAX_N], muk[MAX_RHS][MAX_U];
  double B[SS_FJ_MAX_G * MAX_RHS], Y[SS_FJ_MAX_G * MAX_RHS];
  const double *Qk[MAX_RHS];
  for (int q = 0; q < k; q++) {
    const double *Q = Qk[q] = q == 0 ? h : Cmu + L.cj[q - 1] * n;
    double *xq = xk[q], w[SS_PLANAR_MAX_N]; /* w: x'' of fixed coordinates, M^-1 Q of free ones */
    for (int t = 0; t < P->nfix; t++) {
      int a = P->fix_rows[t], c = P->fix_col[a];
      xq[c] = (q == 0 ? grhs[a] : 0.0) / grow[a][c];
    }
    for (int c = 0; c < n; c++)
      w[c] = fixed[c] ? xq[c] : Minv[c] * Q[c];
    for (int i = 0; i < nr; i++) {
      double s = q == 0 ? grhs[P->rows[i]] : 0.0;
      for (int e = r_start[i]; e < r_start[i + 1]; e++)
        s -= gv[e] * w[e_col[e]];
      B[i * k + q] = s;
    }
  }
  /* one GSL LU for all of them; the forward substitution of every column at
   * once (dtrsm), the back substitution per column (dtrsv: GSL's dtrsm sums
   * that one in the other order, and the trajectories are sensitive to the
   * last bit) */
  if (nr > 0) {
    size_t perm_data[SS_FJ_MAX_G];
    gsl_matrix_view Sv = gsl_matrix_view_array(S, (size_t)nr, (size_t)nr);
    gsl_permutation p = {(size_t)nr, perm_data};
    int signum;
    bool small = nr <= SS_LU_SMALL;
    if (small)
      ss_lu_decomp(S, nr, perm_data); /* P S = L U */
    else
      gsl_linalg_LU_decomp(&Sv.matrix, &p, &signum);
    double umax = 0.0, umin = INFINITY;
    for (int i = 0; i < nr; i++) {
      umax = fmax(umax, fabs(S[i * nr + i]));
      umin = fmin(umin, fabs(S[i * nr + i]));
    }
    if (!(umax > 0.0 && umin > 1e-13 * umax)) {
      *why = "singular equations of motion (redundant locks or constraints)";
      return -1;
    }
    for (int i = 0; i < nr; i++) /* Y = P B */
      for (int q = 0; q < k; q++)
        Y[i * k + q] = B[perm_data[i] * (size_t)k + (size_t)q];
    bool at_once = k >= 3 && nr <= 4; /* where GSL's dtrsm costs less than k dtrsv */
    if (at_once) {
      gsl_matrix_view Yv = gsl_matrix_view_array(Y, (size_t)nr, (size_t)k);
      gsl_blas_dtrsm(CblasLeft, CblasLower, CblasNoTrans, CblasUnit, 1.0, &Sv.matrix, &Yv.matrix);
    }
    for (int q = 0; q < k; q++) {
      if (small) {
        if (!at_once)
          ss_lu_forward(S, nr, Y + q, k);
        ss_lu_back(S, nr, Y + q, k);
        continue;
      }
      gsl_vector_view yq = gsl_vector_view_array_with_stride(Y + q, (size_t)k, (size_t)nr);
      if (!at_once)
        gsl_blas_dtrsv(CblasLower, CblasNoTrans, CblasUnit, &Sv.matrix, &yq.vector);
      gsl_blas_dtrsv(CblasUpper, CblasNoTrans, CblasNonUnit, &Sv.matrix, &yq.vector);
    }
  }
  for (int q = 0; q < k; q++) {
    const double *Q = Qk[q];
    double *xq = xk[q], *mu = muk[q];
    /* F = Q + G_R^T mu_R: the generalised force on every coordinate but the
     * fixing rows' own */
    double F[SS_PLANAR_MAX_N];
    memcpy(F, Q, sizeof(double) * (size_t)n);
    for (int i = 0; i < nr; i++) {
      double muR = Y[i * k + q];
      for (int e = r_start[i]; e < r_start[i + 1]; e++)
        F[e_col[e]] += gv[e] * muR;
      mu[P->rows[i]] = muR;
    }
    for (int c = 0; c < n; c++)
      if (!fixed[c])
        xq[c] = Minv[c] * F[c];
    for (int t = 0; t < P->nfix; t++) {
      int a = P->fix_rows[t], c = P->fix_col[a];
      mu[a] = (xq[c] / Minv[c] - F[c]) / grow[a][c];
    }
  }
  double lam0[SS_PLANAR_MAX_M], lamc[SS_PLANAR_MAX_JOINTS * SS_PLANAR_MAX_M];
  double f[SS_PLANAR_MAX_JOINTS];
  for (int r = 0; r < m; r++) {
    int col = L.col_of_row[r];
    lam0[r] = col >= 0 ? muk[0][col] : 0.0;
    for (int c = 0; c < L.nc; c++)
      lamc[c * m + r] = col >= 0 ? muk[1 + c][col] : 0.0;
  }
  int rc = couple_exact(sys, spec, lam0, lamc, L.cj, L.nc, f, why);
  if (rc < 0)
    return rc;
  double u[MAX_U];
  for (int i = 0; i < n; i++) {
    double s = xk[0][i];
    for (int c = 0; c < L.nc; c++)
      s += f[c] * xk[1 + c][i];
    xdd[i] = s;
  }
  for (int a = 0; a < ng; a++) {
    double s = muk[0][a];
    for (int c = 0; c < L.nc; c++)
      s += f[c] * muk[1 + c][a];
    u[a] = s;
  }
  fill_solution(sys, spec, &L, u, f, out);
  out->rank = n + ng;
  out->unknowns = L.nu;
  out->residual = 0.0;
  return 0;
}
