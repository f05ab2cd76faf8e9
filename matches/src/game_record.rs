//! What one finished game is: players, moves with their engine comments,
//! result and why it ended.

use crate::player::PlayerMove;
use movegen::Board;

/// Serialised as the PGN result ("1-0", "0-1", "1/2-1/2").
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended; the PGN `Termination` tag and the report group by it.
/// Serialised under its short `name()`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Termination {
    #[serde(rename = "checkmate")]
    Checkmate,
    #[serde(rename = "stalemate")]
    Stalemate,
    #[serde(rename = "threefold repetition")]
    ThreefoldRepetition,
    #[serde(rename = "fifty-move rule")]
    FiftyMoveRule,
    #[serde(rename = "insufficient material")]
    InsufficientMaterial,
    #[serde(rename = "resign adjudication")]
    ResignAdjudication,
    #[serde(rename = "draw adjudication")]
    DrawAdjudication,
    #[serde(rename = "max moves")]
    MaxMoves,
    #[serde(rename = "time forfeit")]
    TimeForfeit,
    #[serde(rename = "illegal move")]
    IllegalMove,
    #[serde(rename = "crash")]
    Crash,
    #[serde(rename = "stall")]
    Stall,
}

impl Termination {
    /// The PGN `Termination` tag value.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Checkmate
            | Termination::Stalemate
            | Termination::ThreefoldRepetition
            | Termination::FiftyMoveRule
            | Termination::InsufficientMaterial => "normal",
            Termination::ResignAdjudication | Termination::DrawAdjudication | Termination::MaxMoves => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "abandoned",
            Termination::Stall => "stalled connection",
        }
    }

    /// The comment cutechess writes after the result, e.g. "White mates".
    pub fn result_comment(self, result: GameResult) -> String {
        let (winner, loser) = match result {
            GameResult::WhiteWins => ("White", "Black"),
            GameResult::BlackWins => ("Black", "White"),
            GameResult::Draw => ("", ""),
        };
        match self {
            Termination::Checkmate => format!("{winner} mates"),
            Termination::Stalemate => "Draw by stalemate".into(),
            Termination::ThreefoldRepetition => "Draw by 3-fold repetition".into(),
            Termination::FiftyMoveRule => "Draw by fifty moves rule".into(),
            Termination::InsufficientMaterial => "Draw by insufficient mating material".into(),
            Termination::ResignAdjudication => format!("{winner} wins by adjudication"),
            Termination::DrawAdjudication => "Draw by adjudication".into(),
            Termination::MaxMoves => "Draw by move limit adjudication".into(),
            Termination::TimeForfeit => format!("{loser} loses on time"),
            Termination::IllegalMove => format!("{loser} makes an illegal move"),
            Termination::Crash => format!("{loser} disconnects"),
            Termination::Stall => format!("{loser}'s connection stalls"),
        }
    }

    /// A short name for reports and the results journal.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FiftyMoveRule => "fifty-move rule",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::ResignAdjudication => "resign adjudication",
            Termination::DrawAdjudication => "draw adjudication",
            Termination::MaxMoves => "max moves",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "crash",
            Termination::Stall => "stall",
        }
    }
}

/// One move with what its engine said about it and how long it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Book moves carry only the note "book".
    pub reply: PlayerMove,
    pub time_ms: u64,
}

/// Per-game trappy counters of one side (in-process trappy players only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrappyCounts {
    /// Moves chosen with the trappy root on.
    pub moves: u64,
    /// Of those, moves that differ from the plain minimax move.
    pub differs: u64,
    /// Moves that set at least one trap.
    pub traps_set: u64,
    /// Traps the opponent then fell into (played a trap reply).
    pub traps_fallen: u64,
    /// Moves with a predicted reply that the opponent then answered.
    pub predictions: u64,
    /// Of those, answers that were the predicted reply.
    pub predictions_played: u64,
    /// Over the traps fallen into: our score after the reply (at our next
    /// move) minus our score when we set the trap, in centipawns; traps
    /// whose either score was a mate are left out.
    pub profit_realised_cp: i64,
}

impl TrappyCounts {
    pub fn add(&mut self, other: &TrappyCounts) {
        self.moves += other.moves;
        self.differs += other.differs;
        self.traps_set += other.traps_set;
        self.traps_fallen += other.traps_fallen;
        self.predictions += other.predictions;
        self.predictions_played += other.predictions_played;
        self.profit_realised_cp += other.profit_realised_cp;
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub event: String,
    pub site: String,
    /// YYYY.MM.DD
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    /// PGN time-control values of White and Black, e.g. "10+0.1" or "-".
    pub time_controls: [String; 2],
    /// When the game started (wall clock) and how long it took.
    pub started: std::time::SystemTime,
    pub duration: std::time::Duration,
    pub start: Board,
    pub moves: Vec<MoveRecord>,
    pub result: GameResult,
    pub termination: Termination,
}

impl GameRecord {
    /// Trappy counters of White (index 0) and Black (index 1). The side to
    /// move at the start decides who played each move.
    pub fn trappy_counts(&self) -> [TrappyCounts; 2] {
        let mut counts = [TrappyCounts::default(); 2];
        let first = self.start.side_to_move().index();
        for (ply, record) in self.moves.iter().enumerate() {
            let Some(choice) = &record.reply.trappy else { continue };
            let side = &mut counts[(first + ply) % 2];
            side.moves += 1;
            side.differs += u64::from(choice.plain_move != record.reply.mv);
            let answer = self.moves.get(ply + 1).map(|next| next.reply.mv);
            if let (Some(predicted), Some(answer)) = (choice.predicted_reply, answer) {
                side.predictions += 1;
                side.predictions_played += u64::from(predicted == answer);
            }
            if !choice.trap_replies.is_empty() {
                side.traps_set += 1;
                if answer.is_some_and(|mv| choice.trap_replies.contains(&mv)) {
                    side.traps_fallen += 1;
                    let later = self.moves.get(ply + 2).and_then(|next| next.reply.score_cp);
                    if let (Some(before), Some(after)) = (record.reply.score_cp, later) {
                        side.profit_realised_cp += i64::from(after - before);
                    }
                }
            }
        }
        counts
    }
}
