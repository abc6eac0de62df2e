/* test-output-file.c - ss_output, the one way files are written (CLI CSV
 * and events, scenario files, the GUI's exports): every rule of
 * stickslip.h against the file system. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "scenario-file.h"
#include "test-util.h"

static char *tmpdir;

static char *tmp_path(const char *name) { return g_build_filename(tmpdir, name, NULL); }

static void put(const char *path, const char *text)
{
  g_assert_true(g_file_set_contents(path, text, -1, NULL));
}

static char *get(const char *path)
{
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  return text;
}

static bool write_text(const char *path, const char *text, char **err)
{
  return ss_output_write_all(path, text, strlen(text), err);
}

/* Nothing but the named files in the folder: no temporary file left. */
static void assert_no_leftovers(void)
{
  g_autoptr(GDir) dir = g_dir_open(tmpdir, 0, NULL);
  const char *name;
  while ((name = g_dir_read_name(dir)))
    if (name[0] == '.')
      g_error("left behind: %s", name);
}

static void test_new_file(void)
{
  g_autofree char *path = tmp_path("new.csv");
  char *err = NULL;
  mode_t mask = umask(022);
  g_assert_true(write_text(path, "a,b\n1,2\n", &err));
  umask(mask);
  g_autofree char *text = get(path);
  g_assert_cmpstr(text, ==, "a,b\n1,2\n");
  struct stat st;
  g_assert_cmpint(stat(path, &st), ==, 0);
  g_assert_cmpint(st.st_mode & 07777, ==, 0644); /* 0666 less the umask, as any program's */
  assert_no_leftovers();
  g_remove(path);
}

/* A regular file: replaced by a new inode at once, its mode kept. */
static void test_regular_replaced(void)
{
  g_autofree char *path = tmp_path("plain.csv");
  put(path, "old\n");
  g_assert_cmpint(chmod(path, 0640), ==, 0);
  struct stat before, after;
  g_assert_cmpint(stat(path, &before), ==, 0);
  char *err = NULL;
  ss_output *out = ss_output_open(path, &err);
  g_assert_nonnull(out);
  fputs("new\n", ss_output_stream(out));
  fflush(ss_output_stream(out));
  g_autofree char *during = get(path);
  g_assert_cmpstr(during, ==, "old\n"); /* readers see the old content until commit */
  g_assert_true(ss_output_commit(out, &err));
  g_assert_cmpint(stat(path, &after), ==, 0);
  g_assert_cmpuint(after.st_ino, !=, before.st_ino);
  g_assert_cmpint(after.st_mode & 07777, ==, 0640);
  g_autofree char *text = get(path);
  g_assert_cmpstr(text, ==, "new\n");
  /* abort: the old content stays, nothing is left behind */
  out = ss_output_open(path, &err);
  fputs("half", ss_output_stream(out));
  ss_output_abort(out);
  g_autofree char *kept = get(path);
  g_assert_cmpstr(kept, ==, "new\n");
  assert_no_leftovers();
  g_remove(path);
}

static void test_mode_and_owner_kept(void)
{
  g_autofree char *path = tmp_path("private.csv");
  put(path, "old\n");
  g_assert_cmpint(chmod(path, 0600), ==, 0);
  char *err = NULL;
  g_assert_true(write_text(path, "new\n", &err));
  struct stat st;
  g_assert_cmpint(stat(path, &st), ==, 0);
  g_assert_cmpint(st.st_mode & 07777, ==, 0600);
  if (geteuid() == 0) { /* a file of someone else's: root keeps its owner */
    g_assert_cmpint(chown(path, 4321, 4322), ==, 0);
    g_assert_true(write_text(path, "newer\n", &err));
    g_assert_cmpint(stat(path, &st), ==, 0);
    g_assert_cmpint(st.st_uid, ==, 4321);
    g_assert_cmpint(st.st_gid, ==, 4322);
    g_assert_cmpint(st.st_mode & 07777, ==, 0600);
  }
  /* a read-only file is not replaced behind its back (root may write) */
  g_assert_cmpint(chmod(path, 0400), ==, 0);
  if (geteuid() != 0) {
    g_assert_false(write_text(path, "no\n", &err));
    g_assert_nonnull(strstr(err, "Permission denied"));
    free(err);
  }
  assert_no_leftovers();
  g_remove(path);
}

static void test_symlink_followed(void)
{
  g_autofree char *sub = tmp_path("sub");
  g_assert_cmpint(g_mkdir(sub, 0700), ==, 0);
  g_autofree char *target = g_build_filename(sub, "target.csv", NULL);
  g_autofree char *link1 = tmp_path("link1.csv");
  g_autofree char *link2 = tmp_path("link2.csv");
  put(target, "old\n");
  g_assert_cmpint(symlink("sub/target.csv", link1), ==, 0); /* relative to its folder */
  g_assert_cmpint(symlink(link1, link2), ==, 0);            /* a chain */
  char *err = NULL;
  g_assert_true(write_text(link2, "new\n", &err));
  struct stat st;
  g_assert_cmpint(lstat(link1, &st), ==, 0);
  g_assert_true(S_ISLNK(st.st_mode));
  g_assert_cmpint(lstat(link2, &st), ==, 0);
  g_assert_true(S_ISLNK(st.st_mode));
  g_autofree char *text = get(target);
  g_assert_cmpstr(text, ==, "new\n");
  /* a dangling link's target is created */
  g_remove(target);
  g_assert_true(write_text(link1, "made\n", &err));
  g_autofree char *made = get(target);
  g_assert_cmpstr(made, ==, "made\n");
  /* a loop is an error, not a hang */
  g_autofree char *loop = tmp_path("loop");
  g_assert_cmpint(symlink("loop", loop), ==, 0);
  g_assert_false(write_text(loop, "x", &err));
  g_assert_nonnull(strstr(err, "loop"));
  free(err);
  g_remove(loop);
  g_remove(link1);
  g_remove(link2);
  g_remove(target);
  g_rmdir(sub);
}

static void test_hard_links_kept(void)
{
  g_autofree char *a = tmp_path("a.csv");
  g_autofree char *b = tmp_path("b.csv");
  put(a, "old\n");
  g_assert_cmpint(link(a, b), ==, 0);
  struct stat before;
  g_assert_cmpint(stat(a, &before), ==, 0);
  char *err = NULL;
  ss_output *out = ss_output_open(a, &err);
  g_assert_nonnull(out);
  fputs("new and longer\n", ss_output_stream(out));
  fflush(ss_output_stream(out));
  g_autofree char *during = get(b);
  g_assert_cmpstr(during, ==, "old\n"); /* written in place only on commit */
  g_assert_true(ss_output_commit(out, &err));
  struct stat sa, sb;
  g_assert_cmpint(stat(a, &sa), ==, 0);
  g_assert_cmpint(stat(b, &sb), ==, 0);
  g_assert_cmpuint(sa.st_ino, ==, before.st_ino);
  g_assert_cmpuint(sb.st_ino, ==, before.st_ino);
  g_assert_cmpuint(sa.st_nlink, ==, 2);
  g_autofree char *text = get(b);
  g_assert_cmpstr(text, ==, "new and longer\n");
  /* shorter content: the rest is cut */
  g_assert_true(write_text(b, "x\n", &err));
  g_autofree char *shorter = get(a);
  g_assert_cmpstr(shorter, ==, "x\n");
  assert_no_leftovers();
  g_remove(a);
  g_remove(b);
}

typedef struct fifo_reader {
  const char *path;
  GString *text;
} fifo_reader;

static gpointer read_fifo(gpointer data)
{
  fifo_reader *r = data;
  char *text = NULL;
  if (g_file_get_contents(r->path, &text, NULL, NULL))
    g_string_append(r->text, text);
  g_free(text);
  return NULL;
}

static void test_fifo_written(void)
{
  g_autofree char *fifo = tmp_path("out.fifo");
  g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
  fifo_reader r = {fifo, g_string_new(NULL)};
  GThread *thread = g_thread_new("reader", read_fifo, &r);
  char *err = NULL;
  GString *big = g_string_new(NULL); /* more than a pipe holds */
  for (int i = 0; i < 20000; i++)
    g_string_append_printf(big, "%d,%d\n", i, i * i);
  g_assert_true(write_text(fifo, big->str, &err));
  g_thread_join(thread);
  g_assert_cmpuint(r.text->len, ==, big->len);
  g_assert_true(strcmp(r.text->str, big->str) == 0);
  struct stat st;
  g_assert_cmpint(lstat(fifo, &st), ==, 0);
  g_assert_true(S_ISFIFO(st.st_mode));
  g_string_free(r.text, TRUE);
  g_string_free(big, TRUE);
  g_remove(fifo);
}

/* A character device is written to, never replaced.  Ours is made here (a
 * null device in the temporary folder, never /dev/null), which needs root;
 * /dev/full shows a device's write error is reported. */
static void test_char_device(void)
{
  char *err = NULL;
  if (g_file_test("/dev/full", G_FILE_TEST_EXISTS)) {
    g_assert_false(write_text("/dev/full", "x\n", &err));
    g_assert_nonnull(strstr(err, "/dev/full"));
    g_assert_nonnull(strstr(err, "No space left on device"));
    struct stat st;
    g_assert_cmpint(lstat("/dev/full", &st), ==, 0);
    g_assert_true(S_ISCHR(st.st_mode));
    free(err);
    err = NULL;
  }
  if (geteuid() != 0) {
    g_test_skip("making a device node needs root");
    return;
  }
  g_autofree char *dev = tmp_path("null-device");
  if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) != 0) {
    g_test_skip_printf("mknod: %s", g_strerror(errno));
    return;
  }
  g_assert_true(write_text(dev, "gone\n", &err));
  struct stat st;
  g_assert_cmpint(lstat(dev, &st), ==, 0);
  g_assert_true(S_ISCHR(st.st_mode));
  g_assert_cmpuint(st.st_rdev, ==, makedev(1, 3));
  assert_no_leftovers();
  g_remove(dev);
}

static void test_refusals(void)
{
  char *err = NULL;
  g_assert_null(ss_output_open(tmpdir, &err));
  g_assert_nonnull(strstr(err, "folder"));
  g_autofree char *missing = g_build_filename(tmpdir, "nowhere", "x.csv", NULL);
  g_assert_null(ss_output_open(missing, &err));
  g_assert_nonnull(strstr(err, "No such file or directory"));
  g_assert_null(ss_output_open("", &err));
  free(err);
  assert_no_leftovers();
}

/* Scenario files are saved through the same rules. */
static void test_scenario_file_save(void)
{
  const ss_scenario *sc = ss_scenario_find("one-mass");
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  g_autofree char *target = tmp_path("s.stickslip");
  g_autofree char *link = tmp_path("link.stickslip");
  put(target, "old\n");
  g_assert_cmpint(chmod(target, 0600), ==, 0);
  g_assert_cmpint(symlink("s.stickslip", link), ==, 0);
  ss_run_opts opts = {.t_end = 3, .rtol = 1e-9};
  char *err = NULL;
  g_assert_true(ss_scenario_file_save(link, sc, values, &opts, &err));
  struct stat st;
  g_assert_cmpint(lstat(link, &st), ==, 0);
  g_assert_true(S_ISLNK(st.st_mode));
  g_assert_cmpint(stat(target, &st), ==, 0);
  g_assert_cmpint(st.st_mode & 07777, ==, 0600);
  ss_run_opts back = {0};
  double *v = ss_scenario_file_load(link, NULL, &back, &err);
  g_assert_nonnull(v);
  g_assert_cmpfloat(back.rtol, ==, 1e-9);
  free(v);
  g_remove(link);
  g_remove(target);
  g_free(values);
}

/* A signal while an output is being written (before its commit): the
 * temporary file is removed, the process ends by that signal as it would
 * have (the default action restored and the signal raised again), and the
 * target keeps its content.  In a child process: it dies. */
static void test_signal_removes_temp(void)
{
  const int signals[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < G_N_ELEMENTS(signals); i++) {
    g_autofree char *target = tmp_path("sig.csv");
    put(target, "old\n");
    pid_t pid = fork();
    g_assert_cmpint(pid, >=, 0);
    if (pid == 0) {
      char *err = NULL;
      ss_output *o = ss_output_open(target, &err);
      if (!o)
        _exit(90);
      for (int k = 0; k < 10000; k++)
        fprintf(ss_output_stream(o), "%d,a row of the new content\n", k);
      fflush(ss_output_stream(o));
      raise(signals[i]);
      _exit(91); /* not reached: the signal ends the process */
    }
    int status = 0;
    g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
    g_assert_true(WIFSIGNALED(status));
    g_assert_cmpint(WTERMSIG(status), ==, signals[i]);
    g_autofree char *kept = get(target);
    g_assert_cmpstr(kept, ==, "old\n");
    assert_no_leftovers();
    g_remove(target);
  }
}

/* Names of one file: the same name, a symlink, a hard link, "./x", a file
 * not there yet under two spellings; never standard output, a device or a
 * FIFO (written in turn, nothing lost). */
static void test_same_file(void)
{
  g_autofree char *a = tmp_path("same-a.csv"), *b = tmp_path("same-b.csv");
  g_autofree char *sym = tmp_path("same-link.csv"), *hard = tmp_path("same-hard.csv");
  g_autofree char *dotted = g_build_filename(tmpdir, ".", "same-a.csv", NULL);
  g_autofree char *fresh = tmp_path("not-yet.csv");
  g_autofree char *base = g_path_get_basename(tmpdir);
  g_autofree char *fresh2 = g_build_filename(tmpdir, "..", base, "not-yet.csv", NULL);
  put(a, "a\n");
  put(b, "b\n");
  g_assert_cmpint(symlink("same-a.csv", sym), ==, 0);
  g_assert_cmpint(link(a, hard), ==, 0);
  g_assert_true(ss_output_same_file(a, a));
  g_assert_true(ss_output_same_file(a, sym));
  g_assert_true(ss_output_same_file(hard, a));
  g_assert_true(ss_output_same_file(dotted, a));
  g_assert_true(ss_output_same_file(fresh, fresh2));
  g_assert_false(ss_output_same_file(a, b));
  g_assert_false(ss_output_same_file(fresh, a));
  g_assert_false(ss_output_same_file("-", "-"));
  g_assert_false(ss_output_same_file("/dev/null", "/dev/null"));
  g_remove(sym);
  g_remove(hard);
  g_remove(a);
  g_remove(b);
}

/* Messages quote at most an excerpt of the input, escaped. */
static void test_excerpt(void)
{
  g_assert_cmpstr(ss_excerpt("k=100").text, ==, "k=100");
  g_assert_cmpstr(ss_excerpt(NULL).text, ==, "");
  g_assert_cmpstr(ss_excerpt("a\nb\tc\x01\x7f").text, ==, "a\\nb\\tc\\x01\\x7f");
  g_assert_cmpstr(ss_excerpt("bad \xff byte").text, ==, "bad \\xff byte");
  g_assert_cmpstr(ss_excerpt("rl\u202eo").text, ==, "rl\\u202eo");
  g_assert_cmpstr(ss_excerpt("żółw").text, ==, "żółw"); /* UTF-8 kept */
  GString *line = g_string_new(NULL);
  for (int i = 0; i < 20000; i++)
    g_string_append(line, "ż");
  ss_excerpt_text e = ss_excerpt(line->str);
  g_assert_cmpint(g_utf8_strlen(e.text, -1), ==, SS_EXCERPT_CHARS + 1);
  g_assert_true(g_str_has_suffix(e.text, "\u2026"));
  g_string_free(line, TRUE);
  /* exactly SS_EXCERPT_CHARS characters: whole, no "…" */
  char sixty[SS_EXCERPT_CHARS + 1];
  memset(sixty, 'x', SS_EXCERPT_CHARS);
  sixty[SS_EXCERPT_CHARS] = '\0';
  g_assert_cmpstr(ss_excerpt(sixty).text, ==, sixty);
  /* the scenario file's messages: a 20,000-character line, quoted short */
  GString *text = g_string_new("[scenario]\nname=one-mass\n");
  for (int i = 0; i < 20000; i++)
    g_string_append_c(text, 'x');
  char *err = NULL;
  const ss_scenario *sc = NULL;
  g_assert_null(ss_scenario_file_parse(text->str, text->len, "long.stickslip", &sc, NULL, &err));
  g_assert_cmpuint(strlen(err), <, 120);
  g_assert_true(g_str_has_prefix(err, "long.stickslip:3: 'xxxx"));
  free(err);
  g_string_free(text, TRUE);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  /* the signals' default actions, whatever the runner left: an output
   * leaves an ignored signal ignored (nohup's SIGHUP), and the first one
   * opened decides it for the process */
  const int defaults[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < G_N_ELEMENTS(defaults); i++)
    signal(defaults[i], SIG_DFL);
  tmpdir = g_dir_make_tmp("stickslip-output-XXXXXX", NULL);
  g_test_add_func("/output-file/new-file", test_new_file);
  g_test_add_func("/output-file/regular-replaced", test_regular_replaced);
  g_test_add_func("/output-file/mode-and-owner-kept", test_mode_and_owner_kept);
  g_test_add_func("/output-file/symlink-followed", test_symlink_followed);
  g_test_add_func("/output-file/hard-links-kept", test_hard_links_kept);
  g_test_add_func("/output-file/fifo-written", test_fifo_written);
  g_test_add_func("/output-file/char-device", test_char_device);
  g_test_add_func("/output-file/refusals", test_refusals);
  g_test_add_func("/output-file/scenario-file-save", test_scenario_file_save);
  g_test_add_func("/output-file/signal-removes-temp", test_signal_removes_temp);
  g_test_add_func("/output-file/same-file", test_same_file);
  g_test_add_func("/output-file/excerpt", test_excerpt);
  int rc = g_test_run();
  g_rmdir(tmpdir);
  g_free(tmpdir);
  return rc;
}
