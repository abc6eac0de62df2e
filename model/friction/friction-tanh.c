/* friction-tanh.c - smooth Coulomb mu_k tanh(k v) ([WojtyraFraczek] eq. 2). */
#include <math.h>
#include <stddef.h>

#include "friction.h"

static double mu(const ss_friction *f, double v, double z, double *zdot)
{
  (void)z;
  *zdot = 0.0;
  return f->mu_k * tanh(f->k_tanh * v);
}

static const ss_law_param k_tanh_param = {
    .stem = "k_tanh",
    .label = "tanh steepness k",
    .unit = "s/m",
    .unit_turn = "s/rad",
    .def = 1e3,
    .min = 1e-3,
    .max = 1e9,
    .flags = SS_PARAM_LOG | SS_PARAM_MIN_EXCLUSIVE,
    .description = "tanh law: friction coefficient mu_k tanh(k v)",
    .description_turn = "tanh law: friction MT0k tanh(k omega)",
    .per_contact = true,
    .field = offsetof(ss_friction, k_tanh),
};

static const ss_law_param *const params[] = {&k_tanh_param, &ss_law_v_stick, NULL};

const ss_law_info ss_law_tanh = {
    .name = "tanh",
    .label = "tanh smoothing",
    .params = params,
    .mu = mu,
};
