#!/usr/bin/env python3
"""Per player, the search depth and time of each move, read from the move
comments that `tuner match` (and cutechess-cli) write: `{+0.31/12 0.214s}`.

Book moves (`{-/- 0.000s, book}`) and moves without a depth are skipped.
Usage: scripts/pgn_search_depths.py runs/uci-elo-2500.pgn [--below 14] [--by-ply 60]

With --by-ply N it also gives each player's mean time at each of its first N
searched moves of a game, averaged over those N with equal weight: two players
whose games differ in length (one wins faster) are then compared move for move
of the game rather than weighted by how long each game lasted.
"""

import argparse
import re
import statistics
import sys
from collections import Counter, defaultdict

TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')
COMMENT = re.compile(r"\{([^}]*)\}")
SEARCHED = re.compile(r"^\s*[+-]?(?:M?\d+(?:\.\d+)?)/(\d+) (\d+(?:\.\d+)?)s")


def games(lines):
    """Yields (tags, movetext) for each game of a PGN."""
    tags, text = {}, []
    for line in lines:
        match = TAG.match(line)
        if match:
            if text:
                yield tags, " ".join(text)
                tags, text = {}, []
            tags[match.group(1)] = match.group(2)
        elif line.strip():
            text.append(line.strip())
    if text:
        yield tags, " ".join(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--below", type=int, help="also print the share of moves searched less deep than this")
    parser.add_argument("--by-ply", type=int, help="also the mean over a game's first N searched moves, each weighted alike")
    args = parser.parse_args()

    depths = defaultdict(Counter)
    times = defaultdict(list)
    by_move = defaultdict(lambda: defaultdict(list))
    try:
        with open(args.pgn, encoding="utf-8") as handle:
            for tags, text in games(handle):
                # Every move carries one comment, so comments alternate sides.
                black_first = " b " in tags.get("FEN", "")
                sides = [tags.get("White", "?"), tags.get("Black", "?")]
                searched_moves = Counter()
                for index, comment in enumerate(COMMENT.findall(text)):
                    searched = SEARCHED.match(comment)
                    if not searched:
                        continue
                    player = sides[(index + black_first) % 2]
                    depths[player][int(searched.group(1))] += 1
                    times[player].append(float(searched.group(2)))
                    by_move[player][searched_moves[player]].append(float(searched.group(2)))
                    searched_moves[player] += 1
    except OSError as error:
        sys.exit(f"cannot read {args.pgn}: {error}")

    if not depths:
        sys.exit(f"{args.pgn}: no move comments with a depth")
    for player in sorted(depths):
        counts = depths[player]
        every = sorted(counts.elements())
        line = (
            f"{player}: {len(every)} moves, depth median {statistics.median(every):g}, "
            f"most frequent {counts.most_common(1)[0][0]}, mean time {statistics.mean(times[player]):.3f} s"
        )
        if args.below is not None:
            shallow = sum(1 for depth in every if depth < args.below)
            line += f", below {args.below}: {100 * shallow / len(every):.1f} %"
        if args.by_ply is not None:
            present = [by_move[player][n] for n in range(args.by_ply) if by_move[player][n]]
            means = [statistics.mean(at) for at in present]
            line += f", mean of its first {len(means)} moves' mean times {statistics.mean(means):.3f} s"
        print(line)


if __name__ == "__main__":
    main()
