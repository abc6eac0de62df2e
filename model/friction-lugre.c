/* friction-lugre.c - LuGre bristle model, Wojtyra eq. (13)-(15), with the
 * coefficients normalised by the normal force (sigma0 in 1/m). */
#include <math.h>

#include "friction.h"

double ss_lugre_g(const ss_friction *f, double v)
{
  double r = v / f->vartheta;
  return f->mu_k + (f->mu_s - f->mu_k) * exp(-r * r);
}

double ss_lugre_zdot(const ss_friction *f, double v, double z)
{
  return v - z * f->sigma0 * fabs(v) / ss_lugre_g(f, v);
}

double ss_lugre_mu(const ss_friction *f, double v, double z)
{
  return f->sigma0 * z + f->sigma1 * ss_lugre_zdot(f, v, z);
}

double ss_lugre_z_size(const ss_friction *f)
{
  return f->sigma0 > 0.0 ? f->mu_s / f->sigma0 : 0.0;
}
