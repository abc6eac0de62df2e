/* ss-marker-layer.h - published values drawn on a chart: a diamond at an
 * instant (on a curve of the current run, or at a value of its own) with a
 * whisker of the tolerance and a label ("paper: 1.86 s"), or an outcome
 * without an instant, written at the plot's right end ("paper: never
 * slips"); or where a failed run stopped, a line across the plot.  Labels
 * move aside so none covers another. */
#pragma once

#include <graphene.h>

#include "ss-chart-layer.h"
#include "ss-series.h"

G_BEGIN_DECLS

typedef struct
{
  double   t;         /* s; NaN: an outcome without an instant */
  double   value;     /* on the value axis; NaN: on the curve of `column` at t */
  double   tolerance; /* s, the whisker's half-width; NaN or 0: none */
  char    *column;    /* the curve it belongs to (the chart drawing it); NULL: none */
  char    *label;     /* "paper: 1.86 s" */
  gboolean missed;    /* this app does not reproduce it: drawn hollow */
  gboolean failure;   /* where a failed run stopped: a line across the plot, not in the legend */
} SsMarker;

SsMarker *ss_marker_new (double t, const char *column, const char *label);
SsMarker *ss_marker_copy (const SsMarker *marker);
void      ss_marker_free (SsMarker *marker);
gboolean  ss_marker_equal (const SsMarker *a, const SsMarker *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsMarker, ss_marker_free)

#define SS_TYPE_MARKER_LAYER (ss_marker_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsMarkerLayer, ss_marker_layer, SS, MARKER_LAYER, SsChartLayer)

SsChartLayer   *ss_marker_layer_new (void);
void            ss_marker_layer_set_markers (SsMarkerLayer *self, GPtrArray *markers, GPtrArray *series);
guint           ss_marker_layer_get_n_markers (SsMarkerLayer *self);
const SsMarker *ss_marker_layer_get_marker (SsMarkerLayer *self, guint index);
SsSeries       *ss_marker_layer_get_series (SsMarkerLayer *self, guint index);
GArray         *ss_marker_layer_dup_label_boxes (SsMarkerLayer *self, graphene_rect_t *plot);

G_END_DECLS
