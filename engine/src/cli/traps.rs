//! `trappy traps`: the trap annotator. For a position (`--fen`), the
//! moves that set a trap for the modelled opponent, ranked by expected
//! score against it, as text, JSON, study chapters (`--pgn`) and a
//! picture (`--svg`); for a game (`--game`), where each side set a trap,
//! sprang one or missed one (`trap_game.rs`). The model is the one the
//! engine plays with (`--opponent-model`, as `OpponentModel`), and every
//! output names it.

use super::output::emit;
use super::trap_annotation::{annotate, percent, san_line, score_words, Annotation, AnnotatorSetup, RootMove};
use crate::trappy::replies::opponent_model::discovery_folders;
use crate::trappy::replies::{OpponentModelChoice, ReplyModel, AUTODISCOVER};
use crate::tunables::Tunables;
use clap::Args;
use movegen::Board;

#[derive(Args, Debug)]
#[command(after_help = help_after())]
pub struct TrapsArgs {
    /// Position to annotate
    #[arg(long, required_unless_present = "game", conflicts_with = "game")]
    pub fen: Option<String>,
    /// Annotate every move of the games in this PGN file instead: one PGN
    /// out, with where each side set a trap, sprang one or missed one
    #[arg(long, value_name = "FILE.pgn", conflicts_with_all = ["json", "svg", "all"])]
    pub game: Option<std::path::PathBuf>,
    /// Search depth (at least 3: the replies are searched two plies less);
    /// by default 8 for a position, 5 for each position of a game
    #[arg(long, value_parser = clap::value_parser!(i32).range(3..=40))]
    pub depth: Option<i32>,
    /// Every move that sets a trap, not only the five most worth
    #[arg(long)]
    pub all: bool,
    /// Print one JSON object instead of text
    #[arg(long, conflicts_with = "pgn")]
    pub json: bool,
    /// Print the traps as PGN, a game (study chapter) per trap move, drawn
    /// with arrows ([%cal]) and marked squares ([%csl])
    #[arg(long)]
    pub pgn: bool,
    /// Also draw the first trap as an SVG picture in FILE
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Hash size in MB
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// The evaluation: `embedded` (the network built in), a network file
    /// or `classical`
    #[arg(long, default_value = crate::nnue::DEFAULT_EVAL_FILE)]
    pub eval_file: String,
    /// What predicts the opponent's replies, as the engine's OpponentModel:
    /// `natural`, `search`, a human-move network (lc0's format, e.g.
    /// maia-1500.pb.gz) or a folder of them; by default the rated networks
    /// beside the binary (and in its maia/ folder), else `natural`. A trap
    /// is a reply the model gives at least 1 % that loses at least a pawn
    #[arg(long, value_name = "MODEL", default_value = AUTODISCOVER)]
    pub opponent_model: String,
}

/// The text after the options: what `--game` marks, and the model the
/// annotator would take by default here. Listing the discovery folders
/// costs two directory reads; loading a network is left to the run.
fn help_after() -> String {
    let folders = discovery_folders();
    let networks: Vec<String> = folders
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flat_map(|entries| entries.filter_map(|entry| entry.ok()))
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".pb.gz") || name.ends_with(".pb"))
        .collect();
    let places: Vec<String> = folders.iter().map(|folder| folder.display().to_string()).collect();
    let model = if networks.is_empty() {
        format!("the natural model (no network file in {})", places.join(" or "))
    } else {
        format!("the rated network nearest the middle of {} (or natural if none carries a rating)", networks.join(", "))
    };
    format!("{}\n\nThe model by default, here: {model}.", super::trap_game::GAME_HELP)
}

/// The default depth for one position.
const POSITION_DEPTH: i32 = 8;

/// Runs the annotator from `tunables` (the options file's, or the defaults).
pub fn run_traps(args: &TrapsArgs, tunables: &Tunables) -> Result<(), String> {
    let network = crate::nnue::network_for_eval_file(&args.eval_file)?;
    let choice = OpponentModelChoice::from_option(&args.opponent_model)?;
    let model = reply_model(&choice, tunables);
    let described = choice.describe(None);
    if let Some(path) = &args.game {
        let depth = args.depth.unwrap_or(super::trap_game::GAME_DEPTH);
        let setup = AnnotatorSetup { depth, hash_mb: args.hash, tunables, network, model: &model };
        return super::trap_game::run_game(path, &setup, &described);
    }
    let fen = args.fen.as_deref().unwrap_or_default();
    let board = Board::from_fen(fen).map_err(|e| e.to_string())?;
    if !board.has_legal_move() {
        return Err("the position has no legal move to annotate".into());
    }
    let depth = args.depth.unwrap_or(POSITION_DEPTH);
    let setup = AnnotatorSetup { depth, hash_mb: args.hash, tunables, network, model: &model };
    let annotation = annotate(&board, &[], &setup);
    if let Some(path) = &args.svg {
        let Some(root) = annotation.chapters(false).into_iter().next() else {
            return Err(format!("no trap found at depth {}: nothing to draw", annotation.depth));
        };
        let picture = annotation.to_svg(root, &root.traps[0]);
        std::fs::write(path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if args.json {
        emit(&annotation.to_json(&described));
    } else if args.pgn {
        let pgn = annotation.to_pgn(args.all);
        if pgn.is_empty() {
            return Err(format!("no trap found at depth {}: nothing to write as PGN", annotation.depth));
        }
        emit(pgn.trim_end());
    } else {
        emit(annotation.to_text(args.all, &described).trim_end());
    }
    Ok(())
}

/// The model the annotator names traps by: the engine's, for an opponent
/// of unknown rating; the searched model is the paper's shallower engine.
pub fn reply_model(choice: &OpponentModelChoice, tunables: &Tunables) -> ReplyModel {
    choice.model_for(None, tunables)
}

impl Annotation {
    /// The rows the text and JSON list: the move played against the model
    /// first, then the trap moves in rank order (five, or every root move
    /// with `all`).
    fn listed(&self, all: bool) -> Vec<&RootMove> {
        if all {
            return self.root_moves.iter().collect();
        }
        let mut rows = self.chapters(false);
        if let Some(chosen) = self.root_moves.first().filter(|root| root.traps.is_empty()) {
            rows.insert(0, chosen);
        }
        rows
    }

    pub fn to_text(&self, all: bool, described: &str) -> String {
        let mut out = format!("position {} ({} to move)\n", self.fen(), self.mover());
        out += &format!("model {} [{described}], depth {}\n", self.model, self.depth);
        if self.root_moves.is_empty() {
            return out + "no move searched deep enough to model a reply\n";
        }
        let san = |mv| self.board.san(mv);
        let plain = self.root(self.plain_best).map_or(0, |root| root.raw);
        let chosen = &self.root_moves[0];
        out += &format!(
            "best against best play {} ({}); against {} {} (expected score {:.3})\n",
            san(self.plain_best),
            score_words(self.white_score(plain)),
            self.model,
            san(chosen.mv),
            chosen.expected
        );
        let listed = self.listed(all);
        out += &format!(
            "scores in pawns from White's side, expected scores (0 to 1) {}'s; {} of {} moves set a trap{}\n",
            self.mover(),
            self.trap_moves(),
            self.root_moves.len(),
            if all { "" } else { " (--all lists every move)" }
        );
        for root in listed {
            out += &format!(
                "{:<7} {:>8}  expected {:.3}  traps add {:.3}\n",
                san(root.mv),
                score_words(self.white_score(root.raw)),
                root.expected,
                root.gain
            );
            let after = self.after(&[root.mv]);
            for trap in &root.traps {
                let mut next = after.clone();
                next.play(trap.reply);
                let line = san_line(&next, &trap.line);
                out += &format!(
                    "    {:<7} {:>7}  {}{}\n",
                    after.san(trap.reply),
                    percent(trap.probability),
                    super::trap_annotation::loss_words(root.raw, trap.value),
                    if line.is_empty() { String::new() } else { format!(": {line}") }
                );
            }
        }
        out
    }

    /// Every root move, ranked, with its traps. Scores are from White's
    /// side in centipawns (`mate_in`: moves to mate, negative for Black).
    pub fn to_json(&self, described: &str) -> String {
        use serde_json::json;
        let score = |white: i32, plies: i32| {
            let mate = white.abs() >= crate::search::score::MATE_BOUND;
            let moves = super::trap_annotation::mate_moves(white, plies) * white.signum();
            json!({"cp": if mate { serde_json::Value::Null } else { json!(white) }, "mate_in": if mate { json!(moves) } else { serde_json::Value::Null }})
        };
        let root_moves: Vec<serde_json::Value> = self
            .root_moves
            .iter()
            .map(|root| {
                let traps: Vec<serde_json::Value> = root
                    .traps
                    .iter()
                    .map(|trap| {
                        json!({
                            "reply": trap.reply.to_string(),
                            "probability": trap.probability,
                            "score": score(self.white_score(trap.value), 2),
                            "line": trap.line.iter().map(|mv| mv.to_string()).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                json!({
                    "move": root.mv.to_string(),
                    "score": score(self.white_score(root.raw), 1),
                    "expected": root.expected,
                    "gain": root.gain,
                    "traps": traps,
                })
            })
            .collect();
        json!({
            "model": self.model,
            "model_choice": described,
            "fen": self.fen(),
            "depth": self.depth,
            "scores_from": "white",
            "plain_best": self.plain_best.to_string(),
            "trappy_best": self.trappy_best.to_string(),
            "root_moves": root_moves,
        })
        .to_string()
    }
}
