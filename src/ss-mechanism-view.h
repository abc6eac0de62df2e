/* ss-mechanism-view.h - the mechanism drawn at one instant of a run. */
#pragma once

#include <gtk/gtk.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

/* What a drawing keeps across frames of one run (see ss_mechanism_frame_draw). */
typedef struct _SsMechanismFrame SsMechanismFrame;

SsMechanismFrame *ss_mechanism_frame_new (void);
void              ss_mechanism_frame_free (SsMechanismFrame *frame);
const char       *ss_mechanism_frame_draw (SsMechanismFrame *frame,
                                           SsDataset        *ds,
                                           double            t,
                                           cairo_t          *cr,
                                           double            width,
                                           double            height,
                                           const GdkRGBA    *fg,
                                           int               scale_factor,
                                           gboolean          show_forces);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SsMechanismFrame, ss_mechanism_frame_free)

#define SS_TYPE_MECHANISM_VIEW (ss_mechanism_view_get_type ())

G_DECLARE_FINAL_TYPE (SsMechanismView, ss_mechanism_view, SS, MECHANISM_VIEW, GtkDrawingArea)

void        ss_mechanism_view_set_dataset (SsMechanismView *self, SsDataset *dataset);
void        ss_mechanism_view_set_time (SsMechanismView *self, double t);
double      ss_mechanism_view_get_time (SsMechanismView *self);
void        ss_mechanism_view_set_show_forces (SsMechanismView *self, gboolean show);
void        ss_mechanism_view_draw (SsMechanismView *self, cairo_t *cr, double width, double height);
const char *ss_mechanism_view_get_drawing (SsMechanismView *self);

G_END_DECLS
