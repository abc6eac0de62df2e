/* ss-row-cells.h - the cells of a list's column follow their row in
 * place: a row object emits "changed" when it holds other values (the
 * event list's and the metrics' rows are updated, not replaced), and each
 * cell bound to it shows them again. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Shows @item's row in @item's child. */
typedef void (*SsRowCellShow) (GtkListItem *item);

void ss_row_cells_follow (GtkSignalListItemFactory *factory, SsRowCellShow show);

G_END_DECLS
