/* ss-time-axis.c */
#define G_LOG_DOMAIN "ss-time-axis"

#include <glib/gi18n.h>
#include <math.h>

#include "ss-time-axis.h"

/* Narrowest visible window, s: keeps ticks and decimation meaningful. */
#define MIN_SPAN 1e-4

struct _SsTimeAxis
{
  SsAxis   parent_instance;
  double   cursor;              /* s; NaN when the pointer is not over a chart */
  double   playhead;            /* s; NaN: none (the charts show the newest state) */
  gboolean readout_at_playhead; /* legends read the values at the playhead when not hovered */
  gboolean measuring;           /* the measurement cursors are shown */
  double   measure[2];          /* s: cursors A and B; NaN until first shown */
};

G_DEFINE_FINAL_TYPE (SsTimeAxis, ss_time_axis, SS_TYPE_AXIS)

enum
{
  CURSOR_CHANGED,
  PLAYHEAD_CHANGED,
  MEASURE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ss_time_axis_class_init (SsTimeAxisClass *klass)
{
  signals[CURSOR_CHANGED] = g_signal_new ("cursor-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
  signals[PLAYHEAD_CHANGED] = g_signal_new ("playhead-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 0);
  /* the measurement cursors were shown, hidden or moved */
  signals[MEASURE_CHANGED] = g_signal_new ("measure-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 0);
}

static void
ss_time_axis_init (SsTimeAxis *self)
{
  self->cursor = NAN;
  self->playhead = NAN;
  self->measure[0] = self->measure[1] = NAN;
  ss_axis_set_min_span (SS_AXIS (self), MIN_SPAN);
  ss_axis_set_title (SS_AXIS (self), _("Time t (s)"));
  ss_axis_set_extent (SS_AXIS (self), 0, 10);
}

SsTimeAxis *
ss_time_axis_new (void)
{
  return g_object_new (SS_TYPE_TIME_AXIS, NULL);
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

double
ss_time_axis_get_playhead (SsTimeAxis *self)
{
  return self->playhead;
}

/* The instant the charts mark (a line across time charts, a dot on each
 * curve of a characteristic plot); NaN: none. */
void
ss_time_axis_set_playhead (SsTimeAxis *self, double t)
{
  if (t == self->playhead || (isnan (t) && isnan (self->playhead)))
    return;
  self->playhead = t;
  g_signal_emit (self, signals[PLAYHEAD_CHANGED], 0);
}

/* The whole time range (0 to the run's end): the measurement cursors stay
 * inside it. */
void
ss_time_axis_set_extent (SsTimeAxis *self, double lower, double upper)
{
  gboolean moved = FALSE;

  ss_axis_set_extent (SS_AXIS (self), lower, upper);
  for (guint i = 0; i < G_N_ELEMENTS (self->measure); i++)
    if (!isnan (self->measure[i]) && (self->measure[i] < lower || self->measure[i] > upper))
      {
        self->measure[i] = CLAMP (self->measure[i], lower, upper);
        moved = TRUE;
      }
  if (moved)
    g_signal_emit (self, signals[MEASURE_CHANGED], 0);
}

void
ss_time_axis_get_range (SsTimeAxis *self, double *lower, double *upper)
{
  ss_axis_get_range (SS_AXIS (self), lower, upper);
}

void
ss_time_axis_set_range (SsTimeAxis *self, double lower, double upper)
{
  ss_axis_set_range (SS_AXIS (self), lower, upper);
}

void
ss_time_axis_zoom (SsTimeAxis *self, double center, double factor)
{
  ss_axis_zoom (SS_AXIS (self), center, factor);
}

void
ss_time_axis_pan (SsTimeAxis *self, double dt)
{
  ss_axis_pan (SS_AXIS (self), dt);
}

void
ss_time_axis_reset_zoom (SsTimeAxis *self)
{
  ss_axis_reset_zoom (SS_AXIS (self));
}

gboolean
ss_time_axis_is_zoomed (SsTimeAxis *self)
{
  return ss_axis_is_zoomed (SS_AXIS (self));
}

gboolean
ss_time_axis_get_readout_at_playhead (SsTimeAxis *self)
{
  return self->readout_at_playhead;
}

/* Whether the charts' legends show the values at the playhead while the
 * pointer is not over a chart (off while playing: a readout that changes
 * every frame cannot be read, and each change redraws the legends). */
void
ss_time_axis_set_readout_at_playhead (SsTimeAxis *self, gboolean readout)
{
  g_return_if_fail (SS_IS_TIME_AXIS (self));

  readout = !!readout;
  if (readout == self->readout_at_playhead)
    return;
  self->readout_at_playhead = readout;
  g_signal_emit (self, signals[PLAYHEAD_CHANGED], 0);
}

gboolean
ss_time_axis_get_measuring (SsTimeAxis *self)
{
  g_return_val_if_fail (SS_IS_TIME_AXIS (self), FALSE);
  return self->measuring;
}

/* Shows or hides the measurement cursors; shown the first time, they stand
 * at a third and two thirds of the visible range, later where they were. */
void
ss_time_axis_set_measuring (SsTimeAxis *self, gboolean measuring)
{
  g_return_if_fail (SS_IS_TIME_AXIS (self));
  measuring = !!measuring;
  if (measuring == self->measuring)
    return;
  self->measuring = measuring;
  if (measuring && (isnan (self->measure[0]) || isnan (self->measure[1])))
    {
      double t0, t1;

      ss_time_axis_get_range (self, &t0, &t1);
      self->measure[0] = t0 + (t1 - t0) / 3;
      self->measure[1] = t0 + 2 * (t1 - t0) / 3;
    }
  g_signal_emit (self, signals[MEASURE_CHANGED], 0);
}

/* The time of cursor @which, s (kept while hidden; NaN before first shown). */
double
ss_time_axis_get_measure (SsTimeAxis *self, SsTimeAxisCursor which)
{
  g_return_val_if_fail (SS_IS_TIME_AXIS (self) && which <= SS_TIME_AXIS_CURSOR_B, NAN);
  return self->measure[which];
}

/* Moves cursor @which to @t, clamped to the whole time range. */
void
ss_time_axis_set_measure (SsTimeAxis *self, SsTimeAxisCursor which, double t)
{
  double lower, upper;

  g_return_if_fail (SS_IS_TIME_AXIS (self) && which <= SS_TIME_AXIS_CURSOR_B);
  if (isnan (t))
    return;
  ss_axis_get_extent (SS_AXIS (self), &lower, &upper);
  t = CLAMP (t, lower, upper);
  if (t == self->measure[which])
    return;
  self->measure[which] = t;
  g_signal_emit (self, signals[MEASURE_CHANGED], 0);
}
