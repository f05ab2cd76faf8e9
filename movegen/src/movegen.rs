//! Strictly legal move generation with check and pin masks.
//!
//! Moves come out grouped by origin square as `PieceMoves` (one piece, a
//! set of destinations), handed to a callback. Nothing allocates, and a
//! caller that only counts (perft) never expands the sets into moves.

use crate::attacks::*;
use crate::{Bitboard, Board, CastleSide, Color, Move, MoveKind, MoveList, Piece, Square};

/// All legal moves of one piece from one square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    pub piece: Piece,
    pub from: Square,
    pub to: Bitboard,
    /// The destination is an en-passant capture.
    pub en_passant: bool,
}

impl PieceMoves {
    /// Whether these are pawn moves onto the last rank.
    #[inline(always)]
    pub fn is_promotion(&self) -> bool {
        self.piece == Piece::Pawn && (self.to & (Bitboard::RANK_1 | Bitboard::RANK_8)).is_nonempty()
    }

    /// How many moves this set expands to (each promotion counts four).
    #[inline(always)]
    pub fn len(&self) -> usize {
        let squares = self.to.count() as usize;
        if self.is_promotion() {
            squares * 4
        } else {
            squares
        }
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Calls `sink` with every move in the set, queen promotions first.
    #[inline(always)]
    pub fn for_each(&self, mut sink: impl FnMut(Move)) {
        let from = self.from;
        if self.en_passant {
            for to in self.to {
                sink(Move::new(from, to, MoveKind::EnPassant));
            }
        } else if self.is_promotion() {
            for to in self.to {
                for piece in Piece::PROMOTIONS.iter().rev() {
                    sink(Move::promotion_to(from, to, *piece));
                }
            }
        } else if self.piece == Piece::King {
            for to in self.to {
                let kind = if from.file().abs_diff(to.file()) == 2 { MoveKind::Castle } else { MoveKind::Normal };
                sink(Move::new(from, to, kind));
            }
        } else {
            for to in self.to {
                sink(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
}

impl Board {
    /// Hands every legal move to `listener`, grouped by piece. The listener
    /// returns `true` to stop early; the function returns whether it did.
    #[inline(always)]
    pub fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        match self.checkers().count() {
            0 => self.generate::<false>(&mut listener),
            1 => self.generate::<true>(&mut listener),
            _ => self.king_moves::<true>(&mut listener),
        }
    }

    /// The number of legal moves, counted without expanding them.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let mut count = 0;
        self.generate_moves(|moves| {
            count += moves.len() as u64;
            false
        });
        count
    }

    /// All legal moves in a fixed-size list.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|moves| {
            moves.for_each(|mv| list.push(mv));
            false
        });
        list
    }

    /// Whether any legal move exists.
    pub fn has_legal_move(&self) -> bool {
        self.generate_moves(|moves| !moves.is_empty())
    }

    /// Whether `mv` is legal here: for moves from untrusted sources (a
    /// transposition table, a user) before they are played.
    pub fn is_legal(&self, mv: Move) -> bool {
        if mv.is_null() || self.color_on(mv.from()) != Some(self.side_to_move()) {
            return false;
        }
        let mut found = false;
        self.generate_moves(|moves| {
            if moves.from == mv.from() && moves.to.has(mv.to()) {
                moves.for_each(|candidate| found |= candidate == mv);
                true
            } else {
                false
            }
        });
        found
    }

    #[inline(always)]
    fn generate<const IN_CHECK: bool>(&self, listener: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let us = self.side_to_move();
        let ours = self.color_bb(us);
        let occupied = self.occupied();
        let king = self.king(us);
        let pinned = self.pinned();
        // Squares a non-king move may land on: anywhere but our own pieces,
        // and when in check only onto the checker or between it and the king.
        let target = if IN_CHECK {
            let checker = self.checkers().first().unwrap_or(king);
            (between(king, checker) | checker.bitboard()) & !ours
        } else {
            !ours
        };
        // A pinned piece can never answer a check, so in check skip them.
        let movable = if IN_CHECK { ours & !pinned } else { ours };

        if self.pawn_moves::<IN_CHECK>(listener, target, movable) {
            return true;
        }
        for from in self.piece_bb(Piece::Knight) & movable & !pinned {
            let to = knight_attacks(from) & target;
            if to.is_nonempty() && listener(PieceMoves { piece: Piece::Knight, from, to, en_passant: false }) {
                return true;
            }
        }
        for piece in [Piece::Bishop, Piece::Rook, Piece::Queen] {
            for from in self.piece_bb(piece) & movable {
                let mut to = piece_attacks(piece, from, occupied) & target;
                if !IN_CHECK && pinned.has(from) {
                    to &= line(king, from);
                }
                if to.is_nonempty() && listener(PieceMoves { piece, from, to, en_passant: false }) {
                    return true;
                }
            }
        }
        self.king_moves::<IN_CHECK>(listener)
    }

    #[inline(always)]
    fn pawn_moves<const IN_CHECK: bool>(
        &self,
        listener: &mut impl FnMut(PieceMoves) -> bool,
        target: Bitboard,
        movable: Bitboard,
    ) -> bool {
        let us = self.side_to_move();
        let up = us == Color::White;
        let theirs = self.color_bb(!us);
        let empty = !self.occupied();
        let king = self.king(us);
        let pinned = self.pinned();
        let double_push_rank = Bitboard::rank(if up { 3 } else { 4 });

        for from in self.piece_bb(Piece::Pawn) & movable {
            let single = from.bitboard().shift_vertical(up) & empty;
            let double = single.shift_vertical(up) & empty & double_push_rank;
            let mut to = ((pawn_attacks(from, us) & theirs) | single | double) & target;
            if !IN_CHECK && pinned.has(from) {
                to &= line(king, from);
            }
            if to.is_nonempty() && listener(PieceMoves { piece: Piece::Pawn, from, to, en_passant: false }) {
                return true;
            }
        }

        if let Some(ep) = self.en_passant() {
            for from in pawn_attacks(ep, !us) & self.colored(Piece::Pawn, us) {
                if self.en_passant_is_legal(from, ep)
                    && listener(PieceMoves { piece: Piece::Pawn, from, to: ep.bitboard(), en_passant: true })
                {
                    return true;
                }
            }
        }
        false
    }

    #[inline(always)]
    fn king_moves<const IN_CHECK: bool>(&self, listener: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let us = self.side_to_move();
        let king = self.king(us);
        let steps = king_attacks(king) & !self.color_bb(us);
        let castles = if IN_CHECK { [(Bitboard::EMPTY, Bitboard::EMPTY); 2] } else { self.unobstructed_castles() };
        let castle_paths = castles[0].1 | castles[1].1;
        let zone = steps | castle_paths;
        if zone.is_empty() {
            // Boxed in, as in most opening positions: nothing to test.
            return false;
        }
        // Without the king, so that squares behind it along a checking ray
        // count as attacked. Castling squares lie beside the king, where its
        // presence cannot shield them either way.
        let occupied_without_king = self.occupied() ^ king.bitboard();
        let danger = self.attacked_in_zone(zone, !us, occupied_without_king);
        let mut to = steps & !danger;
        for (king_to, path) in castles {
            if (danger & path).is_empty() {
                to |= king_to;
            }
        }
        to.is_nonempty() && listener(PieceMoves { piece: Piece::King, from: king, to, en_passant: false })
    }

    /// Castling moves whose rook and king have a clear way: for each, the
    /// king's destination and the squares it crosses or lands on, which
    /// must not be attacked.
    #[inline(always)]
    fn unobstructed_castles(&self) -> [(Bitboard, Bitboard); 2] {
        let us = self.side_to_move();
        let occupied = self.occupied();
        CastleSide::BOTH.map(|side| {
            let (king_from, king_to, rook_from, rook_to) = side.squares(us);
            let must_be_empty = (between(king_from, rook_from) | king_to.bitboard() | rook_to.bitboard())
                & !king_from.bitboard()
                & !rook_from.bitboard();
            if self.castle_rights().has(us, side) && (occupied & must_be_empty).is_empty() {
                (king_to.bitboard(), between(king_from, king_to) | king_to.bitboard())
            } else {
                (Bitboard::EMPTY, Bitboard::EMPTY)
            }
        })
    }
}
