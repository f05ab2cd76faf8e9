#!/usr/bin/env python3
"""Reads a PGN file written by `tuner match` with python-chess, an
independent PGN reader: every game must parse with no errors, replay legally
from its start position, carry the standard tags, and end with the result
its moves and Termination tag support.

Usage: scripts/check_pgn_python_chess.py GAMES.pgn [EXPECTED_GAME_COUNT]
"""
import sys

import chess
import chess.pgn

REQUIRED = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "PlyCount", "TimeControl", "Termination"]


def main():
    path = sys.argv[1]
    expected = int(sys.argv[2]) if len(sys.argv) > 2 else None
    count = 0
    with open(path) as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            count += 1
            if game.errors:
                sys.exit(f"game {count}: python-chess reports {game.errors}")
            missing = [tag for tag in REQUIRED if tag not in game.headers]
            if missing:
                sys.exit(f"game {count}: missing tags {missing}")
            board = game.board()
            plies = 0
            for move in game.mainline_moves():
                if move not in board.legal_moves:
                    sys.exit(f"game {count}: illegal move {move}")
                board.push(move)
                plies += 1
            if int(game.headers["PlyCount"]) != plies:
                sys.exit(f"game {count}: PlyCount {game.headers['PlyCount']} but {plies} moves")
            outcome = board.outcome(claim_draw=True)
            if game.headers["Termination"] == "normal" and outcome is not None and outcome.result() != game.headers["Result"]:
                sys.exit(f"game {count}: result {game.headers['Result']} but the board says {outcome.result()}")
    if expected is not None and count != expected:
        sys.exit(f"read {count} games, expected {expected}")
    print(f"{count} games read by python-chess {chess.__version__}: all legal, all tagged")


if __name__ == "__main__":
    main()
