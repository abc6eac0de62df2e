/* laws.c - the table of friction laws, and what follows from it: a
 * scenario's law rows, which law reads which parameter, and an
 * ss_friction from parameter values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "friction.h"
#include "ss-internal.h"

/* Each law's own file defines it. */
extern const ss_law_info ss_law_exact, ss_law_regularised, ss_law_tanh, ss_law_lugre;

/* In choice order: a law's index here is its value of the "law" choice. */
static const ss_law_info *const laws[] = {
    &ss_law_exact,
    &ss_law_regularised,
    &ss_law_tanh,
    &ss_law_lugre,
};

enum { N_LAWS = sizeof laws / sizeof laws[0] };

int ss_law_count(void) { return N_LAWS; }

const ss_law_info *ss_law_get(ss_law law)
{
  return (int)law >= 0 && (int)law < N_LAWS ? laws[law] : NULL;
}

/* ---- reading the parameters ---------------------------------------------- */

/* Calls fn for every law parameter once, in table order (a parameter that
 * several laws read comes with the first), with the mask of the laws that
 * read it. */
static void each_param(void (*fn)(const ss_law_param *p, unsigned mask, void *user), void *user)
{
  for (int l = 0; l < N_LAWS; l++)
    for (const ss_law_param *const *p = laws[l]->params; *p; p++) {
      bool seen = false;
      for (int e = 0; e < l && !seen; e++)
        for (const ss_law_param *const *q = laws[e]->params; *q && !seen; q++)
          seen = *q == *p;
      if (seen)
        continue;
      unsigned mask = 0;
      for (int e = l; e < N_LAWS; e++)
        for (const ss_law_param *const *q = laws[e]->params; *q; q++)
          if (*q == *p)
            mask |= 1u << e;
      fn(*p, mask, user);
    }
}

typedef struct read_ctx {
  const ss_scenario *sc; /* the scenario */
  const double *values;  /* its parameter values */
  const char *suffix;    /* appended to per-contact names, or NULL */
  ss_friction *f;        /* where the values go */
} read_ctx;

static void read_param(const ss_law_param *p, unsigned mask, void *user)
{
  (void)mask;
  read_ctx *c = user;
  char name[64];
  snprintf(name, sizeof name, "%s%s", p->stem, p->per_contact && c->suffix ? c->suffix : "");
  double value = ss_value(c->sc, c->values, name);
  if (p->choices)
    *(int *)((char *)c->f + p->field) = (int)value; /* an index, range-checked */
  else
    *(double *)((char *)c->f + p->field) = value;
}

ss_friction ss_friction_from_values(const ss_scenario *sc, const double *values, double mu_s,
                                    double mu_k, const char *suffix)
{
  ss_friction f = {0};
  f.law = (ss_law)(int)ss_value(sc, values, "law");
  f.mu_s = mu_s;
  f.mu_k = mu_k;
  read_ctx c = {sc, values, suffix, &f};
  each_param(read_param, &c);
  return f;
}

double ss_friction_mu(const ss_friction *f, double v, double z, double *zdot)
{
  const ss_law_info *law = ss_law_get(f->law);
  *zdot = 0.0;
  return law && law->mu ? law->mu(f, v, z, zdot) : 0.0; /* exact: no function of v */
}

double ss_friction_state_size(const ss_friction *f)
{
  const ss_law_info *law = ss_law_get(f->law);
  return law && law->state_size ? law->state_size(f) : 0.0;
}

double ss_friction_stick_velocity(const ss_friction *f)
{
  const ss_law_info *law = ss_law_get(f->law);
  return law && law->stick_velocity ? law->stick_velocity(f) : f->v_stick;
}

bool ss_friction_check(const ss_law_contacts *c, char **error)
{
  const ss_law_info *law = c->n > 0 ? ss_law_get(c->f[0].law) : NULL;
  return !law || !law->check || law->check(c, error);
}

void ss_friction_set_run_note(ss_model *m, int contact, const ss_law_contacts *c, double sigma2)
{
  const ss_law_info *law = c->n > 0 ? ss_law_get(c->f[0].law) : NULL;
  for (int stuck = 0; stuck < 2; stuck++) {
    free(m->run_notes[2 * contact + stuck]);
    m->run_notes[2 * contact + stuck] =
        law && law->run_note ? law->run_note(c, sigma2, stuck) : NULL;
  }
}

/* ---- a scenario's law rows ------------------------------------------------- */

static void *must(void *p)
{
  if (!p) {
    fprintf(stderr, "stickslip: out of memory building the parameter tables\n");
    abort();
  }
  return p;
}

static char *concat(const char *a, const char *b)
{
  size_t na = strlen(a), nb = b ? strlen(b) : 0;
  char *s = must(malloc(na + nb + 1));
  memcpy(s, a, na);
  if (nb)
    memcpy(s + na, b, nb);
  s[na + nb] = '\0';
  return s;
}

/* The "law" choice: names, labels and their description from the table. */
static const char *law_choices[N_LAWS + 1];
static const char *law_labels[N_LAWS + 1];
static const char *law_description;

static void make_choices(void)
{
  if (law_description)
    return;
  size_t size = 1;
  for (int l = 0; l < N_LAWS; l++) {
    law_choices[l] = laws[l]->name;
    law_labels[l] = laws[l]->label;
    size += strlen(laws[l]->label) + 4;
  }
  char *d = must(malloc(size)), *end = d;
  for (int l = 0; l < N_LAWS; l++)
    end += sprintf(end, "%s%s", l == 0 ? "" : l + 1 < N_LAWS ? ", " : " or ", laws[l]->label);
  law_description = d;
}

typedef struct expand_ctx {
  const ss_param_info *rows; /* the template */
  int n;                     /* its rows */
  const ss_param_info *at;   /* the placeholder being expanded */
  bool per_contact;          /* which parameters it takes */
  ss_param_info *out;        /* the table being written, or NULL: count only */
  unsigned *laws;            /* per row written, the laws that read it */
  int n_out;                 /* rows written (or counted) */
} expand_ctx;

static void expand_param(const ss_law_param *p, unsigned mask, void *user)
{
  expand_ctx *c = user;
  if (p->per_contact != c->per_contact)
    return;
  if (c->out) {
    bool turn = c->at->def == SS_LAW_TURNING;
    const char *sfx = c->per_contact ? c->at->name : NULL;
    const char *lsfx = c->per_contact ? c->at->label : NULL;
    double def = p->def;
    for (int i = 0; i < c->n; i++)
      if ((int)c->rows[i].kind == SS_PARAM_LAW_DEFAULT && strcmp(c->rows[i].name, p->stem) == 0)
        def = c->rows[i].def;
    c->out[c->n_out] = (ss_param_info){
        .name = concat(p->stem, sfx),
        .label = concat(turn && p->label_turn ? p->label_turn : p->label, lsfx),
        .unit = turn ? p->unit_turn : p->unit,
        .kind = p->choices ? SS_PARAM_CHOICE : SS_PARAM_REAL,
        .def = def,
        .min = p->min,
        .max = p->max,
        .flags = p->flags,
        .description = turn && p->description_turn ? p->description_turn : p->description,
        .choices = p->choices,
        .group = "Friction law",
    };
    c->laws[c->n_out] = mask;
  }
  c->n_out++;
}

static void expand(expand_ctx *c)
{
  c->n_out = 0;
  for (int i = 0; i < c->n; i++) {
    const ss_param_info *r = &c->rows[i];
    c->at = r;
    switch ((int)r->kind) {
    case SS_PARAM_LAW_CHOICE_ROW:
      if (c->out)
        c->out[c->n_out] = (ss_param_info){
            .name = r->name,
            .label = r->label,
            .unit = "",
            .kind = SS_PARAM_CHOICE,
            .def = r->def,
            .min = 0,
            .max = N_LAWS - 1,
            .description = law_description,
            .choices = law_choices,
            .group = r->group,
        };
      c->n_out++;
      break;
    case SS_PARAM_LAW_CONTACT_ROWS:
    case SS_PARAM_LAW_SHARED_ROWS:
      c->per_contact = (int)r->kind == SS_PARAM_LAW_CONTACT_ROWS;
      each_param(expand_param, c);
      break;
    case SS_PARAM_LAW_DEFAULT: break; /* read by expand_param */
    default:
      if (c->out)
        c->out[c->n_out] = *r;
      c->n_out++;
    }
  }
}

typedef struct label_ctx {
  const ss_param_info *p; /* a row of an expanded table */
  int choice;             /* its choice */
  const char *label;      /* found */
} label_ctx;

static void find_label(const ss_law_param *lp, unsigned mask, void *user)
{
  (void)mask;
  label_ctx *c = user;
  if (lp->choices && lp->choices == c->p->choices && lp->choice_labels)
    c->label = lp->choice_labels[c->choice];
}

const char *ss_param_choice_label(const ss_param_info *p, int choice)
{
  int n = 0;
  while (p && p->kind == SS_PARAM_CHOICE && p->choices && p->choices[n])
    n++;
  if (choice < 0 || choice >= n)
    return NULL;
  if (p->choices == law_choices)
    return law_labels[choice];
  label_ctx c = {p, choice, NULL};
  each_param(find_label, &c);
  return c.label;
}

typedef struct find_ctx {
  const char *stem; /* looked for */
  bool found;       /* a law parameter has it */
} find_ctx;

static void find_stem(const ss_law_param *p, unsigned mask, void *user)
{
  (void)mask;
  find_ctx *c = user;
  c->found |= strcmp(p->stem, c->stem) == 0;
}

ss_param_info *ss_law_expand_params(const ss_param_info *rows, int n, int *n_out, unsigned **laws)
{
  make_choices();
  for (int i = 0; i < n; i++) {
    if ((int)rows[i].kind != SS_PARAM_LAW_DEFAULT)
      continue;
    find_ctx f = {rows[i].name, false};
    each_param(find_stem, &f);
    if (!f.found) {
      fprintf(stderr, "stickslip: SS_LAW_DEFAULT of '%s', which no law reads\n", rows[i].name);
      abort(); /* a typo in a scenario's table */
    }
  }
  expand_ctx c = {.rows = rows, .n = n};
  expand(&c);
  c.out = must(calloc((size_t)c.n_out + 1, sizeof *c.out));
  c.laws = must(calloc((size_t)c.n_out + 1, sizeof *c.laws));
  expand(&c);
  *n_out = c.n_out;
  *laws = c.laws;
  return c.out;
}
