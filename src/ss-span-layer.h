/* ss-span-layer.h - shades the intervals where a 0/1 series is 1
 * (a contact's stick intervals). */
#pragma once

#include "ss-chart-layer.h"
#include "ss-series.h"

G_BEGIN_DECLS

#define SS_TYPE_SPAN_LAYER (ss_span_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsSpanLayer, ss_span_layer, SS, SPAN_LAYER, SsChartLayer)

SsChartLayer *ss_span_layer_new (SsSeries *series);
SsSeries     *ss_span_layer_get_series (SsSpanLayer *self);
guint         ss_span_layer_count_spans (SsSpanLayer *self, double t0, double t1);

void ss_span_layer_set_contact (SsSpanLayer *self, const char *contact);

G_END_DECLS
