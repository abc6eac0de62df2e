/* study-presets.h - parameter studies shipped with the program: a name, a
 * scenario, base values, axes and outcomes.  The CLI runs one by name
 * (`stickslip-cli sweep --preset NAME`), the GUI's study dialog lists them.
 *
 *   ss_study *st = ss_study_preset_build(ss_study_preset_find("two-slider-gamma"), &err);
 *
 * Adding a preset is one row of the table in study-presets.c. */
#ifndef SS_STUDY_PRESETS_H
#define SS_STUDY_PRESETS_H

#include "study.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_STUDY_PRESET_MAX_SETS     8
#define SS_STUDY_PRESET_MAX_OUTCOMES 8

typedef struct ss_study_preset {
  const char *name;        /* CLI name, e.g. "two-slider-gamma" */
  const char *title;       /* one line, English (the GUI translates it) */
  const char *description; /* what it shows, English (the GUI translates it) */
  const char *scenario;    /* scenario name */
  const char *sets[SS_STUDY_PRESET_MAX_SETS + 1]; /* base values "NAME=VALUE", NULL-terminated */
  const char *axes[SS_STUDY_MAX_AXES + 1];        /* "NAME=LO:HI:N[:log]", NULL-terminated */
  const char *outcomes[SS_STUDY_PRESET_MAX_OUTCOMES + 1]; /* outcome specs, NULL-terminated */
} ss_study_preset;

int ss_study_preset_count(void);
const ss_study_preset *ss_study_preset_get(int i);             /* NULL outside */
const ss_study_preset *ss_study_preset_find(const char *name); /* NULL if none */
/* The preset as a validated study (run options: the scenario's); NULL and
 * *error naming the preset and what failed. */
ss_study *ss_study_preset_build(const ss_study_preset *p, char **error);

#ifdef __cplusplus
}
#endif
#endif
