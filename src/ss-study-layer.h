/* ss-study-layer.h - a one-parameter study on a characteristic chart: an
 * outcome against the varied parameter (a line through the points that
 * have a value, a dot on each), the variants without a value as hollow
 * rings under the plot's data, the failed ones as red crosses there; never
 * at 0.  The chart's "time" is the variant's index: the hover cursor and a
 * click name a variant. */
#pragma once

#include "ss-chart-layer.h"
#include "ss-study-table.h"

G_BEGIN_DECLS

typedef enum
{
  SS_STUDY_LAYER_OUTCOME,  /* one outcome's points and its no-value rings */
  SS_STUDY_LAYER_FAILED,   /* the failed variants' crosses ("failed" in the legend) */
  SS_STUDY_LAYER_NO_VALUE, /* the legend's "no value" entry alone */
} SsStudyLayerKind;

/* Where a variant is drawn. */
typedef enum
{
  SS_STUDY_MARK_NONE,     /* not drawn (pending, cancelled, or another layer's) */
  SS_STUDY_MARK_POINT,    /* at its value */
  SS_STUDY_MARK_NO_VALUE, /* a ring under the data */
  SS_STUDY_MARK_FAILED,   /* a cross under the data */
} SsStudyMark;

#define SS_TYPE_STUDY_LAYER (ss_study_layer_get_type ())

G_DECLARE_FINAL_TYPE (SsStudyLayer, ss_study_layer, SS, STUDY_LAYER, SsChartLayer)

SsChartLayer    *ss_study_layer_new (SsStudyTable *table, SsStudyLayerKind kind, int outcome);
SsStudyLayerKind ss_study_layer_get_kind (SsStudyLayer *self);
int              ss_study_layer_get_outcome (SsStudyLayer *self);
void             ss_study_layer_set_normalised (SsStudyLayer *self, gboolean normalised);
SsStudyMark      ss_study_layer_get_mark (SsStudyLayer *self, int variant, double *x, double *y);
gboolean
ss_study_layer_get_position (SsStudyLayer *self, const SsChartContext *ctx, int variant, double *px, double *py);

G_END_DECLS
