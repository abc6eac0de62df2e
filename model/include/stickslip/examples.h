/* examples.h - the papers' published cases as presets: a scenario, one or
 * more settings (assignments on its defaults: the treatments, laws or
 * levels a paper compares), the values the paper publishes for each
 * setting and how this app's run is measured against them, a citation and
 * a note (what to look at, where the app differs and why).
 *
 * The GUI's Examples menu and chart markers, `stickslip-cli examples` and
 * `run --example`, and tests/model/test-examples.c read this table.  The
 * two-slider's instants are not repeated here: a setting whose assignments
 * equal a row's setting in ss_two_slider_references() gets that row
 * (published instant, agreement, this model's instant) as a value. */
#ifndef SS_EXAMPLES_H
#define SS_EXAMPLES_H

#include "stickslip.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a published value is compared with a run. */
typedef enum {
  SS_EXAMPLE_EVENT = 0, /* the event of kind `event` at `source` nearest to t */
  SS_EXAMPLE_NO_EVENT,  /* an outcome: the run has no event of kind `event` at `source` */
  SS_EXAMPLE_VALUE,     /* column `column` at time t (linear between the rows around it) */
  SS_EXAMPLE_REFERENCE, /* a two-slider reference row, by its own criterion */
} ss_example_criterion;

/* The agreement a value that is not reproduced keeps with `ours` (the
 * output grid of the run may move a row-based instant by a step). */
#define SS_EXAMPLE_OURS_TOL 0.011

typedef struct ss_example_value {
  const char *what;             /* the paper's statement, English: "the mechanism slips" */
  ss_example_criterion measure; /* how this app's figure is taken */
  const char *source;           /* EVENT, NO_EVENT: contact or gap element ("slot") */
  ss_event_kind event;          /* EVENT, NO_EVENT: the kind */
  const char *column;           /* the curve the chart marker sits on (VALUE: the column
                                   measured); NULL: none */
  double t;                     /* published instant (VALUE: when), s; NAN: an outcome */
  double value;                 /* VALUE: the published value, in the column's unit; else NAN */
  double tolerance;             /* agreement claimed, |app - published| <= tolerance (s;
                                   VALUE: the column's unit); NAN: not reproduced */
  double ours;                  /* not reproduced: what this app gives instead (s; VALUE: the
                                   column's unit), to SS_EXAMPLE_OURS_TOL; else NAN */
  const struct ss_ts_reference *reference; /* REFERENCE: the row the fields above come from */
  bool formula; /* the program's evaluation of a formula the paper prints,
                   not a number it publishes */
} ss_example_value;

typedef struct ss_example_setting {
  const char *label;              /* English, short: "γ1 = 2γ2" */
  const char *assignments;        /* "NAME=VALUE" on the scenario's defaults, separated by
                                     spaces; "" for the defaults */
  const ss_example_value *values; /* the setting's own published values */
  int n_values;                   /* entries in values */
} ss_example_setting;

typedef struct ss_example {
  const char *id;                     /* "wojtyra-2": the CLI's and the GUI action's name */
  const char *scenario;               /* scenario name */
  const char *paper;                  /* short key of docs/references.md: "Wojtyra2016" */
  const char *source;                 /* human citation: "Wojtyra 2016, Example 2" */
  const char *title;                  /* English, for the menu */
  const char *note;                   /* English: what to look at, where the app differs */
  double dt_out;                      /* output step of the runs the values are measured on
                                         (the preset's run setting), s; 0: the scenario's */
  const ss_example_setting *settings; /* at least one; the first is the preset's default */
  int n_settings;                     /* entries in settings */
} ss_example;

int ss_example_count(void);
const ss_example *ss_example_get(int i);           /* NULL outside 0..count-1 */
const ss_example *ss_example_find(const char *id); /* NULL if none */
const ss_scenario *ss_example_scenario(const ss_example *ex);

/* The parameter vector of setting s: the scenario's defaults with the
 * setting's assignments (n_params values, free with free()); NULL and
 * *error on a bad setting. */
double *ss_example_setting_values(const ss_example *ex, int s, char **error);
/* Its model; NULL and *error (free with free()). */
ss_model *ss_example_model_new(const ss_example *ex, int s, char **error);

/* The published values of setting s: its own, then the two-slider
 * reference rows of its assignments that have a published instant. */
int ss_example_n_values(const ss_example *ex, int s);
bool ss_example_get_value(const ss_example *ex, int s, int i, ss_example_value *out);

/* This app's figure for v from a run of the setting (m its model): an
 * instant in s (VALUE: the column's value); NAN when it does not occur
 * (NO_EVENT: the first such event's time, NAN when there is none). */
double ss_example_measure(const ss_example_value *v, const ss_model *m, const ss_trace *tr);
/* Whether the figure measured is what the table states: within the
 * tolerance of the published value; for an outcome, no such event; when
 * not reproduced, within SS_EXAMPLE_OURS_TOL of `ours`. */
bool ss_example_value_holds(const ss_example_value *v, double measured);

/* The setting whose values equal values[] (a full parameter vector of the
 * example's scenario), or -1. */
int ss_example_match_setting(const ss_example *ex, const double *values);

#ifdef __cplusplus
}
#endif
#endif
