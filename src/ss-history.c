/* ss-history.c - a linear list of states with a cursor.  Recording after an
 * undo drops the states that could have been redone, as editors do. */
#define G_LOG_DOMAIN "ss-history"

#include <string.h>

#include "ss-history.h"

/* Changes of the same parameter closer together than this are one step. */
#define COALESCE_US (700 * 1000)
/* Steps kept; the oldest go first. */
#define MAX_ENTRIES 200

typedef struct
{
  const ss_scenario *scenario;
  double            *values; /* scenario->n_params */
  char              *file;   /* the scenario file shown, NULL: none */
  gboolean           saved;  /* the state the file was opened or saved with */
} Entry;

struct _SsHistory
{
  GObject parent_instance;

  GArray *entries;     /* Entry */
  guint   cursor;      /* the entry shown now */
  gint64  last_record; /* µs */
  int     last_param;  /* the parameter the last step changed, or -1 */

  char    *file;        /* the file shown now: the next entry's */
  gboolean first_saved; /* the first entry is the file's state */
};

G_DEFINE_FINAL_TYPE (SsHistory, ss_history, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
entry_clear (gpointer data)
{
  Entry *e = data;

  g_clear_pointer (&e->values, g_free);
  g_clear_pointer (&e->file, g_free);
}

static void
notify_state (SsHistory *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
ss_history_finalize (GObject *object)
{
  SsHistory *self = (SsHistory *)object;

  g_array_unref (self->entries);
  g_free (self->file);
  G_OBJECT_CLASS (ss_history_parent_class)->finalize (object);
}

static void
ss_history_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsHistory *self = SS_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, ss_history_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, ss_history_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_history_class_init (SsHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ss_history_finalize;
  object_class->get_property = ss_history_get_property;

  properties[PROP_CAN_UNDO] =
      g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
      g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ss_history_init (SsHistory *self)
{
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (self->entries, entry_clear);
  self->last_param = -1;
}

SsHistory *
ss_history_new (void)
{
  return g_object_new (SS_TYPE_HISTORY, NULL);
}

/* The one parameter in which @a and @b differ, -1 for none, -2 for several. */
static int
changed_param (const Entry *a, const ss_scenario *scenario, const double *values)
{
  int changed = -1;

  if (a->scenario != scenario)
    return -2;
  for (int i = 0; i < scenario->n_params; i++)
    if (a->values[i] != values[i])
      {
        if (changed != -1)
          return -2;
        changed = i;
      }
  return changed;
}

/* Records the state shown now.  The first call records the starting state;
 * an unchanged state records nothing. */
void
ss_history_record (SsHistory *self, const ss_scenario *scenario, const double *values)
{
  gint64 now = g_get_monotonic_time ();
  Entry  entry;
  int    param = -2;

  g_return_if_fail (SS_IS_HISTORY (self));
  g_return_if_fail (scenario != NULL && values != NULL);

  if (self->entries->len > 0)
    {
      Entry *current = &g_array_index (self->entries, Entry, self->cursor);

      param = changed_param (current, scenario, values);
      if (param == -1)
        return;
      g_array_set_size (self->entries, self->cursor + 1);
      /* a drag or a held spin button: one step */
      if (param >= 0 && param == self->last_param && now - self->last_record < COALESCE_US && self->cursor > 0)
        {
          memcpy (current->values, values, sizeof (double) * (gsize)scenario->n_params);
          current->saved = FALSE; /* another state: not the file's */
          self->last_record = now;
          return;
        }
    }
  entry.scenario = scenario;
  entry.values = g_memdup2 (values, sizeof (double) * (gsize)MAX (scenario->n_params, 1));
  entry.file = g_strdup (self->file);
  entry.saved = self->entries->len == 0 && self->first_saved;
  g_array_append_val (self->entries, entry);
  if (self->entries->len > MAX_ENTRIES)
    g_array_remove_index (self->entries, 0);
  self->cursor = self->entries->len - 1;
  self->last_record = now;
  self->last_param = param;
  notify_state (self);
}

gboolean
ss_history_can_undo (SsHistory *self)
{
  return self->cursor > 0;
}

gboolean
ss_history_can_redo (SsHistory *self)
{
  return self->cursor + 1 < self->entries->len;
}

static gboolean
move_to (SsHistory *self, guint index, const ss_scenario **scenario, const double **values)
{
  Entry *e;

  if (index >= self->entries->len)
    return FALSE;
  self->cursor = index;
  self->last_param = -1; /* the next change is a step of its own */
  e = &g_array_index (self->entries, Entry, index);
  *scenario = e->scenario;
  *values = e->values;
  g_free (self->file);
  self->file = g_strdup (e->file);
  notify_state (self);
  return TRUE;
}

/* Steps back; the state to apply is returned (owned by the history, valid
 * until the next call). */
gboolean
ss_history_undo (SsHistory *self, const ss_scenario **scenario, const double **values)
{
  g_return_val_if_fail (SS_IS_HISTORY (self), FALSE);

  if (!ss_history_can_undo (self))
    return FALSE;
  return move_to (self, self->cursor - 1, scenario, values);
}

gboolean
ss_history_redo (SsHistory *self, const ss_scenario **scenario, const double **values)
{
  g_return_val_if_fail (SS_IS_HISTORY (self), FALSE);

  if (!ss_history_can_redo (self))
    return FALSE;
  return move_to (self, self->cursor + 1, scenario, values);
}

/* The next change is a step of its own, however soon it comes (after a
 * change that was no drag: a reset, a study's point). */
void
ss_history_end_step (SsHistory *self)
{
  g_return_if_fail (SS_IS_HISTORY (self));

  self->last_param = -1;
}

/* The scenario file now shown (NULL: none), opened or saved with the
 * state shown now (or, before the first record, with the first). */
void
ss_history_set_file (SsHistory *self, const char *file)
{
  g_return_if_fail (SS_IS_HISTORY (self));

  g_free (self->file);
  self->file = g_strdup (file);
  self->first_saved = self->entries->len == 0;
  self->last_param = -1; /* the next change is a step of its own: an undo comes back here */
  /* the file holds this state now, no longer any other's */
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);

      if (i == self->cursor)
        {
          g_free (e->file);
          e->file = g_strdup (file);
          e->saved = TRUE;
        }
      else if (g_strcmp0 (e->file, file) == 0)
        e->saved = FALSE;
    }
}

/* The file shown with the state shown now (after an undo or a redo: that
 * state's), NULL: none. */
const char *
ss_history_get_file (SsHistory *self)
{
  g_return_val_if_fail (SS_IS_HISTORY (self), NULL);

  return self->file;
}

/* Whether the state shown now is the one its file was opened or saved
 * with. */
gboolean
ss_history_is_saved (SsHistory *self)
{
  g_return_val_if_fail (SS_IS_HISTORY (self), FALSE);

  return self->entries->len > 0 && g_array_index (self->entries, Entry, self->cursor).saved;
}
