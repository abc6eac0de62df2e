/* slider-crank-offset.c - Example 1 of [BlajerMarkiewicz] (§6.1, Fig.
 * 5-6): crank (link 1), coupler (link 2) and a slider block (link 3)
 * whose pin sits 2 a3 above the guide y = 0; gravity -y, torque on the
 * crank, friction in the three pins and at the guide contact O4 (the
 * paper's eq. 6.2-6.3: s4 = x3 + a3 cos theta3, friction mu |f7|).  Starts
 * at rest in the unforced equilibrium (crank hanging down). */
#include <math.h>
#include <stdlib.h>

#include "scenarios.h"
#include "slider-crank.h"

/* Body order: crank 0, coupler 1, slider 2; x = (x, y, theta) of each. */
static ss_model *create(const ss_scenario *sc, const double *values, char **error)
{
  double m1 = ss_value(sc, values, "m1"), m2 = ss_value(sc, values, "m2");
  double m3 = ss_value(sc, values, "m3");
  double a1 = ss_value(sc, values, "a1"), a2 = ss_value(sc, values, "a2");
  double a3 = ss_value(sc, values, "a3");
  if (!(2 * a1 + 2 * a3 < 2 * a2))
    return ss_set_error(error,
                        "parameters a1 = %g, a2 = %g, a3 = %g: the crank turns fully "
                        "only when a1 + a3 < a2",
                        a1, a2, a3);
  if (ss_value(sc, values, "mu_rk") > ss_value(sc, values, "mu_rs"))
    return ss_set_error(error, "parameter 'mu_rk' = %g must not exceed 'mu_rs' = %g",
                        ss_value(sc, values, "mu_rk"), ss_value(sc, values, "mu_rs"));
  if (ss_value(sc, values, "mu_tk") > ss_value(sc, values, "mu_ts"))
    return ss_set_error(error, "parameter 'mu_tk' = %g must not exceed 'mu_ts' = %g",
                        ss_value(sc, values, "mu_tk"), ss_value(sc, values, "mu_ts"));
  ss_planar_mech *pm = ss_crank_mech_alloc();
  if (!pm)
    return ss_set_error(error, "out of memory");
  ss_planar_system *s = &pm->sys;
  s->nb = 3;
  s->nj = 4;
  s->n = 9;
  s->m = 8;
  s->gravity[1] = -ss_value(sc, values, "g");
  s->body[0] = (ss_planar_body){"crank", m1, m1 * a1 * a1 / 3.0};
  s->body[1] = (ss_planar_body){"coupler", m2, m2 * a2 * a2 / 3.0};
  s->body[2] = (ss_planar_body){"slider", m3, m3 * a3 * a3 / 3.0};
  s->joint[0] =
      (ss_planar_joint){.name = "O", .kind = SS_JOINT_REVOLUTE, .a = -1, .b = 0, .pb = {-a1, 0.0}};
  s->joint[1] = (ss_planar_joint){
      .name = "A", .kind = SS_JOINT_REVOLUTE, .a = 0, .b = 1, .pa = {a1, 0.0}, .pb = {-a2, 0.0}};
  /* slider frame: theta3 = -pi/2, its xi axis points down; pin at -a3 */
  s->joint[2] = (ss_planar_joint){
      .name = "B", .kind = SS_JOINT_REVOLUTE, .a = 1, .b = 2, .pa = {a2, 0.0}, .pb = {-a3, 0.0}};
  s->joint[3] = (ss_planar_joint){.name = "guide",
                                  .kind = SS_JOINT_PRISMATIC,
                                  .a = -1,
                                  .b = 2,
                                  .axis = {1.0, 0.0},
                                  .pb = {a3, 0.0},
                                  .theta0 = -M_PI / 2};
  /* crank down, coupler rising to the pin at height 2 a3, slider to the right */
  double q1 = -M_PI / 2, q2 = asin((2 * a3 - 2 * a1 * sin(q1)) / (2 * a2));
  double xB = 2 * a1 * cos(q1) + 2 * a2 * cos(q2);
  const double x0[9] = {a1 * cos(q1),
                        a1 * sin(q1),
                        q1,
                        2 * a1 * cos(q1) + a2 * cos(q2),
                        2 * a1 * sin(q1) + a2 * sin(q2),
                        q2,
                        xB,
                        a3,
                        -M_PI / 2};
  for (int k = 0; k < 9; k++)
    pm->x0[k] = x0[k];
  pm->iu = 2; /* crank angle theta1 */
  pm->n_outputs = 3;
  pm->outputs[0] = (ss_planar_output){2, "theta1", "rad", "omega1", "rad/s"};
  pm->outputs[1] = (ss_planar_output){5, "theta2", "rad", "omega2", "rad/s"};
  pm->outputs[2] = (ss_planar_output){6, "x3", "m", "v3", "m/s"};
  ss_crank_mech_setup(pm, sc, values, 0);
  /* the unforced equilibrium near the hanging crank */
  if (s->gravity[1] != 0.0 &&
      ss_planar_mech_equilibrium(pm, -M_PI / 2 - 1.0, -M_PI / 2 + 1.0) < 0) {
    free(pm);
    return ss_set_error(error, "no unforced equilibrium found near the hanging crank");
  }
  return ss_model_set_labels(ss_planar_mech_model_new(sc, values, pm, error), ss_crank_labels);
}

/* clang-format off: a hand-aligned table */
static const ss_param_info params[] = {
    {"m1", "Crank mass m1", "kg", SS_PARAM_REAL, 3.0, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Mass of the crank (J1 = m1 a1²/3)", NULL, "Mechanism"},
    {"m2", "Coupler mass m2", "kg", SS_PARAM_REAL, 7.0, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Mass of the coupler (J2 = m2 a2²/3)", NULL, "Mechanism"},
    {"m3", "Slider mass m3", "kg", SS_PARAM_REAL, 2.0, 0.0, 1e4, 0,
     "Mass of the slider block (J3 = m3 a3²/3)", NULL, "Mechanism"},
    {"a1", "Crank half-length a1", "m", SS_PARAM_REAL, 0.3, 0.0, 10.0, SS_PARAM_MIN_EXCLUSIVE,
     "Half the length of the crank", NULL, "Mechanism"},
    {"a2", "Coupler half-length a2", "m", SS_PARAM_REAL, 0.7, 0.0, 10.0, SS_PARAM_MIN_EXCLUSIVE,
     "Half the length of the coupler", NULL, "Mechanism"},
    {"a3", "Slider half-height a3", "m", SS_PARAM_REAL, 0.2, 0.0, 10.0, SS_PARAM_MIN_EXCLUSIVE,
     "Half the height of the slider block: its pin sits 2 a3 above the guide", NULL, "Mechanism"},
    {"g", "Gravity g", "m/s²", SS_PARAM_REAL, 9.81, 0.0, 100.0, 0,
     "Gravitational acceleration, directed along -y", NULL, "Mechanism"},
    SS_CRANK_FRICTION_ROWS,
    SS_CRANK_LOAD_ROWS(15.0),
};
/* clang-format on */

const ss_scenario ss_scenario_slider_crank_offset = {
    .name = "slider-crank-offset",
    .title = "Offset slider-crank with joint friction (Blajer & Markiewicz, Example 1)",
    .description = "Crank, coupler and a slider block whose pin sits 2 a3 above the guide, "
                   "gravity downwards, friction in the three pins and at the guide contact, "
                   "a sinusoidal crank torque from the unforced equilibrium; compare with the "
                   "ideal mechanism (friction off) as in Blajer & Markiewicz, §6.1.",
    .params = params,
    .n_params = (int)(sizeof params / sizeof params[0]),
    .t_end = 10.0,
    .dt_out = 0.01,
    .create = create,
    .conditions = ss_crank_conditions,
    .n_conditions = SS_CRANK_N_CONDITIONS,
};
