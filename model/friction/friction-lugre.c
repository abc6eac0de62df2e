/* friction-lugre.c - LuGre bristle model, Wojtyra eq. (13)-(15), with the
 * coefficients normalised by the normal force (sigma0 in 1/m). */
#include <math.h>

#include "friction.h"

double ss_lugre_g(const ss_friction *f, double v)
{
  double r = v / f->vartheta;
  return f->mu_k + (f->mu_s - f->mu_k) * exp(-r * r);
}

/* g(v) never below this share of mu_s: with mu_k = 0 it underflows to 0
 * when sliding (z' = v - z sigma0 |v| / 0), which stopped the run. */
#define LUGRE_G_FLOOR 1e-6

double ss_lugre_zdot(const ss_friction *f, double v, double z)
{
  if (!(f->mu_s > 0.0))
    return 0.0; /* no friction: the bristle stays at rest (z = 0) */
  return v - z * f->sigma0 * fabs(v) / fmax(ss_lugre_g(f, v), LUGRE_G_FLOOR * f->mu_s);
}

double ss_lugre_mu(const ss_friction *f, double v, double z)
{
  return f->sigma0 * z + f->sigma1 * ss_lugre_zdot(f, v, z);
}

double ss_lugre_z_size(const ss_friction *f) { return f->sigma0 > 0.0 ? f->mu_s / f->sigma0 : 0.0; }
