/* scenario.c - the registry of scenarios. */
#include <string.h>

#include "scenarios.h"

static const ss_scenario *const all_scenarios[] = {
    &ss_scenario_one_mass,   &ss_scenario_dupont,       &ss_scenario_two_block,
    &ss_scenario_gear_train, &ss_scenario_slider_crank, &ss_scenario_slider_crank_offset,
    &ss_scenario_two_slider,
};

int ss_scenario_count(void) { return (int)(sizeof all_scenarios / sizeof all_scenarios[0]); }

const ss_scenario *ss_scenario_get(int index)
{
  if (index < 0 || index >= ss_scenario_count())
    return NULL;
  return all_scenarios[index];
}

const ss_scenario *ss_scenario_find(const char *name)
{
  for (int i = 0; name && i < ss_scenario_count(); i++)
    if (strcmp(all_scenarios[i]->name, name) == 0)
      return all_scenarios[i];
  return NULL;
}

const char *ss_event_kind_name(ss_event_kind kind)
{
  switch (kind) {
  case SS_EVENT_STICK: return "stick";
  case SS_EVENT_SLIP: return "slip";
  case SS_EVENT_REVERSE: return "reverse";
  case SS_EVENT_GAP_ENTER: return "gap-enter";
  case SS_EVENT_GAP_EXIT: return "gap-exit";
  }
  return "?";
}
