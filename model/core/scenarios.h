/* scenarios.h - every scenario the library ships (one .c file each), as its
 * file defines it: the parameter table is a template whose law rows are
 * placeholders.  Reach the scenarios through ss_scenario_get/find, which
 * hand out the expanded ones. */
#ifndef SS_SCENARIOS_H
#define SS_SCENARIOS_H

#include "stickslip.h"

extern const ss_scenario ss_scenario_one_mass;
extern const ss_scenario ss_scenario_dupont;
extern const ss_scenario ss_scenario_two_block;
extern const ss_scenario ss_scenario_gear_train;
extern const ss_scenario ss_scenario_slider_crank;
extern const ss_scenario ss_scenario_slider_crank_offset;
extern const ss_scenario ss_scenario_two_slider;

#endif
