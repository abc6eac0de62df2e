/* ss-axis.c
 *
 * The visible range never leaves the extent and is never narrower than the
 * minimum span; zoom and pan work in the scale's own space (decades for a
 * log axis), so zooming a log axis keeps its proportions. */
#define G_LOG_DOMAIN "ss-axis"

#include <stdio.h>

#include "ss-axis.h"
#include "ss-units.h"

typedef struct
{
  char       *title;
  double      extent_lower;
  double      extent_upper;
  double      lower;
  double      upper;
  double      min_span; /* axis units (log: decades); <= 0: relative */
  gboolean    zoomed;
  SsAxisScale scale;
} SsAxisPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (SsAxis, ss_axis, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
ss_axis_map_init (SsAxisMap *map, double lower, double upper, SsAxisScale scale, double origin, double length)
{
  map->lower = lower;
  map->upper = upper;
  map->origin = origin;
  map->length = length;
  map->scale = scale == SS_AXIS_SCALE_LOG && lower > 0 && upper > lower ? SS_AXIS_SCALE_LOG : SS_AXIS_SCALE_LINEAR;
  map->log_lower = map->scale == SS_AXIS_SCALE_LOG ? log10 (lower) : 0;
  map->log_upper = map->scale == SS_AXIS_SCALE_LOG ? log10 (upper) : 1;
}

double
ss_axis_map_from_pixel (const SsAxisMap *map, double pixel)
{
  double f = (pixel - map->origin) / map->length;

  if (map->scale == SS_AXIS_SCALE_LOG)
    return pow (10.0, map->log_lower + f * (map->log_upper - map->log_lower));
  return map->lower + f * (map->upper - map->lower);
}

static void
add_tick (SsAxisTicks *ticks, double value, gboolean minor)
{
  if (ticks->n == SS_AXIS_MAX_TICKS)
    return;
  ticks->values[ticks->n] = value;
  ticks->minor[ticks->n] = minor;
  ticks->n++;
}

/* Decades (and 2 and 5 times them where there is room) on a log axis;
 * every step-th decade when even those crowd. */
static void
log_ticks (const SsAxisMap *map, double gap, SsAxisTicks *ticks)
{
  double per_decade = fabs (map->length) / (map->log_upper - map->log_lower);
  int    d0 = (int)floor (map->log_lower + 1e-9), d1 = (int)ceil (map->log_upper - 1e-9);
  int    step = per_decade >= gap ? 1 : (int)ceil (gap / per_decade);

  ticks->step = step;
  for (int d = d0; d <= d1; d++)
    {
      static const double mantissas[] = { 1, 2, 5 };

      for (guint k = 0; k < G_N_ELEMENTS (mantissas); k++)
        {
          double v = mantissas[k] * pow (10.0, d);

          if (k > 0 && per_decade < 3 * gap)
            break;
          if (k == 0 && d % step != 0)
            continue;
          if (v >= map->lower * (1 - 1e-9) && v <= map->upper * (1 + 1e-9))
            add_tick (ticks, v, k > 0);
        }
    }
}

/* Tick values over the map's range: about 90 px apart along a horizontal
 * axis, 38 px (at least @text_height) along a vertical one. */
void
ss_axis_map_ticks (const SsAxisMap *map, SsAxisOrientation orientation, double text_height, SsAxisTicks *ticks)
{
  double lo = map->lower, hi = map->upper, length = fabs (map->length), step;

  ticks->n = 0;
  if (map->scale == SS_AXIS_SCALE_LOG)
    {
      log_ticks (map, orientation == SS_AXIS_HORIZONTAL ? 60 : text_height * 1.2, ticks);
      return;
    }
  if (orientation == SS_AXIS_HORIZONTAL)
    step = ss_nice_step (hi - lo, MAX (2, (int)(length / 90)));
  else
    step = ss_tick_step (lo, hi, length, text_height);
  ticks->step = step;
  /* accumulated as the charts always did: the same values to the last bit */
  for (double v = ceil (lo / step) * step; v <= hi + step * 1e-9; v += step)
    add_tick (ticks, v, FALSE);
}

char *
ss_axis_map_format_tick (const SsAxisMap *map, const SsAxisTicks *ticks, double value)
{
  if (map->scale == SS_AXIS_SCALE_LOG)
    {
      char buf[32];

      snprintf (buf, sizeof buf, "%g", value);
      return ss_format_screen_minus (g_strdup (buf));
    }
  return ss_format_screen_minus (ss_format_tick (value, ticks->step));
}

static void
ss_axis_finalize (GObject *object)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (SS_AXIS (object));

  g_free (priv->title);

  G_OBJECT_CLASS (ss_axis_parent_class)->finalize (object);
}

static void
ss_axis_class_init (SsAxisClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_axis_finalize;

  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ss_axis_init (SsAxis *self)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  priv->extent_upper = priv->upper = 1.0;
}

/* A value axis: its extent follows the data, its range the extent until
 * the user zooms. */
SsAxis *
ss_axis_new (void)
{
  return g_object_new (SS_TYPE_AXIS, NULL);
}

const char *
ss_axis_get_title (SsAxis *self)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  return priv->title;
}

void
ss_axis_set_title (SsAxis *self, const char *title)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  if (g_strcmp0 (priv->title, title) == 0)
    return;
  g_free (priv->title);
  priv->title = g_strdup (title);
  g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
is_log (SsAxisPrivate *priv)
{
  return priv->scale == SS_AXIS_SCALE_LOG && priv->extent_lower > 0;
}

/* into and out of the space zoom and pan work in */
static double
to_space (SsAxisPrivate *priv, double v)
{
  return is_log (priv) ? log10 (v) : v;
}

static double
from_space (SsAxisPrivate *priv, double s)
{
  return is_log (priv) ? pow (10.0, s) : s;
}

void
ss_axis_set_extent (SsAxis *self, double lower, double upper)
{
  SsAxisPrivate *priv;

  g_return_if_fail (SS_IS_AXIS (self));

  priv = ss_axis_get_instance_private (self);
  if (!(upper > lower))
    upper = lower + 1.0;
  if (lower == priv->extent_lower && upper == priv->extent_upper)
    return;
  priv->extent_lower = lower;
  priv->extent_upper = upper;
  if (!priv->zoomed)
    ss_axis_reset_zoom (self);
  else
    ss_axis_set_range (self, priv->lower, priv->upper);
}

void
ss_axis_get_extent (SsAxis *self, double *lower, double *upper)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  *lower = priv->extent_lower;
  *upper = priv->extent_upper;
}

void
ss_axis_get_range (SsAxis *self, double *lower, double *upper)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  *lower = priv->lower;
  *upper = priv->upper;
}

void
ss_axis_set_range (SsAxis *self, double lower, double upper)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);
  double         e0 = to_space (priv, priv->extent_lower), e1 = to_space (priv, priv->extent_upper);
  double         s0 = to_space (priv, lower), s1 = to_space (priv, upper);
  double         extent = e1 - e0, span = s1 - s0;
  double         min_span = priv->min_span > 0 ? priv->min_span : extent * 1e-6;

  if (!isfinite (s0) || !isfinite (s1))
    return;
  span = CLAMP (span, MIN (min_span, extent), extent);
  s0 = CLAMP (s0, e0, e1 - span);
  s1 = s0 + span;
  priv->zoomed = span < extent * (1 - 1e-9);
  lower = from_space (priv, s0);
  upper = from_space (priv, s1);
  if (lower == priv->lower && upper == priv->upper)
    return;
  priv->lower = lower;
  priv->upper = upper;
  g_signal_emit (self, signals[CHANGED], 0);
}

/* factor < 1 zooms in around @center (axis units). */
void
ss_axis_zoom (SsAxis *self, double center, double factor)
{
  SsAxisPrivate *priv;
  double         c, s0, s1;

  g_return_if_fail (SS_IS_AXIS (self));

  priv = ss_axis_get_instance_private (self);
  c = to_space (priv, center);
  s0 = to_space (priv, priv->lower);
  s1 = to_space (priv, priv->upper);
  if (!isfinite (c))
    c = 0.5 * (s0 + s1);
  ss_axis_set_range (self, from_space (priv, c - (c - s0) * factor), from_space (priv, c + (s1 - c) * factor));
}

/* Moves a zoomed range by @delta axis units (linear axes). */
void
ss_axis_pan (SsAxis *self, double delta)
{
  SsAxisPrivate *priv;

  g_return_if_fail (SS_IS_AXIS (self));

  priv = ss_axis_get_instance_private (self);
  if (priv->zoomed)
    ss_axis_set_range (self, priv->lower + delta, priv->upper + delta);
}

/* Sets the range to [from_lower, from_upper] moved by @fraction of its
 * span (a drag that started on that range). */
void
ss_axis_pan_from (SsAxis *self, double from_lower, double from_upper, double fraction)
{
  SsAxisPrivate *priv;
  double         s0, s1, d;

  g_return_if_fail (SS_IS_AXIS (self));

  priv = ss_axis_get_instance_private (self);
  if (!priv->zoomed)
    return;
  s0 = to_space (priv, from_lower);
  s1 = to_space (priv, from_upper);
  d = fraction * (s1 - s0);
  ss_axis_set_range (self, from_space (priv, s0 + d), from_space (priv, s1 + d));
}

void
ss_axis_reset_zoom (SsAxis *self)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  priv->zoomed = FALSE;
  if (priv->lower == priv->extent_lower && priv->upper == priv->extent_upper)
    return;
  priv->lower = priv->extent_lower;
  priv->upper = priv->extent_upper;
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
ss_axis_is_zoomed (SsAxis *self)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  return priv->zoomed;
}

SsAxisScale
ss_axis_get_scale (SsAxis *self)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  return priv->scale;
}

/* A log scale shows only while the extent is positive; the choice stays. */
void
ss_axis_set_scale (SsAxis *self, SsAxisScale scale)
{
  SsAxisPrivate *priv;

  g_return_if_fail (SS_IS_AXIS (self));

  priv = ss_axis_get_instance_private (self);
  if (priv->scale == scale)
    return;
  priv->scale = scale;
  /* a zoom in one scale means little in the other */
  priv->zoomed = FALSE;
  priv->lower = priv->extent_lower;
  priv->upper = priv->extent_upper;
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Narrowest range zoom may reach, axis units (decades on a log scale);
 * 0: a millionth of the extent. */
void
ss_axis_set_min_span (SsAxis *self, double min_span)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  priv->min_span = min_span;
}

/* The visible range laid over @length pixels from @origin. */
void
ss_axis_get_map (SsAxis *self, double origin, double length, SsAxisMap *map)
{
  SsAxisPrivate *priv = ss_axis_get_instance_private (self);

  ss_axis_map_init (map, priv->lower, priv->upper, is_log (priv) ? SS_AXIS_SCALE_LOG : SS_AXIS_SCALE_LINEAR, origin,
                    length);
}
