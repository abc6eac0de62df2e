/* one-mass.c - block with Coulomb/static friction ([Zardecki2007] §3,
 * [Zardecki2006] §3.1; Karnopp 1985), loaded by a spring from a driver moving at v_drive (the
 * classic stick-slip oscillator) and/or a force F0 + A sin(omega t). */
#include <math.h>
#include <stdlib.h>

#include "block1d.h"

typedef struct one_mass {
  double k;        /* driving spring stiffness, N/m */
  double v_drive;  /* driver speed, m/s */
  double x_drive0; /* driver position at t = 0 (spring slack at z = x_drive0), m */
  double F0;       /* constant force, N */
  double A;        /* force amplitude, N */
  double omega;    /* force angular frequency, rad/s */
  double normal;   /* normal force M g, N */
} one_mass;

/* F0 + A sin(omega t), N, without the sine when A = 0 (the default; a
 * sine per right-hand side was 3 % of a LuGre run): F0 + 0 * sin(...) is
 * F0 but for the sign of a zero F0. */
static double load_force(const one_mass *p, double t)
{
  return p->A != 0.0 ? p->F0 + p->A * sin(p->omega * t) : p->F0 + 0.0;
}

/* The loads with the force `force` on the block. */
static inline void loads_with(const one_mass *p, double t, double z, double v, double force,
                              ss_block1d_loads *out)
{
  double stretch = p->x_drive0 + p->v_drive * t - z;
  double spring = p->k * stretch;
  out->applied = spring + force;
  out->normal = p->normal;
  out->power_in = spring * p->v_drive + force * v; /* driver on spring, force on block */
  out->potential = 0.5 * p->k * stretch * stretch;
}

static void loads(const ss_block1d *b, double t, double z, double v, ss_block1d_loads *out)
{
  const one_mass *p = b->data;
  loads_with(p, t, z, v, load_force(p, t), out);
}

/* loads at A = 0 (load_force's F0 + 0, no sine to call: no frame to set up
 * on every evaluation) */
static void loads_constant(const ss_block1d *b, double t, double z, double v, ss_block1d_loads *out)
{
  const one_mass *p = b->data;
  loads_with(p, t, z, v, p->F0 + 0.0, out);
}

static void extra(const ss_block1d *b, double t, double z, double v, double *out)
{
  const one_mass *p = b->data;
  (void)v;
  double x_drive = p->x_drive0 + p->v_drive * t;
  out[0] = x_drive;
  out[1] = p->k * (x_drive - z);
  out[2] = load_force(p, t);
}

static const ss_column_spec extras[] = {
    {"x_drive", "m", SS_COL_POSITION},
    {"spring.F", "N", SS_COL_FORCE},
    {"load.F", "N", SS_COL_FORCE},
};

/* human labels (ss_model_set_labels) */
static const ss_label labels[] = {
    {"base", "base", NULL},
    {"z", "block position", NULL},
    {"v", "block velocity", "z"},
    {"bristle", "bristle deflection", NULL},
    {"x_drive", "driver position", NULL},
    {"spring.F", "spring force", NULL},
    {"load.F", "applied force", NULL},
    {NULL, NULL, NULL},
};

static ss_model *create(const ss_scenario *sc, const double *values, char **error)
{
  ss_block1d *b = calloc(1, sizeof *b + sizeof(one_mass));
  if (!b)
    return ss_set_error(error, "out of memory");
  one_mass *p = (one_mass *)(b + 1);
  double M = ss_value(sc, values, "M");
  p->k = ss_value(sc, values, "k");
  p->v_drive = ss_value(sc, values, "v_drive");
  p->x_drive0 = ss_value(sc, values, "x_drive0");
  p->F0 = ss_value(sc, values, "F0");
  p->A = ss_value(sc, values, "A");
  p->omega = ss_value(sc, values, "omega");
  p->normal = M * ss_value(sc, values, "g");
  b->mass = M;
  b->viscous = ss_value(sc, values, "c");
  b->fr = ss_friction_from_values(sc, values, ss_value(sc, values, "mu_s"),
                                  ss_value(sc, values, "mu_k"), NULL);
  if (p->A != 0.0 && p->omega > 0.0)
    b->load_period = 2.0 * M_PI / p->omega;
  b->loads = p->A != 0.0 ? loads : loads_constant;
  b->extra = extra;
  b->n_extra = 3;
  b->data = p;
  return ss_model_set_labels(ss_block1d_model_new(sc, values, b, "base", extras, error), labels);
}

/* clang-format off: a hand-aligned table */
static const ss_param_info params[] = {
    {"M", "Mass M", "kg", SS_PARAM_REAL, 1.0, 0.0, 1e6, SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
     "Block mass", NULL, "Mechanism"},
    {"g", "Gravity g", "m/s²", SS_PARAM_REAL, 9.81, 0.0, 100.0, SS_PARAM_MIN_EXCLUSIVE,
     "Gravitational acceleration (normal force N = M g)", NULL, "Mechanism"},
    {"k", "Spring stiffness k", "N/m", SS_PARAM_REAL, 100.0, 0.0, 1e9,
     SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE, "Stiffness of the spring between driver and block",
     NULL, "Mechanism"},
    {"c", "Viscous coefficient C", "N s/m", SS_PARAM_REAL, 0.0, 0.0, 1e6, 0,
     "Viscous friction coefficient of the contact", NULL, "Friction"},
    {"mu_s", "Static coefficient μs", "", SS_PARAM_REAL, 0.5, 0.0, 10.0, SS_PARAM_LOG,
     "Static friction coefficient: FT0S = mu_s M g", NULL, "Friction"},
    {"mu_k", "Kinetic coefficient μk", "", SS_PARAM_REAL, 0.3, 0.0, 10.0, SS_PARAM_LOG,
     "Kinetic friction coefficient: FT0K = mu_k M g (<= mu_s)", NULL, "Friction"},
    {"v_drive", "Driver speed", "m/s", SS_PARAM_REAL, 0.1, -100.0, 100.0, 0,
     "Speed of the spring's far end (the driver)", NULL, "Load"},
    {"x_drive0", "Driver start", "m", SS_PARAM_REAL, 0.0, -100.0, 100.0, 0,
     "Driver position at t = 0 (spring pre-stretch)", NULL, "Load"},
    {"F0", "Constant force F0", "N", SS_PARAM_REAL, 0.0, -1e6, 1e6, 0,
     "Constant force on the block", NULL, "Load"},
    {"A", "Force amplitude A", "N", SS_PARAM_REAL, 0.0, -1e6, 1e6, 0,
     "Amplitude of the force A sin(omega t) on the block", NULL, "Load"},
    {"omega", "Force frequency ω", "rad/s", SS_PARAM_REAL, 1.0, 0.0, 1e4, 0,
     "Angular frequency of the sinusoidal force", NULL, "Load"},
    SS_LAW_CHOICE_ROW("Friction law", 0),
    SS_LAW_CONTACT_ROWS("", "", SS_LAW_SLIDING),
    SS_LAW_SHARED_ROWS(SS_LAW_SLIDING),
};
/* clang-format on */

const ss_scenario ss_scenario_one_mass = {
    .name = "one-mass",
    .title = "Block with static and kinetic friction",
    .description = "A block on a rough base pulled through a spring by a driver moving at "
                   "constant speed, and/or pushed by a sinusoidal force: the classic stick-slip "
                   "oscillator (Zardecki 2006, 2007; Karnopp 1985). Every friction law is "
                   "selectable.",
    .params = params,
    .n_params = (int)(sizeof params / sizeof params[0]),
    .t_end = 10.0,
    .dt_out = 0.01,
    .create = create,
};
