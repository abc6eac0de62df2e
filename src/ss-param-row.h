/* ss-param-row.h - one scenario parameter: label, slider (log scale where
 * the table says so), spin button for exact entry, unit, a reset button
 * while it differs from its default, and the reason when a value is refused
 * or the parameter has no effect.  Choice parameters get a drop-down. */
#pragma once

#include <gtk/gtk.h>

#include <stickslip/stickslip.h>

G_BEGIN_DECLS

#define SS_TYPE_PARAM_ROW (ss_param_row_get_type ())

G_DECLARE_FINAL_TYPE (SsParamRow, ss_param_row, SS, PARAM_ROW, GtkListBoxRow)

/* How long a wheel-driven change waits for the next before it is final. */
#define SS_PARAM_ROW_SETTLE_MS 150

SsParamRow          *ss_param_row_new (const ss_param_info *info, double value);
const ss_param_info *ss_param_row_get_info (SsParamRow *self);
double               ss_param_row_get_value (SsParamRow *self);
void                 ss_param_row_set_value (SsParamRow *self, double value);
void                 ss_param_row_set_error (SsParamRow *self, const char *message);
const char          *ss_param_row_get_error (SsParamRow *self);
void                 ss_param_row_set_modified (SsParamRow *self, gboolean modified);
gboolean             ss_param_row_get_modified (SsParamRow *self);
void                 ss_param_row_set_inactive_reason (SsParamRow *self, const char *reason);
const char          *ss_param_row_get_inactive_reason (SsParamRow *self);
void                 ss_param_row_cancel_pending (SsParamRow *self);
GtkAdjustment       *ss_param_row_get_adjustment (SsParamRow *self);
GtkScale            *ss_param_row_get_scale (SsParamRow *self);
GtkSpinButton       *ss_param_row_get_spin (SsParamRow *self);
GtkDropDown         *ss_param_row_get_dropdown (SsParamRow *self);
GtkWidget           *ss_param_row_get_reset_button (SsParamRow *self);
double               ss_param_row_slider_to_value (SsParamRow *self, double slider);
gboolean             ss_param_row_key_step_value (SsParamRow *self, int direction, double *value);

/* how many times the row has drawn its children into its image */
guint ss_param_row_get_renders (SsParamRow *self);

G_END_DECLS
