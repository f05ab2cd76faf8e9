//! What one finished game is: players, moves with their engine comments,
//! result and why it ended.

use movegen::{Board, Move};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
    ResignAdjudication,
    DrawAdjudication,
    MaxMoves,
    TimeForfeit,
    IllegalMove,
    Crash,
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

/// One move with what its engine said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub mv: Move,
    /// Centipawns from the mover's view, when the engine reported a score.
    pub score_cp: Option<i32>,
    /// Moves to mate (negative when being mated), instead of a cp score.
    pub mate: Option<i32>,
    pub depth: Option<i32>,
    pub time_ms: u64,
    /// Extra annotation, e.g. that a trap was set here.
    pub note: Option<String>,
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
    /// PGN TimeControl value, e.g. "10+0.1" or "-".
    pub time_control: String,
    pub start: Board,
    pub moves: Vec<MoveRecord>,
    pub result: GameResult,
    pub termination: Termination,
}
