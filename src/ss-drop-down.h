/* ss-drop-down.h - drop-downs whose button ellipsizes the chosen entry
 * (whole in its tooltip) and whose list shows every entry whole: a long
 * entry in a long language never widens the panel the drop-down is in. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ss_drop_down_ellipsize (GtkDropDown *dropdown, int width_chars);

G_END_DECLS
