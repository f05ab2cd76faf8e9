#!/usr/bin/env python3
"""Times trappy's human-move network against lc0 on the same positions,
alternately, several rounds in one run (standard library only).

trappy: `trappy policy --epd` over the positions, its own count (the
forward passes, input planes included, not reading or printing). lc0: the
wall time of its `go nodes 1` answers over UCI for the same positions, one
search thread, OPENBLAS_NUM_THREADS=1, the network cache off
(NNCacheSize 0), VerboseMoveStats on and PolicyTemperature 1 as
scripts/lc0_policy_agreement.py asks them: what a harness pays for a Maia
move through lc0. The two take turns going first, round by round.

    scripts/lc0_policy_speed.py --lc0 /tmp/trappy-maia/lc0/build/lc0 \\
        --network maia/maia-1500.pb.gz --epd positions.epd --rounds 5

Positions: one a line, a FEN, optionally followed by `moves` and the moves
played from it (the network reads the history). Prints each round's
positions a second for both and their ratio, then the median ratio.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

from lc0_policy_agreement import START, Lc0 as Lc0Session


def read_positions(path):
    """(FEN, moves) for every position line of `path`."""
    positions = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen, _, moves = line.partition(" moves ")
            positions.append((fen.strip(), moves.split()))
    return positions


class Lc0(Lc0Session):
    """lc0's session of the agreement script, timed over `go nodes 1`."""

    def positions_per_second(self, positions):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        started = time.perf_counter()
        for fen, moves in positions:
            position = "position startpos" if fen == START else f"position fen {fen}"
            self.send(position + (" moves " + " ".join(moves) if moves else ""))
            self.send("go nodes 1")
            self.wait_for("bestmove")
        return len(positions) / (time.perf_counter() - started)


def trappy_positions_per_second(trappy, network, epd):
    """trappy's own count, from the last line `positions N time_ms T pps P`."""
    output = subprocess.run([trappy, "policy", "--network", network, "--epd", epd],
                            capture_output=True, text=True, check=True).stdout.splitlines()
    fields = output[-1].split()
    if len(fields) != 6 or fields[4] != "pps":
        raise RuntimeError(f"unexpected last line from trappy policy: {output[-1]!r}")
    return float(fields[5])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lc0", required=True, help="lc0 built with its BLAS backend")
    parser.add_argument("--network", required=True)
    parser.add_argument("--epd", required=True, help="the positions")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--trappy", default=os.path.join(os.path.dirname(__file__), "../target/release/trappy"))
    args = parser.parse_args()

    positions = read_positions(args.epd)
    if not positions:
        print(f"no positions in {args.epd}", file=sys.stderr)
        return 1
    lc0 = Lc0(args.lc0, args.network)
    ratios = []
    print(f"{len(positions)} positions, {args.rounds} rounds, network {args.network}")
    print("round | first | trappy positions/s | lc0 positions/s | ratio")
    for round_number in range(1, args.rounds + 1):
        trappy_first = round_number % 2 == 1
        if trappy_first:
            ours = trappy_positions_per_second(args.trappy, args.network, args.epd)
            theirs = lc0.positions_per_second(positions)
        else:
            theirs = lc0.positions_per_second(positions)
            ours = trappy_positions_per_second(args.trappy, args.network, args.epd)
        ratios.append(ours / theirs)
        first = "trappy" if trappy_first else "lc0"
        print(f"{round_number} | {first} | {ours:.1f} | {theirs:.1f} | {ours / theirs:.2f}", flush=True)
    lc0.close()
    print(f"median ratio {statistics.median(ratios):.2f} (lowest {min(ratios):.2f}, highest {max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
