/* ss-animation-dialog.h - Export Animation: the run's playback from t0 to
 * t1 at a speed, frame rate and size, the mechanism alone or with charts
 * under it, as WebM or PNG frames; a preview of the first frame, and while
 * it writes a progress bar with the time left and Stop. */
#pragma once

#include <adwaita.h>

#include "ss-animation-writer.h"

G_BEGIN_DECLS

#define SS_TYPE_ANIMATION_DIALOG (ss_animation_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SsAnimationDialog, ss_animation_dialog, SS, ANIMATION_DIALOG, AdwWindow)

SsAnimationDialog *ss_animation_dialog_new (
    GtkWindow *parent, SsPlotStack *stack, SsDataset *dataset, const char *file_name, gboolean reveal, gboolean forces);
void              ss_animation_dialog_get_options (SsAnimationDialog *self, SsAnimationOptions *options);
SsAnimationFormat ss_animation_dialog_get_format (SsAnimationDialog *self);
gboolean          ss_animation_dialog_export_to (SsAnimationDialog *self, const char *path, GError **error);
gboolean          ss_animation_dialog_get_busy (SsAnimationDialog *self);
void              ss_animation_dialog_stop (SsAnimationDialog *self);
GtkProgressBar   *ss_animation_dialog_get_progress_bar (SsAnimationDialog *self);

G_END_DECLS
