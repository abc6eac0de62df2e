/* trace.c - a whole run in memory, and CSV output. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "metrics.h"
#include "ss-internal.h"

ss_trace *ss_trace_new(int n_columns)
{
  ss_trace *tr = calloc(1, sizeof *tr);
  if (tr)
    tr->n_columns = n_columns;
  return tr;
}

void ss_trace_free(ss_trace *tr)
{
  if (!tr)
    return;
  free(tr->t);
  free(tr->rows);
  free(tr->events);
  free(tr->peaks);
  free(tr->watched);
  free(tr);
}

bool ss_trace_reserve(ss_trace *tr, size_t cap)
{
  if (cap <= tr->cap_rows)
    return true;
  size_t width = (size_t)(tr->n_columns > 0 ? tr->n_columns : 1);
  if (cap > SIZE_MAX / sizeof(double) / width)
    return false;
  double *nt = realloc(tr->t, sizeof(double) * cap);
  if (!nt)
    return false;
  tr->t = nt;
  double *nr = realloc(tr->rows, sizeof(double) * cap * width);
  if (!nr)
    return false;
  tr->rows = nr;
  tr->cap_rows = cap;
  return true;
}

void ss_trace_append_row(ss_trace *tr, double t, const double *row)
{
  if (tr->n_rows == tr->cap_rows && !ss_trace_reserve(tr, tr->cap_rows ? 2 * tr->cap_rows : 1024)) {
    tr->out_of_memory = true; /* ss_run reports it */
    return;
  }
  tr->t[tr->n_rows] = t;
  memcpy(tr->rows + tr->n_rows * (size_t)tr->n_columns, row,
         sizeof(double) * (size_t)tr->n_columns);
  tr->n_rows++;
}

void ss_trace_append_event(ss_trace *tr, const ss_event *ev)
{
  if (tr->n_events == tr->cap_events) {
    size_t cap = tr->cap_events ? 2 * tr->cap_events : 64;
    ss_event *ne = realloc(tr->events, sizeof(ss_event) * cap);
    if (!ne) {
      tr->out_of_memory = true;
      return;
    }
    tr->events = ne;
    tr->cap_events = cap;
  }
  tr->events[tr->n_events++] = *ev;
}

static void sink_sample(void *user, double t, const double *row)
{
  ss_trace_append_row(user, t, row);
}

static void sink_event(void *user, const ss_event *ev) { ss_trace_append_event(user, ev); }

ss_sink ss_trace_sink(ss_trace *tr) { return (ss_sink){tr, sink_sample, sink_event}; }

static void sink_peak(void *user, const ss_peak *p) { ss_trace_append_peak(user, p); }

void ss_trace_append_peak(ss_trace *tr, const ss_peak *p)
{
  if (tr->n_peaks == tr->cap_peaks) {
    size_t cap = tr->cap_peaks ? 2 * tr->cap_peaks : 64;
    ss_peak *np = realloc(tr->peaks, sizeof(ss_peak) * cap);
    if (!np) {
      tr->out_of_memory = true;
      return;
    }
    tr->peaks = np;
    tr->cap_peaks = cap;
  }
  tr->peaks[tr->n_peaks++] = *p;
}

bool ss_trace_watch(ss_trace *tr, ss_sim *s, int col, bool records)
{
  if (col < 0 || col >= tr->n_columns)
    return false;
  if (!tr->watched && !(tr->watched = calloc((size_t)tr->n_columns, 1)))
    return false;
  if (!ss_sim_watch(s, col, records, sink_peak, tr))
    return false;
  if (tr->watched[col] < (records ? 1 : 2))
    tr->watched[col] = records ? 1 : 2;
  return true;
}

static ss_trace *run(const ss_model *m, const ss_run_opts *opts, bool watch, char **error)
{
  ss_sim *s = ss_sim_new(m, opts, error);
  if (!s)
    return NULL;
  ss_trace *tr = ss_trace_new(m->n_columns);
  /* the grid's rows at once (within SS_RUN_MAX_BYTES): no doubling past it */
  if (!tr || !ss_trace_reserve(tr, ss_run_grid_rows(ss_sim_opts(s)) + 64)) {
    ss_trace_free(tr);
    ss_sim_free(s);
    return ss_set_error(error, "out of memory for the run's rows");
  }
  if (watch && !ss_metrics_watch(m, tr, s)) {
    ss_trace_free(tr);
    ss_sim_free(s);
    return ss_set_error(error, "out of memory for the run's rows");
  }
  ss_sink sink = ss_trace_sink(tr);
  int rc = ss_sim_advance(s, INFINITY, &sink);
  ss_sim_get_stats(s, &tr->stats);
  if (rc < 0 || tr->out_of_memory) {
    ss_set_error(error, "%s", rc < 0 ? ss_sim_error(s) : "out of memory for the run's rows");
    ss_trace_free(tr);
    tr = NULL;
  }
  ss_sim_free(s);
  return tr;
}

ss_trace *ss_run(const ss_model *m, const ss_run_opts *opts, char **error)
{
  return run(m, opts, true, error);
}

ss_trace *ss_run_rows(const ss_model *m, const ss_run_opts *opts, char **error)
{
  return run(m, opts, false, error);
}

int ss_csv_write_header(const ss_model *m, FILE *f)
{
  fputs("t", f);
  for (int i = 0; i < m->n_columns; i++)
    fprintf(f, ",%s", m->columns[i].name);
  return fputc('\n', f) == EOF ? -1 : 0;
}

/* A number that reads back to the same double (ss_number_format: the
 * shortest such text), with a '.' whatever the process's locale: the GUI
 * runs in the user's, and a Polish one would write 0,5 and split the
 * columns.  Zero is "0", never "-0". */
static void put_number(FILE *f, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  ss_number_format(v, buf, sizeof buf);
  fputs(buf, f);
}

int ss_csv_write_row(const ss_model *m, FILE *f, double t, const double *row)
{
  put_number(f, t);
  for (int i = 0; i < m->n_columns; i++) {
    fputc(',', f);
    if (isnan(row[i]))
      continue; /* undetermined: empty field, never 0 */
    if (m->columns[i].kind == SS_COL_STICK)
      fputc(row[i] != 0.0 ? '1' : '0', f);
    else
      put_number(f, row[i]);
  }
  return fputc('\n', f) == EOF ? -1 : 0;
}

int ss_csv_write_trace(const ss_model *m, const ss_trace *tr, FILE *f)
{
  if (ss_csv_write_header(m, f) < 0)
    return -1;
  for (size_t r = 0; r < tr->n_rows; r++)
    if (ss_csv_write_row(m, f, tr->t[r], tr->rows + r * (size_t)tr->n_columns) < 0)
      return -1;
  return ferror(f) ? -1 : 0;
}

int ss_csv_write_events(const ss_model *m, const ss_trace *tr, FILE *f)
{
  fputs("t,contact,event\n", f);
  for (size_t i = 0; i < tr->n_events; i++) {
    const ss_event *ev = &tr->events[i];
    put_number(f, ev->t);
    fprintf(f, ",%s,%s\n", ss_model_source_name(m, ev->source), ss_event_kind_name(ev->kind));
  }
  return ferror(f) ? -1 : 0;
}
