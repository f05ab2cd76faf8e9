#!/usr/bin/env bash
# `trappy bench` against Debian's Ethereal (`apt-get install ethereal-chess`)
# in the same run: each bench three times, alternating, best nps kept.
# Run on an otherwise idle machine; needs `cargo build --release` first.
set -euo pipefail
cd "$(dirname "$0")/.."
ethereal=${ETHEREAL:-/usr/games/ethereal-chess}
best() { sort -n | tail -n 1; }
ethereal_nps=(); plain_nps=(); trappy_nps=()
for _ in 1 2 3; do
  ethereal_nps+=("$("$ethereal" bench 2>&1 | awk '/^NPS/ {print $3}')")
  plain_nps+=("$(./target/release/trappy bench --set TrapScale=0 | tail -n 1 | awk '{print $3}')")
  trappy_nps+=("$(./target/release/trappy bench | tail -n 1 | awk '{print $3}')")
done
e=$(printf '%s\n' "${ethereal_nps[@]}" | best)
p=$(printf '%s\n' "${plain_nps[@]}" | best)
t=$(printf '%s\n' "${trappy_nps[@]}" | best)
echo "ethereal nps $e"
echo "trappy plain nps $p ratio $(awk -v a="$p" -v b="$e" 'BEGIN {printf "%.2f", a / b}')"
echo "trappy default nps $t ratio $(awk -v a="$t" -v b="$e" 'BEGIN {printf "%.2f", a / b}')"
