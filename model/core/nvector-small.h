/* nvector-small.h - SUNDIALS' serial N_Vector with fixed-size kernels for
 * small states (nvector-small.c): results bit for bit the serial vector's. */
#ifndef SS_NVECTOR_SMALL_H
#define SS_NVECTOR_SMALL_H

#include <math.h>

#include <sundials/sundials_nvector.h>

/* A serial vector of length n whose hot operations are the fixed-size
 * kernels; its clones are too.  NULL when out of memory. */
N_Vector ss_nvector_small_new(sunindextype n, SUNContext ctx);
/* Puts the kernels into serial vector v's ops table. */
void ss_nvector_small_ops(N_Vector v);

/* z = x + y on n doubles, N_VLinearSum(1, x, 1, y, z)'s bits; z may be x
 * or y. */
void ss_nvector_small_add(int n, const double *x, const double *y, double *z);
/* CVODE's Newton residual negated, the linear system's right-hand side:
 * d = -(-gamma f + (rl1 zn1 + ycor)) on n doubles, each sum as
 * N_VLinearSum rounds it (cvNlsResidual's two, then SUNDIALS' Newton
 * solver's N_VScale(-1)); `kind` is ss_nvector_small_newton_case's for the
 * coefficients (constant over a step's iteration). */
static inline int ss_nvector_small_newton_case(sunrealtype rl1, sunrealtype gamma)
{
  /* (-gamma = +-1 or rl1 = -1: the linear sums' other cases) */
  return fabs(gamma) == 1.0 || rl1 == -1.0 ? 0 : rl1 == 1.0 ? 1 : 2;
}
void ss_nvector_small_newton_step(int n, int kind, double rl1, const double *restrict z1,
                                  const double *restrict yc, double gamma,
                                  const double *restrict fd, double *restrict d);

/* Kernel K's body for a length N known at compile time in each case of
 * the switch (the compiler unrolls them), and a plain loop above 16: the
 * vector kernels' (nvector-small.c) and the dense solve's (sim-linsol.c). */
#define SS_SMALL_SWITCH(n, K) \
  switch (n) {                \
  case 1: K(1); break;        \
  case 2: K(2); break;        \
  case 3: K(3); break;        \
  case 4: K(4); break;        \
  case 5: K(5); break;        \
  case 6: K(6); break;        \
  case 7: K(7); break;        \
  case 8: K(8); break;        \
  case 9: K(9); break;        \
  case 10: K(10); break;      \
  case 11: K(11); break;      \
  case 12: K(12); break;      \
  case 13: K(13); break;      \
  case 14: K(14); break;      \
  case 15: K(15); break;      \
  case 16: K(16); break;      \
  default: K(n); break;       \
  }

#endif
