/* slider-crank.c - Example 2 of [BlajerMarkiewicz] (§6.2, Fig. 7-8):
 * crank OA (link 1) and connecting rod AB (link 2), slider B on the Ox
 * guide, gravity along Ox (the mechanism hangs along the guide), friction
 * in the revolute joints O, A, B and in the guide.  Starts at rest in the
 * unforced equilibrium (all links along Ox) and is driven by a sinusoidal
 * crank torque.  Also the helpers shared with slider-crank-offset.c. */
#include <math.h>
#include <stdlib.h>

#include "scenarios.h"
#include "slider-crank.h"

const char *const ss_crank_friction_choices[] = {"on", "off", NULL};
const char *const ss_crank_formulation_choices[] = {"minimal", "absolute", NULL};
const ss_param_condition ss_crank_conditions[SS_CRANK_N_CONDITIONS] = {
    {"mu_rs", "friction", 1u << 0},
    {"mu_rk", "friction", 1u << 0},
    {"mu_ts", "friction", 1u << 0},
    {"mu_tk", "friction", 1u << 0},
};

double ss_crank_torque(const ss_crank_drive *dr, double t)
{
  return dr->tau0 + dr->A * sin(dr->omega * t);
}

static void crank_loads(const ss_planar_mech *pm, double t, const double *x, double *h)
{
  const ss_crank_drive *dr = pm->data;
  (void)x;
  h[3 * dr->crank + 2] += ss_crank_torque(dr, t);
}

static void crank_extra(const ss_planar_mech *pm, double t, const double *x, double *out)
{
  (void)x;
  out[0] = ss_crank_torque(pm->data, t);
}

ss_planar_mech *ss_crank_mech_alloc(void)
{
  /* the drive lives right after the mechanism, freed with it */
  ss_planar_mech *pm = calloc(1, sizeof(ss_planar_mech) + sizeof(ss_crank_drive));
  if (pm)
    pm->data = pm + 1;
  return pm;
}

void ss_crank_mech_setup(ss_planar_mech *pm, const ss_scenario *sc, const double *values, int crank)
{
  ss_crank_drive *dr = (ss_crank_drive *)(pm + 1);
  dr->crank = crank;
  dr->tau0 = ss_value(sc, values, "tau0");
  dr->A = ss_value(sc, values, "A");
  dr->omega = ss_value(sc, values, "omega");
  pm->friction = ss_value(sc, values, "friction") == 0.0;
  pm->absolute = ss_value(sc, values, "formulation") == 1.0;
  pm->baumgarte = 20.0;
  if (dr->A != 0.0 && dr->omega > 0.0)
    pm->load_period = 2.0 * M_PI / dr->omega;
  pm->loads = crank_loads;
  pm->n_extra = 1;
  pm->extra_cols[0] = (ss_column_spec){"tau", "N m", SS_COL_FORCE};
  pm->extra = crank_extra;
  double mu_rs = ss_value(sc, values, "mu_rs"), mu_rk = ss_value(sc, values, "mu_rk");
  double d = ss_value(sc, values, "d"), h = ss_value(sc, values, "h");
  double mu_ts = ss_value(sc, values, "mu_ts"), mu_tk = ss_value(sc, values, "mu_tk");
  for (int j = 0; j < pm->sys.nj; j++) {
    ss_planar_joint *jt = &pm->sys.joint[j];
    if (jt->kind == SS_JOINT_REVOLUTE) {
      jt->mu_s = mu_rs;
      jt->mu_k = mu_rk;
      jt->d = d;
    } else {
      jt->mu_s = mu_ts;
      jt->mu_k = mu_tk;
      jt->h = h;
    }
  }
}

/* Body order: crank 0, rod 1, slider 2; x = (x, y, theta) of each. */
static ss_model *create(const ss_scenario *sc, const double *values, char **error)
{
  double m1 = ss_value(sc, values, "m1"), m2 = ss_value(sc, values, "m2");
  double m3 = ss_value(sc, values, "m3");
  double a1 = ss_value(sc, values, "a1"), a2 = ss_value(sc, values, "a2");
  if (!(a2 > a1))
    return ss_set_error(error,
                        "parameter 'a2' = %g must exceed 'a1' = %g (the crank must "
                        "turn without locking the rod)",
                        a2, a1);
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
  s->gravity[0] = ss_value(sc, values, "g");
  s->body[0] = (ss_planar_body){"crank", m1, m1 * a1 * a1 / 3.0};
  s->body[1] = (ss_planar_body){"rod", m2, m2 * a2 * a2 / 3.0};
  s->body[2] = (ss_planar_body){"slider", m3, 0.0};
  s->joint[0] =
      (ss_planar_joint){.name = "O", .kind = SS_JOINT_REVOLUTE, .a = -1, .b = 0, .pb = {-a1, 0.0}};
  s->joint[1] = (ss_planar_joint){
      .name = "A", .kind = SS_JOINT_REVOLUTE, .a = 0, .b = 1, .pa = {a1, 0.0}, .pb = {-a2, 0.0}};
  s->joint[2] =
      (ss_planar_joint){.name = "B", .kind = SS_JOINT_REVOLUTE, .a = 1, .b = 2, .pa = {a2, 0.0}};
  s->joint[3] = (ss_planar_joint){
      .name = "guide", .kind = SS_JOINT_PRISMATIC, .a = -1, .b = 2, .axis = {1.0, 0.0}};
  /* unforced equilibrium: everything hanging along +x */
  const double x0[9] = {a1, 0, 0, 2 * a1 + a2, 0, 0, 2 * a1 + 2 * a2, 0, 0};
  for (int k = 0; k < 9; k++)
    pm->x0[k] = x0[k];
  pm->iu = 2; /* crank angle theta1 */
  pm->n_outputs = 3;
  pm->outputs[0] = (ss_planar_output){2, "theta1", "rad", "omega1", "rad/s"};
  pm->outputs[1] = (ss_planar_output){5, "theta2", "rad", "omega2", "rad/s"};
  pm->outputs[2] = (ss_planar_output){6, "xB", "m", "vB", "m/s"};
  ss_crank_mech_setup(pm, sc, values, 0);
  return ss_model_set_labels(ss_planar_mech_model_new(sc, values, pm, error), ss_crank_labels);
}

const ss_label ss_crank_labels[] = {
    {"O", "joint O", NULL},
    {"A", "joint A", NULL},
    {"B", "joint B", NULL},
    {"guide", "guide", NULL},
    {"theta1", "crank angle θ1", NULL},
    {"omega1", "crank angular velocity ω1", "theta1"},
    {"theta2", "rod angle θ2", NULL},
    {"omega2", "rod angular velocity ω2", "theta2"},
    {"xB", "slider position xB", NULL},
    {"vB", "slider velocity vB", "xB"},
    {"x3", "slider position x3", NULL},
    {"v3", "slider velocity v3", "x3"},
    {"O.Rx", "reaction Rx", NULL},
    {"O.Ry", "reaction Ry", "O.Rx"},
    {"A.Rx", "reaction Rx", NULL},
    {"A.Ry", "reaction Ry", "A.Rx"},
    {"B.Rx", "reaction Rx", NULL},
    {"B.Ry", "reaction Ry", "B.Rx"},
    {"guide.Rn", "normal reaction Rn", NULL},
    {"guide.Rm", "reaction moment Rm", "guide.Rn"},
    {"friction.generalised", "generalised friction moment", NULL},
    {"tau", "crank torque τ", NULL},
    {"constraint.error", "constraint error", NULL},
    {NULL, NULL, NULL},
};

/* clang-format off: a hand-aligned table */
static const ss_param_info params[] = {
    {"m1", "Crank mass m1", "kg", SS_PARAM_REAL, 2.5, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Mass of the crank OA (J1 = m1 a1²/3)", NULL, "Mechanism"},
    {"m2", "Rod mass m2", "kg", SS_PARAM_REAL, 4.0, 0.0, 1e4, SS_PARAM_MIN_EXCLUSIVE,
     "Mass of the connecting rod AB (J2 = m2 a2²/3)", NULL, "Mechanism"},
    {"m3", "Slider mass m3", "kg", SS_PARAM_REAL, 0.0, 0.0, 1e4, 0,
     "Mass of the slider at B (the paper gives none: massless)", NULL, "Mechanism"},
    {"a1", "Crank half-length a1", "m", SS_PARAM_REAL, 0.25, 0.0, 10.0, SS_PARAM_MIN_EXCLUSIVE,
     "Half the length of the crank OA", NULL, "Mechanism"},
    {"a2", "Rod half-length a2", "m", SS_PARAM_REAL, 0.4, 0.0, 10.0, SS_PARAM_MIN_EXCLUSIVE,
     "Half the length of the rod AB (must exceed a1)", NULL, "Mechanism"},
    {"g", "Gravity g", "m/s²", SS_PARAM_REAL, 9.81, 0.0, 100.0, 0,
     "Gravitational acceleration, directed along the guide Ox", NULL, "Mechanism"},
    SS_CRANK_FRICTION_ROWS,
    SS_CRANK_LOAD_ROWS(6.0),
};
/* clang-format on */

const ss_scenario ss_scenario_slider_crank = {
    .name = "slider-crank",
    .title = "Slider-crank with joint friction (Blajer & Markiewicz, Example 2)",
    .description = "Crank and connecting rod hanging along a vertical guide, friction moments "
                   "mu d |R| in the three pins and mu |N| in the guide, driven by a sinusoidal "
                   "crank torque from the unforced equilibrium: the minimal-form model with "
                   "reaction-dependent friction, stiction (reactions undetermined), reversals "
                   "without sticking and sliding (Blajer & Markiewicz, §6.2).",
    .params = params,
    .n_params = (int)(sizeof params / sizeof params[0]),
    .t_end = 10.0,
    .dt_out = 0.01,
    .create = create,
    .conditions = ss_crank_conditions,
    .n_conditions = SS_CRANK_N_CONDITIONS,
};
