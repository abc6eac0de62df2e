/* scenario.c - the registry of scenarios.  Each mechanism file defines its
 * scenario with law rows as placeholders (friction.h); the scenarios handed
 * out here have them expanded, built once on first use (call_once: any
 * thread may be first). */
#include <string.h>
#include <threads.h>

#include "friction.h"
#include "scenarios.h"

static const ss_scenario *const templates[] = {
    &ss_scenario_one_mass,   &ss_scenario_dupont,       &ss_scenario_two_block,
    &ss_scenario_gear_train, &ss_scenario_slider_crank, &ss_scenario_slider_crank_offset,
    &ss_scenario_two_slider,
};

enum { N_SCENARIOS = sizeof templates / sizeof templates[0] };

static ss_scenario built[N_SCENARIOS];
static unsigned *param_laws[N_SCENARIOS]; /* per parameter: the laws that read it, 0: all */
static once_flag built_once = ONCE_FLAG_INIT;

static void build(void)
{
  for (int i = 0; i < N_SCENARIOS; i++) {
    built[i] = *templates[i];
    built[i].params = ss_law_expand_params(templates[i]->params, templates[i]->n_params,
                                           &built[i].n_params, &param_laws[i]);
  }
}

int ss_scenario_count(void) { return N_SCENARIOS; }

const ss_scenario *ss_scenario_get(int index)
{
  if (index < 0 || index >= N_SCENARIOS)
    return NULL;
  call_once(&built_once, build);
  return &built[index];
}

const ss_scenario *ss_scenario_find(const char *name)
{
  for (int i = 0; name && i < N_SCENARIOS; i++)
    if (strcmp(templates[i]->name, name) == 0)
      return ss_scenario_get(i);
  return NULL;
}

bool ss_param_law_uses(const ss_scenario *sc, int param_index, int law)
{
  for (int i = 0; sc && i < N_SCENARIOS; i++)
    if (sc == &built[i]) {
      if (param_index < 0 || param_index >= sc->n_params)
        return false;
      unsigned mask = param_laws[i][param_index];
      return mask == 0 || (law >= 0 && law < ss_law_count() && (mask >> law & 1u));
    }
  return false;
}

const char *ss_event_kind_name(ss_event_kind kind)
{
  switch (kind) {
  case SS_EVENT_STICK: return "stick";
  case SS_EVENT_SLIP: return "slip";
  case SS_EVENT_REVERSE: return "reverse";
  case SS_EVENT_GAP_ENTER: return "gap-enter";
  case SS_EVENT_GAP_EXIT: return "gap-exit";
  case SS_EVENT_RELEASE: return "release";
  case SS_EVENT_LOCK: return "lock";
  }
  return "?";
}
