/* nvector-small.c - SUNDIALS' serial N_Vector with the operations CVODE
 * calls in every step replaced by fixed-size loops for small states.
 *
 * The vector is a serial one (N_VNew_Serial: its content, its ID
 * SUNDIALS_NVEC_SERIAL, so the dense matrix and linear solver, which read
 * its array, accept it) whose ops table then gets the kernels below.
 * Clones copy the table (N_VCopyOps), so every vector CVODE makes from it
 * is one too; the operations not replaced stay the serial ones.
 *
 * Why: the states are 2-16 doubles, and the serial kernels' cost there is
 * their dispatch (the special cases of a linear sum, a call per case, a
 * loop of unknown length) rather than the arithmetic; the fused and vector
 * array operations are off in the serial vector, so SUNDIALS' generic
 * fallbacks call the linear sum once per vector of the history.  Here a
 * vector of 1-16 elements gets functions of its own length in its ops
 * table (loops of fixed length, unrolled and vectorised by the compiler),
 * longer ones the same kernels behind a switch on the length, and the
 * fused operations are given.
 *
 * Results are bit for bit those of the serial vector: every element gets
 * the same floating-point operations in the same order.  A linear sum
 * a x + b y is computed as the serial one computes it: a (x + y) when
 * a = b, a (x - y) when a = -b, -y - x and y - x when a = -1 and b = -+1
 * (the sign of a zero), else a x + b y (its other special cases, a or b
 * = +-1, give the same bits as a x + b y); a scaling by -1 is a negation
 * (a NaN's sign); a sum of squares is accumulated in index order; the
 * fused operations do what SUNDIALS' generic fallbacks do, vector after
 * vector. */
/* the fixed lengths' loops unrolled and vectorised (element-wise: the
 * same roundings; the sums of squares stay in index order) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

#include <math.h>

#include <nvector/nvector_serial.h>

#include "nvector-small.h"

#define LEN(v)  ((int)NV_LENGTH_S(v))
#define DATA(v) NV_DATA_S(v)

#define ALWAYS_INLINE static inline __attribute__((always_inline))
/* An element-wise loop's output is its input or another vector, never a
 * part of one: no element depends on another, and GCC need not check for
 * overlaps before it vectorises (its runtime alias checks cost more than
 * the arithmetic on a few doubles). */
#if defined(__GNUC__) && !defined(__clang__)
#define IVDEP _Pragma("GCC ivdep")
#else
#define IVDEP
#endif

/* z = a x + b y, as the serial vector rounds it (the sign of a zero
 * included: -1 (x + y) and -y - x differ where x = -y) */
ALWAYS_INLINE void lsum(int n, double a, const double *x, double b, const double *y, double *z)
{
  /* (a product by 1 is exact: where a or b is 1 it is left out, the same
   * bits with one multiplication less per element; the cases by their
   * frequency in CVODE's calls: a = b = 1, its predictor's and corrector's
   * sums, first) */
  if (a == b) {
    if (a == 1.0) {
      IVDEP
      for (int i = 0; i < n; i++)
        z[i] = x[i] + y[i];
    } else if (a == -1.0) {
      IVDEP
      for (int i = 0; i < n; i++)
        z[i] = -y[i] - x[i];
    } else {
      IVDEP
      for (int i = 0; i < n; i++)
        z[i] = a * (x[i] + y[i]);
    }
  } else if (a == -b) {
    if (a == 1.0) {
      IVDEP
      for (int i = 0; i < n; i++)
        z[i] = x[i] - y[i];
    } else if (a == -1.0) {
      IVDEP
      for (int i = 0; i < n; i++)
        z[i] = y[i] - x[i];
    } else {
      IVDEP
      for (int i = 0; i < n; i++)
        z[i] = a * (x[i] - y[i]);
    }
  } else if (b == 1.0) {
    IVDEP
    for (int i = 0; i < n; i++)
      z[i] = a * x[i] + y[i];
  } else if (a == 1.0) {
    IVDEP
    for (int i = 0; i < n; i++)
      z[i] = x[i] + b * y[i];
  } else {
    IVDEP
    for (int i = 0; i < n; i++)
      z[i] = a * x[i] + b * y[i];
  }
}

static void nv_linearsum(sunrealtype a, N_Vector x, sunrealtype b, N_Vector y, N_Vector z)
{
  const double *xd = DATA(x), *yd = DATA(y);
  double *zd = DATA(z);
  int n = LEN(x);
#define K(N) lsum(N, a, xd, b, yd, zd)
  SS_SMALL_SWITCH(n, K)
#undef K
}

ALWAYS_INLINE void scale(int n, double c, const double *x, double *z)
{
  if (c == -1.0) {
    IVDEP
    for (int i = 0; i < n; i++)
      z[i] = -x[i];
  } else {
    IVDEP
    for (int i = 0; i < n; i++)
      z[i] = c * x[i];
  }
}

static void nv_scale(sunrealtype c, N_Vector x, N_Vector z)
{
  const double *xd = DATA(x);
  double *zd = DATA(z);
  int n = LEN(x);
#define K(N) scale(N, c, xd, zd)
  SS_SMALL_SWITCH(n, K)
#undef K
}

static void nv_const(sunrealtype c, N_Vector z)
{
  double *zd = DATA(z);
  int n = LEN(z);
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  zd[i] = c
  SS_SMALL_SWITCH(n, K)
#undef K
}

static void nv_prod(N_Vector x, N_Vector y, N_Vector z)
{
  const double *xd = DATA(x), *yd = DATA(y);
  double *zd = DATA(z);
  int n = LEN(x);
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  zd[i] = xd[i] * yd[i]
  SS_SMALL_SWITCH(n, K)
#undef K
}

static void nv_div(N_Vector x, N_Vector y, N_Vector z)
{
  const double *xd = DATA(x), *yd = DATA(y);
  double *zd = DATA(z);
  int n = LEN(x);
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  zd[i] = xd[i] / yd[i]
  SS_SMALL_SWITCH(n, K)
#undef K
}

static void nv_abs(N_Vector x, N_Vector z)
{
  const double *xd = DATA(x);
  double *zd = DATA(z);
  int n = LEN(x);
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  zd[i] = fabs(xd[i])
  SS_SMALL_SWITCH(n, K)
#undef K
}

static void nv_inv(N_Vector x, N_Vector z)
{
  const double *xd = DATA(x);
  double *zd = DATA(z);
  int n = LEN(x);
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  zd[i] = 1.0 / xd[i]
  SS_SMALL_SWITCH(n, K)
#undef K
}

static void nv_addconst(N_Vector x, sunrealtype b, N_Vector z)
{
  const double *xd = DATA(x);
  double *zd = DATA(z);
  int n = LEN(x);
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  zd[i] = xd[i] + b
  SS_SMALL_SWITCH(n, K)
#undef K
}

static sunrealtype nv_maxnorm(N_Vector x)
{
  const double *xd = DATA(x);
  double max = 0.0;
  int n = LEN(x);
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
    if (fabs(xd[i]) > max)      \
  max = fabs(xd[i])
  SS_SMALL_SWITCH(n, K)
#undef K
  return max;
}

/* sum of (x w)^2 in index order */
ALWAYS_INLINE double wsqrsum(int n, const double *x, const double *w)
{
  double sum = 0.0;
  for (int i = 0; i < n; i++) {
    double p = x[i] * w[i];
    sum += p * p;
  }
  return sum;
}

static sunrealtype nv_wsqrsum(N_Vector x, N_Vector w)
{
  const double *xd = DATA(x), *wd = DATA(w);
  double sum = 0.0;
  int n = LEN(x);
#define K(N) sum = wsqrsum(N, xd, wd)
  SS_SMALL_SWITCH(n, K)
#undef K
  return sum;
}

ALWAYS_INLINE double rms(double sum, int n)
{
  double q = sum / (double)n;
  return q <= 0.0 ? 0.0 : sqrt(q);
}

static sunrealtype nv_wrmsnorm(N_Vector x, N_Vector w) { return rms(nv_wsqrsum(x, w), LEN(x)); }

/* z = sum c_i X_i: z = c_0 X_0, then z += c_i X_i for i = 1, 2, ... (the
 * generic fallback's order: z may be one of the X_i) */
static int nv_linearcombination(int nvec, sunrealtype *c, N_Vector *X, N_Vector z)
{
  double *zd = DATA(z);
  int n = LEN(z);
  nv_scale(c[0], X[0], z);
  for (int k = 1; k < nvec; k++) {
    const double *xd = DATA(X[k]);
    double a = c[k];
#define K(N) lsum(N, a, xd, 1.0, zd, zd)
    SS_SMALL_SWITCH(n, K)
#undef K
  }
  return 0;
}

/* Z_i = a_i x + Y_i */
static int nv_scaleaddmulti(int nvec, sunrealtype *a, N_Vector x, N_Vector *Y, N_Vector *Z)
{
  void (*linearsum)(sunrealtype, N_Vector, sunrealtype, N_Vector, N_Vector) = x->ops->nvlinearsum;
  for (int k = 0; k < nvec; k++)
    linearsum(a[k], x, 1.0, Y[k], Z[k]);
  return 0;
}

static int nv_linearsumvectorarray(int nvec, sunrealtype a, N_Vector *X, sunrealtype b, N_Vector *Y,
                                   N_Vector *Z)
{
  for (int k = 0; k < nvec; k++)
    nv_linearsum(a, X[k], b, Y[k], Z[k]);
  return 0;
}

static int nv_scalevectorarray(int nvec, sunrealtype *c, N_Vector *X, N_Vector *Z)
{
  for (int k = 0; k < nvec; k++)
    nv_scale(c[k], X[k], Z[k]);
  return 0;
}

static int nv_constvectorarray(int nvec, sunrealtype c, N_Vector *Z)
{
  for (int k = 0; k < nvec; k++)
    nv_const(c, Z[k]);
  return 0;
}

static int nv_wrmsnormvectorarray(int nvec, N_Vector *X, N_Vector *W, sunrealtype *nrm)
{
  for (int k = 0; k < nvec; k++)
    nrm[k] = X[k]->ops->nvwrmsnorm(X[k], W[k]);
  return 0;
}

/* The hottest operations once more per length, without the switch: the
 * ops table of a vector of length N <= 16 points at these. */
ALWAYS_INLINE void vconst(int n, double c, double *z)
{
  for (int i = 0; i < n; i++)
    z[i] = c;
}

ALWAYS_INLINE void vabs(int n, const double *x, double *z)
{
  IVDEP
  for (int i = 0; i < n; i++)
    z[i] = fabs(x[i]);
}

ALWAYS_INLINE void vinv(int n, const double *x, double *z)
{
  IVDEP
  for (int i = 0; i < n; i++)
    z[i] = 1.0 / x[i];
}

ALWAYS_INLINE void vaddconst(int n, const double *x, double b, double *z)
{
  IVDEP
  for (int i = 0; i < n; i++)
    z[i] = x[i] + b;
}

/* z = c_0 X_0, then z += c_k X_k (as nv_linearcombination) */
ALWAYS_INLINE void vlincomb(int n, int nvec, const double *c, N_Vector *X, double *z)
{
  scale(n, c[0], DATA(X[0]), z);
  for (int k = 1; k < nvec; k++)
    lsum(n, c[k], DATA(X[k]), 1.0, z, z);
}

/* Z_k = a_k x + Y_k (as nv_scaleaddmulti) */
ALWAYS_INLINE void vscaleaddmulti(int n, int nvec, const double *a, const double *x, N_Vector *Y,
                                  N_Vector *Z)
{
  for (int k = 0; k < nvec; k++)
    lsum(n, a[k], x, 1.0, DATA(Y[k]), DATA(Z[k]));
}

#define NV_FIXED(N)                                                                               \
  static void nv_linearsum_##N(sunrealtype a, N_Vector x, sunrealtype b, N_Vector y, N_Vector z)  \
  {                                                                                               \
    lsum(N, a, DATA(x), b, DATA(y), DATA(z));                                                     \
  }                                                                                               \
  static void nv_scale_##N(sunrealtype c, N_Vector x, N_Vector z)                                 \
  {                                                                                               \
    scale(N, c, DATA(x), DATA(z));                                                                \
  }                                                                                               \
  static sunrealtype nv_wsqrsum_##N(N_Vector x, N_Vector w)                                       \
  {                                                                                               \
    return wsqrsum(N, DATA(x), DATA(w));                                                          \
  }                                                                                               \
  static sunrealtype nv_wrmsnorm_##N(N_Vector x, N_Vector w)                                      \
  {                                                                                               \
    return rms(wsqrsum(N, DATA(x), DATA(w)), N);                                                  \
  }                                                                                               \
  static void nv_const_##N(sunrealtype c, N_Vector z) { vconst(N, c, DATA(z)); }                  \
  static void nv_abs_##N(N_Vector x, N_Vector z) { vabs(N, DATA(x), DATA(z)); }                   \
  static void nv_inv_##N(N_Vector x, N_Vector z) { vinv(N, DATA(x), DATA(z)); }                   \
  static void nv_addconst_##N(N_Vector x, sunrealtype b, N_Vector z)                              \
  {                                                                                               \
    vaddconst(N, DATA(x), b, DATA(z));                                                            \
  }                                                                                               \
  static int nv_linearcombination_##N(int nvec, sunrealtype *c, N_Vector *X, N_Vector z)          \
  {                                                                                               \
    vlincomb(N, nvec, c, X, DATA(z));                                                             \
    return 0;                                                                                     \
  }                                                                                               \
  static int nv_scaleaddmulti_##N(int nvec, sunrealtype *a, N_Vector x, N_Vector *Y, N_Vector *Z) \
  {                                                                                               \
    vscaleaddmulti(N, nvec, a, DATA(x), Y, Z);                                                    \
    return 0;                                                                                     \
  }
NV_FIXED(1)
NV_FIXED(2)
NV_FIXED(3)
NV_FIXED(4)
NV_FIXED(5)
NV_FIXED(6)
NV_FIXED(7)
NV_FIXED(8)
NV_FIXED(9)
NV_FIXED(10)
NV_FIXED(11)
NV_FIXED(12)
NV_FIXED(13)
NV_FIXED(14)
NV_FIXED(15)
NV_FIXED(16)
#undef NV_FIXED

typedef struct fixed_ops {
  void (*linearsum)(sunrealtype, N_Vector, sunrealtype, N_Vector, N_Vector);
  void (*scale)(sunrealtype, N_Vector, N_Vector);
  sunrealtype (*wsqrsum)(N_Vector, N_Vector);
  sunrealtype (*wrmsnorm)(N_Vector, N_Vector);
  void (*vconst)(sunrealtype, N_Vector);
  void (*abs)(N_Vector, N_Vector);
  void (*inv)(N_Vector, N_Vector);
  void (*addconst)(N_Vector, sunrealtype, N_Vector);
  int (*linearcombination)(int, sunrealtype *, N_Vector *, N_Vector);
  int (*scaleaddmulti)(int, sunrealtype *, N_Vector, N_Vector *, N_Vector *);
} fixed_ops;

#define F(N)                                                                                   \
  {                                                                                            \
    nv_linearsum_##N, nv_scale_##N, nv_wsqrsum_##N, nv_wrmsnorm_##N, nv_const_##N, nv_abs_##N, \
        nv_inv_##N, nv_addconst_##N, nv_linearcombination_##N, nv_scaleaddmulti_##N            \
  }
static const fixed_ops fixed[17] = {
    {nv_linearsum, nv_scale, nv_wsqrsum, nv_wrmsnorm, nv_const, nv_abs, nv_inv, nv_addconst,
     nv_linearcombination, nv_scaleaddmulti},
    F(1),
    F(2),
    F(3),
    F(4),
    F(5),
    F(6),
    F(7),
    F(8),
    F(9),
    F(10),
    F(11),
    F(12),
    F(13),
    F(14),
    F(15),
    F(16),
};
#undef F

void ss_nvector_small_add(int n, const double *x, const double *y, double *z)
{
#define K(N) lsum(N, 1.0, x, 1.0, y, z)
  SS_SMALL_SWITCH(n, K)
#undef K
}

void ss_nvector_small_newton_step(int n, int kind, double rl1, const double *restrict z1,
                                  const double *restrict yc, double gamma,
                                  const double *restrict fd, double *restrict d)
{
  double ng = -gamma;
  switch (kind) {
  case 1: /* rl1 = 1: lsum's x + y, then a x + y, then -x */
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  d[i] = -(ng * fd[i] + (z1[i] + yc[i]))
    SS_SMALL_SWITCH(n, K)
#undef K
    break;
  case 2: /* a x + y twice, then -x */
#define K(N)                    \
  for (int i = 0; i < (N); i++) \
  d[i] = -(ng * fd[i] + (rl1 * z1[i] + yc[i]))
    SS_SMALL_SWITCH(n, K)
#undef K
    break;
  default: /* the linear sums' other cases */
#define K(N)                      \
  do {                            \
    lsum(N, rl1, z1, 1.0, yc, d); \
    lsum(N, ng, fd, 1.0, d, d);   \
    scale(N, -1.0, d, d);         \
  } while (0)
    SS_SMALL_SWITCH(n, K)
#undef K
    break;
  }
}

void ss_nvector_small_ops(N_Vector v)
{
  N_Vector_Ops o = v->ops;
  int n = LEN(v);
  const fixed_ops *f = &fixed[n >= 1 && n <= 16 ? n : 0];
  o->nvlinearsum = f->linearsum;
  o->nvconst = f->vconst;
  o->nvprod = nv_prod;
  o->nvdiv = nv_div;
  o->nvscale = f->scale;
  o->nvabs = f->abs;
  o->nvinv = f->inv;
  o->nvaddconst = f->addconst;
  o->nvmaxnorm = nv_maxnorm;
  o->nvmaxnormlocal = nv_maxnorm;
  o->nvwrmsnorm = f->wrmsnorm;
  o->nvwsqrsumlocal = f->wsqrsum;
  o->nvlinearcombination = f->linearcombination;
  o->nvscaleaddmulti = f->scaleaddmulti;
  o->nvlinearsumvectorarray = nv_linearsumvectorarray;
  o->nvscalevectorarray = nv_scalevectorarray;
  o->nvconstvectorarray = nv_constvectorarray;
  o->nvwrmsnormvectorarray = nv_wrmsnormvectorarray;
}

N_Vector ss_nvector_small_new(sunindextype n, SUNContext ctx)
{
  N_Vector v = N_VNew_Serial(n, ctx);
  if (v)
    ss_nvector_small_ops(v);
  return v;
}
