#!/usr/bin/env python3
"""Checks `trappy policy` against lc0 itself, position by position, and
times both on the same positions.

For every position (a game's moves from the start, so the network reads a
real history), lc0 answers `go nodes 1` with `VerboseMoveStats`, whose
`P:` is the network's probability of each legal move after lc0's policy
softmax temperature; the script sets `PolicyTemperature` to 1, the raw
network, which is what trappy computes. Every legal move's two
probabilities are compared in percentage points.

Speed: trappy's `--epd` batch reports its own positions a second; lc0's is
the wall time of its `go nodes 1` answers over the same positions, one
thread, the network cache off. Both run one after the other, in this run.

    pip install chess        # python-chess, to read the games' PGN
    scripts/lc0_policy_agreement.py --lc0 /tmp/trappy-maia/lc0/build/lc0 \\
        --network maia-1500.pb.gz --pgn games.pgn --positions 1000

Games come from PGN files (any number); positions are taken from every
ply of every game in order until there are enough.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

try:
    import chess
    import chess.pgn
except ImportError:
    # The Lc0 session below needs no python-chess (scripts/lc0_policy_speed.py
    # imports it); reading games and boards here does.
    chess = None

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def positions_from_games(paths, wanted, every):
    """(moves from the start, in UCI) for up to `wanted` positions."""
    found = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            while len(found) < wanted:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                if game.headers.get("FEN") or game.headers.get("SetUp") == "1":
                    continue
                board = game.board()
                moves = []
                for ply, move in enumerate(game.mainline_moves()):
                    if ply % every == 0 and any(True for _ in board.legal_moves):
                        found.append(list(moves))
                        if len(found) >= wanted:
                            break
                    moves.append(move.uci())
                    board.push(move)
    return found


# lc0's statistics name castling as the king's move onto its rook; a king
# cannot otherwise make these moves.
CASTLING = {"e1h1": "e1g1", "e1a1": "e1c1", "e8h8": "e8g8", "e8a8": "e8c8"}


class Lc0:
    def __init__(self, binary, network):
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
        self.process = subprocess.Popen(
            [binary, f"--weights={network}", "--backend=blas", "--threads=1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in [("VerboseMoveStats", "true"), ("PolicyTemperature", "1.0"), ("NNCacheSize", "0"),
                            ("SmartPruningFactor", "0")]:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("lc0 ended")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def policy(self, moves, board):
        """{uci move: percent} for the position after `moves`; castling as
        trappy and UCI write it (lc0's statistics name the king's move onto
        its rook)."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go nodes 1")
        policy = {}
        for line in self.wait_for("bestmove"):
            if not line.startswith("info string ") or line.startswith("info string node "):
                continue
            fields = line.split()
            move = fields[2]
            at = line.index("(P:")
            if move in CASTLING and board.piece_type_at(chess.parse_square(move[:2])) == chess.KING:
                move = CASTLING[move]
            policy[move] = float(line[at + 3:line.index("%", at)])
        return policy

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def trappy_policies(trappy, network, games):
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as batch:
        for moves in games:
            batch.write(START + (" moves " + " ".join(moves) if moves else "") + "\n")
    output = subprocess.run([trappy, "policy", "--network", network, "--epd", batch.name, "--json"],
                            capture_output=True, text=True, check=True).stdout.splitlines()
    os.unlink(batch.name)
    policies = [{entry["move"]: entry["percent"] for entry in json.loads(line)["policy"]} for line in output[:-1]]
    summary = output[-1].split()
    return policies, float(summary[5])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lc0", required=True)
    parser.add_argument("--network", required=True)
    parser.add_argument("--pgn", nargs="+", required=True)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--every", type=int, default=1, help="take every Nth ply of a game")
    parser.add_argument("--trappy", default=os.path.join(os.path.dirname(__file__), "../target/release/trappy"))
    parser.add_argument("--tolerance", type=float, default=0.1, help="percentage points")
    parser.add_argument("--write-epd", help="also write the positions as a trappy policy --epd batch")
    args = parser.parse_args()

    games = positions_from_games(args.pgn, args.positions, args.every)
    if args.write_epd:
        with open(args.write_epd, "w", encoding="utf-8") as batch:
            for moves in games:
                batch.write(START + (" moves " + " ".join(moves) if moves else "") + "\n")
    ours, our_pps = trappy_policies(args.trappy, args.network, games)
    lc0 = Lc0(args.lc0, args.network)
    boards = []
    for moves in games:
        board = chess.Board()
        for move in moves:
            board.push_uci(move)
        boards.append(board)
    started = time.perf_counter()
    theirs = [lc0.policy(moves, board) for moves, board in zip(games, boards)]
    lc0_seconds = time.perf_counter() - started
    lc0.close()

    worst, worst_at, outside, compared = 0.0, None, 0, 0
    for index, (mine, reference) in enumerate(zip(ours, theirs)):
        if set(mine) != set(reference):
            print(f"position {index}: the legal moves differ: {sorted(set(mine) ^ set(reference))}", file=sys.stderr)
            outside += 1
            continue
        for move, percent in mine.items():
            difference = abs(percent - reference[move])
            compared += 1
            if difference > worst:
                worst, worst_at = difference, (index, move, percent, reference[move])
            if difference > args.tolerance:
                outside += 1
    lc0_pps = len(games) / lc0_seconds
    print(f"positions {len(games)} moves {compared} outside_{args.tolerance}pp {outside} "
          f"largest_difference_pp {worst:.3f}")
    if worst_at:
        index, move, mine, reference = worst_at
        print(f"largest at position {index} ({' '.join(games[index]) or 'start'}): {move} trappy {mine:.3f} lc0 {reference:.2f}")
    print(f"trappy_pps {our_pps:.1f} lc0_pps {lc0_pps:.1f} ratio {our_pps / lc0_pps:.2f}")
    return 0 if outside == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
