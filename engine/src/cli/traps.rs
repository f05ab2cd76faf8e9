//! `trappy traps`: the trap annotator. Searches one position to a fixed
//! depth with the trappy root recording every root move, then gives each
//! root move its exact score, its adjusted score under the opponent model,
//! and every reply some shallower iteration preferred that loses at the
//! final depth, with its score vector.

use crate::cli::output::emit;
use crate::lc0::Scratch;
use crate::nnue::Network;
use crate::search::score::is_mate_score;
use crate::search::{SearchLimits, SearchRequest, Searcher};
use crate::trappy::annotate::{AnnotatedRoot, AnnotatedTrap};
use crate::trappy::replies::{OpponentModelChoice, ReplyModel};
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
    #[arg(long, conflicts_with = "pgn")]
    pub json: bool,
    /// Print the traps as PGN, a game (study chapter) per root move with a
    /// trap, drawn with arrows ([%cal]) and marked squares ([%csl])
    #[arg(long)]
    pub pgn: bool,
    /// Also draw the first of those traps (the trappy root's own, when it
    /// sets one) as an SVG picture in FILE
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Hash size in MB
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// The evaluation: `embedded` (the network built in), a network file
    /// or `classical`
    #[arg(long, default_value = crate::nnue::DEFAULT_EVAL_FILE)]
    pub eval_file: String,
    /// Name traps by what players play: `natural` (the built-in model) or a
    /// human-move network (lc0's format, e.g. maia-1500.pb.gz), or any
    /// other value the `OpponentModel` option takes but `search`. A trap is
    /// then a reply the model gives at least 1 % that loses, and its
    /// trappiness is that probability. Without it, a trap is a reply a
    /// shallower iteration preferred.
    #[arg(long, value_name = "MODEL")]
    pub opponent_model: Option<String>,
}

/// Replies the reply model gives less than this share are not listed.
const LEAST_SHARE: f64 = 0.01;
/// At most this many of a root move's likeliest replies are searched.
const MOST_REPLIES: usize = 8;

/// The annotation of one position.
pub struct Annotation {
    pub fen: String,
    pub depth: usize,
    pub plain_best: Move,
    pub trappy_best: Move,
    /// Every root move, best adjusted value first.
    pub root_moves: Vec<AnnotatedRoot>,
    /// The reply model that named the traps, if one did.
    pub model: Option<String>,
}

/// Runs the annotator with the given tunables (traps off is allowed: the
/// traps are still listed, just never rewarded), evaluating with `network`
/// (the classical evaluation when `None`).
pub fn annotate(
    board: &Board,
    depth: i32,
    hash_mb: usize,
    tunables: &Tunables,
    network: Option<Arc<Network>>,
) -> Annotation {
    annotate_with(board, depth, hash_mb, tunables, network, None)
}

/// `annotate`, with the traps named by `model` when one is given.
pub fn annotate_with(
    board: &Board,
    depth: i32,
    hash_mb: usize,
    tunables: &Tunables,
    network: Option<Arc<Network>>,
    model: Option<&ReplyModel>,
) -> Annotation {
    let mut searcher = Searcher::new(hash_mb);
    searcher.set_tunables(tunables.clone());
    searcher.set_network(network.clone());
    let config = TrapConfig::from_tunables(tunables);
    let mut annotator = TrappyRoot::annotator(config);
    // The annotator decides as the engine does, with the model that names
    // the traps when one is given.
    if let Some(model) = model {
        annotator.set_stance(config, model.clone());
    }
    let result =
        searcher.search_with_policy(SearchRequest::new(board, &SearchLimits::depth(depth)), Some(&mut annotator));
    let mut root_moves = annotator.annotation().map_or(vec![], <[AnnotatedRoot]>::to_vec);
    root_moves.sort_by(|a, b| b.expected().total_cmp(&a.expected()));
    let final_depth = if root_moves.is_empty() { 0 } else { result.depth as usize };
    if let Some(model) = model.filter(|_| final_depth >= 3) {
        let mut natural = Searcher::new(4);
        natural.set_network(network);
        for root in &mut root_moves {
            root.traps = traps_by_model(&mut searcher, &mut natural, board, root, final_depth as i32, model);
        }
    }
    Annotation {
        fen: board.to_fen(),
        depth: final_depth,
        plain_best: result.plain_move,
        trappy_best: result.best_move,
        root_moves,
        model: model.map(|m| m.name().to_string()),
    }
}

/// The replies to `root` that `model` expects at least 1 % of the time and
/// that lose: each searched to `depth - 2`, as the iterations' traps are,
/// in the table of the main search. Trappiness is the model's probability.
fn traps_by_model(
    searcher: &mut Searcher,
    natural: &mut Searcher,
    board: &Board,
    root: &AnnotatedRoot,
    depth: i32,
    model: &ReplyModel,
) -> Vec<AnnotatedTrap> {
    let mut after = board.clone();
    after.play(root.mv);
    let history = [board.clone(), after.clone()];
    let keys = [board.hash(), after.hash()];
    // Without a node limit the natural model always finishes.
    let (likely, _) = model.likely_replies(&history, natural, &mut Scratch::default(), u64::MAX).unwrap_or_default();
    let mut traps: Vec<AnnotatedTrap> = likely
        .iter()
        .take_while(|likely| likely.probability >= LEAST_SHARE)
        .take(MOST_REPLIES)
        .filter_map(|likely| {
            let mut next = after.clone();
            next.play(likely.reply);
            let limits = SearchLimits::depth(depth - 2);
            let value = searcher.search(SearchRequest::new(&next, &limits).after(&keys)).score;
            let profit = value - root.raw;
            (profit > 0).then(|| AnnotatedTrap {
                reply: likely.reply,
                vector: vec![(depth as usize, value)],
                profit,
                trappiness: (likely.probability * 1000.0).round() as i32,
            })
        })
        .collect();
    traps.sort_by_key(|trap| std::cmp::Reverse(trap.profit));
    traps
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
                json!({"move": root.mv.to_string(), "score": root.raw, "expected": root.expected(), "gain": root.gain, "traps": traps})
            })
            .collect();
        json!({
            "model": self.model,
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
            out += &format!(
                "{:<6} score {:>6}  expected {:.4}  gain {:.4}\n",
                root.mv.to_string(),
                root.raw,
                root.expected(),
                root.gain
            );
            for trap in &root.traps {
                if let Some(model) = &self.model {
                    let value = trap.vector.last().map_or(0, |entry| entry.1);
                    let cost = if is_mate_score(value) {
                        "walks into mate".to_string()
                    } else {
                        format!("loses {:.2} pawns", trap.profit as f64 / 100.0)
                    };
                    out += &format!(
                        "    trap {:<6} profit {:>5}  {model} plays it {:.1} % of the time, and it {cost}\n",
                        trap.reply.to_string(),
                        trap.profit,
                        trap.trappiness as f64 / 10.0,
                    );
                    continue;
                }
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
    let model = match args.opponent_model.as_deref().map(OpponentModelChoice::from_option).transpose()? {
        Some(OpponentModelChoice::Search) => {
            return Err(
                "the searched model plays one reply and gives no probabilities: name natural or a network".into()
            )
        }
        // No opponent is named here: a folder gives its middle network.
        Some(choice) => Some(choice.model_for(None, tunables)),
        None => None,
    };
    let annotation = annotate_with(&board, args.depth, args.hash, tunables, network, model.as_ref());
    if let Some(path) = &args.svg {
        let Some((root, trap)) = annotation.featured_traps().into_iter().next() else {
            return Err(format!("no trap found at depth {}: nothing to draw", annotation.depth));
        };
        let picture = super::trap_svg::trap_svg(&board, root.mv, trap.reply);
        std::fs::write(path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if args.json {
        emit(&annotation.to_json());
    } else if args.pgn {
        let pgn = annotation.to_pgn(&board);
        if pgn.is_empty() {
            return Err(format!("no trap found at depth {}: nothing to write as PGN", annotation.depth));
        }
        emit(pgn.trim_end());
    } else {
        emit(annotation.to_text().trim_end());
    }
    Ok(())
}
