/* cli-merge.c - what a sweep's table records of how it was made (the study
 * file TABLE.csv.study beside it, docs/studies.md), and `stickslip-cli
 * merge`, which joins the shards of one study only when they are all there:
 * every shard 1..N of the same study exactly once, each table whole as its
 * study file describes it.  Anything else is refused (exit 2) naming the
 * missing, truncated, duplicated or foreign part. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cli-common.h"
#include "cli-merge.h"
#include <stickslip/scenario-file.h>
#include <stickslip/study.h>

#define STUDY_SUFFIX ".study"
#define RUN_SUFFIX   ".scenario"

/* FNV-1a, 64 bits: a table's fingerprint (not against malice: a truncated,
 * altered or foreign file). */
static uint64_t fnv1a(const char *data, size_t len, uint64_t h)
{
  for (size_t i = 0; i < len; i++) {
    h ^= (unsigned char)data[i];
    h *= 1099511628211u;
  }
  return h;
}
#define FNV_BASIS 14695981039346656037u

static char *number(double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  ss_format_double(v, buf, sizeof buf);
  return g_strdup(buf);
}

/* The study's definition: scenario, every parameter value, run options
 * (their defaults filled in), axes, outcomes; *command gets the command
 * that makes the whole table again. */
static void put_definition(GKeyFile *kf, const ss_study *st, char **command)
{
  const ss_scenario *sc = ss_study_scenario(st);
  const double *base = ss_study_base_values(st);
  GString *cmd = g_string_new("stickslip-cli sweep ");
  g_string_append(cmd, sc->name);
  g_key_file_set_string(kf, "study", "scenario", sc->name);
  g_key_file_set_integer(kf, "study", "variants", ss_study_n_variants(st));
  for (int i = 0; i < sc->n_params; i++) {
    char buf[64];
    ss_param_format(&sc->params[i], base[i], buf, sizeof buf);
    g_key_file_set_string(kf, "parameters", sc->params[i].name, buf);
    g_string_append_printf(cmd, " --set %s=%s", sc->params[i].name, buf);
  }
  const ss_run_opts *o = ss_study_run_opts(st);
  for (int i = 0; i < SS_RUN_N_OPTIONS; i++) {
    double v = ss_run_opts_get(o, i);
    if (!(v > 0.0))
      v = i == SS_RUN_T_END    ? sc->t_end
          : i == SS_RUN_DT_OUT ? sc->dt_out
                               : ss_run_option_get(i)->def;
    g_autofree char *text =
        ss_run_option_get(i)->flags & SS_PARAM_INTEGER ? g_strdup_printf("%.0f", v) : number(v);
    g_key_file_set_string(kf, "run", ss_run_option_get(i)->name, text);
    g_string_append_printf(cmd, " %s %s", ss_run_option_cli_name(i), text);
  }
  for (int i = 0; i < ss_study_n_axes(st); i++) {
    const ss_study_axis *ax = ss_study_axis_get(st, i);
    g_autofree char *lo = number(ax->lo), *hi = number(ax->hi);
    g_autofree char *spec = g_strdup_printf("%s=%s:%s:%d:%s", sc->params[ax->param].name, lo, hi,
                                            ax->n, ax->scale == SS_STUDY_LOG ? "log" : "lin");
    g_autofree char *key = g_strdup_printf("axis%d", i + 1);
    g_key_file_set_string(kf, "study", key, spec);
    g_string_append_printf(cmd, " --vary %s", spec);
  }
  for (int i = 0; i < ss_study_n_outcomes(st); i++) {
    g_autofree char *key = g_strdup_printf("outcome%d", i + 1);
    g_key_file_set_string(kf, "study", key, ss_study_outcome_spec(st, i));
    g_string_append_printf(cmd, " --metric %s", ss_study_outcome_spec(st, i));
  }
  *command = g_string_free(cmd, FALSE);
}

/* The identity of a study: the fingerprint of its definition's groups. */
static char *study_id(GKeyFile *kf)
{
  uint64_t h = FNV_BASIS;
  const char *groups[] = {"study", "parameters", "run"};
  for (size_t g = 0; g < G_N_ELEMENTS(groups); g++) {
    g_auto(GStrv) keys = g_key_file_get_keys(kf, groups[g], NULL, NULL);
    for (int i = 0; keys && keys[i]; i++) {
      if (strcmp(keys[i], "id") == 0)
        continue;
      g_autofree char *v = g_key_file_get_value(kf, groups[g], keys[i], NULL);
      g_autofree char *line = g_strdup_printf("%s.%s=%s\n", groups[g], keys[i], v ? v : "");
      h = fnv1a(line, strlen(line), h);
    }
  }
  return g_strdup_printf("%016" PRIx64, h);
}

static void put_table(GKeyFile *kf, const char *csv_path, const char *data, size_t len,
                      const ss_study_result *r)
{
  g_autofree char *base = g_path_get_basename(csv_path);
  g_autofree char *hash = g_strdup_printf("%016" PRIx64, fnv1a(data, len, FNV_BASIS));
  g_key_file_set_string(kf, "table", "file", base);
  g_key_file_set_uint64(kf, "table", "bytes", len);
  g_key_file_set_string(kf, "table", "fnv1a64", hash);
  int counts[4] = {0}; /* ok, too-short, not-periodic, failed */
  for (int i = 0; r && i < r->n_rows; i++) {
    const char *s =
        r->status[i] ? "failed" : ss_period_status_name((ss_period_status)r->periodic[i]);
    counts[strcmp(s, "ok") == 0 ? 0 : strcmp(s, "too-short") == 0 ? 1 : s[0] == 'n' ? 2 : 3]++;
  }
  if (r) {
    g_key_file_set_integer(kf, "table", "rows", r->n_rows);
    g_key_file_set_integer(kf, "table", "ok", counts[0]);
    g_key_file_set_integer(kf, "table", "too-short", counts[1]);
    g_key_file_set_integer(kf, "table", "not-periodic", counts[2]);
    g_key_file_set_integer(kf, "table", "failed", counts[3]);
  }
}

static bool write_key_file(GKeyFile *kf, const char *csv_path)
{
  g_key_file_set_comment(kf, NULL, NULL,
                         " Stick-Slip Lab: how the table beside this file was made "
                         "(docs/studies.md, \"Provenance\")",
                         NULL);
  gsize len = 0;
  g_autofree char *text = g_key_file_to_data(kf, &len, NULL);
  g_autofree char *path = g_strconcat(csv_path, STUDY_SUFFIX, NULL);
  return cli_write_output(path, text, len);
}

bool cli_write_study_file(const ss_study *st, const ss_study_result *r, int k, int n,
                          const char *csv_path, const char *data, size_t len)
{
  if (strcmp(csv_path, "-") == 0 || !g_file_test(csv_path, G_FILE_TEST_IS_REGULAR))
    return true; /* standard output, a device, a pipe: nowhere beside it */
  g_autoptr(GKeyFile) kf = g_key_file_new();
  g_autofree char *command = NULL;
  put_definition(kf, st, &command);
  g_autofree char *id = study_id(kf);
  g_key_file_set_string(kf, "study", "id", id);
  g_key_file_set_string(kf, "program", "version", ss_version());
  g_key_file_set_string(kf, "program", "cvode", ss_cvode_build());
  g_key_file_set_string(kf, "program", "command", command);
  int first = 0, count = 0;
  ss_study_shard_range(ss_study_n_variants(st), k, n, &first, &count);
  g_key_file_set_integer(kf, "shard", "k", k);
  g_key_file_set_integer(kf, "shard", "n", n);
  g_key_file_set_integer(kf, "shard", "first", first + 1);
  g_key_file_set_integer(kf, "shard", "count", count);
  put_table(kf, csv_path, data, len, r);
  return write_key_file(kf, csv_path);
}

bool cli_write_run_file(const ss_model *m, const ss_run_opts *resolved, const char *csv_path)
{
  if (strcmp(csv_path, "-") == 0 || !g_file_test(csv_path, G_FILE_TEST_IS_REGULAR))
    return true; /* standard output, a device, a pipe: nowhere beside it */
  size_t len = 0;
  char *body = ss_scenario_file_to_data(ss_model_scenario(m), ss_model_values(m), resolved, &len);
  if (!body) {
    fprintf(stderr, "stickslip-cli: cannot format the scenario file (out of memory)\n");
    return false;
  }
  g_autofree char *base = g_path_get_basename(csv_path);
  g_autofree char *text = g_strdup_printf(
      "# Stick-Slip Lab: how %s beside this file was made (docs/studies.md, \"Provenance\"):\n"
      "# stickslip-cli %s; CVODE: %s\n"
      "# again: stickslip-cli run --file %s%s --csv %s\n%s",
      base, ss_version(), ss_cvode_build(), base, RUN_SUFFIX, base, body);
  free(body);
  g_autofree char *path = g_strconcat(csv_path, RUN_SUFFIX, NULL);
  return cli_write_output(path, text, strlen(text));
}

/* ---- merge -------------------------------------------------------------- */

typedef struct part {
  const char *path; /* as given */
  GKeyFile *kf;     /* its study file */
  char *data;       /* its table */
  gsize len;
  int k, n, count;
  char *id;
} part;

static int merge_refuse(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
static int merge_refuse(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("stickslip-cli: merge: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return EXIT_USAGE;
}

static gboolean merge_csv_cb(const char *name, const char *value, gpointer data, GError **error)
{
  return cli_output_once(name, data, value, error);
}

static const GOptionEntry merge_entries[] = {
    {"csv", 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK, (gpointer)merge_csv_cb,
     "the whole table (- is standard output), and FILE.study", "FILE|-"},
    {NULL}};

const cli_command cli_merge_command = {
    "merge",
    "Usage: stickslip-cli merge PART... --csv FILE|-\n"
    "\n"
    "Joins the tables of the shards of one sweep (sweep --shard K/N --csv PART, each\n"
    "with its PART.study) into the whole table, only when every shard 1..N is there\n"
    "once and whole; refuses (exit 2) naming a missing, truncated, duplicated or\n"
    "foreign shard. FILE gets its FILE.study too (see docs/studies.md).\n",
    merge_entries, -1};

/* Loads a part and its study file; an error message, or NULL. */
static char *load_part(part *p)
{
  GError *e = NULL;
  g_autofree char *study = g_strconcat(p->path, STUDY_SUFFIX, NULL);
  if (!g_file_get_contents(p->path, &p->data, &p->len, &e)) {
    char *msg = g_strdup_printf("cannot read %s: %s", p->path, e->message);
    g_error_free(e);
    return msg;
  }
  p->kf = g_key_file_new();
  if (!g_key_file_load_from_file(p->kf, study, G_KEY_FILE_KEEP_COMMENTS, &e)) {
    char *msg = g_strdup_printf("%s has no study file %s (%s): is it a sweep's --csv FILE?",
                                p->path, study, e->message);
    g_error_free(e);
    return msg;
  }
  p->k = g_key_file_get_integer(p->kf, "shard", "k", NULL);
  p->n = g_key_file_get_integer(p->kf, "shard", "n", NULL);
  p->count = g_key_file_get_integer(p->kf, "shard", "count", NULL);
  p->id = g_key_file_get_string(p->kf, "study", "id", NULL);
  g_autofree char *check = study_id(p->kf);
  if (p->k < 1 || p->n < p->k || !p->id || strcmp(p->id, check) != 0)
    return g_strdup_printf("%s: its study file %s is damaged (shard or identity)", p->path, study);
  /* whole: as many bytes, the same fingerprint */
  guint64 bytes = g_key_file_get_uint64(p->kf, "table", "bytes", NULL);
  g_autofree char *hash = g_key_file_get_string(p->kf, "table", "fnv1a64", NULL);
  g_autofree char *have = g_strdup_printf("%016" PRIx64, fnv1a(p->data, p->len, FNV_BASIS));
  if (bytes != p->len || !hash || strcmp(hash, have) != 0)
    return g_strdup_printf("%s (shard %d/%d) is truncated or altered: %zu bytes, its study file "
                           "says %" G_GUINT64_FORMAT " (rerun that shard)",
                           p->path, p->k, p->n, (size_t)p->len, bytes);
  return NULL;
}

static void free_parts(part *parts, int n)
{
  for (int i = 0; i < n; i++) {
    if (parts[i].kf)
      g_key_file_free(parts[i].kf);
    g_free(parts[i].data);
    g_free(parts[i].id);
  }
  g_free(parts);
}

static int compare_k(const void *a, const void *b)
{
  const part *p = a, *q = b;
  return (p->k > q->k) - (p->k < q->k);
}

int cli_merge(int argc, char **argv)
{
  const char *csv = NULL;
  if (cli_parse_args(&cli_merge_command, &csv, NULL, &argc, &argv))
    return EXIT_USAGE;
  int n_parts = argc - 1;
  if (!csv || n_parts == 0)
    return cli_usage_error(&cli_merge_command, "merge needs PART... and --csv FILE (or -)%s", "");
  part *parts = g_new0(part, n_parts);
  for (int i = 0; i < n_parts; i++)
    parts[i].path = argv[i + 1];
  int status = 0;
  for (int i = 0; i < n_parts && !status; i++) {
    g_autofree char *msg = load_part(&parts[i]);
    if (msg)
      status = merge_refuse("%s", msg);
  }
  /* one study: the first part's */
  for (int i = 1; i < n_parts && !status; i++)
    if (strcmp(parts[i].id, parts[0].id) != 0 || parts[i].n != parts[0].n) {
      g_autofree char *sc0 = g_key_file_get_string(parts[0].kf, "study", "scenario", NULL);
      g_autofree char *sci = g_key_file_get_string(parts[i].kf, "study", "scenario", NULL);
      status = merge_refuse("%s is a shard of another study than %s (%s, study %s in %d shards; "
                            "not %s, study %s in %d: compare their %s files)",
                            parts[i].path, parts[0].path, sci ? sci : "?", parts[i].id, parts[i].n,
                            sc0 ? sc0 : "?", parts[0].id, parts[0].n, STUDY_SUFFIX);
    }
  for (int i = 1; i < n_parts && !status; i++) {
    g_autofree char *v0 = g_key_file_get_string(parts[0].kf, "program", "version", NULL);
    g_autofree char *vi = g_key_file_get_string(parts[i].kf, "program", "version", NULL);
    if (g_strcmp0(v0, vi) != 0)
      status = merge_refuse("%s was made by stickslip-cli %s, %s by %s: rerun one of them",
                            parts[i].path, vi ? vi : "?", parts[0].path, v0 ? v0 : "?");
  }
  if (!status) {
    qsort(parts, (size_t)n_parts, sizeof *parts, compare_k);
    for (int i = 1; i < n_parts && !status; i++)
      if (parts[i].k == parts[i - 1].k)
        status = merge_refuse("%s and %s are both shard %d/%d (duplicated)", parts[i - 1].path,
                              parts[i].path, parts[i].k, parts[i].n);
  }
  if (!status) {
    int total = parts[0].n,
        variants = g_key_file_get_integer(parts[0].kf, "study", "variants", NULL);
    GString *missing = g_string_new(NULL);
    int n_missing = 0;
    for (int k = 1, j = 0; k <= total; k++) {
      if (j < n_parts && parts[j].k == k) {
        j++;
        continue;
      }
      int first = 0, count = 0;
      ss_study_shard_range(variants, k, total, &first, &count);
      if (n_missing++ < 10)
        g_string_append_printf(missing, "%s%d/%d (variants %d to %d)", n_missing > 1 ? ", " : "", k,
                               total, first + 1, first + count);
    }
    if (n_missing)
      status = merge_refuse("missing shard%s %s%s of the study of %s: run %s and merge again",
                            n_missing > 1 ? "s" : "", missing->str, n_missing > 10 ? ", ..." : "",
                            parts[0].path, n_missing > 1 ? "them" : "it");
    g_string_free(missing, TRUE);
  }
  if (status) {
    free_parts(parts, n_parts);
    return status;
  }
  GString *table = g_string_new(NULL);
  for (int i = 0; i < n_parts; i++)
    g_string_append_len(table, parts[i].data, (gssize)parts[i].len);
  bool ok = cli_write_output(csv, table->str, table->len);
  if (ok && strcmp(csv, "-") != 0) {
    /* the whole table's study file: the parts' definition, shard 1/1 */
    g_autoptr(GKeyFile) kf = g_key_file_new();
    g_autofree char *text = g_key_file_to_data(parts[0].kf, NULL, NULL);
    g_key_file_load_from_data(kf, text, (gsize)-1, G_KEY_FILE_KEEP_COMMENTS, NULL);
    g_key_file_set_integer(kf, "shard", "k", 1);
    g_key_file_set_integer(kf, "shard", "n", 1);
    g_key_file_set_integer(kf, "shard", "first", 1);
    g_key_file_set_integer(kf, "shard", "count",
                           g_key_file_get_integer(kf, "study", "variants", NULL));
    g_autofree char *base = g_path_get_basename(csv);
    g_autofree char *hash =
        g_strdup_printf("%016" PRIx64, fnv1a(table->str, table->len, FNV_BASIS));
    g_key_file_set_string(kf, "table", "file", base);
    g_key_file_set_uint64(kf, "table", "bytes", table->len);
    g_key_file_set_string(kf, "table", "fnv1a64", hash);
    const char *sums[] = {"rows", "ok", "too-short", "not-periodic", "failed"};
    for (size_t s = 0; s < G_N_ELEMENTS(sums); s++) {
      int sum = 0;
      for (int i = 0; i < n_parts; i++)
        sum += g_key_file_get_integer(parts[i].kf, "table", sums[s], NULL);
      g_key_file_set_integer(kf, "table", sums[s], sum);
    }
    g_key_file_set_string(kf, "program", "merged-by", ss_version());
    gsize len = 0;
    g_autofree char *out = g_key_file_to_data(kf, &len, NULL);
    g_autofree char *path = g_strconcat(csv, STUDY_SUFFIX, NULL);
    ok = cli_write_output(path, out, len);
  }
  if (ok)
    fprintf(stderr, "stickslip-cli: merge: %d shards, %zu bytes\n", n_parts, table->len);
  g_string_free(table, TRUE);
  free_parts(parts, n_parts);
  return ok ? 0 : EXIT_OUTPUT;
}
