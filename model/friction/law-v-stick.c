/* law-v-stick.c - the stick velocity: a parameter of the smooth laws that
 * report stick below a velocity of their own choosing (tanh, LuGre).  Its
 * own unit, so that the laws' files and the table of laws.c do not refer
 * to each other in a circle. */
#include <stddef.h>

#include "friction.h"

const ss_law_param ss_law_v_stick = {
    .stem = "v_stick",
    .label = "Stick velocity (smooth laws)",
    .label_turn = "Stick rate (smooth laws)",
    .unit = "m/s",
    .unit_turn = "rad/s",
    .def = 1e-4,
    .min = 1e-12,
    .max = 1.0,
    .flags = SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
    .description = "tanh and LuGre: |v| below this is reported as stick (regularised uses gamma)",
    .description_turn =
        "tanh and LuGre: |rate| below this is reported as stick (regularised uses gamma)",
    .per_contact = false,
    .field = offsetof(ss_friction, v_stick),
};
