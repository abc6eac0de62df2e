/* examples.c - the table of the papers' published cases (examples.h), the
 * settings' parameter vectors and the measurement of a run against the
 * published values. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "examples.h"
#include "two-slider-reference.h"

/* clang-format off */

/* [BlajerMarkiewicz] §3: stiction 0.0-0.5, 4.1-4.4, 8.0-8.3 s; reversals
 * 1.7, 3.7, 5.7, 7.1, 9.5 s (docs/models.md §4.2; 3.7 is misprint M7). */
#define DUPONT(what_, kind_, t_) \
  {what_, SS_EXAMPLE_EVENT, "slot", kind_, "v", t_, NAN, 0.1, NAN, NULL, false}
static const ss_example_value dupont_values[] = {
  DUPONT("stiction ends", SS_EVENT_SLIP, 0.5),
  DUPONT("reversal without sticking", SS_EVENT_REVERSE, 1.7),
  {"reversal without sticking", SS_EXAMPLE_EVENT, "slot", SS_EVENT_REVERSE, "v", 3.7, NAN, NAN,
   3.182, NULL, false},
  DUPONT("stiction begins", SS_EVENT_STICK, 4.1),
  DUPONT("stiction ends", SS_EVENT_SLIP, 4.4),
  DUPONT("reversal without sticking", SS_EVENT_REVERSE, 5.7),
  DUPONT("reversal without sticking", SS_EVENT_REVERSE, 7.1),
  DUPONT("stiction begins", SS_EVENT_STICK, 8.0),
  DUPONT("stiction ends", SS_EVENT_SLIP, 8.3),
  DUPONT("reversal without sticking", SS_EVENT_REVERSE, 9.5),
};
#undef DUPONT

static const ss_example_setting dupont_settings[] = {
  {"The paper's data", "", dupont_values, (int)(sizeof dupont_values / sizeof dupont_values[0])},
};

static const ss_example_setting friction_settings[] = {
  {"With friction", "friction=on", NULL, 0},
  {"Without friction (μ = 0)", "friction=off", NULL, 0},
};

static const ss_example_setting level_settings[] = {
  {"Level 1: full model", "level=1", NULL, 0},
  {"Level 2: weightless gears", "level=2", NULL, 0},
  {"Level 3: reduced 2-DOF", "level=3", NULL, 0},
  {"Level 4: linear", "level=4", NULL, 0},
};

/* Error E1 ([Zardecki2007] eq. 4.9-4.10, docs/models.md §6): levels of 1 N,
 * forces of 5 N, from rest; the printed rule gives luz(5, 2) = 3 m/s², so
 * 3 m/s after 1 s and 6 m/s after 2 s; the blocks move together at
 * 4 m/s².  The paper prints the rule, not these numbers: the markers are
 * the program's evaluation of its formula (formula = true). */
static const ss_example_value e1_values[] = {
  {"block 1's speed at 1 s by the printed eq. 4.9 (evaluated here; the paper prints no number)",
   SS_EXAMPLE_VALUE, NULL, SS_EVENT_STICK, "v1", 1.0, 3.0, NAN, 4.0, NULL, true},
  {"block 2's speed at 2 s by the printed eq. 4.10 (evaluated here; the paper prints no number)",
   SS_EXAMPLE_VALUE, NULL, SS_EVENT_STICK, "v2", 2.0, 6.0, NAN, 8.0, NULL, true},
};

static const ss_example_setting two_block_settings[] = {
  {"The five velocity cases", "", NULL, 0},
  {"Error E1: equal forces",
   "M1=1 M2=1 g=10 clamp=10 mu_s10=0.1 mu_k10=0.1 mu_s20=0.1 mu_k20=0.1 mu_s12=0.1 "
   "mu_k12=0.1 c10=0 c20=0 c12=0 F1_bias=5 F1_amp=0 F2_bias=5 F2_amp=0",
   e1_values, 2},
};

static const ss_example_setting wojtyra1_settings[] = {
  {"Example 1 loads from 3 s", "", NULL, 0},
};

#define NEVER(what_, guide_) \
  {what_, SS_EXAMPLE_NO_EVENT, guide_, SS_EVENT_SLIP, guide_ ".ratio", NAN, NAN, 0.0, NAN, NULL, \
   false}
static const ss_example_value never_slips[] = {
  NEVER("the mechanism never slips", "slider1"),
};
static const ss_example_value both_stay[] = {
  NEVER("guide 1 never slips", "slider1"),
  NEVER("guide 2 never slips", "slider2"),
};
#undef NEVER

static const ss_example_setting wojtyra2_settings[] = {
  {"Eliminate revolute 1", "treatment=eliminate-revolute-1", NULL, 0},
  {"Eliminate revolute 2", "treatment=eliminate-revolute-2", never_slips, 1},
  {"Pseudoinverse", "treatment=pseudoinverse", NULL, 0},
};

static const ss_example_setting wojtyra3_settings[] = {
  {"γ1 = γ2", "law=regularised", both_stay, 2},
  {"γ1 = 2γ2", "law=regularised gamma_1=2e-5", NULL, 0},
};

static const ss_example_setting wojtyra4_settings[] = {
  {"Equal σ0", "law=lugre", NULL, 0},
  {"σ0,1 = 2σ0,2", "law=lugre sigma0_1=2e5", both_stay, 2},
};

static const ss_example_setting wojtyra5_settings[] = {
  {"k1 = k2", "rod=flexible", NULL, 0},
  {"k1 = 3k2", "rod=flexible k1=3e5", both_stay, 2},
};

#define N_OF(a) (int)(sizeof a / sizeof a[0])

/* The grid of the two-slider's reference table: its row-based instants
 * (a friction maximum, a release) are measured on it. */
#define TS_GRID 1e-4

static const ss_example examples[] = {
  {"dupont", "dupont", "BlajerMarkiewicz", "Blajer & Markiewicz, §3, Fig. 4",
   "Mass in a slot: stiction and reversals (Fig. 4)",
   "Dupont's example as Blajer & Markiewicz reproduce it: the force across the slot presses the "
   "mass against the wall through inertia, so the normal force and the friction limit pass "
   "through zero twice per period. Look at the shaded stiction intervals and at where the "
   "velocity crosses zero without sticking; the markers give the paper's instants. All agree "
   "within 0.1 s except the reversal the paper puts at 3.7 s: its own data place it at 3.18 s "
   "(an independent brute-force integration agrees), so the app takes 3.7 for a misprint.",
   0.0, dupont_settings, N_OF(dupont_settings)},
  {"slider-crank-1", "slider-crank-offset", "BlajerMarkiewicz", "Blajer & Markiewicz, §6.1, Example 1",
   "Offset slider-crank with and without friction (Example 1)",
   "A crank, a coupler and a block on a guide, driven by a crank torque, with friction in the "
   "three pins and the guide. The paper shows its results as figures only and draws the torque "
   "without printing it, so there are no numbers to mark; the torque here (15 sin 3t N m) is "
   "the app's own. Compare the two settings: friction changes the motion substantially, and "
   "with friction the mechanism sticks as a whole while the torque cannot overcome it; the "
   "individual joint forces are then undetermined and left empty.",
   0.0, friction_settings, N_OF(friction_settings)},
  {"slider-crank-2", "slider-crank", "BlajerMarkiewicz", "Blajer & Markiewicz, §6.2, Example 2",
   "Hanging slider-crank with and without friction (Example 2)",
   "The crank and the rod hang along the guide under gravity and a sinusoidal crank torque. The "
   "paper shows figures only (the torque is drawn, not printed), so the torque amplitude and "
   "the massless slider are the app's choices and nothing is marked. Look at the stiction "
   "intervals, the slip-through reversals with their jump in acceleration, and the gaps in the "
   "joint forces while the mechanism is stuck, as in the paper's figures. The paper prints "
   "μts = 0.15 twice in its data; the second is the pins' μrs.",
   0.0, friction_settings, N_OF(friction_settings)},
  {"gear-train-levels", "gear-train", "Zardecki2006", "Żardecki 2006, §4.1, Fig. 10",
   "Steering gear at four modelling levels (Fig. 10)",
   "A gear train with freeplay in the shafts and the mesh and friction in four bearings, from "
   "the full model (level 1) through the paper's three simplifications. The paper derives the "
   "reductions and prints no simulation, so nothing is marked: compare the levels instead. "
   "Level 2 stays close to level 1 because the gears' small inertias are overdamped; level 3 "
   "lumps the three freeplays into one gap of the chain; level 4 drops freeplay and dry "
   "friction. The app keeps separate static and kinetic bearing levels and, at level 4, the "
   "finite tooth stiffness (the paper lets it grow without bound); the parameters are a "
   "worm-and-sector steering gear of its own.",
   0.0, level_settings, N_OF(level_settings)},
  {"two-block", "two-block", "Zardecki2007", "Żardecki 2007, §4",
   "Two blocks, three frictional contacts (§4)",
   "Two blocks on a base pressed against each other: contacts 10 and 20 with the base, 12 "
   "between them. The paper derives the model for its five velocity cases without a numerical "
   "history; with the default loads the run visits all five (column 'case'). With both blocks "
   "stuck the three friction forces are indeterminate: only their sums on each block are "
   "shown, the individual forces are left empty. The paper's rule for total stiction (eq. "
   "4.9-4.10) loses one constraint (error E1): in the second setting it gives accelerations "
   "of 3 m/s², so the speeds marked, but the blocks move together at 4 m/s² with contact 12 "
   "holding, which the app's exact projection computes. The marked speeds are the app's "
   "evaluation of the printed formula; the paper prints no such numbers.",
   0.0, two_block_settings, N_OF(two_block_settings)},
  {"wojtyra-1", "two-slider", "Wojtyra2016", "Wojtyra 2016, Example 1",
   "Two sliders: possible reactions at rest (Example 1)",
   "Locked by stiction, the two-slider mechanism is redundantly constrained: at given loads a "
   "whole family of reaction solutions fits, some within both friction cones and some not (the "
   "paper's solutions 16 and 17). From 3 s on the loads are Example 1's. Once the mechanism "
   "rests again (about 4.3 s) the load split chart shows the interval of α, the share of the "
   "rod's load through revolute 1, for which both guides can stick: 0.74 to 1, so solution 17 "
   "(α = 0.75) sticks and solution 16 (α = 0.5) does not. `stickslip-cli statics two-slider` "
   "prints the whole family. Nothing is marked: the example is about loads, not instants.",
   0.0, wojtyra1_settings, N_OF(wojtyra1_settings)},
  {"wojtyra-2", "two-slider", "Wojtyra2016", "Wojtyra 2016, Example 2",
   "Two sliders: three treatments of the redundant constraint (Example 2)",
   "Exact Coulomb friction with constraint addition-deletion: while both guides stick the "
   "equilibrium has one equation too many, and the treatment chooses the solution, so it "
   "decides when friction gives way. Eliminating revolute 1, guide 2 reaches its static "
   "maximum first and the mechanism slips later; eliminating revolute 2 it never slips; with "
   "the pseudoinverse the friction directions are incoherent at first. The markers give the "
   "paper's instants. Not reproduced: the pseudoinverse's late times (guide 1 at its maximum "
   "at 2.98 s, slip at 3.59 s). The release comes just before the loads stop changing at 3 s, "
   "the slip 0.59 s after; with constant loads no consistent rigid model changes state, so the "
   "app releases and slips earlier (1.97 and 2.58 s). "
   "The default loads are calibrated for Examples 2-5: four load values (the ends of the two "
   "ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the "
   "markers' agreement is by design, not an independent check.",
   TS_GRID, wojtyra2_settings, N_OF(wojtyra2_settings)},
  {"wojtyra-3", "two-slider", "Wojtyra2016", "Wojtyra 2016, Example 3",
   "Two sliders, regularised friction (Example 3)",
   "Regularised Coulomb friction: below each guide's velocity γ friction grows with speed, so a "
   "guide that holds still creeps, and the two γ decide how the load is shared. With equal γ "
   "both guides only creep, with no gross motion (the paper's drift speeds are about 9.4e-6 "
   "and 3.9e-6 m/s). With γ1 = 2γ2 the mechanism slips; the marker gives when the paper's "
   "friction reaches its maximum. The app's slip event is when a guide's speed passes its γ, "
   "where regularised friction is largest, so the two coincide. "
   "The default loads are calibrated for Examples 2-5: four load values (the ends of the two "
   "ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the "
   "markers' agreement is by design, not an independent check.",
   TS_GRID, wojtyra3_settings, N_OF(wojtyra3_settings)},
  {"wojtyra-4", "two-slider", "Wojtyra2016", "Wojtyra 2016, Example 4",
   "Two sliders, LuGre friction (Example 4)",
   "LuGre friction: each guide's bristle stiffness σ0 decides how the load is shared. With "
   "equal σ0 the mechanism slips; the markers give when each guide's friction peaks and when "
   "both fall to the kinetic level. The app's slip events are when a guide's speed passes "
   "v_stick, about 0.02 s before its friction peaks. With σ0,1 = 2σ0,2 nothing moves. "
   "The default loads are calibrated for Examples 2-5: four load values (the ends of the two "
   "ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the "
   "markers' agreement is by design, not an independent check.",
   TS_GRID, wojtyra4_settings, N_OF(wojtyra4_settings)},
  {"wojtyra-5", "two-slider", "Wojtyra2016", "Wojtyra 2016, Example 5",
   "Two sliders, flexible rod (Example 5)",
   "The rod in three segments joined by axial springs: the mechanism is no longer redundant, "
   "each guide sticks and slips on its own and, with both stuck, the springs fix the split "
   "(α = k1/(k1 + k2)). With k1 = k2 it behaves like the rigid rod and the guides slip one "
   "after the other (markers); with k1 = 3k2 both stay stuck, with the paper's solution 17. "
   "The paper runs this with every friction law: change the law to compare. "
   "The default loads are calibrated for Examples 2-5: four load values (the ends of the two "
   "ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the "
   "markers' agreement is by design, not an independent check.",
   TS_GRID, wojtyra5_settings, N_OF(wojtyra5_settings)},
};
/* clang-format on */

int ss_example_count(void) { return N_OF(examples); }

const ss_example *ss_example_get(int i)
{
  return i >= 0 && i < N_OF(examples) ? &examples[i] : NULL;
}

const ss_example *ss_example_find(const char *id)
{
  for (int i = 0; id && i < N_OF(examples); i++)
    if (strcmp(examples[i].id, id) == 0)
      return &examples[i];
  return NULL;
}

const ss_scenario *ss_example_scenario(const ss_example *ex)
{
  return ex ? ss_scenario_find(ex->scenario) : NULL;
}

static char *dup_message(const char *text)
{
  size_t n = strlen(text) + 1;
  char *s = malloc(n);
  if (s)
    memcpy(s, text, n);
  return s;
}

double *ss_example_setting_values(const ss_example *ex, int s, char **error)
{
  const ss_scenario *sc = ss_example_scenario(ex);
  if (!sc || s < 0 || s >= ex->n_settings) {
    if (error)
      *error = dup_message("no such example setting");
    return NULL;
  }
  double *values = malloc(sizeof(double) * (size_t)(sc->n_params + 1));
  char *buf = dup_message(ex->settings[s].assignments);
  if (!values || !buf) {
    free(values);
    free(buf);
    if (error)
      *error = dup_message("out of memory");
    return NULL;
  }
  ss_scenario_defaults(sc, values);
  bool ok = true;
  for (char *save = NULL, *tok = strtok_r(buf, " ", &save); ok && tok;
       tok = strtok_r(NULL, " ", &save))
    ok = ss_param_set_assignment(sc, values, tok, error);
  free(buf);
  if (!ok) {
    free(values);
    return NULL;
  }
  return values;
}

ss_model *ss_example_model_new(const ss_example *ex, int s, char **error)
{
  double *values = ss_example_setting_values(ex, s, error);
  if (!values)
    return NULL;
  const ss_scenario *sc = ss_example_scenario(ex);
  ss_model *m = sc->create(sc, values, error);
  free(values);
  return m;
}

/* The two-slider reference rows of setting s with a published instant, in
 * table order: counts them, and stores the one numbered `want` in *out. */
static int reference_rows(const ss_example *ex, int s, int want, const ss_ts_reference **out)
{
  if (strcmp(ex->scenario, "two-slider") != 0)
    return 0;
  int n_refs, found = 0;
  const ss_ts_reference *refs = ss_two_slider_references(&n_refs);
  for (int r = 0; r < n_refs; r++) {
    if (isnan(refs[r].published) || strcmp(refs[r].setting, ex->settings[s].assignments) != 0)
      continue;
    if (found == want && out)
      *out = &refs[r];
    found++;
  }
  return found;
}

int ss_example_n_values(const ss_example *ex, int s)
{
  if (!ex || s < 0 || s >= ex->n_settings)
    return 0;
  return ex->settings[s].n_values + reference_rows(ex, s, -1, NULL);
}

bool ss_example_get_value(const ss_example *ex, int s, int i, ss_example_value *out)
{
  if (i < 0 || i >= ss_example_n_values(ex, s))
    return false;
  const ss_example_setting *set = &ex->settings[s];
  if (i < set->n_values) {
    *out = set->values[i];
    return true;
  }
  const ss_ts_reference *ref = NULL;
  reference_rows(ex, s, i - set->n_values, &ref);
  bool reproduced = !isnan(ref->agreement);
  *out = (ss_example_value){
      .what = ref->statement,
      .measure = SS_EXAMPLE_REFERENCE,
      .source = ref->guide == 2 ? "slider2" : "slider1",
      .event = SS_EVENT_SLIP,
      .column = ref->guide == 2 ? "slider2.ratio" : "slider1.ratio",
      .t = ref->published,
      .value = NAN,
      .tolerance = ref->agreement,
      .ours = reproduced ? NAN : ref->computed,
      .reference = ref,
  };
  return true;
}

static int source_index(const ss_model *m, const char *name)
{
  for (int i = 0; name && i < ss_model_n_sources(m); i++)
    if (strcmp(ss_model_source_name(m, i), name) == 0)
      return i;
  return -1;
}

double ss_example_measure(const ss_example_value *v, const ss_model *m, const ss_trace *tr)
{
  switch (v->measure) {
  case SS_EXAMPLE_EVENT: {
    int source = source_index(m, v->source);
    double best = NAN;
    for (size_t e = 0; e < tr->n_events; e++)
      if (tr->events[e].source == source && tr->events[e].kind == v->event &&
          !(fabs(tr->events[e].t - v->t) >= fabs(best - v->t)))
        best = tr->events[e].t;
    return best;
  }
  case SS_EXAMPLE_NO_EVENT: {
    int source = source_index(m, v->source);
    for (size_t e = 0; e < tr->n_events; e++)
      if (tr->events[e].source == source && tr->events[e].kind == v->event)
        return tr->events[e].t;
    return NAN;
  }
  case SS_EXAMPLE_VALUE: {
    /* linear between the rows around t */
    int c = ss_model_column_find(m, v->column);
    for (size_t r = 0; c >= 0 && r < tr->n_rows; r++) {
      if (tr->t[r] < v->t)
        continue;
      if (tr->t[r] == v->t || r == 0)
        return ss_trace_at(tr, r, c);
      double w = (v->t - tr->t[r - 1]) / (tr->t[r] - tr->t[r - 1]);
      return (1 - w) * ss_trace_at(tr, r - 1, c) + w * ss_trace_at(tr, r, c);
    }
    return NAN;
  }
  case SS_EXAMPLE_REFERENCE: return ss_two_slider_reference_instant(v->reference, m, tr);
  }
  return NAN;
}

bool ss_example_value_holds(const ss_example_value *v, double measured)
{
  if (v->measure == SS_EXAMPLE_NO_EVENT)
    return isnan(measured);
  if (isnan(measured))
    return false;
  if (isnan(v->tolerance))
    return fabs(measured - v->ours) <= SS_EXAMPLE_OURS_TOL;
  double published = v->measure == SS_EXAMPLE_VALUE ? v->value : v->t;
  return fabs(measured - published) <= v->tolerance;
}

int ss_example_match_setting(const ss_example *ex, const double *values)
{
  const ss_scenario *sc = ss_example_scenario(ex);
  for (int s = 0; sc && values && s < ex->n_settings; s++) {
    double *set = ss_example_setting_values(ex, s, NULL);
    bool equal = set != NULL;
    for (int p = 0; equal && p < sc->n_params; p++)
      equal = set[p] == values[p];
    free(set);
    if (equal)
      return s;
  }
  return -1;
}
