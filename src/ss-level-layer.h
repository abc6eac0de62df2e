/* ss-level-layer.h - a dashed horizontal level (mu_s, mu_k) with a label
 * in the gutter right of the plot. */
#pragma once

#include "ss-chart-layer.h"

G_BEGIN_DECLS

#define SS_TYPE_LEVEL_LAYER (ss_level_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsLevelLayer, ss_level_layer, SS, LEVEL_LAYER, SsChartLayer)

SsChartLayer *ss_level_layer_new (double value, const char *label);
double        ss_level_layer_get_value (SsLevelLayer *self);

G_END_DECLS
