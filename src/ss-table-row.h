/* ss-table-row.h - one row of a table as one widget: its columns' texts
 * drawn side by side, each on one line, ellipsized at its end, at the
 * widths of the columns its owner measured (SsTableColumns, shared by
 * every row and the header).  A new text is only drawn: the row's size is
 * its columns', never its texts'.  As a header it draws the columns'
 * titles as GtkColumnView's header does (bold, small, dim). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SS_TABLE_MAX_COLUMNS 4

/* The columns of a table, measured by its owner once per content and
 * font.  Widths are of the texts, px, without the cells' padding. */
typedef struct
{
  int      n;                             /* columns, at most SS_TABLE_MAX_COLUMNS */
  int      minimum[SS_TABLE_MAX_COLUMNS]; /* px, the least (an ellipsis, a title) */
  int      natural[SS_TABLE_MAX_COLUMNS]; /* px, the widest text of the column */
  gboolean expand[SS_TABLE_MAX_COLUMNS];  /* takes a share of the room left */
  float    xalign[SS_TABLE_MAX_COLUMNS];  /* 0 start, 1 end */
  gboolean tabular[SS_TABLE_MAX_COLUMNS]; /* digits of one width (times) */
  int      height;                        /* px, a line's in the rows' font; -1: the row measures its own */
  int      baseline;                      /* px */
} SsTableColumns;

#define SS_TYPE_TABLE_ROW (ss_table_row_get_type ())

G_DECLARE_FINAL_TYPE (SsTableRow, ss_table_row, SS, TABLE_ROW, GtkWidget)

GtkWidget  *ss_table_row_new (const SsTableColumns *columns);
GtkWidget  *ss_table_row_new_header (const SsTableColumns *columns, GtkWidget *align_to);
void        ss_table_row_set_texts (SsTableRow *self, const char *const *texts);
const char *ss_table_row_get_text (SsTableRow *self, int column);
void        ss_table_row_get_column (SsTableRow *self, int column, int *x, int *width);
int         ss_table_row_measure_text (SsTableRow *self, int column, const char *text);
void        ss_table_row_measure_line (SsTableRow *self, int *height, int *baseline);

G_END_DECLS
