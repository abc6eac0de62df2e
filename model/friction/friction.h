/* friction.h - friction laws for one contact: one .c file per law, one row
 * per law in the table of laws.c.
 *
 * Adding a law: a new file friction-NAME.c defining its ss_law_info (name,
 * label, what it carries, its parameters and its coefficient) and listed in
 * model/meson.build, its row in the table of laws.c, and a field in
 * ss_friction for each parameter of its own.  Every mechanism with a law
 * choice then offers it, with its parameter rows. */
#ifndef SS_FRICTION_H
#define SS_FRICTION_H

#include <math.h>

#include "stickslip.h"

/* A law is its index in the table of laws.c, which is also its value of a
 * scenario's "law" choice.  Named here: the laws code refers to. */
typedef enum {
  SS_LAW_EXACT = 0,       /* Coulomb with static/kinetic levels, event-driven */
  SS_LAW_REGULARISED = 1, /* piecewise-linear mu(v), threshold gamma ([Wojtyra2016] eq. 12) */
  SS_LAW_TANH = 2,        /* mu_k tanh(k v) ([WojtyraFraczek] eq. 2) */
  SS_LAW_LUGRE = 3,       /* LuGre bristle model ([Wojtyra2016] eq. 13-15) */
} ss_law;

typedef struct ss_friction {
  ss_law law;         /* which law */
  double mu_s;        /* static coefficient, 1 */
  double mu_k;        /* kinetic coefficient, 1 (<= mu_s) */
  double gamma;       /* regularised: threshold velocity, m/s */
  double k_tanh;      /* tanh: steepness, s/m */
  double sigma0;      /* LuGre: bristle stiffness per unit normal force, 1/m */
  double sigma1;      /* LuGre: bristle damping per unit normal force, s/m */
  double vartheta;    /* LuGre: Stribeck velocity, m/s */
  double v_stick;     /* tanh/LuGre: |v| below this is reported as stick, m/s */
  int sigma1_damping; /* LuGre: how the damping depends on v, an ss_lugre_damping */
} ss_friction;

/* LuGre's damping, the values of its "sigma1_damping" choice (docs/models.md
 * §3.4, §7). */
typedef enum {
  SS_LUGRE_DAMPING_CONSTANT = 0, /* sigma1, as published ([Wojtyra2016] eq. 14) */
  SS_LUGRE_DAMPING_DECAYING = 1, /* sigma1 exp(-(v/vartheta)^2) ([CanudasDeWit1995]) */
} ss_lugre_damping;

/* A contact slides (lengths in m) or turns (a bearing: lengths in rad). */
typedef enum { SS_LAW_SLIDING = 0, SS_LAW_TURNING = 1 } ss_law_motion;

/* One parameter of a law.  At a turning contact (a bearing) the lengths in
 * its unit are radians, and the _turn texts (when not NULL) say so. */
typedef struct ss_law_param {
  const char *stem;                 /* its name; per contact, the contact's suffix follows */
  const char *label;                /* short human label */
  const char *label_turn;           /* label at a turning contact, NULL: label */
  const char *unit;                 /* SI unit at a sliding contact */
  const char *unit_turn;            /* SI unit at a turning contact */
  double def;                       /* default value (a scenario may set its own) */
  double min;                       /* lower bound of the valid range */
  double max;                       /* upper bound of the valid range */
  unsigned flags;                   /* SS_PARAM_* flags */
  const char *description;          /* one sentence */
  const char *description_turn;     /* description at a turning contact, NULL: description */
  bool per_contact;                 /* one value per contact, else one per scenario */
  size_t field;                     /* offsetof(ss_friction, ...): where its value goes, a
                                       double; an int for a choice */
  const char *const *choices;       /* NULL: a real number; else a choice of these names
                                       (NULL-terminated), its value their index */
  const char *const *choice_labels; /* a choice: the human label of each name */
} ss_law_param;

/* The contacts that read one set of a law's parameters (in gear-train all
 * four bearings, in two-slider one guide each), for the law's checks. */
typedef struct ss_law_contacts {
  const ss_friction *f;     /* n contacts' laws and levels */
  const char *const *names; /* their names, for messages */
  int n;                    /* contacts */
  const char *suffix;       /* appended to the parameters' names, or NULL */
  ss_law_motion motion;     /* sliding or turning: the units in messages */
} ss_law_contacts;

/* One friction law. */
typedef struct ss_law_info {
  const char *name;                  /* choice name: --set law=NAME, files, settings */
  const char *label;                 /* human label (the GUI's choice label) */
  bool has_state;                    /* carries a state per contact (LuGre's bristle) */
  bool event_driven;                 /* exact: stick/slip modes and events, no mu(v) */
  const ss_law_param *const *params; /* the parameters it reads, NULL-terminated */
  /* Smooth laws: signed friction coefficient at sliding velocity v with the
   * state z (0 without one), and the state's rate *zdot (0 without one). */
  double (*mu)(const ss_friction *f, double v, double z, double *zdot);
  /* has_state: natural size of the state (its value at rest under the
   * static load), in the state's unit; the sliding velocity that drives it
   * while stuck has this size per second.  0 without friction. */
  double (*state_size)(const ss_friction *f);
  /* Smooth laws: |v| below this is reported as stick (NULL: v_stick). */
  double (*stick_velocity)(const ss_friction *f);
  /* Optional: checks across its parameters and the levels of the contacts
   * (when a model is built); false and *error naming the parameter, the
   * condition and the valid values. */
  bool (*check)(const ss_law_contacts *c, char **error);
  /* Optional: a known cause of non-physical results at one contact with
   * these parameters, and its fix, for the run check's message: for a stuck
   * contact above its static limit (`stuck`) or else for negative
   * dissipation; sigma2 is the contact's viscous coefficient per unit
   * normal force (s/m or s/rad).  NULL when there is none; free with
   * free(). */
  char *(*run_note)(const ss_law_contacts *c, double sigma2, bool stuck);
} ss_law_info;

/* laws.c: the table, in choice order. */
int ss_law_count(void);
const ss_law_info *ss_law_get(ss_law law); /* NULL when out of range */

/* The law and its parameters from the scenario's law rows (law, the
 * per-contact ones with `suffix` appended, e.g. "_1" for gamma_1, when not
 * NULL, and the per-scenario ones) plus the given coefficients. */
ss_friction ss_friction_from_values(const ss_scenario *sc, const double *values, double mu_s,
                                    double mu_k, const char *suffix);
/* Smooth laws: the coefficient and the state's rate (see ss_law_info.mu). */
double ss_friction_mu(const ss_friction *f, double v, double z, double *zdot);
/* The state's natural size (see ss_law_info.state_size); 0 without a state. */
double ss_friction_state_size(const ss_friction *f);
/* Velocity under which a smooth law reports stick. */
double ss_friction_stick_velocity(const ss_friction *f);
/* The law's checks across parameters (ss_law_info.check) for contacts that
 * share one law; true when it has none.  A mechanism's create calls it. */
bool ss_friction_check(const ss_law_contacts *c, char **error);
/* Gives contact `contact` of m the law's run notes (ss_law_info.run_note)
 * for c's only contact, which the run check adds to a failure's reason. */
void ss_friction_set_run_note(ss_model *m, int contact, const ss_law_contacts *c, double sigma2);

/* ss_luz (algebra.c, the public one calls it), inline for the right-hand
 * sides that take it several times per evaluation (the gear train's
 * freeplay elements): the piecewise form of x + (|x-a| - |x+a|)/2,
 * exactly zero inside the dead zone (the closed form leaves rounding that
 * leaks through a gap). */
static inline double ss_dead_zone(double x, double a)
{
  if (fabs(x) <= a)
    return 0.0;
  return x > 0.0 ? x - a : x + a;
}

/* friction-exact.c: the 1-D stick/slip decision at zero relative velocity,
 * the applied force (everything but friction) against the static limit.
 * Returns the new mode. */
int ss_resolve_1d(double applied, double static_limit);

/* law-v-stick.c: the stick velocity, a parameter of the smooth laws that need one */
extern const ss_law_param ss_law_v_stick;

/* ---- law rows in a scenario's parameter table ----------------------------
 *
 * A scenario writes placeholders where its law rows go; the registry
 * (scenario.c) expands them once with ss_law_expand_params:
 *   SS_LAW_CHOICE_ROW(label, def)  the "law" choice, one entry per law
 *   SS_LAW_CONTACT_ROWS(sfx, label_sfx, motion)
 *                                  every law's per-contact parameters, names
 *                                  and labels with the suffixes appended
 *   SS_LAW_SHARED_ROWS(motion)     every law's per-scenario parameters
 *   SS_LAW_DEFAULT(stem, value)    this scenario's default of a law parameter
 *                                  (no row of its own)
 * For each row of the expanded table the expansion also says which laws
 * read it (ss_param_law_uses). */
enum {
  SS_PARAM_LAW_CHOICE_ROW = 100, /* placeholder kinds (template only) */
  SS_PARAM_LAW_CONTACT_ROWS,
  SS_PARAM_LAW_SHARED_ROWS,
  SS_PARAM_LAW_DEFAULT,
};

#define SS_LAW_CHOICE_ROW(label_, def_)                                               \
  {                                                                                   \
    .name = "law", .label = (label_), .kind = (ss_param_kind)SS_PARAM_LAW_CHOICE_ROW, \
    .def = (def_), .group = "Friction law"                                            \
  }
#define SS_LAW_CONTACT_ROWS(sfx, label_sfx, motion)                                        \
  {                                                                                        \
    .name = (sfx), .label = (label_sfx), .kind = (ss_param_kind)SS_PARAM_LAW_CONTACT_ROWS, \
    .def = (motion)                                                                        \
  }
#define SS_LAW_SHARED_ROWS(motion)                                               \
  {                                                                              \
    .name = "", .kind = (ss_param_kind)SS_PARAM_LAW_SHARED_ROWS, .def = (motion) \
  }
#define SS_LAW_DEFAULT(stem, value)                                             \
  {                                                                             \
    .name = (stem), .kind = (ss_param_kind)SS_PARAM_LAW_DEFAULT, .def = (value) \
  }

/* Expands a template of n rows into a new table of *n_out rows, and
 * (*laws)[i] the laws that read row i: bit (1u << law) for each, 0 for a
 * row that is no law's parameter.  Both live as long as the program.
 * Aborts on a malformed template or without memory: programming errors at
 * start-up. */
ss_param_info *ss_law_expand_params(const ss_param_info *rows, int n, int *n_out, unsigned **laws);

#endif
