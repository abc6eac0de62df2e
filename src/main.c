/* main.c - the `stickslip` application. */
#define G_LOG_DOMAIN "stickslip"

#include "config.h"

#include "ss-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SsApplication) app = NULL;

  ss_application_init_i18n ();
  app = ss_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
