/* test-cli-util.h - running stickslip-cli ($STICKSLIP_CLI) from a test:
 * the one helper the CLI and GUI tests share (test-util.h includes it for
 * the model tests). */
#ifndef TEST_CLI_UTIL_H
#define TEST_CLI_UTIL_H

#include <fcntl.h>
#include <stdarg.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>

typedef struct cli_result {
  int status; /* exit status, or 128 + signal */
  char *out;  /* standard output */
  char *err;  /* standard error */
} cli_result;

/* Runs the CLI with the NULL-terminated argv (without the program) in cwd
 * (NULL: the test's), standard input from stdin_path (NULL: none, as
 * g_spawn_sync leaves it) and standard output into stdout_path (NULL:
 * captured in .out; else the child gets the file opened for writing, not
 * truncated, and .out is ""). The status is the exit code, or 128 + the
 * signal that ended it. */
static inline cli_result cli_run_io(const char *cwd, const char *stdin_path,
                                    const char *stdout_path, const char *const *args)
{
  const char *cli = g_getenv("STICKSLIP_CLI");
  g_assert_nonnull(cli);
  g_autoptr(GPtrArray) argv = g_ptr_array_new();
  g_autofree char *script = NULL;
  if (stdin_path) { /* sh -c 'exec "$0" "$@" < FILE' */
    script = g_strdup_printf("exec \"$0\" \"$@\" < '%s'", stdin_path);
    g_ptr_array_add(argv, (gpointer) "/bin/sh");
    g_ptr_array_add(argv, (gpointer) "-c");
    g_ptr_array_add(argv, script);
  }
  g_ptr_array_add(argv, (gpointer)cli);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add(argv, (gpointer)args[i]);
  g_ptr_array_add(argv, NULL);
  cli_result r = {0};
  int wait_status = 0;
  g_autoptr(GError) error = NULL;
  if (stdout_path) {
    int out_fd = open(stdout_path, O_WRONLY);
    g_assert_cmpint(out_fd, >=, 0);
    GPid pid;
    int err_fd = -1;
    if (!g_spawn_async_with_pipes_and_fds(cwd, (const char *const *)argv->pdata, NULL,
                                          G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, -1, out_fd, -1,
                                          NULL, NULL, 0, &pid, NULL, NULL, &err_fd, &error))
      g_error("spawn: %s", error->message);
    close(out_fd);
    GString *err = g_string_new(NULL);
    char buf[4096];
    ssize_t n;
    while ((n = read(err_fd, buf, sizeof buf)) > 0)
      g_string_append_len(err, buf, n);
    close(err_fd);
    g_assert_cmpint(waitpid(pid, &wait_status, 0), ==, pid);
    g_spawn_close_pid(pid);
    r.err = g_string_free(err, FALSE);
    r.out = g_strdup("");
  } else if (!g_spawn_sync(cwd, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out,
                           &r.err, &wait_status, &error)) {
    g_error("spawn: %s", error->message);
  }
  r.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
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

#endif
