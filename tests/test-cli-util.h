/* test-cli-util.h - running stickslip-cli ($STICKSLIP_CLI) from a test:
 * the one helper the CLI and GUI tests share (test-util.h includes it for
 * the model tests). */
#ifndef TEST_CLI_UTIL_H
#define TEST_CLI_UTIL_H

#include <stdarg.h>
#include <sys/wait.h>

#include <glib.h>

typedef struct cli_result {
  int status; /* exit status */
  char *out;  /* standard output */
  char *err;  /* standard error */
} cli_result;

/* Runs the CLI with the NULL-terminated argv (without the program) in cwd
 * (NULL: the test's), standard input from stdin_path (NULL: none, as
 * g_spawn_sync leaves it); fails the test unless it exited normally. */
static inline cli_result cli_runv(const char *cwd, const char *stdin_path, const char *const *args)
{
  const char *cli = g_getenv("STICKSLIP_CLI");
  g_assert_nonnull(cli);
  g_autoptr(GPtrArray) argv = g_ptr_array_new();
  if (stdin_path) { /* sh -c 'exec "$0" "$@" < FILE' */
    g_ptr_array_add(argv, (gpointer) "/bin/sh");
    g_ptr_array_add(argv, (gpointer) "-c");
    g_ptr_array_add(argv, g_strdup_printf("exec \"$0\" \"$@\" < '%s'", stdin_path));
  }
  g_ptr_array_add(argv, (gpointer)cli);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add(argv, (gpointer)args[i]);
  g_ptr_array_add(argv, NULL);
  cli_result r = {0};
  int wait_status = 0;
  g_autoptr(GError) error = NULL;
  if (!g_spawn_sync(cwd, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out, &r.err,
                    &wait_status, &error))
    g_error("spawn: %s", error->message);
  if (stdin_path)
    g_free(argv->pdata[2]);
  g_assert_true(WIFEXITED(wait_status));
  r.status = WEXITSTATUS(wait_status);
  return r;
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

#endif
