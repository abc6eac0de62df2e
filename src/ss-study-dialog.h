/* ss-study-dialog.h - the parameter study window: one or two varied
 * parameters (linear or log, N points), outcomes, a run over every core
 * with progress, the time left and cancel; the result as a curve (1-D) or
 * a heat map (2-D); the table as CSV, the plot as PNG, SVG or PDF (the
 * charts' Export Figure dialog); the shipped presets.
 *
 * It is given the scenario, values and run options to start from when it
 * is made, and knows nothing of the main window: it reports back with
 * signals, which the window connects.
 *   variant-chosen (const ss_scenario *, const double *values): a click on
 *     a variant; the values are the scenario's n_params, valid during the
 *     emission.
 *   base-wanted (): the user asks for the main window's values as the
 *     base; the answer is ss_study_dialog_set_base(). */
#pragma once

#include <adwaita.h>

#include "ss-chart.h"
#include "ss-export-dialog.h"
#include "ss-study-table.h"
#include <stickslip/study.h>

G_BEGIN_DECLS

#define SS_TYPE_STUDY_DIALOG (ss_study_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SsStudyDialog, ss_study_dialog, SS, STUDY_DIALOG, AdwWindow)

SsStudyDialog *
ss_study_dialog_new (GtkWindow *parent, const ss_scenario *scenario, const double *values, const ss_run_opts *opts);
void                   ss_study_dialog_set_base (SsStudyDialog     *self,
                                                 const ss_scenario *scenario,
                                                 const double      *values,
                                                 const ss_run_opts *opts);
gboolean               ss_study_dialog_load_preset (SsStudyDialog *self, const char *name);
gboolean               ss_study_dialog_set_definition (SsStudyDialog     *self,
                                                       const char        *scenario,
                                                       const char *const *sets,
                                                       const char *const *axes,
                                                       const char *const *outcomes,
                                                       GError           **error);
gboolean               ss_study_dialog_start (SsStudyDialog *self, GError **error);
void                   ss_study_dialog_cancel (SsStudyDialog *self);
gboolean               ss_study_dialog_is_running (SsStudyDialog *self);
SsStudyTable          *ss_study_dialog_get_table (SsStudyDialog *self);
SsChart               *ss_study_dialog_get_chart (SsStudyDialog *self);
const ss_study        *ss_study_dialog_get_study (SsStudyDialog *self);
const ss_study_result *ss_study_dialog_get_result (SsStudyDialog *self);
gboolean               ss_study_dialog_load_variant (SsStudyDialog *self, int variant);
char                  *ss_study_dialog_dup_info_text (SsStudyDialog *self);
char                  *ss_study_dialog_dup_progress_text (SsStudyDialog *self);
gboolean               ss_study_dialog_export_csv (SsStudyDialog *self, const char *path, GError **error);
gboolean
ss_study_dialog_export_figure (SsStudyDialog *self, const char *path, const SsExportOptions *options, GError **error);
SsExportDialog *ss_study_dialog_open_export (SsStudyDialog *self);
void            ss_study_dialog_run_benchmark (SsStudyDialog *self, gboolean quit_when_done);

G_END_DECLS
