/* test-cli-gnu.c - stickslip-cli as a GNU tool: every command's --help on
 * standard output with exit 0, --version, --opt=VALUE, --file - (standard
 * input). */
#include <stdbool.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "test-cli-util.h"

static const char *const commands[] = {"list",  "params", "examples", "run",
                                       "sweep", "merge",  "bench",    "statics"};

static void test_command_help(void)
{
  for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
    const char *spellings[][3] = {
        {commands[i], "--help", NULL}, {commands[i], "-h", NULL}, {"help", commands[i], NULL}};
    for (size_t s = 0; s < G_N_ELEMENTS(spellings); s++) {
      cli_result r = cli_runv(NULL, NULL, spellings[s]);
      g_assert_cmpint(r.status, ==, 0);
      g_assert_cmpstr(r.err, ==, "");
      g_assert_true(g_str_has_prefix(r.out, "Usage:"));
      g_autofree char *own = g_strdup_printf("stickslip-cli %s", commands[i]);
      g_assert_nonnull(strstr(r.out, own));
      cli_result_clear(&r);
    }
  }
  /* a command's help lists its options; after other arguments too */
  cli_result r = cli_run(NULL, "run", "one-mass", "--set", "k=200", "--help", NULL);
  g_assert_cmpint(r.status, ==, 0);
  for (const char *const *o = (const char *const[]){"--max-steps", "--metrics", "--file", NULL}; *o;
       o++)
    g_assert_nonnull(strstr(r.out, *o));
  cli_result_clear(&r);
  /* the whole help holds every command's options (the man page's source) */
  r = cli_run(NULL, "--help", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_nonnull(strstr(r.out, "--vary NAME=LO:HI:N"));
  g_assert_nonnull(strstr(r.out, "--max-events N"));
  cli_result_clear(&r);
}

static void test_version(void)
{
  cli_result r = cli_run(NULL, "--version", NULL);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_cmpstr(r.err, ==, "");
  g_assert_true(g_str_has_prefix(r.out, "stickslip-cli 0."));
  g_assert_nonnull(strstr(r.out, "\nCVODE: "));
  cli_result_clear(&r);
}

static void test_equals_spelling(void)
{
  cli_result a = cli_run(NULL, "run", "one-mass", "--set", "k=200", "--t-end", "2", "--dt-out",
                         "0.1", "--csv", "-", NULL);
  cli_result b =
      cli_run(NULL, "run", "one-mass", "--set=k=200", "--t-end=2", "--dt-out=0.1", "--csv=-", NULL);
  g_assert_cmpint(a.status, ==, 0);
  g_assert_cmpint(b.status, ==, 0);
  g_assert_cmpstr(a.out, ==, b.out);
  /* the values reached the run: it ends at 2 s and differs from k's default */
  g_assert_nonnull(strstr(a.out, "\n2,"));
  g_assert_null(strstr(a.out, "\n2.1,"));
  cli_result d = cli_run(NULL, "run", "one-mass", "--t-end=2", "--dt-out=0.1", "--csv=-", NULL);
  g_assert_cmpint(d.status, ==, 0);
  g_assert_cmpstr(d.out, !=, a.out);
  cli_result_clear(&d);
  cli_result_clear(&a);
  cli_result_clear(&b);
  /* an invalid value keeps its message, naming the option */
  cli_result c = cli_run(NULL, "run", "one-mass", "--t-end=-1", "--csv=-", NULL);
  g_assert_cmpint(c.status, ==, 2);
  g_assert_nonnull(strstr(c.err, "t_end"));
  cli_result_clear(&c);
}

static void test_file_stdin(void)
{
  g_autofree char *dir = g_dir_make_tmp("cli-gnu-XXXXXX", NULL);
  g_autofree char *path = g_build_filename(dir, "k300.stickslip", NULL);
  g_assert_true(g_file_set_contents(
      path, "[scenario]\nname=one-mass\nt_end=1\n\n[parameters]\nk=300\n", -1, NULL));
  cli_result from_file = cli_run(NULL, "run", "--file", path, "--csv", "-", NULL);
  cli_result from_stdin =
      cli_runv(NULL, path, (const char *const[]){"run", "--file", "-", "--csv", "-", NULL});
  g_assert_cmpint(from_file.status, ==, 0);
  g_assert_cmpint(from_stdin.status, ==, 0);
  g_assert_cmpstr(from_stdin.out, ==, from_file.out);
  cli_result_clear(&from_file);
  cli_result_clear(&from_stdin);
  /* a refusal names standard input and the line */
  g_assert_true(
      g_file_set_contents(path, "[scenario]\nname=one-mass\n[parameters]\nk=-1\n", -1, NULL));
  cli_result bad =
      cli_runv(NULL, path, (const char *const[]){"run", "--file", "-", "--csv", "-", NULL});
  g_assert_cmpint(bad.status, ==, 2);
  g_assert_true(g_str_has_prefix(bad.err, "stickslip-cli: standard input:4:"));
  cli_result_clear(&bad);
  g_unlink(path);
  g_rmdir(dir);
}

/* The options a command's --help lists are the ones it takes: each is
 * known to its parser (whatever it then says of the value), and a spelling
 * no help lists is refused, naming it. */
static void test_help_is_the_table(void)
{
  for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
    cli_result h = cli_run(NULL, commands[i], "--help", NULL);
    g_assert_cmpint(h.status, ==, 0);
    g_auto(GStrv) lines = g_strsplit(h.out, "\n", -1);
    int listed = 0;
    for (char **l = lines; *l; l++) {
      if (!g_str_has_prefix(*l, "  --"))
        continue;
      g_autofree char *name = g_strndup(*l + 2, strcspn(*l + 2, " "));
      g_autofree char *spelled = g_strdup_printf("%s=1", name);
      cli_result r = cli_run(NULL, commands[i], spelled, NULL);
      if (strstr(r.err, "unknown option"))
        g_error("%s --help lists %s, which it refuses: %s", commands[i], name, r.err);
      cli_result_clear(&r);
      listed++;
    }
    bool lists_only = i < 3; /* list, params, examples take no option */
    g_assert_true(lists_only ? listed == 0 : listed > 0);
    cli_result_clear(&h);
    cli_result r = cli_run(NULL, commands[i], "--no-such-option=1", NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_autofree char *said = g_strdup_printf("%s: unknown option '--no-such-option=1'", commands[i]);
    g_assert_nonnull(strstr(r.err, said));
    cli_result_clear(&r);
  }
}

/* "--" ends the options: what follows is an argument, whatever its
 * spelling; merge's --csv, like every output, is given once. */
static void test_end_of_options(void)
{
  cli_result a = cli_run(NULL, "run", "--t-end=1", "--csv=-", "--", "one-mass", NULL);
  cli_result b = cli_run(NULL, "run", "one-mass", "--t-end=1", "--csv=-", NULL);
  g_assert_cmpint(a.status, ==, 0);
  g_assert_cmpstr(a.out, ==, b.out);
  cli_result_clear(&a);
  cli_result_clear(&b);
  a = cli_run(NULL, "run", "--csv=-", "--", "--t-end=1", NULL);
  g_assert_cmpint(a.status, ==, 2);
  g_assert_nonnull(strstr(a.err, "unknown scenario '--t-end=1'"));
  cli_result_clear(&a);
  /* one SCENARIO: a second is named */
  a = cli_run(NULL, "run", "one-mass", "two-block", "--csv=-", NULL);
  g_assert_cmpint(a.status, ==, 2);
  g_assert_nonnull(strstr(a.err, "unexpected argument 'two-block'"));
  cli_result_clear(&a);
  a = cli_run(NULL, "merge", "part-1.csv", "--csv", "a.csv", "--csv=b.csv", NULL);
  g_assert_cmpint(a.status, ==, 2);
  g_assert_nonnull(strstr(a.err, "--csv given twice ('a.csv' and 'b.csv')"));
  cli_result_clear(&a);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cli-gnu/command-help", test_command_help);
  g_test_add_func("/cli-gnu/version", test_version);
  g_test_add_func("/cli-gnu/equals-spelling", test_equals_spelling);
  g_test_add_func("/cli-gnu/file-stdin", test_file_stdin);
  g_test_add_func("/cli-gnu/help-is-the-table", test_help_is_the_table);
  g_test_add_func("/cli-gnu/end-of-options", test_end_of_options);
  return g_test_run();
}
