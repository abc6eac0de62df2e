/* two-slider-reference.h - the instants [Wojtyra2016] publishes for the
 * two-slider's Examples 2-5, each with this model's instant under the
 * default load history, measured by the paper's own criterion: the
 * reproduction table of docs/two-slider.md and the markers of the paper's
 * example presets read them from here.  tools/two-slider-table.sh prints
 * the table from a fresh measurement; tests/model/test-two-slider.c checks
 * that `computed` is what the model gives. */
#ifndef SS_TWO_SLIDER_REFERENCE_H
#define SS_TWO_SLIDER_REFERENCE_H

#include "stickslip.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How an instant is taken from a run (output grid 1e-4 s, events exact). */
typedef enum {
  SS_TS_SLIP = 0,  /* the guide's first slip event: the exact law's break-away; a smooth law's
                      |v| above its stick threshold (gamma_i, or v_stick) */
  SS_TS_RELEASED,  /* the exact law's guide first at its static maximum (released) */
  SS_TS_COHERENT,  /* the first row with coherent static friction directions */
  SS_TS_RATIO_MAX, /* the guide's |F|/N at its largest: friction at its maximum */
  SS_TS_KINETIC,   /* after both guides' maxima, the first row with both |F|/N within 1 % of
                      mu_k: friction down to the kinetic level */
} ss_ts_measure;

typedef struct ss_ts_reference {
  int example;           /* the paper's example, 2-5 */
  const char *setting;   /* assignments on the defaults, "NAME=VALUE" separated by spaces */
  const char *statement; /* what the paper reports at that instant */
  ss_ts_measure measure; /* how this model's instant is taken */
  int guide;             /* 1 or 2 (0: the measure concerns both) */
  double published;      /* the paper's (approximate) instant, s; NAN: none published */
  double computed;       /* this model's instant with the default loads, s (3 decimals);
                            NAN: it does not happen by 5 s */
  double agreement;      /* |computed - published| <= agreement, s; NAN: not reproduced */
} ss_ts_reference;

/* The table: n rows, in the order of docs/two-slider.md. */
const ss_ts_reference *ss_two_slider_references(int *n);

/* This run's instant of row ref by its criterion (a two-slider model and
 * its trace); NAN where it does not occur.  The example presets measure
 * their markers' rows with it. */
double ss_two_slider_reference_instant(const ss_ts_reference *ref, const ss_model *m,
                                       const ss_trace *tr);

/* Measures every row afresh (one run of 5 s per distinct setting) into
 * t[n]: NAN where the instant does not occur.  Returns 0, or -1 with
 * *error (free with free()). */
int ss_two_slider_reference_measure(double *t, char **error);

#ifdef __cplusplus
}
#endif
#endif
