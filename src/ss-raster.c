/* ss-raster.c - a widget's children drawn once into an image.
 *
 * GTK 4.8's Cairo renderer draws every node inside a frame's damaged area
 * again, and that area is the bounding box of what changed.  A new run
 * changes the charts, the side panel and the status line; a slider moved
 * by the user changes its row: the frame repaints everything between,
 * every parameter row's labels, slider, spin button and icons included.
 *
 * ss_raster_snapshot() is a widget class's snapshot for such a widget.  GTK
 * calls it only when something in the widget changed, and keeps the node
 * it appends for the frames in between.  It draws what @draw (the parent
 * class's snapshot) appends into an image at the device scale, and
 * appends that image: the renderer then composites one image per frame
 * instead of drawing the children again.  The image covers the nodes'
 * bounds rounded out to device pixels, at the same pixel grid as the
 * window, so it matches drawing the nodes in place to within rounding
 * (one level in 255, at antialiased edges).
 *
 * The widget's own background, border and outline are GTK's, drawn around
 * the class's snapshot: they stay nodes. */
#define G_LOG_DOMAIN "ss-raster"

#include <math.h>

#include "ss-raster.h"

#define MAX_PIXELS (4096 * 4096) /* larger: appended as nodes */

/* Appends what @draw snapshots for @widget as one image; returns TRUE when
 * it did, FALSE when it appended the nodes themselves (nothing drawn, or
 * bounds too large for an image). */
gboolean
ss_raster_snapshot (GtkWidget *widget, GtkSnapshot *snapshot, void (*draw) (GtkWidget *, GtkSnapshot *))
{
  GtkSnapshot     *sub = gtk_snapshot_new ();
  GskRenderNode   *node;
  graphene_rect_t  b, r;
  int              scale = gtk_widget_get_scale_factor (widget);
  double           x0, y0, x1, y1;
  cairo_surface_t *image;
  cairo_t         *cr;

  draw (widget, sub);
  node = gtk_snapshot_free_to_node (sub);
  if (node == NULL)
    return FALSE;
  gsk_render_node_get_bounds (node, &b);
  x0 = floor (b.origin.x * scale);
  y0 = floor (b.origin.y * scale);
  x1 = ceil ((b.origin.x + b.size.width) * scale);
  y1 = ceil ((b.origin.y + b.size.height) * scale);
  if (!isfinite (x0 + y0 + x1 + y1) || x1 <= x0 || y1 <= y0 || (x1 - x0) * (y1 - y0) > MAX_PIXELS)
    {
      gtk_snapshot_append_node (snapshot, node);
      gsk_render_node_unref (node);
      return FALSE;
    }

  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)(x1 - x0), (int)(y1 - y0));
  cairo_surface_set_device_scale (image, scale, scale);
  cr = cairo_create (image);
  cairo_translate (cr, -x0 / scale, -y0 / scale);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  gsk_render_node_unref (node);

  r = GRAPHENE_RECT_INIT (x0 / scale, y0 / scale, (x1 - x0) / scale, (y1 - y0) / scale);
  cr = gtk_snapshot_append_cairo (snapshot, &r);
  cairo_set_source_surface (cr, image, x0 / scale, y0 / scale);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (image);
  return TRUE;
}
