//! `trappy traps --game FILE.pgn`: every move of a game annotated for
//! traps, in one PGN a viewer or study imports. The position before each
//! move is annotated as `--fen` does (`trap_annotation.rs`: the engine's
//! opponent model, the replies it gives at least 1 % that lose at least a
//! pawn), at `GAME_DEPTH` unless told, with the game's history (for
//! repetitions, and the history a network reads). Then:
//!
//! - **set**: the move played has a reply among the model's `TEMPTING`
//!   (three) likeliest, given at least `SET_SHARE` (5 %), that loses at
//!   least `SET_LOSS` (two pawns) or walks into mate: marked `!?`, the
//!   likeliest such reply drawn;
//! - **sprung**: the opponent then played one of that move's losing
//!   replies (marked `?`, or `??` when it loses three pawns or walks into
//!   mate), with the punishing line; **avoided** otherwise;
//! - **could have set one**: the move played set none, and another did
//!   (by the same measure), at most `NEARLY_EQUAL` (0.30 pawns) below the
//!   move played against best play and at least `BETTER_BY` (0.02 points)
//!   above it in expected score against the model: given as a variation.
//!
//! Comments carry the arrows and squares (`[%cal]`, `[%csl]`) and scores
//! (`[%eval]`, White's side); the game's first comment counts each side's
//! traps and names the model. The game's own comments are kept, without
//! their arrows and squares.

use super::output::emit;
use super::trap_annotation::{
    annotate, endpoints, loss_words, percent, san_line, side_name, trap_drawing, Annotation, AnnotatorSetup, RootMove,
    Trap,
};
use super::trap_pgn::tag;
use crate::search::score::MATE_BOUND;
use movegen::{read_pgn, Board, Color, Move, PgnGame};

/// The default depth for each position of a game: a 40-move game in well
/// under a minute on one core.
pub const GAME_DEPTH: i32 = 5;
/// A move sets a trap when one of its losing replies is played at least
/// this often by the model (one game in twenty) and loses at least
/// `SET_LOSS` centipawns (or walks into mate): a pawn lost one time in
/// twenty happens on most moves of a game between engines at this depth,
/// and marking it buries the traps a coach would show.
pub const SET_SHARE: f64 = 0.05;
pub const SET_LOSS: i32 = 200;
/// ... and is among the model's three likeliest replies: where twenty quiet
/// moves are as likely, one of them that blunders is no temptation.
pub const TEMPTING: usize = 3;
/// A trap move the player could have chosen instead is at most this far
/// below the move played against best play, in centipawns.
pub const NEARLY_EQUAL: i32 = 30;
/// ... and at least this much above it in expected score, in points.
pub const BETTER_BY: f64 = 0.02;
/// A sprung trap that loses this much (or mates) is a blunder (`??`).
const BLUNDER: i32 = 300;

/// What `trappy traps --help` says of `--game`.
pub const GAME_HELP: &str = "With --game, each move's position is annotated (depth 5 unless \
--depth) and marked in the PGN written to stdout: a trap SET (the move has a reply among the \
model's three likeliest, played at least 5 % of the time, that loses two pawns or walks into mate; \
!?), SPRUNG (the opponent played a losing reply; ? or ??) or AVOIDED, and where the player COULD \
HAVE SET one (another move at most 0.30 pawns worse against best play, at least 0.02 points \
better in expected score against the model; a variation). The model is the engine's: \
--opponent-model, by default the rated networks beside the binary, else natural; the PGN names it.";

/// How many traps one side set, sprang on the other, and could have set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrapCount {
    pub set: usize,
    pub sprung: usize,
    pub avoided: usize,
    pub could_have: usize,
}

/// What was said of one move: its NAG, its comment, a variation.
#[derive(Clone, Debug, Default)]
struct MoveNote {
    nag: Option<&'static str>,
    comment: Vec<String>,
    variation: Option<String>,
}

/// Annotates every game of the PGN file at `path` to stdout.
pub fn run_game(path: &std::path::Path, setup: &AnnotatorSetup, described: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let games = read_pgn(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if games.iter().all(|game| game.moves.is_empty()) {
        return Err(format!("{}: no game with a move to annotate", path.display()));
    }
    for game in &games {
        let (pgn, _) = annotate_game(game, setup, described);
        emit(&pgn);
    }
    Ok(())
}

/// One game as annotated PGN, and each side's count (White's first).
pub fn annotate_game(game: &PgnGame, setup: &AnnotatorSetup, described: &str) -> (String, [TrapCount; 2]) {
    let mut boards = vec![game.start.clone()];
    for &mv in &game.moves {
        let mut next = boards[boards.len() - 1].clone();
        next.play(mv);
        boards.push(next);
    }
    let annotations: Vec<Annotation> =
        (0..game.moves.len()).map(|ply| annotate(&boards[ply], &boards[..ply], setup)).collect();
    // The game's own comments stay (an engine's scores, a clock), without
    // their arrows and squares, which would be drawn over ours.
    let mut notes: Vec<MoveNote> = (0..game.moves.len())
        .map(|ply| MoveNote {
            comment: game
                .comments
                .get(ply)
                .cloned()
                .flatten()
                .map(without_drawings)
                .filter(|c| !c.is_empty())
                .into_iter()
                .collect(),
            ..MoveNote::default()
        })
        .collect();
    let mut counts = [TrapCount::default(); 2];
    for ply in 0..game.moves.len() {
        let side = usize::from(boards[ply].side_to_move() == Color::Black);
        let reply = game.moves.get(ply + 1).copied();
        mark(&annotations[ply], game.moves[ply], reply, &mut notes, ply, &mut counts[side]);
    }
    let model = annotations.first().map_or_else(|| setup.model.name().to_string(), |a| a.model.clone());
    let summary = summary(&counts, &model, described, setup.depth);
    (write_game(game, &boards, &notes, &summary, &model, setup.depth), counts)
}

/// What the move `played` at `ply` did with traps, and what the opponent's
/// `reply` made of it, noted in `notes` and counted in `count`.
fn mark(
    annotation: &Annotation,
    played: Move,
    reply: Option<Move>,
    notes: &mut [MoveNote],
    ply: usize,
    count: &mut TrapCount,
) {
    let Some(root) = annotation.root(played) else { return };
    let (mover, opponent) = (annotation.mover(), side_name(!annotation.board.side_to_move()));
    if let Some(lead) = set_trap(root) {
        count.set += 1;
        let note = &mut notes[ply];
        note.nag.get_or_insert("$5");
        note.comment.push(format!(
            "{} {mover} sets a trap: {}.",
            trap_drawing(root.mv, lead.reply),
            annotation.trap_sentence(root, lead)
        ));
        let Some(reply) = reply else { return };
        let after = annotation.after(&[played]);
        match root.traps.iter().find(|trap| trap.reply == reply) {
            Some(trap) => {
                count.sprung += 1;
                let note = &mut notes[ply + 1];
                let blunder = trap.value - root.raw >= BLUNDER;
                note.nag = Some(if blunder { "$4" } else { "$2" });
                let mut after_reply = after.clone();
                after_reply.play(reply);
                let line = san_line(&after_reply, &trap.line);
                let punished = if line.is_empty() { String::new() } else { format!(" after {line}") };
                note.comment.push(format!(
                    "[%csl R{}] {opponent} falls into the trap: it {}{punished}.",
                    &endpoints(reply)[2..],
                    loss_words(root.raw, trap.value)
                ));
            }
            None => {
                count.avoided += 1;
                notes[ply + 1].comment.push(format!(
                    "{opponent} avoids the trap: {} {}.",
                    after.san(lead.reply),
                    loss_words(root.raw, lead.value)
                ));
            }
        }
        return;
    }
    if let Some((better, lead)) = missed_trap(annotation, root) {
        count.could_have += 1;
        let note = &mut notes[ply];
        note.comment.push(format!(
            "{} {mover} could have set a trap: {} ({} against best play, {} for {}) invites {}.",
            trap_drawing(better.mv, lead.reply),
            annotation.board.san(better.mv),
            super::trap_annotation::score_words(annotation.white_score(better.raw)),
            super::trap_annotation::score_words(annotation.white_score(root.raw)),
            annotation.board.san(played),
            annotation.trap_sentence(better, lead)
        ));
        note.variation = Some(annotation.trap_movetext(better, lead));
    }
}

/// The trap move `annotation` offered instead of `played`, with its
/// likeliest losing reply: the first in rank order that sets a trap, is
/// nearly as good against best play and better against the model.
fn missed_trap<'a>(annotation: &'a Annotation, played: &RootMove) -> Option<(&'a RootMove, &'a Trap)> {
    annotation.chapters(true).into_iter().find_map(|root| {
        let lead = set_trap(root)?;
        let near = root.raw >= played.raw - NEARLY_EQUAL;
        let better = root.expected >= played.expected + BETTER_BY;
        (root.mv != played.mv && near && better).then_some((root, lead))
    })
}

/// The trap `root` sets, if it sets one: its likeliest reply among the
/// model's `TEMPTING` likeliest, played at least `SET_SHARE`, that loses
/// at least `SET_LOSS`.
fn set_trap(root: &RootMove) -> Option<&Trap> {
    let tempting: Vec<Move> = root.replies.iter().take(TEMPTING).map(|r| r.reply).collect();
    root.traps.iter().find(|trap| {
        let loses = trap.value >= MATE_BOUND || trap.value - root.raw >= SET_LOSS;
        tempting.contains(&trap.reply) && trap.probability >= SET_SHARE && loses
    })
}

/// The game's first comment: each side's traps, and the model.
fn summary(counts: &[TrapCount; 2], model: &str, described: &str, depth: i32) -> String {
    let side = |name: &str, c: &TrapCount| {
        format!(
            "{name} set {} trap{} ({} sprung, {} avoided) and could have set {} more",
            c.set,
            if c.set == 1 { "" } else { "s" },
            c.sprung,
            c.avoided,
            c.could_have
        )
    };
    format!(
        "trappy traps at depth {depth}, the opponent modelled by {model} [{described}]: a trap is set where one of the model's three likeliest replies, played at least {}, loses at least {} pawns or walks into mate. {}; {}.",
        percent(SET_SHARE),
        SET_LOSS / 100,
        side("White", &counts[0]),
        side("Black", &counts[1])
    )
}

/// The game as PGN: its tags (the annotator's own added), the summary, and
/// each move with its notes.
fn write_game(game: &PgnGame, boards: &[Board], notes: &[MoveNote], summary: &str, model: &str, depth: i32) -> String {
    let mut pgn = String::new();
    for (name, value) in game.tags.iter().filter(|(name, _)| name != "Annotator") {
        pgn += &tag(name, value);
    }
    if game.tag("Result").is_none() {
        pgn += &tag("Result", &game.result);
    }
    pgn += &tag("Annotator", &format!("trappy traps --game, depth {depth}, model {model}"));
    let mut words = vec![format!("{{{summary}}}")];
    let mut numbered = false;
    for (ply, (&mv, note)) in game.moves.iter().zip(notes).enumerate() {
        let board = &boards[ply];
        let number = board.fullmove_number();
        match board.side_to_move() {
            Color::White => words.push(format!("{number}.")),
            Color::Black if !numbered => words.push(format!("{number}...")),
            Color::Black => {}
        }
        words.push(board.san(mv));
        words.extend(note.nag.map(str::to_string));
        for comment in &note.comment {
            words.push(format!("{{{}}}", comment.replace('}', ")")));
        }
        if let Some(variation) = &note.variation {
            words.push(format!("({variation})"));
        }
        numbered = note.comment.is_empty() && note.variation.is_none();
    }
    words.push(game.result.clone());
    pgn + "\n" + &wrap(&words) + "\n"
}

/// `comment` without its `[%cal ...]` and `[%csl ...]` commands.
fn without_drawings(comment: String) -> String {
    let mut kept = String::new();
    let mut rest = comment.as_str();
    while let Some(start) = rest.find("[%c") {
        let command = &rest[start..];
        let is_drawing = command.starts_with("[%cal ") || command.starts_with("[%csl ");
        let Some(end) = command.find(']').filter(|_| is_drawing) else {
            kept.push_str(&rest[..start + 3]);
            rest = &rest[start + 3..];
            continue;
        };
        kept.push_str(&rest[..start]);
        rest = &command[end + 1..];
    }
    kept.push_str(rest);
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Movetext words in lines of at most 79 characters where the words allow.
fn wrap(words: &[String]) -> String {
    let mut lines = vec![String::new()];
    for word in words {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            lines.push(word.clone());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_keeps_its_words_and_loses_its_drawings() {
        let comment = "+0.76/6 0.013s, fell into a trap [%cal Gc8e6,Ra4a5] [%csl Ra5] [%clk 0:01:00]".to_string();
        assert_eq!(without_drawings(comment), "+0.76/6 0.013s, fell into a trap [%clk 0:01:00]");
        assert_eq!(without_drawings("[%cal Ge2e4]".to_string()), "");
        assert_eq!(without_drawings("a [%cal unclosed".to_string()), "a [%cal unclosed");
    }
}
