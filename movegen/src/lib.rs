//! Chess rules and nothing else: squares and bitboards, magic-bitboard
//! attacks generated at build time, legal move generation, FEN, Zobrist
//! keys, UCI and SAN notation, draw rules, and perft; and SplitMix64, the
//! mixer the Zobrist keys are made with, for every crate above.

mod attacks;
mod bitboard;
mod board;
mod castling;
mod chess_move;
mod color;
mod draw;
mod fen;
#[cfg(test)]
#[allow(dead_code)] // build.rs uses the parts the tests do not
mod geometry;
mod move_list;
mod movegen;
mod notation;
mod perft;
mod perft_suite;
mod piece;
mod splitmix;
mod square;
mod zobrist;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attack_span, pawn_attacks, piece_attacks,
    queen_attacks, rook_attacks,
};
pub use bitboard::Bitboard;
pub use board::{Board, START_FEN};
pub use castling::{CastleRights, CastleSide};
pub use chess_move::{Move, MoveKind};
pub use color::Color;
pub use draw::{has_repeated, is_threefold_repetition, repetition_count};
pub use fen::{FenError, FenErrorKind, FenField};
pub use move_list::{MoveList, MAX_MOVES};
pub use movegen::PieceMoves;
pub use notation::{SanError, UciMoveError};
pub use perft::{divide, perft};
pub use perft_suite::{parse_perft_line, parse_perft_suite, PerftCase, PerftSuiteError};
pub use piece::Piece;
pub use splitmix::{splitmix64, splitmix64_step};
pub use square::Square;
