//! The position: piece placement, side to move, castling, en passant,
//! clocks, and the derived Zobrist key, checkers and pins.
//!
//! A `Board` can only be built by the FEN parser (which validates it) or by
//! playing legal moves on one, so every `Board` is a legal position.
//! Moves are played copy-make style: clone, then `play`. That benchmarked
//! faster than make/unmake for perft because the board is small and there is
//! no undo state to keep.

use crate::attacks::*;
use crate::zobrist;
use crate::{Bitboard, CastleRights, CastleSide, Color, Move, MoveKind, Piece, Square};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pub(crate) pieces: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) mailbox: [Option<Piece>; 64],
    pub(crate) side_to_move: Color,
    pub(crate) castling: CastleRights,
    /// The en-passant target square as given (FEN) or set by a double push.
    pub(crate) en_passant: Option<Square>,
    /// Whether the en-passant file is part of the key: only when a legal
    /// en-passant capture exists, so that equal positions get equal keys.
    pub(crate) en_passant_in_key: bool,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Default for Board {
    fn default() -> Board {
        Board::startpos()
    }
}

impl Board {
    pub fn startpos() -> Board {
        Board::from_fen(START_FEN).expect("the start position FEN is valid")
    }

    /// An empty board for the FEN parser to fill; not a legal position yet.
    pub(crate) fn empty() -> Board {
        Board {
            pieces: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
            side_to_move: Color::White,
            castling: CastleRights::NONE,
            en_passant: None,
            en_passant_in_key: false,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        }
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }
    #[inline(always)]
    pub fn castle_rights(&self) -> CastleRights {
        self.castling
    }
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }
    /// The Zobrist key of the position.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Pieces of the side not to move that give check.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }
    /// Pieces of the side to move pinned to their own king.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.is_nonempty()
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }
    #[inline(always)]
    pub fn piece_bb(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }
    #[inline(always)]
    pub fn colored(&self, piece: Piece, color: Color) -> Bitboard {
        self.pieces[piece.index()] & self.colors[color.index()]
    }
    #[inline(always)]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.mailbox[square.index()]
    }
    #[inline(always)]
    pub fn color_on(&self, square: Square) -> Option<Color> {
        if self.colors[0].has(square) {
            Some(Color::White)
        } else if self.colors[1].has(square) {
            Some(Color::Black)
        } else {
            None
        }
    }
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        // Every legal board has exactly one king per side.
        self.colored(Piece::King, color).first().unwrap_or(Square::A1)
    }

    /// Diagonal sliders (bishops and queens) of any colour.
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.pieces[Piece::Bishop.index()] | self.pieces[Piece::Queen.index()]
    }

    /// Orthogonal sliders (rooks and queens) of any colour.
    #[inline(always)]
    pub fn orthogonal_sliders(&self) -> Bitboard {
        self.pieces[Piece::Rook.index()] | self.pieces[Piece::Queen.index()]
    }

    /// Pieces of both colours that attack `square`, given an occupancy.
    pub fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        (knight_attacks(square) & self.piece_bb(Piece::Knight))
            | (king_attacks(square) & self.piece_bb(Piece::King))
            | (pawn_attacks(square, Color::White) & self.colored(Piece::Pawn, Color::Black))
            | (pawn_attacks(square, Color::Black) & self.colored(Piece::Pawn, Color::White))
            | (bishop_attacks(square, occupied) & self.diagonal_sliders())
            | (rook_attacks(square, occupied) & self.orthogonal_sliders())
    }

    /// The squares of `zone` that `by` attacks when the board holds
    /// `occupied`. Sliders whose empty-board rays miss the zone are skipped,
    /// which saves most magic lookups.
    #[inline(always)]
    pub fn attacked_in_zone(&self, zone: Bitboard, by: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.color_bb(by);
        let mut attacked = pawn_attack_span(self.colored(Piece::Pawn, by), by) | king_attacks(self.king(by));
        for knight in self.colored(Piece::Knight, by) {
            attacked |= knight_attacks(knight);
        }
        for slider in self.diagonal_sliders() & theirs {
            if (bishop_rays(slider) & zone).is_nonempty() {
                attacked |= bishop_attacks(slider, occupied);
            }
        }
        for slider in self.orthogonal_sliders() & theirs {
            if (rook_rays(slider) & zone).is_nonempty() {
                attacked |= rook_attacks(slider, occupied);
            }
        }
        attacked & zone
    }

    /// Whether `by` attacks `square` when the board holds `occupied`.
    #[inline]
    pub fn is_attacked_by(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        let theirs = self.color_bb(by);
        ((knight_attacks(square) & self.piece_bb(Piece::Knight))
            | (king_attacks(square) & self.piece_bb(Piece::King))
            | (pawn_attacks(square, !by) & self.piece_bb(Piece::Pawn))
            | (bishop_attacks(square, occupied) & self.diagonal_sliders())
            | (rook_attacks(square, occupied) & self.orthogonal_sliders()))
            & theirs
            != Bitboard::EMPTY
    }

    #[inline(always)]
    pub(crate) fn put_piece(&mut self, piece: Piece, color: Color, square: Square) {
        self.pieces[piece.index()] |= square.bitboard();
        self.colors[color.index()] |= square.bitboard();
        self.mailbox[square.index()] = Some(piece);
        self.hash ^= zobrist::piece_key(piece, color, square);
    }

    #[inline(always)]
    fn remove_piece(&mut self, piece: Piece, color: Color, square: Square) {
        self.pieces[piece.index()] ^= square.bitboard();
        self.colors[color.index()] ^= square.bitboard();
        self.mailbox[square.index()] = None;
        self.hash ^= zobrist::piece_key(piece, color, square);
    }

    #[inline(always)]
    fn move_piece(&mut self, piece: Piece, color: Color, from: Square, to: Square) {
        let both = from.bitboard() | to.bitboard();
        self.pieces[piece.index()] ^= both;
        self.colors[color.index()] ^= both;
        self.mailbox[from.index()] = None;
        self.mailbox[to.index()] = Some(piece);
        self.hash ^= zobrist::piece_key(piece, color, from) ^ zobrist::piece_key(piece, color, to);
    }

    /// Whether a move captures something (en passant included).
    #[inline(always)]
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::EnPassant || (mv.kind() != MoveKind::Castle && self.occupied().has(mv.to()))
    }

    /// The piece a move captures, if any.
    #[inline(always)]
    pub fn captured_piece(&self, mv: Move) -> Option<Piece> {
        match mv.kind() {
            MoveKind::EnPassant => Some(Piece::Pawn),
            MoveKind::Castle => None,
            _ => self.piece_on(mv.to()),
        }
    }

    /// Plays a legal move in place. The move must come from this board's
    /// move generator (or `is_legal`); anything else corrupts the board.
    pub fn play(&mut self, mv: Move) {
        let us = self.side_to_move;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_on(from) else {
            debug_assert!(false, "play: no piece on {from}");
            return;
        };

        self.hash ^= zobrist::castling_key(self.castling.index());
        if self.en_passant_in_key {
            if let Some(square) = self.en_passant {
                self.hash ^= zobrist::en_passant_key(square.file());
            }
        }
        self.en_passant = None;
        self.en_passant_in_key = false;
        self.halfmove_clock += 1;
        if us == Color::Black {
            self.fullmove_number += 1;
        }

        match mv.kind() {
            MoveKind::Normal => {
                if let Some(captured) = self.piece_on(to) {
                    self.remove_piece(captured, them, to);
                    self.halfmove_clock = 0;
                }
                self.move_piece(piece, us, from, to);
                if piece == Piece::Pawn {
                    self.halfmove_clock = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        let passed = Square::from_index_unchecked(((from.index() + to.index()) / 2) as u32);
                        if (pawn_attacks(passed, us) & self.colored(Piece::Pawn, them)).is_nonempty() {
                            self.en_passant = Some(passed);
                        }
                    }
                }
            }
            MoveKind::Promotion => {
                if let Some(captured) = self.piece_on(to) {
                    self.remove_piece(captured, them, to);
                }
                self.remove_piece(Piece::Pawn, us, from);
                self.put_piece(mv.promotion().unwrap_or(Piece::Queen), us, to);
                self.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let victim = Square::new(to.file(), from.rank());
                self.remove_piece(Piece::Pawn, them, victim);
                self.move_piece(Piece::Pawn, us, from, to);
                self.halfmove_clock = 0;
            }
            MoveKind::Castle => {
                let side = if to.file() > from.file() { CastleSide::King } else { CastleSide::Queen };
                let (_, _, rook_from, rook_to) = side.squares(us);
                self.move_piece(Piece::King, us, from, to);
                self.move_piece(Piece::Rook, us, rook_from, rook_to);
            }
        }

        self.castling = self.castling.after_touching(from).after_touching(to);
        self.hash ^= zobrist::castling_key(self.castling.index());
        self.side_to_move = them;
        self.hash ^= zobrist::side_key();
        self.update_check_info();
        self.update_en_passant_key();
    }

    /// Passes the move to the opponent (for null-move pruning). Must not be
    /// called in check.
    pub fn play_null(&mut self) {
        if self.en_passant_in_key {
            if let Some(square) = self.en_passant {
                self.hash ^= zobrist::en_passant_key(square.file());
            }
        }
        self.en_passant = None;
        self.en_passant_in_key = false;
        self.halfmove_clock += 1;
        if self.side_to_move == Color::Black {
            self.fullmove_number += 1;
        }
        self.side_to_move = !self.side_to_move;
        self.hash ^= zobrist::side_key();
        self.update_check_info();
    }

    /// Recomputes checkers and pinned pieces for the side to move.
    pub(crate) fn update_check_info(&mut self) {
        let us = self.side_to_move;
        let king = self.king(us);
        let theirs = self.color_bb(!us);
        let occupied = self.occupied();
        let mut checkers = ((knight_attacks(king) & self.piece_bb(Piece::Knight))
            | (pawn_attacks(king, us) & self.piece_bb(Piece::Pawn)))
            & theirs;
        let snipers =
            ((bishop_rays(king) & self.diagonal_sliders()) | (rook_rays(king) & self.orthogonal_sliders())) & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= sniper.bitboard();
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned & self.color_bb(us);
    }

    /// Puts the en-passant file into the key when a legal capture exists.
    pub(crate) fn update_en_passant_key(&mut self) {
        if let Some(square) = self.en_passant {
            if self.en_passant_capture_is_legal(square) {
                self.en_passant_in_key = true;
                self.hash ^= zobrist::en_passant_key(square.file());
            }
        }
    }

    /// Whether any pawn of the side to move can legally capture on `target`.
    pub(crate) fn en_passant_capture_is_legal(&self, target: Square) -> bool {
        let us = self.side_to_move;
        let capturers = pawn_attacks(target, !us) & self.colored(Piece::Pawn, us);
        capturers.into_iter().any(|from| self.en_passant_is_legal(from, target))
    }

    /// Full legality test for one en-passant capture: remove both pawns,
    /// add ours on the target, and ask whether our king is attacked. This is
    /// the only way to catch the rank pin through two pawns.
    pub(crate) fn en_passant_is_legal(&self, from: Square, target: Square) -> bool {
        let us = self.side_to_move;
        let victim = Square::new(target.file(), from.rank());
        let occupied = (self.occupied() ^ from.bitboard() ^ victim.bitboard()) | target.bitboard();
        let king = self.king(us);
        let attackers = self.attackers_to(king, occupied) & self.color_bb(!us) & !victim.bitboard();
        attackers.is_empty()
    }

    /// The key computed from scratch; `play` must always agree with it.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for square in self.occupied() {
            if let (Some(piece), Some(color)) = (self.piece_on(square), self.color_on(square)) {
                hash ^= zobrist::piece_key(piece, color, square);
            }
        }
        hash ^= zobrist::castling_key(self.castling.index());
        if let Some(square) = self.en_passant {
            if self.en_passant_capture_is_legal(square) {
                hash ^= zobrist::en_passant_key(square.file());
            }
        }
        if self.side_to_move == Color::Black {
            hash ^= zobrist::side_key();
        }
        hash
    }

    /// The same position with colours swapped and the board flipped
    /// vertically: used by symmetry tests of search and evaluation.
    pub fn mirrored(&self) -> Board {
        let mut board = Board::empty();
        for square in self.occupied() {
            if let (Some(piece), Some(color)) = (self.piece_on(square), self.color_on(square)) {
                board.put_piece(piece, !color, square.flip_rank());
            }
        }
        board.side_to_move = !self.side_to_move;
        for color in Color::ALL {
            for side in CastleSide::BOTH {
                if self.castling.has(color, side) {
                    board.castling.add(!color, side);
                }
            }
        }
        board.en_passant = self.en_passant.map(Square::flip_rank);
        board.halfmove_clock = self.halfmove_clock;
        board.fullmove_number = self.fullmove_number;
        board.finish_setup();
        board
    }

    /// Derives checkers, pins and the key after the fields are set.
    pub(crate) fn finish_setup(&mut self) {
        self.update_check_info();
        self.en_passant_in_key = self.en_passant.is_some_and(|sq| self.en_passant_capture_is_legal(sq));
        self.hash = self.compute_hash();
    }
}
