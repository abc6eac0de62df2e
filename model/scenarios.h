/* scenarios.h - every scenario the library ships (one .c file each). */
#ifndef SS_SCENARIOS_H
#define SS_SCENARIOS_H

#include "stickslip.h"

extern const ss_scenario ss_scenario_one_mass;
extern const ss_scenario ss_scenario_dupont;
extern const ss_scenario ss_scenario_two_block;

#endif
