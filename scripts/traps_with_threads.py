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
import subprocess
import sys

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


def start(threads):
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    engine.stdin.write(
        f"uci\nsetoption name Threads value {threads}\nsetoption name Traps value on\n"
        "setoption name TrapBudget value 400\nsetoption name OpponentModel value natural\nisready\n"
    )
    engine.stdin.flush()
    while engine.stdout.readline().strip() != "readyok":
        pass
    return engine


def best_move(engine, fen):
    engine.stdin.write(f"ucinewgame\nposition fen {fen}\ngo depth 6\n")
    engine.stdin.flush()
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit("the engine quit before answering")
        if line.startswith("bestmove"):
            return line.split()[1]


for threads in (1, threads_asked):
    engine = start(threads)
    counts = []
    for name, fen, setting_move in cases():
        hits = sum(best_move(engine, fen) == setting_move for _ in range(repeat))
        counts.append(f"{name} {hits}/{repeat}")
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    print(f"threads {threads}: " + ", ".join(counts))
