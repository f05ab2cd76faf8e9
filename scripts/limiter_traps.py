#!/usr/bin/env python3
"""Does the strength limiter keep the trap root's traps?

For each UCI_Elo level and each classic trap position of data/traps.epd,
asks a trappy binary for its move on a clock, told nothing and told a human
of that level's rating, and counts how often it plays the trap's setting
move (`sm`) and how deep it searched. The limiter's node cap ends every
search, so the clock only bounds it and the runs are reproducible.

Below 1800 the limiter draws among its three best moves, and one draw a
position says little: `--seeds N` asks each position N times, with the
draw's seed (`WeakSeed`) 0 to N-1, and counts every answer.

    scripts/limiter_traps.py trappy [--levels 1500,1800,2100,2400] [--clock 60000]
        [--option OpponentModel=maia] [--seeds 1] [--show]

Prints one row per level and a total: setting moves played, told against
untold, and the mean depth of each.
"""
import argparse
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent


def trap_positions(path):
    positions = []
    for line in path.read_text().splitlines():
        if " sm " not in line:
            continue
        fen, rest = line.split(" sm ", 1)
        setting = rest.split(";", 1)[0].strip()
        name = rest.split('id "', 1)[1].split('"', 1)[0] if 'id "' in rest else fen
        positions.append((name, fen.strip(), setting))
    return positions


class Engine:
    def __init__(self, program):
        self.process = subprocess.Popen(
            [program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def until(self, prefix):
        lines = []
        for line in self.process.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"the engine ended before '{prefix}'")

    def close(self):
        self.send("quit")
        self.process.wait(timeout=30)


def play(program, level, told, fen, clock, options=()):
    engine = Engine(program)
    engine.send("uci")
    engine.until("uciok")
    for option in options:
        name, value = option.split("=", 1)
        engine.send(f"setoption name {name} value {value}")
    engine.send("setoption name UCI_LimitStrength value true")
    engine.send(f"setoption name UCI_Elo value {level}")
    if told:
        engine.send(f"setoption name UCI_Opponent value none {level} human sparring")
    engine.send("ucinewgame")
    engine.send(f"position fen {fen}")
    engine.send(f"go wtime {clock} btime {clock}")
    lines = engine.until("bestmove")
    engine.close()
    depths = [int(l.split()[2]) for l in lines if l.startswith("info depth ")]
    return lines[-1].split()[1], max(depths, default=0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("program")
    parser.add_argument("--levels", default="1500,1800,2100,2400")
    parser.add_argument("--clock", type=int, default=60000, help="wtime and btime, ms")
    parser.add_argument("--epd", default=str(HERE / "data" / "traps.epd"))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option set before the limit, told and untold (e.g. OpponentModel=maia)")
    parser.add_argument("--seeds", type=int, default=1, help="draws a position, with WeakSeed 0 to N-1")
    parser.add_argument("--show", action="store_true", help="each position's move and depth, untold and told")
    args = parser.parse_args()
    # Each position once per draw: its name, FEN, setting move and the
    # options that pick the draw (none when asked once).
    asked = [
        (name if args.seeds == 1 else f"{name}#{seed}", fen, setting,
         [] if args.seeds == 1 else [f"WeakSeed={seed}"])
        for name, fen, setting in trap_positions(pathlib.Path(args.epd))
        for seed in range(args.seeds)
    ]
    totals = {False: [0, 0, 0], True: [0, 0, 0]}
    print("level  untold: setting moves, mean depth   told: setting moves, mean depth")
    for level in [int(x) for x in args.levels.split(",")]:
        row = {}
        for told in (False, True):
            played = [
                play(args.program, level, told, fen, args.clock, args.option + draw)
                for _, fen, _, draw in asked
            ]
            if args.show:
                for (mv, depth), (name, _, sm, _) in zip(played, asked):
                    mark = "*" if mv == sm else " "
                    print(f"  {level} {'told  ' if told else 'untold'} {name:12} {mv:6}{mark} depth {depth}")
            setting = sum(mv == sm for (mv, _), (_, _, sm, _) in zip(played, asked))
            depth = sum(d for _, d in played)
            row[told] = (setting, depth / len(asked))
            totals[told][0] += setting
            totals[told][1] += depth
            totals[told][2] += len(asked)
        print(f"{level:5}  {row[False][0]:3}/{len(asked)}  {row[False][1]:5.2f}"
              f"                  {row[True][0]:3}/{len(asked)}  {row[True][1]:5.2f}")
    untold, told = totals[False], totals[True]
    print(f"total  {untold[0]:3}/{untold[2]}  {untold[1] / untold[2]:5.2f}"
          f"                  {told[0]:3}/{told[2]}  {told[1] / told[2]:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
