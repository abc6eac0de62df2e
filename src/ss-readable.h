/* ss-readable.h - numbers as a person reads them: the digits a parameter's
 * control supports, a reading's digits above the noise of its run; never
 * "-0".  Files and the clipboard keep full precision and do not use it. */
#pragma once

#include <glib.h>

#include <stickslip/stickslip.h>

G_BEGIN_DECLS

/* significant digits of a reading at most */
#define SS_READABLE_DIGITS 4

double ss_readable_param (const ss_param_info *p, double value);
double ss_readable_noise (double magnitude, double rtol);
char  *ss_readable_number (double value, double noise);
char  *ss_readable_quantity (double value, double noise, const char *unit);

/* the shape of a number's text: the same for two values only when their
 * texts differ in their digits alone (the legend's rooms) */
guint32 ss_printf_number_shape (double value, int p, gboolean e_form);
guint32 ss_readable_number_shape (double value, double noise);

G_END_DECLS
