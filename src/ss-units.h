/* ss-units.h - number formatting shared by plots, readouts and exports. */
#pragma once

#include <glib.h>

#include <stickslip/stickslip.h>

G_BEGIN_DECLS

char  *ss_format_quantity (double value, const char *unit);
char  *ss_format_number (double value);
double ss_nice_step (double span, int target_ticks);
double ss_tick_step (double lo, double hi, double length, double min_gap);
char  *ss_format_tick (double value, double step);
char  *ss_format_screen_minus (char *text);
char  *ss_format_screen_quantity (double value, const char *unit);

const char *ss_format_decimal_point (void);
const char *ss_format_list_separator (void);
char       *ss_format_param_value (const ss_param_info *p, double value);
char       *ss_format_param_assignment (const ss_param_info *p, double value, const char *space);

/* the shape of ss_format_number's text (ss-readable.h) */
guint32 ss_format_number_shape (double value);

G_END_DECLS
