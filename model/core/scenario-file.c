/* scenario-file.c - scenario files as GKeyFile.  GLib parses the values;
 * a line scan first refuses what GKeyFile would take silently or without
 * a line number (duplicates, NUL bytes, a trailing backslash, stray lines)
 * and records where every key is, so each message says file:line. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "scenario-file.h"
#include "ss-internal.h"

#define GROUP_SCENARIO "scenario"
#define GROUP_PARAMS   "parameters"

static double *fail_at(char **error, const char *path, int line, const char *msg)
{
  if (line > 0)
    ss_set_error(error, "%s:%d: %s", path, line, msg);
  else
    ss_set_error(error, "%s: %s", path, msg);
  return NULL;
}

/* Where each group and key is: "group" and "group\037key" -> line. */
typedef struct file_index {
  GHashTable *lines; /* char * -> line number (GINT_TO_POINTER) */
} file_index;

static int index_line(const file_index *ix, const char *group, const char *key)
{
  g_autofree char *k = key ? g_strdup_printf("%s\037%s", group, key) : g_strdup(group);
  return GPOINTER_TO_INT(g_hash_table_lookup(ix->lines, k));
}

/* The line scan: fills ix, or returns the line number of the first line
 * refused and its reason in *msg. */
static int scan_lines(const char *text, size_t length, file_index *ix, char **msg)
{
  const char *nul = memchr(text, '\0', length);
  if (nul) {
    int line = 1;
    for (const char *c = text; c < nul; c++)
      line += *c == '\n';
    *msg = g_strdup("a NUL byte: not a text file");
    return line;
  }
  g_autofree char *copy = g_strndup(text, length);
  g_auto(GStrv) lines = g_strsplit(copy, "\n", -1);
  g_autofree char *group = NULL;
  for (int i = 0; lines[i]; i++) {
    int line = i + 1;
    char *l = g_strstrip(lines[i]);
    if (l[0] == '\0' || l[0] == '#')
      continue;
    if (l[0] == '[') {
      size_t n = strlen(l);
      if (n < 3 || l[n - 1] != ']') {
        *msg = g_strdup_printf("'%s' is not a group header like [scenario]", l);
        return line;
      }
      g_free(group);
      group = g_strndup(l + 1, n - 2);
      if (strcmp(group, GROUP_SCENARIO) != 0 && strcmp(group, GROUP_PARAMS) != 0) {
        *msg = g_strdup_printf("unknown group [%s] (a scenario file has [%s] and [%s])", group,
                               GROUP_SCENARIO, GROUP_PARAMS);
        return line;
      }
      int first = index_line(ix, group, NULL);
      if (first) {
        *msg = g_strdup_printf("group [%s] again (first on line %d)", group, first);
        return line;
      }
      g_hash_table_insert(ix->lines, g_strdup(group), GINT_TO_POINTER(line));
      continue;
    }
    const char *eq = strchr(l, '=');
    if (!eq || eq == l) {
      *msg = g_strdup_printf("'%s' is not NAME=VALUE", l);
      return line;
    }
    if (!group) {
      *msg = g_strdup_printf("'%s' comes before any group", l);
      return line;
    }
    g_autofree char *key = g_strstrip(g_strndup(l, (gsize)(eq - l)));
    /* GKeyFile would read an escape of the line's end: refused */
    size_t n = strlen(l), slashes = 0;
    while (slashes < n && l[n - 1 - slashes] == '\\')
      slashes++;
    if (slashes % 2 == 1) {
      *msg = g_strdup_printf("the value of '%s' ends with a backslash", key);
      return line;
    }
    int first = index_line(ix, group, key);
    if (first) {
      *msg = g_strdup_printf("'%s' again in [%s] (first on line %d)", key, group, first);
      return line;
    }
    g_hash_table_insert(ix->lines, g_strdup_printf("%s\037%s", group, key), GINT_TO_POINTER(line));
  }
  return 0;
}

/* The value of a key that the scan found, stripped; NULL and *msg if GLib
 * refuses it (an invalid escape, not UTF-8). */
static char *get_value(GKeyFile *kf, const char *group, const char *key, char **msg)
{
  g_autoptr(GError) gerr = NULL;
  char *v = g_key_file_get_string(kf, group, key, &gerr);
  if (!v) {
    *msg = g_strdup(gerr ? gerr->message : "unreadable value");
    return NULL;
  }
  return g_strstrip(v);
}

/* The parse after the scan; ix tells the lines. */
static double *parse_scanned(GKeyFile *kf, const file_index *ix, const char *path,
                             const ss_scenario **scenario, ss_run_opts *opts, char **error)
{
  g_autofree char *msg = NULL;
  if (!g_key_file_has_key(kf, GROUP_SCENARIO, "name", NULL))
    return fail_at(error, path, 0, "missing [scenario] name=...");
  int line = index_line(ix, GROUP_SCENARIO, "name");
  g_autofree char *name = get_value(kf, GROUP_SCENARIO, "name", &msg);
  if (!name)
    return fail_at(error, path, line, msg);
  const ss_scenario *sc = ss_scenario_find(name);
  if (!sc) {
    g_autofree char *m = g_strdup_printf("unknown scenario '%s' (see: stickslip-cli list)", name);
    return fail_at(error, path, line, m);
  }

  /* [scenario]: the name and run options, each checked by its table row */
  ss_run_opts o = {0};
  g_auto(GStrv) keys = g_key_file_get_keys(kf, GROUP_SCENARIO, NULL, NULL);
  for (int i = 0; keys && keys[i]; i++) {
    if (strcmp(keys[i], "name") == 0)
      continue;
    line = index_line(ix, GROUP_SCENARIO, keys[i]);
    if (ss_run_option_index(keys[i]) < 0 || keys[i][0] == '-') {
      g_autofree char *m = g_strdup_printf(
          "unknown key '%s' in [scenario] (name, t_end, dt_out, rtol, atol, max_steps, "
          "max_events)",
          keys[i]);
      return fail_at(error, path, line, m);
    }
    g_autofree char *v = get_value(kf, GROUP_SCENARIO, keys[i], &msg);
    if (!v)
      return fail_at(error, path, line, msg);
    g_autofree char *err = NULL; /* malloc'ed: freed alike */
    if (!ss_run_opts_set_text(&o, keys[i], v, &err))
      return fail_at(error, path, line, err);
  }

  g_autofree double *values = g_new(double, sc->n_params > 0 ? sc->n_params : 1);
  ss_scenario_defaults(sc, values);
  g_auto(GStrv) pkeys = g_key_file_get_keys(kf, GROUP_PARAMS, NULL, NULL);
  for (int i = 0; pkeys && pkeys[i]; i++) {
    line = index_line(ix, GROUP_PARAMS, pkeys[i]);
    g_autofree char *v = get_value(kf, GROUP_PARAMS, pkeys[i], &msg);
    if (!v)
      return fail_at(error, path, line, msg);
    g_autofree char *err = NULL;
    if (!ss_param_set_text(sc, values, pkeys[i], v, &err))
      return fail_at(error, path, line, err);
  }

  /* the file as a whole: a model that can be built (mu_k <= mu_s, ...) and
   * a run whose history fits (t_end and dt_out) */
  g_autofree char *err = NULL;
  ss_model *m = sc->create(sc, values, &err);
  if (!m)
    return fail_at(error, path, 0, err);
  bool fits = ss_run_opts_resolve(m, &o, NULL, &err);
  ss_model_free(m);
  if (!fits) {
    line = index_line(ix, GROUP_SCENARIO, "dt_out");
    return fail_at(error, path, line ? line : index_line(ix, GROUP_SCENARIO, "t_end"), err);
  }
  double *out = malloc(sizeof(double) * (size_t)(sc->n_params > 0 ? sc->n_params : 1));
  if (!out)
    return fail_at(error, path, 0, "out of memory");
  memcpy(out, values, sizeof(double) * (size_t)sc->n_params);
  if (scenario)
    *scenario = sc;
  if (opts)
    *opts = o;
  return out;
}

double *ss_scenario_file_parse(const char *text, size_t length, const char *path,
                               const ss_scenario **scenario, ss_run_opts *opts, char **error)
{
  if (!path)
    path = "(scenario file)";
  if (!text)
    return fail_at(error, path, 0, "no text");
  /* a UTF-8 byte-order mark, as some editors write */
  if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
    text += 3;
    length -= 3;
  }
  file_index ix = {g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL)};
  g_autofree char *msg = NULL;
  g_autoptr(GKeyFile) kf = g_key_file_new();
  g_autoptr(GError) gerr = NULL;
  double *values = NULL;
  int line = scan_lines(text, length, &ix, &msg);
  if (line)
    fail_at(error, path, line, msg);
  else if (!g_key_file_load_from_data(kf, text, length, G_KEY_FILE_NONE, &gerr))
    fail_at(error, path, 0, gerr->message);
  else
    values = parse_scanned(kf, &ix, path, scenario, opts, error);
  g_hash_table_unref(ix.lines);
  return values;
}

/* Reads at most SS_SCENARIO_FILE_MAX_BYTES (+1 to know there is more). */
static char *read_capped(const char *path, size_t *length, char **error)
{
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return ss_set_error(error, "cannot read %s: %s", path, g_strerror(errno));
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return ss_set_error(error, "cannot read %s: it is a folder", path);
  }
  size_t cap = SS_SCENARIO_FILE_MAX_BYTES;
  if (S_ISREG(st.st_mode) && (size_t)st.st_size > cap) {
    close(fd);
    return ss_set_error(error, "%s: larger than %zu bytes: not a scenario file", path, cap);
  }
  char *buf = malloc(cap + 1);
  size_t n = 0;
  while (buf && n <= cap) {
    ssize_t r = read(fd, buf + n, cap + 1 - n);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0) {
      int e = errno;
      free(buf);
      close(fd);
      return ss_set_error(error, "cannot read %s: %s", path, g_strerror(e));
    }
    if (r == 0)
      break;
    n += (size_t)r;
  }
  close(fd);
  if (!buf)
    return ss_set_error(error, "out of memory");
  if (n > cap) {
    free(buf);
    return ss_set_error(error, "%s: larger than %zu bytes: not a scenario file", path, cap);
  }
  *length = n;
  return buf;
}

double *ss_scenario_file_load(const char *path, const ss_scenario **scenario, ss_run_opts *opts,
                              char **error)
{
  size_t length = 0;
  char *text = read_capped(path, &length, error);
  if (!text)
    return NULL;
  double *values = ss_scenario_file_parse(text, length, path, scenario, opts, error);
  free(text);
  return values;
}

char *ss_scenario_file_to_data(const ss_scenario *sc, const double *values, const ss_run_opts *opts,
                               size_t *length)
{
  g_autoptr(GKeyFile) kf = g_key_file_new();
  char buf[64];
  g_key_file_set_string(kf, GROUP_SCENARIO, "name", sc->name);
  for (int i = 0; opts && i < SS_RUN_N_OPTIONS; i++) {
    double v = ss_run_opts_get(opts, i);
    if (!(v > 0))
      continue; /* not set: the default */
    ss_param_format(ss_run_option_get(i), v, buf, sizeof buf);
    g_key_file_set_string(kf, GROUP_SCENARIO, ss_run_option_get(i)->name, buf);
  }
  for (int i = 0; i < sc->n_params; i++) {
    ss_param_format(&sc->params[i], values[i], buf, sizeof buf);
    g_key_file_set_string(kf, GROUP_PARAMS, sc->params[i].name, buf);
  }
  gsize n = 0;
  char *data = g_key_file_to_data(kf, &n, NULL);
  char *out = malloc(n + 1);
  if (out)
    memcpy(out, data, n + 1);
  g_free(data);
  if (length)
    *length = n;
  return out;
}

bool ss_scenario_file_save(const char *path, const ss_scenario *sc, const double *values,
                           const ss_run_opts *opts, char **error)
{
  size_t n = 0;
  char *data = ss_scenario_file_to_data(sc, values, opts, &n);
  if (!data) {
    ss_set_error(error, "out of memory");
    return false;
  }
  bool ok = ss_output_write_all(path, data, n, error);
  free(data);
  return ok;
}
