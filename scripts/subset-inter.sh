#!/usr/bin/env bash
# Writes web/fonts/inter-latin-basic-wght-normal.woff2: the @fontsource-variable/inter package's
# Latin face (variable weight) cut down to the characters the site's own text uses (ASCII, the
# typographic quotes, dashes, ellipsis, bullet, the pound, yen and euro signs of salaries and a
# few other signs), with the layout features the styles use: a page using any other character
# loads the package's face too. 48 kB → 27 kB: on a slow phone link that is about 100 ms less
# before the first paint can use it. Run again after upgrading the package; needs fontTools with brotli
# (Debian: apt-get install python3-fonttools python3-brotli). web/fonts.css says which
# characters the file holds (its unicode-range must match RANGE below).
set -euo pipefail
cd "$(dirname "$0")/.."
RANGE='U+0020-007E,U+00A0,U+00A3,U+00A5,U+00A9,U+00AE,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC,U+2122,U+2212'
python3 -m fontTools.subset node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  --unicodes="$RANGE" --layout-features='kern,liga,calt,tnum,case,ccmp,locl,mark,mkmk' \
  --flavor=woff2 --output-file=web/fonts/inter-latin-basic-wght-normal.woff2
ls -l web/fonts/inter-latin-basic-wght-normal.woff2
