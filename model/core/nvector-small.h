/* nvector-small.h - SUNDIALS' serial N_Vector with fixed-size kernels for
 * small states (nvector-small.c): results bit for bit the serial vector's. */
#ifndef SS_NVECTOR_SMALL_H
#define SS_NVECTOR_SMALL_H

#include <sundials/sundials_nvector.h>

/* A serial vector of length n whose hot operations are the fixed-size
 * kernels; its clones are too.  NULL when out of memory. */
N_Vector ss_nvector_small_new(sunindextype n, SUNContext ctx);
/* Puts the kernels into serial vector v's ops table. */
void ss_nvector_small_ops(N_Vector v);

#endif
