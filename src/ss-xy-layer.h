/* ss-xy-layer.h - one column of a run against another (a characteristic:
 * friction against slip velocity; a phase portrait: position against
 * velocity), over the rows in the shared time window, with a dot at the
 * playhead's row (the newest row without a playhead) and a ring at the
 * hover cursor's.  One layer per run: several runs are several layers,
 * each with its colour and legend entry. */
#pragma once

#include "ss-chart-layer.h"
#include "ss-series.h"

G_BEGIN_DECLS

/* One drawn point: the two values and the row's time. */
typedef struct
{
  double   x;
  double   y;
  double   t;          /* s */
  guint    row;        /* in the dataset */
  gboolean gap_before; /* an undetermined value since the previous point: the line breaks */
} SsXyPoint;

#define SS_TYPE_XY_LAYER (ss_xy_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsXyLayer, ss_xy_layer, SS, XY_LAYER, SsChartLayer)

SsChartLayer *ss_xy_layer_new (SsSeries *x, SsSeries *y, const char *x_unit, const char *y_unit);
SsSeries     *ss_xy_layer_get_x_series (SsXyLayer *self);
SsSeries     *ss_xy_layer_get_y_series (SsXyLayer *self);
void          ss_xy_layer_set_run_style (SsXyLayer *self, guint run_style);
void          ss_xy_layer_set_faint (SsXyLayer *self, gboolean faint);
GArray       *ss_xy_layer_get_points (SsXyLayer *self, double t0, double t1);

G_END_DECLS
