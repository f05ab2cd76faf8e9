//! The annotation of one position, which every output of `trappy traps`
//! reads (text, JSON, the PGN chapters, the picture, a game's comments).
//!
//! The annotator's policy (`trappy::annotate`) gives every root move its
//! value, its expected score against the opponent model and the model's
//! likely replies with their values. Here those become traps: a reply
//! the model gives at least `LEAST_SHARE` that loses at least
//! `LEAST_LOSS` against the move's value (or walks into mate), with the
//! line that punishes it. Root moves are ranked by expected score against
//! the model (the move the engine would play there first), which is what
//! a trap is worth net of what it costs: the chance of each losing reply
//! times what it loses, on the score-to-result curve, less what the
//! move gives up against best play.

use crate::nnue::Network;
use crate::search::score::{MATE, MATE_BOUND};
use crate::search::{SearchLimits, SearchRequest, Searcher};
use crate::trappy::annotate::{AnnotatedReply, Annotator, RootAnnotation};
use crate::trappy::replies::ReplyModel;
use crate::trappy::TrapConfig;
use crate::tunables::Tunables;
use movegen::{Board, Color, Move};
use std::sync::Arc;

/// A reply loses when it leaves the opponent at least a pawn worse than
/// the move's value: less is within the search's noise between depths,
/// and not what a coach would call a trap.
pub const LEAST_LOSS: i32 = 100;
/// The chapters a position gets unless every one is asked for.
pub const MOST_CHAPTERS: usize = 5;
/// The losing replies of one root move that get their punishing line
/// (the likeliest first): the chapter's answer and its variations.
pub const MOST_VARIATIONS: usize = 3;

/// What an annotation needs besides the position.
pub struct AnnotatorSetup<'a> {
    pub depth: i32,
    pub hash_mb: usize,
    pub tunables: &'a Tunables,
    /// The evaluation (`None`: classical).
    pub network: Option<Arc<Network>>,
    pub model: &'a ReplyModel,
}

/// A losing reply the model expects, and how it is punished.
#[derive(Clone, Debug, PartialEq)]
pub struct Trap {
    pub reply: Move,
    /// The model's probability, 0 to 1.
    pub probability: f64,
    /// Its value after the reply, from the setter's side.
    pub value: i32,
    /// The setter's best line after the reply (empty past the chapters'
    /// variations).
    pub line: Vec<Move>,
}

/// A root move with its traps.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove {
    pub mv: Move,
    /// Its minimax value, from the mover's side.
    pub raw: i32,
    /// Its expected score against the model, 0 to 1.
    pub expected: f64,
    /// What the replies add to it over the value alone, in points.
    pub gain: f64,
    /// Every reply searched, most likely first.
    pub replies: Vec<AnnotatedReply>,
    /// The losing replies, most likely (most tempting) first.
    pub traps: Vec<Trap>,
}

/// The annotation of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    pub board: Board,
    pub depth: usize,
    /// The model that names the traps, as outputs name it.
    pub model: String,
    pub plain_best: Move,
    /// The move the engine plays against the model: the first root move.
    pub trappy_best: Move,
    /// Every root move, `trappy_best` first, then by expected score.
    pub root_moves: Vec<RootMove>,
}

/// Annotates `board`, reached after the positions `before` (oldest first,
/// for repetitions and a network's history). With no legal move, or a
/// depth under 3, the annotation has no root moves.
pub fn annotate(board: &Board, before: &[Board], setup: &AnnotatorSetup) -> Annotation {
    let mut searcher = Searcher::new(setup.hash_mb);
    searcher.set_tunables(setup.tunables.clone());
    searcher.set_network(setup.network.clone());
    let config = TrapConfig::from_tunables(setup.tunables);
    let mut annotator = Annotator::new(config, setup.model.clone());
    let keys: Vec<u64> = before.iter().map(Board::hash).collect();
    let limits = SearchLimits::depth(setup.depth);
    let request = SearchRequest::new(board, &limits).after(&keys).with_positions(before);
    let result = searcher.search_with_policy(request, Some(&mut annotator));
    let mut annotation = Annotation {
        board: board.clone(),
        depth: 0,
        model: setup.model.name().to_string(),
        plain_best: result.plain_move,
        trappy_best: result.best_move,
        root_moves: vec![],
    };
    if let Some(report) = annotator.annotation() {
        annotation.depth = report.depth;
        annotation.root_moves = ranked(report, config.margin);
        let mut keys = keys;
        keys.push(board.hash());
        for root in &mut annotation.root_moves {
            punish(&mut searcher, board, &keys, root, report.depth as i32 - 2);
        }
    }
    annotation
}

/// The report's root moves with their traps, the chosen one first, then
/// by expected score (the plain move credited the margin an alternative
/// must beat it by, so that the order is the decision's).
fn ranked(report: &RootAnnotation, margin: f64) -> Vec<RootMove> {
    let mut roots: Vec<(f64, RootMove)> = report
        .roots
        .iter()
        .map(|root| {
            let traps = root
                .replies
                .iter()
                .filter(|r| loses(root.raw, r.value))
                .map(|r| Trap { reply: r.reply, probability: r.probability, value: r.value, line: vec![] })
                .collect();
            let entry = RootMove {
                mv: root.mv,
                raw: root.raw,
                expected: root.expected,
                gain: root.gain,
                replies: root.replies.clone(),
                traps,
            };
            (report.rank_value(root, margin), entry)
        })
        .collect();
    roots.sort_by(|(a, x), (b, y)| (y.mv == report.chosen).cmp(&(x.mv == report.chosen)).then(b.total_cmp(a)));
    roots.into_iter().map(|(_, root)| root).collect()
}

/// Whether a reply valued `value` loses against a move valued `raw`.
fn loses(raw: i32, value: i32) -> bool {
    raw < MATE_BOUND && (value >= MATE_BOUND || value >= raw.saturating_add(LEAST_LOSS))
}

/// The punishing line of `root`'s likeliest traps: the setter's best
/// line after the reply, searched `depth` plies in the annotation's table.
fn punish(searcher: &mut Searcher, board: &Board, keys: &[u64], root: &mut RootMove, depth: i32) {
    let mut after = board.clone();
    after.play(root.mv);
    let mut keys = keys.to_vec();
    keys.push(after.hash());
    for trap in root.traps.iter_mut().take(MOST_VARIATIONS) {
        let mut next = after.clone();
        next.play(trap.reply);
        let limits = SearchLimits::depth(depth.max(1));
        let result = searcher.search(SearchRequest::new(&next, &limits).after(&keys));
        trap.line = legal_prefix(&next, &result.pv);
    }
}

/// The longest legal prefix of `line` from `board` (a table's line can
/// end in a move from a colliding entry).
fn legal_prefix(board: &Board, line: &[Move]) -> Vec<Move> {
    let mut board = board.clone();
    let mut legal = Vec::new();
    for &mv in line {
        if mv.is_null() || !board.is_legal(mv) {
            break;
        }
        board.play(mv);
        legal.push(mv);
    }
    legal
}

impl Annotation {
    pub fn fen(&self) -> String {
        self.board.to_fen()
    }

    pub fn root(&self, mv: Move) -> Option<&RootMove> {
        self.root_moves.iter().find(|root| root.mv == mv)
    }

    /// The root moves with a trap, in rank order: the first
    /// `MOST_CHAPTERS`, or every one with `all`.
    pub fn chapters(&self, all: bool) -> Vec<&RootMove> {
        let with_traps = self.root_moves.iter().filter(|root| !root.traps.is_empty());
        with_traps.take(if all { usize::MAX } else { MOST_CHAPTERS }).collect()
    }

    /// How many root moves set a trap.
    pub fn trap_moves(&self) -> usize {
        self.root_moves.iter().filter(|root| !root.traps.is_empty()).count()
    }

    /// "White" or "Black", the side to move.
    pub fn mover(&self) -> &'static str {
        side_name(self.board.side_to_move())
    }

    /// A score from the mover's side, from White's.
    pub fn white_score(&self, score: i32) -> i32 {
        match self.board.side_to_move() {
            Color::White => score,
            Color::Black => -score,
        }
    }

    /// The position after `mv` and `reply`.
    pub fn after(&self, line: &[Move]) -> Board {
        let mut board = self.board.clone();
        for &mv in line {
            board.play(mv);
        }
        board
    }

    /// One sentence of what `trap` costs the opponent after `root`, e.g.
    /// "Bxd1 (the natural model: 100 %), which walks into mate in 2".
    pub fn trap_sentence(&self, root: &RootMove, trap: &Trap) -> String {
        let reply = self.after(&[root.mv]).san(trap.reply);
        format!("{reply} ({}: {}), which {}", self.model, percent(trap.probability), loss_words(root.raw, trap.value))
    }

    /// The picture's caption: who moves, and the trap in words.
    pub fn caption(&self, root: &RootMove, trap: &Trap) -> String {
        let ours = self.board.san(root.mv);
        format!("{} to move. {ours} sets a trap: {}.", self.mover(), self.trap_sentence(root, trap))
    }
}

pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A probability as a coach reads it: "100 %", "14.9 %".
pub fn percent(probability: f64) -> String {
    let share = 100.0 * probability;
    if share >= 99.95 {
        "100 %".to_string()
    } else {
        format!("{share:.1} %")
    }
}

/// What a reply valued `value` costs against the move's `raw`, in words.
pub fn loss_words(raw: i32, value: i32) -> String {
    if raw <= -MATE_BOUND {
        "lets the mate slip".to_string()
    } else if value >= MATE_BOUND {
        format!("walks into mate in {}", mate_moves(value, 2))
    } else {
        format!("loses {:.2} pawns", f64::from(value - raw) / 100.0)
    }
}

/// The moves to mate of a mate score counted from the root, for the side
/// to move `plies` later.
pub fn mate_moves(score: i32, plies: i32) -> i32 {
    ((MATE - score.abs() - plies).max(0) + 1) / 2
}

/// A root move's score from White's side as pawns, or the mate it leads
/// to in moves counted from the root (the move itself among them):
/// "+1.42", "-0.30", "White mates in 1" (for the mating move itself),
/// "Black mates in 2".
pub fn score_words(white: i32) -> String {
    if white >= MATE_BOUND {
        format!("White mates in {}", mate_moves(white, 0))
    } else if white <= -MATE_BOUND {
        format!("Black mates in {}", mate_moves(white, 0))
    } else {
        format!("{:+.2}", f64::from(white) / 100.0)
    }
}

/// A score from White's side as PGN's `[%eval]` writes it: pawns, or `#N`
/// and `#-N` for a mate in N moves from the position `plies` after the
/// root.
pub fn pgn_eval(white: i32, plies: i32) -> String {
    if white >= MATE_BOUND {
        format!("#{}", mate_moves(white, plies))
    } else if white <= -MATE_BOUND {
        format!("#-{}", mate_moves(white, plies))
    } else {
        format!("{:.2}", f64::from(white) / 100.0)
    }
}

/// A move as a PGN arrow names it: from-square then to-square, four
/// characters (the UCI text without a promotion's piece; castling as the
/// king's two squares).
pub fn endpoints(mv: Move) -> String {
    let text = mv.to_string();
    text.get(..4).map_or_else(|| format!("{text:0<4}"), str::to_string)
}

/// A trap drawn as a study shows it: a green arrow for the trap move, a
/// red one for the tempting reply, the reply's square marked red.
pub fn trap_drawing(trap: Move, reply: Move) -> String {
    let (ours, theirs) = (endpoints(trap), endpoints(reply));
    format!("[%cal G{ours},R{theirs}] [%csl R{}]", &theirs[2..])
}

/// The tempting reply alone: its red arrow and its square.
pub fn reply_drawing(reply: Move) -> String {
    let theirs = endpoints(reply);
    format!("[%cal R{theirs}] [%csl R{}]", &theirs[2..])
}

/// `line` from `board` in SAN with move numbers ("6. Bxf7+ Ke7 7. Nd5#").
pub fn san_line(board: &Board, line: &[Move]) -> String {
    let mut board = board.clone();
    let mut words = Vec::new();
    for (index, &mv) in line.iter().enumerate() {
        let number = board.fullmove_number();
        match board.side_to_move() {
            Color::White => words.push(format!("{number}.")),
            Color::Black if index == 0 => words.push(format!("{number}...")),
            Color::Black => {}
        }
        words.push(board.san(mv));
        board.play(mv);
    }
    words.join(" ")
}
