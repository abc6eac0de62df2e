/* cli-common.c - the CLI's shared option parsing and output writing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-common.h"

bool cli_parse_option(const ss_param_info *p, const char *text, double *out)
{
  char *err = NULL;
  if (!ss_param_parse(p, text, out, &err)) {
    fprintf(stderr, "stickslip-cli: %s\n", err);
    free(err);
    return false;
  }
  return true;
}

bool cli_is_run_option(const char *opt) { return opt[0] == '-' && ss_run_option_index(opt) >= 0; }

bool cli_parse_run_option(const char *opt, const char *text, ss_run_opts *opts)
{
  int i = ss_run_option_index(opt);
  double v;
  return i >= 0 && cli_parse_option(ss_run_option_get(i), text, &v) &&
         ss_run_opts_set(opts, i, v, NULL);
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

bool cli_output_once(const char *option, const char **slot, const char *val)
{
  if (*slot) {
    fprintf(stderr, "stickslip-cli: %s given twice ('%s' and '%s'); one file per output\n", option,
            ss_excerpt(*slot).text, ss_excerpt(val).text);
    return false;
  }
  *slot = val;
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
