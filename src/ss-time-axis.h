/* ss-time-axis.h - the time range shared by the stacked charts, with the
 * hover cursor; zoom and pan act on it so every chart follows. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define SS_TYPE_TIME_AXIS (ss_time_axis_get_type ())

G_DECLARE_FINAL_TYPE (SsTimeAxis, ss_time_axis, SS, TIME_AXIS, GObject)

SsTimeAxis *ss_time_axis_new (void);
void        ss_time_axis_set_extent (SsTimeAxis *self, double lower, double upper);
void        ss_time_axis_get_range (SsTimeAxis *self, double *lower, double *upper);
void        ss_time_axis_set_range (SsTimeAxis *self, double lower, double upper);
void        ss_time_axis_zoom (SsTimeAxis *self, double center, double factor);
void        ss_time_axis_pan (SsTimeAxis *self, double dt);
void        ss_time_axis_reset_zoom (SsTimeAxis *self);
gboolean    ss_time_axis_is_zoomed (SsTimeAxis *self);
double      ss_time_axis_get_cursor (SsTimeAxis *self);
void        ss_time_axis_set_cursor (SsTimeAxis *self, double t);

G_END_DECLS
