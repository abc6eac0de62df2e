/* ss-param-panel.h - the parameter rows of a scenario, grouped as its table
 * says; keeps the last valid value vector.
 *
 * Signal "changed" (gboolean final): a valid new vector is in place.
 * final FALSE is a preview while the user drags a slider, holds a spin
 * button's +/- or turns the wheel on a focused control; a changed (TRUE)
 * always follows the last preview (on release, or 150 ms after the last
 * wheel step), with the last valid vector.  Keyboard, typed values, the
 * drop-downs, the reset buttons, ss_param_panel_request and
 * ss_param_panel_set_values are final at once.  ss_param_panel_set_scenario
 * emits nothing. */
#pragma once

#include <gtk/gtk.h>

#include "ss-param-row.h"

G_BEGIN_DECLS

#define SS_TYPE_PARAM_PANEL (ss_param_panel_get_type ())

G_DECLARE_FINAL_TYPE (SsParamPanel, ss_param_panel, SS, PARAM_PANEL, GtkWidget)

GtkWidget         *ss_param_panel_new (void);
void               ss_param_panel_set_scenario (SsParamPanel *self, const ss_scenario *scenario, const double *values);
const ss_scenario *ss_param_panel_get_scenario (SsParamPanel *self);
const double      *ss_param_panel_get_values (SsParamPanel *self);
gboolean           ss_param_panel_set_values (SsParamPanel *self, const double *values, char **error);
ss_model          *ss_param_panel_take_model (SsParamPanel *self);
guint              ss_param_panel_step_models (SsParamPanel *self, ss_model *models[2]);
SsParamRow        *ss_param_panel_get_row (SsParamPanel *self, const char *name);
gboolean           ss_param_panel_request (SsParamPanel *self, const char *name, double value);
const char        *ss_param_panel_get_changed_param (SsParamPanel *self);
gboolean           ss_param_panel_is_previewing (SsParamPanel *self);

G_END_DECLS
