/* ss-metrics-panel.c - rows follow the first run's model (the library's
 * order: period, amplitude, dissipated energy, then five per contact);
 * another run's value is the metric of the same name in its own model, so
 * runs of another level or law line up by contact.  Each run's metrics
 * are computed once, when it is first given. */
#define G_LOG_DOMAIN "ss-metrics-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "metrics.h"
#include "ss-metrics-panel.h"
#include "ss-units.h"

/* ---- one metric as a list item ---------------------------------------- */

#define SS_TYPE_METRIC_ROW (ss_metric_row_get_type ())

G_DECLARE_FINAL_TYPE (SsMetricRow, ss_metric_row, SS, METRIC_ROW, GObject)

struct _SsMetricRow
{
  GObject parent_instance;
  char   *name;   /* as `run --metrics` and `sweep --metric` call it */
  char   *label;  /* translated */
  char   *unit;   /* SI, "" for counts and ratios */
  GArray *values; /* double per run; NaN: undetermined */
};

G_DEFINE_FINAL_TYPE (SsMetricRow, ss_metric_row, G_TYPE_OBJECT)

static void
ss_metric_row_finalize (GObject *object)
{
  SsMetricRow *self = SS_METRIC_ROW (object);

  g_free (self->name);
  g_free (self->label);
  g_free (self->unit);
  g_array_unref (self->values);
  G_OBJECT_CLASS (ss_metric_row_parent_class)->finalize (object);
}

static void
ss_metric_row_class_init (SsMetricRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_metric_row_finalize;
}

static void
ss_metric_row_init (SsMetricRow *self)
{
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
}

static double
row_value (SsMetricRow *row, guint run)
{
  return run < row->values->len ? g_array_index (row->values, double, run) : NAN;
}

/* ---- the panel ------------------------------------------------------------ */

typedef struct
{
  SsDataset  *dataset;
  ss_metrics *metrics; /* NULL: out of memory */
} Run;

struct _SsMetricsPanel
{
  GtkWidget parent_instance;

  /* template */
  GtkColumnView *view;
  GtkButton     *copy_button;

  GListStore        *store; /* SsMetricRow */
  GtkMultiSelection *selection;
  GArray            *runs;  /* Run */
  GPtrArray         *names; /* char *, per run */
};

G_DEFINE_FINAL_TYPE (SsMetricsPanel, ss_metrics_panel, GTK_TYPE_WIDGET)

static void
clear_run (gpointer data)
{
  Run *run = data;

  g_clear_object (&run->dataset);
  g_clear_pointer (&run->metrics, ss_metrics_free);
}

/* What the panel calls each metric; per contact @contact names it. */
static char *
metric_label (const ss_metric_desc *d, const ss_model *m, const ss_metrics *mt)
{
  const char *contact = d->contact >= 0 ? ss_model_contact_name (m, d->contact) : NULL;

  switch (d->kind)
    {
    case SS_METRIC_PERIOD:
      /* Translators: run metric: the period of the limit cycle */
      return g_strdup (_("Period"));
    case SS_METRIC_AMPLITUDE:
      if (mt != NULL && mt->amplitude_column >= 0)
        /* Translators: run metric: half the peak-to-peak of a velocity column (%s) over the last period */
        return g_strdup_printf (_("Amplitude of %s"), ss_model_column (m, mt->amplitude_column)->name);
      /* Translators: run metric: half the peak-to-peak of the first velocity over the last period */
      return g_strdup (_("Amplitude"));
    case SS_METRIC_ENERGY_DISSIPATED:
      /* Translators: run metric */
      return g_strdup (_("Dissipated energy"));
    case SS_METRIC_FIRST_SLIP:
      /* Translators: run metric of contact %s: the first time it slides */
      return g_strdup_printf (_("%s: first slip"), contact);
    case SS_METRIC_STICK_PHASES:
      /* Translators: run metric of contact %s: how many times it sticks */
      return g_strdup_printf (_("%s: stick phases"), contact);
    case SS_METRIC_STICK_TIME:
      /* Translators: run metric of contact %s: the total time it is stuck */
      return g_strdup_printf (_("%s: time stuck"), contact);
    case SS_METRIC_LONGEST_STICK:
      /* Translators: run metric of contact %s: its longest stick phase */
      return g_strdup_printf (_("%s: longest stick"), contact);
    case SS_METRIC_MAX_RATIO:
      /* Translators: run metric of contact %s: the largest friction to normal force ratio */
      return g_strdup_printf (_("%s: largest |F|/N"), contact);
    }
  return g_strdup (d->name);
}

static char *
format_value (double v, const char *unit)
{
  (void)unit;
  if (isnan (v))
    return g_strdup ("—");
  return ss_format_number (v);
}

/* ---- columns ------------------------------------------------------------- */

#define COLUMN_LABEL -2
#define COLUMN_UNIT  -1

static void
setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  (void)factory;
  gtk_label_set_xalign (GTK_LABEL (label), GPOINTER_TO_INT (data) >= 0 ? 1.0f : 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (GPOINTER_TO_INT (data) >= 0)
    gtk_widget_add_css_class (label, "numeric");
  if (GPOINTER_TO_INT (data) == COLUMN_UNIT)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  SsMetricRow     *row = gtk_list_item_get_item (item);
  GtkLabel        *label = GTK_LABEL (gtk_list_item_get_child (item));
  int              column = GPOINTER_TO_INT (data);
  g_autofree char *text = NULL;

  (void)factory;
  if (column == COLUMN_LABEL)
    {
      gtk_label_set_text (label, row->label);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), row->name);
      return;
    }
  if (column == COLUMN_UNIT)
    {
      gtk_label_set_text (label, row->unit);
      return;
    }
  text = format_value (row_value (row, (guint)column), row->unit);
  gtk_label_set_text (label, text);
}

static GtkColumnViewColumn *
new_column (const char *title, int column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GINT_TO_POINTER (column));
  return gtk_column_view_column_new (title, factory);
}

/* One value column per run, titled by its name. */
static void
set_run_columns (SsMetricsPanel *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);

  while (g_list_model_get_n_items (columns) > 2)
    {
      g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (columns, 2);

      gtk_column_view_remove_column (self->view, col);
    }
  for (guint i = 0; i < self->runs->len; i++)
    {
      g_autoptr(GtkColumnViewColumn) col = new_column (g_ptr_array_index (self->names, i), (int)i);

      gtk_column_view_append_column (self->view, col);
    }
}

/* ---- copy ----------------------------------------------------------------- */

/* Tab-separated: a header (metric, unit, the runs' names) and the rows (all,
 * or those selected when @selected_only and any is); numbers as the CLI
 * writes them, an empty field where undetermined. */
char *
ss_metrics_panel_dup_text (SsMetricsPanel *self, gboolean selected_only)
{
  GString *s = g_string_new (NULL);
  guint    n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));

  if (gtk_bitset_is_empty (selected))
    selected_only = FALSE;
  /* Translators: header of the copied metrics table */
  g_string_append_printf (s, "%s\t%s", _("Metric"), _("Unit"));
  for (guint r = 0; r < self->names->len; r++)
    g_string_append_printf (s, "\t%s", (const char *)g_ptr_array_index (self->names, r));
  g_string_append_c (s, '\n');
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(SsMetricRow) row = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      if (selected_only && !gtk_bitset_contains (selected, i))
        continue;
      g_string_append_printf (s, "%s\t%s", row->label, row->unit);
      for (guint r = 0; r < self->runs->len; r++)
        {
          char num[G_ASCII_DTOSTR_BUF_SIZE];

          ss_number_format (row_value (row, r), num, sizeof num);
          g_string_append_printf (s, "\t%s", num);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* The whole table to the clipboard. */
void
ss_metrics_panel_copy (SsMetricsPanel *self)
{
  g_autofree char *text = ss_metrics_panel_dup_text (self, FALSE);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static gboolean
copy_selection_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  SsMetricsPanel  *self = SS_METRICS_PANEL (data);
  g_autofree char *text = ss_metrics_panel_dup_text (self, TRUE);

  (void)widget;
  (void)args;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  return TRUE;
}

/* ---- lifecycle ----------------------------------------------------------- */

static void
ss_metrics_panel_dispose (GObject *object)
{
  SsMetricsPanel *self = SS_METRICS_PANEL (object);
  GtkWidget      *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), SS_TYPE_METRICS_PANEL);
  /* the template's top box has no name to be cleared by */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_pointer (&self->runs, g_array_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);

  G_OBJECT_CLASS (ss_metrics_panel_parent_class)->dispose (object);
}

static void
ss_metrics_panel_class_init (SsMetricsPanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_metrics_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stickslip/Lab/ui/ss-metrics-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, SsMetricsPanel, view);
  gtk_widget_class_bind_template_child (widget_class, SsMetricsPanel, copy_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ss_metrics_panel_init (SsMetricsPanel *self)
{
  GtkEventController *shortcuts;
  g_autoptr(GtkColumnViewColumn) label = NULL;
  g_autoptr(GtkColumnViewColumn) unit = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->runs = g_array_new (FALSE, TRUE, sizeof (Run));
  g_array_set_clear_func (self->runs, clear_run);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->store = g_list_store_new (SS_TYPE_METRIC_ROW);
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->store)));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));

  /* Translators: column of the metrics table */
  label = new_column (_("Metric"), COLUMN_LABEL);
  gtk_column_view_column_set_expand (label, TRUE);
  gtk_column_view_append_column (self->view, label);
  /* Translators: column of the metrics table */
  unit = new_column (_("Unit"), COLUMN_UNIT);
  gtk_column_view_append_column (self->view, unit);

  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>c"),
                                                          gtk_callback_action_new (copy_selection_cb, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->view), shortcuts);
  g_signal_connect_swapped (self->copy_button, "clicked", G_CALLBACK (ss_metrics_panel_copy), self);
}

GtkWidget *
ss_metrics_panel_new (void)
{
  return g_object_new (SS_TYPE_METRICS_PANEL, NULL);
}

static ss_metrics *
compute_metrics (SsDataset *dataset)
{
  ss_trace   *tr = ss_dataset_to_trace (dataset);
  ss_metrics *mt = tr ? ss_metrics_compute (ss_dataset_get_model (dataset), tr) : NULL;

  ss_trace_free (tr);
  return mt;
}

/* Shows the metrics of @datasets (SsDataset, finished runs; NULL or empty:
 * none), column i titled @names[i].  A run given before keeps its
 * metrics: only new runs are measured. */
void
ss_metrics_panel_set_runs (SsMetricsPanel *self, GPtrArray *datasets, const char *const *names)
{
  g_autoptr(GArray) runs = g_array_new (FALSE, TRUE, sizeof (Run));
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint           n = datasets ? datasets->len : 0;
  const ss_model *first;
  ss_metric_desc  d;

  g_return_if_fail (SS_IS_METRICS_PANEL (self));

  g_array_set_clear_func (runs, clear_run);
  for (guint i = 0; i < n; i++)
    {
      SsDataset *ds = g_ptr_array_index (datasets, i);
      Run        run = { g_object_ref (ds), NULL };

      for (guint k = 0; k < self->runs->len && run.metrics == NULL; k++)
        {
          Run *old = &g_array_index (self->runs, Run, k);

          if (old->dataset == ds)
            run.metrics = g_steal_pointer (&old->metrics);
        }
      if (run.metrics == NULL)
        run.metrics = compute_metrics (ds);
      g_array_append_val (runs, run);
    }
  g_array_set_size (self->runs, 0);
  g_array_append_vals (self->runs, runs->data, runs->len);
  /* the runs moved, without their references */
  g_array_set_clear_func (runs, NULL);
  g_ptr_array_set_size (self->names, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->names, g_strdup (names[i]));

  first = n > 0 ? ss_dataset_get_model (g_ptr_array_index (datasets, 0)) : NULL;
  for (int i = 0; first != NULL && ss_metrics_describe (first, i, &d); i++)
    {
      SsMetricRow *row = g_object_new (SS_TYPE_METRIC_ROW, NULL);

      row->name = g_strdup (d.name);
      row->label = metric_label (&d, first, g_array_index (self->runs, Run, 0).metrics);
      row->unit = g_strdup (d.unit);
      for (guint r = 0; r < n; r++)
        {
          Run            *run = &g_array_index (self->runs, Run, r);
          const ss_model *m = ss_dataset_get_model (run->dataset);
          int             k = ss_metrics_find (m, d.name);
          double          v = k >= 0 && run->metrics != NULL ? ss_metrics_value (run->metrics, k) : NAN;

          g_array_append_val (row->values, v);
        }
      g_ptr_array_add (rows, row);
    }
  set_run_columns (self);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), rows->pdata, rows->len);
}

guint
ss_metrics_panel_get_n_runs (SsMetricsPanel *self)
{
  return self->runs->len;
}

guint
ss_metrics_panel_get_n_rows (SsMetricsPanel *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

const char *
ss_metrics_panel_get_name (SsMetricsPanel *self, guint row)
{
  g_autoptr(SsMetricRow) item = g_list_model_get_item (G_LIST_MODEL (self->store), row);

  /* the store keeps the row */
  return item != NULL ? item->name : NULL;
}

double
ss_metrics_panel_get_value (SsMetricsPanel *self, guint row, guint run)
{
  g_autoptr(SsMetricRow) item = g_list_model_get_item (G_LIST_MODEL (self->store), row);

  return item != NULL ? row_value (item, run) : NAN;
}
