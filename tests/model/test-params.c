/* test-params.c - parameter tables and values: parsing and range checks
 * with the previous value kept, text that reads back to the same value,
 * defaults that build a model, and which law reads which parameter. */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "friction.h" /* ss_law_count: the laws of the table */
#include "stickslip.h"

static void test_param_validation(void)
{
  const ss_scenario *sc = ss_scenario_find("one-mass");
  g_assert_nonnull(sc);
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  int ik = ss_scenario_param_index(sc, "k");
  g_assert_cmpint(ik, >=, 0);
  double before = values[ik];
  char *err = NULL;
  g_assert_false(ss_param_set_text(sc, values, "k", "-5", &err));
  g_assert_nonnull(strstr(err, "'k'"));
  g_assert_nonnull(strstr(err, "N/m"));
  g_assert_cmpfloat(values[ik], ==, before); /* previous value kept */
  g_assert_false(ss_param_set_text(sc, values, "k", "nan", &err));
  g_assert_false(ss_param_set_text(sc, values, "k", "inf", &err));
  g_assert_false(ss_param_set_text(sc, values, "k", "0", &err));
  g_assert_false(ss_param_set_text(sc, values, "M", "-1", &err));
  g_assert_false(ss_param_set_text(sc, values, "nosuch", "1", &err));
  g_assert_nonnull(strstr(err, "nosuch"));
  g_assert_true(ss_param_set_text(sc, values, "law", "lugre", &err));
  g_assert_cmpfloat(values[ss_scenario_param_index(sc, "law")], ==, 3.0);
  g_assert_false(ss_param_set_text(sc, values, "law", "magic", &err));
  g_assert_nonnull(strstr(err, "regularised"));
  g_assert_true(ss_param_set_assignment(sc, values, "k=250.5", &err));
  g_assert_cmpfloat(values[ik], ==, 250.5);
  /* cross-parameter check in create(): mu_k above mu_s is refused */
  g_assert_true(ss_param_set_text(sc, values, "mu_k", "0.9", &err));
  ss_model *m = sc->create(sc, values, &err);
  g_assert_null(m);
  g_assert_nonnull(strstr(err, "mu_k"));
  g_assert_nonnull(strstr(err, "mu_s"));
  free(err);
  g_free(values);
}

static void test_param_format_roundtrip(void)
{
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    double *values = g_new(double, sc->n_params);
    ss_scenario_defaults(sc, values);
    for (int i = 0; i < sc->n_params; i++) {
      char buf[64];
      char *err = NULL;
      g_assert_true(ss_param_check(&sc->params[i], sc->params[i].def, &err));
      ss_param_format(&sc->params[i], values[i], buf, sizeof buf);
      double old = values[i];
      values[i] = -12345;
      g_assert_true(ss_param_set_text(sc, values, sc->params[i].name, buf, &err));
      g_assert_cmpfloat(values[i], ==, old);
    }
    /* defaults build a model */
    char *err = NULL;
    ss_model *m = sc->create(sc, values, &err);
    g_assert_nonnull(m);
    ss_model_free(m);
    g_free(values);
  }
}

/* Law parameters belong to the laws that read them (the GUI hides the
 * others): per contact and per scenario, sliding and turning contacts. */
static void test_param_law_uses(void)
{
  static const struct {
    const char *scenario, *param;
    bool uses[4]; /* exact, regularised, tanh, lugre */
  } cases[] = {
      {"one-mass", "gamma", {false, true, false, false}},
      {"one-mass", "k_tanh", {false, false, true, false}},
      {"one-mass", "sigma0", {false, false, false, true}},
      {"one-mass", "sigma1", {false, false, false, true}},
      {"one-mass", "vartheta", {false, false, false, true}},
      {"one-mass", "v_stick", {false, false, true, true}},
      {"one-mass", "mu_s", {true, true, true, true}},
      {"one-mass", "law", {true, true, true, true}},
      {"dupont", "k_tanh", {false, false, true, false}},
      {"two-slider", "gamma_1", {false, true, false, false}},
      {"two-slider", "gamma_2", {false, true, false, false}},
      {"two-slider", "vartheta_2", {false, false, false, true}},
      {"two-slider", "v_stick", {false, false, true, true}},
      {"two-slider", "treatment", {true, true, true, true}},
      {"gear-train", "sigma1", {false, false, false, true}},
      {"gear-train", "gap_gamma_phi", {true, true, true, true}}, /* not the law's gamma */
      {"gear-train", "k_gamma_phi", {true, true, true, true}},
      {"two-block", "mu_s10", {true, true, true, true}},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    const ss_scenario *sc = ss_scenario_find(cases[i].scenario);
    int k = ss_scenario_param_index(sc, cases[i].param);
    g_assert_cmpint(k, >=, 0);
    for (int law = 0; law < 4; law++)
      if (ss_param_law_uses(sc, k, law) != cases[i].uses[law])
        g_error("%s %s: law %d", cases[i].scenario, cases[i].param, law);
  }
  /* the law choice lists every law once, its range follows */
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    int k = ss_scenario_param_index(sc, "law");
    if (k < 0)
      continue;
    const ss_param_info *p = &sc->params[k];
    int n = 0;
    while (p->choices[n])
      n++;
    g_assert_cmpint(n, ==, ss_law_count());
    g_assert_cmpfloat(p->max, ==, n - 1);
    g_assert_cmpstr(p->choices[3], ==, "lugre");
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/params/validation", test_param_validation);
  g_test_add_func("/params/format-roundtrip", test_param_format_roundtrip);
  g_test_add_func("/params/law-uses", test_param_law_uses);
  return g_test_run();
}
