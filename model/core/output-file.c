/* output-file.c - writing a whole file without breaking what is there.
 *
 * g_file_set_contents() (and GIO's replace) always put a new regular file
 * in place of the target: as root, "--csv /dev/null" replaced the device; a
 * symlink became a file; a 0600 file came back 0644; hard links came apart.
 * Here the target decides (rules in stickslip.h): devices, FIFOs and
 * standard output are written directly, symlinks are followed, a regular
 * file is replaced atomically keeping mode and owner, and one with several
 * links is rewritten in place.
 *
 * A target rewritten in place keeps its old content on any failure: the new
 * content is finished elsewhere first (the temporary file), the target's
 * space is reserved before a byte of it changes, then it is overwritten and
 * cut to length.  A temporary file is removed by SIGINT, SIGTERM and SIGHUP
 * too (a handler that removes it, restores the default action and raises
 * the signal again). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ss-internal.h"

typedef enum {
  OUT_DIRECT,   /* written straight to target_fd (stdout, devices, FIFOs) */
  OUT_REPLACE,  /* temporary file renamed over the target */
  OUT_IN_PLACE, /* temporary file copied into the target (hard links) */
} out_mode;

struct ss_output {
  out_mode mode;   /* how the content reaches the target */
  FILE *f;         /* the caller's stream (writes to fd) */
  int fd;          /* where the stream writes: the temporary file or the target */
  int target_fd;   /* OUT_IN_PLACE: the target, opened at once; else -1 */
  bool own_fd;     /* fd is closed at the end (not standard output) */
  int write_errno; /* first failed write's errno, 0 if none */
  char *path;      /* as given, for messages */
  char *target;    /* the file written in the end (symlinks followed) */
  char *temp;      /* the temporary file, or NULL */
  int temp_slot;   /* its slot for the signal handler, or -1 */
};

/* ---- temporary files removed on a signal --------------------------------
 * A few slots of temporary names (outputs open at once: the CLI has one at
 * a time, the GUI rarely two); the handler only calls unlink, signal and
 * raise, which are async-signal-safe. */
#define TEMP_SLOTS 8
static char temp_names[TEMP_SLOTS][PATH_MAX];
static volatile sig_atomic_t temp_used[TEMP_SLOTS];
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void remove_temps_and_reraise(int sig)
{
  for (int i = 0; i < TEMP_SLOTS; i++)
    if (temp_used[i])
      unlink(temp_names[i]);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Installs the handler for the signals whose action is the default (a
 * program's own handler, or an ignored signal, is left alone). */
static void install_cleanup(void)
{
  static gsize done = 0;
  if (!g_once_init_enter(&done))
    return;
  for (size_t i = 0; i < G_N_ELEMENTS(cleanup_signals); i++) {
    struct sigaction old, sa = {0};
    if (sigaction(cleanup_signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
        (old.sa_flags & SA_SIGINFO))
      continue;
    sa.sa_handler = remove_temps_and_reraise;
    sigemptyset(&sa.sa_mask);
    for (size_t j = 0; j < G_N_ELEMENTS(cleanup_signals); j++)
      sigaddset(&sa.sa_mask, cleanup_signals[j]);
    sigaction(cleanup_signals[i], &sa, NULL);
  }
  g_once_init_leave(&done, 1);
}

G_LOCK_DEFINE_STATIC(temp_slots);

/* A slot holding name, or -1 when all are taken (the file is then only
 * removed by commit or abort). */
static int temp_register(const char *name)
{
  if (strlen(name) >= PATH_MAX)
    return -1;
  int slot = -1;
  G_LOCK(temp_slots);
  for (int i = 0; i < TEMP_SLOTS && slot < 0; i++)
    if (!temp_used[i]) {
      memcpy(temp_names[i], name, strlen(name) + 1);
      temp_used[i] = 1;
      slot = i;
    }
  G_UNLOCK(temp_slots);
  return slot;
}

static void temp_forget(int *slot)
{
  if (*slot >= 0)
    temp_used[*slot] = 0;
  *slot = -1;
}

static ssize_t cookie_write(void *cookie, const char *buf, size_t size)
{
  ss_output *o = cookie;
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(o->fd, buf + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (!o->write_errno)
        o->write_errno = n < 0 ? errno : EIO;
      return -1;
    }
    done += (size_t)n;
  }
  return (ssize_t)size;
}

static void *fail_open(ss_output *o, char **error, const char *what, int err)
{
  ss_set_error(error, "cannot write %s: %s%s", o->path, what ? what : "",
               err ? g_strerror(err) : "");
  if (o->f)
    fclose(o->f);
  else if (o->own_fd && o->fd >= 0)
    close(o->fd);
  if (o->target_fd >= 0)
    close(o->target_fd);
  if (o->temp)
    g_unlink(o->temp);
  temp_forget(&o->temp_slot);
  g_free(o->path);
  g_free(o->target);
  g_free(o->temp);
  free(o);
  return NULL;
}

/* The new content's home when the target's folder takes no temporary file
 * (a target rewritten in place): a file in the system's temporary folder,
 * removed at once (nothing is left behind, whatever happens). */
static int anonymous_temp(void)
{
  char *name = NULL;
  int fd = g_file_open_tmp(".stickslip-out.XXXXXX", &name, NULL);
  if (fd >= 0) {
    g_unlink(name);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
  g_free(name);
  return fd;
}

/* Follows symlinks to the file finally written; *exists and *st describe
 * it.  NULL and *err on failure. */
static char *follow_links(const char *path, struct stat *st, bool *exists, int *err)
{
  char *cur = g_strdup(path);
  for (int hop = 0; hop < 40; hop++) {
    if (lstat(cur, st) != 0) {
      if (errno == ENOENT) { /* a new file (or a dangling link's target) */
        *exists = false;
        return cur;
      }
      *err = errno;
      g_free(cur);
      return NULL;
    }
    if (!S_ISLNK(st->st_mode)) {
      *exists = true;
      return cur;
    }
    char *link = g_file_read_link(cur, NULL);
    if (!link) {
      *err = errno ? errno : EINVAL;
      g_free(cur);
      return NULL;
    }
    char *next = link;
    if (!g_path_is_absolute(link)) {
      char *dir = g_path_get_dirname(cur);
      next = g_build_filename(dir, link, NULL);
      g_free(dir);
      g_free(link);
    }
    g_free(cur);
    cur = next;
  }
  *err = ELOOP;
  g_free(cur);
  return NULL;
}

ss_output *ss_output_open(const char *path, char **error)
{
  if (!path || !path[0])
    return ss_set_error(error, "no output file name");
  ss_output *o = calloc(1, sizeof *o);
  if (!o)
    return ss_set_error(error, "out of memory");
  o->fd = -1;
  o->target_fd = -1;
  o->temp_slot = -1;
  o->path = g_strdup(path);
  cookie_io_functions_t io = {.write = cookie_write};
  if (strcmp(path, "-") == 0) {
    fflush(stdout); /* whatever was printed before comes first */
    o->mode = OUT_DIRECT;
    o->fd = STDOUT_FILENO;
    g_free(o->path);
    o->path = g_strdup("standard output");
  } else {
    struct stat st;
    bool exists = false;
    int err = 0;
    o->target = follow_links(path, &st, &exists, &err);
    if (!o->target)
      return fail_open(o, error, NULL, err);
    if (exists && S_ISDIR(st.st_mode))
      return fail_open(o, error, "it is a folder", 0);
    if (exists && !S_ISREG(st.st_mode)) {
      /* a device, FIFO or socket: written, never replaced */
      o->mode = OUT_DIRECT;
      o->fd = open(o->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (o->fd < 0)
        return fail_open(o, error, NULL, errno);
      o->own_fd = true;
    } else {
      if (exists && access(o->target, W_OK) != 0)
        return fail_open(o, error, NULL, errno);
      char *dir = g_path_get_dirname(o->target), *base = g_path_get_basename(o->target);
      o->temp = g_strdup_printf("%s/.%s.XXXXXX", dir, base);
      g_free(dir);
      g_free(base);
      /* a new file gets 0666 less the umask, as any program's */
      /* the name is known to the handler before a signal can come: the
       * signals wait while the file is made and registered */
      install_cleanup();
      sigset_t block, old;
      sigemptyset(&block);
      for (size_t i = 0; i < G_N_ELEMENTS(cleanup_signals); i++)
        sigaddset(&block, cleanup_signals[i]);
      pthread_sigmask(SIG_BLOCK, &block, &old);
      o->fd = g_mkstemp_full(o->temp, O_RDWR | O_CLOEXEC, exists ? 0600 : 0666);
      int mkstemp_errno = errno;
      if (o->fd >= 0)
        o->temp_slot = temp_register(o->temp);
      pthread_sigmask(SIG_SETMASK, &old, NULL);
      errno = mkstemp_errno;
      if (o->fd < 0 && !exists) {
        int e = errno;
        g_clear_pointer(&o->temp, g_free);
        return fail_open(o, error, NULL, e);
      }
      o->own_fd = true;
      o->mode = OUT_REPLACE;
      if (o->fd < 0) {
        /* a folder we cannot write in: the file itself is rewritten */
        g_clear_pointer(&o->temp, g_free);
        o->mode = OUT_IN_PLACE;
      } else if (exists) {
        /* the owner first (chown clears set-id bits), then the mode; a
         * file whose owner cannot be kept, or with other names, is
         * rewritten in place from the temporary file */
        bool owner_kept = (st.st_uid == geteuid() && st.st_gid == getegid()) ||
                          fchown(o->fd, st.st_uid, st.st_gid) == 0;
        if (!owner_kept || st.st_nlink > 1 || fchmod(o->fd, st.st_mode & 07777) != 0)
          o->mode = OUT_IN_PLACE;
      }
      if (o->mode == OUT_IN_PLACE) {
        o->target_fd = open(o->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (o->target_fd < 0)
          return fail_open(o, error, NULL, errno);
        if (o->fd < 0) {
          /* no temporary file beside it: one elsewhere, the target
           * untouched until the content is whole */
          o->fd = anonymous_temp();
          if (o->fd < 0)
            return fail_open(o, error, "no temporary file: ", errno);
        }
      }
    }
  }
  o->f = fopencookie(o, "w", io);
  if (!o->f)
    return fail_open(o, error, NULL, errno);
  return o;
}

FILE *ss_output_stream(ss_output *o) { return o ? o->f : NULL; }

/* Reserves the target's blocks for size bytes without changing its
 * length or content: a full disk fails here, before the target changes.
 * A file system without reservations is written as before (best effort). */
static int reserve_space(int fd, off_t size)
{
  if (size <= 0)
    return 0;
  int rc = fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, size);
  if (rc == 0)
    return 0;
  int e = errno;
  return e == EOPNOTSUPP || e == ENOSYS ? 0 : e;
}

/* Copies the finished temporary file into the target (kept inode): its
 * space reserved first, then overwritten from the start and cut to the new
 * length (never truncated to 0 first: that would give the reserved blocks
 * back). */
static int copy_in_place(ss_output *o)
{
  struct stat st;
  if (fstat(o->fd, &st) != 0)
    return errno;
  int e = reserve_space(o->target_fd, st.st_size);
  if (e)
    return e;
  if (lseek(o->fd, 0, SEEK_SET) != 0 || lseek(o->target_fd, 0, SEEK_SET) != 0)
    return errno;
  char buf[65536];
  for (;;) {
    ssize_t n = read(o->fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return errno;
    if (n == 0)
      break;
    for (ssize_t done = 0; done < n;) {
      ssize_t w = write(o->target_fd, buf + done, (size_t)(n - done));
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return w < 0 ? errno : EIO;
      done += w;
    }
  }
  if (ftruncate(o->target_fd, st.st_size) != 0)
    return errno;
  return fsync(o->target_fd) != 0 ? errno : 0;
}

/* fsync of the folder that holds a renamed file: the rename itself lasts */
static void sync_folder(const char *file)
{
  char *dir = g_path_get_dirname(file);
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    fsync(fd); /* best effort: some file systems refuse it */
    close(fd);
  }
  g_free(dir);
}

static void release(ss_output *o)
{
  if (o->own_fd && o->fd >= 0)
    close(o->fd);
  if (o->target_fd >= 0)
    close(o->target_fd);
  if (o->temp)
    g_unlink(o->temp);
  temp_forget(&o->temp_slot);
  g_free(o->path);
  g_free(o->target);
  g_free(o->temp);
  free(o);
}

bool ss_output_commit(ss_output *o, char **error)
{
  if (!o) {
    ss_set_error(error, "no output");
    return false;
  }
  int err = 0;
  /* fclose flushes through the cookie and frees the stream, not the fd */
  bool stream_ok = fclose(o->f) == 0;
  o->f = NULL;
  if (o->write_errno)
    err = o->write_errno;
  else if (!stream_ok)
    err = EIO;
  if (!err && o->mode != OUT_DIRECT && fsync(o->fd) != 0)
    err = errno;
  if (!err && o->mode == OUT_IN_PLACE && o->target_fd >= 0)
    err = copy_in_place(o);
  if (!err && o->mode == OUT_REPLACE) {
    temp_forget(&o->temp_slot); /* a signal must not remove it as the target */
    if (rename(o->temp, o->target) != 0)
      err = errno;
    else {
      g_clear_pointer(&o->temp, g_free); /* it is the target now */
      sync_folder(o->target);
    }
  }
  if (err)
    ss_set_error(error, "cannot write %s: %s", o->path, g_strerror(err));
  release(o);
  return err == 0;
}

void ss_output_abort(ss_output *o)
{
  if (!o)
    return;
  if (o->f)
    fclose(o->f); /* what is buffered goes to the temporary file, or out */
  release(o);
}

/* The file a name resolves to: symlinks followed, then for a file not
 * there yet its folder's real path and its name. */
static bool resolve(const char *path, struct stat *st, bool *exists, char **where)
{
  int err = 0;
  char *target = follow_links(path, st, exists, &err);
  if (!target)
    return false;
  if (*exists) {
    *where = target;
    return true;
  }
  char *dir = g_path_get_dirname(target), *base = g_path_get_basename(target);
  char *real = realpath(dir, NULL);
  char *abs = real ? NULL : g_canonicalize_filename(dir, NULL);
  *where = g_build_filename(real ? real : abs, base, NULL);
  free(real);
  g_free(abs);
  g_free(dir);
  g_free(base);
  g_free(target);
  return true;
}

bool ss_output_same_file(const char *a, const char *b)
{
  if (!a || !b || strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
    return false; /* standard output takes any number of outputs in turn */
  struct stat sa, sb;
  bool ea = false, eb = false;
  char *wa = NULL, *wb = NULL;
  bool same = strcmp(a, b) == 0; /* when the names cannot be resolved */
  if (resolve(a, &sa, &ea, &wa) && resolve(b, &sb, &eb, &wb)) {
    if (ea && eb)
      /* one regular file under two names; a device or FIFO is written in
       * turn, nothing lost */
      same = sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && S_ISREG(sa.st_mode);
    else
      same = !ea && !eb && strcmp(wa, wb) == 0;
  }
  g_free(wa);
  g_free(wb);
  return same;
}

bool ss_output_write_all(const char *path, const void *data, size_t length, char **error)
{
  ss_output *o = ss_output_open(path, error);
  if (!o)
    return false;
  if (length > 0)
    fwrite(data, 1, length, ss_output_stream(o));
  return ss_output_commit(o, error);
}
