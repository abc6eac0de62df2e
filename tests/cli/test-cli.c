/* test-cli.c - stickslip-cli: output formats, exit codes, messages. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <sys/wait.h>

#include "scenario-file.h"
#include "test-cli-util.h"
#include "stickslip.h"

static void test_list(void)
{
  cli_result r = cli_run(NULL, "list", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_auto(GStrv) lines = g_strsplit(g_strstrip(r.out), "\n", -1);
  g_assert_cmpuint(g_strv_length(lines), >=, 3);
  const char *want[] = {"one-mass", "dupont", "two-block"};
  for (int w = 0; w < 3; w++) {
    bool found = false;
    for (int i = 0; lines[i]; i++) {
      g_auto(GStrv) f = g_strsplit(lines[i], "\t", -1);
      g_assert_cmpuint(g_strv_length(f), ==, 2);
      g_assert_cmpuint(strlen(f[1]), >, 5);
      found |= strcmp(f[0], want[w]) == 0;
    }
    g_assert_true(found);
  }
  cli_result_clear(&r);
}

static void test_params(void)
{
  cli_result r = cli_run(NULL, "params", "one-mass", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_auto(GStrv) lines = g_strsplit(g_strstrip(r.out), "\n", -1);
  bool saw_k = false, saw_law = false;
  for (int i = 0; lines[i]; i++) {
    g_auto(GStrv) f = g_strsplit(lines[i], "\t", -1);
    /* name, default, unit, min, max, interval, description */
    g_assert_cmpuint(g_strv_length(f), ==, 7);
    if (strcmp(f[0], "k") == 0) {
      saw_k = true;
      g_assert_cmpfloat(g_ascii_strtod(f[1], NULL), ==, 100.0);
      g_assert_cmpstr(f[2], ==, "N/m");
      g_assert_cmpfloat(g_ascii_strtod(f[3], NULL), ==, 0.0);
      g_assert_cmpfloat(g_ascii_strtod(f[4], NULL), >, 1e6);
      g_assert_cmpstr(f[5], ==, "(0, 1e+09]"); /* k > 0: the minimum is exclusive */
    }
    if (strcmp(f[0], "v_drive") == 0)
      g_assert_cmpstr(f[5], ==, "[-100, 100]");
    if (strcmp(f[0], "law") == 0) {
      saw_law = true;
      g_assert_cmpstr(f[1], ==, "exact");
      g_assert_nonnull(strstr(f[3], "regularised"));
      g_assert_nonnull(strstr(f[3], "lugre"));
    }
  }
  g_assert_true(saw_k && saw_law);
  cli_result_clear(&r);
}

/* Parses CSV text: returns rows (without header) and checks the shape. */
static GPtrArray *parse_csv(const char *text, char ***header_out)
{
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  g_assert_nonnull(lines[0]);
  char **header = g_strsplit(lines[0], ",", -1);
  guint width = g_strv_length(header);
  GPtrArray *rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
  for (int i = 1; lines[i] && lines[i][0]; i++) {
    char **f = g_strsplit(lines[i], ",", -1);
    g_assert_cmpuint(g_strv_length(f), ==, width);
    g_ptr_array_add(rows, f);
  }
  *header_out = header;
  return rows;
}

static int col(char **header, const char *name)
{
  for (int i = 0; header[i]; i++)
    if (strcmp(header[i], name) == 0)
      return i;
  g_error("no column %s", name);
  return -1;
}

static void test_run_csv(void)
{
  cli_result r =
      cli_run(NULL, "run", "one-mass", "--t-end", "2", "--dt-out", "0.05", "--csv", "-", NULL);
  g_assert_cmpint(r.status, ==, 0);
  char **header = NULL;
  g_autoptr(GPtrArray) rows = parse_csv(r.out, &header);
  g_assert_cmpstr(header[0], ==, "t");
  g_assert_cmpstr(header[1], ==, "z");
  g_assert_cmpstr(header[2], ==, "v");
  const char *contact_cols[] = {"base.F", "base.N", "base.ratio", "base.v", "base.stick"};
  for (int i = 0; i < 5; i++)
    g_assert_cmpstr(header[3 + i], ==, contact_cols[i]);
  g_assert_cmpuint(rows->len, >=, 41); /* 41 grid rows plus event rows */
  int it = col(header, "t"), is = col(header, "base.stick"), iN = col(header, "base.N");
  double last_t = -1;
  for (guint i = 0; i < rows->len; i++) {
    char **f = g_ptr_array_index(rows, i);
    double t = g_ascii_strtod(f[it], NULL);
    g_assert_cmpfloat(t, >=, last_t);
    last_t = t;
    g_assert_true(strcmp(f[is], "0") == 0 || strcmp(f[is], "1") == 0);
    g_assert_cmpfloat_with_epsilon(g_ascii_strtod(f[iN], NULL), 9.81, 1e-9);
    for (int c = 0; f[c]; c++) {
      char *end = NULL;
      double v = g_ascii_strtod(f[c], &end);
      g_assert_true(*end == '\0' && isfinite(v));
    }
  }
  g_assert_cmpfloat(last_t, ==, 2.0);
  g_assert_nonnull(strstr(r.err, "steps"));
  g_strfreev(header);
  cli_result_clear(&r);
}

/* Zero is written "0": slider-crank's and two-slider's signed columns
 * pass through zero at rest (and the study CSV writes its values alike). */
static void test_no_negative_zero(void)
{
  const char *scenarios[] = {"slider-crank", "two-slider"};
  for (guint k = 0; k < G_N_ELEMENTS(scenarios); k++) {
    cli_result r = cli_run(NULL, "run", scenarios[k], "--csv", "-", NULL);
    g_assert_cmpint(r.status, ==, 0);
    char **header = NULL;
    g_autoptr(GPtrArray) rows = parse_csv(r.out, &header);
    guint zeros = 0;
    g_assert_cmpuint(rows->len, >, 10);
    for (guint i = 0; i < rows->len; i++) {
      char **f = g_ptr_array_index(rows, i);
      for (int c = 0; f[c]; c++) {
        g_assert_cmpstr(f[c], !=, "-0");
        zeros += strcmp(f[c], "0") == 0;
      }
    }
    g_assert_cmpuint(zeros, >, 0);
    g_strfreev(header);
    cli_result_clear(&r);
  }
}

static void test_run_events(void)
{
  cli_result r = cli_run(NULL, "run", "dupont", "--events", "-", NULL);
  g_assert_cmpint(r.status, ==, 0);
  char **header = NULL;
  g_autoptr(GPtrArray) rows = parse_csv(r.out, &header);
  g_assert_cmpstr(header[0], ==, "t");
  g_assert_cmpstr(header[1], ==, "contact");
  g_assert_cmpstr(header[2], ==, "event");
  g_assert_cmpuint(rows->len, ==, 10);
  char **first = g_ptr_array_index(rows, 0);
  g_assert_cmpstr(first[1], ==, "slot");
  g_assert_cmpstr(first[2], ==, "slip");
  g_assert_cmpfloat(fabs(g_ascii_strtod(first[0], NULL) - 0.4181337), <, 1e-6);
  for (guint i = 0; i < rows->len; i++) {
    char **f = g_ptr_array_index(rows, i);
    g_assert_true(strcmp(f[2], "stick") == 0 || strcmp(f[2], "slip") == 0 ||
                  strcmp(f[2], "reverse") == 0);
  }
  g_strfreev(header);
  cli_result_clear(&r);
}

/* The rigid two-slider's guides are released at rest ([Wojtyra2016]
 * Example 2, eliminating revolute 1): guide 2 at 0.8 s, guide 1 at the
 * slip, written just before the slip events of the same instant; a guide
 * released again when the mechanism comes to rest follows the stick
 * events.  A re-locked guide writes `lock`. */
typedef struct expected_event {
  double t;
  const char *contact, *kind;
} expected_event;

/* The events file @text is @want, times within 1e-11 s (the file has every
 * digit; they are not the same in the last bits on every CVODE build). */
static void assert_events(const char *text, const expected_event *want, guint n)
{
  char **header = NULL;
  g_autoptr(GPtrArray) rows = parse_csv(text, &header);
  g_assert_cmpstr(header[0], ==, "t");
  g_strfreev(header);
  g_assert_cmpuint(rows->len, ==, n);
  for (guint i = 0; i < n; i++) {
    char **f = g_ptr_array_index(rows, i);
    g_assert_cmpfloat_with_epsilon(g_ascii_strtod(f[0], NULL), want[i].t, 1e-11);
    g_assert_cmpstr(f[1], ==, want[i].contact);
    g_assert_cmpstr(f[2], ==, want[i].kind);
  }
}

static void test_run_events_release(void)
{
  static const expected_event rigid[] = {
      {0.8, "slider2", "release"},           {1.85855119326, "slider1", "release"},
      {1.85855119326, "slider1", "slip"},    {1.85855119326, "slider2", "slip"},
      {3.63439468363, "slider2", "reverse"}, {4.32470333927, "slider1", "stick"},
      {4.32470333927, "slider2", "stick"},   {4.32470333927, "slider2", "release"},
  };
  static const expected_event relocked[] = {
      {0.8, "slider2", "release"},
      {1.77551020408, "slider2", "lock"},
  };
  cli_result r = cli_run(NULL, "run", "two-slider", "--events", "-", NULL);
  g_assert_cmpint(r.status, ==, 0);
  assert_events(r.out, rigid, G_N_ELEMENTS(rigid));
  cli_result_clear(&r);
  r = cli_run(NULL, "run", "two-slider", "--set", "S2_end=-100", "--set", "S1_end=5", "--set",
              "t_S1_off=3", "--events", "-", NULL);
  g_assert_cmpint(r.status, ==, 0);
  assert_events(r.out, relocked, G_N_ELEMENTS(relocked));
  cli_result_clear(&r);
}

/* Undetermined values are empty fields, never 0. */
static void test_undetermined_empty(void)
{
  cli_result r = cli_run(NULL, "run", "two-block", "--csv", "-", NULL);
  g_assert_cmpint(r.status, ==, 0);
  char **header = NULL;
  g_autoptr(GPtrArray) rows = parse_csv(r.out, &header);
  int i10 = col(header, "10.F"), st10 = col(header, "10.stick"), st20 = col(header, "20.stick"),
      st12 = col(header, "12.stick");
  int empty = 0;
  for (guint i = 0; i < rows->len; i++) {
    char **f = g_ptr_array_index(rows, i);
    bool all_stuck = !strcmp(f[st10], "1") && !strcmp(f[st20], "1") && !strcmp(f[st12], "1");
    if (f[i10][0] == '\0') {
      empty++;
      g_assert_true(all_stuck); /* only total stiction leaves forces undetermined */
    }
  }
  g_assert_cmpint(empty, >, 0);
  g_strfreev(header);
  cli_result_clear(&r);
}

static void expect_usage_error(const char *needle1, const char *needle2, const char *first, ...)
{
  const char *args[16];
  int n = 0;
  va_list ap;
  va_start(ap, first);
  for (const char *a = first; a && n < 15; a = va_arg(ap, const char *))
    args[n++] = a;
  va_end(ap);
  args[n] = NULL;
  cli_result r;
  switch (n) { /* run_cli is variadic: forward explicitly */
  case 3: r = cli_run(NULL, args[0], args[1], args[2], NULL); break;
  case 4: r = cli_run(NULL, args[0], args[1], args[2], args[3], NULL); break;
  case 5: r = cli_run(NULL, args[0], args[1], args[2], args[3], args[4], NULL); break;
  case 6: r = cli_run(NULL, args[0], args[1], args[2], args[3], args[4], args[5], NULL); break;
  case 7:
    r = cli_run(NULL, args[0], args[1], args[2], args[3], args[4], args[5], args[6], NULL);
    break;
  default: r = cli_run(NULL, args[0], args[1], NULL); break;
  }
  g_assert_cmpint(r.status, ==, 2);
  if (!strstr(r.err, needle1) || (needle2 && !strstr(r.err, needle2)))
    g_error("message '%s' lacks '%s'/'%s'", r.err, needle1, needle2 ? needle2 : "");
  cli_result_clear(&r);
}

static void test_bad_input(void)
{
  expect_usage_error("'k'", "N/m", "run", "one-mass", "--set", "k=-1", NULL);
  expect_usage_error("'k'", "(0, ", "run", "one-mass", "--set", "k=0", NULL);
  expect_usage_error("'M'", "finite", "run", "one-mass", "--set", "M=nan", NULL);
  expect_usage_error("'M'", NULL, "run", "one-mass", "--set", "M=inf", NULL);
  expect_usage_error("'M'", "range", "run", "one-mass", "--set", "M=-2", NULL);
  expect_usage_error("mu_k", "mu_s", "run", "one-mass", "--set", "mu_k=0.8", NULL);
  expect_usage_error("nosuch", NULL, "run", "one-mass", "--set", "nosuch=1", NULL);
  expect_usage_error("'foo' is not a valid choice", "exact, regularised, tanh, lugre", "run",
                     "one-mass", "--set", "law=foo", NULL);
  expect_usage_error("unknown scenario", NULL, "run", "three-mass", NULL);
  expect_usage_error("--t-end", NULL, "run", "one-mass", "--t-end", "abc", NULL);
  expect_usage_error("--t-end", NULL, "run", "one-mass", "--t-end", "-1", NULL);
  expect_usage_error("unknown command", NULL, "frobnicate", NULL);
  expect_usage_error("'t_P'", "(0, 1000]", "bench", "two-slider", "--set", "t_P=-2", NULL);
  expect_usage_error("SCENARIO", NULL, "bench", "--set", "law=lugre", NULL);
  expect_usage_error("'law'", "not a valid choice", "bench", "two-slider", "--set", "rod=flexible",
                     "--set", "law=bogus", NULL);
}

/* examples lists every preset and its settings; run --example runs a
 * setting with its output step, --set on top of it; bad IDs and settings
 * are usage errors. */
static void test_examples(void)
{
  cli_result r = cli_run(NULL, "examples", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_nonnull(strstr(r.out, "dupont\tdupont\tBlajer & Markiewicz, §3, Fig. 4\t"));
  g_assert_nonnull(strstr(r.out, "\nwojtyra-2:3\tPseudoinverse\ttreatment=pseudoinverse\n"));
  cli_result_clear(&r);

  r = cli_run(NULL, "examples", "wojtyra-2", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_nonnull(strstr(r.out, "\npublished\tthe mechanism slips\t1.86\t0.005\n"));
  g_assert_nonnull(strstr(r.out, "\npublished\tthe mechanism slips\t3.59\tnot reproduced\n"));
  g_assert_nonnull(strstr(r.out, "\nnote\t"));
  cli_result_clear(&r);

  /* setting 3: the pseudoinverse slips at 2.583 s, on the example's 1e-4 s grid */
  r = cli_run(NULL, "run", "--example", "wojtyra-2:3", "--events", "-", "--csv", "-", NULL);
  g_assert_cmpint(r.status, ==, 0);
  const char *slip = strstr(r.out, ",slider1,slip\n");
  g_assert_nonnull(slip);
  while (slip > r.out && slip[-1] != '\n')
    slip--;
  g_assert_cmpfloat_with_epsilon(g_ascii_strtod(slip, NULL), 2.58333333333, 1e-11);
  g_assert_nonnull(strstr(r.out, "\n0.0001,"));
  cli_result_clear(&r);
  /* --set on top: eliminating revolute 2 it never slips */
  r = cli_run(NULL, "run", "two-slider", "--example", "wojtyra-2", "--set",
              "treatment=eliminate-revolute-2", "--events", "-", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_cmpstr(r.out, ==, "t,contact,event\n");
  cli_result_clear(&r);

  expect_usage_error("unknown example 'nope'", NULL, "examples", "nope", NULL);
  expect_usage_error("unknown example 'nope'", NULL, "run", "--example", "nope", NULL);
  expect_usage_error("settings 1 to 3", NULL, "run", "--example", "wojtyra-2:4", NULL);
  expect_usage_error("settings 1 to 3", NULL, "run", "--example", "wojtyra-2:x", NULL);
  expect_usage_error("not 'dupont'", NULL, "run", "dupont", "--example", "wojtyra-2", NULL);
}

/* bench takes several --set: all of them make the one variant timed. */
static void test_bench_variant(void)
{
  cli_result r = cli_run(NULL, "bench", "one-mass", "--set", "k=150", "--set", "law=regularised",
                         "--runs", "2", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_nonnull(strstr(r.out, "k=150 law=regularised"));
  g_assert_null(strstr(r.out, "default"));
  g_assert_nonnull(strstr(r.out, ss_cvode_build())); /* the CVODE this build links */
  cli_result_clear(&r);
}

static void test_simulation_failure(void)
{
  cli_result r = cli_run(NULL, "run", "one-mass", "--set", "law=lugre", "--max-steps", "3", "--csv",
                         "-", NULL);
  g_assert_cmpint(r.status, ==, 3);
  g_assert_nonnull(strstr(r.err, "failed at t ="));
  cli_result_clear(&r);

  /* a model that cannot be solved says why, not CVODE's "the right-hand
   * side routine failed at the first call" (a massless slider 2 leaves its
   * equations of motion singular once it moves) */
  cli_result s = cli_run(NULL, "run", "two-slider", "--set", "m2=1e-12", "--csv", "-", NULL);
  g_assert_cmpint(s.status, ==, 3);
  g_assert_nonnull(strstr(s.err, "singular equations of motion"));
  g_assert_null(strstr(s.err, "right-hand side routine"));
  cli_result_clear(&s);
}

static void test_scenario_file_and_default_csv(void)
{
  g_autofree char *dir = g_dir_make_tmp("stickslip-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "s.ini", NULL);
  const char *text = "[scenario]\nname=one-mass\nt_end=1.5\n\n[parameters]\nk=250\nlaw=exact\n";
  g_assert_true(g_file_set_contents(path, text, -1, NULL));
  cli_result a = cli_run(NULL, "run", "--file", path, "--csv", "-", NULL);
  cli_result b =
      cli_run(NULL, "run", "one-mass", "--set", "k=250", "--t-end", "1.5", "--csv", "-", NULL);
  g_assert_cmpint(a.status, ==, 0);
  g_assert_cmpint(b.status, ==, 0);
  g_assert_cmpstr(a.out, ==, b.out);
  cli_result_clear(&a);
  cli_result_clear(&b);

  const char *bad = "[scenario]\nname=one-mass\n[parameters]\nk=250\nmu_s 0.4\n";
  g_assert_true(g_file_set_contents(path, bad, -1, NULL));
  cli_result c = cli_run(NULL, "run", "--file", path, NULL);
  g_assert_cmpint(c.status, ==, 2);
  g_assert_nonnull(strstr(c.err, ":5:"));
  cli_result_clear(&c);

  const char *range = "[scenario]\nname=one-mass\n[parameters]\n\nk=-250\n";
  g_assert_true(g_file_set_contents(path, range, -1, NULL));
  cli_result d = cli_run(NULL, "run", "--file", path, NULL);
  g_assert_cmpint(d.status, ==, 2);
  g_assert_nonnull(strstr(d.err, ":5:"));
  g_assert_nonnull(strstr(d.err, "'k'"));
  cli_result_clear(&d);

  cli_result e = cli_run(dir, "run", "one-mass", "--t-end", "1", NULL);
  g_assert_cmpint(e.status, ==, 0);
  g_assert_nonnull(strstr(e.err, "one-mass.csv"));
  g_autofree char *csv = g_build_filename(dir, "one-mass.csv", NULL);
  g_autofree char *contents = NULL;
  g_assert_true(g_file_get_contents(csv, &contents, NULL, NULL));
  g_assert_true(g_str_has_prefix(contents, "t,z,v,base.F"));
  cli_result_clear(&e);
  g_remove(csv);
  g_remove(path);
  g_rmdir(dir);
}

/* The GUI runs in the user's locale: its CSV, event and scenario files must
 * still say 0.5, not 0,5 (which splits a CSV column and which the CLI,
 * in the C locale, refuses), and files read there must take 0.5. */
static void test_files_ignore_locale(void)
{
  g_autofree char *dir = g_dir_make_tmp("stickslip-locale-XXXXXX", NULL);
  locale_t pl = test_comma_locale(dir);
  if (!pl) {
    g_test_fail_printf("no locale with a decimal comma (pl_PL): install Debian's 'locales' "
                       "package (tools/deps.txt)");
    test_remove_tree(dir);
    return;
  }
  const ss_scenario *sc = ss_scenario_find("one-mass");
  double values[64];
  g_assert_cmpint(sc->n_params, <=, 64);
  ss_scenario_defaults(sc, values);
  g_assert_true(ss_param_set_text(sc, values, "mu_s", "0.55", NULL));
  ss_model *m = ss_model_new_from_assignments(sc, (const char *[]){"mu_s=0.55", NULL}, 1, NULL);
  g_assert_nonnull(m);
  ss_run_opts opts = {.t_end = 2, .dt_out = 0.01};
  ss_trace *tr = ss_run(m, &opts, NULL);
  g_assert_nonnull(tr);

  /* everything written in the C locale, then in the Polish one */
  char *text[2][3];
  for (int pass = 0; pass < 2; pass++) {
    locale_t old = uselocale(pass ? pl : LC_GLOBAL_LOCALE);
    if (pass) {
      char probe[16];
      snprintf(probe, sizeof probe, "%.1f", 0.5);
      g_assert_cmpstr(probe, ==, "0,5"); /* the locale does what it should */
    }
    for (int kind = 0; kind < 2; kind++) {
      size_t len = 0;
      FILE *f = open_memstream(&text[pass][kind], &len);
      g_assert_nonnull(f);
      g_assert_cmpint(kind ? ss_csv_write_events(m, tr, f) : ss_csv_write_trace(m, tr, f), ==, 0);
      fclose(f);
    }
    text[pass][2] = ss_scenario_file_to_data(sc, values, &opts, NULL);
    /* reading in this locale: "0.25" is a number */
    double read[64];
    memcpy(read, values, sizeof read);
    g_assert_true(ss_param_set_text(sc, read, "k", "0.25", NULL));
    g_assert_cmpfloat(read[ss_scenario_param_index(sc, "k")], ==, 0.25);
    const ss_scenario *back = NULL;
    ss_run_opts back_opts = {0};
    double *parsed = ss_scenario_file_parse(text[pass][2], strlen(text[pass][2]), "test.ini", &back,
                                            &back_opts, NULL);
    g_assert_nonnull(parsed);
    g_assert_true(back == sc);
    for (int i = 0; i < sc->n_params; i++)
      g_assert_cmpfloat(parsed[i], ==, values[i]);
    g_assert_cmpfloat(back_opts.dt_out, ==, 0.01);
    free(parsed);
    uselocale(old);
  }
  g_assert_nonnull(strstr(text[0][2], "mu_s=0.55"));
  g_assert_nonnull(strstr(text[0][0], ",0.55"));
  for (int kind = 0; kind < 3; kind++) {
    g_assert_cmpstr(text[1][kind], ==, text[0][kind]);
    free(text[0][kind]);
    free(text[1][kind]);
  }
  freelocale(pl);
  ss_trace_free(tr);
  ss_model_free(m);
  test_remove_tree(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cli/list", test_list);
  g_test_add_func("/cli/params", test_params);
  g_test_add_func("/cli/run-csv", test_run_csv);
  g_test_add_func("/cli/no-negative-zero", test_no_negative_zero);
  g_test_add_func("/cli/run-events", test_run_events);
  g_test_add_func("/cli/run-events-release", test_run_events_release);
  g_test_add_func("/cli/examples", test_examples);
  g_test_add_func("/cli/undetermined-empty", test_undetermined_empty);
  g_test_add_func("/cli/bad-input", test_bad_input);
  g_test_add_func("/cli/bench-variant", test_bench_variant);
  g_test_add_func("/cli/simulation-failure", test_simulation_failure);
  g_test_add_func("/cli/scenario-file", test_scenario_file_and_default_csv);
  g_test_add_func("/cli/files-ignore-locale", test_files_ignore_locale);
  return g_test_run();
}
