//! `trappy traps --pgn`: the annotator's traps as a PGN a study imports.
//! One game (a study chapter) per root move with a trap: the position, the
//! trap move and the tempting reply, drawn with the arrows and marked
//! squares that lichess studies, ChessBase and SCID read from comments:
//! `[%cal Gd1h5,Rf8f7]` (a green arrow for our move, a red one for the
//! reply) and `[%csl Rf7]` (the reply's square in red).

use super::traps::Annotation;
use crate::search::score::is_mate_score;
use crate::trappy::annotate::{AnnotatedRoot, AnnotatedTrap};
use movegen::{Board, Color, Move};

impl Annotation {
    /// Every root move's most profitable trap as one game, the move the
    /// trappy root plays first; an empty string when no move has a trap.
    pub fn to_pgn(&self, board: &Board) -> String {
        let chapters: Vec<String> =
            self.featured_traps().into_iter().map(|(root, trap)| self.chapter(board, root, trap)).collect();
        chapters.join("\n")
    }

    /// Each root move with a trap and its most profitable one, the move the
    /// trappy root plays first, then in the annotation's order.
    pub fn featured_traps(&self) -> Vec<(&AnnotatedRoot, &AnnotatedTrap)> {
        let mut featured: Vec<(&AnnotatedRoot, &AnnotatedTrap)> =
            self.root_moves.iter().filter_map(|root| root.traps.first().map(|trap| (root, trap))).collect();
        featured.sort_by_key(|(root, _)| root.mv != self.trappy_best);
        featured
    }

    fn chapter(&self, board: &Board, root: &AnnotatedRoot, trap: &AnnotatedTrap) -> String {
        let mut after = board.clone();
        let trap_san = board.san(root.mv);
        after.play(root.mv);
        let reply_san = after.san(trap.reply);
        let annotator = match &self.model {
            Some(model) => format!("trappy traps, depth {}, model {model}", self.depth),
            None => format!("trappy traps, depth {}", self.depth),
        };
        let mut pgn = String::new();
        for (name, value) in [
            ("Event", format!("Trap: {trap_san} {reply_san}")),
            ("Site", "?".to_string()),
            ("Date", "????.??.??".to_string()),
            ("Round", "-".to_string()),
            ("White", "?".to_string()),
            ("Black", "?".to_string()),
            ("Result", "*".to_string()),
            ("SetUp", "1".to_string()),
            ("FEN", self.fen.clone()),
            ("Annotator", annotator),
        ] {
            pgn += &format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""));
        }
        let number = board.fullmove_number();
        let (first, second) = match board.side_to_move() {
            Color::White => (format!("{number}."), String::new()),
            Color::Black => (format!("{number}..."), format!("{}. ", number + 1)),
        };
        // Before the trap move both arrows; after it, the reply's alone.
        let (drawing, reply_drawing) = (trap_drawing(root.mv, trap.reply), reply_drawing(trap.reply));
        pgn += &format!(
            "\n{{{drawing} {}}} {first} {trap_san} {{{reply_drawing} {}}} {second}{reply_san} {{{}}} *\n",
            self.setting(root),
            self.temptation(trap, &reply_san),
            self.cost(trap),
        );
        pgn
    }

    /// What the trap move is worth, and whether the trappy root plays it.
    fn setting(&self, root: &AnnotatedRoot) -> String {
        let role = if root.mv == self.trappy_best { "the trappy root plays it" } else { "an alternative" };
        let plain = if root.mv == self.plain_best { ", the plain best move too" } else { "" };
        format!(
            "Score {:+.2} pawns, expected score {:.3} ({role}{plain}).",
            f64::from(root.raw) / 100.0,
            root.expected()
        )
    }

    /// How likely the reply is, by the model or by the iterations.
    fn temptation(&self, trap: &AnnotatedTrap, reply_san: &str) -> String {
        let share = f64::from(trap.trappiness) / 10.0;
        match &self.model {
            Some(model) => format!("Tempting: {model} plays {reply_san} {share:.1} % of the time."),
            None => format!("Tempting: {share:.0} % of the shallower searches prefer {reply_san}."),
        }
    }

    /// What the reply loses.
    fn cost(&self, trap: &AnnotatedTrap) -> String {
        let value = trap.vector.last().map_or(0, |entry| entry.1);
        if is_mate_score(value) {
            "It walks into mate.".to_string()
        } else {
            format!("It loses {:.2} pawns.", f64::from(trap.profit) / 100.0)
        }
    }
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

/// A move as a PGN arrow names it: from-square then to-square, four
/// characters (the UCI text without a promotion's piece; castling as the
/// king's two squares).
pub(super) fn endpoints(mv: Move) -> String {
    let text = mv.to_string();
    text.get(..4).map_or_else(|| format!("{text:0<4}"), str::to_string)
}
