/* cvode-build.c - which SUNDIALS CVODE this binary runs (meson sets
 * SS_CVODE_OPTIMISED; bench output quotes it, since Debian's library is
 * about 3x slower). */
#include <sundials/sundials_config.h>

#include "stickslip.h"

const char *ss_cvode_build(void)
{
#if SS_CVODE_OPTIMISED
  return "optimised build (SUNDIALS " SUNDIALS_VERSION ", -O2, static)";
#else
  return "Debian's library (libsundials-dev, unoptimised)";
#endif
}
