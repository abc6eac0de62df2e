/* ss-tooltips.h - tooltips that never cover what they describe: a menu
 * button's tooltip is off while its menu or popover is open; a tooltip
 * set only when its text changes. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ss_tooltips_quiet_menu_button (GtkMenuButton *button);
void ss_tooltips_quiet_menu_buttons (GtkWidget *root);

void ss_tooltips_set_text (GtkWidget *widget, const char *text);

G_END_DECLS
