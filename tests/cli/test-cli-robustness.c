/* test-cli-robustness.c - stickslip-cli against an outside audit's attacks:
 * runs too large to keep, oversized input files, integer options, one table
 * of limits, non-physical results, and output files that must be written,
 * not replaced (FIFOs, symlinks, modes, hard links, devices, stdout). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "test-cli-util.h"

#define RUN(...) cli_runv(NULL, NULL, (const char *const[]){__VA_ARGS__, NULL})

/* Exit status and message: every needle in stderr. */
static void expect(cli_result r, int status, const char *const *needles)
{
  if (r.status != status)
    g_error("exit %d, expected %d; stderr: %s", r.status, status, r.err);
  for (int i = 0; needles && needles[i]; i++)
    if (!strstr(r.err, needles[i]))
      g_error("stderr lacks '%s': %s", needles[i], r.err);
  cli_result_clear(&r);
}

#define EXPECT(r, status, ...) expect(r, status, (const char *const[]){__VA_ARGS__, NULL})

static char *tmpdir;

static char *tmp_path(const char *name) { return g_build_filename(tmpdir, name, NULL); }

static char *write_tmp(const char *name, const char *text, gssize len)
{
  char *path = tmp_path(name);
  g_assert_true(g_file_set_contents(path, text, len, NULL));
  return path;
}

static char *read_all(const char *path)
{
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  return text;
}

/* ---- 1. bounded memory --------------------------------------------------- */

/* A grid of 1e8 rows aborted with exit 134 (or was killed); a file's
 * dt_out = 1e-8 allocated until the process died.  Refused up front, exit
 * 2, naming t_end, dt_out and the cap. */
static void test_history_cap(void)
{
  EXPECT(RUN("run", "one-mass", "--dt-out", "1e-7", "--csv", "-"), 2, "t_end = 10 s",
         "dt_out = 1e-07 s", "1 GiB");
  EXPECT(RUN("run", "one-mass", "--dt-out", "1e-9", "--csv", "-"), 2, "dt_out = 1e-09 s", "1 GiB");
  g_autofree char *file =
      write_tmp("tiny-dt.stickslip", "[scenario]\nname=one-mass\ndt_out=1e-8\n", -1);
  EXPECT(RUN("run", "--file", file, "--csv", "-"), 2, "tiny-dt.stickslip:3:", "dt_out = 1e-08 s",
         "1 GiB");
  /* a long run the cap allows still runs */
  cli_result ok = RUN("run", "one-mass", "--t-end", "1", "--dt-out", "1e-4", "--csv", "-");
  g_assert_cmpint(ok.status, ==, 0);
  g_assert_cmpuint(strlen(ok.out), >, 10001 * 20);
  cli_result_clear(&ok);
}

/* --file /dev/zero was read until memory ran out. */
static void test_input_size_cap(void)
{
  EXPECT(RUN("run", "--file", "/dev/zero"), 2, "/dev/zero", "larger than 1048576 bytes");
  g_autofree char *big = tmp_path("big.stickslip");
  FILE *f = fopen(big, "w");
  g_assert_nonnull(f);
  g_assert_cmpint(fseek(f, 3L << 30, SEEK_SET), ==, 0); /* 3 GiB, sparse */
  fputc('\n', f);
  fclose(f);
  EXPECT(RUN("run", "--file", big), 2, "larger than 1048576 bytes");
  g_remove(big);
}

/* ---- 3. physical results only ------------------------------------------- */

/* LuGre with sigma1 far beyond its passive range reported -1006 J of
 * dissipated energy and friction 45 N per N while stuck, and exited 0. */
static void test_non_physical(void)
{
  EXPECT(RUN("run", "one-mass", "--set", "law=lugre", "--set", "sigma1=1e6", "--csv", "-"), 3,
         "failed at t = ", "non-physical", "'base'");
  EXPECT(RUN("run", "gear-train", "--set", "law=lugre", "--set", "sigma1=1e9", "--csv", "-"), 3,
         "failed at t = ", "non-physical", "'bearing_psi'", "static limit");
  EXPECT(RUN("run", "two-slider", "--set", "law=lugre", "--set", "sigma1_2=1e9", "--csv", "-"), 3,
         "failed at t = ", "non-physical", "'slider2'");
  /* a large viscous force while stuck is not friction above the limit */
  cli_result viscous =
      RUN("run", "one-mass", "--set", "law=regularised", "--set", "c=1e5", "--csv", "-");
  g_assert_cmpint(viscous.status, ==, 0);
  cli_result_clear(&viscous);
}

/* ---- 4. one validation for every input ----------------------------------- */

static void test_integer_options(void)
{
  /* --runs 0.5 became 0 runs and read past an empty buffer */
  EXPECT(RUN("bench", "one-mass", "--runs", "0.5"), 2, "'--runs'", "'0.5' is not a whole number");
  /* --max-steps 0.5 silently became the default 50000 */
  EXPECT(RUN("run", "one-mass", "--max-steps", "0.5", "--csv", "-"), 2, "max_steps", "--max-steps",
         "'0.5' is not a whole number");
  EXPECT(RUN("run", "one-mass", "--max-steps", "1e-3", "--csv", "-"), 2, "not a whole number");
  /* every spelling of a whole number in range: the range reads [1, 1e+09] */
  cli_result big = RUN("run", "one-mass", "--max-steps", "1e+09", "--t-end", "1", "--csv", "-");
  g_assert_cmpint(big.status, ==, 0);
  cli_result_clear(&big);
  EXPECT(RUN("run", "one-mass", "--max-events", "0", "--csv", "-"), 2, "max_events");
  cli_result ok = RUN("run", "one-mass", "--max-steps", "20000", "--t-end", "1", "--csv", "-");
  g_assert_cmpint(ok.status, ==, 0);
  cli_result_clear(&ok);
}

/* One table of limits: the command line and files take the same range
 * (the CLI stopped rtol at 0.1, files at 0.5; files took rtol=5,
 * atol=1e9 and t_end=1e9, then failed with exit 3 and no line). */
static void test_one_table_of_limits(void)
{
  EXPECT(RUN("run", "one-mass", "--rtol", "0.2", "--csv", "-"), 2, "rtol", "[1e-14, 0.1]");
  const char *cases[][2] = {
      {"rtol=5", "[1e-14, 0.1]"},
      {"rtol=0.2", "[1e-14, 0.1]"},
      {"atol=1e9", "[1e-20, 0.1]"},
      {"t_end=1e10", "(0, 1e+09]"},
      {"max_steps=2.5", "not a whole number"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *text = g_strdup_printf("[scenario]\nname=one-mass\n%s\n", cases[i][0]);
    g_autofree char *file = write_tmp("limits.stickslip", text, -1);
    EXPECT(RUN("run", "--file", file, "--csv", "-"), 2, "limits.stickslip:3:", cases[i][1]);
  }
  /* t_end = 1e9 is in range but its grid is not */
  g_autofree char *file = write_tmp("long.stickslip", "[scenario]\nname=one-mass\nt_end=1e9\n", -1);
  EXPECT(RUN("run", "--file", file, "--csv", "-"), 2, "long.stickslip:3:", "t_end = 1e+09 s");
}

/* ---- 5. lossless files, 6. messages ------------------------------------ */

static void test_numbers_in_messages(void)
{
  /* "1e+06 is out of range; valid range (0, 1e+06]" hid the value */
  EXPECT(RUN("run", "one-mass", "--set", "M=1000000.0000000001"), 2, "1000000.0000000001",
         "(0, 1e+06] kg");
  /* a subnormal was "not a number"; it is refused as too close to 0 */
  EXPECT(RUN("run", "one-mass", "--set", "M=1e-310"), 2, "'M'", "too close to 0");
  EXPECT(RUN("run", "one-mass", "--set", "M=1e400"), 2, "'M'", "too large");
}

static void test_file_refusals(void)
{
  const char *cases[][3] = {
      {"[scenario]\nname=one-mass\n[parameters]\nk=100\nk=200\n", "5", "again"},
      {"[scenario]\nname=one-mass\n[parameters]\nk=100\n[parameters]\nM=2\n", "5", "again"},
      {"[scenario]\nname=one-mass\n[parameters]\nk=100\\\n", "4", "backslash"},
      {"[scenario]\nname=one-mass\n[paramaters]\nk=100\n", "3", "unknown group"},
      {"[scenario]\nname=one-mass\nt_end=2\nt_end=3\n", "4", "again"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *file = write_tmp("bad.stickslip", cases[i][0], -1);
    g_autofree char *where = g_strdup_printf("bad.stickslip:%s:", cases[i][1]);
    EXPECT(RUN("run", "--file", file, "--csv", "-"), 2, where, cases[i][2]);
  }
  static const char nul[] = "[scenario]\nname=one-mass\n[parameters]\nk=1\0002\n";
  g_autofree char *file = write_tmp("nul.stickslip", nul, sizeof nul - 1);
  EXPECT(RUN("run", "--file", file, "--csv", "-"), 2, "nul.stickslip:4:", "NUL");
  /* a byte-order mark is accepted */
  g_autofree char *bom =
      write_tmp("bom.stickslip", "\xEF\xBB\xBF[scenario]\nname=one-mass\nt_end=1\n", -1);
  cli_result r = RUN("run", "--file", bom, "--csv", "-");
  g_assert_cmpint(r.status, ==, 0);
  cli_result_clear(&r);
}

/* ---- 2. output files are written, not replaced --------------------------- */

/* Whole CSV texts compared without printing them on failure. */
#define assert_same_text(got, want)                  \
  do {                                               \
    g_assert_cmpuint(strlen(got), ==, strlen(want)); \
    g_assert_true(strcmp(got, want) == 0);           \
  } while (0)

static char *reference_csv(void)
{
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", "-");
  g_assert_cmpint(r.status, ==, 0);
  g_free(r.err);
  return r.out;
}

typedef struct fifo_reader {
  int fd;        /* the FIFO, opened for reading before the run */
  gint done;     /* the run is over: an end of file now is final */
  GString *text; /* what arrived */
} fifo_reader;

/* Reads until the writer closes (or, when none ever comes, the run ends):
 * a FIFO the CLI replaced by a file must fail the test, not hang it. */
static gpointer read_fifo(gpointer data)
{
  fifo_reader *r = data;
  bool got = false;
  char buf[4096];
  for (;;) {
    ssize_t n = read(r->fd, buf, sizeof buf);
    if (n > 0) {
      g_string_append_len(r->text, buf, n);
      got = true;
    } else if (n == 0 && (got || g_atomic_int_get(&r->done))) {
      break;
    } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
      break;
    } else {
      g_usleep(1000);
    }
  }
  return NULL;
}

static void test_output_fifo(void)
{
  g_autofree char *want = reference_csv();
  g_autofree char *fifo = tmp_path("out.fifo");
  g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
  fifo_reader reader = {open(fifo, O_RDONLY | O_NONBLOCK), 0, g_string_new(NULL)};
  g_assert_cmpint(reader.fd, >=, 0);
  GThread *thread = g_thread_new("reader", read_fifo, &reader);
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", fifo);
  g_atomic_int_set(&reader.done, 1);
  g_thread_join(thread);
  close(reader.fd);
  g_autofree char *got = g_string_free(reader.text, FALSE);
  g_assert_cmpint(r.status, ==, 0);
  assert_same_text(got, want);
  struct stat st;
  g_assert_cmpint(lstat(fifo, &st), ==, 0);
  g_assert_true(S_ISFIFO(st.st_mode)); /* still a FIFO, not a file put there */
  cli_result_clear(&r);
  g_remove(fifo);
}

static void test_output_symlink(void)
{
  g_autofree char *want = reference_csv();
  g_autofree char *target = write_tmp("target.csv", "old\n", -1);
  g_autofree char *link = tmp_path("link.csv");
  g_assert_cmpint(symlink("target.csv", link), ==, 0); /* relative, as users make them */
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", link);
  g_assert_cmpint(r.status, ==, 0);
  struct stat st;
  g_assert_cmpint(lstat(link, &st), ==, 0);
  g_assert_true(S_ISLNK(st.st_mode)); /* the link stays a link */
  g_autofree char *got = read_all(target);
  assert_same_text(got, want); /* its target has the CSV */
  cli_result_clear(&r);
  /* a dangling link: its target is created */
  g_remove(target);
  r = RUN("run", "one-mass", "--t-end", "1", "--events", link);
  g_assert_cmpint(r.status, ==, 0);
  g_autofree char *events = read_all(target);
  g_assert_true(g_str_has_prefix(events, "t,contact,event\n"));
  g_assert_cmpint(lstat(link, &st), ==, 0);
  g_assert_true(S_ISLNK(st.st_mode));
  cli_result_clear(&r);
  g_remove(link);
  g_remove(target);
}

static void test_output_mode_kept(void)
{
  g_autofree char *want = reference_csv();
  g_autofree char *path = write_tmp("private.csv", "old\n", -1);
  g_assert_cmpint(chmod(path, 0600), ==, 0);
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", path);
  g_assert_cmpint(r.status, ==, 0);
  struct stat st;
  g_assert_cmpint(stat(path, &st), ==, 0);
  g_assert_cmpint(st.st_mode & 07777, ==, 0600); /* it became 0644 */
  g_autofree char *got = read_all(path);
  assert_same_text(got, want);
  cli_result_clear(&r);
  /* and its owner, where the test may give the file to someone else */
  if (geteuid() == 0) {
    g_assert_cmpint(chown(path, 4321, 4322), ==, 0);
    r = RUN("run", "one-mass", "--t-end", "1", "--csv", path);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_cmpint(stat(path, &st), ==, 0);
    g_assert_cmpint(st.st_uid, ==, 4321);
    g_assert_cmpint(st.st_gid, ==, 4322);
    g_assert_cmpint(st.st_mode & 07777, ==, 0600);
    cli_result_clear(&r);
  }
  g_remove(path);
}

static void test_output_hard_link(void)
{
  g_autofree char *want = reference_csv();
  g_autofree char *a = write_tmp("a.csv", "old\n", -1);
  g_autofree char *b = tmp_path("b.csv");
  g_assert_cmpint(link(a, b), ==, 0);
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", a);
  g_assert_cmpint(r.status, ==, 0);
  struct stat sa, sb;
  g_assert_cmpint(stat(a, &sa), ==, 0);
  g_assert_cmpint(stat(b, &sb), ==, 0);
  g_assert_cmpuint(sa.st_ino, ==, sb.st_ino); /* still one file */
  g_assert_cmpuint(sa.st_nlink, ==, 2);
  g_autofree char *got = read_all(b);
  assert_same_text(got, want);
  cli_result_clear(&r);
  g_remove(a);
  g_remove(b);
}

/* A regular file is replaced atomically: a new inode renamed over it. */
static void test_output_regular_atomic(void)
{
  g_autofree char *want = reference_csv();
  g_autofree char *path = write_tmp("plain.csv", "old\n", -1);
  struct stat before, after;
  g_assert_cmpint(stat(path, &before), ==, 0);
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", path);
  g_assert_cmpint(r.status, ==, 0);
  g_assert_cmpint(stat(path, &after), ==, 0);
  g_assert_cmpuint(after.st_ino, !=, before.st_ino);
  g_autofree char *got = read_all(path);
  assert_same_text(got, want);
  cli_result_clear(&r);
  /* nothing else left in the folder (no temporary file) */
  g_autoptr(GDir) dir = g_dir_open(tmpdir, 0, NULL);
  const char *name;
  while ((name = g_dir_read_name(dir)))
    g_assert_false(g_str_has_prefix(name, ".plain.csv"));
  g_remove(path);
}

/* A character device (a null device made here, never /dev/null) is written,
 * not replaced by a regular file.  Making one needs root. */
static void test_output_char_device(void)
{
  if (geteuid() != 0) {
    g_test_skip("making a device node needs root");
    return;
  }
  g_autofree char *dev = tmp_path("null-device");
  if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) != 0) {
    g_test_skip_printf("mknod: %s", g_strerror(errno));
    return;
  }
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", dev, "--events", dev);
  g_assert_cmpint(r.status, ==, 0);
  struct stat st;
  g_assert_cmpint(lstat(dev, &st), ==, 0);
  g_assert_true(S_ISCHR(st.st_mode)); /* it became a regular file */
  g_assert_cmpuint(major(st.st_rdev), ==, 1);
  g_assert_cmpuint(minor(st.st_rdev), ==, 3);
  cli_result_clear(&r);
  g_remove(dev);
}

/* A failed write to standard output: a message and exit 4. */
static void test_output_stdout_full(void)
{
  if (!g_file_test("/dev/full", G_FILE_TEST_EXISTS)) {
    g_test_skip("no /dev/full");
    return;
  }
  cli_result r = cli_run_io(NULL, NULL, "/dev/full",
                            (const char *const[]){"run", "one-mass", "--csv", "-", NULL});
  EXPECT(r, 4, "standard output", "No space left on device");
  r = cli_run_io(NULL, NULL, "/dev/full", (const char *const[]){"list", NULL});
  EXPECT(r, 4, "standard output");
  /* and a file that cannot be written: exit 4, the reason */
  g_autofree char *missing = g_build_filename(tmpdir, "no-such-folder", "x.csv", NULL);
  EXPECT(RUN("run", "one-mass", "--t-end", "1", "--csv", missing), 4, "no-such-folder",
         "No such file or directory");
  g_autofree char *folder = tmp_path("a-folder");
  g_assert_cmpint(g_mkdir(folder, 0700), ==, 0);
  EXPECT(RUN("run", "one-mass", "--t-end", "1", "--csv", folder), 4, "a-folder", "folder");
  g_rmdir(folder);
}

/* ---- 7. short messages, distinct outputs, the promise on a full disk ---- */

/* A file whose third line is 20,000 characters: the whole line was printed
 * (20,057 characters); an excerpt now, the message under 200 characters. */
static void test_long_line_message(void)
{
  GString *text = g_string_new("[scenario]\nname=one-mass\n");
  for (int i = 0; i < 20000; i++)
    g_string_append_c(text, 'x');
  g_string_append_c(text, '\n');
  g_autofree char *file = write_tmp("longline.stickslip", text->str, (gssize)text->len);
  g_string_free(text, TRUE);
  cli_result r = RUN("run", "--file", file, "--csv", "-");
  g_assert_cmpint(r.status, ==, 2);
  g_assert_cmpuint(strlen(r.err), <, 200);
  g_assert_nonnull(strstr(r.err, "longline.stickslip:3:"));
  g_assert_nonnull(strstr(r.err, "\u2026")); /* cut, and says so */
  cli_result_clear(&r);
  /* a long value on the command line: an excerpt too, escaped */
  GString *set = g_string_new("M=\n");
  for (int i = 0; i < 5000; i++)
    g_string_append(set, "12");
  r = RUN("run", "one-mass", "--set", set->str, "--csv", "-");
  g_string_free(set, TRUE);
  g_assert_cmpint(r.status, ==, 2);
  g_assert_cmpuint(strlen(r.err), <, 400);
  g_assert_nonnull(strstr(r.err, "'\\n1212"));
  cli_result_clear(&r);
}

/* Outputs that are one file (by name, symlink or hard link), an output on
 * the input, and an output given twice: exit 2 naming both options, and no
 * file touched.  --csv f --events f kept only the events; --file in --csv
 * in replaced the scenario with CSV; --csv x --csv y wrote only y. */
static void test_output_aliases(void)
{
  g_autofree char *same = tmp_path("same.csv");
  EXPECT(RUN("run", "one-mass", "--csv", same, "--events", same), 2, "--csv", "--events",
         "same file");
  g_assert_false(g_file_test(same, G_FILE_TEST_EXISTS));
  EXPECT(RUN("run", "one-mass", "--events", same, "--metrics", same), 2, "--events", "--metrics");
  g_autofree char *in = write_tmp("in.stickslip", "[scenario]\nname=one-mass\nt_end=1\n", -1);
  EXPECT(RUN("run", "--file", in, "--csv", in), 2, "--file", "--csv", "input");
  EXPECT(RUN("run", "--file", in, "--metrics", in), 2, "--file", "--metrics");
  g_autofree char *kept = read_all(in);
  g_assert_cmpstr(kept, ==, "[scenario]\nname=one-mass\nt_end=1\n");
  /* the same file under other names */
  g_autofree char *sym = tmp_path("in-link.stickslip"), *hard = tmp_path("in-hard.stickslip");
  g_assert_cmpint(symlink("in.stickslip", sym), ==, 0);
  g_assert_cmpint(link(in, hard), ==, 0);
  EXPECT(RUN("run", "--file", sym, "--csv", in), 2, "--file", "--csv", "same file");
  EXPECT(RUN("run", "--file", in, "--events", hard), 2, "--file", "--events", "same file");
  g_autofree char *x = tmp_path("x.csv"), *y = tmp_path("y.csv");
  g_autofree char *dotted = g_build_filename(tmpdir, ".", "x.csv", NULL);
  EXPECT(RUN("run", "one-mass", "--csv", x, "--events", dotted), 2, "--csv", "--events");
  g_free(kept);
  kept = read_all(in);
  g_assert_cmpstr(kept, ==, "[scenario]\nname=one-mass\nt_end=1\n");
  /* repeated options, for run and sweep */
  EXPECT(RUN("run", "one-mass", "--csv", x, "--csv", y), 2, "--csv given twice");
  EXPECT(RUN("run", "one-mass", "--events", x, "--events", y), 2, "--events given twice");
  EXPECT(RUN("sweep", "one-mass", "--vary", "k=100:200:2", "--metric", "max_ratio", "--csv", x,
             "--csv", y),
         2, "--csv given twice");
  g_assert_false(g_file_test(x, G_FILE_TEST_EXISTS));
  g_assert_false(g_file_test(y, G_FILE_TEST_EXISTS));
  /* standard output takes several outputs in turn, as before */
  cli_result r = RUN("run", "one-mass", "--t-end", "1", "--csv", "-", "--events", "-");
  g_assert_cmpint(r.status, ==, 0);
  cli_result_clear(&r);
  g_remove(sym);
  g_remove(hard);
  g_remove(in);
}

/* A hard-linked target on a file system that fills up while it is
 * rewritten: it kept 45 KB of the new CSV and lost its content.  A small
 * tmpfs mounted here (root only): the target keeps its old content. */
static void test_output_full_disk_hard_link(void)
{
  if (geteuid() != 0) {
    g_test_skip("mounting a small tmpfs needs root");
    return;
  }
  g_autofree char *dir = tmp_path("small-fs");
  g_assert_cmpint(g_mkdir(dir, 0700), ==, 0);
  if (mount("tmpfs", dir, "tmpfs", 0, "size=300k") != 0) {
    g_test_skip_printf("mount tmpfs: %s", g_strerror(errno));
    g_rmdir(dir);
    return;
  }
  g_autofree char *h1 = g_build_filename(dir, "h1", NULL), *h2 = g_build_filename(dir, "h2", NULL);
  g_autofree char *fill = g_build_filename(dir, "fill", NULL);
  g_assert_true(g_file_set_contents(h1, "OLD HL\n", -1, NULL));
  g_assert_cmpint(link(h1, h2), ==, 0);
  g_autofree char *zeros = g_malloc0(130 * 1024);
  g_assert_true(g_file_set_contents(fill, zeros, 130 * 1024, NULL));
  cli_result r = RUN("run", "one-mass", "--csv", h1);
  int status = r.status;
  g_autofree char *err = g_strdup(r.err);
  cli_result_clear(&r);
  g_autofree char *got1 = read_all(h1), *got2 = read_all(h2);
  struct stat s1, s2;
  g_assert_cmpint(stat(h1, &s1), ==, 0);
  g_assert_cmpint(stat(h2, &s2), ==, 0);
  /* nothing else left: no temporary file */
  int others = 0;
  g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
  const char *name;
  while ((name = g_dir_read_name(d)))
    others += strcmp(name, "h1") != 0 && strcmp(name, "h2") != 0 && strcmp(name, "fill") != 0;
  g_remove(h1);
  g_remove(h2);
  g_remove(fill);
  umount(dir);
  g_rmdir(dir);
  if (status != 4)
    g_error("exit %d, expected 4; stderr: %s", status, err);
  g_assert_nonnull(strstr(err, "No space left on device"));
  /* the old content, whole (lengths first: no CSV printed on failure) */
  g_assert_cmpuint(strlen(got1), ==, 7);
  g_assert_cmpstr(got1, ==, "OLD HL\n");
  g_assert_cmpstr(got2, ==, "OLD HL\n");
  g_assert_cmpuint(s1.st_ino, ==, s2.st_ino);
  g_assert_cmpint(others, ==, 0);
}

/* SIGTERM while the CSV is being written: the temporary file beside the
 * target (.r.csv.XXXXXX, up to 26 MB) was left behind.  The CLI is stopped
 * (SIGSTOP) as soon as its temporary file appears, then terminated: the
 * signal removes it and kills the CLI as SIGTERM does; the target is kept. */
static void test_output_signal_removes_temp(void)
{
  g_autofree char *dir = tmp_path("signal");
  g_assert_cmpint(g_mkdir(dir, 0700), ==, 0);
  g_autofree char *target = g_build_filename(dir, "r.csv", NULL);
  g_assert_true(g_file_set_contents(target, "OLD\n", -1, NULL));
  const char *cli = g_getenv("STICKSLIP_CLI");
  const char *argv[] = {cli,        "run",  "one-mass", "--t-end", "20000",
                        "--dt-out", "0.05", "--csv",    target,    NULL};
  int wait_status = 0;
  bool caught = false;
  /* the CLI writes 26 MB: it is caught while it does, else (a busy machine
   * let it finish first) tried again */
  for (int attempt = 0; attempt < 5 && !caught; attempt++) {
    GPid pid;
    g_autoptr(GError) error = NULL;
    g_assert_true(g_file_set_contents(target, "OLD\n", -1, NULL));
    g_assert_true(g_spawn_async(NULL, (char **)argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                    G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
    /* waits for the temporary file, or the CLI's end */
    bool ended = false;
    while (!caught && !ended) {
      g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
      const char *name;
      while ((name = g_dir_read_name(d)))
        caught = caught || g_str_has_prefix(name, ".r.csv.");
      if (!caught) {
        ended = waitpid(pid, &wait_status, WNOHANG) == pid;
        g_usleep(500);
      }
    }
    if (caught) {
      kill(pid, SIGSTOP);
      kill(pid, SIGTERM);
      kill(pid, SIGCONT);
      g_assert_cmpint(waitpid(pid, &wait_status, 0), ==, pid);
      caught = !WIFEXITED(wait_status); /* it had just finished: again */
    } else {
      g_assert_true(WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0);
    }
    g_spawn_close_pid(pid);
  }
  if (!caught) {
    g_test_skip("the CLI finished writing before it could be stopped, 5 times");
    g_remove(target);
    g_rmdir(dir);
    return;
  }
  g_assert_true(WIFSIGNALED(wait_status));
  g_assert_cmpint(WTERMSIG(wait_status), ==, SIGTERM);
  g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
  const char *name;
  while ((name = g_dir_read_name(d)))
    g_assert_cmpstr(name, ==, "r.csv"); /* no temporary file */
  g_autofree char *kept = read_all(target);
  g_assert_cmpstr(kept, ==, "OLD\n");
  g_remove(target);
  g_rmdir(dir);
}

/* A viscous force over a normal force near 0: base.ratio was inf in 967 of
 * 1,032 rows, exit 0.  An overflowing quantity is undetermined: an empty
 * field. */
static void test_no_inf_in_csv(void)
{
  cli_result r =
      RUN("run", "one-mass", "--set", "g=1e-306", "--set", "c=1", "--set", "F0=1e6", "--csv", "-");
  g_assert_cmpint(r.status, ==, 0);
  g_assert_null(strstr(r.out, "inf"));
  g_assert_null(strstr(r.out, "nan"));
  /* base.ratio is there, empty where it overflowed */
  g_auto(GStrv) lines = g_strsplit(r.out, "\n", -1);
  g_auto(GStrv) header = g_strsplit(lines[0], ",", -1);
  int col = -1;
  for (int i = 0; header[i]; i++)
    if (strcmp(header[i], "base.ratio") == 0)
      col = i;
  g_assert_cmpint(col, >, 0);
  int empty = 0, rows = 0;
  for (int l = 1; lines[l] && lines[l][0]; l++, rows++) {
    g_auto(GStrv) f = g_strsplit(lines[l], ",", -1);
    g_assert_cmpuint(g_strv_length(f), ==, g_strv_length(header));
    empty += f[col][0] == '\0';
  }
  g_assert_cmpint(rows, >, 1000);
  g_assert_cmpint(empty, >, rows / 2);
  cli_result_clear(&r);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp("stickslip-robust-XXXXXX", NULL);
  g_test_add_func("/cli/history-cap", test_history_cap);
  g_test_add_func("/cli/input-size-cap", test_input_size_cap);
  g_test_add_func("/cli/non-physical", test_non_physical);
  g_test_add_func("/cli/integer-options", test_integer_options);
  g_test_add_func("/cli/one-table-of-limits", test_one_table_of_limits);
  g_test_add_func("/cli/numbers-in-messages", test_numbers_in_messages);
  g_test_add_func("/cli/file-refusals", test_file_refusals);
  g_test_add_func("/cli/output/fifo", test_output_fifo);
  g_test_add_func("/cli/output/symlink", test_output_symlink);
  g_test_add_func("/cli/output/mode-kept", test_output_mode_kept);
  g_test_add_func("/cli/output/hard-link", test_output_hard_link);
  g_test_add_func("/cli/output/regular-atomic", test_output_regular_atomic);
  g_test_add_func("/cli/output/char-device", test_output_char_device);
  g_test_add_func("/cli/output/stdout-full", test_output_stdout_full);
  g_test_add_func("/cli/long-line-message", test_long_line_message);
  g_test_add_func("/cli/output/aliases", test_output_aliases);
  g_test_add_func("/cli/output/full-disk-hard-link", test_output_full_disk_hard_link);
  g_test_add_func("/cli/output/signal-removes-temp", test_output_signal_removes_temp);
  g_test_add_func("/cli/no-inf-in-csv", test_no_inf_in_csv);
  int rc = g_test_run();
  test_remove_tree(tmpdir);
  g_free(tmpdir);
  return rc;
}
