/* ss-tooltips.c - tooltips out of the way of open menus, and set only
 * when their text changes: GTK 4.8's gtk_widget_set_tooltip_text() asks
 * the X server where the pointer is (two round trips) each time it is
 * called, with the same text too.  Cells that show a new run's values set
 * their tooltips on every run: with the metrics on screen that was 38 %
 * of the main thread's work per run. */
#define G_LOG_DOMAIN "ss-tooltips"

#include "ss-tooltips.h"

#define QUIETED "ss-quieted"

/* The pointer rests on the button: its tooltip, or that of a widget
 * around it (an AdwSplitButton's own), would lie over the menu.  They
 * are off while it is open. */
static void
popover_visible_cb (GtkWidget *popover, GParamSpec *pspec, GtkWidget *button)
{
  GPtrArray *quieted = g_object_get_data (G_OBJECT (button), QUIETED);

  (void)pspec;
  if (gtk_widget_get_visible (popover) && quieted == NULL)
    {
      quieted = g_ptr_array_new_with_free_func (g_object_unref);
      for (GtkWidget *w = button; w != NULL && !GTK_IS_ROOT (w); w = gtk_widget_get_parent (w))
        if (gtk_widget_get_has_tooltip (w))
          {
            g_ptr_array_add (quieted, g_object_ref (w));
            gtk_widget_set_has_tooltip (w, FALSE);
          }
      g_object_set_data_full (G_OBJECT (button), QUIETED, quieted, (GDestroyNotify)g_ptr_array_unref);
      gtk_widget_trigger_tooltip_query (button);
    }
  else if (!gtk_widget_get_visible (popover) && quieted != NULL)
    {
      for (guint i = 0; i < quieted->len; i++)
        gtk_widget_set_has_tooltip (g_ptr_array_index (quieted, i), TRUE);
      g_object_set_data (G_OBJECT (button), QUIETED, NULL);
    }
}

static void
popover_changed_cb (GtkMenuButton *button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);

  if (popover != NULL && g_object_get_data (G_OBJECT (popover), "ss-quiet-tooltip") == NULL)
    {
      g_object_set_data (G_OBJECT (popover), "ss-quiet-tooltip", GINT_TO_POINTER (1));
      g_signal_connect_object (popover, "notify::visible", G_CALLBACK (popover_visible_cb), button, 0);
    }
}

/* @button's tooltip (if any), and those of the widgets around it, stay
 * off while its menu is open. */
void
ss_tooltips_quiet_menu_button (GtkMenuButton *button)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));

  if (g_object_get_data (G_OBJECT (button), "ss-quiet-tooltip") != NULL)
    return;
  g_object_set_data (G_OBJECT (button), "ss-quiet-tooltip", GINT_TO_POINTER (1));
  /* a menu model makes a new popover */
  g_signal_connect (button, "notify::popover", G_CALLBACK (popover_changed_cb), NULL);
  g_signal_connect (button, "notify::menu-model", G_CALLBACK (popover_changed_cb), NULL);
  popover_changed_cb (button);
}

/* Every menu button in @root's tree, as ss_tooltips_quiet_menu_button. */
void
ss_tooltips_quiet_menu_buttons (GtkWidget *root)
{
  if (GTK_IS_MENU_BUTTON (root))
    {
      ss_tooltips_quiet_menu_button (GTK_MENU_BUTTON (root));
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    ss_tooltips_quiet_menu_buttons (child);
}

/* As gtk_widget_set_tooltip_text(), doing nothing when @widget's tooltip
 * is @text already ("" and NULL alike: no tooltip). */
void
ss_tooltips_set_text (GtkWidget *widget, const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    {
      g_autofree char *escaped = NULL;

      if (text == NULL)
        return;
      /* the same text, not set as markup */
      escaped = g_markup_escape_text (text, -1);
      if (g_strcmp0 (gtk_widget_get_tooltip_markup (widget), escaped) == 0)
        return;
    }
  gtk_widget_set_tooltip_text (widget, text);
}
