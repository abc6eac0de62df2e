/* ss-line-layer.h - a series drawn as a line, min/max per pixel column. */
#pragma once

#include "ss-chart-layer.h"
#include "ss-series.h"

G_BEGIN_DECLS

#define SS_TYPE_LINE_LAYER (ss_line_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsLineLayer, ss_line_layer, SS, LINE_LAYER, SsChartLayer)

SsChartLayer *ss_line_layer_new (SsSeries *series, const char *unit);
SsSeries     *ss_line_layer_get_series (SsLineLayer *self);
const char   *ss_line_layer_get_unit (SsLineLayer *self);
gboolean      ss_line_layer_has_value (SsLineLayer *self, double t);
double        ss_line_layer_value_at (SsLineLayer *self, double t);
double        ss_line_layer_get_noise (SsLineLayer *self);
void          ss_line_layer_set_dashed (SsLineLayer *self, gboolean dashed);
void          ss_line_layer_set_faint (SsLineLayer *self, gboolean faint);
void          ss_line_layer_set_run_style (SsLineLayer *self, guint run_style);
guint         ss_line_layer_get_pin_strokes (SsLineLayer *self);

gboolean
ss_line_layer_get_magnitude_range (SsLineLayer *self, double t0, double t1, guint n_bins, double *min, double *max);

G_END_DECLS
