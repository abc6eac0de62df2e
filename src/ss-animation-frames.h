/* ss-animation-frames.h - the frames of a video of a run: the mechanism at
 * each frame's time, and under it the charts chosen, their playhead line
 * moving, the current run's curves whole or revealed as they play.
 *
 * Frame i of n shows the run at t0 + (t1 − t0) i / (n − 1): the first frame
 * t0, the last t1; n = (t1 − t0) / speed × fps frames, so the video lasts
 * (t1 − t0) / speed.  A frame is a white picture, the mechanism drawn by
 * ss_mechanism_frame_draw() in the exports' foreground colour over the
 * whole of it (no charts) or over its top part.  The charts are drawn once,
 * on the main thread when the frames are made, by the export's path
 * (ss_plot_stack_draw_figure over [t0, t1]); frames are then drawn on any
 * thread from those pictures and the run's data, never from a widget. */
#pragma once

#include <gtk/gtk.h>

#include "ss-dataset.h"
#include "ss-plot-stack.h"

G_BEGIN_DECLS

typedef struct
{
  double       t0, t1;        /* s of the run; t1 NaN: the run's end */
  double       speed;         /* run seconds per second of video */
  guint        fps;           /* frames per second */
  int          width, height; /* px */
  const guint *charts;        /* ss_plot_stack_get_chart () indices, top to bottom; NULL: none */
  guint        n_charts;
  gboolean     reveal;   /* the current run's curves drawn up to the frame's time */
  gboolean     overlays; /* the previous and the pinned runs, as in the window */
  gboolean     forces;   /* the mechanism's force arrows */
} SsAnimationOptions;

#define SS_ANIMATION_MIN_SPEED  0.1
#define SS_ANIMATION_MAX_SPEED  10.0
#define SS_ANIMATION_MIN_SIZE   64
#define SS_ANIMATION_MAX_WIDTH  3840
#define SS_ANIMATION_MAX_HEIGHT 2160
#define SS_ANIMATION_MAX_FRAMES 100000

void     ss_animation_options_init (SsAnimationOptions *options);
gboolean ss_animation_options_check (const SsAnimationOptions *options, double t_end, GError **error);
guint    ss_animation_options_get_n_frames (const SsAnimationOptions *options);
double   ss_animation_options_get_frame_time (const SsAnimationOptions *options, guint frame);
void     ss_animation_get_colors (GdkRGBA *background, GdkRGBA *foreground);

#define SS_TYPE_ANIMATION_FRAMES (ss_animation_frames_get_type ())

G_DECLARE_FINAL_TYPE (SsAnimationFrames, ss_animation_frames, SS, ANIMATION_FRAMES, GObject)

SsAnimationFrames *
ss_animation_frames_new (SsDataset *dataset, SsPlotStack *stack, const SsAnimationOptions *options, GError **error);
guint            ss_animation_frames_get_n_frames (SsAnimationFrames *self);
guint            ss_animation_frames_get_fps (SsAnimationFrames *self);
double           ss_animation_frames_get_time (SsAnimationFrames *self, guint frame);
void             ss_animation_frames_get_size (SsAnimationFrames *self, int *width, int *height);
void             ss_animation_frames_draw (SsAnimationFrames *self, double t, cairo_t *cr);
cairo_surface_t *ss_animation_frames_render (SsAnimationFrames *self, guint frame);

G_END_DECLS
