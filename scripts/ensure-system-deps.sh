#!/usr/bin/env bash
# The tests need a few Debian tools: chromium (E2E), poppler-utils (pdfsig, pdftoppm),
# qpdf, openssl and libnss3-tools (certutil for pdfsig's trust store).
# Installs what is missing when run as root with apt-get; otherwise says exactly what to install.
set -euo pipefail
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v pdfsig >/dev/null || missing+=(poppler-utils)
command -v qpdf >/dev/null || missing+=(qpdf)
command -v openssl >/dev/null || missing+=(openssl)
command -v certutil >/dev/null || missing+=(libnss3-tools)
fc-list 2>/dev/null | grep -qi dejavu || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing system packages; install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
