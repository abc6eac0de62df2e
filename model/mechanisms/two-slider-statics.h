/* two-slider-statics.h - the Example 1 analysis (two-slider-statics.c) at a
 * given configuration of the mechanism, for the scenario's own outputs. */
#ifndef SS_TWO_SLIDER_STATICS_H
#define SS_TWO_SLIDER_STATICS_H

#include "two-slider-mech.h"
#include "two-slider.h"

/* Example 1 analysis (two-slider.h) of the rigid mechanism tm at
 * configuration q with the loads of instant t; the sliding solution only
 * when with_sliding.  Returns 0 or -1. */
int ts_statics_compute(const ts_mech *tm, double t, const double *q, bool with_sliding,
                       ss_ts_statics *out);
/* The same with what the caller has at q already: h the applied forces at
 * rest (ts_applied), D and w from ts_rigid_pattern, and the constraint and
 * slide Jacobians C, Cmu (both NULL: computed here). */
int ts_statics_compute_at(const ts_mech *tm, double t, const double *q, const double *h,
                          const double *D, const double *w, const double *C, const double *Cmu,
                          bool with_sliding, ss_ts_statics *out);

enum { NU = 10 }; /* 8 joint multipliers + 2 lock multipliers of the rigid mechanism */

/* What the analysis needs of the configuration alone: the square system of
 * eq. 10 and the row fixing a, factorised, and the family's slope. */
typedef struct ts_family {
  bool ok;            /* the family is parametrised by a here (a regular system) */
  double lu[NU * NU]; /* GSL LU factors of the system */
  size_t perm[NU];    /* its row permutation */
  double u1[NU];      /* multipliers per unit a (the slope), 1 */
} ts_family;

/* The family at a configuration with constraint and slide Jacobians C, Cmu.
 * Returns 0, or -1 (fam->ok false) when the system is singular. */
int ts_family_at(const ts_mech *tm, const double *C, const double *Cmu, ts_family *fam);
/* ts_statics_compute_at with the family fam made at q: the same values. */
int ts_statics_solve(const ts_mech *tm, double t, const double *q, const double *h, const double *D,
                     const double *w, const ts_family *fam, bool with_sliding, ss_ts_statics *out);

#endif
