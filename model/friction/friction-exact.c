/* friction-exact.c - Coulomb friction with static/kinetic levels, resolved
 * by events: the stick/slip decision at zero relative velocity (Gauss
 * principle in 1-D: the static force is sat(applied, limit)). */
#include <math.h>

#include "friction.h"

int ss_resolve_1d(double applied, double static_limit)
{
  if (fabs(applied) <= static_limit)
    return SS_MODE_STICK;
  return applied > 0.0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
}

static const ss_law_param *const params[] = {NULL}; /* mu_s and mu_k only */

const ss_law_info ss_law_exact = {
    .name = "exact",
    .label = "Exact Coulomb (event-driven)",
    .event_driven = true,
    .params = params,
};
