/* ss-popover-list.c */
#define G_LOG_DOMAIN "ss-popover-list"

#include "ss-popover-list.h"

static GtkWidget *
find_scrolled (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_scrolled (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The scrolled window a GtkPopoverMenu puts its items (and its submenus')
 * in, or NULL. */
GtkScrolledWindow *
ss_popover_list_get (GtkPopover *menu)
{
  GtkWidget *scrolled;

  g_return_val_if_fail (GTK_IS_POPOVER (menu), NULL);

  scrolled = find_scrolled (GTK_WIDGET (menu));
  return scrolled != NULL ? GTK_SCROLLED_WINDOW (scrolled) : NULL;
}
