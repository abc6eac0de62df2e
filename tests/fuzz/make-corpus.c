/* make-corpus.c - the seed corpus: files as the app saves them, for every
 * scenario's defaults, every choice of its choice parameters, one with
 * every run option set, and one with pinned runs ("Compare all" over its
 * first choice parameter, one of them renamed and hidden).  meson compile -C build
 * update-fuzz-corpus */
#include <stdio.h>
#include <stdlib.h>

#include "scenario-file.h"

static void save_pins(const char *dir, const char *name, const ss_scenario *sc,
                      const double *values, const ss_run_opts *opts, const ss_scenario_pin *pins,
                      int n_pins)
{
  char path[1024], *err = NULL;
  snprintf(path, sizeof path, "%s/%s.stickslip", dir, name);
  if (!ss_scenario_file_save_pins(path, sc, values, opts, pins, n_pins, &err)) {
    fprintf(stderr, "make-corpus: %s\n", err);
    exit(1);
  }
}

static void save(const char *dir, const char *name, const ss_scenario *sc, const double *values,
                 const ss_run_opts *opts)
{
  save_pins(dir, name, sc, values, opts, NULL, 0);
}

/* One pinned run per choice of the first choice parameter; the second
 * renamed and hidden. */
static void save_compare_all(const char *dir, const ss_scenario *sc, const double *values,
                             const ss_run_opts *opts)
{
  for (int p = 0; p < sc->n_params; p++) {
    const ss_param_info *info = &sc->params[p];
    if (info->kind != SS_PARAM_CHOICE)
      continue;
    ss_scenario_pin pins[16] = {{0}};
    int n = 0;
    for (int c = 0; info->choices[c] && n < 16; c++, n++) {
      pins[n].values = malloc(sizeof(double) * (size_t)sc->n_params);
      for (int i = 0; i < sc->n_params; i++)
        pins[n].values[i] = values[i];
      pins[n].values[p] = c;
    }
    if (n > 1) {
      pins[1].name = (char *)"renamed run";
      pins[1].hidden = true;
    }
    char name[256];
    snprintf(name, sizeof name, "%s.pinned-%s", sc->name, info->name);
    save_pins(dir, name, sc, values, opts, pins, n);
    for (int r = 0; r < n; r++)
      free(pins[r].values);
    return;
  }
}

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: make-corpus DIR\n");
    return 2;
  }
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    double *values = malloc(sizeof(double) * (size_t)sc->n_params);
    ss_scenario_defaults(sc, values);
    ss_run_opts opts = {.t_end = sc->t_end, .dt_out = sc->dt_out};
    save(argv[1], sc->name, sc, values, &opts);
    for (int p = 0; p < sc->n_params; p++) {
      const ss_param_info *info = &sc->params[p];
      if (info->kind != SS_PARAM_CHOICE)
        continue;
      for (int c = 0; info->choices[c]; c++) {
        if (c == (int)info->def)
          continue;
        char name[256];
        snprintf(name, sizeof name, "%s.%s-%s", sc->name, info->name, info->choices[c]);
        values[p] = c;
        save(argv[1], name, sc, values, &opts);
        values[p] = info->def;
      }
    }
    ss_run_opts all = {.t_end = 0.5 * sc->t_end,
                       .dt_out = 2 * sc->dt_out,
                       .rtol = 1e-7,
                       .atol = 1e-9,
                       .max_steps = 20000,
                       .max_events = 5000};
    char name[256];
    snprintf(name, sizeof name, "%s.run-options", sc->name);
    save(argv[1], name, sc, values, &all);
    save_compare_all(argv[1], sc, values, &opts);
    free(values);
  }
  return 0;
}
