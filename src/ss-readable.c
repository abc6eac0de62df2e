/* ss-readable.c */
#define G_LOG_DOMAIN "ss-readable"

#include <math.h>
#include <stdio.h>

#include "ss-readable.h"

/* significant digits a value typed into a parameter's spin button keeps */
#define TYPED_DIGITS 6
/* significant digits of a value nobody typed: the slider's step */
#define STEP_DIGITS 3

static double
round_significant (double value, int digits)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[8];

  g_snprintf (fmt, sizeof fmt, "%%.%dg", digits);
  return g_ascii_strtod (g_ascii_formatd (buf, sizeof buf, fmt, value), NULL);
}

/* A parameter's value as its control supports it, for every text that
 * shows it to a person (the panel, a figure's subtitle, a pinned run's
 * name): a value with at most six significant digits (one typed into the
 * spin button, a default) as it is; any other (a study's grid point, "M =
 * 6.15848211066") to the slider's three significant digits (6.16).  Whole
 * numbers and choices as they are; never -0. */
double
ss_readable_param (const ss_param_info *p, double value)
{
  if (!isfinite (value) || value == 0.0)
    return value == 0.0 ? 0.0 : value;
  if (p != NULL && (p->kind == SS_PARAM_CHOICE || (p->flags & SS_PARAM_INTEGER)))
    return value;
  if (round_significant (value, TYPED_DIGITS) == value)
    return value;
  return round_significant (value, STEP_DIGITS);
}

/* The noise level of a column whose values reach @magnitude in size in a
 * run computed with relative tolerance @rtol (<= 0: rtol's default,
 * 1e-8): @rtol of it.  A value below it is the integration's or the
 * arithmetic's residue ("spring 2 force = 5.551e-12 N" beside forces of
 * newtons), not a reading. */
double
ss_readable_noise (double magnitude, double rtol)
{
  if (!(rtol > 0))
    rtol = ss_run_option_get (SS_RUN_RTOL)->def;
  return isfinite (magnitude) ? fabs (magnitude) * rtol : 0.0;
}

/* A reading: SS_READABLE_DIGITS significant digits, none finer than
 * @noise (0: none known, 1e-12 then), "0" below it, never "-0"; the locale's
 * decimal separator; exponent form below 1e-3 and from 1e5. */
char *
ss_readable_number (double value, double noise)
{
  char buf[64];
  int  digits = SS_READABLE_DIGITS;

  if (isnan (value))
    return g_strdup ("NaN");
  /* with no noise known, below 1e-12 as ss_format_number */
  if (fabs (value) < (noise > 0 ? noise / 2 : 1e-12))
    return g_strdup ("0");
  if (noise > 0 && isfinite (value))
    digits = CLAMP ((int)floor (log10 (fabs (value))) - (int)floor (log10 (noise)) + 1, 1, SS_READABLE_DIGITS);
  if (isfinite (value) && (fabs (value) < 1e-3 || fabs (value) >= 1e5))
    snprintf (buf, sizeof buf, "%.*e", digits - 1, value);
  else
    snprintf (buf, sizeof buf, "%.*g", digits, value);
  return g_strdup (buf);
}

/* ss_readable_number with its unit ("1" and "" are none). */
char *
ss_readable_quantity (double value, double noise, const char *unit)
{
  g_autofree char *number = ss_readable_number (value, noise);

  if (unit == NULL || unit[0] == '\0' || g_str_equal (unit, "1"))
    return g_steal_pointer (&number);
  return g_strdup_printf ("%s %s", number, unit);
}
