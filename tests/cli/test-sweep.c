/* test-sweep.c - stickslip-cli sweep and run --metrics: tables against
 * closed forms and published results, shards, jobs, failed variants, bad
 * input. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "test-cli-util.h"

/* Lines of a table; the header is checked. */
static GStrv table_lines(const char *text, const char *header)
{
  GStrv lines = g_strsplit(text, "\n", -1);
  g_assert_cmpstr(lines[0], ==, header);
  guint n = g_strv_length(lines);
  g_assert_cmpstr(lines[n - 1], ==, ""); /* ends with a newline */
  g_free(lines[n - 1]);
  lines[n - 1] = NULL;
  return lines;
}

/* The one-mass period over k against the closed form (test-metrics.c). */
static void test_one_mass_period(void)
{
  const char *args[] = {"sweep",  "one-mass", "--vary", "k=40:400:10:log", "--metric", "period",
                        "--rtol", "1e-10",    "--atol", "1e-12",           "--t-end",  "30",
                        "--csv",  "-",        NULL};
  g_autofree char *out = cli_ok(args);
  g_auto(GStrv) lines = table_lines(out, "k,period,status");
  g_assert_cmpuint(g_strv_length(lines), ==, 11);
  double M = 1, v_d = 0.1, FS = 0.5 * 9.81, FK = 0.3 * 9.81;
  for (int i = 1; i <= 10; i++) {
    g_auto(GStrv) f = g_strsplit(lines[i], ",", -1);
    g_assert_cmpuint(g_strv_length(f), ==, 3);
    g_assert_cmpstr(f[2], ==, "ok");
    double k = g_ascii_strtod(f[0], NULL), period = g_ascii_strtod(f[1], NULL);
    g_assert_cmpfloat(fabs(k - 40 * pow(10, (i - 1) / 9.0)), <, 1e-9 * k);
    double w = sqrt(k / M), u0 = (FS - FK) / k;
    double want = (M_PI + 2 * atan2(v_d / w, u0)) / w + 2 * (FS - FK) / (k * v_d);
    if (!(fabs(period - want) <= 1e-6 * want))
      g_error("k = %g: period %.12g, closed form %.12g", k, period, want);
  }
}

/* --shard K/N: contiguous parts whose outputs, concatenated in order, are
 * the whole table byte for byte (part 1 carries the header; empty parts
 * write nothing). */
static void test_shards(void)
{
  const char *base[] = {
      "sweep",    "one-mass", "--vary",   "k=50:200:4",      "--vary",   "v_drive=0.05:0.2:3",
      "--metric", "period",   "--metric", "base.stick_time", "--metric", "max:spring.F",
      "--csv",    "-",        NULL};
  g_autofree char *whole = cli_ok(base);
  g_auto(GStrv) whole_lines =
      table_lines(whole, "k,v_drive,period,base.stick_time,max:spring.F,status");
  g_assert_cmpuint(g_strv_length(whole_lines), ==, 13);
  for (int n = 1; n <= 17; n += 4) { /* 1, 5, 9, 13, 17 parts of 12 variants */
    GString *joined = g_string_new(NULL);
    for (int k = 1; k <= n; k++) {
      g_autofree char *shard = g_strdup_printf("%d/%d", k, n);
      const char *args[32];
      int a = 0;
      for (; base[a]; a++)
        args[a] = base[a];
      args[a++] = "--shard";
      args[a++] = shard;
      args[a++] = "--jobs";
      args[a++] = "1";
      args[a] = NULL;
      g_autofree char *part = cli_ok(args);
      if (k > 1)
        g_assert_false(g_str_has_prefix(part, "k,"));
      g_string_append(joined, part);
    }
    g_assert_cmpstr(joined->str, ==, whole);
    g_string_free(joined, TRUE);
  }
}

/* --jobs 1 and --jobs 2 (and the default) give the same bytes. */
static void test_jobs(void)
{
  const char *jobs[] = {"1", "2", NULL};
  char *text[3];
  for (int j = 0; j < 3; j++) {
    const char *args[] = {"sweep",
                          "gear-train",
                          "--set",
                          "level=3",
                          "--vary",
                          "M_psi_amp=2:6:6",
                          "--metric",
                          "period",
                          "--metric",
                          "bearing_psi.stick_time",
                          "--metric",
                          "at:5:psi_dot",
                          "--csv",
                          "-",
                          jobs[j] ? "--jobs" : NULL,
                          jobs[j],
                          NULL};
    text[j] = cli_ok(args);
  }
  g_assert_cmpstr(text[0], ==, text[1]);
  g_assert_cmpstr(text[0], ==, text[2]);
  g_assert_true(g_str_has_prefix(text[0], "M_psi_amp,period,bearing_psi.stick_time,at:5:psi_dot,"
                                          "status\n2,"));
  for (int j = 0; j < 3; j++)
    g_free(text[j]);
}

/* Variants that fail report why in status; the others are computed. */
static void test_failed_variant(void)
{
  const char *args[] = {"sweep",       "one-mass",
                        "--set",       "law=lugre",
                        "--vary",      "sigma0=1e5:1e11:4:log",
                        "--vary",      "mu_k=0.3:0.6:2",
                        "--metric",    "base.first_slip",
                        "--max-steps", "1000",
                        "--t-end",     "2",
                        "--csv",       "-",
                        NULL};
  g_autofree char *out = cli_ok(args);
  g_auto(GStrv) lines = table_lines(out, "sigma0,mu_k,base.first_slip,status");
  g_assert_cmpuint(g_strv_length(lines), ==, 9);
  int ok = 0;
  for (int i = 1; i <= 8; i++) {
    bool built = strstr(lines[i], ",0.3,") != NULL;
    if (g_str_has_suffix(lines[i], ",ok")) {
      ok++;
      g_assert_true(built);
      g_assert_false(strstr(lines[i], ",,")); /* a value */
      continue;
    }
    /* mu_k 0.6 > mu_s 0.5: the model is refused; a stiff bristle: too many
     * steps */
    if (built)
      g_assert_nonnull(strstr(lines[i], ",,failed: simulation failed at t = "));
    else
      g_assert_nonnull(strstr(lines[i], ",,failed: parameter 'mu_k' = 0.6 must not exceed 'mu_s'"));
  }
  g_assert_cmpint(ok, ==, 2); /* sigma0 1e5 and 1e7 with mu_k 0.3 */

  /* a reason with commas is one quoted field */
  const char *geometry[] = {"sweep",    "slider-crank-offset",
                            "--vary",   "a1=0.3:0.6:2",
                            "--metric", "energy.dissipated",
                            "--t-end",  "1",
                            "--csv",    "-",
                            NULL};
  g_autofree char *out2 = cli_ok(geometry);
  g_auto(GStrv) rows = table_lines(out2, "a1,energy.dissipated,status");
  g_assert_cmpuint(g_strv_length(rows), ==, 3);
  g_assert_true(g_str_has_prefix(rows[1], "0.3,"));
  g_assert_true(g_str_has_suffix(rows[1], ",ok"));
  g_assert_cmpstr(
      rows[2], ==,
      "0.6,,\"failed: parameters a1 = 0.6, a2 = 0.7, a3 = 0.2: the crank turns fully only "
      "when a1 + a3 < a2\"");
}

/* Wojtyra 2016 Example 3 (regularised law): gamma_1 = ratio x gamma_2; no
 * slip at a ratio of 1, a slip near 1.96 s at 2 (docs/two-slider.md). */
static void test_two_slider_ratio(void)
{
  const char *args[] = {"sweep",    "two-slider",
                        "--set",    "law=regularised",
                        "--set",    "gamma_2=1e-5",
                        "--vary",   "gamma_1=1e-5:2e-5:2",
                        "--metric", "slider1.first_slip",
                        "--metric", "slider2.first_slip",
                        "--csv",    "-",
                        NULL};
  g_autofree char *out = cli_ok(args);
  g_auto(GStrv) lines = table_lines(out, "gamma_1,slider1.first_slip,slider2.first_slip,status");
  g_assert_cmpuint(g_strv_length(lines), ==, 3);
  g_assert_cmpstr(lines[1], ==, "1e-05,,,ok");
  g_auto(GStrv) f = g_strsplit(lines[2], ",", -1);
  g_assert_cmpstr(f[0], ==, "2e-05");
  g_assert_cmpfloat(fabs(g_ascii_strtod(f[1], NULL) - 1.96), <, 0.05);
  g_assert_cmpfloat(fabs(g_ascii_strtod(f[2], NULL) - 1.96), <, 0.05);
}

/* --preset NAME runs the preset's study: the same table as the study
 * spelled out; --set changes a base value; a bad name lists the presets. */
static void test_preset(void)
{
  const char *preset[] = {"sweep", "--preset", "two-slider-gamma", "--csv", "-", NULL};
  const char *spelled[] = {"sweep",    "two-slider",
                           "--set",    "law=regularised",
                           "--set",    "gamma_2=1e-5",
                           "--vary",   "gamma_1=5e-6:3e-5:26",
                           "--metric", "slider1.first_slip",
                           "--metric", "slider2.first_slip",
                           "--csv",    "-",
                           NULL};
  g_autofree char *a = cli_ok(preset);
  g_autofree char *b = cli_ok(spelled);
  g_assert_cmpstr(a, ==, b);
  g_auto(GStrv) lines = table_lines(a, "gamma_1,slider1.first_slip,slider2.first_slip,status");
  g_assert_cmpuint(g_strv_length(lines), ==, 27);
  g_assert_cmpstr(lines[6], ==, "1e-05,,,ok"); /* gamma_1 = gamma_2: stuck */

  const char *changed[] = {
      "sweep", "--preset", "two-slider-gamma", "--set", "gamma_2=2e-5", "--csv", "-", NULL};
  g_autofree char *c = cli_ok(changed);
  g_auto(GStrv) rows = table_lines(c, "gamma_1,slider1.first_slip,slider2.first_slip,status");
  g_assert_cmpstr(rows[16], ==, "2e-05,,,ok"); /* now gamma_1 = gamma_2 here */

  const char *bad[] = {"sweep", "--preset", "nope", "--csv", "-", NULL};
  cli_result r = cli_runv(NULL, NULL, bad);
  g_assert_cmpint(r.status, ==, 2);
  g_assert_nonnull(strstr(r.err, "no study preset 'nope'; valid: two-slider-gamma"));
  cli_result_clear(&r);
  const char *both[] = {"sweep", "one-mass", "--preset", "two-slider-gamma", "--csv", "-", NULL};
  r = cli_runv(NULL, NULL, both);
  g_assert_cmpint(r.status, ==, 2);
  g_assert_nonnull(strstr(r.err, "the preset gives the scenario"));
  cli_result_clear(&r);
}

/* A sweep's row holds what `run --metrics` writes for the same variant. */
static void test_same_as_run(void)
{
  const char *sweep[] = {"sweep",    "dupont",
                         "--vary",   "omega1=2.4:2.4:1",
                         "--metric", "slot.first_slip",
                         "--metric", "slot.stick_time",
                         "--metric", "energy.dissipated",
                         "--t-end",  "20",
                         "--csv",    "-",
                         NULL};
  g_autofree char *table = cli_ok(sweep);
  g_auto(GStrv) lines =
      table_lines(table, "omega1,slot.first_slip,slot.stick_time,energy.dissipated,status");
  g_auto(GStrv) row = g_strsplit(lines[1], ",", -1);
  const char *run[] = {"run", "dupont", "--t-end", "20", "--metrics", "-", NULL};
  g_autofree char *metrics = cli_ok(run);
  const char *want[] = {"slot.first_slip", "slot.stick_time", "energy.dissipated"};
  const int digits[] = {7, 7, 6}; /* run --metrics: the digits their accuracy supports */
  for (int i = 0; i < 3; i++) {
    g_autofree char *key = g_strdup_printf("\n%s,", want[i]);
    const char *at = strstr(metrics, key);
    if (!at)
      g_error("run --metrics lacks '%s':\n%s", key + 1, metrics);
    double shown = g_ascii_strtod(at + strlen(key), NULL), full = g_ascii_strtod(row[i + 1], NULL);
    g_assert_cmpfloat(fabs(shown - full), <=, 0.5 * pow(10.0, 1 - digits[i]) * fabs(full));
  }
}

/* run --metrics FILE|-: the format, and no default SCENARIO.csv beside it. */
static void test_run_metrics(void)
{
  g_autofree char *dir = g_dir_make_tmp("stickslip-metrics-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "m.csv", NULL);
  const char *args[] = {"run", "one-mass", "--t-end", "30", "--metrics", path, NULL};
  cli_result r = cli_runv(dir, NULL, args);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_cmpstr(r.out, ==, "");
  cli_result_clear(&r);
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_auto(GStrv) lines = table_lines(text, "metric,value,unit,note");
  g_assert_cmpuint(g_strv_length(lines), ==, 9);
  const char *names[] = {"period",
                         "amplitude",
                         "energy.dissipated",
                         "base.first_slip",
                         "base.stick_phases",
                         "base.stick_time",
                         "base.longest_stick",
                         "base.max_ratio"};
  for (int i = 0; i < 8; i++) {
    g_auto(GStrv) f = g_strsplit(lines[i + 1], ",", -1);
    g_assert_cmpuint(g_strv_length(f), ==, 4);
    g_assert_cmpstr(f[0], ==, names[i]);
    g_assert_cmpstr(f[3], ==, ""); /* no note where the value is there */
    g_assert_cmpstr(f[1], !=, ""); /* 30 s of the limit cycle: all determined */
  }
  g_assert_true(g_str_has_prefix(lines[1], "period,0.80083"));
  g_assert_true(g_str_has_prefix(lines[5], "base.stick_phases,38,"));
  g_autofree char *default_csv = g_build_filename(dir, "one-mass.csv", NULL);
  g_assert_false(g_file_test(default_csv, G_FILE_TEST_EXISTS));
  g_remove(path);
  g_rmdir(dir);
  /* an undetermined value is an empty field */
  const char *short_run[] = {"run", "one-mass", "--t-end", "2", "--metrics", "-", NULL};
  g_autofree char *out = cli_ok(short_run);
  g_assert_nonnull(strstr(out, "\nperiod,,s,run too short: its events do not yet repeat over 3 "
                               "periods; run it longer\namplitude,,m/s,run too short: "));
}

typedef struct bad_case {
  const char *args[24];
  const char *part1, *part2; /* both in the message */
} bad_case;

/* Bad input exits 2 and names the option and the valid form. */
static void test_bad_input(void)
{
#define SWEEP "sweep", "one-mass"
  static const bad_case cases[] = {
      {{SWEEP, "--vary", "k=50:200", "--metric", "period", "--csv", "-"},
       "--vary: 'k=50:200' is not of the form NAME=LO:HI:N",
       NULL},
      {{SWEEP, "--vary", "k=-5:200:4", "--metric", "period", "--csv", "-"},
       "--vary: parameter 'k'",
       "valid range"},
      {{SWEEP, "--vary", "F0=-1:1:4:log", "--metric", "period", "--csv", "-"},
       "--vary: parameter 'F0': a log range needs LO > 0",
       NULL},
      {{SWEEP, "--vary", "q=1:2:3", "--metric", "period", "--csv", "-"},
       "--vary: scenario 'one-mass' has no parameter 'q'",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "periodd", "--csv", "-"},
       "--metric: 'periodd': no metric 'periodd'",
       "valid: a run metric (period, amplitude"},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "max:zz", "--csv", "-"},
       "--metric: 'max:zz': no column 'zz'",
       "spring.F"},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "at:99:z", "--csv", "-"},
       "--metric: 'at:99:z': T is after the run's end; valid: 0 <= T <= 10 s",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period", "--shard", "3/2", "--csv", "-"},
       "--shard: '3/2' is invalid; valid form K/N",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period", "--shard", "0/2", "--csv", "-"},
       "--shard: '0/2' is invalid; valid form K/N",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period", "--shard", "1-2", "--csv", "-"},
       "--shard: '1-2' is invalid; valid form K/N",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period", "--jobs", "0", "--csv", "-"},
       "--jobs: '0' is invalid; valid: a whole number from 1 to 1024",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period", "--set", "mu_s=20", "--csv", "-"},
       "--set: parameter 'mu_s': 20 is out of range",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period"}, "sweep needs --csv FILE", NULL},
      {{SWEEP, "--metric", "period", "--csv", "-"}, "sweep needs --vary NAME=LO:HI:N", NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--csv", "-"}, "sweep needs --metric OUTCOME", NULL},
      {{"sweep", "--vary", "k=1:2:3", "--metric", "period", "--csv", "-"},
       "sweep needs a SCENARIO",
       NULL},
      {{"sweep", "nowhere", "--vary", "k=1:2:3", "--metric", "period", "--csv", "-"},
       "unknown scenario 'nowhere'",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period", "--csv", "-", "--bogus", "1"},
       "sweep: unknown option '--bogus'",
       NULL},
      {{SWEEP, "--vary", "k=1:2:3", "--metric", "period", "--csv"},
       "option --csv needs a value",
       NULL},
  };
#undef SWEEP
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    cli_result r = cli_runv(NULL, NULL, cases[c].args);
    if (r.status != 2 || !strstr(r.err, cases[c].part1) ||
        (cases[c].part2 && !strstr(r.err, cases[c].part2)))
      g_error("case %zu: exit %d, message: %s (wanted '%s' / '%s')", c, r.status, r.err,
              cases[c].part1, cases[c].part2 ? cases[c].part2 : "");
    g_assert_cmpstr(r.out, ==, "");
    cli_result_clear(&r);
  }
}

/* The status says why a period is missing: a run too short for three
 * periods, a motion that stops; "ok" only with a period, and where no
 * outcome needs one. */
static void test_period_status(void)
{
  const char *short_run[] = {
      "sweep",           "one-mass", "--vary", "k=50:200:3", "--metric", "period", "--metric",
      "base.first_slip", "--t-end",  "2",      "--csv",      "-",        NULL};
  g_autofree char *out = cli_ok(short_run);
  g_auto(GStrv) lines = table_lines(out, "k,period,base.first_slip,status");
  g_assert_cmpuint(g_strv_length(lines), ==, 4);
  /* k = 50 and 125: two stick-slip cycles or fewer in 2 s; k = 200: three */
  g_assert_true(g_str_has_prefix(lines[1], "50,,0.98"));
  g_assert_true(g_str_has_suffix(lines[1], ",too-short"));
  g_assert_true(g_str_has_suffix(lines[2], ",too-short"));
  g_assert_true(g_str_has_prefix(lines[3], "200,0.5066"));
  g_assert_true(g_str_has_suffix(lines[3], ",ok"));
  const char *no_period[] = {
      "sweep",   "one-mass", "--vary", "k=50:200:3", "--metric", "base.first_slip",
      "--t-end", "2",        "--csv",  "-",          NULL};
  g_autofree char *out2 = cli_ok(no_period);
  g_auto(GStrv) rows = table_lines(out2, "k,base.first_slip,status");
  for (int i = 1; i <= 3; i++)
    g_assert_true(g_str_has_suffix(rows[i], ",ok"));
  const char *stops[] = {"sweep",        "one-mass", "--set",      "v_drive=0", "--set",
                         "x_drive0=0.2", "--vary",   "k=50:200:2", "--metric",  "amplitude",
                         "--csv",        "-",        NULL};
  g_autofree char *out3 = cli_ok(stops);
  g_auto(GStrv) rows3 = table_lines(out3, "k,amplitude,status");
  g_assert_cmpstr(rows3[1], ==, "50,,not-periodic");
  g_assert_cmpstr(rows3[2], ==, "200,,not-periodic");
}

/* A sweep in `shards` parts (or whole: 0) into dir/NAME. */
static void sweep_into(const char *dir, const char *name, int k, int shards, const char *metric)
{
  g_autofree char *shard = g_strdup_printf("%d/%d", k, shards);
  const char *args[] = {"sweep",        "one-mass", "--vary",
                        "k=50:200:11",  "--vary",   "v_drive=0.05:0.2:2",
                        "--metric",     metric,     "--metric",
                        "max:spring.F", "--jobs",   "2",
                        "--csv",        name,       shards ? "--shard" : NULL,
                        shard,          NULL};
  cli_result r = cli_runv(dir, NULL, args);
  if (r.status != 0)
    g_error("sweep %s: exit %d: %s", name, r.status, r.err);
  cli_result_clear(&r);
}

/* merge: the shards give the unsharded table byte for byte (and a study
 * file saying how it was made); a missing, truncated, duplicated or
 * foreign shard is refused, exit 2, naming it. */
static void test_merge(void)
{
  g_autofree char *dir = g_dir_make_tmp("stickslip-merge-XXXXXX", NULL);
  sweep_into(dir, "whole.csv", 0, 0, "period");
  const int n = 5; /* 22 variants in 5 parts */
  for (int k = 1; k <= n; k++) {
    g_autofree char *name = g_strdup_printf("part-%d.csv", k);
    sweep_into(dir, name, k, n, "period");
  }
  const char *all[] = {"merge",      "part-3.csv", "part-1.csv", "part-2.csv", "part-5.csv",
                       "part-4.csv", "--csv",      "merged.csv", NULL};
  cli_result r = cli_runv(dir, NULL, all);
  g_assert_cmpint(r.status, ==, 0);
  cli_result_clear(&r);
  g_autofree char *whole = NULL, *merged = NULL, *study = NULL;
  g_autofree char *pw = g_build_filename(dir, "whole.csv", NULL);
  g_autofree char *pm = g_build_filename(dir, "merged.csv", NULL);
  g_autofree char *ps = g_build_filename(dir, "merged.csv.study", NULL);
  g_assert_true(g_file_get_contents(pw, &whole, NULL, NULL));
  g_assert_true(g_file_get_contents(pm, &merged, NULL, NULL));
  g_assert_cmpstr(merged, ==, whole);
  g_assert_true(g_file_get_contents(ps, &study, NULL, NULL));
  g_assert_nonnull(strstr(study, "\nscenario=one-mass\n"));
  g_assert_nonnull(strstr(study, "\naxis1=k=50:200:11:lin\n"));
  g_assert_nonnull(strstr(study, "\nmu_s=0.5\n"));
  g_assert_nonnull(strstr(study, "\ndt_out=0.01\n"));
  g_assert_nonnull(strstr(study, "\nk=1\nn=1\n"));
  g_assert_nonnull(strstr(study, "\nrows=22\n"));

  /* a truncated part, a foreign one (another outcome) */
  g_autofree char *p4 = g_build_filename(dir, "part-4.csv", NULL), *text4 = NULL;
  gsize len4 = 0;
  g_assert_true(g_file_get_contents(p4, &text4, &len4, NULL));
  g_autofree char *pt = g_build_filename(dir, "cut.csv", NULL);
  g_autofree char *pts = g_build_filename(dir, "cut.csv.study", NULL);
  g_autofree char *p4s = g_build_filename(dir, "part-4.csv.study", NULL), *text4s = NULL;
  g_assert_true(g_file_get_contents(p4s, &text4s, NULL, NULL));
  g_assert_true(g_file_set_contents(pt, text4, (gssize)(len4 - 7), NULL));
  g_assert_true(g_file_set_contents(pts, text4s, -1, NULL));
  sweep_into(dir, "other-4.csv", 4, n, "amplitude");
  const struct {
    const char *parts[7];
    const char *said; /* in the message */
  } bad[] = {
      {{"part-1.csv", "part-2.csv", "part-3.csv", "part-5.csv"},
       "missing shard 4/5 (variants 14 to 17)"},
      {{"part-1.csv", "part-2.csv", "part-3.csv", "cut.csv", "part-5.csv"},
       "cut.csv (shard 4/5) is truncated"},
      {{"part-1.csv", "part-2.csv", "part-3.csv", "part-4.csv", "part-4.csv", "part-5.csv"},
       "part-4.csv and part-4.csv are both shard 4/5 (duplicated)"},
      {{"part-1.csv", "part-2.csv", "part-3.csv", "other-4.csv", "part-5.csv"},
       "other-4.csv is a shard of another study than part-1.csv"},
      {{"part-1.csv", "part-2.csv", "part-3.csv", "part-4.csv", "whole.csv", "part-5.csv"},
       "whole.csv is a shard of another study than part-1.csv"},
  };
  for (size_t c = 0; c < G_N_ELEMENTS(bad); c++) {
    g_autoptr(GPtrArray) args = g_ptr_array_new();
    g_ptr_array_add(args, "merge");
    for (int i = 0; bad[c].parts[i]; i++)
      g_ptr_array_add(args, (gpointer)bad[c].parts[i]);
    g_ptr_array_add(args, "--csv");
    g_ptr_array_add(args, "refused.csv");
    g_ptr_array_add(args, NULL);
    cli_result rr = cli_runv(dir, NULL, (const char *const *)args->pdata);
    if (rr.status != 2 || !strstr(rr.err, bad[c].said))
      g_error("case %zu: exit %d: %s (wanted '%s')", c, rr.status, rr.err, bad[c].said);
    cli_result_clear(&rr);
    g_autofree char *refused = g_build_filename(dir, "refused.csv", NULL);
    g_assert_false(g_file_test(refused, G_FILE_TEST_EXISTS));
  }
  g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
  for (const char *f; (f = g_dir_read_name(d));) {
    g_autofree char *p = g_build_filename(dir, f, NULL);
    g_remove(p);
  }
  g_rmdir(dir);
}

/* A run's CSV has its scenario file beside it, with every parameter and
 * run option: `run --file` on it makes the same CSV, byte for byte. */
static void test_run_provenance(void)
{
  g_autofree char *dir = g_dir_make_tmp("stickslip-prov-XXXXXX", NULL);
  const char *first[] = {"run", "one-mass", "--set", "k=150", "--set", "law=lugre", "--t-end",
                         "3",   "--dt-out", "0.002", "--csv", "a.csv", NULL};
  cli_result r = cli_runv(dir, NULL, first);
  g_assert_cmpint(r.status, ==, 0);
  cli_result_clear(&r);
  g_autofree char *ps = g_build_filename(dir, "a.csv.scenario", NULL), *scen = NULL;
  g_assert_true(g_file_get_contents(ps, &scen, NULL, NULL));
  g_assert_nonnull(strstr(scen, "\n# stickslip-cli "));
  g_assert_nonnull(strstr(scen, "\nk=150\n"));
  g_assert_nonnull(strstr(scen, "\nlaw=lugre\n"));
  g_assert_nonnull(strstr(scen, "\nrtol=1e-08\n"));
  const char *again[] = {"run", "--file", "a.csv.scenario", "--csv", "b.csv", NULL};
  r = cli_runv(dir, NULL, again);
  g_assert_cmpint(r.status, ==, 0);
  cli_result_clear(&r);
  g_autofree char *pa = g_build_filename(dir, "a.csv", NULL), *a = NULL;
  g_autofree char *pb = g_build_filename(dir, "b.csv", NULL), *b = NULL;
  g_assert_true(g_file_get_contents(pa, &a, NULL, NULL));
  g_assert_true(g_file_get_contents(pb, &b, NULL, NULL));
  g_assert_cmpstr(a, ==, b);
  g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
  for (const char *f; (f = g_dir_read_name(d));) {
    g_autofree char *p = g_build_filename(dir, f, NULL);
    g_remove(p);
  }
  g_rmdir(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/sweep/one-mass-period", test_one_mass_period);
  g_test_add_func("/sweep/shards", test_shards);
  g_test_add_func("/sweep/jobs", test_jobs);
  g_test_add_func("/sweep/failed-variant", test_failed_variant);
  g_test_add_func("/sweep/two-slider-ratio", test_two_slider_ratio);
  g_test_add_func("/sweep/same-as-run", test_same_as_run);
  g_test_add_func("/sweep/run-metrics", test_run_metrics);
  g_test_add_func("/sweep/bad-input", test_bad_input);
  g_test_add_func("/sweep/preset", test_preset);
  g_test_add_func("/sweep/period-status", test_period_status);
  g_test_add_func("/sweep/merge", test_merge);
  g_test_add_func("/sweep/run-provenance", test_run_provenance);
  return g_test_run();
}
