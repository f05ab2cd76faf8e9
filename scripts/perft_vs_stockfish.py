#!/usr/bin/env python3
"""Single-threaded perft speed of `trappy perft` against Stockfish's
`go perft`, measured in the same run. Stockfish is timed from the moment
`go perft` is sent until it prints its node count, so its start-up (and
network loading) is excluded, as ours is.

Usage: scripts/perft_vs_stockfish.py [--stockfish PATH] [--repeat N]
Builds nothing: run `cargo build --release` first.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import time

POSITIONS = [
    ("startpos d6", "startpos", None, 6),
    ("kiwipete d5", "fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]


def stockfish_perft(path, fen, depth):
    engine = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait_for(prefix):
        for line in engine.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"stockfish exited before printing {prefix!r}")

    send("uci")
    wait_for("uciok")
    send("isready")
    wait_for("readyok")
    send(f"position fen {fen}" if fen else "position startpos")
    start = time.perf_counter()
    send(f"go perft {depth}")
    nodes = int(wait_for("Nodes searched").split(":")[1])
    seconds = time.perf_counter() - start
    send("quit")
    engine.wait()
    return nodes, seconds


def trappy_perft(binary, fen, depth):
    args = [binary, "perft", "--depth", str(depth)]
    if fen:
        args += ["--fen", fen]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    match = re.search(r"nodes (\d+) time_ms (\d+)", out)
    return int(match.group(1)), max(int(match.group(2)), 1) / 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--trappy", default=str(pathlib.Path(__file__).resolve().parent.parent / "target/release/trappy"))
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs for each side")
    args = parser.parse_args()

    print(f"{'position':<14} {'nodes':>11} {'stockfish Mnps':>15} {'trappy Mnps':>12} {'ratio':>6}")
    for name, kind, fen, depth in POSITIONS:
        sf_best, ours_best, nodes_seen = 0.0, 0.0, set()
        for _ in range(args.repeat):
            sf_nodes, sf_seconds = stockfish_perft(args.stockfish, fen, depth)
            nodes, seconds = trappy_perft(args.trappy, fen, depth)
            nodes_seen |= {sf_nodes, nodes}
            sf_best = max(sf_best, sf_nodes / sf_seconds / 1e6)
            ours_best = max(ours_best, nodes / seconds / 1e6)
        if len(nodes_seen) != 1:
            sys.exit(f"{name}: node counts disagree: {sorted(nodes_seen)}")
        print(f"{name:<14} {nodes_seen.pop():>11} {sf_best:>15.1f} {ours_best:>12.1f} {ours_best / sf_best:>5.2f}x")


if __name__ == "__main__":
    main()
