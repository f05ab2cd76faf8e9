//! A deliberately unreliable UCI engine for the matches tests. It plays the
//! first legal move, and misbehaves as its argument says:
//! `normal`, `crash N` (exit on the Nth go), `hang N` (never answer the Nth
//! go), `illegal N` (answer the Nth go with an illegal move), `slow-start MS`
//! (wait before `uciok`).

use movegen::Board;
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("normal");
    let n: u64 = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(1);
    let mut board = Board::startpos();
    let mut goes = 0;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match tokens.first().copied() {
            Some("uci") => {
                if mode == "slow-start" {
                    std::thread::sleep(std::time::Duration::from_millis(n));
                }
                // Something on stderr, as real engines print banners there.
                eprintln!("fake engine ({mode}) starting");
                let _ = writeln!(out, "id name fake\nuciok");
            }
            Some("isready") => {
                let _ = writeln!(out, "readyok");
            }
            Some("position") => {
                let moves_at = tokens.iter().position(|&t| t == "moves").unwrap_or(tokens.len());
                board = if tokens.get(1) == Some(&"fen") {
                    Board::from_fen(&tokens[2..moves_at].join(" ")).unwrap_or_default()
                } else {
                    Board::startpos()
                };
                for text in tokens.iter().skip(moves_at + 1) {
                    if let Ok(mv) = board.parse_uci_move(text) {
                        board.play(mv);
                    }
                }
            }
            Some("go") => {
                goes += 1;
                match mode {
                    "crash" if goes >= n => std::process::exit(3),
                    "hang" if goes >= n => continue,
                    "illegal" if goes >= n => {
                        let _ = writeln!(out, "bestmove a1a1");
                    }
                    _ => {
                        let reply = board.legal_moves().first().map_or("0000".to_string(), |m| m.to_string());
                        let _ = writeln!(out, "info depth 1 score cp 0 pv {reply}\nbestmove {reply}");
                    }
                }
            }
            Some("quit") => return,
            _ => {}
        }
        let _ = out.flush();
    }
}
