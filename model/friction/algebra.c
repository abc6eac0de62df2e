/* algebra.c - luz/sat/tar piecewise-linear projections ([Zardecki2006]). */
#include <math.h>

#include "friction.h"
#include "stickslip.h"

double ss_luz(double x, double a) { return ss_dead_zone(x, a); }

double ss_sat(double x, double a) { return x - ss_luz(x, a); }

double ss_tar(double x, double a, double s_at_zero)
{
  if (x > 0.0)
    return x + a;
  if (x < 0.0)
    return x - a;
  return a * s_at_zero; /* the set-valued part: the caller's selection */
}

int ss_sign(double x) { return (x > 0.0) - (x < 0.0); }
