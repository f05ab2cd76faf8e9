#!/usr/bin/env python3
"""Plays colour-swapped game pairs between trappy and another engine with
python-chess as the client (UCI or xboard), and reports W/D/L, the score,
Elo with a 95% interval, and any time losses or protocol errors.

This is the interim strength harness and the python-chess client test; the
`matches` crate replaces it for tournaments.

Examples:
  scripts/play_games.py --games 20 --tc 1+0.01                      # trappy vs trappy
  scripts/play_games.py --opponent "scripts/xboard_no_setboard.sh /usr/games/fairymax" --xboard --games 200 --tc 10+0.1
  scripts/play_games.py --opponent "/usr/games/phalanx -b- -l-" --xboard --games 200 --tc 10+0.1
"""
import argparse
import concurrent.futures
import math
import pathlib
import random
import shlex
import sys
import threading
import time

import chess
import chess.engine
import chess.pgn

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OPENINGS = ROOT.parent / "shared/data/openings/8moves_v3.pgn"


def load_openings(path, count, seed):
    """Openings as boards: FENs from an EPD file, or the start position plus
    the moves of each PGN game (xboard engines without `setboard` need the
    latter, since python-chess then replays the moves)."""
    boards = []
    if str(path).endswith(".pgn"):
        with open(path) as handle:
            while len(boards) < 20000:
                game = chess.pgn.read_game(handle)
                if game is None:
                    break
                boards.append(game.end().board())
    else:
        for line in open(path):
            fields = line.split()
            if len(fields) >= 4:
                boards.append(chess.Board(" ".join(fields[:4]) + " 0 1"))
    random.Random(seed).shuffle(boards)
    return boards[:count]


def open_engine(command, xboard, settings=()):
    args = shlex.split(command)
    engine = chess.engine.SimpleEngine.popen_xboard(args) if xboard else chess.engine.SimpleEngine.popen_uci(args)
    options = {}
    for setting in settings:
        name, _, value = setting.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    if options:
        engine.configure(options)
    return engine


def rules_outcome(board):
    """How the game ended by the rules, or None. Threefold repetition and the
    fifty-move rule count once they have happened, as cutechess and fastchess
    apply them. (python-chess's claim_draw=True would also end the game when
    the side to move merely could repeat a third time with its next move,
    which drew won games the engine had no intention of repeating.)"""
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        return outcome
    if board.is_repetition(3):
        return chess.Outcome(chess.Termination.THREEFOLD_REPETITION, None)
    if board.halfmove_clock >= 100:
        return chess.Outcome(chess.Termination.FIFTY_MOVES, None)
    return None


def play_game(opening, trappy_white, args):
    """Returns (result from trappy's side: 1, 0.5, 0), termination, pgn."""
    trappy = open_engine(args.trappy, False, args.trappy_set)
    try:
        opponent = open_engine(args.opponent, args.xboard, args.opponent_set)
    except Exception:
        trappy.quit()
        raise
    base, inc = (float(x) for x in args.tc.split("+"))
    clocks = {chess.WHITE: base, chess.BLACK: base}
    board = opening.copy()
    engines = {chess.WHITE: trappy if trappy_white else opponent, chess.BLACK: opponent if trappy_white else trappy}
    termination = None
    try:
        while rules_outcome(board) is None:
            side = board.turn
            trappy_to_move = (side == chess.WHITE) == trappy_white
            depth = args.depth if trappy_to_move else (args.opponent_depth or args.depth)
            if depth:
                limit = chess.engine.Limit(depth=depth)
            else:
                limit = chess.engine.Limit(
                    white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK], white_inc=inc, black_inc=inc
                )
            start = time.perf_counter()
            try:
                result = engines[side].play(board, limit)
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
                termination = f"error ({'trappy' if (side == chess.WHITE) == trappy_white else 'opponent'}): {error}"
                winner = not side
                break
            used = time.perf_counter() - start
            clocks[side] = clocks[side] - used + inc
            if not depth and clocks[side] < 0:
                termination = f"time forfeit ({'trappy' if (side == chess.WHITE) == trappy_white else 'opponent'})"
                winner = not side
                break
            if result.move is None or result.move not in board.legal_moves:
                termination = f"illegal move {result.move}"
                winner = not side
                break
            board.push(result.move)
    finally:
        trappy.quit()
        opponent.quit()
    if termination is None:
        outcome = rules_outcome(board)
        termination = outcome.termination.name.lower()
        winner = outcome.winner
    if winner is None:
        score = 0.5
    else:
        score = 1.0 if winner == (chess.WHITE if trappy_white else chess.BLACK) else 0.0
    game = chess.pgn.Game.from_board(board)  # keeps the opening moves
    game.headers["White"] = "trappy" if trappy_white else "opponent"
    game.headers["Black"] = "opponent" if trappy_white else "trappy"
    game.headers["Termination"] = termination
    game.headers["Result"] = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[score if trappy_white else 1 - score]
    return score, termination, str(game)


def pentanomial(scores_by_pair):
    """Counts of complete pairs by total score 0, 0.5, 1, 1.5, 2."""
    counts = [0] * 5
    for pair in scores_by_pair.values():
        if len(pair) == 2:
            counts[int(round(2 * sum(pair)))] += 1
    return counts


def elo_with_error(scores):
    n = len(scores)
    mean = sum(scores) / n
    if mean in (0.0, 1.0):
        return float("inf") if mean == 1 else float("-inf"), float("nan")
    variance = sum((s - mean) ** 2 for s in scores) / n
    elo = -400 * math.log10(1 / mean - 1)
    margin = 1.959964 * math.sqrt(variance / n)
    lo, hi = max(mean - margin, 1e-9), min(mean + margin, 1 - 1e-9)
    to_elo = lambda p: -400 * math.log10(1 / p - 1)
    return elo, (to_elo(hi) - to_elo(lo)) / 2


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trappy", default=str(ROOT / "target/release/trappy"))
    parser.add_argument("--opponent", default=None, help="command line; default: trappy itself")
    parser.add_argument("--xboard", action="store_true", help="the opponent speaks xboard")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--tc", default="1+0.01", help="seconds+increment")
    parser.add_argument("--openings", default=str(DEFAULT_OPENINGS))
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=None, help="fixed depth per move instead of a clock")
    parser.add_argument("--opponent-depth", type=int, default=None, help="the opponent's fixed depth")
    parser.add_argument("--trappy-set", action="append", default=[], metavar="NAME=VALUE", help="UCI option for trappy")
    parser.add_argument("--opponent-set", action="append", default=[], metavar="NAME=VALUE", help="UCI option for the opponent")
    parser.add_argument("--pgn", default=None, help="write the games here")
    args = parser.parse_args()
    args.opponent = args.opponent or args.trappy

    openings = load_openings(args.openings, (args.games + 1) // 2, args.seed)
    jobs = [(index, board, white) for index, board in enumerate(openings) for white in (True, False)][: args.games]
    scores_by_pair = {}
    scores, terminations, pgns = [], {}, []
    lock = threading.Lock()
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        futures = {pool.submit(play_game, board, white, args): index for index, board, white in jobs}
        for future in concurrent.futures.as_completed(futures):
            score, termination, pgn = future.result()
            with lock:
                scores.append(score)
                scores_by_pair.setdefault(futures[future], []).append(score)
                terminations[termination] = terminations.get(termination, 0) + 1
                pgns.append(pgn)
                w, d = scores.count(1.0), scores.count(0.5)
                print(f"\rgames {len(scores)}/{len(jobs)}  +{w} ={d} -{len(scores) - w - d}", end="", flush=True)
    print()
    if args.pgn:
        pathlib.Path(args.pgn).write_text("\n\n".join(pgns) + "\n")
    w, d = scores.count(1.0), scores.count(0.5)
    l = len(scores) - w - d
    elo, error = elo_with_error(scores)
    limits = f"depth {args.depth} vs {args.opponent_depth or args.depth}" if args.depth else args.tc
    print(f"trappy {' '.join(args.trappy_set)} vs {args.opponent} {' '.join(args.opponent_set)} at {limits}: +{w} ={d} -{l}  score {100 * sum(scores) / len(scores):.1f}%  "
          f"Elo {elo:+.1f} +/- {error:.1f}")
    pairs = pentanomial(scores_by_pair)
    print("pentanomial (LL, LD, DD+WL, WD, WW):", pairs)
    print("terminations:", ", ".join(f"{k} {v}" for k, v in sorted(terminations.items())))
    bad = sum(v for k, v in terminations.items() if k.startswith(("time forfeit", "error", "illegal")))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
