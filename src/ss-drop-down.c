/* ss-drop-down.c - drop-downs of strings (a GtkStringList) whose button
 * ellipsizes the chosen entry, whole in its tooltip, and whose list shows
 * the entries whole. */
#define G_LOG_DOMAIN "ss-drop-down"

#include "config.h"

#include "ss-drop-down.h"
#include "ss-tooltips.h"

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer width_chars)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void)factory;
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (width_chars) > 0)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), GPOINTER_TO_INT (width_chars));
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer width_chars)
{
  GtkWidget  *label = gtk_list_item_get_child (item);
  const char *text = gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item)));

  (void)factory;
  gtk_label_set_label (GTK_LABEL (label), text);
  /* the button's: the whole entry, when it is cut */
  if (GPOINTER_TO_INT (width_chars) > 0)
    ss_tooltips_set_text (label, text);
}

static GtkListItemFactory *
label_factory (int width_chars)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (width_chars));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GINT_TO_POINTER (width_chars));
  return factory;
}

/* @dropdown's button at least @width_chars wide (> 0), its entry
 * ellipsized beyond the room it is given; the list shows entries whole. */
void
ss_drop_down_ellipsize (GtkDropDown *dropdown, int width_chars)
{
  g_autoptr(GtkListItemFactory) button = label_factory (MAX (width_chars, 1));
  g_autoptr(GtkListItemFactory) list = label_factory (0);

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
}
