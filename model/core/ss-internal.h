/* ss-internal.h - what a scenario implementation sees of the engine.
 *
 * Names: what other units see starts with ss_ and the unit's word
 * (ss_model_, ss_planar_, ss_block1d_, ss_ts_ for the two-slider's public
 * statics); a mechanism's private names (static, or shared only among its
 * own files) use one short prefix of its own: ts_ two-slider, tb_ two-block,
 * gear_ gear-train, block1d_ the block helper; so do the integrator's
 * (sim_, shared by sim.c and sim-interp.c in sim-private.h). */
#ifndef SS_INTERNAL_H
#define SS_INTERNAL_H

#include "stickslip.h"

/* Callbacks of one mechanism.  All take the constant model first. */
typedef struct ss_model_ops {
  /* Initial continuous state x[nx]; velocities of resting contacts exactly 0. */
  void (*initial)(const ss_model *m, double *x);
  /* x' = f(t, x) in the given contact modes.  Never evaluates sgn(0): a
   * stuck contact is held by its mode.  Returns 0, or < 0 on failure. */
  int (*rhs)(const ss_model *m, double t, const double *x, const int *modes, double *xdot);
  /* Per contact: relative sliding velocity v[i] (m/s or rad/s) and, for
   * stuck contacts of a hybrid model, the stiction margin (limit minus
   * required static force, >= 0 while sticking is admissible).  With kink
   * != NULL also the model's n_kinks functions whose zero crossings are
   * kinks of a stuck contact's margin (a normal force through zero): there
   * the margin can dip below zero and back within one step, unseen at the
   * step's ends, so the integrator stops at each crossing (no event).  One
   * call for both: they share the model's statics or dynamics. */
  void (*contacts)(const ss_model *m, double t, const double *x, const int *modes, double *v,
                   double *margin, double *kink);
  /* Optional: the relative sliding velocities v[i] alone, bit for bit those
   * of contacts() with the same arguments (share the code that computes
   * them).  The integrator reads a step's speeds several times per step
   * (speed dips, creeping stops, the roots while nothing sticks): where
   * contacts() also solves statics or evaluates loads, this saves it.  NULL:
   * the integrator calls contacts(). */
  void (*speeds)(const ss_model *m, double t, const double *x, const int *modes, double *v);
  /* Optional: speeds()'s velocities at t + h and the state a step h along
   * the rate xdot (each x[k] + h xdot[k]), bit for bit, without forming
   * that state where the velocities read little of it.  The speed-dip
   * screen takes each step's end rates so.  NULL: the integrator forms the
   * state and calls speeds() (or contacts()). */
  void (*speeds_along)(const ss_model *m, double t, const double *x, const double *xdot, double h,
                       const int *modes, double *v);
  /* Optional: the first load kink after t that recurs without end (a normal
   * force through zero), s; INFINITY when none.  Steps stop there as at
   * breakpoints: a step across it misses events or drives v the wrong way. */
  double (*next_kink)(const ss_model *m, double t);
  /* Optional: n_aux event functions (freeplay gaps), crossing up = contact. */
  void (*aux)(const ss_model *m, double t, const double *x, double *g);
  /* Optional, with aux: which aux functions may cross zero from state x on
   * before another one does (active[j]); one left out must keep its sign
   * until an active one crosses (the far side of an engaged freeplay: its
   * near side is crossed first).  The integrator watches only the active
   * ones, chosen again at each restart.  NULL: all of them. */
  void (*aux_active)(const ss_model *m, const double *x, bool *active);
  /* Hybrid models: choose consistent modes after an event or at t = 0.
   * hit[i] != 0 marks contacts whose event function fired (all at t = 0).
   * Must set stuck relative velocities in x exactly to zero.  Returns 0,
   * or < 0 when no consistent mode exists. */
  int (*resolve)(const ss_model *m, double t, double *x, int *modes, const int *hit);
  /* One sample row of ss_model_n_columns values (NaN = undetermined).
   * scratch: the run's own m->observe_scratch bytes, zeroed when it starts
   * (NULL when the model asks for none), where a row may leave values for
   * the next (those of a configuration that has not changed); a row comes
   * out the same whatever it finds there. */
  void (*observe)(const ss_model *m, void *scratch, double t, const double *x, const int *modes,
                  double *row);
  /* Optional: column col of observe()'s row alone, bit for bit the same,
   * where the mechanism has it cheaper than the whole row (a coordinate or
   * a velocity of the state, with no dynamics solved); false where it has
   * not (the caller then calls observe).  The extremes tracking locates
   * one watched column's peak with it. */
  bool (*observe_column)(const ss_model *m, double t, const double *x, const int *modes, int col,
                         double *value);
  /* Optional: the state whose value column col of observe()'s row is
   * (x[i] itself, bit for bit), else -1.  The extremes tracking then
   * interpolates that state alone where it locates the column's peak. */
  int (*column_state)(const ss_model *m, int col);
  /* Frees the scenario-specific part. */
  void (*free_impl)(void *impl);
} ss_model_ops;

struct ss_model {
  const ss_scenario *scenario; /* the scenario it was built from */
  double *values;              /* copy of the parameter values (n_params) */
  int nx;                      /* continuous state dimension */
  int n_contacts;              /* frictional contacts */
  int n_aux;                   /* freeplay (gap) event functions */
  int n_kinks;                 /* margin kink functions (ops->contacts) */
  char **contact_names;        /* n_contacts names used in CSV and events */
  char **contact_labels;       /* n_contacts human labels, NULL: none (ss_model_set_labels) */
  char **aux_names;            /* n_aux names of gap elements */
  char **aux_labels;           /* n_aux human labels, NULL: none (ss_model_set_labels) */
  double *mu_s;                /* per contact static coefficient (for plots), 1 */
  double *mu_k;                /* per contact kinetic coefficient (for plots), 1 */
  double *v_stick;             /* smooth laws: |v| below this counts as stick, m/s */
  char **run_notes;            /* per contact k, a known cause of non-physical results with
                                  its parameters and the fix (a law's run_note), which the
                                  run check adds to the reason of a failure: [2 k] for
                                  negative dissipation, [2 k + 1] for a stuck contact above
                                  its static limit; NULL: none */
  double *viscous;             /* per contact: viscous coefficient c whose force c v is part
                                  of C.F, N s/m (N m s/rad for bearings); the static-limit
                                  check of stuck rows leaves it out (0: none) */
  double *state_size;          /* per state, its natural magnitude when far below what the
                                  run's atol resolves (a stiff LuGre bristle deflection, and
                                  the sliding velocity that drives it while stuck), in the
                                  state's unit; 0: none.  Its absolute tolerance becomes at
                                  most SS_STATE_SIZE_SHARE of it */
  bool *integral;              /* per state: an integral no right-hand side reads (the work
                                  and the dissipated energy), whose Jacobian column is zero
                                  and not evaluated */
  int *release_flag;           /* per contact: index in x of its released flag, a constant of
                                  the state that resolve() sets nonzero while the contact, at
                                  rest, is held at its static maximum (eq. 20) and zero while
                                  it is locked; -1: it cannot be released.  The engine reports
                                  the flag's changes as release and lock events */
  bool hybrid;                 /* exact law: discrete modes and events */
  bool stiff;                  /* integrate with BDF (regularised, LuGre, stiff springs) */
  double max_step_stuck;       /* step cap while any contact sticks: shorter than any
                                  excursion of a stiction margin, s (0: output grid) */
  double *breakpoints;         /* ascending times where the loads have a kink or a jump:
                                  the integrator stops and restarts there instead of
                                  stepping across, s */
  int n_breakpoints;           /* entries in breakpoints */
  size_t observe_scratch;      /* bytes of per-run scratch observe asks for (0: none) */
  int n_columns;               /* sample row width (without t) */
  int cap_columns;             /* allocated column slots */
  ss_column *columns;          /* column descriptions */
  const ss_model_ops *ops;     /* mechanism callbacks */
  void *impl;                  /* mechanism-specific constant data */
};

/* Share of a state's natural magnitude its absolute tolerance may reach:
 * the bristle's force sigma0 z is then resolved to 1e-4 of the static
 * friction, as with atol 1e-10 m at the default sigma0 (which it leaves
 * untouched). */
#define SS_STATE_SIZE_SHARE 1e-4

/* Description of one extra output column. */
typedef struct ss_column_spec {
  const char *name;    /* CSV header name */
  const char *unit;    /* SI unit, "1" for a dimensionless value */
  ss_column_kind kind; /* plot grouping */
} ss_column_spec;

/* Allocates the common part; names are copied.  NULL on allocation failure. */
ss_model *ss_model_alloc(const ss_scenario *sc, const double *values, int nx, int n_contacts,
                         const char *const *contact_names);
void ss_model_set_aux(ss_model *m, int n_aux, const char *const *aux_names);
/* Records a load kink or jump at t > 0 s (kept sorted, duplicates dropped). */
void ss_model_add_breakpoint(ss_model *m, double t);
void ss_model_add_column(ss_model *m, const char *name, const char *unit, ss_column_kind kind,
                         int contact);
/* The energy columns, in this order: work.external (work of every external
 * load and drive), energy.dissipated (by friction and dampers),
 * energy.kinetic and, with `potential`, energy.potential (springs and
 * gravity), all in J.  Each row balances: the change of work.external
 * equals the changes of the others together. */
void ss_model_add_energy_columns(ss_model *m, bool potential);
/* One row of a mechanism's label table: the human label of a column or of
 * a contact (ss_column.label, ss_model_contact_label), in English. */
typedef struct ss_label {
  const char *name;  /* a column's name, or a contact's */
  const char *label; /* "drive position"; for a contact's column what it is of the contact */
  const char *of;    /* NULL, or for a velocity the column of its position, for a reaction's
                        further component the column of its first component */
} ss_label;

/* Labels the columns and contacts named in table (ended by a row whose name
 * is NULL); names the model lacks are skipped (a table serves every choice
 * of the scenario).  Returns m; NULL-safe, so it can wrap a constructor. */
ss_model *ss_model_set_labels(ss_model *m, const ss_label *table);
void ss_model_set_contact_label(ss_model *m, int contact, const char *label);

/* The five standard columns C.F, C.N, C.ratio, C.v, C.stick for every contact,
 * with force_unit "N" or "N m" for moments. */
void ss_model_add_contact_columns(ss_model *m, int contact, const char *force_unit,
                                  const char *velocity_unit);

/* run-check.c: the rows of a run against physics (dissipated energy never
 * below zero, stuck friction within its static limit); sim.c checks every
 * row it emits.  NULL when out of memory. */
typedef struct ss_run_check ss_run_check;
ss_run_check *ss_run_check_new(const ss_model *m, const ss_run_opts *resolved);
void ss_run_check_free(ss_run_check *c); /* NULL-safe */
/* false and the reason in why[size] when the row is not physical. */
bool ss_run_check_row(ss_run_check *c, const double *row, char *why, size_t size);

/* printf-style error for *error (may be NULL); returns NULL for chaining. */
void *ss_set_error(char **error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A right-hand side that returns < 0 may say why first; the run's failure
 * message then quotes it (per thread, so concurrent runs do not mix). */
void ss_report_failure(const char *why);
const char *ss_take_failure(void);

/* Value of parameter `name` in a model (aborts on a typo: programming error). */
double ss_value(const ss_scenario *sc, const double *values, const char *name);

#endif
