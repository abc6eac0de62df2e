/* params.c - parameter tables: defaults, range checks, text parsing. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ss-internal.h"

void *ss_set_error(char **error, const char *fmt, ...)
{
  if (!error)
    return NULL;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *buf = malloc((size_t)n + 1);
  if (buf) {
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  free(*error);
  *error = buf;
  return NULL;
}

ss_excerpt_text ss_excerpt(const char *text)
{
  ss_excerpt_text e = {{0}};
  size_t used = 0;
  const char *c = text ? text : "";
  for (int n = 0; *c; n++) {
    if (n == SS_EXCERPT_CHARS) {
      memcpy(e.text + used, "\u2026", 4); /* … */
      return e;
    }
    gunichar u = g_utf8_get_char_validated(c, -1);
    if (u == (gunichar)-1 || u == (gunichar)-2) { /* not UTF-8: the byte */
      used += (size_t)snprintf(e.text + used, sizeof e.text - used, "\\x%02x", (unsigned char)*c);
      c++;
      continue;
    }
    const char *next = g_utf8_next_char(c);
    if (u == '\n')
      used += (size_t)snprintf(e.text + used, sizeof e.text - used, "\\n");
    else if (u == '\t')
      used += (size_t)snprintf(e.text + used, sizeof e.text - used, "\\t");
    else if (u < 0x20 || u == 0x7f)
      used += (size_t)snprintf(e.text + used, sizeof e.text - used, "\\x%02x", (unsigned)u);
    else if (g_unichar_iscntrl(u) || g_unichar_type(u) == G_UNICODE_FORMAT ||
             g_unichar_type(u) == G_UNICODE_LINE_SEPARATOR ||
             g_unichar_type(u) == G_UNICODE_PARAGRAPH_SEPARATOR)
      used += (size_t)snprintf(e.text + used, sizeof e.text - used, "\\u%04x", (unsigned)u);
    else {
      memcpy(e.text + used, c, (size_t)(next - c));
      used += (size_t)(next - c);
    }
    c = next;
  }
  return e;
}

int ss_scenario_param_index(const ss_scenario *sc, const char *name)
{
  if (!sc || !name)
    return -1;
  for (int i = 0; i < sc->n_params; i++)
    if (strcmp(sc->params[i].name, name) == 0)
      return i;
  return -1;
}

double ss_value(const ss_scenario *sc, const double *values, const char *name)
{
  int i = ss_scenario_param_index(sc, name);
  if (i < 0) {
    fprintf(stderr, "stickslip: scenario %s has no parameter %s\n", sc->name, name);
    abort(); /* a typo in a scenario file is a programming error */
  }
  return values[i];
}

void ss_scenario_defaults(const ss_scenario *sc, double *values)
{
  for (int i = 0; i < sc->n_params; i++)
    values[i] = sc->params[i].def;
}

static int n_choices(const ss_param_info *p)
{
  int n = 0;
  while (p->choices && p->choices[n])
    n++;
  return n;
}

void ss_format_double(double value, char *buf, size_t size)
{
  /* shortest text that reads back to the same double, with a '.' in any
   * locale (the GUI runs in the user's; scenario files travel) */
  for (int digits = 6; digits <= 17; digits++) {
    char fmt[8];
    snprintf(fmt, sizeof fmt, "%%.%dg", digits);
    g_ascii_formatd(buf, (int)size, fmt, value);
    if (isnan(value) || g_ascii_strtod(buf, NULL) == value)
      break;
  }
}

static void describe_range(const ss_param_info *p, char *buf, size_t size)
{
  if (p->kind == SS_PARAM_CHOICE) {
    size_t used = (size_t)snprintf(buf, size, "one of");
    for (int i = 0; p->choices[i] && used < size; i++)
      used += (size_t)snprintf(buf + used, size - used, "%s %s", i ? "," : "", p->choices[i]);
    return;
  }
  char lo[32], hi[32];
  ss_format_double(p->min, lo, sizeof lo);
  ss_format_double(p->max, hi, sizeof hi);
  const char *kind = (p->flags & SS_PARAM_INTEGER) ? "whole numbers" : "(dimensionless)";
  snprintf(buf, size, "%s%s, %s] %s", (p->flags & SS_PARAM_MIN_EXCLUSIVE) ? "(" : "[", lo, hi,
           p->unit[0] ? p->unit : kind);
  if (p->unit[0] && (p->flags & SS_PARAM_INTEGER)) {
    size_t used = strlen(buf);
    snprintf(buf + used, size - used, ", whole numbers");
  }
}

void ss_param_describe_range(const ss_param_info *p, char *buf, size_t size)
{
  describe_range(p, buf, size);
}

/* "parameter 'k'", "run option 't_end' (--t-end)", or "'--runs'" for a
 * bare option.  A run option's command-line name is its name with '-' for
 * '_' after "--" (run-options.c, which calls this file: not the other way). */
typedef struct param_name {
  char text[160];
} param_name;

static param_name name_of(const ss_param_info *p)
{
  param_name n;
  if (!p->group)
    snprintf(n.text, sizeof n.text, "'%s'", p->name);
  else if (strcmp(p->group, SS_RUN_OPTION_GROUP) == 0) {
    char cli[64];
    snprintf(cli, sizeof cli, "--%s", p->name);
    for (char *c = cli; *c; c++)
      *c = *c == '_' ? '-' : *c;
    snprintf(n.text, sizeof n.text, "run option '%s' (%s)", p->name, cli);
  } else
    snprintf(n.text, sizeof n.text, "parameter '%s'", p->name);
  return n;
}

/* Refuses value with its text and p's range: only then are they formatted
 * (a run checks every run option twice, ss_run_opts_resolve and ss_sim_new). */
typedef enum { NOT_FINITE, NOT_A_CHOICE, SUBNORMAL, OUT_OF_RANGE, NOT_WHOLE } refusal;

static bool refuse(const ss_param_info *p, double value, char **error, refusal why)
{
  char range[256], text[32];
  describe_range(p, range, sizeof range);
  ss_format_double(value, text, sizeof text);
  switch (why) {
  case NOT_FINITE:
    ss_set_error(error, "%s: %s is not a finite number; valid range %s", name_of(p).text, text,
                 range);
    break;
  case NOT_A_CHOICE:
    ss_set_error(error, "%s: %s is not a valid choice; valid: %s", name_of(p).text, text, range);
    break;
  case SUBNORMAL:
    ss_set_error(error, "%s: %s is too close to 0 (below %g in magnitude); valid range %s",
                 name_of(p).text, text, DBL_MIN, range);
    break;
  case OUT_OF_RANGE:
    ss_set_error(error, "%s: %s is out of range; valid range %s", name_of(p).text, text, range);
    break;
  case NOT_WHOLE:
    ss_set_error(error, "%s: %s must be a whole number in %s", name_of(p).text, text, range);
    break;
  }
  return false;
}

bool ss_param_check(const ss_param_info *p, double value, char **error)
{
  if (!isfinite(value))
    return refuse(p, value, error, NOT_FINITE);
  if (p->kind == SS_PARAM_CHOICE) {
    if (value != floor(value) || value < 0 || value >= n_choices(p))
      return refuse(p, value, error, NOT_A_CHOICE);
    return true;
  }
  /* subnormals lose precision and print as text no parser takes back
   * exactly everywhere: refused like any value out of range */
  if (value != 0.0 && fabs(value) < DBL_MIN)
    return refuse(p, value, error, SUBNORMAL);
  bool below = (p->flags & SS_PARAM_MIN_EXCLUSIVE) ? value <= p->min : value < p->min;
  if (below || value > p->max)
    return refuse(p, value, error, OUT_OF_RANGE);
  if ((p->flags & SS_PARAM_INTEGER) && value != floor(value))
    return refuse(p, value, error, NOT_WHOLE);
  return true;
}

/* A whole number in any decimal spelling: "12", "-3", "1e+09", "1E3",
 * "12.0", "2.5e1"; not "0.5", "1e-3", hexadecimal, "inf" or text with
 * spaces. */
static bool is_integer_text(const char *text)
{
  const char *c = text;
  if (*c == '+' || *c == '-')
    c++;
  int digits = 0;
  for (; g_ascii_isdigit(*c); c++)
    digits++;
  if (*c == '.')
    for (c++; g_ascii_isdigit(*c); c++)
      digits++;
  if (digits == 0)
    return false;
  if (*c == 'e' || *c == 'E') {
    c++;
    if (*c == '+' || *c == '-')
      c++;
    if (!g_ascii_isdigit(*c))
      return false;
    while (g_ascii_isdigit(*c))
      c++;
  }
  if (*c != '\0')
    return false;
  double v = g_ascii_strtod(text, NULL);
  return isfinite(v) && v == floor(v);
}

bool ss_param_parse(const ss_param_info *p, const char *text, double *value, char **error)
{
  char range[256];
  describe_range(p, range, sizeof range);
  if (!text)
    text = "";
  if (p->kind == SS_PARAM_CHOICE) {
    for (int c = 0; p->choices[c]; c++) {
      if (strcmp(p->choices[c], text) == 0) {
        *value = c;
        return true;
      }
    }
  }
  if (p->flags & SS_PARAM_INTEGER && !is_integer_text(text)) {
    ss_set_error(error, "%s: '%s' is not a whole number; valid range %s", name_of(p).text,
                 ss_excerpt(text).text, range);
    return false;
  }
  char *end = NULL;
  /* a '.' in any locale: files and command lines travel between users */
  double v = g_ascii_strtod(text, &end); /* resets errno */
  if (end == text || *end != '\0') {
    if (p->kind == SS_PARAM_CHOICE)
      ss_set_error(error, "%s: '%s' is not a valid choice; valid: %s", name_of(p).text,
                   ss_excerpt(text).text, range);
    else
      ss_set_error(error, "%s: '%s' is not a number; valid range %s", name_of(p).text,
                   ss_excerpt(text).text, range);
    return false;
  }
  if (errno == ERANGE) {
    /* too large for a double, or too close to 0 for a normal one */
    ss_set_error(error, "%s: '%s' is %s; valid range %s", name_of(p).text, ss_excerpt(text).text,
                 fabs(v) > 1.0 ? "too large" : "too close to 0", range);
    return false;
  }
  if (!ss_param_check(p, v, error))
    return false;
  *value = v;
  return true;
}

bool ss_param_set_text(const ss_scenario *sc, double *values, const char *name, const char *text,
                       char **error)
{
  int i = ss_scenario_param_index(sc, name);
  if (i < 0) {
    ss_set_error(error, "scenario '%s' has no parameter '%s' (see: stickslip-cli params %s)",
                 sc->name, ss_excerpt(name).text, sc->name);
    return false;
  }
  return ss_param_parse(&sc->params[i], text, &values[i], error);
}

bool ss_param_set_assignment(const ss_scenario *sc, double *values, const char *assignment,
                             char **error)
{
  const char *eq = strchr(assignment, '=');
  if (!eq || eq == assignment) {
    ss_set_error(error, "expected NAME=VALUE, got '%s'", ss_excerpt(assignment).text);
    return false;
  }
  char name[128];
  size_t len = (size_t)(eq - assignment);
  if (len >= sizeof name) {
    ss_set_error(error, "parameter name too long in '%s'", ss_excerpt(assignment).text);
    return false;
  }
  memcpy(name, assignment, len);
  name[len] = '\0';
  return ss_param_set_text(sc, values, name, eq + 1, error);
}

void ss_param_format(const ss_param_info *p, double value, char *buf, size_t size)
{
  if (p->kind == SS_PARAM_CHOICE && value >= 0 && value < n_choices(p))
    snprintf(buf, size, "%s", p->choices[(int)value]);
  else if ((p->flags & SS_PARAM_INTEGER) && value == floor(value) && fabs(value) < 0x1p53)
    snprintf(buf, size, "%.0f",
             value); /* whole numbers read back as whole numbers: 20020000, never 2.002e+07 */
  else
    ss_format_double(value, buf, size);
}

const ss_param_condition *ss_param_unmet_condition(const ss_scenario *sc, const double *values,
                                                   int param)
{
  if (!sc || param < 0 || param >= sc->n_params)
    return NULL;
  for (int k = 0; k < sc->n_conditions; k++) {
    const ss_param_condition *cond = &sc->conditions[k];
    if (strcmp(cond->param, sc->params[param].name) != 0)
      continue;
    int c = ss_scenario_param_index(sc, cond->choice_param);
    if (c < 0)
      continue; /* a table error; test-param-active catches it */
    double v = values[c];
    if (!(v >= 0.0 && v < 32.0 && v == floor(v)) || !(cond->choices_mask >> (unsigned)v & 1u))
      return cond;
  }
  return NULL;
}

bool ss_param_active(const ss_scenario *sc, const double *values, int param, char **why)
{
  const ss_param_condition *cond = ss_param_unmet_condition(sc, values, param);
  if (!cond)
    return true;
  if (why) {
    /* "only with Rod model = flexible", "... = 1, 2 or 3" */
    const ss_param_info *p = &sc->params[ss_scenario_param_index(sc, cond->choice_param)];
    int n_listed = 0, k = 0;
    for (int c = 0; p->choices[c]; c++)
      n_listed += (int)(cond->choices_mask >> c & 1u);
    char list[256] = "";
    size_t used = 0;
    for (int c = 0; p->choices[c] && used < sizeof list; c++) {
      if (!(cond->choices_mask >> c & 1u))
        continue;
      const char *sep = k == 0 ? "" : k == n_listed - 1 ? " or " : ", ";
      used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", sep, p->choices[c]);
      k++;
    }
    ss_set_error(why, "only with %s = %s", p->label, list);
  }
  return false;
}
