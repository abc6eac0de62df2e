/* friction-regularised.c - piecewise-linear mu(v) with threshold velocity
 * gamma, Wojtyra eq. (12): linear up to gamma, down to mu_k at 1.5 gamma. */
#include <math.h>

#include "friction.h"

double ss_mu_regularised(const ss_friction *f, double v)
{
  double a = fabs(v);
  double g = f->gamma;
  double mag;
  if (a <= g)
    return f->mu_s * v / g; /* linear through zero: no sgn(0) */
  if (a <= 1.5 * g)
    mag = f->mu_s - 2.0 * (f->mu_s - f->mu_k) * (a - g) / g;
  else
    mag = f->mu_k;
  return v > 0.0 ? mag : -mag;
}
