/* ss-band-layer.h - the region between a lower and an upper series,
 * filled wherever both are determined (an admissible range). */
#pragma once

#include "ss-chart-layer.h"
#include "ss-series.h"

G_BEGIN_DECLS

#define SS_TYPE_BAND_LAYER (ss_band_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsBandLayer, ss_band_layer, SS, BAND_LAYER, SsChartLayer)

SsChartLayer *ss_band_layer_new (SsSeries *lower, SsSeries *upper, const char *unit);
SsSeries     *ss_band_layer_get_lower (SsBandLayer *self);
SsSeries     *ss_band_layer_get_upper (SsBandLayer *self);

G_END_DECLS
