/* ss-model-strings.h - translations of the texts the engine's scenario
 * tables carry (titles, labels, descriptions, groups, choices).  The prefix
 * is ss_i18n_, not ss_model_: these are the GUI's, the engine's ss_model_*
 * functions are in model/include/stickslip/stickslip.h. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *ss_i18n_model_text (const char *english);
const char *ss_i18n_choice_label (const char *choice);

/* Every text of every scenario table, NULL-terminated (generated). */
extern const char *const ss_i18n_model_texts[];

G_END_DECLS
