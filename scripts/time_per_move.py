#!/usr/bin/env python3
"""Time a move takes, told a 1500 human against told nothing, on the same
positions: the 50 bench positions, each searched in one session per run on
a clock of CLOCK ms (`go wtime CLOCK btime CLOCK`), runs alternating
untold, told, untold, told. Prints each run's mean time a move and the mean
time between the last `info depth` line and `bestmove` (the decision, and
what an iteration cut short left).

    scripts/time_per_move.py target/release/trappy 20000
"""
import pathlib
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import same_moves  # noqa: E402  (the bench positions)


def run(program, told, clock, positions):
    process = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    if told:
        process.stdin.write("setoption name UCI_Opponent value none 1500 human sparring\n")
    times, after_info = [], []
    for fen in positions:
        process.stdin.write(f"position fen {fen}\nisready\n")
        for line in process.stdout:
            if line.startswith("readyok"):
                break
        start = time.time()
        process.stdin.write(f"go wtime {clock} btime {clock}\n")
        last_info = None
        for line in process.stdout:
            if line.startswith("info depth"):
                last_info = time.time()
            if line.startswith("bestmove"):
                break
        end = time.time()
        times.append(end - start)
        after_info.append(end - (last_info or end))
    process.stdin.write("quit\n")
    process.wait(timeout=30)
    return sum(times) / len(times), sum(after_info) / len(after_info)


def main():
    program, clock = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    positions = same_moves.bench_positions()
    for told in (False, True, False, True):
        mean, after = run(program, told, clock, positions)
        print(f"{'told' if told else 'untold':6} {mean:.3f} s a move, {after:.3f} s after the last info line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
