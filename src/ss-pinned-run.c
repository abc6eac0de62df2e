/* ss-pinned-run.c - a pinned run: what it is (scenario, values), how it is
 * shown (name, line style, visible) and what it gave (dataset or error). */
#define G_LOG_DOMAIN "ss-pinned-run"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ss-model-strings.h"
#include "ss-pinned-run.h"
#include "ss-readable.h"
#include "ss-units.h"

struct _SsPinnedRun
{
  GObject parent_instance;

  const ss_scenario *scenario;
  double            *values; /* n_params */
  char              *name;
  gboolean           renamed; /* the user named it: no automatic name */
  guint              style;   /* line style, 0 .. SS_PINNED_RUN_N_STYLES - 1 */
  gboolean           visible;
  SsPinnedRunState   state;
  SsDataset         *dataset; /* NULL until computed */
  char              *error;   /* why it failed */
};

G_DEFINE_FINAL_TYPE (SsPinnedRun, ss_pinned_run, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_VISIBLE,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Four significant digits with the locale's decimal separator; "2e-05"
 * shortened to "2e-5", "1e+06" to "1e6": short values for names. */
static char *
short_number (double v)
{
  char     buf[64];
  GString *s = g_string_new (NULL);

  g_ascii_formatd (buf, sizeof buf, "%.4g", v);
  for (const char *c = buf; *c != '\0'; c++)
    {
      if (*c == '.')
        g_string_append (s, ss_format_decimal_point ());
      else if (*c == 'e')
        {
          g_string_append_c (s, 'e');
          if (c[1] == '-')
            g_string_append_c (s, *++c);
          else if (c[1] == '+')
            c++;
          while (c[1] == '0' && c[2] != '\0')
            c++;
        }
      else
        g_string_append_c (s, *c);
    }
  return g_string_free (s, FALSE);
}

/* What @values change from @current, as a person reads it: "Modelling
 * level: 3, Shaft stiffness kψδ = 400 N m/rad" (three at most, then
 * "…"); "same as current" when nothing differs. */
char *
ss_pinned_run_describe (const ss_scenario *sc, const double *values, const double *current)
{
  GString *s = g_string_new (NULL);
  int      shown = 0;
  gboolean more = FALSE;

  for (int i = 0; i < sc->n_params; i++)
    {
      const ss_param_info *p = &sc->params[i];
      g_autofree char     *text = NULL;

      if (current != NULL && values[i] == current[i])
        continue;
      if (current == NULL)
        break;
      if (shown == 3)
        {
          more = TRUE;
          break;
        }
      if (p->kind == SS_PARAM_CHOICE)
        text = ss_format_param_assignment (p, values[i], " ");
      else
        {
          g_autofree char *number = short_number (ss_readable_param (p, values[i]));

          if (p->unit[0] != '\0')
            text = g_strdup_printf ("%s = %s %s", ss_i18n_model_text (p->label), number, p->unit);
          else
            text = g_strdup_printf ("%s = %s", ss_i18n_model_text (p->label), number);
        }
      g_string_append_printf (s, "%s%s", shown > 0 ? ss_format_list_separator () : "", text);
      shown++;
    }
  if (more)
    g_string_append_printf (s, "%s…", ss_format_list_separator ());
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      /* Translators: the name of a pinned run whose values are the current ones */
      return g_strdup (_("same as current"));
    }
  return g_string_free (s, FALSE);
}

static void
ss_pinned_run_finalize (GObject *object)
{
  SsPinnedRun *self = (SsPinnedRun *)object;

  g_free (self->values);
  g_free (self->name);
  g_free (self->error);
  g_clear_object (&self->dataset);

  G_OBJECT_CLASS (ss_pinned_run_parent_class)->finalize (object);
}

static void
ss_pinned_run_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsPinnedRun *self = SS_PINNED_RUN (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_VISIBLE:
      g_value_set_boolean (value, self->visible);
      break;
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_pinned_run_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SsPinnedRun *self = SS_PINNED_RUN (object);

  switch (prop_id)
    {
    case PROP_NAME:
      ss_pinned_run_set_name (self, g_value_get_string (value));
      break;
    case PROP_VISIBLE:
      ss_pinned_run_set_visible (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_pinned_run_class_init (SsPinnedRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ss_pinned_run_finalize;
  object_class->get_property = ss_pinned_run_get_property;
  object_class->set_property = ss_pinned_run_set_property;

  /* the legend's and the list's name; set by the user, it stays */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VISIBLE] = g_param_spec_boolean (
      "visible", NULL, NULL, TRUE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* SsPinnedRunState */
  properties[PROP_STATE] = g_param_spec_int ("state", NULL, NULL, SS_PINNED_RUN_COMPUTING, SS_PINNED_RUN_FAILED,
                                             SS_PINNED_RUN_COMPUTING, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ss_pinned_run_init (SsPinnedRun *self)
{
  self->visible = TRUE;
}

SsPinnedRun *
ss_pinned_run_new (const ss_scenario *scenario, const double *values, guint style)
{
  SsPinnedRun *self = g_object_new (SS_TYPE_PINNED_RUN, NULL);

  self->scenario = scenario;
  self->values = g_memdup2 (values, sizeof (double) * (gsize)MAX (scenario->n_params, 1));
  self->style = style % SS_PINNED_RUN_N_STYLES;
  self->name = ss_pinned_run_describe (scenario, values, NULL);
  return self;
}

const double *
ss_pinned_run_get_values (SsPinnedRun *self)
{
  return self->values;
}

const char *
ss_pinned_run_get_name (SsPinnedRun *self)
{
  return self->name;
}

/* The user's name for the run; NULL or blank gives it back its automatic
 * name at the next ss_pinned_run_set_auto_name(). */
void
ss_pinned_run_set_name (SsPinnedRun *self, const char *name)
{
  g_autofree char *stripped = g_strstrip (g_strdup (name != NULL ? name : ""));

  g_return_if_fail (SS_IS_PINNED_RUN (self));

  self->renamed = stripped[0] != '\0';
  if (!self->renamed || g_strcmp0 (self->name, stripped) == 0)
    return;
  g_free (self->name);
  self->name = g_steal_pointer (&stripped);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

gboolean
ss_pinned_run_get_renamed (SsPinnedRun *self)
{
  return self->renamed;
}

/* The automatic name (what differs from the current run); kept aside
 * while the user's name stands. */
void
ss_pinned_run_set_auto_name (SsPinnedRun *self, const char *name)
{
  g_return_if_fail (SS_IS_PINNED_RUN (self));

  if (self->renamed || g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

guint
ss_pinned_run_get_style (SsPinnedRun *self)
{
  return self->style;
}

gboolean
ss_pinned_run_get_visible (SsPinnedRun *self)
{
  return self->visible;
}

void
ss_pinned_run_set_visible (SsPinnedRun *self, gboolean visible)
{
  g_return_if_fail (SS_IS_PINNED_RUN (self));

  if (self->visible == !!visible)
    return;
  self->visible = !!visible;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE]);
}

SsPinnedRunState
ss_pinned_run_get_state (SsPinnedRun *self)
{
  return self->state;
}

const char *
ss_pinned_run_get_error (SsPinnedRun *self)
{
  return self->error;
}

/* The whole run once computed, NULL before (and after a failure). */
SsDataset *
ss_pinned_run_get_dataset (SsPinnedRun *self)
{
  return self->dataset;
}

/* For SsRunList: a computation's outcome (COMPUTING again before a
 * recompute: the previous data stays until the new one is there). */
void
ss_pinned_run_set_result (SsPinnedRun *self, SsPinnedRunState state, SsDataset *dataset, const char *error)
{
  g_return_if_fail (SS_IS_PINNED_RUN (self));

  if (state != SS_PINNED_RUN_COMPUTING)
    g_set_object (&self->dataset, dataset);
  g_free (self->error);
  self->error = g_strdup (error);
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}
