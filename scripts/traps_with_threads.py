#!/usr/bin/env python3
"""Does the trappy root still set its traps with more threads? For each
classic trap of data/traps.epd, the engine with traps on (the natural
model, TrapBudget 400, as the tests that pin Legal's mate and the Stafford
gambit) searches the position REPEAT times at depth 6 with Threads 1 and
with THREADS, and this prints how often it played the move that sets the
trap (the EPD's `sm`).

usage: scripts/traps_with_threads.py [BINARY] [REPEAT] [THREADS]
(defaults: target/release/trappy, 100, 2; run `cargo build --release` first)
"""
import pathlib
import sys

from uci_client import quit, search, start

root = pathlib.Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(root / "target/release/trappy")
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 100
threads_asked = int(sys.argv[3]) if len(sys.argv) > 3 else 2


def cases():
    for line in open(root / "data/traps.epd"):
        fields = line.split()
        if not fields:
            continue
        fen = " ".join(fields[:6])
        operations = line.split(None, 6)[6]
        setting_move = operations.split("sm ")[1].split(";")[0].strip()
        name = operations.split('id "')[1].split('"')[0]
        yield name, fen, setting_move


for threads in (1, threads_asked):
    options = {"Threads": threads, "Traps": "on", "TrapBudget": 400, "OpponentModel": "natural"}
    engine = start(binary, options)
    counts = []
    for name, fen, setting_move in cases():
        hits = sum(search(engine, fen, 6)[0] == setting_move for _ in range(repeat))
        counts.append(f"{name} {hits}/{repeat}")
    quit(engine)
    print(f"threads {threads}: " + ", ".join(counts))
