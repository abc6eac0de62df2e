/* test-algebra.c - luz/sat/tar identities ([Zardecki2006]). */
#include <math.h>

#include <glib.h>

#include "stickslip.h"

#define N_RANDOM 20000

static double rnd(GRand *r, double lo, double hi) { return g_rand_double_range(r, lo, hi); }

/* luz and sat against their piecewise definitions. */
static void test_luz_sat_definitions(void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed(1);
  for (int i = 0; i < N_RANDOM; i++) {
    double x = rnd(r, -10, 10), a = rnd(r, 0, 5);
    double luz_def = fabs(x) <= a ? 0.0 : (x > 0 ? x - a : x + a);
    double sat_def = fabs(x) <= a ? x : (x > 0 ? a : -a);
    g_assert_cmpfloat_with_epsilon(ss_luz(x, a), luz_def, 1e-12);
    if (fabs(x) <= a)
      g_assert_cmpfloat(ss_luz(x, a), ==, 0.0); /* nothing leaks through a freeplay */
    g_assert_cmpfloat_with_epsilon(ss_sat(x, a), sat_def, 1e-12);
    g_assert_cmpfloat_with_epsilon(ss_luz(x, a) + ss_sat(x, a), x, 1e-12);
    g_assert_cmpfloat(fabs(ss_sat(x, a)), <=, a + 1e-15);
  }
  g_assert_cmpfloat(ss_luz(0.5, 1.0), ==, 0.0);
  g_assert_cmpfloat(ss_luz(3.0, 1.0), ==, 2.0);
  g_assert_cmpfloat(ss_luz(-3.0, 1.0), ==, -2.0);
  g_assert_cmpfloat(ss_sat(-3.0, 1.0), ==, -1.0);
}

static void test_tar_identities(void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed(2);
  for (int i = 0; i < N_RANDOM; i++) {
    double x = rnd(r, -10, 10), a1 = rnd(r, 0, 5), a2 = rnd(r, 0, 5);
    double k1 = rnd(r, 0.01, 10), k2 = rnd(r, 0.01, 10), s = rnd(r, -1, 1);
    /* odd symmetry (with the mirrored selection at zero) */
    g_assert_cmpfloat_with_epsilon(ss_tar(-x, a1, -s), -ss_tar(x, a1, s), 1e-12);
    /* parallel combination */
    double lhs = k1 * ss_tar(x, a1, s) + k2 * ss_tar(x, a2, s);
    double rhs = (k1 + k2) * ss_tar(x, (k1 * a1 + k2 * a2) / (k1 + k2), s);
    g_assert_cmpfloat_with_epsilon(lhs, rhs, 1e-9 * (1 + fabs(lhs)));
  }
  /* the set-valued part: at zero the selection decides, within [-a, a] */
  g_assert_cmpfloat(ss_tar(0.0, 2.0, 0.25), ==, 0.5);
  g_assert_cmpfloat(ss_tar(1.0, 2.0, 0.0), ==, 3.0);
  g_assert_cmpfloat(ss_tar(-1.0, 2.0, 0.0), ==, -3.0);
}

/* Deflection of a chain of springs with freeplay under force F, found by
 * bisection on each element's force law k*luz(d, d0) = F (brute force). */
static double element_deflection(double k, double d0, double F)
{
  double lo = -1e6, hi = 1e6;
  for (int it = 0; it < 200; it++) {
    double mid = 0.5 * (lo + hi);
    if (k * ss_luz(mid, d0) < F)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

static void test_series_freeplay(void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed(3);
  for (int i = 0; i < 500; i++) {
    double k[3], d0[3];
    double inv = 0, gap = 0;
    for (int j = 0; j < 3; j++) {
      k[j] = rnd(r, 1, 1000);
      d0[j] = rnd(r, 0, 0.01);
      inv += 1 / k[j];
      gap += d0[j];
    }
    double F = rnd(r, -50, 50);
    if (fabs(F) < 1e-3)
      continue;
    double total = 0; /* chain deflection = sum of element deflections */
    for (int j = 0; j < 3; j++)
      total += element_deflection(k[j], d0[j], F);
    /* the combined spring (series stiffness, summed freeplay) gives F back */
    double F_combined = ss_luz(total, gap) / inv;
    g_assert_cmpfloat_with_epsilon(F_combined, F, 1e-6 * (1 + fabs(F)));
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/algebra/luz-sat", test_luz_sat_definitions);
  g_test_add_func("/algebra/tar", test_tar_identities);
  g_test_add_func("/algebra/series-freeplay", test_series_freeplay);
  return g_test_run();
}
