/* ss-units.c */
#define G_LOG_DOMAIN "ss-units"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ss-model-strings.h"
#include "ss-readable.h"
#include "ss-units.h"

/* Four significant digits, locale decimal separator, no "-0". */
char *
ss_format_number (double value)
{
  char buf[64];

  if (fabs (value) < 1e-12)
    value = 0.0;
  if (value != 0.0 && (fabs (value) < 1e-3 || fabs (value) >= 1e5))
    snprintf (buf, sizeof buf, "%.3e", value);
  else
    snprintf (buf, sizeof buf, "%.4g", value);
  return g_strdup (buf);
}

char *
ss_format_quantity (double value, const char *unit)
{
  g_autofree char *number = ss_format_number (value);

  if (unit == NULL || unit[0] == '\0' || g_str_equal (unit, "1")) /* "1": dimensionless */
    return g_steal_pointer (&number);
  return g_strdup_printf ("%s %s", number, unit);
}

/* @text (taken) for the screen: each minus sign, the ASCII hyphen-minus
 * before a digit or a decimal point at the start, after a space, an
 * opening bracket or an exponent's "e", becomes the typographic minus
 * U+2212 "−", as in the charts' tick labels.  What a program reads (CSV,
 * the copied readout, the command line) keeps the ASCII "-". */
char *
ss_format_screen_minus (char *text)
{
  GString *out;

  if (text == NULL || strchr (text, '-') == NULL)
    return text;
  out = g_string_sized_new (strlen (text) + 8);
  for (const char *p = text; *p != '\0'; p++)
    {
      gboolean sign = *p == '-' && (g_ascii_isdigit (p[1]) || p[1] == '.' || p[1] == ',') &&
                      (p == text || p[-1] == ' ' || p[-1] == '(' ||
                       ((p[-1] == 'e' || p[-1] == 'E') && p - text >= 2 && g_ascii_isdigit (p[-2])));

      if (sign)
        g_string_append (out, "−");
      else
        g_string_append_c (out, *p);
    }
  g_free (text);
  return g_string_free (out, FALSE);
}

/* ss_format_quantity as the screen shows it: with the typographic minus
 * (ss_format_screen_minus).  The metrics, the events, a study's values
 * and the cursor readout take their numbers from here; what a program
 * reads takes ss_format_quantity's, or the CLI's. */
char *
ss_format_screen_quantity (double value, const char *unit)
{
  return ss_format_screen_minus (ss_format_quantity (value, unit));
}

/* A 1-2-5 step giving about @target_ticks ticks over @span. */
double
ss_nice_step (double span, int target_ticks)
{
  double raw, mag, norm;

  if (!(span > 0) || !isfinite (span))
    return 1.0;
  raw = span / MAX (target_ticks, 1);
  mag = pow (10.0, floor (log10 (raw)));
  norm = raw / mag;
  if (norm < 1.5)
    return mag;
  if (norm < 3.5)
    return 2 * mag;
  if (norm < 7.5)
    return 5 * mag;
  return 10 * mag;
}

static int
ticks_inside (double lo, double hi, double step)
{
  /* as the chart draws them: from ceil (lo / step) to hi + step * 1e-9 */
  return (int)(floor (hi / step + 1e-9) - ceil (lo / step)) + 1;
}

/* The step for ticks over [lo, hi] drawn @length units long: 1-2-5, about
 * one per 38 units; when that leaves a single tick inside the range (no
 * scale), the largest single-digit step (5, 4, 3, 2, 1 times a power of
 * ten) with two inside, as long as they stay @min_gap apart. */
double
ss_tick_step (double lo, double hi, double length, double min_gap)
{
  static const double mantissas[] = { 5, 4, 3, 2, 1 };
  double              span = hi - lo;
  double              step = ss_nice_step (span, MAX (2, (int)(length / 38)));
  double              mag;

  if (!(span > 0) || !isfinite (span) || ticks_inside (lo, hi, step) >= 2)
    return step;
  mag = pow (10.0, floor (log10 (step) + 1e-9));
  for (int decade = 0; decade < 2; decade++, mag /= 10)
    for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
      {
        double candidate = mantissas[i] * mag;

        if (candidate >= step * (1 - 1e-9))
          continue;
        if (candidate / span * length < min_gap)
          return step; /* every later one is smaller still */
        if (ticks_inside (lo, hi, candidate) >= 2)
          return candidate;
      }
  return step;
}

/* Tick labels with just enough decimals for the step. */
char *
ss_format_tick (double value, double step)
{
  char buf[64];
  int  decimals = 0;

  if (fabs (value) < step * 1e-6)
    value = 0.0;
  if (step < 1.0)
    decimals = (int)ceil (-log10 (step) - 1e-9);
  /* in exponent form, zero reads 0, not 0.00000 beside -2e-05 */
  if (step >= 1e5 || step < 1e-4)
    snprintf (buf, sizeof buf, "%.2g", value);
  else
    snprintf (buf, sizeof buf, "%.*f", CLAMP (decimals, 0, 8), value);
  return g_strdup (buf);
}

/* The locale's decimal separator, as printf writes it ("." or ","). */
const char *
ss_format_decimal_point (void)
{
  const char *point = localeconv ()->decimal_point;

  return point != NULL && point[0] != '\0' ? point : ".";
}

/* Between the items of a list of values: "; " where the decimal
 * separator is a comma ("k = 0,5; c = 1,5"), ", " elsewhere. */
const char *
ss_format_list_separator (void)
{
  return strchr (ss_format_decimal_point (), ',') != NULL ? "; " : ", ";
}

/* A parameter's value as a figure shows it: the shortest text of the
 * value its control supports (ss_readable_param), with the locale's
 * decimal separator (as the charts' tick labels), or the choice's
 * translated label. */
char *
ss_format_param_value (const ss_param_info *p, double value)
{
  char     buf[64];
  GString *s;

  ss_param_format (p, ss_readable_param (p, value), buf, sizeof buf);
  if (p->kind == SS_PARAM_CHOICE)
    return g_strdup (ss_i18n_choice_label (buf));
  s = g_string_new (NULL);
  for (const char *c = buf; *c != '\0'; c++)
    if (*c == '.')
      g_string_append (s, ss_format_decimal_point ());
    else
      g_string_append_c (s, *c);
  return g_string_free (s, FALSE);
}

/* "Spring stiffness k = 400 N/m", "Modelling level: 1 — full model":
 * the parameter's translated label with its value and unit; @space goes
 * round the "=" and before the unit (a no-break space keeps them on the
 * label's line in wrapped text). */
char *
ss_format_param_assignment (const ss_param_info *p, double value, const char *space)
{
  g_autofree char *text = ss_format_param_value (p, value);
  const char      *label = ss_i18n_model_text (p->label);

  if (p->kind == SS_PARAM_CHOICE)
    return g_strdup_printf ("%s:%s%s", label, space, text);
  if (p->unit == NULL || p->unit[0] == '\0')
    return g_strdup_printf ("%s%s=%s%s", label, space, space, text);
  return g_strdup_printf ("%s%s=%s%s%s%s", label, space, space, text, space, p->unit);
}

/* The shape of ss_format_number (@value)'s text, as above. */
guint32
ss_format_number_shape (double value)
{
  if (fabs (value) < 1e-12)
    value = 0.0;
  return ss_printf_number_shape (value, 4, value != 0.0 && (fabs (value) < 1e-3 || fabs (value) >= 1e5));
}
