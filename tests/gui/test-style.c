/* test-style.c - the application's style sheet as GTK's Cairo renderer
 * draws it: a list's row separators are borders of one colour, which it
 * fills, not meshes of four. */
#include "config.h"

#include <adwaita.h>

#include "ss-resources.h"
#include "test-gui-util.h"

/* Every border node under @node, into @borders. */
static void
collect_borders (GskRenderNode *node, GPtrArray *borders)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_BORDER_NODE:
      g_ptr_array_add (borders, node);
      break;
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_borders (gsk_container_node_get_child (node, i), borders);
      break;
    case GSK_TRANSFORM_NODE:
      collect_borders (gsk_transform_node_get_child (node), borders);
      break;
    case GSK_CLIP_NODE:
      collect_borders (gsk_clip_node_get_child (node), borders);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      collect_borders (gsk_rounded_clip_node_get_child (node), borders);
      break;
    case GSK_OPACITY_NODE:
      collect_borders (gsk_opacity_node_get_child (node), borders);
      break;
    case GSK_DEBUG_NODE:
      collect_borders (gsk_debug_node_get_child (node), borders);
      break;
    default:
      break;
    }
}

/* The widgets named @css_name under @widget. */
static void
collect_named (GtkWidget *widget, const char *css_name, GPtrArray *found)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (g_strcmp0 (gtk_widget_get_css_name (child), css_name) == 0)
        g_ptr_array_add (found, child);
      collect_named (child, css_name, found);
    }
}

/* a row: its string in a label */
static const char ROW_UI[] =
    "<interface><template class=\"GtkListItem\"><property name=\"child\"><object class=\"GtkLabel\">"
    "<binding name=\"label\"><lookup name=\"string\" type=\"GtkStringObject\"><lookup name=\"item\">"
    "GtkListItem</lookup></lookup></binding></object></property></template></interface>";

static GtkWidget *
string_view (gboolean columns)
{
  const char *const  texts[] = { "stick", "slip", "reverse", NULL };
  GtkStringList     *strings = gtk_string_list_new (texts);
  GtkSelectionModel *selection = GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (strings)));
  g_autoptr(GBytes) ui = g_bytes_new_static (ROW_UI, sizeof ROW_UI - 1);
  GtkListItemFactory *factory = gtk_builder_list_item_factory_new_from_bytes (NULL, ui);

  if (columns)
    {
      GtkColumnView *view = GTK_COLUMN_VIEW (gtk_column_view_new (selection));

      gtk_column_view_set_show_row_separators (view, TRUE);
      gtk_column_view_append_column (view, gtk_column_view_column_new ("kind", factory));
      gtk_widget_add_css_class (GTK_WIDGET (view), "data-table");
      return GTK_WIDGET (view);
    }
  else
    {
      GtkListView *view = GTK_LIST_VIEW (gtk_list_view_new (selection, factory));

      gtk_list_view_set_show_separators (view, TRUE);
      return GTK_WIDGET (view);
    }
}

/* The event list's and the metrics' rows (a column view with row
 * separators) and a list view's: each row's separator is one border node
 * whose four sides have one colour, and it is drawn (not transparent). */
static void
test_row_separators (gconstpointer data)
{
  gboolean   columns = GPOINTER_TO_INT (data);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = string_view (columns);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  guint separators = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 300, 200);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (view) || gtk_widget_get_height (view) == 0)
    g_main_context_iteration (NULL, TRUE);
  for (int i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  collect_named (view, "row", rows);
  g_assert_cmpuint (rows->len, >=, 3);
  for (guint r = 0; r < rows->len; r++)
    {
      GtkWidget *row = g_ptr_array_index (rows, r);
      g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (row);
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GPtrArray) borders = g_ptr_array_new ();

      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (row), gtk_widget_get_height (row));
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        continue;
      collect_borders (node, borders);
      for (guint b = 0; b < borders->len; b++)
        {
          GskRenderNode *border = g_ptr_array_index (borders, b);
          const GdkRGBA *colors = gsk_border_node_get_colors (border);
          const float   *widths = gsk_border_node_get_widths (border);

          for (int side = 1; side < 4; side++)
            g_assert_true (gdk_rgba_equal (&colors[0], &colors[side]));
          if (widths[0] + widths[1] + widths[2] + widths[3] > 0 && colors[0].alpha > 0)
            separators++;
        }
    }
  /* every row but one (the first or the last) draws its line */
  g_assert_cmpuint (separators, >=, rows->len - 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_autoptr(GtkCssProvider) provider = NULL;

  test_gui_init (&argc, &argv);
  /* as the application loads it (AdwApplication: its resource path) */
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/stickslip/Lab/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_test_add_data_func ("/style/row-separators/column-view", GINT_TO_POINTER (TRUE), test_row_separators);
  g_test_add_data_func ("/style/row-separators/list-view", GINT_TO_POINTER (FALSE), test_row_separators);
  return g_test_run ();
}
