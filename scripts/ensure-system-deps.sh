#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium for the
# end-to-end tests, PostgreSQL for the second database, poppler-utils to read the PDF report
# (pdftotext, pdfinfo, pdfimages) and prometheus for promtool, which lints the /metrics text
# (Debian has no package of promtool alone). Needs root for apt-get; without root it only says
# what is missing.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=(postgresql); fi
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Missing system packages: ${missing[*]}. Install them (apt-get install ${missing[*]}) or run as root." >&2
  exit 1
fi
echo "Installing from Debian's packages: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
