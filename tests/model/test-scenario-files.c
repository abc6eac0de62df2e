/* test-scenario-files.c - scenario files are lossless and strict: every run
 * option saved, numbers that read back exactly, the same refusal of a
 * value everywhere, file:line for every refusal, a size cap on reading;
 * and messages whose numbers tell values apart. */
#include <glib/gstdio.h>

#include "scenario-file.h"
#include "test-util.h"

static void assert_contains(const char *text, const char *needle)
{
  if (!text || !strstr(text, needle))
    g_error("'%s' lacks '%s'", text ? text : "(null)", needle);
}

static double *parse(const char *text, size_t len, const ss_scenario **sc, ss_run_opts *o,
                     char **err)
{
  return ss_scenario_file_parse(text, len, "t.stickslip", sc, o, err);
}

/* Saving dropped rtol and atol. */
static void test_run_options_saved(void)
{
  const ss_scenario *sc = ss_scenario_find("two-block");
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  ss_run_opts opts = {.t_end = 7.25,
                      .dt_out = 0.002,
                      .rtol = 3e-9,
                      .atol = 1e-12,
                      .max_steps = 12345,
                      .max_events = 999};
  size_t len = 0;
  char *text = ss_scenario_file_to_data(sc, values, &opts, &len);
  const ss_scenario *back = NULL;
  ss_run_opts read = {0};
  char *err = NULL;
  double *parsed = parse(text, len, &back, &read, &err);
  if (!parsed)
    g_error("%s\n%s", err, text);
  g_assert_true(back == sc);
  g_assert_cmpfloat(read.t_end, ==, opts.t_end);
  g_assert_cmpfloat(read.dt_out, ==, opts.dt_out);
  g_assert_cmpfloat(read.rtol, ==, opts.rtol);
  g_assert_cmpfloat(read.atol, ==, opts.atol);
  g_assert_cmpint(read.max_steps, ==, opts.max_steps);
  g_assert_cmpint(read.max_events, ==, opts.max_events);
  free(parsed);
  free(text);
  g_free(values);
}

/* Whole-number options large enough for %g's exponent form (the fuzz
 * harness found max_steps = 20020000 saved as 2.002e+07, then refused as
 * not a whole number) are written as whole numbers and read back. */
static void test_whole_numbers_round_trip(void)
{
  const ss_scenario *sc = ss_scenario_find("dupont");
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  ss_run_opts opts = {.max_steps = 20020000, .max_events = 2345678};
  size_t len = 0;
  char *text = ss_scenario_file_to_data(sc, values, &opts, &len);
  g_assert_nonnull(strstr(text, "max_steps=20020000\n"));
  g_assert_nonnull(strstr(text, "max_events=2345678\n"));
  const ss_scenario *back = NULL;
  ss_run_opts read = {0};
  char *err = NULL;
  double *parsed = parse(text, len, &back, &read, &err);
  if (!parsed)
    g_error("%s\n%s", err, text);
  g_assert_cmpint(read.max_steps, ==, opts.max_steps);
  g_assert_cmpint(read.max_events, ==, opts.max_events);
  free(parsed);
  free(text);
  g_free(values);
}

/* Numbers written with the digits to read back bit for bit. */
static void test_numbers_exact(void)
{
  const ss_scenario *sc = ss_scenario_find("one-mass");
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  values[ss_scenario_param_index(sc, "k")] = 0.1 + 0.2; /* 0.30000000000000004 */
  values[ss_scenario_param_index(sc, "M")] = 1.0 / 3.0;
  values[ss_scenario_param_index(sc, "x_drive0")] = -nextafter(1e-3, 1.0);
  values[ss_scenario_param_index(sc, "v_drive")] = 2.2250738585072014e-308; /* smallest normal */
  ss_run_opts opts = {.t_end = 10.0 / 3.0, .dt_out = 0.1 * 3.0};
  char *text = ss_scenario_file_to_data(sc, values, &opts, NULL);
  ss_run_opts read = {0};
  char *err = NULL;
  double *parsed = parse(text, strlen(text), NULL, &read, &err);
  if (!parsed)
    g_error("%s\n%s", err, text);
  for (int i = 0; i < sc->n_params; i++)
    g_assert_true(memcmp(&parsed[i], &values[i], sizeof(double)) == 0);
  g_assert_true(read.t_end == opts.t_end && read.dt_out == opts.dt_out);
  assert_contains(text, "k=0.30000000000000004\n");
  assert_contains(text, "t_end=3.3333333333333335\n");
  free(parsed);
  free(text);
  g_free(values);
}

/* A subnormal was accepted (the GUI, a file's value checks), saved as
 * 4.94066e-324 and refused on reload; --set M=1e-310 said "not a number".
 * Now refused alike everywhere, as too close to 0. */
static void test_subnormal_refused_alike(void)
{
  const ss_scenario *sc = ss_scenario_find("one-mass");
  const ss_param_info *M = &sc->params[ss_scenario_param_index(sc, "M")];
  char *err = NULL;
  g_assert_false(ss_param_check(M, 4.9406564584124654e-324, &err)); /* the GUI's path */
  assert_contains(err, "too close to 0");
  g_assert_false(ss_param_check(M, -1e-310, &err));
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  g_assert_false(ss_param_set_text(sc, values, "M", "1e-310", &err)); /* --set, files */
  assert_contains(err, "'M'");
  assert_contains(err, "too close to 0");
  g_assert_false(ss_param_set_text(sc, values, "M", "1e400", &err));
  assert_contains(err, "too large");
  g_assert_true(ss_param_set_text(sc, values, "M", "2.2250738585072014e-308", &err));
  const char *file = "[scenario]\nname=one-mass\n[parameters]\nM=4.94066e-324\n";
  g_assert_null(parse(file, strlen(file), NULL, NULL, &err));
  assert_contains(err, "t.stickslip:4:");
  assert_contains(err, "too close to 0");
  free(err);
  g_free(values);
}

typedef struct refusal {
  const char *text;
  size_t len;        /* 0: strlen */
  const char *where; /* "t.stickslip:N:" */
  const char *why;
} refusal;

/* GKeyFile took duplicates silently (the last won) and gave no line for
 * others: each is refused with its line. */
static void test_refusals_with_lines(void)
{
  static const char nul[] = "[scenario]\nname=one-mass\n[parameters]\nk=1\0002\n";
  const refusal cases[] = {
      {"[scenario]\nname=one-mass\n[parameters]\nk=100\nk=200\n", 0, ":5:", "'k' again"},
      {"[scenario]\nname=one-mass\n[parameters]\nk=100\n[parameters]\nM=2\n", 0,
       ":5:", "group [parameters] again"},
      {"[scenario]\nname=one-mass\n[scenario]\nt_end=2\n", 0, ":3:", "again"},
      {"[scenario]\nname=one-mass\n[parameters]\nk=100\\\n", 0, ":4:", "backslash"},
      {"[scenario]\nname=one-mass\n[parameters]\nk=100\\", 0, ":4:", "backslash"},
      {nul, sizeof nul - 1, ":4:", "NUL"},
      {"[scenario]\nname=one-mass\n[parametres]\nk=1\n", 0, ":3:", "unknown group"},
      {"k=1\n[scenario]\nname=one-mass\n", 0, ":1:", "before any group"},
      {"[scenario]\nname=one-mass\nrtol=5\n", 0, ":3:", "rtol"},
      {"[scenario]\nname=one-mass\natol=1e9\n", 0, ":3:", "atol"},
      {"[scenario]\nname=one-mass\nmax_steps=0.5\n", 0, ":3:", "whole number"},
      {"[scenario]\nname=one-mass\nspeed=2\n", 0, ":3:", "unknown key 'speed'"},
      {"[scenario]\nname=one-mass\n\ndt_out=1e-8\n", 0, ":4:", "dt_out = 1e-08 s"},
      {"[scenario]\nname=one-mass\nt_end=1e9\n", 0, ":3:", "t_end = 1e+09 s"},
      {"[scenario]\nname=one-mass\n[parameters]\nk=\n", 0, ":4:", "'k'"},
      {"[scenario]\nname=no-mass\n", 0, ":2:", "unknown scenario"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    char *err = NULL;
    size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
    double *v = parse(cases[i].text, len, NULL, NULL, &err);
    if (v)
      g_error("case %zu accepted", i);
    assert_contains(err, cases[i].where);
    assert_contains(err, cases[i].why);
    free(err);
  }
  /* a UTF-8 byte-order mark is accepted, with CRLF line ends */
  const char *bom = "\xEF\xBB\xBF[scenario]\r\nname=one-mass\r\n[parameters]\r\nk=250\r\n";
  const ss_scenario *sc = NULL;
  char *err = NULL;
  double *v = parse(bom, strlen(bom), &sc, NULL, &err);
  if (!v)
    g_error("%s", err);
  g_assert_cmpfloat(v[ss_scenario_param_index(sc, "k")], ==, 250.0);
  free(v);
  /* cross-parameter checks name the file */
  const char *cross = "[scenario]\nname=one-mass\n[parameters]\nmu_k=0.9\n";
  g_assert_null(parse(cross, strlen(cross), NULL, NULL, &err));
  assert_contains(err, "t.stickslip: ");
  assert_contains(err, "mu_k");
  free(err);
}

/* Pinned runs ([run N]) save and read back bit for bit: values that differ
 * from [parameters], the user's name, hidden runs, a run equal to the
 * current one; the order follows N, not the file's order. */
static void test_pins_round_trip(void)
{
  const ss_scenario *sc = ss_scenario_find("gear-train");
  int n = sc->n_params, level = ss_scenario_param_index(sc, "level");
  int law = ss_scenario_param_index(sc, "law");
  double *values = g_new(double, n);
  ss_scenario_defaults(sc, values);
  ss_scenario_pin pins[3];
  for (int r = 0; r < 3; r++) {
    pins[r].values = g_new(double, n);
    memcpy(pins[r].values, values, sizeof(double) * (size_t)n);
    pins[r].name = NULL;
    pins[r].hidden = false;
  }
  pins[0].values[level] = 1;
  pins[0].values[law] = 2;
  pins[1].values[level] = 3;
  pins[1].name = (char *)"all four bearings = ψ, \"full\"";
  pins[1].hidden = true;
  /* pins[2]: the current values */
  ss_run_opts opts = {.t_end = 2.5, .dt_out = 0.005};
  size_t len = 0;
  char *text = ss_scenario_file_to_data_pins(sc, values, &opts, pins, 3, &len);
  assert_contains(text, "[run 1]\nvisible=true\nlevel=2\nlaw=tanh\n");
  assert_contains(text, "[run 3]\nvisible=true\n");
  ss_scenario_pin *read = NULL;
  int n_read = -1;
  char *err = NULL;
  const ss_scenario *back = NULL;
  double *parsed =
      ss_scenario_file_parse_pins(text, len, "t.stickslip", &back, NULL, &read, &n_read, &err);
  if (!parsed)
    g_error("%s\n%s", err, text);
  g_assert_true(back == sc);
  g_assert_cmpint(n_read, ==, 3);
  for (int r = 0; r < 3; r++) {
    g_assert_true(memcmp(read[r].values, pins[r].values, sizeof(double) * (size_t)n) == 0);
    g_assert_cmpstr(read[r].name, ==, pins[r].name);
    g_assert_true(read[r].hidden == pins[r].hidden);
  }
  /* saved again: the same text */
  char *again = ss_scenario_file_to_data_pins(sc, parsed, &opts, read, n_read, NULL);
  g_assert_cmpstr(again, ==, text);
  /* the plain reader takes the file and leaves the runs out */
  double *plain = ss_scenario_file_parse(text, len, "t.stickslip", NULL, NULL, &err);
  g_assert_nonnull(plain);
  ss_scenario_pins_free(read, n_read);
  free(plain);
  free(again);
  free(parsed);
  free(text);

  /* by N, whatever the order in the file; a name cut between characters */
  const char *hand = "[scenario]\nname=one-mass\n[parameters]\nk=100\n[run 10]\nk=300\n"
                     "[run 2]\nk=200\nname=two hundred\n";
  parsed = ss_scenario_file_parse_pins(hand, strlen(hand), "t.stickslip", &back, NULL, &read,
                                       &n_read, &err);
  if (!parsed)
    g_error("%s", err);
  g_assert_cmpint(n_read, ==, 2);
  int k = ss_scenario_param_index(back, "k");
  g_assert_cmpfloat(read[0].values[k], ==, 200);
  g_assert_cmpstr(read[0].name, ==, "two hundred");
  g_assert_cmpfloat(read[1].values[k], ==, 300);
  g_assert_null(read[1].name);
  g_free(read[1].name);
  GString *longname = g_string_new(NULL);
  for (int i = 0; i < 150; i++)
    g_string_append(longname, "γ"); /* two bytes each */
  read[1].name = g_string_free(longname, FALSE);
  text = ss_scenario_file_to_data_pins(back, parsed, NULL, read, n_read, &len);
  ss_scenario_pins_free(read, n_read);
  free(parsed);
  parsed = ss_scenario_file_parse_pins(text, len, "t.stickslip", NULL, NULL, &read, &n_read, &err);
  if (!parsed)
    g_error("%s\n%s", err, text);
  g_assert_cmpuint(strlen(read[1].name), ==, 200);
  g_assert_true(g_utf8_validate(read[1].name, -1, NULL));
  ss_scenario_pins_free(read, n_read);
  free(parsed);
  free(text);
  for (int r = 0; r < 3; r++)
    g_free(pins[r].values);
  g_free(values);
}

/* Malformed [run N] groups are refused with file:line, and so are values
 * out of range in them and runs whose model cannot be built. */
static void test_pins_refused_with_lines(void)
{
  const refusal cases[] = {
      {"[scenario]\nname=one-mass\n[run]\nk=1\n", 0, ":3:", "unknown group [run]"},
      {"[scenario]\nname=one-mass\n[run 0]\nk=1\n", 0, ":3:", "unknown group [run 0]"},
      {"[scenario]\nname=one-mass\n[run 01]\nk=1\n", 0, ":3:", "unknown group"},
      {"[scenario]\nname=one-mass\n[run 65]\nk=1\n", 0, ":3:", "[run 1] .. [run 64]"},
      {"[scenario]\nname=one-mass\n[run x]\n", 0, ":3:", "unknown group"},
      {"[scenario]\nname=one-mass\n[run 1]\nk=1\n[run 1]\nk=2\n", 0, ":5:", "group [run 1] again"},
      {"[scenario]\nname=one-mass\n[run 1]\nk=1\nk=2\n", 0, ":5:", "'k' again"},
      {"[scenario]\nname=one-mass\n[run 2]\nkk=1\n", 0, ":4:", "name= and visible="},
      {"[scenario]\nname=one-mass\n[run 2]\n\nk=-5\n", 0, ":5:", "k"},
      {"[scenario]\nname=one-mass\n[run 2]\nvisible=maybe\n", 0, ":4:", "true or false"},
      {"[scenario]\nname=one-mass\n[parameters]\nmu_s=0.5\n[run 3]\nmu_k=0.9\n", 0,
       ":5:", "[run 3]"},
      {"[scenario]\nname=one-mass\n[run 1]\nname=\xff\n", 0, ":4:", ""},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    char *err = NULL;
    size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
    ss_scenario_pin *pins = NULL;
    int n_pins = 0;
    double *v = ss_scenario_file_parse_pins(cases[i].text, len, "t.stickslip", NULL, NULL, &pins,
                                            &n_pins, &err);
    if (v)
      g_error("case %zu accepted", i);
    g_assert_null(pins);
    assert_contains(err, cases[i].where);
    assert_contains(err, cases[i].why);
    free(err);
  }
}

/* --file /dev/zero was read until memory ran out. */
static void test_size_cap(void)
{
  char *err = NULL;
  g_assert_null(ss_scenario_file_load("/dev/zero", NULL, NULL, &err));
  assert_contains(err, "larger than 1048576 bytes");
  g_autofree char *dir = g_dir_make_tmp("stickslip-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "long.stickslip", NULL);
  /* a file of exactly 1 MiB of comments is read, one byte more is refused */
  GString *text = g_string_new("[scenario]\nname=one-mass\n");
  while (text->len < SS_SCENARIO_FILE_MAX_BYTES - 100)
    g_string_append(text, "# a comment line of about sixty characters, nothing else\n");
  g_string_append_c(text, '#');
  while (text->len < SS_SCENARIO_FILE_MAX_BYTES - 1)
    g_string_append_c(text, '-');
  g_string_append_c(text, '\n');
  g_assert_cmpuint(text->len, ==, SS_SCENARIO_FILE_MAX_BYTES);
  g_assert_true(g_file_set_contents(path, text->str, (gssize)text->len, NULL));
  double *v = ss_scenario_file_load(path, NULL, NULL, &err);
  g_assert_nonnull(v);
  free(v);
  g_string_append_c(text, '\n');
  g_assert_true(g_file_set_contents(path, text->str, (gssize)text->len, NULL));
  g_assert_null(ss_scenario_file_load(path, NULL, NULL, &err));
  assert_contains(err, "larger than 1048576 bytes");
  g_assert_null(ss_scenario_file_load(dir, NULL, NULL, &err));
  free(err);
  g_string_free(text, TRUE);
  g_remove(path);
  g_rmdir(dir);
}

/* "1e+06 is out of range; valid range (0, 1e+06]" hid the value. */
static void test_messages_tell_values_apart(void)
{
  const ss_scenario *sc = ss_scenario_find("one-mass");
  const ss_param_info *M = &sc->params[ss_scenario_param_index(sc, "M")];
  char *err = NULL;
  g_assert_false(ss_param_check(M, nextafter(1e6, 2e6), &err));
  assert_contains(err, "1000000.0000000001 is out of range; valid range (0, 1e+06] kg");
  const ss_param_info *mu = &sc->params[ss_scenario_param_index(sc, "mu_s")];
  g_assert_false(ss_param_check(mu, -nextafter(0.0, 1.0) * 1e300, &err));
  g_assert_false(ss_param_check(mu, nextafter(10.0, 20.0), &err));
  assert_contains(err, "10.000000000000002 is out of range; valid range [0, 10] (dimensionless)");
  free(err);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/scenario-files/run-options-saved", test_run_options_saved);
  g_test_add_func("/scenario-files/numbers-exact", test_numbers_exact);
  g_test_add_func("/scenario-files/whole-numbers-round-trip", test_whole_numbers_round_trip);
  g_test_add_func("/scenario-files/subnormal-refused-alike", test_subnormal_refused_alike);
  g_test_add_func("/scenario-files/refusals-with-lines", test_refusals_with_lines);
  g_test_add_func("/scenario-files/size-cap", test_size_cap);
  g_test_add_func("/scenario-files/pins-round-trip", test_pins_round_trip);
  g_test_add_func("/scenario-files/pins-refused-with-lines", test_pins_refused_with_lines);
  g_test_add_func("/scenario-files/messages-tell-values-apart", test_messages_tell_values_apart);
  return g_test_run();
}
