#!/usr/bin/env python3
"""Paired comparison of two players of a `kind = "pool"` tournament.

In a pool tournament every player meets every opponent on the same
colour-swapped openings. So for each (opponent, opening) both players have a
game pair, and the difference of their pair scores cancels most of the
opening's and the opponent's noise. This prints the mean difference per game
with its 95 % error and, for reference, the same difference as Elo around
the two players' mean score.

usage: scripts/paired_pool_diff.py GAMES.pgn PLAYER_A PLAYER_B
"""
import math
import sys
from collections import defaultdict

import chess.pgn


def opening_key(game):
    """The opening's book moves, which the PGN marks with a `book` comment."""
    moves = []
    for node in game.mainline():
        if "book" not in node.comment:
            break
        moves.append(node.move.uci())
    return " ".join(moves)


def points(result, white_is_player):
    table = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
    if result not in table:
        return None
    return table[result] if white_is_player else 1.0 - table[result]


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    path, player_a, player_b = sys.argv[1:]
    # (player, opponent, opening) -> points over the colour-swapped pair
    pairs = defaultdict(list)
    try:
        handle = open(path, encoding="utf-8")
    except OSError as error:
        sys.exit(f"{path}: {error.strerror}")
    with handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            white, black = game.headers["White"], game.headers["Black"]
            for player, opponent, is_white in ((white, black, True), (black, white, False)):
                if player in (player_a, player_b) and opponent not in (player_a, player_b):
                    score = points(game.headers["Result"], is_white)
                    if score is not None:
                        pairs[(player, opponent, opening_key(game))].append(score)
    differences, scores = [], []
    for (player, opponent, opening), games in pairs.items():
        other = pairs.get((player_b, opponent, opening)) if player == player_a else None
        if other is None or len(games) != 2 or len(other) != 2:
            continue
        differences.append((sum(games) - sum(other)) / 2)
        scores += [sum(games) / 2, sum(other) / 2]
    n = len(differences)
    if n < 2:
        sys.exit(f"{path}: fewer than two openings that both players played as a pair against the same opponent")
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    error = 1.96 * math.sqrt(variance / n)
    centre = sum(scores) / len(scores)
    print(f"{n} openings paired; {player_a} - {player_b}: {mean * 100:+.2f} ± {error * 100:.2f} points per 100 games")

    def as_elo(difference):
        return elo(centre + difference / 2) - elo(centre - difference / 2)

    print(
        f"as Elo at the mean score {centre * 100:.1f} %: {as_elo(mean):+.1f} "
        f"(95 % interval {as_elo(mean - error):+.1f} to {as_elo(mean + error):+.1f})"
    )


if __name__ == "__main__":
    main()
