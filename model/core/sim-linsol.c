/* sim-linsol.c - the BDF Newton iteration's dense linear solver for small
 * states: SUNDIALS' dense LU (SUNLinSol_Dense) with fixed-size loops.
 *
 * A SUNLinearSolver of the direct kind on SUNDIALS' dense matrix, doing
 * what SUNLinSol_Dense does, bit for bit: the setup factors the matrix in
 * place with partial pivoting (the first largest |a| of the column, whole
 * rows swapped, the column below scaled by the pivot's reciprocal, the
 * columns to the right updated a_ij -= a_kj l_ik where a_kj != 0; a zero
 * pivot fails the setup), the solve copies b to x, permutes it and
 * substitutes forward (unit L) and back (U: x_k /= u_kk, then
 * x_i -= u_ik x_k), column by column as SUNDIALS' denseGETRS.  Each
 * element gets the same operations in the same order; what changes is the
 * loops: a switch on the size to code the compiler unrolls, without the
 * column pointer array and the calls through the generic layers. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sundials/sundials_linearsolver.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "nvector-small.h"
#include "sim-private.h"

typedef struct small_ls {
  sunindextype n;
  sunindextype *pivots;
  sunindextype last_flag;
} small_ls;

#define CONTENT(S) ((small_ls *)(S)->content)

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* (the loops unrolled whole for a fixed n: straight-line code, the
 * solution kept in registers; a, p and b never overlap) */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 16")
#else
#define UNROLL
#endif

/* LU of the column-major n x n matrix a; 0, or k + 1 at a zero pivot in
 * column k */
ALWAYS_INLINE sunindextype getrf(int n, double *restrict a, sunindextype *restrict p)
{
  UNROLL
  for (int k = 0; k < n; k++) {
    double *col_k = a + (size_t)k * (size_t)n;
    int l = k;
    UNROLL
    for (int i = k + 1; i < n; i++)
      if (fabs(col_k[i]) > fabs(col_k[l]))
        l = i;
    p[k] = l;
    if (col_k[l] == 0.0)
      return k + 1;
    if (l != k) {
      UNROLL
      for (int i = 0; i < n; i++) {
        double *c = a + (size_t)i * (size_t)n, t = c[l];
        c[l] = c[k];
        c[k] = t;
      }
    }
    double mult = 1.0 / col_k[k];
    UNROLL
    for (int i = k + 1; i < n; i++)
      col_k[i] *= mult;
    UNROLL
    for (int j = k + 1; j < n; j++) {
      double *col_j = a + (size_t)j * (size_t)n, a_kj = col_j[k];
      if (a_kj != 0.0) {
        UNROLL
        for (int i = k + 1; i < n; i++)
          col_j[i] -= a_kj * col_k[i];
      }
    }
  }
  return 0;
}

ALWAYS_INLINE void getrs(int n, const double *restrict a, const sunindextype *restrict p,
                         double *restrict b)
{
  UNROLL
  for (int k = 0; k < n; k++) {
    sunindextype pk = p[k];
    if (pk != k) {
      double t = b[k];
      b[k] = b[pk];
      b[pk] = t;
    }
  }
  UNROLL
  for (int k = 0; k < n - 1; k++) {
    const double *col_k = a + (size_t)k * (size_t)n;
    UNROLL
    for (int i = k + 1; i < n; i++)
      b[i] -= col_k[i] * b[k];
  }
  UNROLL
  for (int k = n - 1; k > 0; k--) {
    const double *col_k = a + (size_t)k * (size_t)n;
    b[k] /= col_k[k];
    UNROLL
    for (int i = 0; i < k; i++)
      b[i] -= col_k[i] * b[k];
  }
  b[0] /= a[0];
}

static SUNLinearSolver_Type ls_type(SUNLinearSolver S)
{
  (void)S;
  return SUNLINEARSOLVER_DIRECT;
}

static SUNLinearSolver_ID ls_id(SUNLinearSolver S)
{
  (void)S;
  return SUNLINEARSOLVER_CUSTOM;
}

static int ls_initialize(SUNLinearSolver S)
{
  CONTENT(S)->last_flag = 0;
  return SUNLS_SUCCESS;
}

static int ls_setup(SUNLinearSolver S, SUNMatrix A)
{
  small_ls *c = CONTENT(S);
  double *a = SM_DATA_D(A);
  int n = (int)c->n;
  sunindextype flag = 0;
#define K(N) flag = getrf(N, a, c->pivots)
  SS_SMALL_SWITCH(n, K)
#undef K
  c->last_flag = flag;
  return flag > 0 ? SUNLS_LUFACT_FAIL : SUNLS_SUCCESS;
}

static int ls_solve(SUNLinearSolver S, SUNMatrix A, N_Vector x, N_Vector b, sunrealtype tol)
{
  (void)tol;
  small_ls *c = CONTENT(S);
  const double *a = SM_DATA_D(A);
  double *xd = SIM_DATA(x);
  const double *bd = x != b ? SIM_DATA(b) : NULL;
  int n = (int)c->n;
  /* x = b first (N_VScale by 1 as SUNLinSol_Dense: the same bits), a copy
   * of the fixed length */
#define K(N)                                        \
  do {                                              \
    if (bd)                                         \
      memcpy(xd, bd, sizeof(double) * (size_t)(N)); \
    getrs(N, a, c->pivots, xd);                     \
  } while (0)
  SS_SMALL_SWITCH(n, K)
#undef K
  c->last_flag = 0;
  return SUNLS_SUCCESS;
}

static sunindextype ls_last_flag(SUNLinearSolver S) { return CONTENT(S)->last_flag; }

static int ls_space(SUNLinearSolver S, long *lenrw, long *leniw)
{
  *lenrw = 0;
  *leniw = 2 + (long)CONTENT(S)->n;
  return SUNLS_SUCCESS;
}

static int ls_free(SUNLinearSolver S)
{
  if (!S)
    return SUNLS_SUCCESS;
  if (S->content) {
    free(CONTENT(S)->pivots);
    free(S->content);
    S->content = NULL;
  }
  SUNLinSolFreeEmpty(S);
  return SUNLS_SUCCESS;
}

/* ---- the dense matrix's operations in CVLS's setup ---------------------
 *
 * M = I - gamma J is formed each setup as a copy of the saved Jacobian and
 * a scale-and-add-identity (SUNMatCopy, SUNMatScaleAddI): element-wise,
 * the same operations (a = c a, then a + 1 on the diagonal), over the
 * contiguous column-major data in one loop instead of one element at a
 * time with a branch on the diagonal. */

static int mat_copy(SUNMatrix A, SUNMatrix B)
{
  memcpy(SUNDenseMatrix_Data(B), SUNDenseMatrix_Data(A),
         sizeof(double) * (size_t)SUNDenseMatrix_LData(A));
  return SUNMAT_SUCCESS;
}

static int mat_zero(SUNMatrix A)
{
  memset(SUNDenseMatrix_Data(A), 0, sizeof(double) * (size_t)SUNDenseMatrix_LData(A));
  return SUNMAT_SUCCESS;
}

ALWAYS_INLINE void scale_add_i(int n, double c, double *a)
{
  for (int i = 0; i < n * n; i++)
    a[i] *= c;
  for (int i = 0; i < n; i++)
    a[(size_t)i * (size_t)n + (size_t)i] += 1.0;
}

static int mat_scale_add_i(sunrealtype c, SUNMatrix A)
{
  double *a = SUNDenseMatrix_Data(A);
  int n = (int)SUNDenseMatrix_Columns(A);
#define K(N) scale_add_i(N, c, a)
  SS_SMALL_SWITCH(n, K)
#undef K
  return SUNMAT_SUCCESS;
}

/* CVLS keeps the Jacobian in a clone of A (savedJ) and copies it back at
 * each setup that reuses it: the clone gets the same operations. */
static SUNMatrix mat_clone(SUNMatrix A)
{
  SUNMatrix B = SUNMatClone_Dense(A);
  if (B)
    sim_matrix_small_ops(B);
  return B;
}

void sim_matrix_small_ops(SUNMatrix A)
{
  if (SUNDenseMatrix_Rows(A) != SUNDenseMatrix_Columns(A))
    return;
  A->ops->clone = mat_clone;
  A->ops->copy = mat_copy;
  A->ops->zero = mat_zero;
  A->ops->scaleaddi = mat_scale_add_i;
}

SUNLinearSolver sim_linsol_small(sunindextype n, SUNContext ctx)
{
  SUNLinearSolver S = SUNLinSolNewEmpty(ctx);
  if (!S)
    return NULL;
  S->ops->gettype = ls_type;
  S->ops->getid = ls_id;
  S->ops->initialize = ls_initialize;
  S->ops->setup = ls_setup;
  S->ops->solve = ls_solve;
  S->ops->lastflag = ls_last_flag;
  S->ops->space = ls_space;
  S->ops->free = ls_free;
  small_ls *c = calloc(1, sizeof *c);
  S->content = c;
  if (c)
    c->pivots = calloc((size_t)n + 1, sizeof(sunindextype));
  if (!c || !c->pivots) {
    ls_free(S);
    return NULL;
  }
  c->n = n;
  return S;
}

/* ---- the difference-quotient Jacobian ----------------------------------
 *
 * cvLsDenseDQJac of CVODE 6.4 (cvode_ls.c) with what it reads through
 * CVODE's getters: the step h (CVodeGetCurrentStep gives the step being
 * taken: CVODE sets it wherever it changes h), the error weights, the unit
 * roundoff.  Each column j perturbs y_j by inc = max(sqrt(uround) |y_j|,
 * minInc / ewt_j) and takes (f(y + inc e_j) - fy) / inc as N_VLinearSum;
 * the increments and quotients are the same bits (the runs set no
 * inequality constraints, whose sign changes of inc it leaves out).  A state no right-hand
 * side reads (ss_model.integral: the energy integrals) gives f(y + inc e_j)
 * = fy, bit for bit, so its column is zero, as CVLS has left it
 * (SUNMatZero), with no right-hand side evaluated.
 *
 * It follows SUNDIALS' code (BSD-3-Clause; Copyright (c) 2002-2022,
 * Lawrence Livermore National Security and Southern Methodist
 * University). */

#define DQ_MIN_INC_MULT 1000.0 /* cvode_ls.c's MIN_INC_MULT */

int sim_jac_dq(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix J, void *user, N_Vector tmp1,
               N_Vector tmp2, N_Vector tmp3)
{
  ss_sim *s = user;
  const bool *integral = s->m->integral;
  (void)tmp3;
  sunindextype N = SUNDenseMatrix_Columns(J);
  N_Vector ftemp = tmp1, ewt = tmp2;
  sunrealtype h = 0.0;
  if (CVodeGetCurrentStep(s->cvode, &h) != CV_SUCCESS || CVodeGetErrWeights(s->cvode, ewt) != 0)
    return -1;
  double *y_data = N_VGetArrayPointer(y), *ewt_data = N_VGetArrayPointer(ewt);
  const double uround = SUN_UNIT_ROUNDOFF;
  double srur = sqrt(uround);
  double fnorm = N_VWrmsNorm(fy, ewt);
  double min_inc = fnorm != 0.0 ? DQ_MIN_INC_MULT * fabs(h) * uround * (double)N * fnorm : 1.0;
  int retval = 0;
  bool last_skipped = false;
  for (sunindextype j = 0; j < N; j++) {
    if (integral[j]) {
      last_skipped = true;
      continue;
    }
    last_skipped = false;
    N_VSetArrayPointer(SUNDenseMatrix_Column(J, j), s->jac_col);
    double yjsaved = y_data[j];
    double a = srur * fabs(yjsaved), b = min_inc / ewt_data[j];
    double inc = a > b ? a : b;
    y_data[j] += inc;
    retval = sim_rhs(t, y, ftemp, s);
    s->stats.rhs_evals++;
    if (retval != 0)
      break;
    y_data[j] = yjsaved;
    double inc_inv = 1.0 / inc;
    N_VLinearSum(inc_inv, ftemp, -inc_inv, fy, s->jac_col);
  }
  N_VSetArrayPointer(NULL, s->jac_col);
  /* the right-hand side a skipped last column would have evaluated is fy:
   * what a hybrid model's run keeps of the last one (sim_rhs) */
  if (retval == 0 && last_skipped && s->m->hybrid) {
    memcpy(N_VGetArrayPointer(s->ydot_last), N_VGetArrayPointer(fy), sizeof(double) * (size_t)N);
    s->t_rhs = t;
  }
  return retval;
}
