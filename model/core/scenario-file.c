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

#define GROUP_SCENARIO  "scenario"
#define GROUP_PARAMS    "parameters"
#define GROUP_RUN       "run " /* "run N": a pinned run */
#define KEY_RUN_NAME    "name"
#define KEY_RUN_VISIBLE "visible"
#define MAX_RUN_NAME    200 /* bytes of a run's name */

/* N of a group "run N" (1..SS_SCENARIO_FILE_MAX_PINS, written without
 * leading zeros or signs), else 0. */
static int run_group_number(const char *group)
{
  if (strncmp(group, GROUP_RUN, strlen(GROUP_RUN)) != 0)
    return 0;
  const char *d = group + strlen(GROUP_RUN);
  int n = 0;
  if (*d < '1' || *d > '9')
    return 0;
  for (; *d; d++) {
    if (*d < '0' || *d > '9' || n > SS_SCENARIO_FILE_MAX_PINS)
      return 0;
    n = n * 10 + (*d - '0');
  }
  return n <= SS_SCENARIO_FILE_MAX_PINS ? n : 0;
}

void ss_scenario_pins_free(ss_scenario_pin *pins, int n_pins)
{
  if (!pins)
    return;
  for (int i = 0; i < n_pins; i++) {
    free(pins[i].values);
    free(pins[i].name);
  }
  free(pins);
}

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
        *msg = g_strdup_printf("'%s' is not a group header like [scenario]", ss_excerpt(l).text);
        return line;
      }
      g_free(group);
      group = g_strndup(l + 1, n - 2);
      if (strcmp(group, GROUP_SCENARIO) != 0 && strcmp(group, GROUP_PARAMS) != 0 &&
          run_group_number(group) == 0) {
        *msg = g_strdup_printf("unknown group [%s] (a scenario file has [%s], [%s] and pinned runs "
                               "[run 1] .. [run %d])",
                               ss_excerpt(group).text, GROUP_SCENARIO, GROUP_PARAMS,
                               SS_SCENARIO_FILE_MAX_PINS);
        return line;
      }
      int first = index_line(ix, group, NULL);
      if (first) {
        *msg =
            g_strdup_printf("group [%s] again (first on line %d)", ss_excerpt(group).text, first);
        return line;
      }
      g_hash_table_insert(ix->lines, g_strdup(group), GINT_TO_POINTER(line));
      continue;
    }
    const char *eq = strchr(l, '=');
    if (!eq || eq == l) {
      *msg = g_strdup_printf("'%s' is not NAME=VALUE", ss_excerpt(l).text);
      return line;
    }
    if (!group) {
      *msg = g_strdup_printf("'%s' comes before any group", ss_excerpt(l).text);
      return line;
    }
    g_autofree char *key = g_strstrip(g_strndup(l, (gsize)(eq - l)));
    /* GKeyFile would read an escape of the line's end: refused */
    size_t n = strlen(l), slashes = 0;
    while (slashes < n && l[n - 1 - slashes] == '\\')
      slashes++;
    if (slashes % 2 == 1) {
      *msg = g_strdup_printf("the value of '%s' ends with a backslash", ss_excerpt(key).text);
      return line;
    }
    int first = index_line(ix, group, key);
    if (first) {
      *msg = g_strdup_printf("'%s' again in [%s] (first on line %d)", ss_excerpt(key).text,
                             ss_excerpt(group).text, first);
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
    /* GLib's reason quotes the whole value: an excerpt of it */
    *msg = g_strdup_printf("the value of '%s' is unreadable: %s", ss_excerpt(key).text,
                           ss_excerpt(gerr ? gerr->message : "?").text);
    return NULL;
  }
  return g_strstrip(v);
}

/* The parse after the scan; ix tells the lines. */
static bool parse_pins(GKeyFile *kf, const file_index *ix, const char *path, const ss_scenario *sc,
                       const double *base, const ss_run_opts *o, ss_scenario_pin **pins_out,
                       int *n_out, char **error);

static double *parse_scanned(GKeyFile *kf, const file_index *ix, const char *path,
                             const ss_scenario **scenario, ss_run_opts *opts,
                             ss_scenario_pin **pins, int *n_pins, char **error)
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
    g_autofree char *m =
        g_strdup_printf("unknown scenario '%s' (see: stickslip-cli list)", ss_excerpt(name).text);
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
          ss_excerpt(keys[i]).text);
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
  ss_scenario_pin *read_pins = NULL;
  int n_read = 0;
  if (!parse_pins(kf, ix, path, sc, values, &o, &read_pins, &n_read, error))
    return NULL;
  double *out = malloc(sizeof(double) * (size_t)(sc->n_params > 0 ? sc->n_params : 1));
  if (!out) {
    ss_scenario_pins_free(read_pins, n_read);
    return fail_at(error, path, 0, "out of memory");
  }
  memcpy(out, values, sizeof(double) * (size_t)sc->n_params);
  if (scenario)
    *scenario = sc;
  if (opts)
    *opts = o;
  if (pins) {
    *pins = read_pins;
    *n_pins = n_read;
  } else {
    ss_scenario_pins_free(read_pins, n_read);
  }
  return out;
}

static int compare_run_groups(const void *a, const void *b)
{
  return run_group_number(*(char *const *)a) - run_group_number(*(char *const *)b);
}

/* The [run N] groups, in the order of N: each [parameters] with its own
 * keys, checked as [parameters] is; the model of each is built and its
 * history checked against the run options. */
static bool parse_pins(GKeyFile *kf, const file_index *ix, const char *path, const ss_scenario *sc,
                       const double *base, const ss_run_opts *o, ss_scenario_pin **pins_out,
                       int *n_out, char **error)
{
  g_auto(GStrv) groups = g_key_file_get_groups(kf, NULL);
  GPtrArray *runs = g_ptr_array_new();
  for (int i = 0; groups && groups[i]; i++)
    if (run_group_number(groups[i]) > 0)
      g_ptr_array_add(runs, groups[i]);
  g_ptr_array_sort(runs, compare_run_groups);
  ss_scenario_pin *pins = calloc(runs->len > 0 ? runs->len : 1, sizeof *pins);
  int n = 0;
  bool ok = pins != NULL;
  if (!pins)
    fail_at(error, path, 0, "out of memory");
  for (guint r = 0; ok && r < runs->len; r++) {
    const char *group = g_ptr_array_index(runs, r);
    int group_line = index_line(ix, group, NULL);
    ss_scenario_pin *pin = &pins[n++];
    pin->values = malloc(sizeof(double) * (size_t)(sc->n_params > 0 ? sc->n_params : 1));
    if (!pin->values) {
      fail_at(error, path, 0, "out of memory");
      ok = false;
      break;
    }
    memcpy(pin->values, base, sizeof(double) * (size_t)sc->n_params);
    g_auto(GStrv) keys = g_key_file_get_keys(kf, group, NULL, NULL);
    for (int k = 0; ok && keys && keys[k]; k++) {
      int line = index_line(ix, group, keys[k]);
      g_autofree char *msg = NULL;
      g_autofree char *v = get_value(kf, group, keys[k], &msg);
      if (!v) {
        fail_at(error, path, line, msg);
        ok = false;
      } else if (strcmp(keys[k], KEY_RUN_NAME) == 0) {
        if (!g_utf8_validate(v, -1, NULL) || strlen(v) > MAX_RUN_NAME) {
          g_autofree char *m =
              g_strdup_printf("a run's name is UTF-8 text of at most %d bytes", MAX_RUN_NAME);
          fail_at(error, path, line, m);
          ok = false;
        } else {
          pin->name = malloc(strlen(v) + 1);
          if (pin->name)
            strcpy(pin->name, v);
        }
      } else if (strcmp(keys[k], KEY_RUN_VISIBLE) == 0) {
        if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0) {
          g_autofree char *m =
              g_strdup_printf("visible is true or false, not '%s'", ss_excerpt(v).text);
          fail_at(error, path, line, m);
          ok = false;
        }
        pin->hidden = strcmp(v, "false") == 0;
      } else {
        g_autofree char *err = NULL;
        if (!ss_param_set_text(sc, pin->values, keys[k], v, &err)) {
          /* the keys a pinned run takes besides the parameters */
          if (ss_scenario_param_index(sc, keys[k]) < 0) {
            g_autofree char *m = g_strdup_printf("%s (in [%s]: also %s= and %s=)", err, group,
                                                 KEY_RUN_NAME, KEY_RUN_VISIBLE);
            fail_at(error, path, line, m);
          } else {
            fail_at(error, path, line, err);
          }
          ok = false;
        }
      }
    }
    if (!ok)
      break;
    g_autofree char *err = NULL;
    ss_model *m = sc->create(sc, pin->values, &err);
    bool fits = m && ss_run_opts_resolve(m, o, NULL, &err);
    ss_model_free(m);
    if (!fits) {
      g_autofree char *msg = g_strdup_printf("[%s]: %s", group, err ? err : "cannot be built");
      fail_at(error, path, group_line, msg);
      ok = false;
    }
  }
  g_ptr_array_unref(runs);
  if (!ok) {
    ss_scenario_pins_free(pins, n);
    return false;
  }
  if (n == 0) {
    free(pins);
    pins = NULL;
  }
  *pins_out = pins;
  *n_out = n;
  return true;
}

double *ss_scenario_file_parse(const char *text, size_t length, const char *path,
                               const ss_scenario **scenario, ss_run_opts *opts, char **error)
{
  return ss_scenario_file_parse_pins(text, length, path, scenario, opts, NULL, NULL, error);
}

double *ss_scenario_file_parse_pins(const char *text, size_t length, const char *path,
                                    const ss_scenario **scenario, ss_run_opts *opts,
                                    ss_scenario_pin **pins, int *n_pins, char **error)
{
  if (pins) {
    *pins = NULL;
    *n_pins = 0;
  }
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
    fail_at(error, path, 0, ss_excerpt(gerr->message).text);
  else
    values = parse_scanned(kf, &ix, path, scenario, opts, pins, n_pins, error);
  g_hash_table_unref(ix.lines);
  return values;
}

/* Reads at most SS_SCENARIO_FILE_MAX_BYTES (+1 to know there is more). */
/* path "-": standard input (named so in messages). */
static char *read_capped(const char *path, size_t *length, char **error)
{
  int fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (strcmp(path, "-") == 0)
    path = "standard input";
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
  return ss_scenario_file_load_pins(path, scenario, opts, NULL, NULL, error);
}

double *ss_scenario_file_load_pins(const char *path, const ss_scenario **scenario,
                                   ss_run_opts *opts, ss_scenario_pin **pins, int *n_pins,
                                   char **error)
{
  size_t length = 0;
  if (pins) {
    *pins = NULL;
    *n_pins = 0;
  }
  char *text = read_capped(path, &length, error);
  if (!text)
    return NULL;
  double *values =
      ss_scenario_file_parse_pins(text, length, strcmp(path, "-") == 0 ? "standard input" : path,
                                  scenario, opts, pins, n_pins, error);
  free(text);
  return values;
}

char *ss_scenario_file_to_data(const ss_scenario *sc, const double *values, const ss_run_opts *opts,
                               size_t *length)
{
  return ss_scenario_file_to_data_pins(sc, values, opts, NULL, 0, length);
}

char *ss_scenario_file_to_data_pins(const ss_scenario *sc, const double *values,
                                    const ss_run_opts *opts, const ss_scenario_pin *pins,
                                    int n_pins, size_t *length)
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
  for (int r = 0; pins && r < n_pins && r < SS_SCENARIO_FILE_MAX_PINS; r++) {
    g_autofree char *group = g_strdup_printf(GROUP_RUN "%d", r + 1);
    if (pins[r].name && g_utf8_validate(pins[r].name, -1, NULL)) {
      /* at most MAX_RUN_NAME bytes, cut between characters */
      g_autofree char *name = g_strdup(pins[r].name);
      while (strlen(name) > MAX_RUN_NAME)
        *g_utf8_find_prev_char(name, name + strlen(name)) = '\0';
      g_key_file_set_string(kf, group, KEY_RUN_NAME, name);
    }
    /* always written: the group is there even when nothing else differs */
    g_key_file_set_string(kf, group, KEY_RUN_VISIBLE, pins[r].hidden ? "false" : "true");
    for (int i = 0; i < sc->n_params; i++) {
      if (memcmp(&pins[r].values[i], &values[i], sizeof(double)) == 0)
        continue;
      ss_param_format(&sc->params[i], pins[r].values[i], buf, sizeof buf);
      g_key_file_set_string(kf, group, sc->params[i].name, buf);
    }
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
  return ss_scenario_file_save_pins(path, sc, values, opts, NULL, 0, error);
}

bool ss_scenario_file_save_pins(const char *path, const ss_scenario *sc, const double *values,
                                const ss_run_opts *opts, const ss_scenario_pin *pins, int n_pins,
                                char **error)
{
  size_t n = 0;
  char *data = ss_scenario_file_to_data_pins(sc, values, opts, pins, n_pins, &n);
  if (!data) {
    ss_set_error(error, "out of memory");
    return false;
  }
  bool ok = ss_output_write_all(path, data, n, error);
  free(data);
  return ok;
}
