/* stickslip-cli.c - headless runs of every scenario: list, params, run, bench;
 * statics: the two-slider's reaction family at rest (Wojtyra Example 1).
 *
 * Exit codes (README): 0 success, 2 bad usage, invalid value or refused input
 * file, 3 simulation failure (including a non-physical result), 4 an output
 * (a file or standard output) could not be written. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "cli-common.h"
#include "cli-merge.h"
#include "cli-sweep.h"
#include <stickslip/examples.h>
#include <stickslip/scenario-file.h>
#include <stickslip/stickslip.h>
#include <stickslip/two-slider.h>

static const char usage_text[] =
    "Usage:\n"
    "  stickslip-cli --help | --version | COMMAND --help\n"
    "  stickslip-cli list\n"
    "  stickslip-cli params SCENARIO\n"
    "  stickslip-cli examples [ID]\n"
    "  stickslip-cli run [SCENARIO] [--file F|- | --example ID[:N]] [--set NAME=VALUE]...\n"
    "                    [--t-end S] [--dt-out S]\n"
    "                    [--rtol X] [--atol X] [--max-steps N] [--max-events N]\n"
    "                    [--csv FILE|-] [--events FILE|-] [--metrics FILE|-]\n"
    "  stickslip-cli sweep SCENARIO [--set NAME=VALUE]... --vary NAME=LO:HI:N[:log]...\n"
    "                    --metric OUTCOME... [--jobs J] [--shard K/N] --csv FILE|-\n"
    "  stickslip-cli sweep --preset NAME [--set NAME=VALUE]... [--jobs J] --csv FILE|-\n"
    "  stickslip-cli merge PART... --csv FILE|-\n"
    "  stickslip-cli bench [SCENARIO [--set NAME=VALUE]... [--t-end T]] [--runs N]\n"
    "  stickslip-cli bench --studies [--runs N]\n"
    "  stickslip-cli statics two-slider [--set NAME=VALUE]... [--t S]\n"
    "\n"
    "run writes CSV (header, one row per output time; empty field = undetermined).\n"
    "Without --csv, --events and --metrics the CSV goes to SCENARIO.csv in the current folder.\n"
    "--metrics writes metric,value,unit,note rows; sweep: see docs/studies.md.\n"
    "--example runs setting N (default 1) of a paper's example (see: examples) with its\n"
    "output step; --set and the run options apply on top.\n"
    "Options take their value as --opt VALUE or --opt=VALUE.\n"
    "Exit status: 0 success, 2 bad usage or invalid value, 3 simulation failure,\n"
    "4 an output could not be written.\n";

/* fmt takes one %s: an excerpt of arg (user input) */
static int usage_error(const char *fmt, const char *arg)
{
  fprintf(stderr, "stickslip-cli: ");
  fprintf(stderr, fmt, ss_excerpt(arg).text);
  fprintf(stderr, "\n\n%s", usage_text);
  return EXIT_USAGE;
}

static int cmd_list(void)
{
  for (int i = 0; i < ss_scenario_count(); i++) {
    const ss_scenario *sc = ss_scenario_get(i);
    printf("%s\t%s\n", sc->name, sc->title);
  }
  return 0;
}

static int cmd_params(int argc, char **argv)
{
  if (argc != 1)
    return usage_error("params takes exactly one SCENARIO%s", "");
  const ss_scenario *sc = ss_scenario_find(argv[0]);
  if (!sc)
    return usage_error("unknown scenario '%s' (see: stickslip-cli list)", argv[0]);
  for (int i = 0; i < sc->n_params; i++) {
    const ss_param_info *p = &sc->params[i];
    char def[64];
    ss_param_format(p, p->def, def, sizeof def);
    if (p->kind == SS_PARAM_CHOICE) {
      printf("%s\t%s\t\t", p->name, def);
      for (int c = 0; p->choices[c]; c++)
        printf("%s%s", c ? "|" : "", p->choices[c]);
      printf("\t\t\t%s\n", p->description);
    } else {
      /* min and max as numbers, then the interval: "(" marks an exclusive
       * minimum, "[" an inclusive one */
      char lo[32], hi[32];
      ss_format_double(p->min, lo, sizeof lo);
      ss_format_double(p->max, hi, sizeof hi);
      printf("%s\t%s\t%s\t%s\t%s\t%s%s, %s]\t%s\n", p->name, def, p->unit, lo, hi,
             (p->flags & SS_PARAM_MIN_EXCLUSIVE) ? "(" : "[", lo, hi, p->description);
    }
  }
  return 0;
}

/* Writes a CSV (or the events) to path through the output-file rules
 * (ss_output_open): "-" is standard output. */
static bool write_csv(const char *path, const ss_model *m, const ss_trace *tr, bool events)
{
  char *err = NULL;
  ss_output *out = ss_output_open(path, &err);
  if (out) {
    FILE *f = ss_output_stream(out);
    int rc = events ? ss_csv_write_events(m, tr, f) : ss_csv_write_trace(m, tr, f);
    if (rc < 0 && !ferror(f)) {
      ss_output_abort(out);
      fprintf(stderr, "stickslip-cli: cannot write %s\n", path);
      return false;
    }
    if (ss_output_commit(out, &err))
      return true;
  }
  fprintf(stderr, "stickslip-cli: %s\n", err);
  free(err);
  return false;
}

typedef struct run_args {
  const char *scenario; /* positional scenario name or NULL */
  const char *file;     /* --file */
  const char *example;  /* --example ID[:N] */
  GPtrArray *sets;      /* --set NAME=VALUE strings */
  ss_run_opts opts;     /* --t-end, --dt-out, --rtol, --atol */
  const char *csv;      /* --csv */
  const char *events;   /* --events */
  const char *metrics;  /* --metrics */
} run_args;

/* The run_args field of an output option. */
static const char **output_slot(run_args *a, const char *option)
{
  return strcmp(option, "--csv") == 0      ? &a->csv
         : strcmp(option, "--events") == 0 ? &a->events
                                           : &a->metrics;
}

/* The input file and the outputs (the default CSV included) are distinct
 * files: an output never replaces the input, nor another output. */
static bool run_files_distinct(const run_args *a, const char *default_csv)
{
  const char *const options[] = {"--file", "--csv", "--events", "--metrics"};
  const char *const paths[] = {a->file, a->csv ? a->csv : default_csv, a->events, a->metrics};
  return cli_files_distinct(options, paths, 4, 1);
}

static int parse_run_args(int argc, char **argv, run_args *a)
{
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg[0] != '-' || strcmp(arg, "-") == 0) {
      if (a->scenario)
        return usage_error("unexpected argument '%s'", arg);
      a->scenario = arg;
      continue;
    }
    if (!has_value)
      return usage_error("option %s needs a value", arg);
    const char *val = argv[++i];
    if (strcmp(arg, "--set") == 0)
      g_ptr_array_add(a->sets, (gpointer)val);
    else if (strcmp(arg, "--file") == 0)
      a->file = val;
    else if (strcmp(arg, "--example") == 0)
      a->example = val;
    else if (strcmp(arg, "--csv") == 0 || strcmp(arg, "--events") == 0 ||
             strcmp(arg, "--metrics") == 0) {
      if (!cli_output_once(arg, output_slot(a, arg), val))
        return EXIT_USAGE;
    } else if (cli_is_run_option(arg)) {
      if (!cli_parse_run_option(arg, val, &a->opts))
        return EXIT_USAGE;
    } else
      return usage_error("unknown option '%s'", arg);
  }
  return 0;
}

/* "ID" or "ID:N" (setting N, from 1) of the examples table; -1 setting
 * when the text names none. */
static const ss_example *parse_example(const char *text, int *setting)
{
  char id[128];
  const char *colon = strchr(text, ':');
  size_t n = colon ? (size_t)(colon - text) : strlen(text);
  *setting = 0;
  if (n >= sizeof id)
    return NULL;
  memcpy(id, text, n);
  id[n] = '\0';
  const ss_example *ex = ss_example_find(id);
  if (ex && colon) {
    char *end;
    long k = strtol(colon + 1, &end, 10);
    *setting = colon[1] != '\0' && *end == '\0' && k >= 1 && k <= ex->n_settings ? (int)k - 1 : -1;
  }
  return ex;
}

/* --example: the setting's parameters; its output step unless --dt-out. */
static double *example_values(run_args *a, const ss_scenario **sc)
{
  int setting;
  const ss_example *ex = parse_example(a->example, &setting);
  if (!ex) {
    usage_error("unknown example '%s' (see: stickslip-cli examples)", a->example);
    return NULL;
  }
  if (setting < 0) {
    fprintf(stderr, "stickslip-cli: example %s has settings 1 to %d\n", ex->id, ex->n_settings);
    return NULL;
  }
  *sc = ss_example_scenario(ex);
  if (a->scenario && strcmp(a->scenario, (*sc)->name) != 0) {
    fprintf(stderr, "stickslip-cli: example %s is of scenario '%s', not '%s'\n", ex->id,
            (*sc)->name, ss_excerpt(a->scenario).text);
    return NULL;
  }
  if (!(a->opts.dt_out > 0) && ex->dt_out > 0)
    ss_run_opts_set(&a->opts, SS_RUN_DT_OUT, ex->dt_out, NULL);
  char *err = NULL;
  double *values = ss_example_setting_values(ex, setting, &err);
  if (!values) {
    fprintf(stderr, "stickslip-cli: %s\n", err);
    free(err);
  }
  return values;
}

/* Builds the model from --file, --example and/or SCENARIO plus --set;
 * reports errors. */
static ss_model *model_from_args(run_args *a, int *status)
{
  const ss_scenario *sc = NULL;
  double *values = NULL;
  char *err = NULL;
  *status = EXIT_USAGE;
  if (a->file && a->example) {
    usage_error("--file and --example exclude each other%s", "");
    return NULL;
  }
  if (a->example) {
    values = example_values(a, &sc);
    if (!values)
      return NULL;
  } else if (a->file) {
    ss_run_opts file_opts = {0};
    values = ss_scenario_file_load(a->file, &sc, &file_opts, &err);
    if (!values) {
      fprintf(stderr, "stickslip-cli: %s\n", err);
      free(err);
      return NULL;
    }
    if (a->scenario && strcmp(a->scenario, sc->name) != 0) {
      fprintf(stderr, "stickslip-cli: %s describes scenario '%s', not '%s'\n", a->file, sc->name,
              ss_excerpt(a->scenario).text);
      free(values);
      return NULL;
    }
    /* the command line's options override the file's */
    for (int i = 0; i < SS_RUN_N_OPTIONS; i++)
      if (!(ss_run_opts_get(&a->opts, i) > 0))
        ss_run_opts_set(&a->opts, i, ss_run_opts_get(&file_opts, i), NULL);
  } else {
    if (!a->scenario) {
      usage_error("run needs a SCENARIO, --file or --example%s", "");
      return NULL;
    }
    sc = ss_scenario_find(a->scenario);
    if (!sc) {
      usage_error("unknown scenario '%s' (see: stickslip-cli list)", a->scenario);
      return NULL;
    }
    values = malloc(sizeof(double) * (size_t)(sc->n_params + 1));
    ss_scenario_defaults(sc, values);
  }
  for (guint i = 0; i < a->sets->len; i++) {
    if (!ss_param_set_assignment(sc, values, g_ptr_array_index(a->sets, i), &err)) {
      fprintf(stderr, "stickslip-cli: %s\n", err);
      free(err);
      free(values);
      return NULL;
    }
  }
  ss_model *m = sc->create(sc, values, &err);
  free(values);
  if (!m) {
    fprintf(stderr, "stickslip-cli: %s\n", err);
    free(err);
    return NULL;
  }
  *status = 0;
  return m;
}

static int cmd_run(int argc, char **argv)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new();
  run_args a = {.sets = sets};
  int status = parse_run_args(argc, argv, &a);
  if (status)
    return status;
  ss_model *m = model_from_args(&a, &status);
  if (!m)
    return status;
  g_autofree char *default_csv = NULL;
  const char *csv = a.csv;
  if (!a.csv && !a.events && !a.metrics)
    csv = default_csv = g_strdup_printf("%s.csv", ss_model_scenario(m)->name);
  if (!run_files_distinct(&a, default_csv)) {
    ss_model_free(m);
    return EXIT_USAGE;
  }
  char *err = NULL;
  /* run options and the size of the history are refused before any work */
  ss_run_opts opts;
  if (!ss_run_opts_resolve(m, &a.opts, &opts, &err)) {
    fprintf(stderr, "stickslip-cli: %s\n", err);
    free(err);
    ss_model_free(m);
    return EXIT_USAGE;
  }
  /* the extremes between the steps serve the metrics only */
  ss_trace *tr = a.metrics ? ss_run(m, &opts, &err) : ss_run_rows(m, &opts, &err);
  if (!tr) {
    fprintf(stderr, "stickslip-cli: %s\n", err ? err : "simulation failed");
    free(err);
    ss_model_free(m);
    return EXIT_SIMULATION;
  }
  status = 0;
  if (csv && (!write_csv(csv, m, tr, false) || !cli_write_run_file(m, &opts, csv)))
    status = EXIT_OUTPUT;
  if (status == 0 && a.events && !write_csv(a.events, m, tr, true))
    status = EXIT_OUTPUT;
  if (status == 0 && a.metrics && !cli_write_metrics(m, tr, a.metrics))
    status = EXIT_OUTPUT;
  if (status == 0 && default_csv)
    fprintf(stderr, "stickslip-cli: wrote %zu rows to %s\n", tr->n_rows, default_csv);
  fprintf(stderr,
          "stickslip-cli: %s: %zu rows, %zu events; %ld steps, %ld RHS evaluations, %ld "
          "restarts\n",
          ss_model_scenario(m)->name, tr->n_rows, tr->n_events, tr->stats.steps,
          tr->stats.rhs_evals, tr->stats.restarts);
  ss_trace_free(tr);
  ss_model_free(m);
  return status;
}

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int compare_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Times full default histories of one variant (n_set NAME=VALUE
 * assignments); prints one line. */
static int bench_case(const ss_scenario *sc, const char *const *assignments, int n_set,
                      double t_end, int runs)
{
  char label[256] = "";
  for (int i = 0; i < n_set; i++)
    snprintf(label + strlen(label), sizeof label - strlen(label), "%s%s", i ? " " : "",
             assignments[i]);
  char *err = NULL;
  ss_model *m = ss_model_new_from_assignments(sc, assignments, n_set, &err);
  if (!m) {
    fprintf(stderr, "stickslip-cli: bench %s %s: %s\n", sc->name, label, err);
    free(err);
    return EXIT_USAGE; /* an unknown parameter or an invalid value */
  }
  ss_run_opts opts = {.t_end = t_end};
  if (!ss_run_opts_resolve(m, &opts, &opts, &err)) {
    fprintf(stderr, "stickslip-cli: bench %s %s: %s\n", sc->name, label, err);
    free(err);
    ss_model_free(m);
    return EXIT_USAGE;
  }
  double *times = malloc(sizeof(double) * (size_t)runs);
  if (!times) {
    ss_model_free(m);
    return EXIT_SIMULATION;
  }
  ss_stats stats = {0};
  int n = 0;
  double started = now_seconds();
  for (; n < runs; n++) {
    double t0 = now_seconds();
    ss_trace *tr = ss_run(m, &opts, &err);
    times[n] = now_seconds() - t0;
    if (!tr) {
      fprintf(stderr, "stickslip-cli: bench %s: %s\n", sc->name, err);
      free(err);
      free(times);
      ss_model_free(m);
      return EXIT_SIMULATION;
    }
    stats = tr->stats;
    ss_trace_free(tr);
    if (n >= 4 && now_seconds() - started > 2.0)
      break; /* enough for a median of slow cases */
  }
  if (n < runs)
    n++;
  qsort(times, (size_t)n, sizeof(double), compare_double);
  printf("%-20s %-34s %7.1f %6d %11.3f %8ld %9ld %7ld\n", sc->name, n_set ? label : "default",
         t_end > 0 ? t_end : sc->t_end, n, 1e3 * times[n / 2], stats.steps, stats.rhs_evals,
         stats.events);
  free(times);
  ss_model_free(m);
  return 0;
}

/* Variants the speed targets (docs/performance.md) name beyond single choices. */
typedef struct bench_variant {
  const char *scenario;
  const char *set[2]; /* one or two assignments */
  double t_end;       /* s, 0: the scenario's */
} bench_variant;

static const bench_variant extra_variants[] = {
    {"one-mass", {"law=lugre", NULL}, 30.0},
    /* the flexible rod with every law (the rigid rod's laws are choices) */
    {"two-slider", {"rod=flexible", "law=regularised"}, 0.0},
    {"two-slider", {"rod=flexible", "law=tanh"}, 0.0},
    {"two-slider", {"rod=flexible", "law=lugre"}, 0.0},
};

static int cmd_bench(int argc, char **argv)
{
  const char *only = NULL;
  const char *variant[16];
  int n_set = 0;
  double t_end = 0.0;
  int runs = 200;
  for (int i = 0; i < argc; i++)
    if (strcmp(argv[i], "--studies") == 0)
      return cli_bench_studies(argc, argv);
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      static const ss_param_info runs_info = {
          "--runs",           "Runs", "",  SS_PARAM_REAL, 200, 1, 1e6, SS_PARAM_INTEGER,
          "Runs per variant", NULL,   NULL};
      double r;
      if (!cli_parse_option(&runs_info, argv[++i], &r))
        return EXIT_USAGE;
      runs = (int)r;
    } else if (strcmp(argv[i], "--set") == 0 && i + 1 < argc) {
      if (n_set == (int)(sizeof variant / sizeof variant[0]))
        return usage_error("bench takes at most 16 --set%s", "");
      variant[n_set++] = argv[++i];
    } else if (strcmp(argv[i], "--t-end") == 0 && i + 1 < argc) {
      if (!cli_parse_option(ss_run_option_get(SS_RUN_T_END), argv[++i], &t_end))
        return EXIT_USAGE;
    } else if (argv[i][0] != '-' && !only) {
      only = argv[i];
    } else {
      return usage_error("unexpected bench argument '%s'", argv[i]);
    }
  }
  if (only && !ss_scenario_find(only))
    return usage_error("unknown scenario '%s' (see: stickslip-cli list)", only);
  if ((n_set > 0 || t_end > 0.0) && !only)
    return usage_error("bench --set and --t-end need a SCENARIO%s", "");
  printf("CVODE: %s\n", ss_cvode_build());
  printf("%-20s %-34s %7s %6s %11s %8s %9s %7s\n", "scenario", "variant", "t_end/s", "runs",
         "median/ms", "steps", "rhs", "events");
  int status = 0;
  for (int i = 0; i < ss_scenario_count(); i++) {
    const ss_scenario *sc = ss_scenario_get(i);
    if (only && strcmp(only, sc->name) != 0)
      continue;
    if (n_set > 0 || t_end > 0.0) /* one variant only, e.g. for profiling */
      return bench_case(sc, variant, n_set, t_end, runs);
    status |= bench_case(sc, NULL, 0, 0.0, runs);
    /* every choice of every choice parameter (law, level, treatment, ...) */
    for (int p = 0; p < sc->n_params; p++) {
      const ss_param_info *info = &sc->params[p];
      if (info->kind != SS_PARAM_CHOICE)
        continue;
      for (int c = 0; info->choices[c]; c++) {
        if (c == (int)info->def)
          continue;
        char assignment[128];
        snprintf(assignment, sizeof assignment, "%s=%s", info->name, info->choices[c]);
        const char *one[] = {assignment};
        status |= bench_case(sc, one, 1, 0.0, runs);
      }
    }
    for (size_t v = 0; v < sizeof extra_variants / sizeof extra_variants[0]; v++) {
      const bench_variant *ev = &extra_variants[v];
      if (strcmp(sc->name, ev->scenario) == 0)
        status |= bench_case(sc, ev->set, ev->set[1] ? 2 : 1, ev->t_end, runs);
    }
  }
  return status ? EXIT_SIMULATION : 0;
}

/* The two-slider at rest under the loads of instant --t (default: the final,
 * Example 1 loads): the family of reactions, the stick interval and whether
 * a sliding solution exists, as key<TAB>value lines. */
static int cmd_statics(int argc, char **argv)
{
  if (argc < 1 || argv[0][0] == '-')
    return usage_error("statics needs a SCENARIO%s", "");
  const ss_scenario *sc = ss_scenario_find(argv[0]);
  if (!sc)
    return usage_error("unknown scenario '%s' (see: stickslip-cli list)", argv[0]);
  if (strcmp(sc->name, "two-slider") != 0)
    return usage_error("statics is available for two-slider only, not '%s'", sc->name);
  double *values = malloc(sizeof(double) * (size_t)sc->n_params);
  if (!values)
    return EXIT_SIMULATION;
  ss_scenario_defaults(sc, values);
  double t = -1.0;
  char *err = NULL;
  for (int i = 1; i < argc; i++) {
    if (i + 1 >= argc || (strcmp(argv[i], "--set") != 0 && strcmp(argv[i], "--t") != 0)) {
      free(values);
      return usage_error(i + 1 >= argc && argv[i][0] == '-' ? "option %s needs a value"
                                                            : "unexpected statics argument '%s'",
                         argv[i]);
    }
    const char *opt = argv[i], *text = argv[++i];
    if (strcmp(opt, "--t") == 0) {
      static const ss_param_info t_info = {
          "--t", "Time", "s", SS_PARAM_REAL, 0, 0, 1e9, 0, "Instant of the loads", NULL, NULL};
      if (!cli_parse_option(&t_info, text, &t)) {
        free(values);
        return EXIT_USAGE;
      }
    } else if (!ss_param_set_assignment(sc, values, text, &err)) {
      fprintf(stderr, "stickslip-cli: %s\n", err);
      free(err);
      free(values);
      return EXIT_USAGE;
    }
  }
  ss_ts_statics st;
  int rc = ss_ts_statics_analyse(sc, values, t, &st, &err);
  free(values);
  if (rc < 0) {
    fprintf(stderr, "stickslip-cli: %s\n", err ? err : "statics failed");
    free(err);
    return EXIT_USAGE;
  }
  ss_ts_statics_print(&st, stdout);
  return 0;
}

/* examples: one line per example (ID, scenario, citation, title) and one
 * per setting (ID:N, label, assignments); examples ID: the example's note
 * and its published values per setting. */
static int cmd_examples(int argc, char **argv)
{
  if (argc > 1)
    return usage_error("examples takes at most one ID%s", "");
  for (int e = 0; e < ss_example_count(); e++) {
    const ss_example *ex = ss_example_get(e);
    if (argc == 1 && strcmp(argv[0], ex->id) != 0)
      continue;
    printf("%s\t%s\t%s\t%s\n", ex->id, ex->scenario, ex->source, ex->title);
    if (argc == 1)
      printf("note\t%s\n", ex->note);
    for (int s = 0; s < ex->n_settings; s++) {
      printf("%s:%d\t%s\t%s\n", ex->id, s + 1, ex->settings[s].label, ex->settings[s].assignments);
      for (int i = 0; argc == 1 && i < ss_example_n_values(ex, s); i++) {
        ss_example_value v;
        char at[32], tol[32];
        ss_example_get_value(ex, s, i, &v);
        ss_format_double(v.measure == SS_EXAMPLE_VALUE ? v.value : v.t, at, sizeof at);
        ss_format_double(v.tolerance, tol, sizeof tol);
        printf("%s\t%s\t%s\t%s\n", v.formula ? "formula" : "published", v.what,
               v.measure == SS_EXAMPLE_NO_EVENT ? "never" : at,
               v.measure == SS_EXAMPLE_NO_EVENT ? ""
               : isnan(v.tolerance)             ? "not reproduced"
                                                : tol);
      }
    }
    if (argc == 1)
      return 0;
  }
  return argc == 1 ? usage_error("unknown example '%s' (see: stickslip-cli examples)", argv[0]) : 0;
}

/* Each command's own help (COMMAND --help): its synopsis and options. */
typedef struct command_help {
  const char *name;
  const char *text;
} command_help;

static const command_help command_helps[] = {
    {"list", "Usage: stickslip-cli list\n"
             "\n"
             "Lists the scenarios: name<TAB>title, one per line.\n"},
    {"params", "Usage: stickslip-cli params SCENARIO\n"
               "\n"
               "Lists the scenario's parameters, tab-separated: name, default, unit, min, max,\n"
               "the interval (\"(\" marks an exclusive minimum), description; a choice\n"
               "parameter has its choices, a|b|c, in the fourth column.\n"},
    {"examples", "Usage: stickslip-cli examples [ID]\n"
                 "\n"
                 "Lists the papers' examples and their settings; with ID, the example's note\n"
                 "and its published values per setting.\n"},
    {"run", "Usage: stickslip-cli run [SCENARIO] [--file F|- | --example ID[:N]] [OPTION]...\n"
            "\n"
            "Runs one scenario over its whole history and writes CSV: a header and one row\n"
            "per output time (an empty field is an undetermined value). Without --csv,\n"
            "--events and --metrics the CSV goes to SCENARIO.csv in the current folder.\n"
            "\n"
            "  --file FILE          a scenario file (- reads standard input)\n"
            "  --example ID[:N]     setting N (default 1) of a paper's example, with its\n"
            "                       output step (see: stickslip-cli examples)\n"
            "  --set NAME=VALUE     a parameter's value (see: stickslip-cli params SCENARIO);\n"
            "                       repeatable, applied after --file and --example\n"
            "  --t-end S            end time, s\n"
            "  --dt-out S           output step, s\n"
            "  --rtol X             relative tolerance\n"
            "  --atol X             absolute tolerance\n"
            "  --max-steps N        integrator steps at most\n"
            "  --max-events N       events at most\n"
            "  --csv FILE|-         the history as CSV (- is standard output)\n"
            "  --events FILE|-      the events as CSV: t, contact, kind\n"
            "  --metrics FILE|-     metric,value,unit rows: period, amplitude, stick phases, ...\n"
            "\n"
            "Each option is given as --opt VALUE or --opt=VALUE.\n"},
    {"sweep", NULL}, /* cli_sweep_help() */
    {"merge", "Usage: stickslip-cli merge PART... --csv FILE|-\n"
              "\n"
              "Joins the tables of the shards of one sweep (sweep --shard K/N --csv PART, each\n"
              "with its PART.study) into the whole table, only when every shard 1..N is there\n"
              "once and whole; refuses (exit 2) naming a missing, truncated, duplicated or\n"
              "foreign shard. FILE gets its FILE.study too (see docs/studies.md).\n"},
    {"bench", "Usage: stickslip-cli bench [SCENARIO [--set NAME=VALUE]... [--t-end S]] [--runs N]\n"
              "       stickslip-cli bench --studies [--runs N]\n"
              "\n"
              "Times whole histories: per variant the median wall time, steps, RHS evaluations\n"
              "and events. Without SCENARIO every scenario with every choice of its choice\n"
              "parameters; with --set or --t-end that one variant only.\n"
              "\n"
              "  --runs N             runs per variant (default 200; slow cases stop after 2 s)\n"
              "  --set NAME=VALUE     a parameter's value (at most 16)\n"
              "  --t-end S            end time, s\n"
              "  --studies            times the shipped parameter studies instead\n"},
    {"statics", "Usage: stickslip-cli statics two-slider [--set NAME=VALUE]... [--t S]\n"
                "\n"
                "The two-slider at rest under the loads of instant S (default: the final ones,\n"
                "Wojtyra 2016 Example 1): the family of reactions, the stick interval and\n"
                "whether a sliding solution exists, as key<TAB>value lines.\n"},
};

static const command_help *command_help_find(const char *name)
{
  for (size_t i = 0; i < sizeof command_helps / sizeof command_helps[0]; i++)
    if (strcmp(command_helps[i].name, name) == 0)
      return &command_helps[i];
  return NULL;
}

static void print_command_help(const command_help *h)
{
  if (h->text)
    fputs(h->text, stdout);
  else
    cli_sweep_help(stdout);
}

/* --help: the usage, then every command's own help (help2man makes the man
 * page from it). */
static int print_help(void)
{
  fputs(usage_text, stdout);
  for (size_t i = 0; i < sizeof command_helps / sizeof command_helps[0]; i++) {
    fputc('\n', stdout);
    print_command_help(&command_helps[i]);
  }
  fputs("\nReport bugs and read the documentation at <"
        "https://github.com/stickslip/stickslip-lab"
        ">.\n",
        stdout);
  return 0;
}

static int dispatch(int argc, char **argv)
{
  if (argc < 2)
    return usage_error("missing command%s", "");
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
    return argc == 3 && command_help_find(argv[2])
               ? (print_command_help(command_help_find(argv[2])), 0)
               : print_help();
  if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
    if (argc > 2)
      return usage_error("--version takes no arguments%s", "");
    printf("stickslip-cli %s\nCVODE: %s\n", ss_version(), ss_cvode_build());
    return 0;
  }
  /* COMMAND --help (or -h) anywhere among its arguments: its own help */
  const command_help *help = command_help_find(cmd);
  for (int i = 2; help && i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_command_help(help);
      return 0;
    }
  if (strcmp(cmd, "list") == 0)
    return argc == 2 ? cmd_list() : usage_error("list takes no arguments%s", "");
  if (strcmp(cmd, "params") == 0)
    return cmd_params(argc - 2, argv + 2);
  if (strcmp(cmd, "run") == 0)
    return cmd_run(argc - 2, argv + 2);
  if (strcmp(cmd, "sweep") == 0)
    return cli_sweep(argc - 2, argv + 2);
  if (strcmp(cmd, "merge") == 0)
    return cli_merge(argc - 2, argv + 2);
  if (strcmp(cmd, "bench") == 0)
    return cmd_bench(argc - 2, argv + 2);
  if (strcmp(cmd, "statics") == 0)
    return cmd_statics(argc - 2, argv + 2);
  if (strcmp(cmd, "examples") == 0)
    return cmd_examples(argc - 2, argv + 2);
  return usage_error("unknown command '%s'", cmd);
}

/* GNU spellings: "--opt=VALUE" is "--opt VALUE" (split at the first '=', so
 * --set=k=200 is --set k=200).  The strings stay argv's or the GStrv's. */
static char **split_long_options(int argc, char **argv, GPtrArray *kept)
{
  GPtrArray *out = g_ptr_array_new();
  for (int i = 0; i < argc; i++) {
    const char *eq = strchr(argv[i], '=');
    if (i > 0 && strncmp(argv[i], "--", 2) == 0 && eq && eq > argv[i] + 2) {
      char *opt = g_strndup(argv[i], (gsize)(eq - argv[i]));
      g_ptr_array_add(kept, opt);
      g_ptr_array_add(out, opt);
      g_ptr_array_add(out, (gpointer)(eq + 1));
    } else
      g_ptr_array_add(out, argv[i]);
  }
  g_ptr_array_add(out, NULL);
  return (char **)g_ptr_array_free(out, FALSE);
}

int main(int argc, char **argv)
{
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func(g_free);
  g_autofree char **args = split_long_options(argc, argv, kept);
  int status = dispatch((int)g_strv_length(args), args);
  /* what went to standard output must have arrived (> /dev/full) */
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "stickslip-cli: cannot write standard output: %s\n",
            errno ? g_strerror(errno) : "write error");
    return EXIT_OUTPUT;
  }
  return status;
}
