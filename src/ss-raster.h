/* ss-raster.h - a widget's children drawn once into an image, composited
 * in every frame they do not change. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean ss_raster_snapshot (GtkWidget *widget, GtkSnapshot *snapshot, void (*draw) (GtkWidget *, GtkSnapshot *));

G_END_DECLS
