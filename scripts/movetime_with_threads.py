import subprocess, time, sys
exe, threads, movetime, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(prefix):
    while True:
        line = p.stdout.readline()
        if line.startswith(prefix): return line
send("uci"); wait("uciok")
send(f"setoption name Threads value {threads}"); send("isready"); wait("readyok")
fens = ["startpos", "fen r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]
over = []
for i in range(reps):
    send("ucinewgame"); send(f"position {fens[i % len(fens)]}"); send("isready"); wait("readyok")
    t = time.monotonic(); send(f"go movetime {movetime}"); wait("bestmove")
    over.append((time.monotonic() - t) * 1000 - movetime)
send("quit")
over.sort()
print(f"threads {threads} movetime {movetime}: {reps} moves, ms beyond movetime: min {over[0]:.1f} median {over[len(over)//2]:.1f} max {over[-1]:.1f}")
