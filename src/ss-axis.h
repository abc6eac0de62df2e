/* ss-axis.h - one axis of a chart: the extent of what there is to show,
 * the visible range (zoom and pan), the scale (linear or logarithmic),
 * tick generation and formatting, and the mapping between values and
 * pixels.  The stacked charts share a time axis (SsTimeAxis: this plus
 * the hover cursor and the playhead); every chart has a value axis of its
 * own; a characteristic plot's x axis is a value axis too.  Layers map
 * their data through an SsAxisMap, the axis frozen for one drawing, so the
 * same drawing code serves every kind of axis. */
#pragma once

#include <glib-object.h>
#include <math.h>

G_BEGIN_DECLS

typedef enum
{
  SS_AXIS_SCALE_LINEAR,
  SS_AXIS_SCALE_LOG, /* decades; only for positive ranges */
} SsAxisScale;

typedef enum
{
  SS_AXIS_HORIZONTAL, /* ticks about 90 px apart */
  SS_AXIS_VERTICAL,   /* ticks about 38 px apart, at least a text line */
} SsAxisOrientation;

/* An axis frozen for one drawing: value <-> pixel. */
typedef struct
{
  double      lower, upper; /* visible range, axis units */
  double      origin;       /* pixel of lower */
  double      length;       /* pixels from lower to upper; < 0 runs upwards */
  SsAxisScale scale;
  double      log_lower, log_upper; /* log10 of the range (log scale) */
} SsAxisMap;

#define SS_AXIS_MAX_TICKS 64

typedef struct
{
  guint    n;
  double   step; /* linear: the spacing; log: the decade step (1, 2, ...) */
  double   values[SS_AXIS_MAX_TICKS];
  gboolean minor[SS_AXIS_MAX_TICKS]; /* log: 2 and 5 times a decade, unlabelled when crowded */
} SsAxisTicks;

void   ss_axis_map_init (SsAxisMap *map, double lower, double upper, SsAxisScale scale, double origin, double length);
double ss_axis_map_from_pixel (const SsAxisMap *map, double pixel);
void   ss_axis_map_ticks (const SsAxisMap *map, SsAxisOrientation orientation, double text_height, SsAxisTicks *ticks);
char  *ss_axis_map_format_tick (const SsAxisMap *map, const SsAxisTicks *ticks, double value);

/* Far outside the plot for a value a log axis cannot show; a finite
 * coordinate for cairo. */
#define SS_AXIS_OFF_SCALE 1e6

static inline double
ss_axis_map_to_pixel (const SsAxisMap *map, double v)
{
  if (G_UNLIKELY (map->scale == SS_AXIS_SCALE_LOG))
    {
      if (!(v > 0))
        return map->origin - (map->length > 0 ? SS_AXIS_OFF_SCALE : -SS_AXIS_OFF_SCALE);
      return map->origin + (log10 (v) - map->log_lower) / (map->log_upper - map->log_lower) * map->length;
    }
  return map->origin + (v - map->lower) / (map->upper - map->lower) * map->length;
}

#define SS_TYPE_AXIS (ss_axis_get_type ())

G_DECLARE_DERIVABLE_TYPE (SsAxis, ss_axis, SS, AXIS, GObject)

struct _SsAxisClass
{
  GObjectClass parent_class;
};

SsAxis     *ss_axis_new (void);
const char *ss_axis_get_title (SsAxis *self);
void        ss_axis_set_title (SsAxis *self, const char *title);
void        ss_axis_set_extent (SsAxis *self, double lower, double upper);
void        ss_axis_get_extent (SsAxis *self, double *lower, double *upper);
void        ss_axis_get_range (SsAxis *self, double *lower, double *upper);
void        ss_axis_set_range (SsAxis *self, double lower, double upper);
void        ss_axis_zoom (SsAxis *self, double center, double factor);
void        ss_axis_pan (SsAxis *self, double delta);
void        ss_axis_pan_from (SsAxis *self, double from_lower, double from_upper, double fraction);
void        ss_axis_reset_zoom (SsAxis *self);
gboolean    ss_axis_is_zoomed (SsAxis *self);
SsAxisScale ss_axis_get_scale (SsAxis *self);
void        ss_axis_set_scale (SsAxis *self, SsAxisScale scale);
void        ss_axis_set_min_span (SsAxis *self, double min_span);
void        ss_axis_get_map (SsAxis *self, double origin, double length, SsAxisMap *map);

G_END_DECLS
