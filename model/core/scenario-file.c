/* scenario-file.c - scenario files as GKeyFile (GLib: its parser and atomic
 * g_file_set_contents are exactly what is needed here). */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "scenario-file.h"
#include "ss-internal.h"

#define GROUP_SCENARIO "scenario"
#define GROUP_PARAMS   "parameters"

/* Line number (1-based) of `key` inside [group], or 0. */
static int find_key_line(const char *text, size_t length, const char *group, const char *key)
{
  g_auto(GStrv) lines = NULL;
  g_autofree char *copy = g_strndup(text, length);
  lines = g_strsplit(copy, "\n", -1);
  bool in_group = false;
  for (int i = 0; lines[i]; i++) {
    char *l = g_strstrip(lines[i]);
    if (l[0] == '[') {
      size_t n = strlen(l);
      in_group =
          n >= 2 && l[n - 1] == ']' && strlen(group) == n - 2 && strncmp(l + 1, group, n - 2) == 0;
      continue;
    }
    if (!in_group)
      continue;
    const char *eq = strchr(l, '=');
    if (!eq)
      continue;
    g_autofree char *name = g_strstrip(g_strndup(l, (gsize)(eq - l)));
    if (strcmp(name, key) == 0)
      return i + 1;
  }
  return 0;
}

/* GKeyFile does not say which line is wrong: find the first bad one. */
static int find_syntax_error_line(const char *text, size_t length)
{
  g_autofree char *copy = g_strndup(text, length);
  g_auto(GStrv) lines = g_strsplit(copy, "\n", -1);
  for (int i = 0; lines[i]; i++) {
    char *l = g_strstrip(lines[i]);
    if (l[0] == '\0' || l[0] == '#')
      continue;
    if (l[0] == '[') {
      if (l[strlen(l) - 1] != ']')
        return i + 1;
      continue;
    }
    if (!strchr(l, '=') || l[0] == '=')
      return i + 1;
  }
  return 0;
}

static double *fail_at(char **error, const char *path, int line, const char *msg)
{
  if (line > 0)
    ss_set_error(error, "%s:%d: %s", path, line, msg);
  else
    ss_set_error(error, "%s: %s", path, msg);
  return NULL;
}

double *ss_scenario_file_parse(const char *text, size_t length, const char *path,
                               const ss_scenario **scenario, ss_run_opts *opts, char **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new();
  g_autoptr(GError) gerr = NULL;
  if (!path)
    path = "(scenario file)";
  if (!g_key_file_load_from_data(kf, text, length, G_KEY_FILE_NONE, &gerr))
    return fail_at(error, path, find_syntax_error_line(text, length), gerr->message);
  g_autofree char *name = g_key_file_get_string(kf, GROUP_SCENARIO, "name", NULL);
  if (!name)
    return fail_at(error, path, 0, "missing [scenario] name=...");
  const ss_scenario *sc = ss_scenario_find(name);
  if (!sc) {
    g_autofree char *msg = g_strdup_printf("unknown scenario '%s' (see: stickslip-cli list)", name);
    return fail_at(error, path, find_key_line(text, length, GROUP_SCENARIO, "name"), msg);
  }
  ss_run_opts o = {0};
  static const char *const opt_keys[] = {"t_end", "dt_out", "rtol", "atol"};
  double *opt_slots[] = {&o.t_end, &o.dt_out, &o.rtol, &o.atol};
  for (int i = 0; i < 4; i++) {
    g_autofree char *v = g_key_file_get_string(kf, GROUP_SCENARIO, opt_keys[i], NULL);
    if (!v)
      continue;
    char *end = NULL;
    double d = g_ascii_strtod(v, &end);
    if (end == v || *end || !(d > 0) || d > 1e9) {
      g_autofree char *msg =
          g_strdup_printf("'%s' = '%s' must be a positive number (<= 1e9)", opt_keys[i], v);
      return fail_at(error, path, find_key_line(text, length, GROUP_SCENARIO, opt_keys[i]), msg);
    }
    *opt_slots[i] = d;
  }
  g_auto(GStrv) keys = g_key_file_get_keys(kf, GROUP_SCENARIO, NULL, NULL);
  for (int i = 0; keys && keys[i]; i++) {
    if (strcmp(keys[i], "name") && strcmp(keys[i], "t_end") && strcmp(keys[i], "dt_out") &&
        strcmp(keys[i], "rtol") && strcmp(keys[i], "atol")) {
      g_autofree char *msg = g_strdup_printf("unknown key '%s' in [scenario]", keys[i]);
      return fail_at(error, path, find_key_line(text, length, GROUP_SCENARIO, keys[i]), msg);
    }
  }
  double *values = malloc(sizeof(double) * (size_t)(sc->n_params > 0 ? sc->n_params : 1));
  if (!values)
    return fail_at(error, path, 0, "out of memory");
  ss_scenario_defaults(sc, values);
  g_auto(GStrv) pkeys = g_key_file_get_keys(kf, GROUP_PARAMS, NULL, NULL);
  for (int i = 0; pkeys && pkeys[i]; i++) {
    g_autofree char *v = g_key_file_get_string(kf, GROUP_PARAMS, pkeys[i], NULL);
    char *msg = NULL;
    if (!ss_param_set_text(sc, values, pkeys[i], v ? g_strstrip(v) : "", &msg)) {
      fail_at(error, path, find_key_line(text, length, GROUP_PARAMS, pkeys[i]), msg);
      free(msg);
      free(values);
      return NULL;
    }
  }
  if (scenario)
    *scenario = sc;
  if (opts)
    *opts = o;
  return values;
}

double *ss_scenario_file_load(const char *path, const ss_scenario **scenario, ss_run_opts *opts,
                              char **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(GError) gerr = NULL;
  if (!g_file_get_contents(path, &text, &length, &gerr))
    return ss_set_error(error, "%s", gerr->message);
  return ss_scenario_file_parse(text, length, path, scenario, opts, error);
}

char *ss_scenario_file_to_data(const ss_scenario *sc, const double *values, const ss_run_opts *opts,
                               size_t *length)
{
  g_autoptr(GKeyFile) kf = g_key_file_new();
  char buf[64];
  g_key_file_set_string(kf, GROUP_SCENARIO, "name", sc->name);
  if (opts && opts->t_end > 0) {
    g_ascii_dtostr(buf, sizeof buf, opts->t_end);
    g_key_file_set_string(kf, GROUP_SCENARIO, "t_end", buf);
  }
  if (opts && opts->dt_out > 0) {
    g_ascii_dtostr(buf, sizeof buf, opts->dt_out);
    g_key_file_set_string(kf, GROUP_SCENARIO, "dt_out", buf);
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
  g_autoptr(GError) gerr = NULL;
  bool ok = data && g_file_set_contents(path, data, (gssize)n, &gerr);
  free(data);
  if (!ok)
    ss_set_error(error, "%s", gerr ? gerr->message : "out of memory");
  return ok;
}
