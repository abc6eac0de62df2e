/* replay-main.c - runs the fuzz harness over files and folders of inputs
 * (the seed corpus, a crash file) without libFuzzer: a test in every
 * build, under the sanitizers in build-sanitize. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay(const char *path)
{
  char *data = NULL;
  gsize size = 0;
  g_autoptr(GError) error = NULL;
  if (!g_file_get_contents(path, &data, &size, &error)) {
    fprintf(stderr, "replay: %s\n", error->message);
    return 1;
  }
  LLVMFuzzerTestOneInput((const uint8_t *)data, size);
  g_free(data);
  return 0;
}

int main(int argc, char **argv)
{
  int inputs = 0, failures = 0;
  for (int i = 1; i < argc; i++) {
    if (!g_file_test(argv[i], G_FILE_TEST_IS_DIR)) {
      failures += replay(argv[i]);
      inputs++;
      continue;
    }
    g_autoptr(GDir) dir = g_dir_open(argv[i], 0, NULL);
    const char *name;
    while (dir && (name = g_dir_read_name(dir))) {
      g_autofree char *path = g_build_filename(argv[i], name, NULL);
      failures += replay(path);
      inputs++;
    }
  }
  printf("replayed %d inputs\n", inputs);
  return failures > 0 || inputs == 0;
}
