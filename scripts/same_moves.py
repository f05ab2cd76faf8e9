#!/usr/bin/env python3
"""Do two trappy binaries play the same moves? A check for changes meant to
keep behaviour: the 50 bench positions (`trappy bench`'s, read from the
engine's source), each searched by both binaries with the same options and
`go` line, comparing the `bestmove` and the last `info` nodes.

    scripts/same_moves.py OLD NEW [--go "go wtime 10000 btime 10000"] \
        [--option "UCI_LimitStrength=true" --option "UCI_Elo=1500" ...]

Prints each position that differs and a total; exit status 1 when any does.
"""
import argparse
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent


def bench_positions():
    source = (HERE / "engine" / "src" / "cli" / "bench.rs").read_text()
    block = source.split("BENCH_POSITIONS", 1)[1].split("];", 1)[0]
    return re.findall(r'"([^"]+/[^"]+ [wb] [^"]*)"', block)


def search(program, options, go, fen):
    lines = [f"setoption name {name} value {value}" for name, value in options]
    lines += ["ucinewgame", f"position fen {fen}", go]
    process = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    process.stdin.write("\n".join(lines) + "\n")
    process.stdin.flush()
    nodes, bestmove = None, None
    for line in process.stdout:
        if line.startswith("info depth "):
            nodes = line.split(" nodes ", 1)[1].split()[0]
        if line.startswith("bestmove"):
            bestmove = line.split()[1]
            break
    process.stdin.write("quit\n")
    process.stdin.flush()
    process.wait(timeout=30)
    return bestmove, nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--go", default="go depth 6")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    args = parser.parse_args()
    options = [tuple(option.split("=", 1)) for option in args.option]
    positions = bench_positions()
    differ = 0
    for fen in positions:
        old, new = search(args.old, options, args.go, fen), search(args.new, options, args.go, fen)
        if old != new:
            differ += 1
            print(f"{fen}: old {old} new {new}")
    print(f"{len(positions) - differ} of {len(positions)} the same (move and nodes), {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
