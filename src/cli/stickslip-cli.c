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

/* fmt takes one %s: an excerpt of arg (user input); the general usage
 * follows (no command, or an unknown one). */
static int usage_error(const char *fmt, const char *arg)
{
  fprintf(stderr, "stickslip-cli: ");
  fprintf(stderr, fmt, ss_excerpt(arg).text);
  fprintf(stderr, "\n\n%s", usage_text);
  return EXIT_USAGE;
}

static const cli_command list_command = {"list",
                                         "Usage: stickslip-cli list\n"
                                         "\n"
                                         "Lists the scenarios: name<TAB>title, one per line.\n",
                                         NULL, -1};

static int cmd_list(int argc, char **argv)
{
  int status = cli_parse_args(&list_command, NULL, NULL, &argc, &argv);
  if (status)
    return status;
  if (argc > 1)
    return cli_usage_error(&list_command, "list takes no arguments%s", "");
  for (int i = 0; i < ss_scenario_count(); i++) {
    const ss_scenario *sc = ss_scenario_get(i);
    printf("%s\t%s\n", sc->name, sc->title);
  }
  return 0;
}

static const cli_command params_command = {
    "params",
    "Usage: stickslip-cli params SCENARIO\n"
    "\n"
    "Lists the scenario's parameters, tab-separated: name, default, unit, min, max,\n"
    "the interval (\"(\" marks an exclusive minimum), description; a choice\n"
    "parameter has its choices, a|b|c, in the fourth column.\n",
    NULL, -1};

static int cmd_params(int argc, char **argv)
{
  int status = cli_parse_args(&params_command, NULL, NULL, &argc, &argv);
  if (status)
    return status;
  if (argc != 2)
    return cli_usage_error(&params_command, "params takes exactly one SCENARIO%s", "");
  const ss_scenario *sc = ss_scenario_find(argv[1]);
  if (!sc)
    return cli_usage_error(&params_command, "unknown scenario '%s' (see: stickslip-cli list)",
                           argv[1]);
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
  GPtrArray *sets;      /* --set NAME=VALUE strings (first: set_cb) */
  const char *scenario; /* positional scenario name or NULL */
  const char *file;     /* --file */
  const char *example;  /* --example ID[:N] */
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

/* --set NAME=VALUE (run, bench, statics): in the order given. */
static gboolean set_cb(const char *name, const char *value, gpointer data, GError **error)
{
  (void)name, (void)error;
  g_ptr_array_add(*(GPtrArray **)data, (gpointer)cli_keep(value));
  return TRUE;
}

static gboolean run_input_cb(const char *name, const char *value, gpointer data, GError **error)
{
  run_args *a = data;
  (void)error;
  *(strcmp(name, "--file") == 0 ? &a->file : &a->example) = cli_keep(value);
  return TRUE;
}

static gboolean run_output_cb(const char *name, const char *value, gpointer data, GError **error)
{
  return cli_output_once(name, output_slot(data, name), value, error);
}

#define OPTION(name, cb, arg, help)                                                   \
  {                                                                                   \
    name, 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, (gpointer)(cb), help, arg \
  }

static const GOptionEntry run_entries[] = {
    OPTION("file", run_input_cb, "FILE", "a scenario file (- reads standard input)"),
    OPTION("example", run_input_cb, "ID[:N]",
           "setting N (default 1) of a paper's example, with its\n"
           "output step (see: stickslip-cli examples)"),
    OPTION("set", set_cb, "NAME=VALUE",
           "a parameter's value (see: stickslip-cli params SCENARIO);\n"
           "repeatable, applied after --file and --example"),
    OPTION("csv", run_output_cb, "FILE|-", "the history as CSV (- is standard output)"),
    OPTION("events", run_output_cb, "FILE|-", "the events as CSV: t, contact, kind"),
    OPTION("metrics", run_output_cb, "FILE|-",
           "metric,value,unit rows: period, amplitude, stick phases, ..."),
    {NULL}};

static const cli_command run_command = {
    "run",
    "Usage: stickslip-cli run [SCENARIO] [--file F|- | --example ID[:N]] [OPTION]...\n"
    "\n"
    "Runs one scenario over its whole history and writes CSV: a header and one row\n"
    "per output time (an empty field is an undetermined value). Without --csv,\n"
    "--events and --metrics the CSV goes to SCENARIO.csv in the current folder.\n",
    run_entries, 3};

static int parse_run_args(int argc, char **argv, run_args *a)
{
  int status = cli_parse_args(&run_command, a, &a->opts, &argc, &argv);
  if (status)
    return status;
  if (argc > 2)
    return cli_usage_error(&run_command, "unexpected argument '%s'", argv[2]);
  a->scenario = argc == 2 ? argv[1] : NULL;
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
    cli_usage_error(&run_command, "unknown example '%s' (see: stickslip-cli examples)", a->example);
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
    cli_usage_error(&run_command, "--file and --example exclude each other%s", "");
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
      cli_usage_error(&run_command, "run needs a SCENARIO, --file or --example%s", "");
      return NULL;
    }
    sc = ss_scenario_find(a->scenario);
    if (!sc) {
      cli_usage_error(&run_command, "unknown scenario '%s' (see: stickslip-cli list)", a->scenario);
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

/* argv[0] is the command's name, as for every cmd_ */
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

typedef struct bench_args {
  GPtrArray *sets;  /* --set NAME=VALUE (first: set_cb) */
  const char *runs; /* --runs N, read once --studies is known */
  double t_end;     /* --t-end S, 0: the scenario's */
  bool studies;     /* --studies */
} bench_args;

static gboolean bench_option_cb(const char *name, const char *value, gpointer data, GError **error)
{
  bench_args *a = data;
  if (strcmp(name, "--studies") == 0)
    a->studies = true;
  else if (strcmp(name, "--runs") == 0)
    a->runs = cli_keep(value);
  else
    return cli_parse_option(ss_run_option_get(SS_RUN_T_END), value, &a->t_end, error);
  return TRUE;
}

static const GOptionEntry bench_entries[] = {
    OPTION("runs", bench_option_cb, "N",
           "runs per variant (default 200; slow cases stop after 2 s;\n"
           "with --studies default 5, at most 1000)"),
    OPTION("set", set_cb, "NAME=VALUE", "a parameter's value (at most 16)"),
    OPTION("t-end", bench_option_cb, "S", "end time, s"),
    {"studies", 0, G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, (gpointer)bench_option_cb,
     "times the shipped parameter studies instead", NULL},
    {NULL}};

static const cli_command bench_command = {
    "bench",
    "Usage: stickslip-cli bench [SCENARIO [--set NAME=VALUE]... [--t-end S]] [--runs N]\n"
    "       stickslip-cli bench --studies [--runs N]\n"
    "\n"
    "Times whole histories: per variant the median wall time, steps, RHS evaluations\n"
    "and events. Without SCENARIO every scenario with every choice of its choice\n"
    "parameters; with --set or --t-end that one variant only.\n",
    bench_entries, -1};

static int cmd_bench(int argc, char **argv)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new();
  bench_args a = {.sets = sets};
  int status = cli_parse_args(&bench_command, &a, NULL, &argc, &argv);
  if (status)
    return status;
  if (a.studies) {
    /* --studies [--runs N] (N from 1 to 1000) and nothing else */
    long n = 5;
    char *end = NULL;
    const char *stray = argc > 1 ? argv[1] : sets->len ? "--set" : a.t_end > 0 ? "--t-end" : NULL;
    if (a.runs) {
      errno = 0;
      n = strtol(a.runs, &end, 10);
      if (end == a.runs || *end || errno || n < 1 || n > 1000)
        stray = "--runs";
    }
    if (stray) {
      fprintf(stderr,
              "stickslip-cli: bench --studies: unexpected argument '%s'; valid: "
              "bench --studies [--runs N] (N from 1 to 1000)\n",
              ss_excerpt(stray).text);
      return EXIT_USAGE;
    }
    return cli_bench_studies((int)n);
  }
  int runs = 200;
  if (a.runs) {
    static const ss_param_info runs_info = {
        "--runs",           "Runs", "",  SS_PARAM_REAL, 200, 1, 1e6, SS_PARAM_INTEGER,
        "Runs per variant", NULL,   NULL};
    double r;
    g_autoptr(GError) error = NULL;
    if (!cli_parse_option(&runs_info, a.runs, &r, &error)) {
      fprintf(stderr, "stickslip-cli: %s\n", error->message);
      return EXIT_USAGE;
    }
    runs = (int)r;
  }
  if (argc > 2)
    return cli_usage_error(&bench_command, "unexpected bench argument '%s'", argv[2]);
  const char *only = argc == 2 ? argv[1] : NULL;
  int n_set = (int)sets->len;
  const char *const *variant = (const char *const *)sets->pdata;
  double t_end = a.t_end;
  if (n_set > 16)
    return cli_usage_error(&bench_command, "bench takes at most 16 --set%s", "");
  if (only && !ss_scenario_find(only))
    return cli_usage_error(&bench_command, "unknown scenario '%s' (see: stickslip-cli list)", only);
  if ((n_set > 0 || t_end > 0.0) && !only)
    return cli_usage_error(&bench_command, "bench --set and --t-end need a SCENARIO%s", "");
  printf("CVODE: %s\n", ss_cvode_build());
  printf("%-20s %-34s %7s %6s %11s %8s %9s %7s\n", "scenario", "variant", "t_end/s", "runs",
         "median/ms", "steps", "rhs", "events");
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

typedef struct statics_args {
  GPtrArray *sets; /* --set NAME=VALUE (first: set_cb) */
  double t;        /* --t S, -1: the final loads */
} statics_args;

static gboolean statics_t_cb(const char *name, const char *value, gpointer data, GError **error)
{
  static const ss_param_info t_info = {
      "--t", "Time", "s", SS_PARAM_REAL, 0, 0, 1e9, 0, "Instant of the loads", NULL, NULL};
  (void)name;
  return cli_parse_option(&t_info, value, &((statics_args *)data)->t, error);
}

static const GOptionEntry statics_entries[] = {
    OPTION("set", set_cb, "NAME=VALUE",
           "a parameter's value (see: stickslip-cli params two-slider)"),
    OPTION("t", statics_t_cb, "S", "the instant of the loads, s (default: the final ones)"),
    {NULL}};

static const cli_command statics_command = {
    "statics",
    "Usage: stickslip-cli statics two-slider [--set NAME=VALUE]... [--t S]\n"
    "\n"
    "The two-slider at rest under the loads of instant S (default: the final ones,\n"
    "Wojtyra 2016 Example 1): the family of reactions, the stick interval and\n"
    "whether a sliding solution exists, as key<TAB>value lines.\n",
    statics_entries, -1};

/* The two-slider at rest under the loads of instant --t (default: the final,
 * Example 1 loads): the family of reactions, the stick interval and whether
 * a sliding solution exists, as key<TAB>value lines. */
static int cmd_statics(int argc, char **argv)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new();
  statics_args a = {.sets = sets, .t = -1.0};
  int status = cli_parse_args(&statics_command, &a, NULL, &argc, &argv);
  if (status)
    return status;
  if (argc < 2)
    return cli_usage_error(&statics_command, "statics needs a SCENARIO%s", "");
  if (argc > 2)
    return cli_usage_error(&statics_command, "unexpected statics argument '%s'", argv[2]);
  const ss_scenario *sc = ss_scenario_find(argv[1]);
  if (!sc)
    return cli_usage_error(&statics_command, "unknown scenario '%s' (see: stickslip-cli list)",
                           argv[1]);
  if (strcmp(sc->name, "two-slider") != 0)
    return cli_usage_error(&statics_command, "statics is available for two-slider only, not '%s'",
                           sc->name);
  double *values = malloc(sizeof(double) * (size_t)sc->n_params);
  if (!values)
    return EXIT_SIMULATION;
  ss_scenario_defaults(sc, values);
  double t = a.t;
  char *err = NULL;
  for (guint i = 0; i < sets->len; i++)
    if (!ss_param_set_assignment(sc, values, g_ptr_array_index(sets, i), &err)) {
      fprintf(stderr, "stickslip-cli: %s\n", err);
      free(err);
      free(values);
      return EXIT_USAGE;
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
static const cli_command examples_command = {
    "examples",
    "Usage: stickslip-cli examples [ID]\n"
    "\n"
    "Lists the papers' examples and their settings; with ID, the example's note\n"
    "and its published values per setting.\n",
    NULL, -1};

static int cmd_examples(int argc, char **argv)
{
  int status = cli_parse_args(&examples_command, NULL, NULL, &argc, &argv);
  if (status)
    return status;
  argc--, argv++; /* the ID, if any */
  if (argc > 1)
    return cli_usage_error(&examples_command, "examples takes at most one ID%s", "");
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
  return argc == 1 ? cli_usage_error(&examples_command,
                                     "unknown example '%s' (see: stickslip-cli examples)", argv[0])
                   : 0;
}

typedef struct command {
  const cli_command *help;
  int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {&list_command, cmd_list},   {&params_command, cmd_params},   {&examples_command, cmd_examples},
    {&run_command, cmd_run},     {&cli_sweep_command, cli_sweep}, {&cli_merge_command, cli_merge},
    {&bench_command, cmd_bench}, {&statics_command, cmd_statics},
};

static const command *command_find(const char *name)
{
  for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
    if (strcmp(commands[i].help->name, name) == 0)
      return &commands[i];
  return NULL;
}

/* --help: the usage, then every command's own help (help2man makes the man
 * page from it). */
static int print_help(void)
{
  fputs(usage_text, stdout);
  for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
    fputc('\n', stdout);
    cli_print_help(commands[i].help, stdout);
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
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0)
    return argc == 3 && command_find(argv[2])
               ? (cli_print_help(command_find(argv[2])->help, stdout), 0)
               : print_help();
  if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
    if (argc > 2)
      return usage_error("--version takes no arguments%s", "");
    printf("stickslip-cli %s\nCVODE: %s\n", ss_version(), ss_cvode_build());
    return 0;
  }
  const command *cmd = command_find(name);
  if (!cmd)
    return usage_error("unknown command '%s'", name);
  /* COMMAND --help (or -h) anywhere among its arguments: its own help */
  for (int i = 2; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      cli_print_help(cmd->help, stdout);
      return 0;
    }
  return cmd->run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
  g_set_prgname("stickslip-cli");
  int status = dispatch(argc, argv);
  cli_free_kept();
  /* what went to standard output must have arrived (> /dev/full) */
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "stickslip-cli: cannot write standard output: %s\n",
            errno ? g_strerror(errno) : "write error");
    return EXIT_OUTPUT;
  }
  return status;
}
