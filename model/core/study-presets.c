/* study-presets.c - the studies shipped with the program (study-presets.h).
 * Ranges are chosen to show the transition each study is about; the
 * descriptions state what the table shows (tests/model/test-study.c checks
 * the two-slider ones). */
#include <stdlib.h>
#include <string.h>

#include "ss-internal.h"
#include "study-presets.h"

static const ss_study_preset presets[] = {
    /* [Wojtyra2016] Example 3: gamma_1 = gamma_2 stays stuck, gamma_1 =
     * 2 gamma_2 slips near 1.96 s; 26 points put both ratios on the grid */
    {"two-slider-gamma",
     "Two sliders: first slip over γ1 (regularised law, γ2 = 1e-5 m/s)",
     "Wojtyra 2016, Example 3: the regularised law's velocities γ1 and γ2 decide whether the "
     "mechanism slips. With γ1 = γ2 it stays stuck (no first slip); from γ1 = 1.8 γ2 on it "
     "slips, near 1.95 s at γ1 = 2 γ2.",
     "two-slider",
     {"law=regularised", "gamma_2=1e-5", NULL},
     {"gamma_1=5e-6:3e-5:26", NULL},
     {"slider1.first_slip", "slider2.first_slip", NULL}},
    /* [Wojtyra2016] Example 4: the LuGre law's bristle stiffnesses */
    {"two-slider-sigma0",
     "Two sliders: first slip over σ0_1 (LuGre law, σ0_2 = 1e5 1/m)",
     "Wojtyra 2016, Example 4: the LuGre law's bristle stiffnesses σ0_1 and σ0_2 decide whether "
     "the mechanism slips. With σ0_1 = σ0_2 it slips near 1.92 s; with σ0_1 = 2 σ0_2 it stays "
     "stuck (no first slip).",
     "two-slider",
     {"law=lugre", "sigma0_2=1e5", NULL},
     {"sigma0_1=5e4:3e5:26", NULL},
     {"slider1.first_slip", "slider2.first_slip", NULL}},
    /* both regularisation velocities on a grid: the ratio decides */
    {"two-slider-gamma-grid",
     "Two sliders: first slip over γ1 and γ2 (regularised law)",
     "The regularised law's velocities γ1 and γ2 on a logarithmic grid: whether and when the "
     "sliders first slip depends on the ratio γ1/γ2, so the slips lie along a diagonal band.",
     "two-slider",
     {"law=regularised", NULL},
     {"gamma_1=5e-6:4e-5:21:log", "gamma_2=5e-6:4e-5:21:log", NULL},
     {"slider1.first_slip", "slider2.first_slip", NULL}},
    /* [Zardecki2006]'s full gear train: a soft mesh delays the load side */
    {"gear-train-mesh",
     "Gear train (full model): first slip of the γ and ϕ bearings over the mesh stiffness",
     "Żardecki 2006, the full 4-DOF gear train: the tooth stiffness k_delta_gamma from 1 to 1e5 "
     "N m/rad. A soft mesh delays the first slip of the γ bearing and keeps the ϕ bearing stuck "
     "(no first slip) below about 5 N m/rad.",
     "gear-train",
     {"level=1", NULL},
     {"k_delta_gamma=1:1e5:21:log", NULL},
     {"bearing_gamma.first_slip", "bearing_phi.first_slip", NULL}},
};

int ss_study_preset_count(void) { return (int)(sizeof presets / sizeof presets[0]); }

const ss_study_preset *ss_study_preset_get(int i)
{
  return i >= 0 && i < ss_study_preset_count() ? &presets[i] : NULL;
}

const ss_study_preset *ss_study_preset_find(const char *name)
{
  for (int i = 0; name && i < ss_study_preset_count(); i++)
    if (strcmp(presets[i].name, name) == 0)
      return &presets[i];
  return NULL;
}

ss_study *ss_study_preset_build(const ss_study_preset *p, char **error)
{
  if (!p)
    return ss_set_error(error, "no such study preset");
  ss_study *st = ss_study_new(ss_scenario_find(p->scenario));
  if (!st)
    return ss_set_error(error, "study preset '%s': no scenario '%s'", p->name, p->scenario);
  char *err = NULL;
  bool ok = true;
  for (int i = 0; ok && p->sets[i]; i++)
    ok = ss_study_set(st, p->sets[i], &err);
  for (int i = 0; ok && p->axes[i]; i++)
    ok = ss_study_add_axis_text(st, p->axes[i], &err);
  for (int i = 0; ok && p->outcomes[i]; i++)
    ok = ss_study_add_outcome(st, p->outcomes[i], &err);
  ok = ok && ss_study_validate(st, &err);
  if (!ok) {
    ss_set_error(error, "study preset '%s': %s", p->name, err ? err : "invalid");
    free(err);
    ss_study_free(st);
    return NULL;
  }
  return st;
}
