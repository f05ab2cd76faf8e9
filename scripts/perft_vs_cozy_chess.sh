#!/usr/bin/env bash
# `trappy perft` against cozy-chess's move generator in the same run: the
# start position to depth 7 and Kiwipete to depth 6, each alternately three
# times, best nodes per second kept, and the ratio printed.
# The reference is built from crates.io into target/cozy-chess-perft (a
# throwaway crate outside the workspace, with the flags our release build
# uses: fat LTO, one codegen unit, the machine's CPU). Nothing of it ships.
# Run on an otherwise idle machine, after `cargo build --release`;
# TRAPPY=path measures another build of ours.
set -euo pipefail
cd "$(dirname "$0")/.."
trappy=${TRAPPY:-./target/release/trappy}
reference=target/cozy-chess-perft
mkdir -p "$reference/src"
cat > "$reference/Cargo.toml" <<'TOML'
[package]
name = "cozy-chess-perft"
version = "0.1.0"
edition = "2021"

[dependencies]
cozy-chess = "0.3"

[profile.release]
lto = "fat"
codegen-units = 1
panic = "abort"

[workspace]
TOML
cat > "$reference/src/main.rs" <<'RUST'
// Perft with cozy-chess, counting the last ply in bulk as `trappy perft`
// does; prints the node count and the nodes per second.
use cozy_chess::Board;
use std::time::Instant;

fn perft(board: &Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let (Some(fen), Some(depth)) = (arguments.get(1), arguments.get(2)) else {
        eprintln!("usage: cozy-chess-perft FEN DEPTH");
        std::process::exit(2);
    };
    let board: Board = fen.parse().unwrap_or_else(|_| panic!("not a FEN: {fen}"));
    let depth: u8 = depth.parse().expect("a depth");
    let start = Instant::now();
    let nodes = perft(&board, depth);
    println!("{nodes} {:.0}", nodes as f64 / start.elapsed().as_secs_f64());
}
RUST
RUSTFLAGS="-C target-cpu=native" cargo build --quiet --release --manifest-path "$reference/Cargo.toml"
cozy="$reference/target/release/cozy-chess-perft"
best() { sort -n | tail -n 1; }
for position in "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|7|start position" \
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|6|Kiwipete"; do
  IFS='|' read -r fen depth name <<< "$position"
  ours=(); theirs=()
  for _ in 1 2 3; do
    theirs+=("$("$cozy" "$fen" "$depth" | awk '{print $2}')")
    ours+=("$("$trappy" perft --depth "$depth" --fen "$fen" | awk '/mnps/ {print $6 * 1000000}')")
  done
  o=$(printf '%s\n' "${ours[@]}" | best)
  t=$(printf '%s\n' "${theirs[@]}" | best)
  awk -v n="$name" -v d="$depth" -v o="$o" -v t="$t" \
    'BEGIN {printf "%s depth %s: trappy %.1f Mnps, cozy-chess %.1f Mnps, ratio %.2f\n", n, d, o / 1e6, t / 1e6, o / t}'
done
