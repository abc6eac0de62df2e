/* ss-model-strings.h - translations of the texts the engine's scenario
 * tables carry (titles, labels, descriptions, groups, choices). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *ss_model_string (const char *english);
const char *ss_model_choice_label (const char *choice);

/* Every text of every scenario table, NULL-terminated (generated). */
extern const char *const ss_model_strings_list[];

G_END_DECLS
