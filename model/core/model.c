/* model.c - the common part of every model: names, columns, accessors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ss-internal.h"

static char *dup_str(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

ss_model *ss_model_alloc(const ss_scenario *sc, const double *values, int nx, int n_contacts,
                         const char *const *contact_names)
{
  ss_model *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->scenario = sc;
  m->nx = nx;
  m->n_contacts = n_contacts;
  m->values = malloc(sizeof(double) * (size_t)(sc->n_params > 0 ? sc->n_params : 1));
  m->contact_names = calloc((size_t)n_contacts + 1, sizeof(char *));
  m->contact_labels = calloc((size_t)n_contacts + 1, sizeof(char *));
  m->mu_s = calloc((size_t)n_contacts + 1, sizeof(double));
  m->mu_k = calloc((size_t)n_contacts + 1, sizeof(double));
  m->v_stick = calloc((size_t)n_contacts + 1, sizeof(double));
  m->viscous = calloc((size_t)n_contacts + 1, sizeof(double));
  m->run_notes = calloc(2 * (size_t)n_contacts + 1, sizeof(char *));
  m->state_size = calloc((size_t)nx + 1, sizeof(double));
  m->integral = calloc((size_t)nx + 1, sizeof(bool));
  m->release_flag = malloc(sizeof(int) * ((size_t)n_contacts + 1));
  if (!m->integral || !m->values || !m->contact_names || !m->contact_labels || !m->mu_s ||
      !m->mu_k || !m->v_stick || !m->viscous || !m->run_notes || !m->state_size ||
      !m->release_flag) {
    ss_model_free(m);
    return NULL;
  }
  memcpy(m->values, values, sizeof(double) * (size_t)sc->n_params);
  for (int i = 0; i < n_contacts; i++) {
    m->contact_names[i] = dup_str(contact_names[i]);
    m->release_flag[i] = -1;
  }
  return m;
}

void ss_model_set_aux(ss_model *m, int n_aux, const char *const *aux_names)
{
  m->n_aux = n_aux;
  m->aux_names = calloc((size_t)n_aux + 1, sizeof(char *));
  m->aux_labels = calloc((size_t)n_aux + 1, sizeof(char *));
  for (int i = 0; i < n_aux && m->aux_names; i++)
    m->aux_names[i] = dup_str(aux_names[i]);
}

void ss_model_add_column(ss_model *m, const char *name, const char *unit, ss_column_kind kind,
                         int contact)
{
  if (m->n_columns == m->cap_columns) {
    int cap = m->cap_columns ? 2 * m->cap_columns : 16;
    ss_column *c = realloc(m->columns, sizeof *c * (size_t)cap);
    if (!c)
      abort();
    m->columns = c;
    m->cap_columns = cap;
  }
  ss_column *c = &m->columns[m->n_columns++];
  c->name = dup_str(name);
  c->unit = dup_str(unit);
  c->kind = kind;
  c->contact = contact;
  c->label = NULL;
  c->rate_of = -1;
  c->component_of = -1;
}

static void set_label(char **slot, const char *label)
{
  char *copy = label ? dup_str(label) : NULL;
  if (label && !copy)
    return; /* out of memory: the name stands in */
  free(*slot);
  *slot = copy;
}

void ss_model_set_contact_label(ss_model *m, int contact, const char *label)
{
  set_label(&m->contact_labels[contact], label);
}

ss_model *ss_model_set_labels(ss_model *m, const ss_label *table)
{
  if (!m)
    return NULL;
  for (const ss_label *row = table; row->name; row++) {
    int i = ss_model_column_find(m, row->name);
    if (i >= 0) {
      ss_column *c = &m->columns[i];
      int of = row->of ? ss_model_column_find(m, row->of) : -1;
      set_label(&c->label, row->label);
      if (c->kind == SS_COL_VELOCITY)
        c->rate_of = of;
      else
        c->component_of = of;
      continue;
    }
    for (int k = 0; k < m->n_contacts; k++)
      if (strcmp(m->contact_names[k], row->name) == 0)
        ss_model_set_contact_label(m, k, row->label);
    for (int k = 0; m->aux_labels && k < m->n_aux; k++)
      if (m->aux_names[k] && strcmp(m->aux_names[k], row->name) == 0)
        set_label(&m->aux_labels[k], row->label);
  }
  return m;
}

void ss_model_add_contact_columns(ss_model *m, int contact, const char *force_unit,
                                  const char *velocity_unit)
{
  static const char *const suffix[] = {"F", "N", "ratio", "v", "stick"};
  static const ss_column_kind kinds[] = {SS_COL_FRICTION, SS_COL_NORMAL, SS_COL_RATIO,
                                         SS_COL_SLIP_VELOCITY, SS_COL_STICK};
  bool moment = strcmp(force_unit, "N m") == 0;
  const char *labels[] = {moment ? "friction moment" : "friction force F",
                          moment ? "normal load N" : "normal force N", "|F|/N", "slip velocity v",
                          "stuck"};
  for (int k = 0; k < 5; k++) {
    char name[96];
    snprintf(name, sizeof name, "%s.%s", m->contact_names[contact], suffix[k]);
    const char *unit = k < 2 ? force_unit : k == 3 ? velocity_unit : "1";
    ss_model_add_column(m, name, unit, kinds[k], contact);
    set_label(&m->columns[m->n_columns - 1].label, labels[k]);
  }
}

void ss_model_add_energy_columns(ss_model *m, bool potential)
{
  static const ss_label labels[] = {
      {"work.external", "external work", NULL},
      {"energy.dissipated", "energy dissipated", NULL},
      {"energy.kinetic", "kinetic energy", NULL},
      {"energy.potential", "potential energy", NULL},
      {NULL, NULL, NULL},
  };
  ss_model_add_column(m, "work.external", "J", SS_COL_ENERGY, -1);
  ss_model_add_column(m, "energy.dissipated", "J", SS_COL_ENERGY, -1);
  ss_model_add_column(m, "energy.kinetic", "J", SS_COL_ENERGY, -1);
  if (potential)
    ss_model_add_column(m, "energy.potential", "J", SS_COL_ENERGY, -1);
  ss_model_set_labels(m, labels);
}

void ss_model_add_breakpoint(ss_model *m, double t)
{
  if (!(t > 0.0) || !isfinite(t))
    return;
  int i = 0;
  while (i < m->n_breakpoints && m->breakpoints[i] < t)
    i++;
  if (i < m->n_breakpoints && m->breakpoints[i] == t)
    return;
  double *grown = realloc(m->breakpoints, sizeof(double) * (size_t)(m->n_breakpoints + 1));
  if (!grown)
    return; /* stepping across a kink is still correct, only less accurate */
  memmove(grown + i + 1, grown + i, sizeof(double) * (size_t)(m->n_breakpoints - i));
  grown[i] = t;
  m->breakpoints = grown;
  m->n_breakpoints++;
}

void ss_model_free(ss_model *m)
{
  if (!m)
    return;
  if (m->ops && m->ops->free_impl && m->impl)
    m->ops->free_impl(m->impl);
  for (int i = 0; m->contact_names && i < m->n_contacts; i++)
    free(m->contact_names[i]);
  for (int i = 0; m->contact_labels && i < m->n_contacts; i++)
    free(m->contact_labels[i]);
  for (int i = 0; m->aux_names && i < m->n_aux; i++)
    free(m->aux_names[i]);
  for (int i = 0; m->aux_labels && i < m->n_aux; i++)
    free(m->aux_labels[i]);
  for (int i = 0; m->run_notes && i < 2 * m->n_contacts; i++)
    free(m->run_notes[i]);
  for (int i = 0; i < m->n_columns; i++) {
    free(m->columns[i].name);
    free(m->columns[i].unit);
    free(m->columns[i].label);
  }
  free(m->columns);
  free(m->contact_names);
  free(m->contact_labels);
  free(m->aux_names);
  free(m->aux_labels);
  free(m->mu_s);
  free(m->mu_k);
  free(m->v_stick);
  free(m->viscous);
  free(m->run_notes);
  free(m->state_size);
  free(m->integral);
  free(m->release_flag);
  free(m->breakpoints);
  free(m->values);
  free(m);
}

const ss_scenario *ss_model_scenario(const ss_model *m) { return m->scenario; }
const double *ss_model_values(const ss_model *m) { return m->values; }
int ss_model_n_columns(const ss_model *m) { return m->n_columns; }
const ss_column *ss_model_column(const ss_model *m, int i) { return &m->columns[i]; }
int ss_model_n_contacts(const ss_model *m) { return m->n_contacts; }
const char *ss_model_contact_name(const ss_model *m, int i) { return m->contact_names[i]; }
bool ss_model_is_hybrid(const ss_model *m) { return m->hybrid; }

int ss_model_n_sources(const ss_model *m) { return m->n_contacts + m->n_aux; }

const char *ss_model_contact_label(const ss_model *m, int i)
{
  return m->contact_labels[i] ? m->contact_labels[i] : m->contact_names[i];
}

bool ss_model_contact_is_viscous(const ss_model *m, int i) { return m->viscous[i] > 0.0; }

bool ss_model_contact_can_release(const ss_model *m, int i)
{
  return m && i >= 0 && i < m->n_contacts && m->release_flag[i] >= 0;
}

void ss_model_column_label(const ss_model *m, int i, char *buf, size_t size)
{
  const ss_column *c = &m->columns[i];
  if (!c->label)
    snprintf(buf, size, "%s", c->name);
  else if (c->contact >= 0)
    snprintf(buf, size, "%s: %s", ss_model_contact_label(m, c->contact), c->label);
  else
    snprintf(buf, size, "%s", c->label);
}

const char *ss_model_source_name(const ss_model *m, int i)
{
  return i < m->n_contacts ? m->contact_names[i] : m->aux_names[i - m->n_contacts];
}

const char *ss_model_source_label(const ss_model *m, int i)
{
  if (i < m->n_contacts)
    return ss_model_contact_label(m, i);
  const char *label = m->aux_labels ? m->aux_labels[i - m->n_contacts] : NULL;
  return label ? label : m->aux_names[i - m->n_contacts];
}

void ss_model_contact_mu(const ss_model *m, int i, double *mu_s, double *mu_k)
{
  if (mu_s)
    *mu_s = m->mu_s[i];
  if (mu_k)
    *mu_k = m->mu_k[i];
}

int ss_model_column_find(const ss_model *m, const char *name)
{
  for (int i = 0; i < m->n_columns; i++)
    if (strcmp(m->columns[i].name, name) == 0)
      return i;
  return -1;
}

ss_model *ss_model_new_from_assignments(const ss_scenario *sc, const char *const *assignments,
                                        int n_assignments, char **error)
{
  double *values = malloc(sizeof(double) * (size_t)(sc->n_params > 0 ? sc->n_params : 1));
  if (!values)
    return ss_set_error(error, "out of memory");
  ss_scenario_defaults(sc, values);
  for (int i = 0; i < n_assignments; i++) {
    if (!ss_param_set_assignment(sc, values, assignments[i], error)) {
      free(values);
      return NULL;
    }
  }
  ss_model *m = sc->create(sc, values, error);
  free(values);
  return m;
}
