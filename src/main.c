/* main.c - the `stickslip` application. */
#define G_LOG_DOMAIN "stickslip"

#include "config.h"

#include "ss-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr(SsApplication) app = NULL;
  int status;

  ss_application_init_i18n ();
  app = ss_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status != 0 ? status : ss_application_get_exit_status (app);
}
