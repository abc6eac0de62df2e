/* ss-study-dialog-run.c - a study's run in the background and its
 * hand-over to the main thread, apart from the window's widgets because
 * it is the one part that other threads touch.
 *
 * Run builds the ss_study from the editor and runs it in a worker (GTask)
 * that calls ss_study_run, which spreads the variants over a GThreadPool
 * of one thread per core.  Worker -> UI: the library calls on_progress
 * from the pool's threads, one call at a time; it copies the row under the
 * run's mutex and queues at most one idle (below the redraw's priority),
 * which sets the batch into the SsStudyTable the layers draw from.  A run
 * belongs to one generation: rows of a run that was replaced or whose
 * dialog went away are dropped.  Cancel sets the library's flag; the
 * variants finished stay, shown and exportable.  The progress bar says how
 * many ran, how many failed and the time left. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "ss-memory-budget.h"
#include "ss-study-dialog-private.h"

static StudyRun *
study_run_ref (StudyRun *run)
{
  return g_atomic_rc_box_acquire (run);
}

static void
study_run_clear (StudyRun *run)
{
  g_mutex_clear (&run->lock);
  g_array_unref (run->pending_rows);
  g_array_unref (run->pending_values);
  g_ptr_array_unref (run->pending_status);
  ss_study_result_free (run->result);
  ss_study_free (run->study);
  free (run->error);
}

void
_ss_study_dialog_run_unref (gpointer run)
{
  g_atomic_rc_box_release_full (run, (GDestroyNotify)study_run_clear);
}

/* "12 s", "3 min 05 s" */
static char *
format_duration (double seconds)
{
  if (seconds < 10)
    return g_strdup_printf (_("%.1f s"), seconds);
  if (seconds < 60)
    return g_strdup_printf (_("%.0f s"), seconds);
  return g_strdup_printf (_("%d min %02d s"), (int)(seconds / 60), (int)fmod (seconds, 60));
}

void
_ss_study_dialog_set_progress_text (SsStudyDialog *self, double fraction, const char *bar, const char *label)
{
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  gtk_progress_bar_set_text (self->progress_bar, bar);
  gtk_label_set_text (self->progress_label, label);
}

/* "12 of 26 variants, 2 failed · about 3 s left" */
static void
update_progress (SsStudyDialog *self, StudyRun *run, int done)
{
  double           elapsed = (g_get_monotonic_time () - run->start) / 1e6;
  int              failed = self->table != NULL ? ss_study_table_count (self->table, SS_STUDY_ROW_FAILED) : 0;
  g_autofree char *bar = g_strdup_printf (_("%d of %d variants"), done, run->total);
  g_autofree char *label = NULL;

  if (done == 0)
    label = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "Running on %d thread…", "Running on %d threads…", run->jobs), run->jobs);
  else
    {
      /* the mean variant's time over the threads, times the variants left */
      g_autofree char *left = format_duration (elapsed / done * (run->total - done));
      g_autofree char *failures =
          g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d failed", "%d failed", failed), failed);

      /* Translators: progress of a study: failures · time left */
      label = g_strdup_printf (_("%s · about %s left"), failures, left);
    }
  _ss_study_dialog_set_progress_text (self, run->total > 0 ? (double)done / run->total : 1.0, bar, label);
}

/* The rows that arrived since the last batch into the table (main thread). */
static void
flush (StudyRun *run)
{
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) values = NULL;
  g_autoptr(GPtrArray) statuses = NULL;
  SsStudyDialog *self = run->dialog;
  int            done;

  g_mutex_lock (&run->lock);
  rows = g_steal_pointer (&run->pending_rows);
  values = g_steal_pointer (&run->pending_values);
  statuses = g_steal_pointer (&run->pending_status);
  run->pending_rows = g_array_new (FALSE, FALSE, sizeof (int));
  run->pending_values = g_array_new (FALSE, FALSE, sizeof (double));
  run->pending_status = g_ptr_array_new_with_free_func (g_free);
  run->idle_id = 0;
  done = run->done;
  g_mutex_unlock (&run->lock);

  /* a replaced run, or a dialog gone: its rows are not shown */
  if (self == NULL || self->run != run || self->table == NULL)
    return;
  for (guint i = 0; i < rows->len; i++)
    ss_study_table_set_row (self->table, g_array_index (rows, int, i),
                            &g_array_index (values, double, (gsize)i * run->n_outcomes),
                            g_ptr_array_index (statuses, i));
  if (rows->len > 0)
    ss_study_table_rows_changed (self->table);
  if (!run->finished)
    update_progress (self, run, done);
}

static gboolean
flush_idle (gpointer data)
{
  flush (data);
  return G_SOURCE_REMOVE;
}

/* From the pool's threads, one call at a time: copy, and at most one idle. */
static void
on_progress (void *user, const ss_study_report *report)
{
  StudyRun *run = user;

  g_mutex_lock (&run->lock);
  g_array_append_val (run->pending_rows, report->variant);
  g_array_append_vals (run->pending_values, report->values, run->n_outcomes);
  g_ptr_array_add (run->pending_status, g_strdup (report->status));
  run->done = report->done;
  /* below GTK's redraw: frames go first */
  if (run->idle_id == 0)
    run->idle_id =
        g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, flush_idle, study_run_ref (run), _ss_study_dialog_run_unref);
  g_mutex_unlock (&run->lock);
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  StudyRun     *run = data;
  ss_study_exec ex = { .jobs = run->jobs, .progress = on_progress, .user = run, .cancel = &run->cancel };

  (void)source;
  (void)cancellable;
  run->result = ss_study_run (run->study, &ex, &run->error);
  g_task_return_boolean (task, TRUE);
}

static void
run_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  StudyRun      *run = data;
  SsStudyDialog *self = run->dialog;

  (void)source;
  (void)result;
  run->end = g_get_monotonic_time ();
  if (self != NULL && self->run == run)
    {
      flush (run);
      run->finished = TRUE;
      if (run->result == NULL)
        {
          gtk_label_set_text (self->error_label, run->error ? run->error : _("The study could not run"));
          gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
          _ss_study_dialog_set_progress_text (self, 0, "", "");
        }
      else
        {
          g_autofree char *bar = NULL;
          g_autofree char *label = NULL;
          g_autofree char *took = format_duration ((run->end - run->start) / 1e6);
          int              done = run->result->n_rows - ss_study_table_count (self->table, SS_STUDY_ROW_CANCELLED);

          if (run->result->cancelled)
            {
              bar = g_strdup_printf (_("Cancelled: %d of %d variants"), done, run->total);
              label = g_strdup_printf (_("The finished variants stay in the table and the plot (%s)."), took);
            }
          else
            {
              bar = g_strdup_printf (_("%d variants"), run->total);
              label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Done in %s on %d thread, %d failed",
                                                    "Done in %s on %d threads, %d failed", run->jobs),
                                       took, run->jobs, run->result->n_failed);
            }
          _ss_study_dialog_set_progress_text (self, run->total > 0 ? (double)done / run->total : 1.0, bar, label);
        }
      _ss_study_dialog_update_actions (self);
    }
  else
    run->finished = TRUE;
  _ss_study_dialog_run_unref (run);
}

/* Builds the study from the editor and runs it in the background; FALSE
 * and *error (also shown under the editor) when the editor holds an
 * invalid value. */
/* The bytes the study under way keeps at least: a run per job. */
gsize
_ss_study_dialog_pending_bytes (SsStudyDialog *self)
{
  return self->run != NULL && !self->run->finished ? self->run->bytes * (gsize)self->run->jobs : 0;
}

gboolean
ss_study_dialog_start (SsStudyDialog *self, GError **error)
{
  g_autofree char *msg = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(SsStudyTable) table = NULL;
  ss_study *st;
  StudyRun *run;
  gsize     bytes;

  g_return_val_if_fail (SS_IS_STUDY_DIALOG (self), FALSE);

  if (ss_study_dialog_is_running (self))
    return FALSE;
  st = _ss_study_dialog_build_study (self, &msg);
  if (st == NULL)
    {
      gtk_label_set_text (self->error_label, msg);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, msg);
      return FALSE;
    }
  /* the runs under way at once count in the GUI's memory budget */
  {
    const ss_scenario *sc = ss_study_scenario (st);
    g_autofree char   *err = NULL;
    ss_model          *m = sc->create (sc, ss_study_base_values (st), &err);
    gsize              per = m != NULL ? ss_memory_budget_run_bytes (m, ss_study_run_opts (st)) : 0;
    int                jobs = MAX (1, MIN ((int)g_get_num_processors (), ss_study_n_variants (st)));
    gsize              others = ss_memory_budget_used () - _ss_study_dialog_pending_bytes (self);

    ss_model_free (m);
    if (others + per * (gsize)jobs > SS_MEMORY_BUDGET)
      {
        g_autofree char *each = ss_memory_budget_format (per);
        g_autofree char *kept = ss_memory_budget_format (others);
        g_autofree char *budget = ss_memory_budget_format (SS_MEMORY_BUDGET);

        /* Translators: %d runs at once, %s each, %s what the window keeps, %s the budget */
        msg = g_strdup_printf (_("Not started: %d runs at once of %s each, beside the %s the window keeps, pass the "
                                 "memory budget of %s. Shorten t_end or lengthen dt_out in Run Settings."),
                                  jobs, each, kept, budget);
        gtk_label_set_text (self->error_label, msg);
        gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, msg);
        ss_study_free (st);
        return FALSE;
      }
    bytes = per;
  }

  run = g_atomic_rc_box_new0 (StudyRun);
  run->bytes = bytes;
  g_mutex_init (&run->lock);
  run->pending_rows = g_array_new (FALSE, FALSE, sizeof (int));
  run->pending_values = g_array_new (FALSE, FALSE, sizeof (double));
  run->pending_status = g_ptr_array_new_with_free_func (g_free);
  run->study = st;
  run->total = ss_study_n_variants (st);
  run->n_outcomes = ss_study_n_outcomes (st);
  run->jobs = MAX (1, MIN ((int)g_get_num_processors (), run->total));
  run->start = g_get_monotonic_time ();
  run->dialog = self;
  if (self->run != NULL)
    {
      g_atomic_int_set (&self->run->cancel, 1);
      self->run->dialog = NULL;
      _ss_study_dialog_run_unref (self->run);
    }
  self->run = run;

  table = ss_study_table_new (st);
  _ss_study_dialog_run_started (self, table);
  update_progress (self, run, 0);

  task = g_task_new (NULL, NULL, run_done_cb, study_run_ref (run));
  g_task_set_task_data (task, study_run_ref (run), _ss_study_dialog_run_unref);
  g_task_run_in_thread (task, run_thread);
  _ss_study_dialog_update_actions (self);
  return TRUE;
}

/* Stops the variants (those finished stay). */
void
ss_study_dialog_cancel (SsStudyDialog *self)
{
  g_return_if_fail (SS_IS_STUDY_DIALOG (self));

  if (ss_study_dialog_is_running (self))
    {
      g_atomic_int_set (&self->run->cancel, 1);
      gtk_progress_bar_set_text (self->progress_bar, _("Cancelling…"));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "study.cancel", FALSE);
    }
}
