#!/bin/sh
# Runs a GUI test on the current display, or on a private Xvfb when there is none.
if [ -n "$DISPLAY" ] || [ -n "$WAYLAND_DISPLAY" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 1600x1200x24" "$@"
