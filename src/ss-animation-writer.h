/* ss-animation-writer.h - a video's frames written as WebM (VP8, through
 * GStreamer: appsrc ! videoconvert ! vp8enc ! webmmux ! filesink) or as a
 * numbered PNG sequence (NAME-00001.png, ...), on the calling thread or a
 * worker.  Nothing half-written stays after a cancel or an error: the WebM
 * is encoded into a temporary file beside the target and then written by
 * the rules of the engine's ss_output (a regular file replaced atomically);
 * the PNG frames go into a temporary folder beside the target and are
 * renamed into place once all are written; then the frames of an earlier,
 * longer export of the same name beyond the new count are removed, as far
 * as they run unbroken and only those this program wrote (each frame
 * carries a "Software" text chunk naming it). */
#pragma once

#include <gio/gio.h>

#include "ss-animation-frames.h"

G_BEGIN_DECLS

typedef enum
{
  SS_ANIMATION_FORMAT_WEBM,
  SS_ANIMATION_FORMAT_PNG,
} SsAnimationFormat;

/* Frames written so far of @total; called on the writing thread. */
typedef void (*SsAnimationProgress) (guint done, guint total, gpointer data);

gboolean    ss_animation_format_from_path (const char *path, SsAnimationFormat *format);
const char *ss_animation_format_extension (SsAnimationFormat format);
gboolean    ss_animation_check_encoder (GError **error);
char       *ss_animation_frame_path (const char *path, guint frame);
gboolean    ss_animation_write (SsAnimationFrames  *frames,
                                const char         *path,
                                SsAnimationFormat   format,
                                GCancellable       *cancellable,
                                SsAnimationProgress progress,
                                gpointer            data,
                                GError            **error);
void        ss_animation_write_async (SsAnimationFrames  *frames,
                                      const char         *path,
                                      SsAnimationFormat   format,
                                      GCancellable       *cancellable,
                                      SsAnimationProgress progress,
                                      gpointer            progress_data,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);
gboolean    ss_animation_write_finish (GAsyncResult *result, GError **error);
void        ss_animation_wait_writers (void);

G_END_DECLS
