#!/usr/bin/env bash
# `trappy bench` against Debian's Ethereal (`apt-get install ethereal-chess`)
# in the same run: each bench three times, alternating, best nps kept.
# NETWORK=file.nnue adds the engine evaluating with that network.
# Run on an otherwise idle machine; needs `cargo build --release` first.
set -euo pipefail
cd "$(dirname "$0")/.."
ethereal=${ETHEREAL:-/usr/games/ethereal-chess}
network=${NETWORK:-}
best() { sort -n | tail -n 1; }
nps_of() { ./target/release/trappy bench "$@" | tail -n 1 | awk '{print $3}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
ethereal_nps=(); plain_nps=(); trappy_nps=(); network_nps=()
for _ in 1 2 3; do
  ethereal_nps+=("$("$ethereal" bench 2>&1 | awk '/^NPS/ {print $3}')")
  plain_nps+=("$(nps_of --set Traps=off)")
  trappy_nps+=("$(nps_of)")
  if [ -n "$network" ]; then
    network_nps+=("$(nps_of --eval-file "$network")")
  fi
done
e=$(printf '%s\n' "${ethereal_nps[@]}" | best)
p=$(printf '%s\n' "${plain_nps[@]}" | best)
t=$(printf '%s\n' "${trappy_nps[@]}" | best)
echo "ethereal nps $e"
echo "trappy plain nps $p ratio $(ratio "$p" "$e")"
echo "trappy default nps $t ratio $(ratio "$t" "$e")"
if [ -n "$network" ]; then
  n=$(printf '%s\n' "${network_nps[@]}" | best)
  echo "trappy with $network nps $n ratio $(ratio "$n" "$e")"
fi
