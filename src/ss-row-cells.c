/* ss-row-cells.c - cells that follow their row's "changed" signal. */
#define G_LOG_DOMAIN "ss-row-cells"

#include "config.h"

#include "ss-row-cells.h"

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer show)
{
  (void)factory;
  ((SsRowCellShow)show) (item);
  /* the row takes other values in place: the cell follows */
  g_signal_connect_swapped (gtk_list_item_get_item (item), "changed", G_CALLBACK (show), item);
}

static void
unbind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void)factory;
  (void)data;
  g_signal_handlers_disconnect_by_data (gtk_list_item_get_item (item), item);
}

/* @factory's cells show their row with @show when bound and each time
 * the row emits "changed" while bound. */
void
ss_row_cells_follow (GtkSignalListItemFactory *factory, SsRowCellShow show)
{
  g_return_if_fail (GTK_IS_SIGNAL_LIST_ITEM_FACTORY (factory));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), (gpointer)show);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), NULL);
}
