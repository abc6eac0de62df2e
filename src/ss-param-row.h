/* ss-param-row.h - one scenario parameter: label, slider (log scale where
 * the table says so), spin button for exact entry, unit, and the reason
 * when a value is refused.  Choice parameters get a drop-down. */
#pragma once

#include <gtk/gtk.h>

#include "stickslip.h"

G_BEGIN_DECLS

#define SS_TYPE_PARAM_ROW (ss_param_row_get_type ())

G_DECLARE_FINAL_TYPE (SsParamRow, ss_param_row, SS, PARAM_ROW, GtkListBoxRow)

SsParamRow          *ss_param_row_new (const ss_param_info *info, double value);
const ss_param_info *ss_param_row_get_info (SsParamRow *self);
double               ss_param_row_get_value (SsParamRow *self);
void                 ss_param_row_set_value (SsParamRow *self, double value);
void                 ss_param_row_set_error (SsParamRow *self, const char *message);
const char          *ss_param_row_get_error (SsParamRow *self);
GtkAdjustment       *ss_param_row_get_adjustment (SsParamRow *self);
GtkSpinButton       *ss_param_row_get_spin (SsParamRow *self);
GtkDropDown         *ss_param_row_get_dropdown (SsParamRow *self);
double               ss_param_row_slider_to_value (SsParamRow *self, double slider);

G_END_DECLS
