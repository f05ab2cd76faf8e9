//! `trappy traps --pgn`: the annotation as a PGN a study imports, one game
//! (a chapter) per trap move, at most five unless every one is asked
//! for, in rank order. Each chapter plays the trap move, answers with the
//! likeliest losing reply and its punishing line, and gives the other
//! losing replies (up to two) as variations with theirs. Arrows and marked
//! squares are drawn as lichess studies, ChessBase and SCID read them from
//! comments: `[%cal Gf3e5,Rg4d1]` (a green arrow for the trap move, a red
//! one for the reply) and `[%csl Rd1]`; scores are `[%eval]` from White's
//! side, as every PGN viewer reads them.

use super::trap_annotation::{
    loss_words, percent, pgn_eval, reply_drawing, san_line, score_words, Annotation, RootMove, Trap, MOST_VARIATIONS,
};
use movegen::{Board, Color};

/// How a trap is drawn, which the harness's game PGN draws with too.
pub use super::trap_annotation::trap_drawing;

impl Annotation {
    /// The chapters as one PGN; an empty string when no move sets a trap.
    pub fn to_pgn(&self, all: bool) -> String {
        let chapters = self.chapters(all);
        let count = chapters.len();
        let games: Vec<String> =
            chapters.iter().enumerate().map(|(index, root)| self.chapter(root, index + 1, count)).collect();
        games.join("\n")
    }

    fn chapter(&self, root: &RootMove, number: usize, count: usize) -> String {
        let lead = &root.traps[0];
        let ours = self.board.san(root.mv);
        let after = self.after(&[root.mv]);
        let reply = after.san(lead.reply);
        let mut pgn = String::new();
        for (name, value) in [
            ("Event", format!("Trap {number} of {count}: {ours} {reply}")),
            ("Site", "?".to_string()),
            ("Date", "????.??.??".to_string()),
            ("Round", number.to_string()),
            ("White", "?".to_string()),
            ("Black", "?".to_string()),
            ("Result", "*".to_string()),
            ("SetUp", "1".to_string()),
            ("FEN", self.fen()),
            ("Annotator", format!("trappy traps, depth {}, model {}", self.depth, self.model)),
        ] {
            pgn += &tag(name, &value);
        }
        let setting = format!("{} {}", trap_drawing(root.mv, lead.reply), self.setting(root));
        let mut text = format!("{{{setting}}} {}", first_move_text(&self.board, &ours));
        text += &format!(" {{[%eval {}] {}}}", pgn_eval(self.white_score(root.raw), 1), reply_drawing(lead.reply));
        // The other losing replies are variations of the first, so they
        // come before its punishing line goes on.
        let (reply_text, line) = self.answer(root, lead, &after, true);
        text += &format!(" {reply_text}");
        for other in root.traps.iter().skip(1).take(MOST_VARIATIONS - 1) {
            let (other_text, other_line) = self.answer(root, other, &after, false);
            text += &format!(" ({})", join(&other_text, &other_line));
        }
        text = join(&text, &line);
        pgn += &format!("\n{} *\n", text);
        pgn
    }

    /// `root` with `trap` and its punishing line as PGN movetext, for a
    /// variation: "5. Nxe5 {..} 5... Bxd1 {..} 6. Bxf7+ Ke7 7. Nd5#".
    pub fn trap_movetext(&self, root: &RootMove, trap: &Trap) -> String {
        let after = self.after(&[root.mv]);
        let ours = first_move_text(&self.board, &self.board.san(root.mv));
        let eval = pgn_eval(self.white_score(root.raw), 1);
        let (reply, line) = self.answer(root, trap, &after, true);
        format!("{ours} {{[%eval {eval}]}} {}", join(&reply, &line))
    }

    /// What the trap move is worth, whether the engine plays it, and who
    /// names the trap.
    fn setting(&self, root: &RootMove) -> String {
        let role = if root.mv == self.trappy_best {
            "the move the engine plays against this opponent"
        } else {
            "an alternative"
        };
        let plain = if root.mv == self.plain_best { ", and the best move against best play" } else { "" };
        format!(
            "{} sets a trap ({role}{plain}). Against best play: {} (White's view); against {}, whose replies name the traps: {}'s expected score {:.3}, the traps adding {:.3}.",
            self.mover(),
            score_words(self.white_score(root.raw)),
            self.model,
            self.mover(),
            root.expected,
            root.gain
        )
    }

    /// A losing reply with its comment, and its punishing line, from the
    /// position `after` the trap move; `main` for the chapter's answer
    /// (drawn before it already), else a variation.
    fn answer(&self, root: &RootMove, trap: &Trap, after: &Board, main: bool) -> (String, String) {
        // After a comment a Black move carries its number again.
        let mut text = first_move_text(after, &after.san(trap.reply));
        let words = format!(
            "{} plays it {} of the time: it {}",
            self.model,
            percent(trap.probability),
            loss_words(root.raw, trap.value)
        );
        let drawing = if main { String::new() } else { format!("{} ", reply_drawing(trap.reply)) };
        text += &format!(" {{{drawing}[%eval {}] {words}.}}", pgn_eval(self.white_score(trap.value), 2));
        let mut board = after.clone();
        board.play(trap.reply);
        (text, san_line(&board, &trap.line))
    }
}

/// Movetext and the line that goes on from it.
fn join(text: &str, line: &str) -> String {
    if line.is_empty() {
        text.to_string()
    } else {
        format!("{text} {line}")
    }
}

/// A tag pair, its value escaped.
pub fn tag(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The first move of a line, with its number: "5. Nxe5" or "4... Qg5".
fn first_move_text(board: &Board, san: &str) -> String {
    let number = board.fullmove_number();
    match board.side_to_move() {
        Color::White => format!("{number}. {san}"),
        Color::Black => format!("{number}... {san}"),
    }
}
