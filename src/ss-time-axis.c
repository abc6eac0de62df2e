/* ss-time-axis.c */
#define G_LOG_DOMAIN "ss-time-axis"

#include <math.h>

#include "ss-time-axis.h"

/* Narrowest visible window, s: keeps ticks and decimation meaningful. */
#define MIN_SPAN 1e-4

struct _SsTimeAxis
{
  GObject  parent_instance;
  double   extent_lower;
  double   extent_upper;
  double   lower;
  double   upper;
  gboolean zoomed;
  double   cursor; /* NaN when the pointer is not over a chart */
};

G_DEFINE_FINAL_TYPE (SsTimeAxis, ss_time_axis, G_TYPE_OBJECT)

enum
{
  CHANGED,
  CURSOR_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ss_time_axis_class_init (SsTimeAxisClass *klass)
{
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[CURSOR_CHANGED] = g_signal_new ("cursor-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
}

static void
ss_time_axis_init (SsTimeAxis *self)
{
  self->extent_upper = self->upper = 10.0;
  self->cursor = NAN;
}

SsTimeAxis *
ss_time_axis_new (void)
{
  return g_object_new (SS_TYPE_TIME_AXIS, NULL);
}

void
ss_time_axis_set_extent (SsTimeAxis *self, double lower, double upper)
{
  g_return_if_fail (SS_IS_TIME_AXIS (self));

  if (!(upper > lower))
    upper = lower + 1.0;
  if (lower == self->extent_lower && upper == self->extent_upper)
    return;
  self->extent_lower = lower;
  self->extent_upper = upper;
  if (!self->zoomed)
    ss_time_axis_reset_zoom (self);
  else
    ss_time_axis_set_range (self, self->lower, self->upper);
}

void
ss_time_axis_get_range (SsTimeAxis *self, double *lower, double *upper)
{
  *lower = self->lower;
  *upper = self->upper;
}

void
ss_time_axis_set_range (SsTimeAxis *self, double lower, double upper)
{
  double span = upper - lower;
  double extent = self->extent_upper - self->extent_lower;

  span = CLAMP (span, MIN_SPAN, extent);
  lower = CLAMP (lower, self->extent_lower, self->extent_upper - span);
  upper = lower + span;
  self->zoomed = span < extent * (1 - 1e-9);
  if (lower == self->lower && upper == self->upper)
    return;
  self->lower = lower;
  self->upper = upper;
  g_signal_emit (self, signals[CHANGED], 0);
}

/* factor < 1 zooms in around @center. */
void
ss_time_axis_zoom (SsTimeAxis *self, double center, double factor)
{
  g_return_if_fail (SS_IS_TIME_AXIS (self));

  ss_time_axis_set_range (self, center - (center - self->lower) * factor, center + (self->upper - center) * factor);
}

void
ss_time_axis_pan (SsTimeAxis *self, double dt)
{
  g_return_if_fail (SS_IS_TIME_AXIS (self));

  if (self->zoomed)
    ss_time_axis_set_range (self, self->lower + dt, self->upper + dt);
}

void
ss_time_axis_reset_zoom (SsTimeAxis *self)
{
  self->zoomed = FALSE;
  if (self->lower == self->extent_lower && self->upper == self->extent_upper)
    return;
  self->lower = self->extent_lower;
  self->upper = self->extent_upper;
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
ss_time_axis_is_zoomed (SsTimeAxis *self)
{
  return self->zoomed;
}

double
ss_time_axis_get_cursor (SsTimeAxis *self)
{
  return self->cursor;
}

void
ss_time_axis_set_cursor (SsTimeAxis *self, double t)
{
  if (t == self->cursor || (isnan (t) && isnan (self->cursor)))
    return;
  self->cursor = t;
  g_signal_emit (self, signals[CURSOR_CHANGED], 0);
}
