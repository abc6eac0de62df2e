/* ss-study-table.h - a parameter study's results as the GUI shows them:
 * the axes' points, the outcomes' names and units, and one row per variant
 * (pending, done, failed or cancelled, its values), filled on the main
 * thread as the variants finish.  The study's layers (SsStudyLayer,
 * SsHeatmapLayer) draw from it. */
#pragma once

#include <glib-object.h>

#include "ss-axis.h"
#include <stickslip/study.h>

G_BEGIN_DECLS

typedef enum
{
  SS_STUDY_ROW_PENDING,   /* not finished yet */
  SS_STUDY_ROW_DONE,      /* ran; an outcome may still have no value (NaN) */
  SS_STUDY_ROW_FAILED,    /* the variant failed: its status says why */
  SS_STUDY_ROW_CANCELLED, /* stopped by a cancel: not a result */
} SsStudyRowState;

#define SS_TYPE_STUDY_TABLE (ss_study_table_get_type ())

G_DECLARE_FINAL_TYPE (SsStudyTable, ss_study_table, SS, STUDY_TABLE, GObject)

SsStudyTable   *ss_study_table_new (const ss_study *study);
int             ss_study_table_get_n_axes (SsStudyTable *self);
int             ss_study_table_get_n_outcomes (SsStudyTable *self);
int             ss_study_table_get_n_variants (SsStudyTable *self);
int             ss_study_table_get_axis_n (SsStudyTable *self, int axis);
int             ss_study_table_get_axis_param (SsStudyTable *self, int axis);
double          ss_study_table_get_axis_point (SsStudyTable *self, int axis, int k);
SsAxisScale     ss_study_table_get_axis_scale (SsStudyTable *self, int axis);
const char     *ss_study_table_get_axis_label (SsStudyTable *self, int axis);
const char     *ss_study_table_get_axis_unit (SsStudyTable *self, int axis);
void            ss_study_table_get_axis_edges (SsStudyTable *self, int axis, int k, double *lower, double *upper);
int             ss_study_table_get_point_index (SsStudyTable *self, int variant, int axis);
double          ss_study_table_get_variant_point (SsStudyTable *self, int variant, int axis);
const char     *ss_study_table_get_outcome_label (SsStudyTable *self, int outcome);
const char     *ss_study_table_get_outcome_unit (SsStudyTable *self, int outcome);
void            ss_study_table_set_row (SsStudyTable *self, int variant, const double *values, const char *status);
void            ss_study_table_rows_changed (SsStudyTable *self);
SsStudyRowState ss_study_table_get_state (SsStudyTable *self, int variant);
double          ss_study_table_get_value (SsStudyTable *self, int variant, int outcome);
const char     *ss_study_table_get_status (SsStudyTable *self, int variant);
gboolean        ss_study_table_get_range (SsStudyTable *self, int outcome, double *min, double *max);
int             ss_study_table_count (SsStudyTable *self, SsStudyRowState state);
int             ss_study_table_count_no_value (SsStudyTable *self, int outcome);
guint           ss_study_table_get_revision (SsStudyTable *self);
char           *ss_study_table_format_value (SsStudyTable *self, int outcome, double value);
char           *ss_study_table_format_point (SsStudyTable *self, int variant);

/* The outcome's words in the user's language: "slider1: First slip",
 * "Maximum of spring.F" (from the spec and a model of the scenario). */
char *ss_study_outcome_label (const ss_model *model, const char *spec);

G_END_DECLS
