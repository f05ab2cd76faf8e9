#!/usr/bin/env python3
"""What happened after the trappy root's deviations from the plain move.

A match PGN marks each move where the trappy root chose differently from
plain minimax (`trappy X over plain Y`) and each opponent move that walked
into a verified trap (`fell into a trap`). For every deviation this counts
whether the next move was the trap reply, and how our score moved two
plies later (the engine's own score at its next move minus its score at
the deviation), split by whether the trap was sprung. As a baseline, the
same two-ply change over every move of the side that searches to
`--depth` (the deviating engine's depth), in positions not yet decided.

usage: scripts/trap_deviations.py GAMES.pgn [--depth 7]
"""
import argparse
import re

import chess.pgn

SCORE = re.compile(r"^([+-]?\d+\.\d+)/(\d+) ")


def score_and_depth(comment):
    """The pawn score and depth of a move's comment, if it has one (mates have none)."""
    match = SCORE.match(comment)
    return (float(match.group(1)), int(match.group(2))) if match else (None, None)


def two_ply_change(nodes, i):
    """Our score two plies after move i minus the score at move i, if both are known."""
    if i + 2 >= len(nodes):
        return None
    before, _ = score_and_depth(nodes[i].comment)
    after, _ = score_and_depth(nodes[i + 2].comment)
    return None if before is None or after is None else after - before


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--depth", type=int, default=7, help="the baseline side's search depth")
    args = parser.parse_args()
    deviations = 0
    changes = {True: [], False: []}
    baseline = []
    with open(args.pgn) as games:
        while (game := chess.pgn.read_game(games)) is not None:
            nodes = list(game.mainline())
            for i, node in enumerate(nodes):
                if "trappy " in node.comment and " over plain " in node.comment:
                    deviations += 1
                    sprung = i + 1 < len(nodes) and "fell into a trap" in nodes[i + 1].comment
                    change = two_ply_change(nodes, i)
                    changes[sprung].append(change)
                score, depth = score_and_depth(node.comment)
                change = two_ply_change(nodes, i)
                if depth == args.depth and score is not None and abs(score) < 5 and change is not None:
                    baseline.append(change)
    sprung_count = len(changes[True])
    print(f"deviations {deviations}, answered by the trap reply {sprung_count}"
          f" ({100 * sprung_count / max(deviations, 1):.1f} %)")
    for sprung, label in ((True, "sprung"), (False, "not sprung")):
        known = [c for c in changes[sprung] if c is not None]
        if known:
            print(f"{label}: {len(known)} with scores, mean change two plies later {sum(known) / len(known):+.2f} pawns")
    if baseline:
        print(f"every depth-{args.depth} move with |score| < 5: {len(baseline)},"
              f" mean change {sum(baseline) / len(baseline):+.2f} pawns")


if __name__ == "__main__":
    main()
