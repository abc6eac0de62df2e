/* slider-crank.h - what the two slider-crank scenarios ([BlajerMarkiewicz]
 * §6.1 and §6.2) share: the crank torque, the common parameter rows and
 * the model set-up around planar-mech. */
#ifndef SS_SLIDER_CRANK_H
#define SS_SLIDER_CRANK_H

#include "planar-mech.h"

/* Driving torque on the crank: tau0 + A sin(omega t). */
typedef struct ss_crank_drive {
  int crank;    /* body index of the crank */
  double tau0;  /* constant torque, N m */
  double A;     /* amplitude, N m */
  double omega; /* angular frequency, rad/s */
} ss_crank_drive;

double ss_crank_torque(const ss_crank_drive *dr, double t);

/* Fills the scenario-independent part of pm from the parameter values
 * (friction on/off, formulation, torque, joint coefficients mu_rs, mu_rk,
 * d for every revolute joint and mu_ts, mu_tk, h for the prismatic one),
 * the loads/extra callbacks and the drive (stored after pm, see
 * ss_crank_mech_alloc). */
ss_planar_mech *ss_crank_mech_alloc(void);
void ss_crank_mech_setup(ss_planar_mech *pm, const ss_scenario *sc, const double *values,
                         int crank);

/* With friction off the coefficients have no effect (the pin size d and
 * the slider length h still shape the reported friction bases). */
#define SS_CRANK_N_CONDITIONS 4
extern const ss_param_condition ss_crank_conditions[SS_CRANK_N_CONDITIONS];

/* Human labels of both slider-cranks' columns and joints. */
extern const ss_label ss_crank_labels[];
extern const char *const ss_crank_friction_choices[];    /* "on", "off" */
extern const char *const ss_crank_formulation_choices[]; /* "minimal", "absolute" */

/* The crank torque rows; the amplitude default differs per mechanism. */
/* clang-format off: a hand-aligned table */
#define SS_CRANK_LOAD_ROWS(amplitude)                                        \
  {"tau0",                                                                   \
   "Constant torque τ0",                                                     \
   "N m",                                                                    \
   SS_PARAM_REAL,                                                            \
   0.0,                                                                      \
   -1e4,                                                                     \
   1e4,                                                                      \
   0,                                                                        \
   "Constant part of the crank torque tau0 + A sin(omega t)",                \
   NULL,                                                                     \
   "Load"},                                                                  \
      {"A",                                                                  \
       "Torque amplitude A",                                                 \
       "N m",                                                                \
       SS_PARAM_REAL,                                                        \
       amplitude,                                                            \
       -1e4,                                                                 \
       1e4,                                                                  \
       0,                                                                    \
       "Amplitude of the crank torque tau0 + A sin(omega t)",                \
       NULL,                                                                 \
       "Load"},                                                              \
  {                                                                          \
    "omega", "Torque frequency ω", "rad/s", SS_PARAM_REAL, 3.0, 0.0, 1e3, 0, \
        "Angular frequency of the crank torque", NULL, "Load"                \
  }
/* clang-format on */

/* Parameter rows common to both scenarios: the joint friction of
 * [BlajerMarkiewicz] §6 and the formulation. */
/* clang-format off: a hand-aligned table */
#define SS_CRANK_FRICTION_ROWS                                                                   \
  {"friction",                                                                                   \
   "Joint friction",                                                                             \
   "",                                                                                           \
   SS_PARAM_CHOICE,                                                                              \
   0,                                                                                            \
   0,                                                                                            \
   1,                                                                                            \
   0,                                                                                            \
   "on, or off for the ideal mechanism (the papers' mu = 0 comparison)",                         \
   ss_crank_friction_choices,                                                                    \
   "Friction"},                                                                                  \
      {"mu_rs",                                                                                  \
       "Revolute static μrs",                                                                    \
       "",                                                                                       \
       SS_PARAM_REAL,                                                                            \
       0.15,                                                                                     \
       0.0,                                                                                      \
       2.0,                                                                                      \
       SS_PARAM_LOG,                                                                             \
       "Static friction coefficient of the revolute joints (moment mu d |R|)",                   \
       NULL,                                                                                     \
       "Friction"},                                                                              \
      {"mu_rk",                                                                                  \
       "Revolute kinetic μrk",                                                                   \
       "",                                                                                       \
       SS_PARAM_REAL,                                                                            \
       0.1,                                                                                      \
       0.0,                                                                                      \
       2.0,                                                                                      \
       SS_PARAM_LOG,                                                                             \
       "Kinetic friction coefficient of the revolute joints (<= mu_rs)",                         \
       NULL,                                                                                     \
       "Friction"},                                                                              \
      {"d",                                                                                      \
       "Pin size d",                                                                             \
       "m",                                                                                      \
       SS_PARAM_REAL,                                                                            \
       0.05,                                                                                     \
       0.0,                                                                                      \
       0.5,                                                                                      \
       0,                                                                                        \
       "Bearing size d of every revolute joint in the friction moment mu d |R|",                 \
       NULL,                                                                                     \
       "Friction"},                                                                              \
      {"mu_ts",                                                                                  \
       "Guide static μts",                                                                       \
       "",                                                                                       \
       SS_PARAM_REAL,                                                                            \
       0.3,                                                                                      \
       0.0,                                                                                      \
       2.0,                                                                                      \
       SS_PARAM_LOG,                                                                             \
       "Static friction coefficient of the slider guide (force mu |N|)",                         \
       NULL,                                                                                     \
       "Friction"},                                                                              \
      {"mu_tk",                                                                                  \
       "Guide kinetic μtk",                                                                      \
       "",                                                                                       \
       SS_PARAM_REAL,                                                                            \
       0.2,                                                                                      \
       0.0,                                                                                      \
       2.0,                                                                                      \
       SS_PARAM_LOG,                                                                             \
       "Kinetic friction coefficient of the slider guide (<= mu_ts)",                            \
       NULL,                                                                                     \
       "Friction"},                                                                              \
      {"h",                                                                                      \
       "Slider length h",                                                                        \
       "m",                                                                                      \
       SS_PARAM_REAL,                                                                            \
       0.0,                                                                                      \
       0.0,                                                                                      \
       10.0,                                                                                     \
       0,                                                                                        \
       "Slider length: guide moments press its two edges, friction mu (|N1| + |N2|); "           \
       "0 = moments carried without friction (the paper's model)",                               \
       NULL,                                                                                     \
       "Friction"},                                                                              \
  {                                                                                              \
    "formulation", "Formulation", "", SS_PARAM_CHOICE, 0, 0, 1, 0,                               \
        "minimal (one dynamic "                                                                  \
        "equation, Blajer & Markiewicz, §5) or absolute (Lagrange equations of the first kind " \
        "with Baumgarte stabilisation)",                                                         \
        ss_crank_formulation_choices, "Numerics"                                                 \
  }
/* clang-format on */

#endif
