#!/usr/bin/env bash
# The app's icons (static/tournament/icons/), drawn from pwa/icon.svg (the favicon's
# mark, rounded) and pwa/icon-maskable.svg (full bleed, the mark inside the central
# circle that Android's masks and iOS keep) by Debian's Chromium. The PNGs are committed:
# this runs only when the drawings change (`make icons`).
set -euo pipefail
cd "$(dirname "$0")/.."
out=static/tournament/icons
draw() { # svg size png
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --default-background-color=00000000 --window-size="$2,$2" \
    --screenshot="$PWD/$3" "file://$PWD/$1" 2>/dev/null
}
draw pwa/icon.svg 192 "$out/icon-192.png"
draw pwa/icon.svg 512 "$out/icon-512.png"
draw pwa/icon-maskable.svg 512 "$out/maskable-512.png"
draw pwa/icon-maskable.svg 180 "$out/apple-touch-icon.png"
