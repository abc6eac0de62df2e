/* ss-animation-writer.c - a video's frames as WebM through GStreamer or as
 * a PNG sequence: see ss-animation-writer.h.
 *
 * Frame i is stamped i / fps and lasts until frame i + 1, so n frames last
 * n / fps = (t1 − t0) / speed.  The encoder's queue holds a few frames:
 * rendering waits for it, so memory stays bounded whatever the length. */
#define G_LOG_DOMAIN "ss-animation"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ss-animation-writer.h"
#include <stickslip/stickslip.h>

#define QUEUED_FRAMES 4 /* frames the encoder's queue holds before rendering waits */

gboolean
ss_animation_format_from_path (const char *path, SsAnimationFormat *format)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".webm"))
    *format = SS_ANIMATION_FORMAT_WEBM;
  else if (g_str_has_suffix (lower, ".png"))
    *format = SS_ANIMATION_FORMAT_PNG;
  else
    return FALSE;
  return TRUE;
}

const char *
ss_animation_format_extension (SsAnimationFormat format)
{
  return format == SS_ANIMATION_FORMAT_PNG ? ".png" : ".webm";
}

/* "dir/run.png" and frame 0 -> "dir/run-00001.png" */
char *
ss_animation_frame_path (const char *path, guint frame)
{
  g_autofree char *stem = g_str_has_suffix (path, ".png") || g_str_has_suffix (path, ".PNG")
                              ? g_strndup (path, strlen (path) - 4)
                              : g_strdup (path);

  return g_strdup_printf ("%s-%05u.png", stem, frame + 1);
}

static gboolean
init_gstreamer (GError **error)
{
  static gsize   done = 0;
  static GError *failure = NULL;

  if (g_once_init_enter (&done))
    {
      gst_init_check (NULL, NULL, &failure);
      g_once_init_leave (&done, 1);
    }
  if (failure != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("GStreamer could not start: %s"), failure->message);
      return FALSE;
    }
  return TRUE;
}

/* The elements of the WebM pipeline and the Debian packages with them. */
static const struct
{
  const char *element;
  const char *package;
} elements[] = {
  { "appsrc", "gstreamer1.0-plugins-base" }, { "videoconvert", "gstreamer1.0-plugins-base" },
  { "vp8enc", "gstreamer1.0-plugins-good" }, { "webmmux", "gstreamer1.0-plugins-good" },
  { "filesink", "libgstreamer1.0-0" },
};

/* Whether WebM can be written here: GStreamer starts and has every element
 * of the pipeline; else an error naming the first missing element and the
 * package that provides it. */
gboolean
ss_animation_check_encoder (GError **error)
{
  if (!init_gstreamer (error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++)
    {
      g_autoptr(GstElementFactory) factory = gst_element_factory_find (elements[i].element);

      if (factory == NULL)
        {
          /* Translators: %1$s a GStreamer element, %2$s a Debian package */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("GStreamer’s “%1$s” element is missing: install the package %2$s, or export a PNG "
                         "sequence"),
                          elements[i].element, elements[i].package);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
cancelled (GCancellable *cancellable, GError **error)
{
  return g_cancellable_set_error_if_cancelled (cancellable, error);
}

/* ---- WebM --------------------------------------------------------------- */

/* The bus's first error as a GError; FALSE if none waited within @timeout. */
static gboolean
bus_error (GstBus *bus, GstClockTime timeout, GError **error)
{
  g_autoptr(GstMessage) msg = gst_bus_timed_pop_filtered (bus, timeout, GST_MESSAGE_ERROR);
  g_autoptr(GError) gst_error = NULL;
  g_autofree char *debug = NULL;

  if (msg == NULL)
    return FALSE;
  gst_message_parse_error (msg, &gst_error, &debug);
  g_debug ("encoder: %s", debug ? debug : "");
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The video encoder failed: %s"), gst_error->message);
  return TRUE;
}

static GstElement *
make_element (GstElement *pipeline, const char *factory, GError **error)
{
  GstElement *element = gst_element_factory_make (factory, NULL);

  if (element == NULL)
    {
      ss_animation_check_encoder (error);
      if (error != NULL && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("GStreamer could not make “%s”"), factory);
      return NULL;
    }
  gst_bin_add (GST_BIN (pipeline), element);
  return element;
}

static void
release_surface (gpointer data)
{
  cairo_surface_destroy (data);
}

/* Encodes every frame into @file (a temporary file). */
static gboolean
encode_webm (SsAnimationFrames  *frames,
             const char         *file,
             GCancellable       *cancellable,
             SsAnimationProgress progress,
             gpointer            data,
             GError            **error)
{
  g_autoptr(GstElement) pipeline = gst_pipeline_new ("video");
  g_autoptr(GstBus) bus = gst_pipeline_get_bus (GST_PIPELINE (pipeline));
  GstElement *src, *convert, *enc, *mux, *sink;
  guint       n = ss_animation_frames_get_n_frames (frames), fps = ss_animation_frames_get_fps (frames);
  int         width, height;
  gboolean    ok = FALSE;
  g_autoptr(GstCaps) caps = NULL;

  ss_animation_frames_get_size (frames, &width, &height);
  if ((src = make_element (pipeline, "appsrc", error)) == NULL ||
      (convert = make_element (pipeline, "videoconvert", error)) == NULL ||
      (enc = make_element (pipeline, "vp8enc", error)) == NULL ||
      (mux = make_element (pipeline, "webmmux", error)) == NULL ||
      (sink = make_element (pipeline, "filesink", error)) == NULL)
    return FALSE;
  if (!gst_element_link_many (src, convert, enc, mux, sink, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("GStreamer could not link the video encoder"));
      return FALSE;
    }
  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING, "BGRx", "width", G_TYPE_INT, width, "height",
                              G_TYPE_INT, height, "framerate", GST_TYPE_FRACTION, fps, 1, NULL);
  g_object_set (src, "caps", caps, "format", GST_FORMAT_TIME, "block", FALSE, NULL);
  /* line drawings on white: a constant quality that keeps thin lines
   * sharp (a frame mostly like the last costs few bits), the fastest
   * realtime settings; one encoder thread beside the one drawing (libvpx's
   * threads wait for each other spinning: on a busy machine that is CPU
   * lost) */
  g_object_set (enc, "deadline", (gint64)1, "cpu-used", 16, "threads", 1, "lag-in-frames", 0, "end-usage", 2 /* cq */,
                "cq-level", 10, "target-bitrate", (int)MIN (width * (double)height * fps * 0.3, 40e6),
                "keyframe-max-dist", (int)fps * 2, NULL);
  g_object_set (convert, "n-threads", 2, "dither", 0 /* none */, NULL);
  g_object_set (sink, "location", file, NULL);

  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE)
    {
      if (!bus_error (bus, 0, error))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The video encoder could not start"));
      goto out;
    }
  for (guint i = 0; i < n; i++)
    {
      cairo_surface_t *surface;
      GstBuffer       *buffer;
      GstClockTime     pts = gst_util_uint64_scale (i, GST_SECOND, fps);
      guint64          queue_limit = (guint64)width * height * 4 * QUEUED_FRAMES;

      /* wait while the encoder is behind */
      while (gst_app_src_get_current_level_bytes (GST_APP_SRC (src)) >= queue_limit)
        if (cancelled (cancellable, error) || bus_error (bus, 5 * GST_MSECOND, error))
          goto out;
      if (cancelled (cancellable, error) || bus_error (bus, 0, error))
        goto out;
      surface = ss_animation_frames_render (frames, i);
      buffer = gst_buffer_new_wrapped_full (GST_MEMORY_FLAG_READONLY, cairo_image_surface_get_data (surface),
                                            (gsize)cairo_image_surface_get_stride (surface) * height, 0,
                                            (gsize)cairo_image_surface_get_stride (surface) * height, surface,
                                            release_surface);
      GST_BUFFER_PTS (buffer) = pts;
      GST_BUFFER_DURATION (buffer) = gst_util_uint64_scale (i + 1, GST_SECOND, fps) - pts;
      if (gst_app_src_push_buffer (GST_APP_SRC (src), buffer) != GST_FLOW_OK)
        {
          if (!bus_error (bus, GST_SECOND, error))
            g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The video encoder stopped"));
          goto out;
        }
      if (progress != NULL)
        progress (i + 1, n, data);
    }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  for (;;)
    {
      g_autoptr(GstMessage) msg =
                     gst_bus_timed_pop_filtered (bus, 20 * GST_MSECOND, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);

      if (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS)
        break;
      if (msg != NULL)
        {
          g_autoptr(GError) gst_error = NULL;

          gst_message_parse_error (msg, &gst_error, NULL);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The video encoder failed: %s"), gst_error->message);
          goto out;
        }
      if (cancelled (cancellable, error))
        goto out;
    }
  ok = TRUE;
out:
  gst_element_set_state (pipeline, GST_STATE_NULL);
  return ok;
}

/* An ss_output's failure as a GError; frees @msg. */
static gboolean
output_error (GError **error, char *msg)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, msg ? msg : _("Could not write the file"));
  free (msg);
  return FALSE;
}

/* A temporary file beside @path: ".NAME.XXXXXX" */
static char *
temp_beside (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.XXXXXX", base);
  char            *temp = g_build_filename (dir, name, NULL);
  int              fd = g_mkstemp_full (temp, O_RDWR, 0600);

  if (fd < 0)
    {
      int err = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), _("Cannot write in %s: %s"), dir, g_strerror (err));
      g_free (temp);
      return NULL;
    }
  close (fd);
  return temp;
}

static gboolean
copy_into (const char *from, FILE *to, GError **error)
{
  FILE  *f = g_fopen (from, "rb");
  char   buf[65536];
  size_t n;

  if (f == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not read the encoded video: %s"), g_strerror (errno));
      return FALSE;
    }
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    if (fwrite (buf, 1, n, to) != n)
      break;
  fclose (f);
  /* a write error is the output's to report */
  return TRUE;
}

static gboolean
write_webm (SsAnimationFrames  *frames,
            const char         *path,
            GCancellable       *cancellable,
            SsAnimationProgress progress,
            gpointer            data,
            GError            **error)
{
  char            *msg = NULL;
  ss_output       *out;
  g_autofree char *temp = NULL;
  gboolean         ok;

  if (!ss_animation_check_encoder (error))
    return FALSE;
  /* an unwritable target fails now, not after the encoding */
  out = ss_output_open (path, &msg);
  if (out == NULL)
    return output_error (error, msg);
  temp = temp_beside (path, error);
  if (temp == NULL)
    {
      ss_output_abort (out);
      return FALSE;
    }
  ok =
      encode_webm (frames, temp, cancellable, progress, data, error) && copy_into (temp, ss_output_stream (out), error);
  g_unlink (temp);
  if (!ok)
    {
      ss_output_abort (out);
      return FALSE;
    }
  return ss_output_commit (out, &msg) || output_error (error, msg);
}

/* ---- PNG sequence ----------------------------------------------------- */

/* Every frame carries a tEXt chunk "Software" = SS_FRAME_MARK right after
 * its header: a later, shorter export into the same folder recognises the
 * frames this program wrote and removes only those of its own name beyond
 * its count, never a file someone else made. */
#define SS_FRAME_MARK  "Stick-Slip Lab"
#define PNG_HEADER_LEN 33 /* signature (8) and the IHDR chunk (25) */

static guint32
png_crc (const guint8 *data, gsize len)
{
  guint32 c = 0xffffffffu;

  for (gsize i = 0; i < len; i++)
    {
      c ^= data[i];
      for (int k = 0; k < 8; k++)
        c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
  return c ^ 0xffffffffu;
}

/* The tEXt chunk that marks a frame: length, type, keyword, text, CRC. */
static GByteArray *
frame_mark_chunk (void)
{
  static const char text[] = "tEXtSoftware\0" SS_FRAME_MARK;
  GByteArray       *chunk = g_byte_array_new ();
  guint32           len = GUINT32_TO_BE ((guint32)(sizeof text - 1 - 4));
  guint32           crc = GUINT32_TO_BE (png_crc ((const guint8 *)text, sizeof text - 1));

  g_byte_array_append (chunk, (const guint8 *)&len, 4);
  g_byte_array_append (chunk, (const guint8 *)text, sizeof text - 1);
  g_byte_array_append (chunk, (const guint8 *)&crc, 4);
  return chunk;
}

static cairo_status_t
append_png (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* @surface as a PNG in @file, marked as one of this program's frames. */
static gboolean
write_marked_png (cairo_surface_t *surface, const char *file, const char *name, GError **error)
{
  g_autoptr(GByteArray) png = g_byte_array_new ();
  g_autoptr(GByteArray) mark = frame_mark_chunk ();
  cairo_status_t status = cairo_surface_write_to_png_stream (surface, append_png, png);

  if (status != CAIRO_STATUS_SUCCESS || png->len < PNG_HEADER_LEN)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not write %s: %s"), name, cairo_status_to_string (status));
      return FALSE;
    }
  {
    g_autoptr(GByteArray) marked = g_byte_array_sized_new (png->len + mark->len);

    g_byte_array_append (marked, png->data, PNG_HEADER_LEN);
    g_byte_array_append (marked, mark->data, mark->len);
    g_byte_array_append (marked, png->data + PNG_HEADER_LEN, png->len - PNG_HEADER_LEN);
    return g_file_set_contents (file, (const char *)marked->data, marked->len, error);
  }
}

/* Whether @file is a regular file (not a link) that this program wrote as
 * a frame. */
static gboolean
is_marked_frame (const char *file)
{
  g_autoptr(GByteArray) mark = frame_mark_chunk ();
  guint8   head[PNG_HEADER_LEN + 64];
  GStatBuf st;
  gboolean ok;
  FILE    *f;

  if (g_lstat (file, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  f = g_fopen (file, "rb");
  if (f == NULL)
    return FALSE;
  ok = fread (head, 1, PNG_HEADER_LEN + mark->len, f) == PNG_HEADER_LEN + mark->len &&
       memcmp (head, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp (head + PNG_HEADER_LEN, mark->data, mark->len) == 0;
  fclose (f);
  return ok;
}

/* After an export of @n frames to @path: an earlier, longer export's frames
 * @n + 1, @n + 2, … of the same name, as far as they run unbroken, are
 * removed, so the folder holds one sequence.  A file of that name that this
 * program did not write (no mark), and everything after it, stays. */
static void
remove_stale_frames (const char *path, guint n)
{
  for (guint k = n; k < G_MAXUINT; k++)
    {
      g_autofree char *file = ss_animation_frame_path (path, k);

      if (!is_marked_frame (file) || g_unlink (file) != 0)
        break;
    }
}

static void
remove_folder (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *file = g_build_filename (dir, name, NULL);

      g_unlink (file);
    }
  g_rmdir (dir);
}

static gboolean
write_png (SsAnimationFrames  *frames,
           const char         *path,
           GCancellable       *cancellable,
           SsAnimationProgress progress,
           gpointer            data,
           GError            **error)
{
  guint            n = ss_animation_frames_get_n_frames (frames);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *pattern = g_strdup_printf (".%s.XXXXXX", base);
  g_autofree char *temp = g_build_filename (dir, pattern, NULL);
  gboolean         ok = TRUE;

  if (g_mkdtemp_full (temp, 0700) == NULL)
    {
      int err = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), _("Cannot write in %s: %s"), dir, g_strerror (err));
      return FALSE;
    }
  for (guint i = 0; i < n && ok; i++)
    {
      g_autofree char *name = ss_animation_frame_path (base, i);
      g_autofree char *file = g_build_filename (temp, name, NULL);
      cairo_surface_t *surface;

      if (cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      surface = ss_animation_frames_render (frames, i);
      ok = write_marked_png (surface, file, name, error);
      cairo_surface_destroy (surface);
      if (ok && progress != NULL)
        progress (i + 1, n, data);
    }
  /* all written: into place */
  for (guint i = 0; i < n && ok; i++)
    {
      g_autofree char *name = ss_animation_frame_path (base, i);
      g_autofree char *from = g_build_filename (temp, name, NULL);
      g_autofree char *to = ss_animation_frame_path (path, i);

      if (g_rename (from, to) != 0)
        {
          int err = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
                       _("Could not write %s: %s"), to, g_strerror (err));
          /* none of this export stays */
          for (guint k = 0; k < i; k++)
            {
              g_autofree char *done = ss_animation_frame_path (path, k);

              g_unlink (done);
            }
          ok = FALSE;
        }
    }
  remove_folder (temp);
  if (ok)
    remove_stale_frames (path, n);
  return ok;
}

/* Writes every frame of @frames to @path in @format (a PNG sequence: the
 * files ss_animation_frame_path gives), calling @progress after each. */
gboolean
ss_animation_write (SsAnimationFrames  *frames,
                    const char         *path,
                    SsAnimationFormat   format,
                    GCancellable       *cancellable,
                    SsAnimationProgress progress,
                    gpointer            data,
                    GError            **error)
{
  g_return_val_if_fail (SS_IS_ANIMATION_FRAMES (frames), FALSE);

  if (format == SS_ANIMATION_FORMAT_PNG)
    return write_png (frames, path, cancellable, progress, data, error);
  return write_webm (frames, path, cancellable, progress, data, error);
}

/* ---- on a worker thread ----------------------------------------------- */

typedef struct
{
  SsAnimationFrames  *frames;
  char               *path;
  SsAnimationFormat   format;
  SsAnimationProgress progress;
  GObject            *progress_data; /* a reference */
  GMainContext       *context;       /* the caller's */
  gint                done;          /* frames written */
  guint               total;
  gint                posted; /* a report waits in the caller's context */
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_object_unref (job->frames);
  g_free (job->path);
  g_clear_object (&job->progress_data);
  g_main_context_unref (job->context);
  g_free (job);
}

static gboolean
report_progress (gpointer data)
{
  GTask *task = data;
  Job   *job = g_task_get_task_data (task);

  g_atomic_int_set (&job->posted, 0);
  if (!g_task_get_completed (task) && !g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    job->progress ((guint)g_atomic_int_get (&job->done), job->total, job->progress_data);
  return G_SOURCE_REMOVE;
}

/* on the worker: at most one report waiting in the caller's context */
static void
worker_progress (guint done, guint total, gpointer data)
{
  GTask *task = data;
  Job   *job = g_task_get_task_data (task);

  g_atomic_int_set (&job->done, (gint)done);
  job->total = total;
  if (job->progress != NULL && g_atomic_int_compare_and_exchange (&job->posted, 0, 1))
    g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, report_progress, g_object_ref (task), g_object_unref);
}

/* Exports whose thread has not finished (its temporary files included):
 * the application waits for them before it exits. */
static GMutex writers_lock;
static GCond  writers_done;
static guint  writers_running;

static void
write_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job     *job = data;
  GError  *error = NULL;
  gboolean ok;

  (void)source;
  ok = ss_animation_write (job->frames, job->path, job->format, cancellable, worker_progress, task, &error);
  g_mutex_lock (&writers_lock);
  writers_running--;
  g_cond_broadcast (&writers_done);
  g_mutex_unlock (&writers_lock);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* Waits until every export thread has ended, temporary files removed (a
 * stopped export ends within a frame): called as the application quits,
 * after its windows, closing, stopped their exports. */
void
ss_animation_wait_writers (void)
{
  g_mutex_lock (&writers_lock);
  while (writers_running > 0)
    g_cond_wait (&writers_done, &writers_lock);
  g_mutex_unlock (&writers_lock);
}

/* ss_animation_write on a worker thread; @progress is called in the
 * caller's main context with @progress_data (a GObject, kept until the
 * end), never after the task completed or was cancelled. */
void
ss_animation_write_async (SsAnimationFrames  *frames,
                          const char         *path,
                          SsAnimationFormat   format,
                          GCancellable       *cancellable,
                          SsAnimationProgress progress,
                          gpointer            progress_data,
                          GAsyncReadyCallback callback,
                          gpointer            user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  job->frames = g_object_ref (frames);
  job->path = g_strdup (path);
  job->format = format;
  job->progress = progress;
  job->progress_data = progress_data != NULL ? g_object_ref (progress_data) : NULL;
  job->context = g_main_context_ref_thread_default ();
  job->total = ss_animation_frames_get_n_frames (frames);
  g_task_set_task_data (task, job, job_free);
  g_task_set_source_tag (task, ss_animation_write_async);
  g_mutex_lock (&writers_lock);
  writers_running++;
  g_mutex_unlock (&writers_lock);
  g_task_run_in_thread (task, write_thread);
}

gboolean
ss_animation_write_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
