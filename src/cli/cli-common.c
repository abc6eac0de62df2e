/* cli-common.c - the CLI's shared option parsing and output writing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-common.h"

bool cli_parse_option(const ss_param_info *p, const char *text, double *out, GError **error)
{
  char *err = NULL;
  if (!ss_param_parse(p, text, out, &err)) {
    g_set_error_literal(error, CLI_ERROR, CLI_ERROR_VALUE, err);
    free(err);
    return false;
  }
  return true;
}

bool cli_write_output(const char *path, const char *data, size_t len)
{
  char *err = NULL;
  if (ss_output_write_all(path, data, len, &err))
    return true;
  fprintf(stderr, "stickslip-cli: %s\n", err ? err : "cannot write the output");
  free(err);
  return false;
}

bool cli_output_once(const char *option, const char **slot, const char *val, GError **error)
{
  if (*slot) {
    g_set_error(error, CLI_ERROR, CLI_ERROR_VALUE,
                "%s given twice ('%s' and '%s'); one file per output", option,
                ss_excerpt(*slot).text, ss_excerpt(val).text);
    return false;
  }
  *slot = cli_keep(val);
  return true;
}

bool cli_files_distinct(const char *const *options, const char *const *paths, int n, int n_inputs)
{
  for (int j = n_inputs; j < n; j++)
    for (int i = 0; i < j; i++) {
      if (!paths[i] || !paths[j] || !ss_output_same_file(paths[i], paths[j]))
        continue;
      const char *why =
          i < n_inputs ? "the output would overwrite the input" : "give each output its own file";
      if (strcmp(paths[i], paths[j]) == 0)
        fprintf(stderr, "stickslip-cli: %s and %s name the same file '%s'; %s\n", options[i],
                options[j], ss_excerpt(paths[i]).text, why);
      else
        fprintf(stderr, "stickslip-cli: %s '%s' and %s '%s' are the same file; %s\n", options[i],
                ss_excerpt(paths[i]).text, options[j], ss_excerpt(paths[j]).text, why);
      return false;
    }
  return true;
}

GQuark cli_error_quark(void) { return g_quark_from_static_string("stickslip-cli-error"); }

static GPtrArray *kept;

const char *cli_keep(const char *value)
{
  if (!kept)
    kept = g_ptr_array_new_with_free_func(g_free);
  char *copy = g_strdup(value);
  g_ptr_array_add(kept, copy);
  return copy;
}

void cli_free_kept(void) { g_clear_pointer(&kept, g_ptr_array_unref); }

/* The run options' lines in --help, in the table's order. */
static const struct {
  const char *arg, *help;
} run_option_help[SS_RUN_N_OPTIONS] = {
    [SS_RUN_T_END] = {"S", "end time, s"},
    [SS_RUN_DT_OUT] = {"S", "output step, s"},
    [SS_RUN_RTOL] = {"X", "relative tolerance"},
    [SS_RUN_ATOL] = {"X", "absolute tolerance"},
    [SS_RUN_MAX_STEPS] = {"N", "integrator steps at most"},
    [SS_RUN_MAX_EVENTS] = {"N", "events at most"},
};

/* --t-end VALUE, ... through the engine's table (range, whole numbers). */
static gboolean run_option_cb(const char *name, const char *value, gpointer data, GError **error)
{
  ss_run_opts *opts = data;
  int i = ss_run_option_index(name);
  double v;
  char *err = NULL;
  if (i >= 0 && ss_param_parse(ss_run_option_get(i), value, &v, &err) &&
      ss_run_opts_set(opts, i, v, &err))
    return TRUE;
  g_set_error_literal(error, CLI_ERROR, CLI_ERROR_VALUE, err ? err : name);
  free(err);
  return FALSE;
}

static void print_option(FILE *out, const char *name, const char *arg, const char *help)
{
  char left[64];
  snprintf(left, sizeof left, "--%s%s%s", name, arg ? " " : "", arg ? arg : "");
  if (strlen(left) > 20) /* a long one has its help on the next line */
    fprintf(out, "  %s\n%23s", left, "");
  else
    fprintf(out, "  %-20s ", left);
  for (const char *p = help; *p; p++) /* a help of several lines stays in its column */
    if (*p == '\n')
      fprintf(out, "\n%23s", "");
    else
      fputc(*p, out);
  fputc('\n', out);
}

void cli_print_help(const cli_command *cmd, FILE *out)
{
  fputs(cmd->usage, out);
  int n = 0;
  while (cmd->entries && cmd->entries[n].long_name)
    n++;
  if (n == 0 && cmd->run_options_at < 0)
    return;
  fputc('\n', out);
  for (int i = 0; i <= n; i++) {
    if (i == cmd->run_options_at)
      for (int r = 0; r < SS_RUN_N_OPTIONS; r++)
        print_option(out, ss_run_option_cli_name(r) + 2, run_option_help[r].arg,
                     run_option_help[r].help);
    if (i < n)
      print_option(out, cmd->entries[i].long_name, cmd->entries[i].arg_description,
                   cmd->entries[i].description);
  }
  fputs("\nEach option is given as --opt VALUE or --opt=VALUE.\n", out);
}

int cli_usage_error(const cli_command *cmd, const char *fmt, const char *arg)
{
  fprintf(stderr, "stickslip-cli: ");
  fprintf(stderr, fmt, ss_excerpt(arg).text);
  fputs("\n\n", stderr);
  cli_print_help(cmd, stderr);
  return EXIT_USAGE;
}

int cli_parse_args(const cli_command *cmd, void *data, ss_run_opts *opts, int *argc, char ***argv)
{
  /* GOptionContext takes --opt VALUE and --opt=VALUE; what no table knows
   * is left in argv and refused below, naming it */
  GOptionContext *context = g_option_context_new(NULL);
  g_option_context_set_help_enabled(context, FALSE);
  g_option_context_set_ignore_unknown_options(context, TRUE);
  GOptionGroup *own = g_option_group_new(cmd->name, cmd->name, cmd->name, data, NULL);
  if (cmd->entries)
    g_option_group_add_entries(own, cmd->entries);
  g_option_context_set_main_group(context, own);
  if (cmd->run_options_at >= 0) {
    GOptionEntry run[SS_RUN_N_OPTIONS + 1] = {{0}};
    for (int r = 0; r < SS_RUN_N_OPTIONS; r++)
      run[r] = (GOptionEntry){ss_run_option_cli_name(r) + 2, 0,
                              G_OPTION_FLAG_FILENAME,        G_OPTION_ARG_CALLBACK,
                              (gpointer)run_option_cb,       run_option_help[r].help,
                              run_option_help[r].arg};
    GOptionGroup *group = g_option_group_new("run", "Run options", "run options", opts, NULL);
    g_option_group_add_entries(group, run);
    g_option_context_add_group(context, group);
  }
  /* a value missing can only be the last argument's */
  const char *last = *argc > 1 ? (*argv)[*argc - 1] : "";
  g_autofree char *last_copy = g_strdup(last);
  GError *error = NULL;
  gboolean ok = g_option_context_parse(context, argc, argv, &error);
  g_option_context_free(context);
  if (!ok) {
    int status = EXIT_USAGE;
    if (error->domain == CLI_ERROR && error->code == CLI_ERROR_VALUE)
      fprintf(stderr, "stickslip-cli: %s\n", error->message);
    else if (error->domain == CLI_ERROR) {
      fprintf(stderr, "stickslip-cli: %s\n\n", error->message);
      cli_print_help(cmd, stderr);
    } else if (error->code == G_OPTION_ERROR_BAD_VALUE && g_str_has_prefix(last_copy, "--"))
      status = cli_usage_error(cmd, "option %s needs a value", last_copy);
    else
      status = cli_usage_error(cmd, "%s", error->message);
    g_error_free(error);
    return status;
  }
  for (int i = 1; i < *argc; i++) {
    const char *arg = (*argv)[i];
    if (strcmp(arg, "--") == 0) { /* the rest is arguments, whatever their spelling */
      memmove(*argv + i, *argv + i + 1, sizeof(char *) * (size_t)(*argc - i));
      (*argc)--;
      break;
    }
    if (arg[0] == '-' && arg[1] != '\0') {
      g_autofree char *fmt = g_strdup_printf("%s: unknown option '%%s'", cmd->name);
      return cli_usage_error(cmd, fmt, arg);
    }
  }
  return 0;
}
