/* ss-study-table.c
 *
 * A copy of what the drawing needs from an ss_study (it may be freed or
 * run in a worker meanwhile) and the rows as they arrive.  Main thread
 * only: the study dialog copies each finished row from the pool's threads
 * and sets it here from an idle. */
#define G_LOG_DOMAIN "ss-study-table"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include <stickslip/metrics.h>
#include "ss-model-strings.h"
#include "ss-plot-stack-labels.h"
#include "ss-study-table.h"
#include "ss-units.h"

typedef struct
{
  int         param;  /* index in the scenario's table */
  int         n;      /* points */
  double     *points; /* n values, the variants' own (rounded as they ran) */
  SsAxisScale scale;
  char       *label; /* translated, with the symbol: "Spring stiffness k" */
  char       *unit;
} Axis;

typedef struct
{
  char *spec;  /* as given to the library */
  char *label; /* translated */
  char *unit;
} Outcome;

struct _SsStudyTable
{
  GObject parent_instance;

  int              n_axes;
  Axis             axes[SS_STUDY_MAX_AXES];
  int              n_outcomes;
  Outcome         *outcomes;
  int              n_variants;
  SsStudyRowState *states;   /* n_variants */
  double          *values;   /* n_variants * n_outcomes, NaN: none */
  char           **statuses; /* n_variants: the failure's reason, or NULL */
  guint            revision;
  double          *ranges; /* n_outcomes (lo, hi) pairs, kept while range_ok (drawing asks per variant) */
  gboolean         range_ok;
};

G_DEFINE_FINAL_TYPE (SsStudyTable, ss_study_table, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ss_study_table_finalize (GObject *object)
{
  SsStudyTable *self = (SsStudyTable *)object;

  for (int i = 0; i < self->n_axes; i++)
    {
      g_free (self->axes[i].points);
      g_free (self->axes[i].label);
      g_free (self->axes[i].unit);
    }
  for (int i = 0; i < self->n_outcomes; i++)
    {
      g_free (self->outcomes[i].spec);
      g_free (self->outcomes[i].label);
      g_free (self->outcomes[i].unit);
    }
  g_free (self->outcomes);
  for (int v = 0; v < self->n_variants; v++)
    g_free (self->statuses[v]);
  g_free (self->statuses);
  g_free (self->states);
  g_free (self->values);
  g_free (self->ranges);

  G_OBJECT_CLASS (ss_study_table_parent_class)->finalize (object);
}

static void
ss_study_table_class_init (SsStudyTableClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_study_table_finalize;

  /* rows were set (once per batch) */
  signals[CHANGED] =
      g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ss_study_table_init (SsStudyTable *self)
{
  (void)self;
}

/* The label of a metric kind, translated (metrics.h's labels are English). */
static const char *
metric_kind_label (ss_metric_kind kind)
{
  switch (kind)
    {
    case SS_METRIC_PERIOD:
      return _("Period");
    case SS_METRIC_AMPLITUDE:
      return _("Amplitude");
    case SS_METRIC_ENERGY_DISSIPATED:
      return _("Dissipated energy");
    case SS_METRIC_FIRST_SLIP:
      return _("First slip");
    case SS_METRIC_STICK_PHASES:
      return _("Stick phases");
    case SS_METRIC_STICK_TIME:
      return _("Stick time");
    case SS_METRIC_LONGEST_STICK:
      return _("Longest stick");
    case SS_METRIC_MAX_RATIO:
      return _("Largest friction ratio");
    default:
      return ss_metric_kind_label (kind);
    }
}

char *
ss_study_outcome_label (const ss_model *model, const char *spec)
{
  static const struct
  {
    const char *prefix;
    const char *format;
  } forms[] = {
    /* Translators: a study's outcome, %s is a signal ("spring: force F") */
    { "max:", N_("Maximum of %s") },
      /* Translators: a study's outcome, %s is a signal */
      { "min:", N_("Minimum of %s") },
        /* Translators: a study's outcome, %s is a signal */
        { "final:", N_("Final value of %s") },
          /* Translators: a study's outcome, %s is a signal */
          { "amp:", N_("Amplitude of %s") },
        };
  const char *column = NULL;
  int         index;

  if (model == NULL)
    return g_strdup (spec);
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    if (g_str_has_prefix (spec, forms[i].prefix))
      {
        column = spec + strlen (forms[i].prefix);
        index = ss_model_column_find (model, column);
        if (index >= 0)
          {
            g_autofree char *label = ss_plot_stack_column_label (model, index);

            return g_strdup_printf (_(forms[i].format), label);
          }
        return g_strdup (spec);
      }
  if (g_str_has_prefix (spec, "at:"))
    {
      const char *colon = strchr (spec + 3, ':');
      double      t = g_ascii_strtod (spec + 3, NULL);

      index = colon != NULL ? ss_model_column_find (model, colon + 1) : -1;
      if (index >= 0)
        {
          g_autofree char *label = ss_plot_stack_column_label (model, index);
          g_autofree char *time = ss_format_quantity (t, "s");

          /* Translators: a study's outcome: a signal's value at a time, e.g.
           * "spring: force F at 2.5 s" */
          return g_strdup_printf (_("%s at %s"), label, time);
        }
      return g_strdup (spec);
    }
  index = ss_metrics_find (model, spec);
  if (index >= 0)
    {
      ss_metric_desc desc;

      ss_metrics_describe (model, index, &desc);
      if (desc.contact >= 0)
        {
          g_autofree char *contact = ss_plot_stack_contact_label (model, desc.contact);

          /* Translators: a per-contact metric, e.g. "slider 1: First slip" */
          return g_strdup_printf (_("%s: %s"), contact, metric_kind_label (desc.kind));
        }
      return g_strdup (metric_kind_label (desc.kind));
    }
  return g_strdup (spec);
}

/* A model of the study's base values for the labels; NULL when they build
 * none (the variants may still). */
static ss_model *
label_model (const ss_study *study)
{
  const ss_scenario *sc = ss_study_scenario (study);
  g_autofree double *values = g_memdup2 (ss_study_base_values (study), sizeof (double) * (sc->n_params + 1));
  ss_model          *m;

  m = sc->create (sc, values, NULL);
  for (int v = 0; m == NULL && v < MIN (ss_study_n_variants (study), 64); v++)
    {
      double point[SS_STUDY_MAX_AXES];

      ss_study_variant_point (study, v, point);
      for (int i = 0; i < ss_study_n_axes (study); i++)
        values[ss_study_axis_get (study, i)->param] = point[i];
      m = sc->create (sc, values, NULL);
    }
  return m;
}

SsStudyTable *
ss_study_table_new (const ss_study *study)
{
  SsStudyTable      *self = g_object_new (SS_TYPE_STUDY_TABLE, NULL);
  const ss_scenario *sc = ss_study_scenario (study);
  ss_model          *m = label_model (study);

  self->n_axes = ss_study_n_axes (study);
  for (int i = 0; i < self->n_axes; i++)
    {
      const ss_study_axis *a = ss_study_axis_get (study, i);
      Axis                *axis = &self->axes[i];

      axis->param = a->param;
      axis->n = a->n;
      axis->scale = a->scale == SS_STUDY_LOG ? SS_AXIS_SCALE_LOG : SS_AXIS_SCALE_LINEAR;
      axis->points = g_new (double, a->n);
      for (int k = 0; k < a->n; k++)
        axis->points[k] = ss_study_axis_value (study, i, k);
      axis->label = g_strdup (ss_i18n_model_text (sc->params[a->param].label));
      axis->unit = g_strdup (sc->params[a->param].unit);
    }
  self->n_outcomes = ss_study_n_outcomes (study);
  self->outcomes = g_new0 (Outcome, MAX (self->n_outcomes, 1));
  for (int i = 0; i < self->n_outcomes; i++)
    {
      self->outcomes[i].spec = g_strdup (ss_study_outcome_spec (study, i));
      self->outcomes[i].label = ss_study_outcome_label (m, self->outcomes[i].spec);
      self->outcomes[i].unit = g_strdup (ss_study_outcome_unit (study, i));
    }
  ss_model_free (m);
  self->n_variants = ss_study_n_variants (study);
  self->states = g_new0 (SsStudyRowState, self->n_variants);
  self->statuses = g_new0 (char *, self->n_variants);
  self->values = g_new (double, (gsize)self->n_variants *MAX (self->n_outcomes, 1));
  self->ranges = g_new (double, 2 * MAX (self->n_outcomes, 1));
  for (gsize i = 0; i < (gsize)self->n_variants * MAX (self->n_outcomes, 1); i++)
    self->values[i] = NAN;
  return self;
}

int
ss_study_table_get_n_axes (SsStudyTable *self)
{
  return self->n_axes;
}

int
ss_study_table_get_n_outcomes (SsStudyTable *self)
{
  return self->n_outcomes;
}

int
ss_study_table_get_n_variants (SsStudyTable *self)
{
  return self->n_variants;
}

int
ss_study_table_get_axis_n (SsStudyTable *self, int axis)
{
  return self->axes[axis].n;
}

int
ss_study_table_get_axis_param (SsStudyTable *self, int axis)
{
  return self->axes[axis].param;
}

double
ss_study_table_get_axis_point (SsStudyTable *self, int axis, int k)
{
  return self->axes[axis].points[k];
}

SsAxisScale
ss_study_table_get_axis_scale (SsStudyTable *self, int axis)
{
  return self->axes[axis].scale;
}

const char *
ss_study_table_get_axis_label (SsStudyTable *self, int axis)
{
  return self->axes[axis].label;
}

const char *
ss_study_table_get_axis_unit (SsStudyTable *self, int axis)
{
  return self->axes[axis].unit;
}

/* Half-way to a neighbour in the axis's scale (the geometric mean on a log
 * axis). */
static double
midpoint (const Axis *axis, double a, double b)
{
  if (axis->scale == SS_AXIS_SCALE_LOG && a > 0 && b > 0)
    return sqrt (a * b);
  return 0.5 * (a + b);
}

/* The cell of point k along an axis: half-way to each neighbour, as far out
 * at the ends; a lone point gets ±10 % (a factor 1.25 on a log axis). */
void
ss_study_table_get_axis_edges (SsStudyTable *self, int axis, int k, double *lower, double *upper)
{
  const Axis *a = &self->axes[axis];
  double      v = a->points[k];

  if (a->n == 1)
    {
      double d = v != 0 ? 0.1 * fabs (v) : 0.5;

      *lower = a->scale == SS_AXIS_SCALE_LOG && v > 0 ? v / 1.25 : v - d;
      *upper = a->scale == SS_AXIS_SCALE_LOG && v > 0 ? v * 1.25 : v + d;
      return;
    }
  *lower = k > 0 ? midpoint (a, a->points[k - 1], v)
                 : (a->scale == SS_AXIS_SCALE_LOG && v > 0 ? v * v / midpoint (a, v, a->points[1])
                                                           : 2 * v - midpoint (a, v, a->points[1]));
  *upper = k + 1 < a->n ? midpoint (a, v, a->points[k + 1])
                        : (a->scale == SS_AXIS_SCALE_LOG && v > 0 ? v * v / midpoint (a, a->points[k - 1], v)
                                                                  : 2 * v - midpoint (a, a->points[k - 1], v));
  /* a descending axis: lower below upper all the same */
  if (*lower > *upper)
    {
      double t = *lower;

      *lower = *upper;
      *upper = t;
    }
}

/* The variant's point along @axis, as an index (the first axis slowest). */
int
ss_study_table_get_point_index (SsStudyTable *self, int variant, int axis)
{
  for (int i = self->n_axes - 1; i > axis; i--)
    variant /= self->axes[i].n;
  return variant % self->axes[axis].n;
}

double
ss_study_table_get_variant_point (SsStudyTable *self, int variant, int axis)
{
  return self->axes[axis].points[ss_study_table_get_point_index (self, variant, axis)];
}

const char *
ss_study_table_get_outcome_label (SsStudyTable *self, int outcome)
{
  return self->outcomes[outcome].label;
}

const char *
ss_study_table_get_outcome_unit (SsStudyTable *self, int outcome)
{
  return self->outcomes[outcome].unit;
}

/* A finished variant (its values NaN where there is none; status NULL when
 * it ran, "cancelled" when a cancel stopped it, else why it failed).  Call
 * ss_study_table_rows_changed after a batch. */
void
ss_study_table_set_row (SsStudyTable *self, int variant, const double *values, const char *status)
{
  g_return_if_fail (variant >= 0 && variant < self->n_variants);

  if (status == NULL)
    self->states[variant] = SS_STUDY_ROW_DONE;
  else if (g_str_equal (status, "cancelled"))
    self->states[variant] = SS_STUDY_ROW_CANCELLED;
  else
    self->states[variant] = SS_STUDY_ROW_FAILED;
  g_free (self->statuses[variant]);
  self->statuses[variant] = g_strdup (status);
  self->range_ok = FALSE;
  for (int i = 0; i < self->n_outcomes; i++)
    self->values[(gsize)variant * self->n_outcomes + i] = self->states[variant] == SS_STUDY_ROW_DONE ? values[i] : NAN;
}

void
ss_study_table_rows_changed (SsStudyTable *self)
{
  self->revision++;
  g_signal_emit (self, signals[CHANGED], 0);
}

SsStudyRowState
ss_study_table_get_state (SsStudyTable *self, int variant)
{
  g_return_val_if_fail (variant >= 0 && variant < self->n_variants, SS_STUDY_ROW_PENDING);
  return self->states[variant];
}

/* NaN unless the variant is done and the outcome has a value. */
double
ss_study_table_get_value (SsStudyTable *self, int variant, int outcome)
{
  g_return_val_if_fail (variant >= 0 && variant < self->n_variants, NAN);
  return self->values[(gsize)variant * self->n_outcomes + outcome];
}

const char *
ss_study_table_get_status (SsStudyTable *self, int variant)
{
  g_return_val_if_fail (variant >= 0 && variant < self->n_variants, NULL);
  return self->statuses[variant];
}

/* The outcome's values over the finished variants; FALSE with none. */
gboolean
ss_study_table_get_range (SsStudyTable *self, int outcome, double *min, double *max)
{
  double lo, hi;

  g_return_val_if_fail (outcome >= 0 && outcome < self->n_outcomes, FALSE);

  if (!self->range_ok)
    {
      for (int o = 0; o < self->n_outcomes; o++)
        {
          self->ranges[2 * o] = INFINITY;
          self->ranges[2 * o + 1] = -INFINITY;
        }
      for (int v = 0; v < self->n_variants; v++)
        for (int o = 0; o < self->n_outcomes; o++)
          {
            double x = self->values[(gsize)v * self->n_outcomes + o];

            if (isfinite (x))
              {
                self->ranges[2 * o] = MIN (self->ranges[2 * o], x);
                self->ranges[2 * o + 1] = MAX (self->ranges[2 * o + 1], x);
              }
          }
      self->range_ok = TRUE;
    }
  lo = self->ranges[2 * outcome];
  hi = self->ranges[2 * outcome + 1];
  if (!(lo <= hi))
    return FALSE;
  *min = lo;
  *max = hi;
  return TRUE;
}

int
ss_study_table_count (SsStudyTable *self, SsStudyRowState state)
{
  int n = 0;

  for (int v = 0; v < self->n_variants; v++)
    n += self->states[v] == state;
  return n;
}

/* Variants that ran but have no value for @outcome. */
int
ss_study_table_count_no_value (SsStudyTable *self, int outcome)
{
  int n = 0;

  for (int v = 0; v < self->n_variants; v++)
    n += self->states[v] == SS_STUDY_ROW_DONE && !isfinite (self->values[(gsize)v * self->n_outcomes + outcome]);
  return n;
}

/* Grows with every batch of rows. */
guint
ss_study_table_get_revision (SsStudyTable *self)
{
  return self->revision;
}

/* The texts of a value and of a variant's point are the screen's ("−"
 * the minus); the exports write the study's numbers themselves. */
char *
ss_study_table_format_value (SsStudyTable *self, int outcome, double value)
{
  if (!isfinite (value))
    return g_strdup (_("no value"));
  return ss_format_screen_quantity (value, self->outcomes[outcome].unit);
}

/* "Spring stiffness k = 125 N/m, …" for a variant. */
char *
ss_study_table_format_point (SsStudyTable *self, int variant)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < self->n_axes; i++)
    {
      g_autofree char *value =
          ss_format_screen_quantity (ss_study_table_get_variant_point (self, variant, i), self->axes[i].unit);

      if (i > 0)
        g_string_append (s, ", ");
      /* Translators: a parameter and its value, e.g. "Spring stiffness k = 125 N/m" */
      g_string_append_printf (s, _("%s = %s"), self->axes[i].label, value);
    }
  return g_string_free (s, FALSE);
}
