/* dupont.c - mass m1 in the slot of mass m2 ([BlajerMarkiewicz] §3, Fig.
 * 4).  F2 accelerates both; the slot presses on m1 with the inertial
 * normal force Fn = m1 |F2| / (m1 + m2); F1 pushes m1 along the slot. */
#include <math.h>
#include <stdlib.h>

#include "block1d.h"

typedef struct dupont {
  double m1;     /* sliding mass, kg */
  double m2;     /* slotted mass, kg */
  double F1_amp; /* amplitude of F1 = F1_amp sin(omega1 t), N */
  double omega1; /* angular frequency of F1, rad/s */
  double F2_amp; /* amplitude of F2 = F2_amp cos(omega2 t), N */
  double omega2; /* angular frequency of F2, rad/s */
} dupont;

static double force1(const dupont *p, double t) { return p->F1_amp * sin(p->omega1 * t); }
static double force2(const dupont *p, double t) { return p->F2_amp * cos(p->omega2 * t); }

static void loads(const ss_block1d *b, double t, double z, double v, ss_block1d_loads *out)
{
  const dupont *p = b->data;
  (void)z;
  out->applied = force1(p, t);
  out->normal = p->m1 * fabs(force2(p, t)) / (p->m1 + p->m2);
  out->power_in = out->applied * v;
  out->potential = 0.0;
}

/* F2 through zero, (k + 1/2) pi / omega2: the normal force m1 |F2| / (m1 + m2)
 * has its kink there and vanishes. */
static double next_kink(const ss_block1d *b, double t)
{
  const dupont *p = b->data;
  if (!(p->omega2 > 0.0) || p->F2_amp == 0.0)
    return INFINITY;
  double k = floor((p->omega2 * t - 0.5 * M_PI) / M_PI) + 1.0;
  double tk = (k + 0.5) * M_PI / p->omega2;
  while (tk <= t) /* rounding at a restart exactly on a kink */
    tk = (++k + 0.5) * M_PI / p->omega2;
  return tk;
}

static void extra(const ss_block1d *b, double t, double z, double v, double *out)
{
  const dupont *p = b->data;
  (void)z;
  (void)v;
  out[0] = force1(p, t);
  out[1] = force2(p, t);
}

/* human labels (ss_model_set_labels) */
static const ss_label labels[] = {
    {"slot", "slot", NULL},
    {"z", "position in the slot", NULL},
    {"v", "velocity in the slot", "z"},
    {"bristle", "bristle deflection", NULL},
    {"F1", "force F1 along the slot", NULL},
    {"F2", "force F2 on both masses", NULL},
    {NULL, NULL, NULL},
};

static const ss_column_spec extras[] = {
    {"F1", "N", SS_COL_FORCE},
    {"F2", "N", SS_COL_FORCE},
};

static ss_model *create(const ss_scenario *sc, const double *values, char **error)
{
  ss_block1d *b = calloc(1, sizeof *b + sizeof(dupont));
  if (!b)
    return ss_set_error(error, "out of memory");
  dupont *p = (dupont *)(b + 1);
  p->m1 = ss_value(sc, values, "m1");
  p->m2 = ss_value(sc, values, "m2");
  p->F1_amp = ss_value(sc, values, "F1_amp");
  p->omega1 = ss_value(sc, values, "omega1");
  p->F2_amp = ss_value(sc, values, "F2_amp");
  p->omega2 = ss_value(sc, values, "omega2");
  b->mass = p->m1;
  b->viscous = 0.0;
  b->fr = ss_friction_from_values(sc, values, ss_value(sc, values, "mu_s"),
                                  ss_value(sc, values, "mu_k"), NULL);
  b->load_period = 2.0 * M_PI / fmax(fmax(p->omega1, p->omega2), 1e-9);
  b->loads = loads;
  b->next_kink = next_kink;
  b->extra = extra;
  b->n_extra = 2;
  b->data = p;
  return ss_model_set_labels(ss_block1d_model_new(sc, values, b, "slot", extras, error), labels);
}

/* clang-format off: a hand-aligned table */
static const ss_param_info params[] = {
    {"m1", "Mass m1", "kg", SS_PARAM_REAL, 10.0, 0.0, 1e6, SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Mass sliding in the slot", NULL, "Mechanism"},
    {"m2", "Mass m2", "kg", SS_PARAM_REAL, 30.0, 0.0, 1e6, SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Slotted mass", NULL, "Mechanism"},
    {"mu_s", "Static coefficient μs", "", SS_PARAM_REAL, 0.5, 0.0, 10.0, SS_PARAM_LOG,
     "Static friction coefficient in the slot", NULL, "Friction"},
    {"mu_k", "Kinetic coefficient μk", "", SS_PARAM_REAL, 0.3, 0.0, 10.0, SS_PARAM_LOG,
     "Kinetic friction coefficient in the slot (<= mu_s)", NULL, "Friction"},
    {"F1_amp", "F1 amplitude", "N", SS_PARAM_REAL, 7.0, -1e6, 1e6, 0,
     "F1 = F1_amp sin(omega1 t) along the slot", NULL, "Load"},
    {"omega1", "F1 frequency", "rad/s", SS_PARAM_REAL, 2.4, 0.0, 1e4, 0, "Angular frequency of F1",
     NULL, "Load"},
    {"F2_amp", "F2 amplitude", "N", SS_PARAM_REAL, 50.0, -1e6, 1e6, 0,
     "F2 = F2_amp cos(omega2 t) across the slot", NULL, "Load"},
    {"omega2", "F2 frequency", "rad/s", SS_PARAM_REAL, 0.8, 0.0, 1e4, 0, "Angular frequency of F2",
     NULL, "Load"},
    SS_LAW_CHOICE_ROW("Friction law", 0),
    SS_LAW_CONTACT_ROWS("", "", SS_LAW_SLIDING),
    SS_LAW_SHARED_ROWS(SS_LAW_SLIDING),
};
/* clang-format on */

const ss_scenario ss_scenario_dupont = {
    .name = "dupont",
    .title = "Mass in the slot of a second mass (Dupont)",
    .description = "Mass m1 slides in a slot of mass m2; the force F2 that accelerates both "
                   "presses m1 against the slot wall, so the normal force is inertial and "
                   "changes sign with F2 (Blajer & Markiewicz, Fig. 4).",
    .params = params,
    .n_params = (int)(sizeof params / sizeof params[0]),
    .t_end = 10.0,
    .dt_out = 0.01,
    .create = create,
};
