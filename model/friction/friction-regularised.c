/* friction-regularised.c - piecewise-linear mu(v) with threshold velocity
 * gamma, [Wojtyra2016] eq. 12: linear up to gamma, down to mu_k at 1.5 gamma. */
#include <math.h>
#include <stddef.h>

#include "friction.h"

static double mu(const ss_friction *f, double v, double z, double *zdot)
{
  (void)z;
  *zdot = 0.0;
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

/* below gamma the law is linear: that is its sticking */
static double stick_velocity(const ss_friction *f) { return f->gamma; }

static const ss_law_param gamma_param = {
    .stem = "gamma",
    .label = "Threshold velocity γ",
    .unit = "m/s",
    .unit_turn = "rad/s",
    .def = 1e-3,
    .min = 1e-9,
    .max = 1.0,
    .flags = SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
    .description = "Regularised law: sliding velocity at which friction reaches the static level",
    .description_turn = "Regularised law: rate at which bearing friction reaches the static level",
    .per_contact = true,
    .field = offsetof(ss_friction, gamma),
};

static const ss_law_param *const params[] = {&gamma_param, NULL};

const ss_law_info ss_law_regularised = {
    .name = "regularised",
    .label = "Regularised Coulomb (γ)",
    .params = params,
    .mu = mu,
    .stick_velocity = stick_velocity,
};
