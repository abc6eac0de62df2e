/* version.c - the program's version, for --version and what an output
 * records of how it was made. */
#include "ss-version.h"
#include "stickslip.h"

const char *ss_version(void)
{
  /* outside a git checkout vcs_tag's fallback leaves the description empty */
  return SS_VCS_DESCRIBE[0] ? SS_RELEASE_VERSION " (git " SS_VCS_DESCRIBE ")" : SS_RELEASE_VERSION;
}
