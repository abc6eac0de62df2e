/* test-cli-util.h - running programs from a test: stickslip-cli
 * ($STICKSLIP_CLI) and any other (the app, xdotool, localedef, tools).  The
 * one spawning helper of the model, CLI, GUI and video tests (test-util.h
 * includes it for the model tests), with what goes with it: a locale with a
 * decimal comma made by localedef, a temporary folder removed. */
#ifndef TEST_CLI_UTIL_H
#define TEST_CLI_UTIL_H

#include <fcntl.h>
#include <locale.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

typedef struct cli_result {
  int status; /* exit status, or 128 + signal */
  char *out;  /* standard output */
  char *err;  /* standard error */
} cli_result;

/* Runs the NULL-terminated argv (argv[0] looked up in PATH) in cwd (NULL:
 * the test's) with the environment env (NULL: the test's), standard input
 * from stdin_path (NULL: none, as g_spawn_sync leaves it) and standard
 * output into stdout_path (NULL: into *out; else the child gets the file
 * opened for writing, not truncated, and *out is "").  out or err NULL:
 * that stream is discarded.  Returns the exit code, or 128 + the signal
 * that ended it; a program that cannot be started fails the test. */
static inline int test_spawn(const char *cwd, const char *const *argv, const char *const *env,
                             const char *stdin_path, const char *stdout_path, char **out,
                             char **err)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new();
  g_autofree char *script = NULL;
  if (stdin_path) { /* sh -c 'exec "$0" "$@" < FILE' */
    script = g_strdup_printf("exec \"$0\" \"$@\" < '%s'", stdin_path);
    g_ptr_array_add(args, (gpointer) "/bin/sh");
    g_ptr_array_add(args, (gpointer) "-c");
    g_ptr_array_add(args, script);
  }
  for (int i = 0; argv[i]; i++)
    g_ptr_array_add(args, (gpointer)argv[i]);
  g_ptr_array_add(args, NULL);
  int wait_status = 0;
  g_autoptr(GError) error = NULL;
  if (stdout_path) {
    int out_fd = open(stdout_path, O_WRONLY);
    g_assert_cmpint(out_fd, >=, 0);
    GPid pid;
    int err_fd = -1;
    if (!g_spawn_async_with_pipes_and_fds(cwd, (const char *const *)args->pdata, env,
                                          G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH, NULL,
                                          NULL, -1, out_fd, -1, NULL, NULL, 0, &pid, NULL, NULL,
                                          &err_fd, &error))
      g_error("spawn %s: %s", argv[0], error->message);
    close(out_fd);
    GString *text = g_string_new(NULL);
    char buf[4096];
    ssize_t n;
    while ((n = read(err_fd, buf, sizeof buf)) > 0)
      g_string_append_len(text, buf, n);
    close(err_fd);
    g_assert_cmpint(waitpid(pid, &wait_status, 0), ==, pid);
    g_spawn_close_pid(pid);
    if (err)
      *err = g_string_free(text, FALSE);
    else
      g_string_free(text, TRUE);
    if (out)
      *out = g_strdup("");
  } else {
    GSpawnFlags flags = G_SPAWN_SEARCH_PATH;
    if (!out)
      flags |= G_SPAWN_STDOUT_TO_DEV_NULL;
    if (!err)
      flags |= G_SPAWN_STDERR_TO_DEV_NULL;
    if (!g_spawn_sync(cwd, (char **)args->pdata, (char **)env, flags, NULL, NULL, out, err,
                      &wait_status, &error))
      g_error("spawn %s: %s", argv[0], error->message);
  }
  return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
}

/* Runs the CLI with the NULL-terminated args (without the program), as
 * test_spawn: in cwd, standard input from stdin_path, standard output into
 * stdout_path (NULL: captured in .out). */
static inline cli_result cli_run_io(const char *cwd, const char *stdin_path,
                                    const char *stdout_path, const char *const *args)
{
  const char *cli = g_getenv("STICKSLIP_CLI");
  g_assert_nonnull(cli);
  g_autoptr(GPtrArray) argv = g_ptr_array_new();
  g_ptr_array_add(argv, (gpointer)cli);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add(argv, (gpointer)args[i]);
  g_ptr_array_add(argv, NULL);
  cli_result r = {0};
  r.status = test_spawn(cwd, (const char *const *)argv->pdata, NULL, stdin_path, stdout_path,
                        &r.out, &r.err);
  return r;
}

/* The same, standard output captured. */
static inline cli_result cli_runv(const char *cwd, const char *stdin_path, const char *const *args)
{
  return cli_run_io(cwd, stdin_path, NULL, args);
}

/* The same with the arguments listed, NULL last. */
static inline cli_result cli_run(const char *cwd, const char *first, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new();
  va_list ap;
  va_start(ap, first);
  for (const char *a = first; a; a = va_arg(ap, const char *))
    g_ptr_array_add(args, (gpointer)a);
  va_end(ap);
  g_ptr_array_add(args, NULL);
  return cli_runv(cwd, NULL, (const char *const *)args->pdata);
}

static inline void cli_result_clear(cli_result *r)
{
  g_free(r->out);
  g_free(r->err);
  r->out = r->err = NULL;
}

/* Standard output of a CLI run that must succeed: any other exit fails the
 * test, with the command and its standard error. */
static inline char *cli_ok(const char *const *args)
{
  cli_result r = cli_runv(NULL, NULL, args);
  if (r.status != 0)
    g_error("stickslip-cli %s %s: exit %d: %s", args[0], args[1] ? args[1] : "", r.status, r.err);
  g_free(r.err);
  return r.out;
}

/* The CSV of a CLI run that must succeed, split: one GStrv of fields per
 * line, the header first, empty lines left out. */
static inline GPtrArray *cli_csv_rows(const char *const *args)
{
  g_autofree char *out = cli_ok(args);
  g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
  GPtrArray *rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
  for (int i = 0; lines[i]; i++)
    if (lines[i][0] != '\0')
      g_ptr_array_add(rows, g_strsplit(lines[i], ",", -1));
  return rows;
}

/* A wait for a condition, with no deadline: the caller loops until what it
 * waits for holds (a run finished, a window mapped, a child exited) and
 * calls test_wait_tick() on every pass, which reports "still waiting for
 * WHAT" every TEST_WAIT_REPORT_S seconds.  No test passes or fails on
 * wall-clock time: only meson's per-test timeout (generous, set in
 * meson.build) ends a wait that never finishes, reported as TIMEOUT. */
#define TEST_WAIT_REPORT_S 30

typedef struct test_wait {
  const char *what; /* for the report */
  gint64 started;   /* monotonic, us */
  gint64 report;    /* the next report, monotonic, us */
} test_wait;

static inline test_wait test_wait_start(const char *what)
{
  gint64 now = g_get_monotonic_time();
  test_wait w = {what, now, now + TEST_WAIT_REPORT_S * G_USEC_PER_SEC};
  return w;
}

static inline void test_wait_tick(test_wait *w)
{
  gint64 now = g_get_monotonic_time();
  if (now < w->report)
    return;
  g_test_message("still waiting for %s (%.0f s)", w->what,
                 (double)(now - w->started) / G_USEC_PER_SEC);
  w->report = now + TEST_WAIT_REPORT_S * G_USEC_PER_SEC;
}

/* Removes path: a file, or a folder with all it holds; a symbolic link
 * is removed, never followed. */
static inline void test_remove_tree(const char *path)
{
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    g_autoptr(GDir) d = g_dir_open(path, 0, NULL);
    const char *name;
    while (d && (name = g_dir_read_name(d))) {
      g_autofree char *child = g_build_filename(path, name, NULL);
      test_remove_tree(child);
    }
  }
  g_remove(path);
}

/* A locale that writes numbers with a decimal comma (Polish, the UI's
 * translation), made with localedef in dir (then found with LOCPATH=dir)
 * when the system has none compiled; (locale_t)0 when it cannot be had.
 * The global locale is left as it was. */
static inline locale_t test_comma_locale(const char *dir)
{
  locale_t loc = newlocale(LC_NUMERIC_MASK, "pl_PL.UTF-8", (locale_t)0);
  if (loc)
    return loc;
  g_autofree char *target = g_build_filename(dir, "pl_PL.UTF-8", NULL);
  const char *argv[] = {"localedef", "-i", "pl_PL", "-f", "UTF-8", target, NULL};
  g_autofree char *localedef = g_find_program_in_path("localedef");
  if (!localedef)
    return (locale_t)0;
  test_spawn(NULL, argv, NULL, NULL, NULL, NULL, NULL); /* the locale is made or not */
  /* through setlocale: glibc's newlocale leaks its copy of LOCPATH */
  g_autofree char *global = g_strdup(setlocale(LC_NUMERIC, NULL));
  g_setenv("LOCPATH", dir, TRUE);
  if (setlocale(LC_NUMERIC, "pl_PL.UTF-8"))
    loc = duplocale(LC_GLOBAL_LOCALE);
  g_unsetenv("LOCPATH");
  setlocale(LC_NUMERIC, global);
  return loc;
}

#endif
