"""A UCI engine as the scripts here drive it: started with its options set,
asked for a move at a fixed depth, and told to quit."""
import subprocess
import sys


def start(binary, options):
    """The engine at `binary`, with each option of the dict set, ready."""
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lines = "".join(f"setoption name {name} value {value}\n" for name, value in options.items())
    engine.stdin.write(f"uci\n{lines}isready\n")
    engine.stdin.flush()
    while engine.stdout.readline().strip() != "readyok":
        pass
    return engine


def search(engine, fen, depth):
    """(best move, nodes, milliseconds) of a fresh search of `fen` to `depth`;
    nodes and time from the last info line that has both (None if none)."""
    engine.stdin.write(f"ucinewgame\nposition fen {fen}\ngo depth {depth}\n")
    engine.stdin.flush()
    nodes = time_ms = None
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit("the engine quit before answering")
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words and "time" in words:
            nodes = int(words[words.index("nodes") + 1])
            time_ms = int(words[words.index("time") + 1])
        if words[:1] == ["bestmove"]:
            return words[1], nodes, time_ms


def quit(engine):
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
