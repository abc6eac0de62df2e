/* two-slider-reference.c - [Wojtyra2016]'s published instants for the
 * two-slider and this model's, by the paper's criteria (docs/two-slider.md,
 * "Reproduction table"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "two-slider-reference.h"

/* clang-format off */
static const ss_ts_reference references[] = {
  {2, "treatment=eliminate-revolute-1", "guide 2 at its static maximum",
   SS_TS_RELEASED, 2, 0.80, 0.800, 0.005},
  {2, "treatment=eliminate-revolute-1", "the mechanism slips",
   SS_TS_SLIP, 1, 1.86, 1.859, 0.005},
  {2, "treatment=pseudoinverse", "incoherent friction directions end",
   SS_TS_COHERENT, 0, 0.19, 0.190, 0.005},
  {2, "treatment=pseudoinverse", "guide 1 at its static maximum",
   SS_TS_RELEASED, 1, 2.98, 1.969, NAN},
  {2, "treatment=pseudoinverse", "the mechanism slips",
   SS_TS_SLIP, 1, 3.59, 2.583, NAN},
  {3, "law=regularised gamma_1=2e-5", "friction at its maximum (slip)",
   SS_TS_RATIO_MAX, 1, 1.96, 1.947, 0.02},
  {3, "law=regularised gamma_1=2e-5", "(guide 1 speed above gamma_1)",
   SS_TS_SLIP, 1, NAN, 1.947, NAN},
  {4, "law=lugre", "guide 1 friction at its maximum",
   SS_TS_RATIO_MAX, 1, 1.94, 1.943, 0.01},
  {4, "law=lugre", "guide 2 friction at its maximum",
   SS_TS_RATIO_MAX, 2, 1.96, 1.969, 0.01},
  {4, "law=lugre", "friction at the kinetic level",
   SS_TS_KINETIC, 0, 1.99, 1.990, 0.01},
  {4, "law=lugre", "(guide 1 speed above v_stick)",
   SS_TS_SLIP, 1, NAN, 1.918, NAN},
  {4, "law=lugre", "(guide 2 speed above v_stick)",
   SS_TS_SLIP, 2, NAN, 1.946, NAN},
  {5, "rod=flexible", "guide 1 slips",
   SS_TS_SLIP, 1, 1.90, 1.904, 0.01},
  {5, "rod=flexible", "guide 2 slips",
   SS_TS_SLIP, 2, 1.92, 1.935, 0.02},
};
/* clang-format on */

#define N_REFERENCES (int)(sizeof references / sizeof references[0])

const ss_ts_reference *ss_two_slider_references(int *n)
{
  *n = N_REFERENCES;
  return references;
}

static double column_value(const ss_model *m, const ss_trace *tr, size_t row, const char *fmt,
                           int guide)
{
  char name[64];
  snprintf(name, sizeof name, fmt, guide);
  int c = ss_model_column_find(m, name);
  return c < 0 ? NAN : ss_trace_at(tr, row, c);
}

/* Row of the guide's largest |F|/N (the first of equal ones); none: n_rows. */
static size_t ratio_max_row(const ss_model *m, const ss_trace *tr, int guide)
{
  size_t best = tr->n_rows;
  double r_best = -INFINITY;
  for (size_t r = 0; r < tr->n_rows; r++) {
    double x = column_value(m, tr, r, "slider%d.ratio", guide);
    if (x > r_best) {
      r_best = x;
      best = r;
    }
  }
  return best;
}

double ss_two_slider_reference_instant(const ss_ts_reference *ref, const ss_model *m,
                                       const ss_trace *tr)
{
  switch (ref->measure) {
  case SS_TS_SLIP:
    for (size_t e = 0; e < tr->n_events; e++)
      if (tr->events[e].source == ref->guide - 1 && tr->events[e].kind == SS_EVENT_SLIP)
        return tr->events[e].t;
    return NAN;
  case SS_TS_RELEASED:
    for (size_t r = 0; r < tr->n_rows; r++)
      if (column_value(m, tr, r, "slider%d.released", ref->guide) == 1.0)
        return tr->t[r];
    return NAN;
  case SS_TS_COHERENT:
    for (size_t r = 0; r < tr->n_rows; r++)
      if (column_value(m, tr, r, "stiction.incoherent", 0) == 0.0)
        return tr->t[r];
    return NAN;
  case SS_TS_RATIO_MAX: {
    size_t r = ratio_max_row(m, tr, ref->guide);
    return r < tr->n_rows ? tr->t[r] : NAN;
  }
  case SS_TS_KINETIC: {
    size_t r1 = ratio_max_row(m, tr, 1), r2 = ratio_max_row(m, tr, 2);
    if (r1 == tr->n_rows || r2 == tr->n_rows)
      return NAN;
    const ss_scenario *sc = ss_model_scenario(m);
    double mu_k = ss_model_values(m)[ss_scenario_param_index(sc, "mu_k")];
    for (size_t r = (r1 > r2 ? r1 : r2) + 1; r < tr->n_rows; r++)
      if (fabs(column_value(m, tr, r, "slider%d.ratio", 1) - mu_k) <= 0.01 * mu_k &&
          fabs(column_value(m, tr, r, "slider%d.ratio", 2) - mu_k) <= 0.01 * mu_k)
        return tr->t[r];
    return NAN;
  }
  }
  return NAN;
}

/* Runs one setting: 5 s on a grid of 1e-4 s. */
static ss_trace *run_setting(const char *setting, ss_model **model, char **error)
{
  char buf[256];
  snprintf(buf, sizeof buf, "%s", setting);
  const char *sets[8];
  int n = 0;
  for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok && n < 8;
       tok = strtok_r(NULL, " ", &save))
    sets[n++] = tok;
  *model = ss_model_new_from_assignments(ss_scenario_find("two-slider"), sets, n, error);
  if (!*model)
    return NULL;
  ss_run_opts opts = {.t_end = 5.0, .dt_out = 1e-4};
  ss_trace *tr = ss_run(*model, &opts, error);
  if (!tr) {
    ss_model_free(*model);
    *model = NULL;
  }
  return tr;
}

int ss_two_slider_reference_measure(double *t, char **error)
{
  for (int i = 0; i < N_REFERENCES; i++) {
    bool done = false;
    for (int j = 0; j < i && !done; j++)
      done = strcmp(references[j].setting, references[i].setting) == 0;
    if (done)
      continue; /* measured with an earlier row's run */
    ss_model *m = NULL;
    ss_trace *tr = run_setting(references[i].setting, &m, error);
    if (!tr)
      return -1;
    for (int j = i; j < N_REFERENCES; j++)
      if (strcmp(references[j].setting, references[i].setting) == 0)
        t[j] = ss_two_slider_reference_instant(&references[j], m, tr);
    ss_trace_free(tr);
    ss_model_free(m);
  }
  return 0;
}
