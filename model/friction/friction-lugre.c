/* friction-lugre.c - LuGre bristle model, [Wojtyra2016] eq. 13-15, with the
 * coefficients normalised by the normal force (sigma0 in 1/m). */
#include <math.h>
#include <stddef.h>

#include "friction.h"

/* Stribeck function G(v) between mu_s (at rest) and mu_k (sliding fast). */
static double stribeck(const ss_friction *f, double v)
{
  double r = v / f->vartheta;
  return f->mu_k + (f->mu_s - f->mu_k) * exp(-r * r);
}

/* g(v) never below this share of mu_s: with mu_k = 0 it underflows to 0
 * when sliding (z' = v - z sigma0 |v| / 0), which stopped the run. */
#define LUGRE_G_FLOOR 1e-6

/* bristle rate z', m/s */
static double zdot_of(const ss_friction *f, double v, double z)
{
  if (!(f->mu_s > 0.0))
    return 0.0; /* no friction: the bristle stays at rest (z = 0) */
  return v - z * f->sigma0 * fabs(v) / fmax(stribeck(f, v), LUGRE_G_FLOOR * f->mu_s);
}

/* sigma0 z + sigma1 z' */
static double mu(const ss_friction *f, double v, double z, double *zdot)
{
  *zdot = zdot_of(f, v, z);
  return f->sigma0 * z + f->sigma1 * *zdot;
}

/* mu_s / sigma0, the deflection at rest under the static load, m */
static double state_size(const ss_friction *f)
{
  return f->sigma0 > 0.0 ? f->mu_s / f->sigma0 : 0.0;
}

static const ss_law_param sigma0_param = {
    .stem = "sigma0",
    .label = "LuGre σ0",
    .unit = "1/m",
    .unit_turn = "1/rad",
    .def = 1e5,
    .min = 1.0,
    .max = 1e12,
    .flags = SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
    .description = "LuGre bristle stiffness per unit normal force",
    .description_turn = "LuGre bristle stiffness per unit static friction torque",
    .per_contact = true,
    .field = offsetof(ss_friction, sigma0),
};

static const ss_law_param sigma1_param = {
    .stem = "sigma1",
    .label = "LuGre σ1",
    .unit = "s/m",
    .unit_turn = "s/rad",
    .def = 300.0,
    .min = 0.0,
    .max = 1e9,
    .flags = 0,
    .description = "LuGre bristle damping per unit normal force",
    .description_turn = "LuGre bristle damping per unit static friction torque",
    .per_contact = true,
    .field = offsetof(ss_friction, sigma1),
};

static const ss_law_param vartheta_param = {
    .stem = "vartheta",
    .label = "LuGre ϑ",
    .unit = "m/s",
    .unit_turn = "rad/s",
    .def = 1e-3,
    .min = 1e-9,
    .max = 10.0,
    .flags = SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
    .description = "LuGre Stribeck velocity (border between stiction and sliding)",
    .description_turn = "LuGre Stribeck rate (border between stiction and sliding)",
    .per_contact = true,
    .field = offsetof(ss_friction, vartheta),
};

static const ss_law_param *const params[] = {&sigma0_param, &sigma1_param, &vartheta_param,
                                             &ss_law_v_stick, NULL};

const ss_law_info ss_law_lugre = {
    .name = "lugre",
    .label = "LuGre",
    .has_state = true,
    .params = params,
    .mu = mu,
    .state_size = state_size,
};
