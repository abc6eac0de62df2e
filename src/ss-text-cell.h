/* ss-text-cell.h - one line of text in a list's cell whose size does not
 * follow its text: a new text is only drawn, never measured again, where
 * a label's would lay the list, its panel and the window out again.  Its
 * owner gives the natural width (that of the widest text of the column)
 * and the least (an ellipsis); a narrower cell ends its text with one. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SS_TYPE_TEXT_CELL (ss_text_cell_get_type ())

G_DECLARE_FINAL_TYPE (SsTextCell, ss_text_cell, SS, TEXT_CELL, GtkWidget)

GtkWidget  *ss_text_cell_new (void);
void        ss_text_cell_set_text (SsTextCell *self, const char *text);
const char *ss_text_cell_get_text (SsTextCell *self);
void        ss_text_cell_set_xalign (SsTextCell *self, float xalign);
void        ss_text_cell_set_widths (SsTextCell *self, int minimum, int natural);
void        ss_text_cell_set_line (SsTextCell *self, int height, int baseline);
int         ss_text_cell_measure_text (SsTextCell *self, const char *text);
void        ss_text_cell_measure_line (SsTextCell *self, int *height, int *baseline);

G_END_DECLS
