/* ss-event-list.c - the events of a run in a column view over a filter
 * model: the store holds one item per event, in the run's order; the
 * filter keeps those of the chosen contact and kind.  Contacts are named as
 * in the events CSV and the status bar. */
#define G_LOG_DOMAIN "ss-event-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-event-list.h"

/* ---- one event as a list item ----------------------------------------- */

#define SS_TYPE_EVENT_ROW (ss_event_row_get_type ())

G_DECLARE_FINAL_TYPE (SsEventRow, ss_event_row, SS, EVENT_ROW, GObject)

struct _SsEventRow
{
  GObject  parent_instance;
  ss_event event;
  char    *source; /* name, as in the events CSV */
};

G_DEFINE_FINAL_TYPE (SsEventRow, ss_event_row, G_TYPE_OBJECT)

static void
ss_event_row_finalize (GObject *object)
{
  g_free (SS_EVENT_ROW (object)->source);
  G_OBJECT_CLASS (ss_event_row_parent_class)->finalize (object);
}

static void
ss_event_row_class_init (SsEventRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_event_row_finalize;
}

static void
ss_event_row_init (SsEventRow *self)
{
  (void)self;
}

static SsEventRow *
ss_event_row_new (const ss_event *event, const char *source)
{
  SsEventRow *row = g_object_new (SS_TYPE_EVENT_ROW, NULL);

  row->event = *event;
  row->source = g_strdup (source);
  return row;
}

/* ---- the list ------------------------------------------------------------ */

struct _SsEventList
{
  GtkWidget parent_instance;

  /* template */
  GtkDropDown   *source_dropdown;
  GtkDropDown   *kind_dropdown;
  GtkColumnView *view;
  GtkLabel      *count_label;

  GListStore         *store; /* SsEventRow */
  GtkFilterListModel *shown;
  GtkCustomFilter    *filter;
  SsDataset          *dataset;
  char               *sources_key; /* the model's source names, "|"-joined */
  GArray             *kinds;       /* int: the kind of kind_dropdown's entry i + 1 */
  gboolean            syncing;
};

G_DEFINE_FINAL_TYPE (SsEventList, ss_event_list, GTK_TYPE_WIDGET)

enum
{
  EVENT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What the list calls each kind (the CSV's names are the engine's). */
const char *
ss_event_list_kind_label (ss_event_kind kind)
{
  switch (kind)
    {
    case SS_EVENT_STICK:
      /* Translators: an event: a sliding contact comes to rest and holds */
      return _("stick");
    case SS_EVENT_SLIP:
      /* Translators: an event: a stuck contact breaks loose */
      return _("slip");
    case SS_EVENT_REVERSE:
      /* Translators: an event: the sliding velocity changes sign without sticking */
      return _("reverse");
    case SS_EVENT_GAP_ENTER:
      /* Translators: an event: a freeplay element loses contact */
      return _("gap opens");
    case SS_EVENT_GAP_EXIT:
      /* Translators: an event: a freeplay element comes into contact */
      return _("gap closes");
    case SS_EVENT_RELEASE:
      /* Translators: an event: a guide at rest reaches its static friction
         maximum and is held there while the mechanism stays at rest */
      return _("release");
    case SS_EVENT_LOCK:
      /* Translators: an event: a released guide at rest is held by stiction again */
      return _("lock");
    }
  return "?";
}

static const char *
source_filter (SsEventList *self)
{
  guint       i = gtk_drop_down_get_selected (self->source_dropdown);
  GListModel *model = gtk_drop_down_get_model (self->source_dropdown);

  if (i == 0 || i == GTK_INVALID_LIST_POSITION || model == NULL)
    return NULL;
  return gtk_string_list_get_string (GTK_STRING_LIST (model), i);
}

static int
kind_filter (SsEventList *self)
{
  guint i = gtk_drop_down_get_selected (self->kind_dropdown);

  if (i == 0 || i == GTK_INVALID_LIST_POSITION || i > self->kinds->len)
    return -1;
  return g_array_index (self->kinds, int, i - 1);
}

static gboolean
filter_func (gpointer item, gpointer data)
{
  SsEventList *self = data;
  SsEventRow  *row = item;
  const char  *source = source_filter (self);
  int          kind = kind_filter (self);

  return (source == NULL || g_strcmp0 (source, row->source) == 0) && (kind < 0 || (int)row->event.kind == kind);
}

static void
update_count (SsEventList *self)
{
  guint            total = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint            shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  g_autofree char *text = NULL;

  if (self->dataset == NULL)
    text = g_strdup ("");
  else if (shown == total)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u event", "%u events", total), total);
  else
    /* Translators: events shown by the filter, of all the run's events */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u event", "%u of %u events", total), shown, total);
  gtk_label_set_text (self->count_label, text);
}

static void
filter_changed_cb (SsEventList *self)
{
  if (self->syncing)
    return;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
}

static void
activate_cb (SsEventList *self, guint position, GtkColumnView *view)
{
  g_autoptr(SsEventRow) row = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

  (void)view;
  if (row != NULL)
    g_signal_emit (self, signals[EVENT_ACTIVATED], 0, row->event.t);
}

/* ---- columns ------------------------------------------------------------- */

enum
{
  COLUMN_TIME,
  COLUMN_SOURCE,
  COLUMN_KIND
};

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);
  int        column = GPOINTER_TO_INT (data);

  (void)factory;
  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_TIME ? 1.0f : 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (column == COLUMN_TIME)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  SsEventRow      *row = gtk_list_item_get_item (item);
  GtkLabel        *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_autofree char *time = NULL;

  (void)factory;
  switch (GPOINTER_TO_INT (data))
    {
    case COLUMN_TIME:
      time = g_strdup_printf ("%.6f", row->event.t);
      gtk_label_set_text (label, time);
      break;
    case COLUMN_SOURCE:
      gtk_label_set_text (label, row->source);
      break;
    default:
      gtk_label_set_text (label, ss_event_list_kind_label (row->event.kind));
      break;
    }
}

static void
add_column (SsEventList *self, const char *title, int column, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) col = NULL;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GINT_TO_POINTER (column));
  col = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (col, expand);
  gtk_column_view_append_column (self->view, col);
}

/* ---- lifecycle ----------------------------------------------------------- */

static void
ss_event_list_dispose (GObject *object)
{
  SsEventList *self = SS_EVENT_LIST (object);
  GtkWidget   *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_EVENT_LIST);
  /* the template's top box has no name to be cleared by */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->dataset);
  g_clear_object (&self->shown);
  g_clear_object (&self->store);
  g_clear_pointer (&self->sources_key, g_free);
  g_clear_pointer (&self->kinds, g_array_unref);

  G_OBJECT_CLASS (ss_event_list_parent_class)->dispose (object);
}

static void
ss_event_list_class_init (SsEventListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_event_list_dispose;

  /* the time of the event activated, s */
  signals[EVENT_ACTIVATED] = g_signal_new ("event-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-event-list.ui");
  gtk_widget_class_bind_template_child (widget_class, SsEventList, source_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsEventList, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsEventList, view);
  gtk_widget_class_bind_template_child (widget_class, SsEventList, count_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ss_event_list_init (SsEventList *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->kinds = g_array_new (FALSE, FALSE, sizeof (int));
  self->store = g_list_store_new (SS_TYPE_EVENT_ROW);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), GTK_FILTER (self->filter));
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->shown)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));

  /* Translators: column of the event list: the event's time */
  add_column (self, _("Time (s)"), COLUMN_TIME, FALSE);
  /* Translators: column of the event list: a contact or a freeplay element */
  add_column (self, _("Contact"), COLUMN_SOURCE, TRUE);
  /* Translators: column of the event list: stick, slip, reverse, ... */
  add_column (self, _("Event"), COLUMN_KIND, TRUE);

  g_signal_connect_swapped (self->view, "activate", G_CALLBACK (activate_cb), self);
  g_signal_connect_swapped (self->source_dropdown, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->kind_dropdown, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  ss_event_list_set_dataset (self, NULL);
}

GtkWidget *
ss_event_list_new (void)
{
  return g_object_new (SS_TYPE_EVENT_LIST, NULL);
}

/* The filters' choices for @m: every source, and the kinds its sources
 * can have (contacts: stick, slip, reverse; freeplay: gaps; contacts that
 * can be released at rest: release, lock).  Kept, with the choices made,
 * while the sources stay the same. */
static void
set_choices (SsEventList *self, const ss_model *m)
{
  GString *key = g_string_new (NULL);
  g_autoptr(GtkStringList) sources = NULL;
  g_autoptr(GtkStringList) kinds = NULL;
  int      n_contacts = m ? ss_model_n_contacts (m) : 0, n_sources = m ? ss_model_n_sources (m) : 0;
  gboolean releases = FALSE;

  for (int i = 0; i < n_contacts; i++)
    releases |= ss_model_contact_can_release (m, i);
  for (int i = 0; i < n_sources; i++)
    g_string_append_printf (key, "%s|", ss_model_source_name (m, i));
  g_string_append (key, releases ? "\nreleases" : ""); /* the rigid two-slider's, not the flexible's */
  if (self->sources_key != NULL && g_str_equal (key->str, self->sources_key))
    {
      g_string_free (key, TRUE);
      return;
    }
  g_free (self->sources_key);
  self->sources_key = g_string_free (key, FALSE);

  /* Translators: the event list's contact filter: no filter */
  sources = gtk_string_list_new ((const char *[]){ _("All contacts"), NULL });
  for (int i = 0; i < n_sources; i++)
    gtk_string_list_append (sources, ss_model_source_name (m, i));
  /* Translators: the event list's kind filter: no filter */
  kinds = gtk_string_list_new ((const char *[]){ _("All events"), NULL });
  g_array_set_size (self->kinds, 0);
  for (int k = SS_EVENT_STICK; k < SS_EVENT_N_KINDS; k++)
    {
      gboolean gap = k == SS_EVENT_GAP_ENTER || k == SS_EVENT_GAP_EXIT;
      gboolean release = k == SS_EVENT_RELEASE || k == SS_EVENT_LOCK;

      if (gap ? n_sources > n_contacts : release ? releases : n_contacts > 0)
        {
          g_array_append_val (self->kinds, k);
          gtk_string_list_append (kinds, ss_event_list_kind_label (k));
        }
    }
  self->syncing = TRUE;
  gtk_drop_down_set_model (self->source_dropdown, G_LIST_MODEL (sources));
  gtk_drop_down_set_model (self->kind_dropdown, G_LIST_MODEL (kinds));
  gtk_drop_down_set_selected (self->source_dropdown, 0);
  gtk_drop_down_set_selected (self->kind_dropdown, 0);
  self->syncing = FALSE;
}

/* Shows the events of @dataset (NULL: none), the filters kept while its
 * contacts are those of the previous one. */
void
ss_event_list_set_dataset (SsEventList *self, SsDataset *dataset)
{
  const ss_model *m = dataset ? ss_dataset_get_model (dataset) : NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  const ss_event *events = NULL;
  guint           n = 0;

  g_return_if_fail (SS_IS_EVENT_LIST (self));

  g_set_object (&self->dataset, dataset);
  set_choices (self, m);
  if (dataset != NULL)
    events = ss_dataset_get_events (dataset, &n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (rows, ss_event_row_new (&events[i], ss_model_source_name (m, events[i].source)));
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), rows->pdata, rows->len);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
}

SsDataset *
ss_event_list_get_dataset (SsEventList *self)
{
  return self->dataset;
}

/* Chooses the filters as a user would: @source a contact's name (NULL:
 * all), @kind an ss_event_kind (-1: all). */
void
ss_event_list_set_filter (SsEventList *self, const char *source, int kind)
{
  GListModel *sources = gtk_drop_down_get_model (self->source_dropdown);
  guint       s = 0, k = 0;

  for (guint i = 1; source != NULL && sources != NULL && i < g_list_model_get_n_items (sources); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (sources), i), source) == 0)
      s = i;
  for (guint i = 0; kind >= 0 && i < self->kinds->len; i++)
    if (g_array_index (self->kinds, int, i) == kind)
      k = i + 1;
  gtk_drop_down_set_selected (self->source_dropdown, s);
  gtk_drop_down_set_selected (self->kind_dropdown, k);
}

guint
ss_event_list_get_n_shown (SsEventList *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->shown));
}

gboolean
ss_event_list_get_shown (SsEventList *self, guint position, ss_event *event)
{
  g_autoptr(SsEventRow) row = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

  if (row == NULL)
    return FALSE;
  *event = row->event;
  return TRUE;
}

GtkColumnView *
ss_event_list_get_view (SsEventList *self)
{
  return self->view;
}
