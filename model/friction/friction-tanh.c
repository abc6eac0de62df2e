/* friction-tanh.c - smooth Coulomb mu_k tanh(k v) (Wojtyra & Fraczek eq. 2). */
#include <math.h>

#include "friction.h"

double ss_mu_tanh(const ss_friction *f, double v) { return f->mu_k * tanh(f->k_tanh * v); }
