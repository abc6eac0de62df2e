/* ss-event-list.c - the events of a run in a list view over a list model
 * of the events the filters keep (contact and kind), in the run's order:
 * indices into the run's events, an item made only for a row on screen.
 * Each row is one widget drawing its three columns (SsTableRow), under a
 * header of the columns' titles.
 * A new run or filter swaps the indices in one items-changed (the rows
 * before the first difference stay); off screen, nothing is done until the
 * list is shown again.  Contacts are named as the legends name them
 * ("slider 1"); the filter and the export take the CSV's names. */
#define G_LOG_DOMAIN "ss-event-list"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ss-drop-down.h"
#include "ss-event-list.h"
#include "ss-model-strings.h"
#include "ss-row-cells.h"
#include "ss-table-row.h"
#include "ss-units.h"

/* ---- one event as a list item ----------------------------------------- */

#define SS_TYPE_EVENT_ROW (ss_event_row_get_type ())

G_DECLARE_FINAL_TYPE (SsEventRow, ss_event_row, SS, EVENT_ROW, GObject)

struct _SsEventRow
{
  GObject  parent_instance;
  ss_event event;
  char    *source; /* its contact's label */
};

G_DEFINE_FINAL_TYPE (SsEventRow, ss_event_row, G_TYPE_OBJECT)

static void
ss_event_row_finalize (GObject *object)
{
  g_free (SS_EVENT_ROW (object)->source);
  G_OBJECT_CLASS (ss_event_row_parent_class)->finalize (object);
}

static guint row_changed_signal;

static void
ss_event_row_class_init (SsEventRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_event_row_finalize;
  /* the row holds another event now: its cells show it */
  row_changed_signal =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* Row @row holds @ev of the source labelled @source now. */
static void
ss_event_row_set (SsEventRow *row, const ss_event *ev, const char *source)
{
  row->event = *ev;
  if (g_strcmp0 (row->source, source) != 0)
    {
      g_free (row->source);
      row->source = g_strdup (source);
    }
}

static void
ss_event_row_init (SsEventRow *self)
{
  (void)self;
}

/* ---- the events shown, as a list model ------------------------------------ */

/* The events the filters keep, by index into the run's events; an item is
 * made when the view asks for it (the rows on screen), so a new run costs
 * one pass over its events, not an object per event.  The items made stay
 * at their positions and take the new events in place (their cells follow
 * "changed"): the view keeps its row widgets, and only a change of the
 * count is an items-changed, at the end. */
#define SS_TYPE_EVENT_MODEL (ss_event_model_get_type ())

G_DECLARE_FINAL_TYPE (SsEventModel, ss_event_model, SS, EVENT_MODEL, GObject)

struct _SsEventModel
{
  GObject    parent_instance;
  GArray    *events; /* ss_event: the run's */
  GArray    *index;  /* guint: the events shown */
  GPtrArray *items;  /* SsEventRow or NULL, per shown event */
  GPtrArray *labels; /* char *, per source */
};

static void ss_event_model_list_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsEventModel,
                               ss_event_model,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ss_event_model_list_init))

static GType
ss_event_model_get_item_type (GListModel *list)
{
  (void)list;
  return SS_TYPE_EVENT_ROW;
}

static guint
ss_event_model_get_n_items (GListModel *list)
{
  return SS_EVENT_MODEL (list)->index->len;
}

/* @row takes the event shown at @position. */
static void
ss_event_model_fill (SsEventModel *self, SsEventRow *row, guint position)
{
  const ss_event *ev = &g_array_index (self->events, ss_event, g_array_index (self->index, guint, position));

  ss_event_row_set (
      row, ev,
      ev->source >= 0 && (guint)ev->source < self->labels->len ? g_ptr_array_index (self->labels, ev->source) : "?");
}

static gpointer
ss_event_model_get_item (GListModel *list, guint position)
{
  SsEventModel *self = SS_EVENT_MODEL (list);
  SsEventRow   *row;

  if (position >= self->index->len)
    return NULL;
  row = g_ptr_array_index (self->items, position);
  if (row == NULL)
    {
      row = g_object_new (SS_TYPE_EVENT_ROW, NULL);
      ss_event_model_fill (self, row, position);
      g_ptr_array_index (self->items, position) = row;
    }
  return g_object_ref (row);
}

static void
ss_event_model_list_init (GListModelInterface *iface)
{
  iface->get_item_type = ss_event_model_get_item_type;
  iface->get_n_items = ss_event_model_get_n_items;
  iface->get_item = ss_event_model_get_item;
}

static void
ss_event_model_finalize (GObject *object)
{
  SsEventModel *self = SS_EVENT_MODEL (object);

  g_array_unref (self->events);
  g_array_unref (self->index);
  g_ptr_array_unref (self->items);
  g_ptr_array_unref (self->labels);
  G_OBJECT_CLASS (ss_event_model_parent_class)->finalize (object);
}

static void
ss_event_model_class_init (SsEventModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_event_model_finalize;
}

static void
ss_event_model_init (SsEventModel *self)
{
  self->events = g_array_new (FALSE, FALSE, sizeof (ss_event));
  self->index = g_array_new (FALSE, FALSE, sizeof (guint));
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->labels = g_ptr_array_new_with_free_func (g_free);
}

static gboolean
same_event (const ss_event *a, const ss_event *b)
{
  return a->t == b->t && a->source == b->source && a->kind == b->kind;
}

/* Shows @events[i] for i in @index (taken), with the sources' @labels
 * (taken): the rows made take their new events in place, only what
 * changed announced (changed on a row, items-changed for the count). */
static void
ss_event_model_replace (SsEventModel *self, const ss_event *events, guint n_events, GArray *index, GPtrArray *labels)
{
  guint    old_n = self->index->len, new_n = index->len;
  gboolean relabelled = labels->len != self->labels->len;

  for (guint i = 0; !relabelled && i < labels->len; i++)
    relabelled = !g_str_equal (g_ptr_array_index (labels, i), g_ptr_array_index (self->labels, i));
  g_ptr_array_unref (self->labels);
  self->labels = labels;
  g_array_set_size (self->events, 0);
  g_array_append_vals (self->events, events, n_events);
  g_array_unref (self->index);
  self->index = index;
  for (guint i = 0; i < MIN (old_n, new_n); i++)
    {
      SsEventRow *row = g_ptr_array_index (self->items, i);
      ss_event    before;

      if (row == NULL)
        continue;
      before = row->event;
      ss_event_model_fill (self, row, i);
      if (!same_event (&before, &row->event) || relabelled)
        g_signal_emit (row, row_changed_signal, 0);
    }
  g_ptr_array_set_size (self->items, new_n);
  if (old_n != new_n)
    g_list_model_items_changed (G_LIST_MODEL (self), MIN (old_n, new_n), old_n > new_n ? old_n - new_n : 0,
                                new_n > old_n ? new_n - old_n : 0);
}

/* ---- the list ------------------------------------------------------------ */

struct _SsEventList
{
  GtkWidget parent_instance;

  /* template */
  GtkDropDown *source_dropdown;
  GtkDropDown *kind_dropdown;
  GtkWidget   *filter_box; /* the two drop-downs, side by side or one under the other */
  GtkListView *view;
  GtkWidget   *count_label; /* GtkInscription */

  GtkWidget     *header; /* SsTableRow: the columns' titles */
  SsTableColumns columns;
  SsEventModel  *shown;
  SsDataset     *dataset;
  gboolean       stale;       /* dataset or filters changed while the list was not on screen */
  guint          n_refreshes; /* the rows were brought up to date */
  char          *sources_key; /* the model's source names, "|"-joined */
  GPtrArray     *sources;     /* char *: the source of source_dropdown's entry i + 1 (its name) */
  GArray        *kinds;       /* int: the kind of kind_dropdown's entry i + 1 */
  gboolean       syncing;
  char           time_text[G_ASCII_DTOSTR_BUF_SIZE]; /* the widest time of the run */
  GPtrArray     *rows;                               /* SsTableRow *, not owned: the rows made */
  GHashTable    *text_widths[2];                     /* char * -> px: texts measured in a time, another column */
  int            widths[3];                          /* px, each column's widest text; -1: unknown */
  int            title_widths[3];                    /* px, each column's title; -1: unknown */
  int            ellipsis_width;                     /* px, -1: unknown */
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

/* The source index the source filter keeps, or -1: all. */
static int
source_filter (SsEventList *self)
{
  guint i = gtk_drop_down_get_selected (self->source_dropdown);

  if (i == 0 || i == GTK_INVALID_LIST_POSITION || i > self->sources->len)
    return -1;
  return (int)i - 1;
}

static int
kind_filter (SsEventList *self)
{
  guint i = gtk_drop_down_get_selected (self->kind_dropdown);

  if (i == 0 || i == GTK_INVALID_LIST_POSITION || i > self->kinds->len)
    return -1;
  return g_array_index (self->kinds, int, i - 1);
}

static void
update_count (SsEventList *self, guint total)
{
  guint            shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  g_autofree char *text = NULL;

  if (self->dataset == NULL)
    text = g_strdup ("");
  else if (shown == total)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u event", "%u events", total), total);
  else
    /* Translators: events shown by the filter, of all the run's events */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u event", "%u of %u events", total), shown, total);
  if (g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (self->count_label)), text) != 0)
    gtk_inscription_set_text (GTK_INSCRIPTION (self->count_label), text);
}

static void set_choices (SsEventList *self, const ss_model *m);

/* An event's time as its cell shows it: six decimals, "−" the minus
 * (the export keeps the CSV's "-"). */
static char *
format_time (double t)
{
  return ss_format_screen_minus (g_strdup_printf ("%.6f", t));
}

/* The widest of @events' times as shown (at least "0.000000"; the digits
 * are tabular): the time cells sized again only when its length changes
 * (size_cells). */
static void
set_time_text (SsEventList *self, const ss_event *events, guint n)
{
  char             time[G_ASCII_DTOSTR_BUF_SIZE];
  char             widest[G_ASCII_DTOSTR_BUF_SIZE] = "0.000000";
  g_autofree char *shown = NULL;

  for (guint i = 0; i < n; i++)
    if (events[i].t >= 10.0 || events[i].t <= -1.0)
      {
        g_snprintf (time, sizeof time, "%.6f", events[i].t);
        if (strlen (time) > strlen (widest))
          g_strlcpy (widest, time, sizeof widest);
      }
  shown = ss_format_screen_minus (g_strdup (widest));
  if (strlen (shown) != strlen (self->time_text))
    g_strlcpy (self->time_text, shown, sizeof self->time_text);
}

enum
{
  COLUMN_TIME,
  COLUMN_SOURCE,
  COLUMN_KIND
};

/* The width of @text in column @column of @row, px, measured once per
 * font: the times' (tabular digits) or the contacts' and kinds'. */
static int
text_width (SsEventList *self, SsTableRow *row, int column, const char *text)
{
  GHashTable *widths = self->text_widths[column == COLUMN_TIME ? 0 : 1];
  gpointer    width;

  if (!g_hash_table_lookup_extended (widths, text, NULL, &width))
    {
      width = GINT_TO_POINTER (ss_table_row_measure_text (row, column, text));
      g_hash_table_insert (widths, g_strdup (text), width);
    }
  return GPOINTER_TO_INT (width);
}

/* Every row made and the header sized again: their columns changed. */
static void
resize_rows (SsEventList *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    gtk_widget_queue_resize (g_ptr_array_index (self->rows, i));
  gtk_widget_queue_resize (self->header);
}

/* The columns as wide as the widest text of each in the run, and at least
 * their titles, as a column view sizes them (a time column that wide at
 * least, a contact or kind at least an ellipsis, as an ellipsized label):
 * texts measured again only when the widest differ, and the rows sized
 * again only when the columns change.  Until a row is in the window there
 * is no font to measure with: sized when one is shown. */
static void
size_columns (SsEventList *self)
{
  SsTableRow          *measure = NULL;
  SsTableColumns       columns = self->columns;
  const ss_event      *events;
  guint                n;
  int                  widths[3] = { 0, 0, 0 };
  g_autofree gboolean *source_seen = g_new0 (gboolean, self->shown->labels->len);
  gboolean             kind_seen[SS_EVENT_N_KINDS] = { FALSE };
  const char          *titles[3];

  if (gtk_widget_get_root (self->header) == NULL)
    return;
  for (int c = 0; c < 3; c++)
    {
      titles[c] = ss_table_row_get_text (SS_TABLE_ROW (self->header), c);
      if (self->title_widths[c] < 0)
        self->title_widths[c] = ss_table_row_measure_text (SS_TABLE_ROW (self->header), c, titles[c]);
    }
  for (guint i = 0; i < self->rows->len && measure == NULL; i++)
    if (gtk_widget_get_root (g_ptr_array_index (self->rows, i)) != NULL)
      measure = g_ptr_array_index (self->rows, i);
  if (measure == NULL)
    {
      /* no row yet (no events): the titles whole; the texts measured when
       * a row is shown */
      memcpy (columns.minimum, self->title_widths, sizeof self->title_widths);
      memcpy (columns.natural, self->title_widths, sizeof self->title_widths);
      if (memcmp (&columns, &self->columns, sizeof columns) != 0)
        {
          self->columns = columns;
          resize_rows (self);
        }
      return;
    }
  if (self->ellipsis_width < 0)
    self->ellipsis_width = text_width (self, measure, COLUMN_SOURCE, "…");
  if (columns.height < 0)
    ss_table_row_measure_line (measure, &columns.height, &columns.baseline);
  widths[COLUMN_TIME] = text_width (self, measure, COLUMN_TIME, self->time_text);
  events = self->shown->events->len > 0 ? (const ss_event *)(gpointer)self->shown->events->data : NULL;
  n = self->shown->index->len;
  for (guint i = 0; i < n; i++)
    {
      const ss_event *ev = &events[g_array_index (self->shown->index, guint, i)];

      if (ev->source >= 0 && (guint)ev->source < self->shown->labels->len && !source_seen[ev->source])
        {
          source_seen[ev->source] = TRUE;
          widths[COLUMN_SOURCE] =
              MAX (widths[COLUMN_SOURCE],
                   text_width (self, measure, COLUMN_SOURCE, g_ptr_array_index (self->shown->labels, ev->source)));
        }
      if ((int)ev->kind >= 0 && ev->kind < SS_EVENT_N_KINDS && !kind_seen[ev->kind])
        {
          kind_seen[ev->kind] = TRUE;
          widths[COLUMN_KIND] =
              MAX (widths[COLUMN_KIND], text_width (self, measure, COLUMN_KIND, ss_event_list_kind_label (ev->kind)));
        }
    }
  memcpy (self->widths, widths, sizeof widths);
  for (int c = 0; c < 3; c++)
    {
      int least = c == COLUMN_TIME ? widths[c] : MIN (self->ellipsis_width, widths[c]);

      columns.minimum[c] = MAX (least, self->title_widths[c]);
      columns.natural[c] = MAX (widths[c], self->title_widths[c]);
    }
  if (memcmp (&columns, &self->columns, sizeof columns) != 0)
    {
      self->columns = columns;
      resize_rows (self);
    }
}

/* What a person calls source @i of @m: a contact as the legends do
 * ("slider 1", "ψ bearing"), a freeplay element by its side ("mesh
 * freeplay, + side"). */
static char *
source_label (const ss_model *m, int i)
{
  return g_strdup (ss_i18n_model_text (ss_model_source_label (m, i)));
}

/* The rows brought up to the dataset and the filters: the events kept,
 * in one items-changed. */
static void
refresh (SsEventList *self)
{
  const ss_model *m = self->dataset ? ss_dataset_get_model (self->dataset) : NULL;
  const ss_event *events = NULL;
  guint           n = 0;
  GArray         *index = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray      *labels = g_ptr_array_new_with_free_func (g_free);
  int             source, kind;

  self->stale = FALSE;
  self->n_refreshes++;
  set_choices (self, m);
  source = source_filter (self);
  kind = kind_filter (self);
  if (self->dataset != NULL)
    events = ss_dataset_get_events (self->dataset, &n);
  for (int i = 0; m != NULL && i < ss_model_n_sources (m); i++)
    g_ptr_array_add (labels, source_label (m, i));
  for (guint i = 0; i < n; i++)
    if ((source < 0 || events[i].source == source) && (kind < 0 || (int)events[i].kind == kind))
      g_array_append_val (index, i);
  set_time_text (self, events, n);
  ss_event_model_replace (self->shown, events, n, index, labels);
  size_columns (self);
  update_count (self, n);
}

/* Up to date now when on screen, else once shown (or asked). */
static void
invalidate (SsEventList *self)
{
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh (self);
}

static void
ensure_fresh (SsEventList *self)
{
  if (self->stale)
    refresh (self);
}

static void
filter_changed_cb (SsEventList *self)
{
  if (self->syncing)
    return;
  invalidate (self);
}

static void
activate_cb (SsEventList *self, guint position, GtkListView *view)
{
  g_autoptr(SsEventRow) row = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

  (void)view;
  if (row != NULL)
    g_signal_emit (self, signals[EVENT_ACTIVATED], 0, row->event.t);
}

/* ---- rows ---------------------------------------------------------------- */

/* Another font or resolution: every width measured again. */
static void
font_changed_cb (SsEventList *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->text_widths); i++)
    g_hash_table_remove_all (self->text_widths[i]);
  self->ellipsis_width = -1;
  self->columns.height = self->columns.baseline = -1;
  for (int c = 0; c < 3; c++)
    self->widths[c] = self->title_widths[c] = -1;
  size_columns (self);
}

static void
row_gone (gpointer rows, GObject *row)
{
  g_ptr_array_remove_fast (rows, row);
}

static void show_row (GtkListItem *item);

/* A row off screen is brought up to its event when shown: a new run
 * changes only the rows on screen (GTK keeps rows made far beyond). */
static void
row_mapped_cb (GtkWidget *row, GtkListItem *item)
{
  SsEventList *self = g_object_get_data (G_OBJECT (row), "list");

  if (self->widths[COLUMN_TIME] < 0)
    size_columns (self);
  show_row (item);
}

/* A new run changes the time of every row shown, and a new order of the
 * events their contacts and kinds: a row is one widget drawing its three
 * columns, whose new texts are only drawn, where labels' would measure
 * the list, the panel and the window again.  Its columns are as wide as
 * the widest text of each in the run (size_columns). */
static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, SsEventList *self)
{
  GtkWidget *row = ss_table_row_new (&self->columns);

  (void)factory;
  g_object_set_data (G_OBJECT (row), "list", self);
  g_ptr_array_add (self->rows, row);
  g_object_weak_ref (G_OBJECT (row), row_gone, self->rows);
  g_signal_connect (row, "map", G_CALLBACK (row_mapped_cb), item);
  gtk_list_item_set_child (item, row);
}

/* The row of @item shows its event: time (the screen's minus), contact,
 * kind. */
static void
show_row (GtkListItem *item)
{
  SsEventRow      *row = gtk_list_item_get_item (item);
  GtkWidget       *widget = gtk_list_item_get_child (item);
  g_autofree char *time = NULL;
  const char      *texts[3];

  /* shown when mapped (row_mapped_cb) */
  if (row == NULL || !gtk_widget_get_mapped (widget))
    return;
  time = format_time (row->event.t);
  texts[COLUMN_TIME] = time;
  texts[COLUMN_SOURCE] = row->source;
  texts[COLUMN_KIND] = ss_event_list_kind_label (row->event.kind);
  ss_table_row_set_texts (SS_TABLE_ROW (widget), texts);
}

/* ---- lifecycle ----------------------------------------------------------- */

static void
ss_event_list_dispose (GObject *object)
{
  SsEventList *self = SS_EVENT_LIST (object);
  GtkWidget   *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_EVENT_LIST);
  /* the rows outlive the list no longer watched */
  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    g_object_weak_unref (g_ptr_array_index (self->rows, i), row_gone, self->rows);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->text_widths[0], g_hash_table_unref);
  g_clear_pointer (&self->text_widths[1], g_hash_table_unref);
  /* the template's top box has no name to be cleared by */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->dataset);
  g_clear_object (&self->shown);
  g_clear_pointer (&self->sources_key, g_free);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  g_clear_pointer (&self->kinds, g_array_unref);

  G_OBJECT_CLASS (ss_event_list_parent_class)->dispose (object);
}

/* Shown again: what changed meanwhile, at once. */
static void
ss_event_list_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ss_event_list_parent_class)->map (widget);
  ensure_fresh (SS_EVENT_LIST (widget));
}

static void
ss_event_list_class_init (SsEventListClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_event_list_dispose;
  widget_class->map = ss_event_list_map;

  /* the time of the event activated, s */
  signals[EVENT_ACTIVATED] = g_signal_new ("event-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-event-list.ui");
  gtk_widget_class_bind_template_child (widget_class, SsEventList, source_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsEventList, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SsEventList, filter_box);
  gtk_widget_class_bind_template_child (widget_class, SsEventList, view);
  gtk_widget_class_bind_template_child (widget_class, SsEventList, count_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ss_event_list_init (SsEventList *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  const char *titles[3];

  gtk_widget_init_template (GTK_WIDGET (self));

  self->kinds = g_array_new (FALSE, FALSE, sizeof (int));
  self->rows = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (self->text_widths); i++)
    self->text_widths[i] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->ellipsis_width = -1;
  self->columns.n = 3;
  self->columns.height = self->columns.baseline = -1;
  for (int c = 0; c < 3; c++)
    {
      self->widths[c] = self->title_widths[c] = -1;
      self->columns.expand[c] = c != COLUMN_TIME;
    }
  /* times right-aligned, in tabular digits */
  self->columns.xalign[COLUMN_TIME] = 1.f;
  self->columns.tabular[COLUMN_TIME] = TRUE;
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-font-name",
                           G_CALLBACK (font_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-xft-dpi",
                           G_CALLBACK (font_changed_cb), self, G_CONNECT_SWAPPED);
  g_strlcpy (self->time_text, "0.000000", sizeof self->time_text);
  self->sources = g_ptr_array_new_with_free_func (g_free);
  self->shown = g_object_new (SS_TYPE_EVENT_MODEL, NULL);
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->shown)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_list_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), self);
  /* a row takes another event in place: its widget follows */
  ss_row_cells_follow (GTK_SIGNAL_LIST_ITEM_FACTORY (factory), show_row);
  gtk_list_view_set_factory (self->view, factory);

  /* the columns' titles over the list, aligned with its rows */
  /* Translators: column of the event list: the event's time */
  titles[COLUMN_TIME] = _("Time (s)");
  /* Translators: column of the event list: a contact or a freeplay element */
  titles[COLUMN_SOURCE] = _("Contact");
  /* Translators: column of the event list: stick, slip, reverse, ... */
  titles[COLUMN_KIND] = _("Event");
  self->header = ss_table_row_new_header (&self->columns, GTK_WIDGET (self->view));
  ss_table_row_set_texts (SS_TABLE_ROW (self->header), titles);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (self->filter_box)), self->header, self->filter_box);

  g_signal_connect_swapped (self->view, "activate", G_CALLBACK (activate_cb), self);
  /* the filters are no stops of the keyboard's focus themselves */
  for (GtkWidget *child = gtk_widget_get_first_child (self->filter_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
  /* long contact names and kinds (Polish) cut, not widening the panel */
  ss_drop_down_ellipsize (self->source_dropdown, 4);
  ss_drop_down_ellipsize (self->kind_dropdown, 4);
  g_signal_connect_swapped (self->source_dropdown, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->kind_dropdown, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  ss_event_list_set_dataset (self, NULL);
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
  g_ptr_array_set_size (self->sources, 0);
  for (int i = 0; i < n_sources; i++)
    {
      g_autofree char *label = source_label (m, i);

      gtk_string_list_append (sources, label);
      g_ptr_array_add (self->sources, g_strdup (ss_model_source_name (m, i)));
    }
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
 * contacts are those of the previous one.  While the list is not on
 * screen nothing is done until it is shown or asked. */
void
ss_event_list_set_dataset (SsEventList *self, SsDataset *dataset)
{
  g_return_if_fail (SS_IS_EVENT_LIST (self));

  if (self->dataset == dataset && !self->stale && self->n_refreshes > 0)
    return;
  g_set_object (&self->dataset, dataset);
  invalidate (self);
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
  guint s = 0, k = 0;

  ensure_fresh (self); /* the choices of the dataset shown */
  for (guint i = 0; source != NULL && i < self->sources->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->sources, i), source) == 0)
      s = i + 1;
  for (guint i = 0; kind >= 0 && i < self->kinds->len; i++)
    if (g_array_index (self->kinds, int, i) == kind)
      k = i + 1;
  gtk_drop_down_set_selected (self->source_dropdown, s);
  gtk_drop_down_set_selected (self->kind_dropdown, k);
}

guint
ss_event_list_get_n_shown (SsEventList *self)
{
  ensure_fresh (self);
  return g_list_model_get_n_items (G_LIST_MODEL (self->shown));
}

gboolean
ss_event_list_get_shown (SsEventList *self, guint position, ss_event *event)
{
  g_autoptr(SsEventRow) row = NULL;

  ensure_fresh (self);
  row = g_list_model_get_item (G_LIST_MODEL (self->shown), position);
  if (row == NULL)
    return FALSE;
  *event = row->event;
  return TRUE;
}

/* The label the list shows for the contact (or freeplay element) of the
 * event shown at @position, or NULL. */
const char *
ss_event_list_get_shown_source (SsEventList *self, guint position)
{
  SsEventRow *row;

  ensure_fresh (self);
  row = g_list_model_get_item (G_LIST_MODEL (self->shown), position);
  if (row == NULL)
    return NULL;
  g_object_unref (row); /* the model keeps it, and its label */
  return row->source;
}

/* How many times the rows were brought up to date: not while the list is
 * off screen, once when it is shown again. */
guint
ss_event_list_get_n_refreshes (SsEventList *self)
{
  return self->n_refreshes;
}

GtkListView *
ss_event_list_get_view (SsEventList *self)
{
  return self->view;
}
