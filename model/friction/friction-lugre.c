/* friction-lugre.c - LuGre bristle model, [Wojtyra2016] eq. 13-15, with the
 * coefficients normalised by the normal force (sigma0 in 1/m), and the
 * choice of its damping: sigma1 constant, as published, or decaying with
 * speed as sigma1 exp(-(v/vartheta)^2) ([CanudasDeWit1995]), which keeps
 * friction within the static level, and dissipative, for sigma1 vartheta
 * <= sqrt(2e) H (docs/models.md §7). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "friction.h"
#include "ss-internal.h"

/* g(v) never below this share of mu_s: with mu_k = 0 it underflows to 0
 * when sliding (z' = v - z sigma0 |v| / 0), which stopped the run. */
#define LUGRE_G_FLOOR 1e-6

/* sigma0 z + sigma1(v) z', with the bristle rate
 * z' = v - z sigma0 |v| / max(g(v), floor), m/s, and the Stribeck function
 * g(v) = mu_k + (mu_s - mu_k) exp(-(v/vartheta)^2) between mu_s (at rest)
 * and mu_k (sliding fast); the decaying damping's exp(-(v/vartheta)^2) is
 * g's own (one exp per coefficient). */
static double mu(const ss_friction *f, double v, double z, double *zdot)
{
  double r = v / f->vartheta, e = NAN, zd = 0.0; /* no friction: the bristle stays at rest */
  if (f->mu_s > 0.0) {
    e = exp(-r * r);
    /* max(g, floor) as fmax gives it: floor > 0, and g NaN gives floor */
    double g = f->mu_k + (f->mu_s - f->mu_k) * e, floor = LUGRE_G_FLOOR * f->mu_s;
    zd = v - z * f->sigma0 * fabs(v) / (g > floor ? g : floor);
  }
  *zdot = zd;
  if (f->sigma1_damping == SS_LUGRE_DAMPING_DECAYING) {
    if (!(f->mu_s > 0.0))
      e = exp(-r * r);
    return f->sigma0 * z + f->sigma1 * e * zd;
  }
  return f->sigma0 * z + f->sigma1 * zd;
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
    /* where runs stop: one-mass 1e11, gear-train 1e10 (defaults otherwise;
     * the steps grow as sqrt(sigma0), the bristles' oscillation) */
    .description = "LuGre bristle stiffness per unit normal force; above about 1e9 the bristles' "
                   "fast oscillation needs more steps than max_steps allows and runs stop",
    .description_turn = "LuGre bristle stiffness per unit static friction torque; above about 1e9 "
                        "the bristles' fast oscillation needs more steps than max_steps allows and "
                        "runs stop",
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

static const char *const damping_choices[] = {"constant", "decaying", NULL};
static const char *const damping_labels[] = {"Constant", "Decaying", NULL};

static const ss_law_param damping_param = {
    .stem = "sigma1_damping",
    .label = "LuGre damping",
    .unit = "",
    .unit_turn = "",
    .def = SS_LUGRE_DAMPING_CONSTANT,
    .min = 0,
    .max = 1,
    .description = "LuGre damping: constant σ1 as published (not dissipative where μs > μk without "
                   "viscous friction), or decaying, σ1·exp(−(v/ϑ)²), dissipative and within the "
                   "static level for σ1·ϑ ≤ √(2e)·H",
    .per_contact = true,
    .field = offsetof(ss_friction, sigma1_damping),
    .choices = damping_choices,
    .choice_labels = damping_labels,
};

static const ss_law_param *const params[] = {&sigma0_param,   &sigma1_param,   &damping_param,
                                             &vartheta_param, &ss_law_v_stick, NULL};

/* ---- dissipativity (docs/models.md §7) ----------------------------------- */

/* Condition P3 (docs/models.md §7): with sigma1(v) = sigma1 exp(-(v/vartheta)^2)
 * the damping's share a(v) = sigma1(v) |v| peaks at sigma1 vartheta / sqrt(2e);
 * while a <= H = 2 mu_s mu_k / (mu_s + mu_k) (the harmonic mean of the
 * levels) the coefficient stays within mu_s at every bristle deflection, and
 * since H is below P2's B the contact is dissipative too.  The largest
 * sigma1 it admits; INFINITY without friction. */
static double decaying_limit(const ss_friction *f)
{
  double mu_s = f->mu_s, mu_k = f->mu_k;
  if (!(mu_s > 0.0))
    return INFINITY;
  return sqrt(2.0 * M_E) * (2.0 * mu_s * mu_k / (mu_s + mu_k)) / f->vartheta;
}

/* Condition P1: with constant sigma1 the contact is dissipative exactly
 * when sigma1 <= sigma2 mu_k / (mu_s - mu_k), sigma2 the viscous
 * coefficient per unit normal force; INFINITY when mu_k = mu_s. */
static double constant_limit(const ss_friction *f, double sigma2)
{
  if (!(f->mu_s > f->mu_k))
    return INFINITY;
  return sigma2 * f->mu_k / (f->mu_s - f->mu_k);
}

static const char *units(const ss_law_contacts *c)
{
  return c->motion == SS_LAW_TURNING ? "s/rad" : "s/m";
}

/* x rounded down to 6 significant digits: a bound a message shows is
 * admitted. */
static double down6(double x)
{
  if (!(x > 0.0) || !isfinite(x))
    return x;
  double unit = pow(10.0, floor(log10(x)) - 5.0);
  return floor(x / unit) * unit;
}

/* Decaying damping: sigma1 within P3 at every contact (the tightest bound
 * is named). */
static bool check(const ss_law_contacts *c, char **error)
{
  int worst = -1;
  double limit = INFINITY;
  for (int i = 0; i < c->n; i++)
    if (c->f[i].sigma1_damping == SS_LUGRE_DAMPING_DECAYING && decaying_limit(&c->f[i]) < limit) {
      worst = i;
      limit = decaying_limit(&c->f[i]);
    }
  if (worst < 0 || c->f[worst].sigma1 <= limit)
    return true;
  const ss_friction *f = &c->f[worst];
  const char *sfx = c->suffix ? c->suffix : "";
  double h = 2.0 * f->mu_s * f->mu_k / (f->mu_s + f->mu_k);
  char at[160] = "";
  if (c->n > 1)
    snprintf(at, sizeof at, " at '%s'", c->names[worst]);
  ss_set_error(
      error,
      "parameter 'sigma1%s' = %g %s: the decaying damping keeps friction within the static "
      "level, and dissipative, for σ1·ϑ ≤ √(2e)·H = %.6g%s (H = 2·μs·μk/(μs + μk) = %.6g; "
      "here σ1·ϑ = %.6g), so sigma1%s ≤ %.6g %s with vartheta%s = %g; see "
      "docs/models.md §7",
      sfx, f->sigma1, units(c), down6(sqrt(2.0 * M_E) * h), at, h, f->sigma1 * f->vartheta, sfx,
      down6(limit), units(c), sfx, f->vartheta);
  return false;
}

/* Constant damping, what the run check says when it fires: beyond P1 the
 * contact is not dissipative; and (for a stuck contact) with sigma1 v_stick
 * > H the damping sigma1 z' alone can carry the coefficient past mu_s at
 * |v| < v_stick, where the contact is reported as stuck (P3's argument with
 * a = sigma1 |v|, docs/models.md §7). */
static char *run_note(const ss_law_contacts *c, double sigma2, bool stuck)
{
  const ss_friction *f = &c->f[0];
  if (f->sigma1_damping != SS_LUGRE_DAMPING_CONSTANT || !(f->mu_s > 0.0))
    return NULL;
  const char *sfx = c->suffix ? c->suffix : "";
  double limit = constant_limit(f, sigma2);
  double h = 2.0 * f->mu_s * f->mu_k / (f->mu_s + f->mu_k);
  double v_stick = ss_friction_stick_velocity(f);
  char text[320], range[96];
  if (f->sigma1 > limit) {
    if (limit > 0.0)
      snprintf(range, sizeof range, "for sigma1%s > %.6g %s with this viscous friction", sfx, limit,
               units(c));
    else
      snprintf(range, sizeof range, "for any sigma1%s > 0 where μs > μk without viscous friction",
               sfx); /* P1 with sigma2 = 0 */
    snprintf(text, sizeof text,
             "LuGre with constant σ1 is not dissipative %s (docs/models.md §7): choose "
             "sigma1_damping%s=decaying or lower sigma1%s",
             range, sfx, sfx);
  } else if (stuck && f->sigma1 * v_stick > h) {
    snprintf(text, sizeof text,
             "LuGre's constant σ1·ż can pass the static level below v_stick (sigma1%s·v_stick = "
             "%.6g > H = 2·μs·μk/(μs + μk) = %.6g; docs/models.md §7): choose "
             "sigma1_damping%s=decaying, or lower sigma1%s or v_stick",
             sfx, f->sigma1 * v_stick, h, sfx, sfx);
  } else {
    return NULL;
  }
  return strdup(text);
}

const ss_law_info ss_law_lugre = {
    .name = "lugre",
    .label = "LuGre",
    .has_state = true,
    .params = params,
    .mu = mu,
    .state_size = state_size,
    .check = check,
    .run_note = run_note,
};
