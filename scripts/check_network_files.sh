#!/usr/bin/env bash
# Files that are no network, against a trappy binary: how long each answer
# takes and the most memory the engine held. Takes some 400 MB of disk in a
# temporary folder for the junk files, removed at the end.
#
#   cargo build --release -p engine && scripts/check_network_files.sh [path/to/trappy]
#
# Each answer is printed with the seconds it took after its command was
# sent; `maxrss_kb` is the engine's peak resident memory over its session
# (GNU time). Recorded in docs/results/network-files.md.
set -euo pipefail
trappy=$(realpath "${1:-target/release/trappy}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cp "$trappy" "$work/bin/trappy"
head -c 200000000 /dev/urandom >"$work/junk.pb.gz"
cp "$work/junk.pb.gz" "$work/bin/maia-1600.pb.gz"
# lc0's magic, then 256 MiB of zeros: a small file that unpacks past the bound.
{ printf '\x0d\xc0\x01\x00\x00'; head -c 268435456 /dev/zero; } | gzip -1 >"$work/bomb.pb.gz"

# ask COMMAND PREFIX: sends COMMAND, prints every line up to the first that
# starts with PREFIX, the last with the seconds it took (the first command
# of a session: since the engine started); PREFIX - waits for nothing.
ask() {
    local start=${started:-$EPOCHREALTIME} line
    unset started
    echo "$1" >&"${ENGINE[1]}"
    [[ $2 == - ]] && return
    while IFS= read -r line <&"${ENGINE[0]}"; do
        case $line in
        "option name"*) continue ;;
        "$2"*)
            awk -v s="$start" -v e="$EPOCHREALTIME" -v l="$line" 'BEGIN { printf "%6.2f s  %s\n", e - s, l }'
            return
            ;;
        *) echo "          $line" ;;
        esac
    done
}

session() {
    echo "== $1"
    shift
    started=$EPOCHREALTIME
    coproc ENGINE { /usr/bin/time -f 'maxrss_kb %M' "$work/bin/trappy" 2>&1; }
    local pid=$ENGINE_PID
    while (($# > 0)); do
        ask "$1" "$2"
        shift 2
    done
    echo quit >&"${ENGINE[1]}"
    grep -m1 maxrss_kb <&"${ENGINE[0]}" || true
    wait "$pid" || true
}

session "a 200 MB junk maia-1600.pb.gz beside the binary" uci uciok
session "junk named as OpponentModel; then the engine plays" \
    uci uciok \
    "setoption name OpponentModel value /dev/zero" "info string" isready readyok \
    "setoption name OpponentModel value $work/junk.pb.gz" "info string" isready readyok \
    "setoption name OpponentModel value $work/bomb.pb.gz" "info string" isready readyok \
    "setoption name UCI_Opponent value none 1600 human someone" - \
    "go depth 6" bestmove
session "junk named as EvalFile; then the engine plays" \
    "setoption name EvalFile value /dev/zero" "info string" isready readyok \
    "setoption name EvalFile value $work/junk.pb.gz" "info string" isready readyok \
    "go depth 6" bestmove
