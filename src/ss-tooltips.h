/* ss-tooltips.h - tooltips that never cover what they describe: a menu
 * button's tooltip is off while its menu or popover is open. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ss_tooltips_quiet_menu_button (GtkMenuButton *button);
void ss_tooltips_quiet_menu_buttons (GtkWidget *root);

G_END_DECLS
