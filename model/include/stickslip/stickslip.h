/* stickslip.h - public interface of the Stick-Slip Lab simulation library.
 *
 * Engine style follows MuJoCo: a constant model (ss_model, built once from a
 * scenario and its parameter values) and a mutable simulation (ss_sim, the
 * integrator state).  No GTK here; the GUI and the CLI both use only this. */
#ifndef STICKSLIP_H
#define STICKSLIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- piecewise-linear friction algebra ([Zardecki2006]) ----------------- */

double ss_luz(double x, double a); /* dead zone, a >= 0 */
double ss_sat(double x, double a); /* saturation, a >= 0 */
/* tar(x, a) = x + a*sgh(x) for x != 0; at x == 0 the caller supplies the
 * selection s in [-1, 1] (set-valued), never sgn(0). */
double ss_tar(double x, double a, double s_at_zero);
int ss_sign(double x); /* -1, 0 or +1; never used inside a RHS at 0 */

/* ---- parameters -------------------------------------------------------- */

typedef enum {
  SS_PARAM_REAL = 0,   /* a real number in [min, max] */
  SS_PARAM_CHOICE = 1, /* an index into choices[] */
} ss_param_kind;

enum {
  SS_PARAM_LOG = 1u << 0,           /* slider in log scale; 0, where valid, is typed in */
  SS_PARAM_MIN_EXCLUSIVE = 1u << 1, /* value must be > min */
  SS_PARAM_INTEGER = 1u << 2,       /* whole numbers only */
};

typedef struct ss_param_info {
  const char *name;           /* identifier used by --set, files and settings */
  const char *label;          /* short human label (translatable in the GUI) */
  const char *unit;           /* SI unit, "" for dimensionless */
  ss_param_kind kind;         /* real or choice */
  double def;                 /* default value (choice: index) */
  double min;                 /* lower bound of the valid range */
  double max;                 /* upper bound of the valid range */
  unsigned flags;             /* SS_PARAM_* flags */
  const char *description;    /* one sentence */
  const char *const *choices; /* NULL-terminated names for SS_PARAM_CHOICE */
  const char *group;          /* GUI grouping: "Mechanism", "Friction", "Load", ... */
} ss_param_info;

/* ---- scenarios --------------------------------------------------------- */

/* A parameter that matters only under some choices of a choice parameter
 * (the flexible rod's springs, the full gear model's gear inertias).  A
 * parameter with several conditions matters when all of them hold; one
 * without any always matters.  Kept apart from the parameter table. */
typedef struct ss_param_condition {
  const char *param;        /* the parameter that may have no effect */
  const char *choice_param; /* the choice parameter deciding it */
  unsigned choices_mask;    /* bit c set: param matters when choice_param == c */
} ss_param_condition;

typedef struct ss_model ss_model;
typedef struct ss_scenario ss_scenario;

struct ss_scenario {
  const char *name;            /* CLI name, e.g. "one-mass" */
  const char *title;           /* one-line title */
  const char *description;     /* a paragraph: what it shows, which paper */
  const ss_param_info *params; /* parameter table */
  int n_params;                /* entries in params */
  double t_end;                /* default simulated time, s */
  double dt_out;               /* default output interval, s */
  /* Builds a model from a full vector of already range-checked values.
   * Cross-parameter checks (e.g. mu_k <= mu_s) happen here; on failure
   * returns NULL and sets *error (free with free()). */
  ss_model *(*create)(const ss_scenario *sc, const double *values, char **error);
  const ss_param_condition *conditions; /* when parameters matter (NULL: always) */
  int n_conditions;                     /* entries in conditions */
};

int ss_scenario_count(void);
const ss_scenario *ss_scenario_get(int index);
const ss_scenario *ss_scenario_find(const char *name);
int ss_scenario_param_index(const ss_scenario *sc, const char *name); /* -1 if unknown */

/* Fills values[n_params] with the defaults. */
void ss_scenario_defaults(const ss_scenario *sc, double *values);

/* Checks one value against its range; on failure returns false and sets
 * *error to a message naming the parameter, the value and the valid range. */
bool ss_param_check(const ss_param_info *p, double value, char **error);

/* Whether parameter `param` (an index) has any effect under the choices in
 * values[]; when not and why != NULL, *why (free with free()) names the
 * choice it needs, e.g. "only with Rod model = flexible". */
bool ss_param_active(const ss_scenario *sc, const double *values, int param, char **why);
/* The first condition of parameter `param` that values[] does not meet, or
 * NULL when it has an effect (the GUI words the reason in its language). */
const ss_param_condition *ss_param_unmet_condition(const ss_scenario *sc, const double *values,
                                                   int param);

/* Parses text as a value of p (a number, or for a choice its name or index)
 * and checks the range; on failure returns false and sets *error to a
 * message naming the parameter, the text and the valid range. */
bool ss_param_parse(const ss_param_info *p, const char *text, double *value, char **error);

/* Parses "NAME=VALUE" or (name, text) and stores it in values[] after the
 * range check; values[] is untouched on failure.  Choice parameters accept
 * the choice name or its index. */
bool ss_param_set_text(const ss_scenario *sc, double *values, const char *name, const char *text,
                       char **error);
bool ss_param_set_assignment(const ss_scenario *sc, double *values, const char *assignment,
                             char **error);
/* Writes the value as text ("0.5", or the choice name) into buf: the
 * shortest text that reads back to the same double. */
void ss_param_format(const ss_param_info *p, double value, char *buf, size_t size);
/* The valid range as text: "(0, 1e+06] kg", "[1, 1e+09] (whole numbers)". */
void ss_param_describe_range(const ss_param_info *p, char *buf, size_t size);
/* The shortest text that reads back to the same double, with a '.' in any
 * locale (files, messages); 32 bytes are enough. */
void ss_format_double(double value, char *buf, size_t size);

/* A short excerpt of user input for a message: at most SS_EXCERPT_CHARS
 * characters, control and format characters and bytes that are not UTF-8
 * escaped (\n, \x01, \u202e), "…" where it was cut.  Use as
 * ss_excerpt(text).text inside one expression. */
#define SS_EXCERPT_CHARS 60
typedef struct ss_excerpt_text {
  char text[SS_EXCERPT_CHARS * 8 + 8];
} ss_excerpt_text;
ss_excerpt_text ss_excerpt(const char *text);

/* Whether parameter param_index matters under friction law `law` (the
 * value of the scenario's "law" choice): a law's parameter only for the
 * laws that read it, every other parameter always. */
bool ss_param_law_uses(const ss_scenario *sc, int param_index, int law);

/* The human label of choice `choice` of a choice parameter when its table
 * gives one (the friction laws' rows: "LuGre", ...; the GUI translates it
 * as a model text), else NULL. */
const char *ss_param_choice_label(const ss_param_info *p, int choice);

/* ---- models ------------------------------------------------------------ */

/* Column kinds of a sample row; the GUI groups plots by kind. */
typedef enum {
  SS_COL_POSITION = 0,  /* generalised coordinate (m or rad) */
  SS_COL_VELOCITY,      /* generalised velocity */
  SS_COL_INTERNAL,      /* internal state (LuGre bristle deflection, ...) */
  SS_COL_FRICTION,      /* contact friction force or moment */
  SS_COL_NORMAL,        /* contact normal force magnitude (or friction limit basis) */
  SS_COL_RATIO,         /* |friction| / normal */
  SS_COL_SLIP_VELOCITY, /* contact relative sliding velocity */
  SS_COL_STICK,         /* 1 while the contact sticks, else 0 */
  SS_COL_FORCE,         /* other force contribution (spring, load, sums, ...) */
  SS_COL_ENERGY,        /* energy or work, J */
  SS_COL_OTHER,         /* anything else */
} ss_column_kind;

/* A column of a contact of kind SS_COL_FORCE is a component of the
 * contact's (joint's) reaction. */
typedef struct ss_column {
  char *name;          /* CSV header name, e.g. "10.F" or "z1" */
  char *unit;          /* SI unit, "1" for a dimensionless value */
  ss_column_kind kind; /* what the value is (plot grouping) */
  int contact;         /* contact index for contact columns, else -1 */
  char *label;         /* human label in English (the GUI translates it), NULL if none:
                          a contact's column says what it is of the contact ("friction
                          force"), ss_model_column_label puts the contact's label first;
                          any other column says it all ("drive position") */
  int rate_of;         /* a velocity: the column of the position it is the rate of, else -1 */
  int component_of;    /* a reaction's further component (Ry): the column of its first
                          component (Rx), else -1 */
} ss_column;

typedef enum { SS_MODE_STICK = 0, SS_MODE_SLIDE_POS = 1, SS_MODE_SLIDE_NEG = -1 } ss_mode;

typedef enum {
  SS_EVENT_STICK = 0, /* relative velocity reached zero and the contact holds */
  SS_EVENT_SLIP,      /* a stuck contact broke loose */
  SS_EVENT_REVERSE,   /* velocity changed sign without sticking */
  SS_EVENT_GAP_ENTER, /* a freeplay element lost contact */
  SS_EVENT_GAP_EXIT,  /* a freeplay element came into contact */
  SS_EVENT_RELEASE,   /* a contact at rest reached its static maximum and is held there
                         while the mechanism stays at rest, or breaks loose from held
                         (ss_model_contact_can_release) */
  SS_EVENT_LOCK,      /* a released contact at rest is held by stiction again */
} ss_event_kind;

const char *ss_event_kind_name(ss_event_kind kind); /* "stick", "slip", ... */
#define SS_EVENT_N_KINDS (SS_EVENT_LOCK + 1)

/* Release and lock events come from the stuck mechanism's own decisions,
 * not from motion: metrics' period and amplitude leave them out. */
static inline bool ss_event_kind_is_motion(ss_event_kind kind)
{
  return kind != SS_EVENT_RELEASE && kind != SS_EVENT_LOCK;
}

typedef struct ss_event {
  double t;           /* located event time, s */
  int source;         /* contact index, or n_contacts + aux index for gap events */
  ss_event_kind kind; /* what happened */
} ss_event;

/* Read-only facts about a built model, for the CLI and the GUI. */
const ss_scenario *ss_model_scenario(const ss_model *m);
const double *ss_model_values(const ss_model *m); /* n_params parameter values */
int ss_model_n_columns(const ss_model *m);        /* columns of a sample, without t */
const ss_column *ss_model_column(const ss_model *m, int i);
int ss_model_column_find(const ss_model *m, const char *name); /* -1 if none */
int ss_model_n_contacts(const ss_model *m);
const char *ss_model_contact_name(const ss_model *m, int i);
/* A contact's human label in English ("ψ bearing", "contact 1–0"); its name
 * when the model gives none. */
const char *ss_model_contact_label(const ss_model *m, int i);
/* Whether contact i's friction C.F includes a viscous term, so |F|/N may
 * exceed mu_s while it slides without leaving the friction cone. */
bool ss_model_contact_is_viscous(const ss_model *m, int i);
/* Whether contact i can be released at rest: held at its static maximum
 * while other contacts keep the mechanism locked ([Wojtyra2016] eq. 20; the
 * rigid two-slider under the exact law), with release and lock events. */
bool ss_model_contact_can_release(const ss_model *m, int i);
/* Column i's whole human label in English into buf: "ψ bearing: friction
 * moment", "drive position"; the column's name when it has no label. */
void ss_model_column_label(const ss_model *m, int i, char *buf, size_t size);
/* Friction levels of contact i for plots: mu_s and mu_k (ratio axis). */
void ss_model_contact_mu(const ss_model *m, int i, double *mu_s, double *mu_k);
int ss_model_n_sources(const ss_model *m); /* contacts + gap elements */
const char *ss_model_source_name(const ss_model *m, int i);
/* Source i's human label in English: a contact's (ss_model_contact_label),
 * a gap element's ("shaft ψ–δ, + side"); its name when it has none. */
const char *ss_model_source_label(const ss_model *m, int i);
bool ss_model_is_hybrid(const ss_model *m); /* exact law with modes */
void ss_model_free(ss_model *m);            /* NULL-safe */

/* Convenience: defaults + assignments "NAME=VALUE" -> model. */
ss_model *ss_model_new_from_assignments(const ss_scenario *sc, const char *const *assignments,
                                        int n_assignments, char **error);

/* ---- simulation -------------------------------------------------------- */

typedef struct ss_run_opts {
  double t_end;    /* simulated end time, s (<= 0: scenario default) */
  double dt_out;   /* output grid spacing, s (<= 0: scenario default) */
  double rtol;     /* relative tolerance (<= 0: 1e-8) */
  double atol;     /* absolute tolerance (<= 0: 1e-10) */
  long max_steps;  /* integrator steps per output interval (<= 0: 50000) */
  long max_events; /* events per run before declaring Zeno behaviour (<= 0: 1e6) */
} ss_run_opts;

/* ---- run options: one table of limits for options, files and the GUI --- */

/* The group of the run options' ss_param_info rows (their messages say
 * "run option 't_end'" instead of "parameter"). */
#define SS_RUN_OPTION_GROUP "Run"

/* Indices of the run options' table, in ss_run_opts order. */
enum {
  SS_RUN_T_END = 0,  /* t_end, s; default: the scenario's */
  SS_RUN_DT_OUT,     /* dt_out, s; default: the scenario's */
  SS_RUN_RTOL,       /* rtol */
  SS_RUN_ATOL,       /* atol */
  SS_RUN_MAX_STEPS,  /* max_steps (whole) */
  SS_RUN_MAX_EVENTS, /* max_events (whole) */
  SS_RUN_N_OPTIONS,
};

/* Row i of the run options' table (NULL outside): name as in files ("t_end"),
 * unit, valid range with SS_PARAM_MIN_EXCLUSIVE / SS_PARAM_INTEGER, default
 * (0 for t_end and dt_out: the scenario's). */
const ss_param_info *ss_run_option_get(int i);
/* Index of the option called name ("t_end", or as a CLI option "--t-end"),
 * -1 if none. */
int ss_run_option_index(const char *name);
/* The CLI option of row i: "--t-end". */
const char *ss_run_option_cli_name(int i);
/* Value of option i in o (0: not set, the default applies). */
double ss_run_opts_get(const ss_run_opts *o, int i);
/* Sets option i after the range check; o is untouched on failure. */
bool ss_run_opts_set(ss_run_opts *o, int i, double value, char **error);
/* Parses text for the option called name (as ss_run_option_index). */
bool ss_run_opts_set_text(ss_run_opts *o, const char *name, const char *text, char **error);

/* Cap on the history a run keeps, bytes: output grid rows plus up to
 * max_events event rows, (columns + 1) doubles each, plus the events. */
#define SS_RUN_MAX_BYTES ((size_t)1 << 30)

/* Fills the defaults (the model's scenario's t_end and dt_out, rtol 1e-8,
 * atol 1e-10, max_steps 50000, max_events 1e6), checks every option against
 * the table and the run's history against SS_RUN_MAX_BYTES.  The one check
 * of run options: the CLI, scenario files, the GUI and ss_sim_new use it.
 * false and *error (naming the option, or t_end, dt_out and the cap). */
bool ss_run_opts_resolve(const ss_model *m, const ss_run_opts *in, ss_run_opts *out, char **error);
/* A preview run's options: looser but still drawing the final run's curves
 * (within a small fraction of each column's range), for a GUI that shows a
 * cheap run first.  From a final run's options with t_end and dt_out set (the
 * others <= 0: their defaults): rtol at least SS_PREVIEW_RTOL, atol loosened
 * by the same factor, the output grid no finer than SS_PREVIEW_ROWS rows over
 * t_end, at most SS_PREVIEW_MAX_EVENTS events.  Unchanged: t_end, max_steps. */
#define SS_PREVIEW_RTOL       1e-6
#define SS_PREVIEW_ROWS       2000.0
#define SS_PREVIEW_MAX_EVENTS 20000
ss_run_opts ss_run_opts_preview(const ss_run_opts *final_opts);
/* Rows of the output grid of resolved options: t = 0, dt_out, ..., t_end. */
size_t ss_run_grid_rows(const ss_run_opts *resolved);
/* Most rows a run of resolved options keeps: the grid plus one per event. */
size_t ss_run_max_rows(const ss_run_opts *resolved);

typedef struct ss_stats {
  long steps;      /* integrator steps */
  long rhs_evals;  /* right-hand-side evaluations (including Jacobian DQ) */
  long root_evals; /* event function evaluations */
  long events;     /* events reported (stick, slip, reverse, gap, release, lock) */
  long restarts;   /* integrator restarts */
} ss_stats;

typedef struct ss_sink {
  void *user; /* passed back to both callbacks */
  /* one sample row: t and ss_model_n_columns() values; NaN = undetermined */
  void (*sample)(void *user, double t, const double *row);
  void (*event)(void *user, const ss_event *ev);
} ss_sink;

typedef struct ss_sim ss_sim;

ss_sim *ss_sim_new(const ss_model *m, const ss_run_opts *opts, char **error);
void ss_sim_free(ss_sim *s); /* NULL-safe */
/* Integrates until min(t_target, t_end), emitting grid samples and, at every
 * event, a sample at the event time.  The first call also emits t = 0.
 * Returns 1 when t_end is reached, 0 when t_target was reached first, -1 on
 * failure (ss_sim_error says why and when); a run that fails between two
 * grid times first emits a sample at the last step it completed, so the
 * sink holds the run up to the failure (ss_run discards it). */
int ss_sim_advance(ss_sim *s, double t_target, const ss_sink *sink);
double ss_sim_time(const ss_sim *s);
double ss_sim_t_end(const ss_sim *s);
const ss_run_opts *ss_sim_opts(const ss_sim *s);       /* the resolved options */
void ss_sim_get_stats(const ss_sim *s, ss_stats *out); /* steps, RHS evals, events so far */
const char *ss_sim_error(const ss_sim *s);
/* Cancellation: ss_sim_advance asks cancel(user) every few integrator steps
 * and within long root searches; true stops the run (ss_sim_advance returns
 * -1, ss_sim_error says "run cancelled at t = ..."), so a caller never waits
 * on a run it no longer wants.  NULL: never asked.  cancel may be called
 * from the thread that runs ss_sim_advance only. */
typedef bool (*ss_cancel_fn)(void *user);
void ss_sim_set_cancel(ss_sim *s, ss_cancel_fn cancel, void *user);

/* A local extremum of a watched column, located on the integrator's dense
 * output between its steps (not on the output grid). */
typedef struct ss_peak {
  double t;     /* where, s */
  int column;   /* the column */
  int kind;     /* +1 a maximum, -1 a minimum */
  double value; /* the column's value there */
} ss_peak;

/* Watches column col: each local extremum of it (records: only each one
 * beyond every earlier one, the run's largest and smallest so far) goes to
 * peak(user, p) as the run passes it (one callback for every watched
 * column: the last one given).  Before the first ss_sim_advance; false
 * when out of memory. */
bool ss_sim_watch(ss_sim *s, int col, bool records, void (*peak)(void *user, const ss_peak *p),
                  void *user);

/* ---- traces: a whole run in memory ------------------------------------- */

typedef struct ss_trace {
  int n_columns;      /* values per row, without t */
  size_t n_rows;      /* rows stored */
  size_t cap_rows;    /* allocated rows */
  double *t;          /* n_rows times, s */
  double *rows;       /* n_rows * n_columns values */
  size_t n_events;    /* events stored */
  size_t cap_events;  /* allocated events */
  ss_event *events;   /* n_events events */
  ss_stats stats;     /* integrator statistics of the run */
  bool out_of_memory; /* an append failed: rows or events are missing */
  size_t n_peaks;     /* extremes of watched columns stored */
  size_t cap_peaks;   /* allocated peaks */
  ss_peak *peaks;     /* n_peaks, each column's in time order */
  char *watched;      /* n_columns: 0, or the column's extremes are in peaks: 1 those
                         beyond every earlier one, 2 every one (NULL: none is) */
} ss_trace;

ss_trace *ss_trace_new(int n_columns);
/* Room for n_rows rows without reallocation; false when out of memory. */
bool ss_trace_reserve(ss_trace *tr, size_t n_rows);
void ss_trace_free(ss_trace *tr); /* NULL-safe */
void ss_trace_append_row(ss_trace *tr, double t, const double *row);
void ss_trace_append_event(ss_trace *tr, const ss_event *ev);
ss_sink ss_trace_sink(ss_trace *tr);
/* Keeps the extremes of column col of the run s in tr->peaks (ss_sim_watch;
 * records: only the run's largest and smallest so far, enough for its
 * extremes over the whole run); false when out of memory. */
bool ss_trace_watch(ss_trace *tr, ss_sim *s, int col, bool records);
/* Appends an extreme (as a watched run does; a copy of a trace). */
void ss_trace_append_peak(ss_trace *tr, const ss_peak *p);
static inline double ss_trace_at(const ss_trace *tr, size_t row, int col)
{
  return tr->rows[row * (size_t)tr->n_columns + (size_t)col];
}

/* Runs the whole history, watching the columns whose extremes the metrics
 * take (ss_metrics_watch); NULL and *error on failure (message with time). */
ss_trace *ss_run(const ss_model *m, const ss_run_opts *opts, char **error);
/* The same run watching no column: ss_run's rows, events and statistics
 * bit for bit, without the extremes between the steps (no peaks; metrics
 * of such a trace refine their extremes on the rows), for callers that
 * take no metrics (`stickslip-cli run` without --metrics). */
ss_trace *ss_run_rows(const ss_model *m, const ss_run_opts *opts, char **error);

/* CSV: header "t,<columns>", one row per sample, empty field for NaN;
 * every number reads back to the same double (ss_number_format). */
int ss_csv_write_header(const ss_model *m, FILE *f);
int ss_csv_write_row(const ss_model *m, FILE *f, double t, const double *row);
int ss_csv_write_trace(const ss_model *m, const ss_trace *tr, FILE *f);
/* Events: "t,contact,event", t as the rows' numbers. */
int ss_csv_write_events(const ss_model *m, const ss_trace *tr, FILE *f);

/* Which CVODE is linked in, for benchmark reports: "optimised build (...)" or
 * "Debian's library (...)" (model/core/cvode-build.c). */
const char *ss_cvode_build(void);
/* The program's version: the release, and where it was built from a git
 * checkout what git describe said of it: "0.1.0 (git 43e5a84-dirty)". */
const char *ss_version(void);
/* ---- output files ------------------------------------------------------ */

/* A file being written whole (CSV, events, scenario files, images).  Rules:
 *   "-" is standard output, written directly;
 *   a character device, FIFO or socket is written directly (never replaced);
 *   a symlink is followed and its final target written;
 *   a regular file (or a new one) is written to a temporary file in the same
 *   folder, flushed to disk and renamed over the target on commit: readers
 *   see the old or the new content, never a part; an existing file keeps
 *   its mode and owner (when the owner cannot be kept, or the folder is
 *   not writable, the file is rewritten in place instead);
 *   a regular file with several hard links is rewritten in place on commit
 *   (from the finished temporary file), so the links stay linked. */
typedef struct ss_output ss_output;

/* NULL and *error ("cannot write PATH: reason") on failure. */
ss_output *ss_output_open(const char *path, char **error);
/* The stream to write the content to. */
FILE *ss_output_stream(ss_output *out);
/* Finishes: flush, fsync, rename or copy in place.  false and *error when
 * anything failed, including an earlier write to the stream.  Frees out. */
bool ss_output_commit(ss_output *out, char **error);
/* Discards what was written (a replaced file keeps its old content); frees
 * out.  NULL-safe. */
void ss_output_abort(ss_output *out);
/* open + write + commit of a buffer. */
bool ss_output_write_all(const char *path, const void *data, size_t length, char **error);
/* Whether two names are one file: the same name, the same regular file
 * (device and inode, symlinks followed) or, for files not there yet, the
 * same place.  "-" (standard output), devices and FIFOs never are. */
bool ss_output_same_file(const char *a, const char *b);

#ifdef __cplusplus
}
#endif
#endif
