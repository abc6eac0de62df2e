/* ss-model-strings.c - the engine's scenario tables are plain C without
 * gettext; their texts are listed here so xgettext finds them, and looked up
 * at run time by their English text. */
#define G_LOG_DOMAIN "ss-model-strings"

#include "config.h"

#include <glib/gi18n.h>

#include "ss-model-strings.h"

const char *
ss_i18n_model_text (const char *english)
{
  if (english == NULL || english[0] == '\0')
    return english;
  return g_dgettext (GETTEXT_PACKAGE, english);
}

/* One row per choice; clang-format would indent each row deeper than the last. */
/* clang-format off */
static const struct
{
  const char *choice;
  const char *label;
} choice_labels[] = {
  { "exact", N_("Exact Coulomb (event-driven)") },
  { "regularised", N_("Regularised Coulomb (γ)") },
  { "tanh", N_("tanh smoothing") },
  { "lugre", N_("LuGre") },
  { "sine", N_("Sine") },
  { "ramp", N_("Ramp") },
  { "step", N_("Step") },
  { "on", N_("On") },
  { "off", N_("Off (ideal mechanism)") },
  { "minimal", N_("Minimal form") },
  { "absolute", N_("Absolute coordinates") },
  { "1", N_("1 — full model") },
  { "2", N_("2 — weightless gears") },
  { "3", N_("3 — reduced 2-DOF") },
  { "4", N_("4 — linear") },
  { "rigid", N_("Rigid") },
  { "flexible", N_("Flexible (three segments)") },
  { "eliminate-revolute-1", N_("Eliminate revolute 1") },
  { "eliminate-revolute-2", N_("Eliminate revolute 2") },
  { "pseudoinverse", N_("Pseudoinverse") },
};
/* clang-format on */

const char *
ss_i18n_choice_label (const char *choice)
{
  for (guint i = 0; i < G_N_ELEMENTS (choice_labels); i++)
    if (g_strcmp0 (choice_labels[i].choice, choice) == 0)
      return _(choice_labels[i].label);
  return ss_i18n_model_text (choice);
}
