//! `trappy traps`: the trap annotator. Searches one position to a fixed
//! depth with the trappy root recording every root move, then gives each
//! root move its exact score, its adjusted score under the opponent model,
//! and every reply some shallower iteration preferred that loses at the
//! final depth, with its score vector.

use crate::nnue::Network;
use crate::output::emit;
use crate::search::{SearchLimits, SearchRequest, Searcher};
use crate::trappy::annotate::AnnotatedRoot;
use crate::trappy::{TrapConfig, TrappyRoot};
use crate::tunables::Tunables;
use clap::Args;
use movegen::{Board, Move};
use std::sync::Arc;

#[derive(Args, Debug)]
pub struct TrapsArgs {
    /// Position to annotate
    #[arg(long)]
    pub fen: String,
    /// Root search depth (at least 3, so there are shallow depths to compare)
    #[arg(long, value_parser = clap::value_parser!(i32).range(3..=40))]
    pub depth: i32,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Hash size in MB
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// The evaluation: `embedded` (the network built in), a network file
    /// or `classical`
    #[arg(long, default_value = crate::nnue::DEFAULT_EVAL_FILE)]
    pub eval_file: String,
}

/// The annotation of one position.
pub struct Annotation {
    pub fen: String,
    pub depth: usize,
    pub plain_best: Move,
    pub trappy_best: Move,
    /// Every root move, best adjusted value first.
    pub root_moves: Vec<AnnotatedRoot>,
}

/// Runs the annotator with the given tunables (TrapScale 0 is allowed: the
/// traps are still listed, just never rewarded), evaluating with `network`
/// (the classical evaluation when `None`).
pub fn annotate(
    board: &Board,
    depth: i32,
    hash_mb: usize,
    tunables: &Tunables,
    network: Option<Arc<Network>>,
) -> Annotation {
    let mut searcher = Searcher::new(hash_mb);
    searcher.set_tunables(tunables.clone());
    searcher.set_network(network);
    let mut annotator = TrappyRoot::annotator(TrapConfig::from_tunables(tunables));
    let result =
        searcher.search_with_policy(SearchRequest::new(board, &SearchLimits::depth(depth)), Some(&mut annotator));
    let mut root_moves = annotator.annotation().map_or(vec![], <[AnnotatedRoot]>::to_vec);
    root_moves.sort_by_key(|root| std::cmp::Reverse(root.adjusted()));
    let final_depth = if root_moves.is_empty() { 0 } else { result.depth as usize };
    Annotation {
        fen: board.to_fen(),
        depth: final_depth,
        plain_best: result.plain_move,
        trappy_best: result.best_move,
        root_moves,
    }
}

impl Annotation {
    pub fn to_json(&self) -> String {
        use serde_json::json;
        let root_moves: Vec<serde_json::Value> = self
            .root_moves
            .iter()
            .map(|root| {
                let traps: Vec<serde_json::Value> = root
                    .traps
                    .iter()
                    .map(|trap| {
                        let vector: Vec<serde_json::Value> =
                            trap.vector.iter().map(|(depth, score)| json!({"depth": depth, "score": score})).collect();
                        json!({
                            "reply": trap.reply.to_string(),
                            "vector": vector,
                            "profit": trap.profit,
                            "trappiness": trap.trappiness as f64 / 1000.0,
                        })
                    })
                    .collect();
                json!({"move": root.mv.to_string(), "score": root.raw, "adjusted": root.adjusted(), "traps": traps})
            })
            .collect();
        json!({
            "fen": self.fen,
            "depth": self.depth,
            "plain_best": self.plain_best.to_string(),
            "trappy_best": self.trappy_best.to_string(),
            "root_moves": root_moves,
        })
        .to_string()
    }

    pub fn to_text(&self) -> String {
        let mut out = format!("fen {}\ndepth {}\n", self.fen, self.depth);
        out += &format!("plain best {}  trappy best {}\n", self.plain_best, self.trappy_best);
        for root in &self.root_moves {
            out += &format!("{:<6} score {:>6}  adjusted {:>6}\n", root.mv.to_string(), root.raw, root.adjusted());
            for trap in &root.traps {
                let vector: Vec<String> = trap.vector.iter().map(|(d, s)| format!("d{d}:{s}")).collect();
                out += &format!(
                    "    trap {:<6} profit {:>5}  trappiness {:.3}  vector {}\n",
                    trap.reply.to_string(),
                    trap.profit,
                    trap.trappiness as f64 / 1000.0,
                    vector.join(" ")
                );
            }
        }
        out
    }
}

/// Runs the annotator from `tunables` (the options file's, or the defaults).
pub fn run_traps(args: &TrapsArgs, tunables: &Tunables) -> Result<(), String> {
    let board = Board::from_fen(&args.fen).map_err(|e| e.to_string())?;
    if !board.has_legal_move() {
        return Err("the position has no legal move to annotate".into());
    }
    let network = crate::nnue::network_for_eval_file(&args.eval_file)?;
    let annotation = annotate(&board, args.depth, args.hash, tunables, network);
    if args.json {
        emit(&annotation.to_json());
    } else {
        emit(annotation.to_text().trim_end());
    }
    Ok(())
}
