/* ss-popover-list.h - the scrolled list inside a GtkPopoverMenu, whose
 * height a menu caps to the room it has in its window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkScrolledWindow *ss_popover_list_get (GtkPopover *menu);

G_END_DECLS
