//! MultiPV: the best N root moves, each with its own line and exact score.
//! Each depth is searched N times: the first search finds the best move,
//! the k-th searches the root moves the first k−1 lines did not take
//! (`SearchLimits::root_moves`). The searches share the transposition
//! table, so the repeated shallow depths cost little. The lines are plain
//! minimax lines. The trappy root watches only the first line's searches
//! and decides once, at the end, for the move that will be played.

use crate::search::score::{uci_score, MAX_PLY};
use crate::search::{SearchLimits, SearchRequest, SearchResult};
use crate::trappy_engine::TrappyEngine;
use movegen::Move;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const DEEPEST: i32 = MAX_PLY as i32 - 1;

/// The deepest first line that finished, with the trappy root's choice,
/// and every line of each depth whose lines all finished, as `info`.
pub fn search_lines(
    searcher: &mut TrappyEngine,
    request: &SearchRequest,
    lines: usize,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(&str),
) -> SearchResult {
    let started = Instant::now();
    let limits = request.limits;
    let candidates = limits.allowed_root_moves(request.board.legal_moves().iter().copied());
    let lines = lines.clamp(1, candidates.len().max(1));
    let timer = searcher.time_manager(limits);
    let max_depth = limits.depth.unwrap_or(DEEPEST).clamp(1, DEEPEST);
    let mut nodes = 0u64;
    // The first line of the deepest depth searched: the move played.
    let mut played: Option<SearchResult> = None;
    'depths: for depth in 1..=max_depth {
        if depth > 1 && !timer.may_start_iteration() {
            break;
        }
        let mut taken: Vec<Move> = Vec::with_capacity(lines);
        // (score, line) of each finished search of this depth.
        let mut found: Vec<(i32, Vec<Move>)> = Vec::with_capacity(lines);
        for _ in 1..=lines {
            let remaining_nodes = limits.nodes.map(|n| n.saturating_sub(nodes));
            if stop.load(Ordering::SeqCst) || remaining_nodes == Some(0) || timer.hard_limit_reached() {
                break 'depths;
            }
            let sub = SearchLimits {
                depth: Some(depth),
                nodes: remaining_nodes,
                movetime: timer.time_left(),
                root_moves: Some(candidates.iter().copied().filter(|mv| !taken.contains(mv)).collect()),
                ..SearchLimits::default()
            };
            let result = if taken.is_empty() {
                searcher.search_undecided(request.with_limits(&sub))
            } else {
                searcher.search_plain(request.with_limits(&sub))
            };
            nodes += result.nodes;
            // A search cut short by the clock, the node limit or `stop`
            // leaves this depth unfinished: the last whole depth stands.
            if result.depth < depth || result.plain_move == Move::NULL {
                break 'depths;
            }
            found.push((result.score, result.pv.clone()));
            taken.push(result.plain_move);
            if taken.len() == 1 {
                played = Some(result);
            }
        }
        // Separate searches can rank two later lines against their scores
        // (each has its own window and table state); GUIs expect lines in
        // score order. The first line stays first: it is the move played.
        found[1..].sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        let elapsed = started.elapsed().as_millis().max(1) as u64;
        for (index, (score, pv)) in found.iter().enumerate() {
            let pv: Vec<String> = pv.iter().map(|mv| mv.to_string()).collect();
            emit(&format!(
                "info depth {depth} multipv {} score {} nodes {nodes} nps {} time {elapsed} pv {}",
                index + 1,
                uci_score(*score),
                nodes * 1000 / elapsed,
                pv.join(" ")
            ));
        }
    }
    match played {
        Some(result) => {
            let left = SearchLimits {
                nodes: limits.nodes.map(|n| n.saturating_sub(nodes)),
                movetime: timer.time_left(),
                ..SearchLimits::default()
            };
            let best_move = searcher.choose_after(&request.with_limits(&left), &result);
            SearchResult { nodes, best_move, ..result }
        }
        // Not even depth 1 finished: one search gives a move.
        None => searcher.search(request.with_limits(&SearchLimits::depth(1))),
    }
}
