/* ss-readable.c */
#define G_LOG_DOMAIN "ss-readable"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

/* ---- the shape of a number's text ------------------------------------ */

/* what a shape's lowest three bits say */
enum
{
  SHAPE_NAN_TEXT = 1, /* "NaN" */
  SHAPE_ZERO_TEXT,    /* "0" */
  SHAPE_NAN,          /* printf's "nan", "-nan" */
  SHAPE_INF,          /* "inf", "-inf" */
  SHAPE_ZERO,         /* printf's "0", "-0", "0.000e+00" */
  SHAPE_E,            /* "%.*e" */
  SHAPE_G,            /* "%.*g" */
};

/* powers of ten that a double holds exactly */
static const double exact_pow10[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/* @a (finite, > 0) rounded to @p significant digits as printf's "%.*e"
 * with precision @p - 1 rounds it: @r x 10^(@x - @p + 1), @r from
 * 10^(@p - 1) to 10^@p - 1.  The digits come from one multiplication by an
 * exact power of ten (an error far below 1e-9 of the scaled value); a
 * value that close to a rounding or a decade's boundary, or beyond the
 * exact powers, asks printf itself. */
static void
round_to_digits (double a, int p, int *x, int *r)
{
  const double eps = 1e-9, lo = exact_pow10[p - 1], hi = exact_pow10[p];
  int          e = (int)floor (log10 (a));

  for (int tries = 0; tries < 3; tries++)
    {
      int    k = p - 1 - e;
      double m, rounded;

      if (k > 22 || k < -22)
        break;
      m = k >= 0 ? a * exact_pow10[k] : a / exact_pow10[-k];
      if (m < lo - eps)
        {
          e--;
          continue;
        }
      if (m >= hi + eps)
        {
          e++;
          continue;
        }
      if (m <= lo + eps || m >= hi - eps || fabs (m - floor (m) - 0.5) <= eps)
        break;
      rounded = floor (m + 0.5);
      *x = e;
      *r = (int)rounded;
      if (rounded >= hi)
        {
          *x = e + 1;
          *r = (int)lo;
        }
      return;
    }
  {
    /* printf's own digits: "d.ddde+XX" (any decimal separator) */
    char        buf[64];
    const char *c;
    int         digits = 0;

    snprintf (buf, sizeof buf, "%.*e", p - 1, a);
    for (c = buf; *c != '\0' && *c != 'e'; c++)
      if (*c >= '0' && *c <= '9')
        digits = digits * 10 + (*c - '0');
    *r = digits;
    *x = *c == 'e' ? atoi (c + 1) : 0;
  }
}

/* The shape of printf's text of @value in "%.*e" (@e_form, precision
 * @p - 1) or "%.*g" (precision @p): a number that two values share only
 * when their texts are the same but for their digits (each digit in the
 * same place).  By the C standard's rules those texts depend on the sign,
 * the exponent X of the value rounded to @p significant digits and, for
 * "%g" (its choice of the style and its trailing zeros taken away), on @p
 * and how many of those digits are left; infinities and NaNs on their sign
 * alone. */
guint32
ss_printf_number_shape (double value, int p, gboolean e_form)
{
  guint32 neg = signbit (value) ? 1 : 0;
  int     x, r, s = 0;

  p = CLAMP (p, 1, 7);
  if (isnan (value))
    return SHAPE_NAN | neg << 3;
  if (isinf (value))
    return SHAPE_INF | neg << 3;
  if (value == 0)
    /* "0", "0.000e+00", "-0" */
    return SHAPE_ZERO | neg << 3 | (guint32)p << 4 | (guint32)e_form << 10;
  round_to_digits (fabs (value), p, &x, &r);
  if (!e_form)
    for (s = p; s > 1 && r % 10 == 0; s--)
      r /= 10;
  return (e_form ? SHAPE_E : SHAPE_G) | neg << 3 | (guint32)p << 4 | (guint32)s << 7 |
         (guint32)(CLAMP (x, -2000, 2000) + 2048) << 10;
}

/* The shape of ss_readable_number (@value, @noise)'s text (see
 * ss_printf_number_shape): the same tests, in the same words, as that function.
 * The legend's rooms measure one text of each shape. */
guint32
ss_readable_number_shape (double value, double noise)
{
  int digits = SS_READABLE_DIGITS;

  if (isnan (value))
    return SHAPE_NAN_TEXT;
  if (fabs (value) < (noise > 0 ? noise / 2 : 1e-12))
    return SHAPE_ZERO_TEXT;
  if (noise > 0 && isfinite (value))
    digits = CLAMP ((int)floor (log10 (fabs (value))) - (int)floor (log10 (noise)) + 1, 1, SS_READABLE_DIGITS);
  return ss_printf_number_shape (value, digits, isfinite (value) && (fabs (value) < 1e-3 || fabs (value) >= 1e5));
}
