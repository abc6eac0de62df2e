/* ss-units.c */
#define G_LOG_DOMAIN "ss-units"

#include <math.h>
#include <stdio.h>

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
ss_format_quantity (double      value,
                    const char *unit)
{
  g_autofree char *number = ss_format_number (value);

  if (unit == NULL || unit[0] == '\0')
    return g_steal_pointer (&number);
  return g_strdup_printf ("%s %s", number, unit);
}

/* A 1-2-5 step giving about @target_ticks ticks over @span. */
double
ss_nice_step (double span,
              int    target_ticks)
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

/* Tick labels with just enough decimals for the step. */
char *
ss_format_tick (double value,
                double step)
{
  char buf[64];
  int decimals = 0;

  if (fabs (value) < step * 1e-6)
    value = 0.0;
  if (step < 1.0)
    decimals = (int)ceil (-log10 (step) - 1e-9);
  if (step >= 1e5 || (step < 1e-4 && value != 0.0))
    snprintf (buf, sizeof buf, "%.2g", value);
  else
    snprintf (buf, sizeof buf, "%.*f", CLAMP (decimals, 0, 8), value);
  return g_strdup (buf);
}
