/* cli-sweep.c - `stickslip-cli sweep`: a parameter study on the model
 * library's study.h, one CSV row per variant; `run --metrics`; and
 * `bench --studies`.  Exit codes as everywhere (cli-common.h): 0 done
 * (failed variants are rows with their reason in status), 2 bad usage or
 * value, 4 the table could not be written. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <glib.h>

#include "cli-common.h"
#include "cli-merge.h"
#include "cli-sweep.h"
#include <stickslip/metrics.h>
#include <stickslip/study-presets.h>
#include <stickslip/study.h>

/* A whole number in [lo, hi]; *end_out (may be NULL) gets what follows it. */
static bool parse_int(const char *text, long lo, long hi, long *out, const char **end_out)
{
  char *end = NULL;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (end == text || errno == ERANGE || v < lo || v > hi || (!end_out && *end))
    return false;
  if (end_out)
    *end_out = end;
  *out = v;
  return true;
}

bool cli_write_metrics(const ss_model *m, const ss_trace *tr, const char *path)
{
  ss_metrics *mt = ss_metrics_compute(m, tr);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = mt ? open_memstream(&buf, &len) : NULL;
  bool ok = f != NULL;
  if (f) {
    ok = ss_metrics_write_csv(m, mt, f) == 0;
    ok = fclose(f) == 0 && ok;
  }
  if (!ok)
    fprintf(stderr, "stickslip-cli: cannot format the metrics (out of memory)\n");
  ok = ok && cli_write_output(path, buf, len);
  free(buf);
  ss_metrics_free(mt);
  return ok;
}

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Progress on a terminal: "sweep: 12/64". */
static void show_progress(void *user, const ss_study_report *rep)
{
  (void)user;
  fprintf(stderr, "\rstickslip-cli: sweep: %d/%d", rep->done, rep->total);
  if (rep->done == rep->total)
    fputc('\n', stderr);
}

typedef struct sweep_args {
  const char *scenario; /* positional */
  const char *preset;   /* --preset NAME */
  GPtrArray *sets;      /* --set NAME=VALUE */
  GPtrArray *varies;    /* --vary NAME=LO:HI:N[:log] */
  GPtrArray *metrics;   /* --metric OUTCOME */
  ss_run_opts opts;     /* --t-end, --dt-out, --rtol, --atol, --max-steps */
  int jobs;             /* --jobs, 0: one per core */
  int shard_k, shard_n; /* --shard K/N, 1/1 without */
  const char *csv;      /* --csv */
} sweep_args;

/* Every option of sweep but the run options, by its name. */
static gboolean sweep_option_cb(const char *name, const char *val, gpointer data, GError **error)
{
  sweep_args *a = data;
  if (strcmp(name, "--set") == 0)
    g_ptr_array_add(a->sets, (gpointer)cli_keep(val));
  else if (strcmp(name, "--vary") == 0)
    g_ptr_array_add(a->varies, (gpointer)cli_keep(val));
  else if (strcmp(name, "--metric") == 0)
    g_ptr_array_add(a->metrics, (gpointer)cli_keep(val));
  else if (strcmp(name, "--csv") == 0)
    return cli_output_once(name, &a->csv, val, error); /* one output, given once */
  else if (strcmp(name, "--preset") == 0)
    a->preset = cli_keep(val);
  else if (strcmp(name, "--jobs") == 0) {
    long j;
    if (!parse_int(val, 1, 1024, &j, NULL)) {
      g_set_error(error, CLI_ERROR, CLI_ERROR_VALUE,
                  "--jobs: '%s' is invalid; valid: a whole number from 1 to 1024 (default: one "
                  "per core)",
                  ss_excerpt(val).text);
      return FALSE;
    }
    a->jobs = (int)j;
  } else if (strcmp(name, "--shard") == 0) {
    long k = 0, n = 0;
    const char *rest = NULL;
    if (!parse_int(val, 1, INT_MAX, &k, &rest) || *rest != '/' ||
        !parse_int(rest + 1, 1, SS_STUDY_MAX_VARIANTS, &n, NULL) || k > n) {
      g_set_error(error, CLI_ERROR, CLI_ERROR_VALUE,
                  "--shard: '%s' is invalid; valid form K/N with whole numbers 1 <= K <= N <= %d "
                  "(e.g. 2/8)",
                  ss_excerpt(val).text, SS_STUDY_MAX_VARIANTS);
      return FALSE;
    }
    a->shard_k = (int)k;
    a->shard_n = (int)n;
  }
  return TRUE;
}

#define SWEEP_OPTION(name, arg, help)                                                            \
  {                                                                                              \
    name, 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, (gpointer)sweep_option_cb, help, arg \
  }

static const GOptionEntry sweep_entries[] = {
    SWEEP_OPTION("preset", "NAME", "a shipped study (an unknown NAME lists them)"),
    SWEEP_OPTION("set", "NAME=VALUE", "a base value (see: stickslip-cli params SCENARIO)"),
    SWEEP_OPTION("vary", "NAME=LO:HI:N[:log]", "an axis: N values of NAME from LO to HI"),
    SWEEP_OPTION("metric", "OUTCOME", "a column of the table (see OUTCOME above)"),
    SWEEP_OPTION("jobs", "J", "variants run at once (default: one per core)"),
    SWEEP_OPTION("shard", "K/N", "the K-th of N contiguous parts of the table"),
    SWEEP_OPTION("csv", "FILE|-", "the table (- is standard output), and FILE.study"),
    {NULL}};

const cli_command cli_sweep_command = {
    "sweep",
    "Usage:\n"
    "  stickslip-cli sweep SCENARIO [--set NAME=VALUE]... --vary NAME=LO:HI:N[:log]\n"
    "                      [--vary NAME=LO:HI:N[:log]] --metric OUTCOME [--metric OUTCOME]...\n"
    "                      [--t-end S] [--dt-out S] [--rtol X] [--atol X] [--max-steps N]\n"
    "                      [--max-events N] [--jobs J] [--shard K/N] --csv FILE|-\n"
    "  stickslip-cli sweep --preset NAME [--set NAME=VALUE]... [--t-end S] ... --csv FILE|-\n"
    "\n"
    "OUTCOME: a run metric (period, amplitude, energy.dissipated, C.first_slip,\n"
    "C.stick_phases, C.stick_time, C.longest_stick, C.max_ratio for a contact C)\n"
    "or max:COL, min:COL, final:COL, amp:COL, at:T:COL for a CSV column COL.\n"
    "One row per variant, the first --vary slowest; --shard K/N writes the K-th of\n"
    "N contiguous parts (part 1 with the header): cat of parts 1..N = the table.\n"
    "--preset runs a shipped study (its scenario, base values, axes and outcomes;\n"
    "--set changes a base value): an unknown NAME lists them.  --csv FILE also\n"
    "writes FILE.study, how the table was made; `stickslip-cli merge` joins shards\n"
    "by it.  See docs/studies.md.\n",
    sweep_entries, 4};

static int parse_sweep_args(int argc, char **argv, sweep_args *a)
{
  const cli_command *cmd = &cli_sweep_command;
  int status = cli_parse_args(cmd, a, &a->opts, &argc, &argv);
  if (status)
    return status;
  if (argc > 2)
    return cli_usage_error(cmd, "sweep: unexpected argument '%s'", argv[2]);
  a->scenario = argc == 2 ? argv[1] : NULL;
  if (a->preset && (a->scenario || a->varies->len || a->metrics->len))
    return cli_usage_error(
        cmd,
        "sweep --preset %s: the preset gives the scenario, --vary and --metric; only --set "
        "changes it",
        a->preset);
  if (!a->scenario && !a->preset)
    return cli_usage_error(cmd, "sweep needs a SCENARIO or --preset NAME%s", "");
  if (!a->preset && a->varies->len == 0)
    return cli_usage_error(cmd, "sweep needs --vary NAME=LO:HI:N[:log]%s", "");
  if (!a->preset && a->metrics->len == 0)
    return cli_usage_error(cmd, "sweep needs --metric OUTCOME%s", "");
  if (!a->csv)
    return cli_usage_error(cmd, "sweep needs --csv FILE (or - for standard output)%s", "");
  return 0;
}

/* --preset NAME with its --set changes and run options; NULL after a
 * message (exit 2). */
static ss_study *study_from_preset(const sweep_args *a)
{
  const ss_study_preset *p = ss_study_preset_find(a->preset);
  char *err = NULL;
  if (!p) {
    fprintf(stderr, "stickslip-cli: --preset: no study preset '%s'; valid:", a->preset);
    for (int i = 0; i < ss_study_preset_count(); i++)
      fprintf(stderr, " %s", ss_study_preset_get(i)->name);
    fputc('\n', stderr);
    return NULL;
  }
  ss_study *st = ss_study_preset_build(p, &err);
  bool ok = st != NULL;
  for (guint i = 0; ok && i < a->sets->len; i++)
    ok = ss_study_set(st, g_ptr_array_index(a->sets, i), &err);
  if (ok) {
    ss_study_set_run_opts(st, &a->opts);
    ok = ss_study_validate(st, &err);
  }
  if (!ok) {
    fprintf(stderr, "stickslip-cli: --preset %s: %s\n", a->preset, err ? err : "invalid");
    free(err);
    ss_study_free(st);
    return NULL;
  }
  return st;
}

/* The study the arguments describe, or NULL after a message (exit 2). */
static ss_study *study_from_args(const sweep_args *a)
{
  if (a->preset)
    return study_from_preset(a);
  const ss_scenario *sc = ss_scenario_find(a->scenario);
  if (!sc) {
    cli_usage_error(&cli_sweep_command, "unknown scenario '%s' (see: stickslip-cli list)",
                    a->scenario);
    return NULL;
  }
  ss_study *st = ss_study_new(sc);
  char *err = NULL;
  const char *opt = "--set";
  bool ok = true;
  for (guint i = 0; ok && i < a->sets->len; i++)
    ok = ss_study_set(st, g_ptr_array_index(a->sets, i), &err);
  if (ok)
    opt = "--vary";
  for (guint i = 0; ok && i < a->varies->len; i++)
    ok = ss_study_add_axis_text(st, g_ptr_array_index(a->varies, i), &err);
  if (ok)
    opt = "--metric";
  for (guint i = 0; ok && i < a->metrics->len; i++)
    ok = ss_study_add_outcome(st, g_ptr_array_index(a->metrics, i), &err);
  ss_study_set_run_opts(st, &a->opts);
  ok = ok && ss_study_validate(st, &err);
  if (!ok) {
    fprintf(stderr, "stickslip-cli: %s: %s\n", opt, err ? err : "invalid");
    free(err);
    ss_study_free(st);
    return NULL;
  }
  return st;
}

int cli_sweep(int argc, char **argv)
{
  g_autoptr(GPtrArray) sets = g_ptr_array_new();
  g_autoptr(GPtrArray) varies = g_ptr_array_new();
  g_autoptr(GPtrArray) metrics = g_ptr_array_new();
  sweep_args a = {.sets = sets, .varies = varies, .metrics = metrics, .shard_k = 1, .shard_n = 1};
  int status = parse_sweep_args(argc, argv, &a);
  if (status)
    return status;
  ss_study *st = study_from_args(&a);
  if (!st)
    return EXIT_USAGE;
  ss_study_exec ex = {.jobs = a.jobs};
  ss_study_shard_range(ss_study_n_variants(st), a.shard_k, a.shard_n, &ex.first, &ex.count);
  if (isatty(STDERR_FILENO) && ex.count > 0)
    ex.progress = show_progress;
  char *err = NULL;
  double t0 = now_seconds();
  ss_study_result *r = ex.count > 0 ? ss_study_run(st, &ex, &err) : NULL;
  if (ex.count > 0 && !r) {
    fprintf(stderr, "stickslip-cli: sweep: %s\n", err ? err : "failed");
    free(err);
    ss_study_free(st);
    return EXIT_SIMULATION;
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  bool ok = f && ss_study_write_csv(st, r, a.shard_k == 1, f) == 0;
  ok = f && fclose(f) == 0 && ok;
  ok = ok && cli_write_output(a.csv, buf, len);
  /* beside it, how it was made (docs/studies.md): merge checks the shards by it */
  ok = ok && cli_write_study_file(st, r, a.shard_k, a.shard_n, a.csv, buf, len);
  if (ok)
    fprintf(stderr, "stickslip-cli: sweep %s: variants %d to %d of %d, %d failed, %.3g s\n",
            a.preset ? a.preset : a.scenario, ex.first + 1, ex.first + ex.count,
            ss_study_n_variants(st), r ? r->n_failed : 0, now_seconds() - t0);
  free(buf);
  ss_study_result_free(r);
  ss_study_free(st);
  return ok ? 0 : EXIT_OUTPUT;
}

/* ---- bench --studies --------------------------------------------------- */

static int compare_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double cpu_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Wall time of one whole study, s, and the CPU time of all its threads in
 * *cpu; -1 on failure. */
static double time_study(const ss_study *st, int jobs, double *cpu)
{
  ss_study_exec ex = {.jobs = jobs};
  double t0 = now_seconds(), c0 = cpu_seconds();
  ss_study_result *r = ss_study_run(st, &ex, NULL);
  double dt = now_seconds() - t0;
  *cpu = cpu_seconds() - c0;
  bool ok = r && r->n_failed == 0;
  ss_study_result_free(r);
  return ok ? dt : -1.0;
}

typedef struct bench_study {
  const char *scenario;
  const char *set;    /* one base assignment or NULL */
  const char *vary;   /* the axis */
  const char *metric; /* one outcome */
  int jobs[2];        /* job counts, alternated run by run (0: none) */
} bench_study;

static const bench_study bench_studies[] = {
    /* the targets: 64 one-mass variants <= 0.5 s on 2 cores; 2 jobs
     * >= 1.7x faster than 1 on 32 gear-train level 2 variants */
    {"one-mass", NULL, "k=50:200:64", "period", {0, 0}},
    {"gear-train", "level=2", "M_psi_amp=3:5:32", "bearing_psi.stick_time", {1, 2}},
};

int cli_bench_studies(int runs)
{
  /* cpu/s: CPU time of all threads (median); wall/cpu shows how much of
   * the cores the study got on a shared machine */
  printf("%-12s %-8s %-22s %8s %4s %4s %9s %9s %9s\n", "study", "base", "vary", "variants", "jobs",
         "runs", "median/s", "min/s", "cpu/s");
  int status = 0;
  for (size_t b = 0; b < G_N_ELEMENTS(bench_studies); b++) {
    const bench_study *bs = &bench_studies[b];
    ss_study *st = ss_study_new(ss_scenario_find(bs->scenario));
    char *err = NULL;
    if (!st || (bs->set && !ss_study_set(st, bs->set, &err)) ||
        !ss_study_add_axis_text(st, bs->vary, &err) ||
        !ss_study_add_outcome(st, bs->metric, &err) || !ss_study_validate(st, &err)) {
      fprintf(stderr, "stickslip-cli: bench --studies %s: %s\n", bs->scenario, err ? err : "");
      free(err);
      ss_study_free(st);
      return EXIT_SIMULATION;
    }
    int n_jobs = bs->jobs[0] == bs->jobs[1] ? 1 : 2;
    double *times = calloc((size_t)(4 * runs), sizeof(double)), *cpu = times + 2 * runs;
    double median[2] = {0, 0};
    for (int r = 0; r < runs && status == 0; r++) /* alternated: drift hits both alike */
      for (int j = 0; j < n_jobs && status == 0; j++)
        if ((times[j * runs + r] = time_study(st, bs->jobs[j], &cpu[j * runs + r])) < 0)
          status = EXIT_SIMULATION;
    for (int j = 0; j < n_jobs && status == 0; j++) {
      qsort(times + j * runs, (size_t)runs, sizeof(double), compare_double);
      qsort(cpu + j * runs, (size_t)runs, sizeof(double), compare_double);
      median[j] = times[j * runs + runs / 2];
      char jobs[16];
      snprintf(jobs, sizeof jobs, "%d",
               bs->jobs[j] > 0 ? bs->jobs[j] : (int)g_get_num_processors());
      printf("%-12s %-8s %-22s %8d %4s %4d %9.3f %9.3f %9.3f\n", bs->scenario,
             bs->set ? bs->set : "-", bs->vary, ss_study_n_variants(st), jobs, runs, median[j],
             times[j * runs], cpu[j * runs + runs / 2]);
    }
    if (n_jobs == 2 && status == 0)
      printf("%-12s speed-up %d jobs over %d: %.2fx (medians)\n", bs->scenario, bs->jobs[1],
             bs->jobs[0], median[0] / median[1]);
    if (status)
      fprintf(stderr, "stickslip-cli: bench --studies %s: a variant failed\n", bs->scenario);
    free(times);
    ss_study_free(st);
  }
  return status;
}
