#!/usr/bin/env python3
"""Lazy SMP's speed: the engine with one thread and with THREADS, each a UCI
process with Hash 64, searching the first POSITIONS bench positions (as
`trappy bench` lists them) to DEPTH, the two alternating position by
position (`ucinewgame` before each). Nodes and time are those of the last
`info` line before `bestmove`, which count every thread. Prints the sums,
nodes per second, and the ratios of the two.

usage: scripts/threads_speed.py [BINARY] [POSITIONS] [DEPTH] [THREADS]
(defaults: target/release/trappy, 20, 13, 2; run `cargo build --release` first)
"""
import pathlib
import subprocess
import sys

from uci_client import quit, search, start

root = pathlib.Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(root / "target/release/trappy")
positions = int(sys.argv[2]) if len(sys.argv) > 2 else 20
depth = int(sys.argv[3]) if len(sys.argv) > 3 else 13
threads_asked = int(sys.argv[4]) if len(sys.argv) > 4 else 2


def bench_positions():
    """The FENs `trappy bench` searches, in its order (from a depth-1 run)."""
    listing = subprocess.run([binary, "bench", "1"], capture_output=True, text=True, check=True).stdout
    fens = [line.split(None, 1)[1] for line in listing.splitlines() if line.strip()[:1].isdigit() and "/" in line]
    if len(fens) < positions:
        sys.exit(f"trappy bench lists {len(fens)} positions, fewer than the {positions} asked")
    return fens[:positions]


engines = {threads: start(binary, {"Threads": threads, "Hash": 64}) for threads in (1, threads_asked)}
totals = {threads: [0, 0] for threads in engines}
for fen in bench_positions():
    for threads, engine in engines.items():
        _, nodes, time_ms = search(engine, fen, depth)
        if nodes is None:
            sys.exit(f"no info line with nodes and time for {fen}")
        totals[threads][0] += nodes
        totals[threads][1] += time_ms
for engine in engines.values():
    quit(engine)

print("threads  nodes        time      nps")
for threads, (nodes, time_ms) in totals.items():
    print(f"{threads:>7}  {nodes:>11,}  {time_ms / 1000:>6.1f} s  {nodes * 1000 // max(time_ms, 1):>9,}")
(one_nodes, one_time), (many_nodes, many_time) = totals[1], totals[threads_asked]
nps = lambda nodes, time_ms: nodes / max(time_ms, 1)
print(f"nodes per second, {threads_asked} threads over 1: {nps(many_nodes, many_time) / nps(one_nodes, one_time):.2f}")
print(f"nodes to the same depth: {many_nodes / one_nodes:.2f}; time to depth: {many_time / max(one_time, 1):.2f}")
