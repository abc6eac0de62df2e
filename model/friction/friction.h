/* friction.h - friction laws for one contact (one .c file per law). */
#ifndef SS_FRICTION_H
#define SS_FRICTION_H

#include "stickslip.h"

typedef enum {
  SS_LAW_EXACT = 0,       /* Coulomb with static/kinetic levels, event-driven */
  SS_LAW_REGULARISED = 1, /* piecewise-linear mu(v), threshold gamma (Wojtyra eq. 12) */
  SS_LAW_TANH = 2,        /* mu_k tanh(k v) (Wojtyra & Fraczek eq. 2) */
  SS_LAW_LUGRE = 3,       /* LuGre bristle model (Wojtyra eq. 13-15) */
} ss_law;

extern const char *const ss_law_choices[]; /* "exact", "regularised", "tanh", "lugre", NULL */

typedef struct ss_friction {
  ss_law law;      /* which law */
  double mu_s;     /* static coefficient, 1 */
  double mu_k;     /* kinetic coefficient, 1 (<= mu_s) */
  double gamma;    /* regularised: threshold velocity, m/s */
  double k_tanh;   /* tanh: steepness, s/m */
  double sigma0;   /* LuGre: bristle stiffness per unit normal force, 1/m */
  double sigma1;   /* LuGre: bristle damping per unit normal force, s/m */
  double vartheta; /* LuGre: Stribeck velocity, m/s */
  double v_stick;  /* tanh/LuGre: |v| below this is reported as stick, m/s */
} ss_friction;

/* friction-exact.c: the 1-D stick/slip decision at zero relative velocity,
 * the applied force (everything but friction) against the static limit.
 * Returns the new mode. */
int ss_resolve_1d(double applied, double static_limit);
/* friction-regularised.c: mu(v), odd, continuous, |mu| <= mu_s. */
double ss_mu_regularised(const ss_friction *f, double v);
/* friction-tanh.c */
double ss_mu_tanh(const ss_friction *f, double v);
/* friction-lugre.c: bristle rate z' (1/s * m) and coefficient sigma0 z + sigma1 z'. */
double ss_lugre_g(const ss_friction *f, double v);
double ss_lugre_zdot(const ss_friction *f, double v, double z);
double ss_lugre_mu(const ss_friction *f, double v, double z);
/* Natural size of the bristle deflection, mu_s / sigma0 (its value at rest
 * under the static load), m; 0 without friction.  While stuck the sliding
 * velocity is the bristle's rate: its natural size is this per second. */
double ss_lugre_z_size(const ss_friction *f);
/* friction-law.c: coefficient of a memoryless smooth law (regularised, tanh). */
double ss_mu_smooth(const ss_friction *f, double v);
/* Velocity under which a smooth law reports stick. */
double ss_friction_stick_velocity(const ss_friction *f);

/* Builds an ss_friction from the scenario's standard law parameters
 * (law, gamma, k_tanh, sigma0, sigma1, vartheta, v_stick) plus the given
 * coefficients.  Names of the law parameters get `suffix` appended
 * (e.g. "1" for gamma1) when suffix is non-NULL. */
ss_friction ss_friction_from_values(const ss_scenario *sc, const double *values, double mu_s,
                                    double mu_k, const char *suffix);

/* Parameter-table rows shared by every scenario with selectable laws. */
/* clang-format off: a hand-aligned table */
#define SS_LAW_PARAM_ROWS(sfx, sfxlabel)                                                      \
  {"gamma" sfx,                                                                               \
   "Threshold velocity γ" sfxlabel,                                                           \
   "m/s",                                                                                     \
   SS_PARAM_REAL,                                                                             \
   1e-3,                                                                                      \
   1e-9,                                                                                      \
   1.0,                                                                                       \
   SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,                                                     \
   "Regularised law: sliding velocity at which friction reaches the static level",            \
   NULL,                                                                                      \
   "Friction law"},                                                                           \
      {"k_tanh" sfx,                                                                          \
       "tanh steepness k" sfxlabel,                                                           \
       "s/m",                                                                                 \
       SS_PARAM_REAL,                                                                         \
       1e3,                                                                                   \
       1e-3,                                                                                  \
       1e9,                                                                                   \
       SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,                                                 \
       "tanh law: friction coefficient mu_k tanh(k v)",                                       \
       NULL,                                                                                  \
       "Friction law"},                                                                       \
      {"sigma0" sfx,                                                                          \
       "LuGre σ0" sfxlabel,                                                                   \
       "1/m",                                                                                 \
       SS_PARAM_REAL,                                                                         \
       1e5,                                                                                   \
       1.0,                                                                                   \
       1e12,                                                                                  \
       SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,                                                 \
       "LuGre bristle stiffness per unit normal force",                                       \
       NULL,                                                                                  \
       "Friction law"},                                                                       \
      {"sigma1" sfx,                                                                          \
       "LuGre σ1" sfxlabel,                                                                   \
       "s/m",                                                                                 \
       SS_PARAM_REAL,                                                                         \
       300.0,                                                                                 \
       0.0,                                                                                   \
       1e9,                                                                                   \
       0,                                                                                     \
       "LuGre bristle damping per unit normal force",                                         \
       NULL,                                                                                  \
       "Friction law"},                                                                       \
  {                                                                                           \
    "vartheta" sfx, "LuGre ϑ" sfxlabel, "m/s", SS_PARAM_REAL, 1e-3, 1e-9, 10.0,               \
        SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,                                                \
        "LuGre Stribeck velocity (border between stiction and sliding)", NULL, "Friction law" \
  }
/* clang-format on */

/* clang-format off: a hand-aligned table */
#define SS_LAW_CHOICE_ROW(def)                                                              \
  {                                                                                         \
    "law", "Friction law", "", SS_PARAM_CHOICE, def, 0, 3, 0,                               \
        "exact (event-driven Coulomb), regularised (gamma), tanh or lugre", ss_law_choices, \
        "Friction law"                                                                      \
  }
/* clang-format on */

/* clang-format off: a hand-aligned table */
#define SS_V_STICK_ROW                                                                        \
  {                                                                                           \
    "v_stick", "Stick velocity (smooth laws)", "m/s", SS_PARAM_REAL, 1e-4, 1e-12, 1.0,        \
        SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,                                                \
        "tanh and LuGre: |v| below this is reported as stick (regularised uses gamma)", NULL, \
        "Friction law"                                                                        \
  }
/* clang-format on */

#endif
