/* ss-time-axis.h - the time axis shared by the stacked charts: an SsAxis
 * (range, zoom, pan, ticks, mapping) with the hover cursor and the
 * playhead, so every chart follows one zoom, one cursor and one playhead;
 * and the two measurement cursors A and B, one time each for every chart. */
#pragma once

#include "ss-axis.h"

G_BEGIN_DECLS

#define SS_TYPE_TIME_AXIS (ss_time_axis_get_type ())

G_DECLARE_FINAL_TYPE (SsTimeAxis, ss_time_axis, SS, TIME_AXIS, SsAxis)

SsTimeAxis *ss_time_axis_new (void);
double      ss_time_axis_get_cursor (SsTimeAxis *self);
void        ss_time_axis_set_cursor (SsTimeAxis *self, double t);
double      ss_time_axis_get_playhead (SsTimeAxis *self);
void        ss_time_axis_set_playhead (SsTimeAxis *self, double t);
gboolean    ss_time_axis_get_readout_at_playhead (SsTimeAxis *self);
void        ss_time_axis_set_readout_at_playhead (SsTimeAxis *self, gboolean readout);

/* the two measurement cursors, A and B */
typedef enum
{
  SS_TIME_AXIS_CURSOR_A,
  SS_TIME_AXIS_CURSOR_B,
} SsTimeAxisCursor;

gboolean ss_time_axis_get_measuring (SsTimeAxis *self);
void     ss_time_axis_set_measuring (SsTimeAxis *self, gboolean measuring);
double   ss_time_axis_get_measure (SsTimeAxis *self, SsTimeAxisCursor which);
void     ss_time_axis_set_measure (SsTimeAxis *self, SsTimeAxisCursor which, double t);

/* SsAxis calls under their time names */
void     ss_time_axis_set_extent (SsTimeAxis *self, double lower, double upper);
void     ss_time_axis_get_range (SsTimeAxis *self, double *lower, double *upper);
void     ss_time_axis_set_range (SsTimeAxis *self, double lower, double upper);
void     ss_time_axis_zoom (SsTimeAxis *self, double center, double factor);
void     ss_time_axis_pan (SsTimeAxis *self, double dt);
void     ss_time_axis_reset_zoom (SsTimeAxis *self);
gboolean ss_time_axis_is_zoomed (SsTimeAxis *self);

G_END_DECLS
