/* friction-law.c - choosing a law and reading its parameters. */
#include <stdio.h>

#include "friction.h"
#include "ss-internal.h"

const char *const ss_law_choices[] = {"exact", "regularised", "tanh", "lugre", NULL};

double ss_mu_smooth(const ss_friction *f, double v)
{
  switch (f->law) {
  case SS_LAW_REGULARISED: return ss_mu_regularised(f, v);
  case SS_LAW_TANH: return ss_mu_tanh(f, v);
  default: return 0.0; /* exact and LuGre are not memoryless functions of v */
  }
}

double ss_friction_stick_velocity(const ss_friction *f)
{
  return f->law == SS_LAW_REGULARISED ? f->gamma : f->v_stick;
}

static double value_with_suffix(const ss_scenario *sc, const double *values, const char *base,
                                const char *suffix)
{
  char name[64];
  snprintf(name, sizeof name, "%s%s", base, suffix ? suffix : "");
  return ss_value(sc, values, name);
}

ss_friction ss_friction_from_values(const ss_scenario *sc, const double *values, double mu_s,
                                    double mu_k, const char *suffix)
{
  ss_friction f = {0};
  f.law = (ss_law)(int)ss_value(sc, values, "law");
  f.mu_s = mu_s;
  f.mu_k = mu_k;
  f.gamma = value_with_suffix(sc, values, "gamma", suffix);
  f.k_tanh = value_with_suffix(sc, values, "k_tanh", suffix);
  f.sigma0 = value_with_suffix(sc, values, "sigma0", suffix);
  f.sigma1 = value_with_suffix(sc, values, "sigma1", suffix);
  f.vartheta = value_with_suffix(sc, values, "vartheta", suffix);
  f.v_stick = ss_value(sc, values, "v_stick");
  return f;
}
