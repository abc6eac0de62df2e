/* ss-heatmap-layer.h - a two-parameter study's outcome as a heat map: one
 * cell per variant through the chart's axis maps (the first parameter
 * along x, the second along y), coloured on a viridis scale, with a colour
 * bar in the gutter right of the plot and, under it, the key of the cells
 * that have no value (grey) or failed (hatched red); cells not run yet stay
 * empty.  The chart's "time" is the variant's index. */
#pragma once

#include <graphene.h>

#include "ss-chart-layer.h"
#include "ss-study-table.h"

G_BEGIN_DECLS

typedef enum
{
  SS_HEATMAP_CELL_EMPTY,    /* pending or cancelled */
  SS_HEATMAP_CELL_VALUE,    /* coloured by its value */
  SS_HEATMAP_CELL_NO_VALUE, /* grey */
  SS_HEATMAP_CELL_FAILED,   /* hatched */
} SsHeatmapCell;

#define SS_TYPE_HEATMAP_LAYER (ss_heatmap_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsHeatmapLayer, ss_heatmap_layer, SS, HEATMAP_LAYER, SsChartLayer)

SsChartLayer *ss_heatmap_layer_new (SsStudyTable *table, int outcome);
void          ss_heatmap_layer_set_outcome (SsHeatmapLayer *self, int outcome);
SsHeatmapCell ss_heatmap_layer_get_cell (SsHeatmapLayer *self, int variant, GdkRGBA *color);
void
ss_heatmap_layer_get_cell_rect (SsHeatmapLayer *self, const SsChartContext *ctx, int variant, graphene_rect_t *rect);
void ss_heatmap_color (double fraction, GdkRGBA *color);

G_END_DECLS
