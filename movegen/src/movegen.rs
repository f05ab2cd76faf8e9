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

/// A listener that adds up the moves it is handed, for the counts.
#[inline(always)]
fn tally(count: &mut u64) -> impl FnMut(PieceMoves) -> bool + '_ {
    move |moves| {
        *count += moves.len() as u64;
        false
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

    /// The number of legal moves, counted without expanding them: the
    /// pawns that are not pinned all at once, by shifting their board.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        match self.checkers().count() {
            0 => self.count::<false>(),
            1 => self.count::<true>(),
            _ => {
                let mut count = 0;
                self.king_moves::<true>(&mut tally(&mut count));
                count
            }
        }
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

    /// Where a piece other than the king may move, and which of ours may:
    /// anywhere but onto our own pieces, and in check only onto the checker
    /// or between it and the king; a pinned piece can never answer a check.
    #[inline(always)]
    fn target_and_movable<const IN_CHECK: bool>(&self) -> (Bitboard, Bitboard) {
        let ours = self.color_bb(self.side_to_move());
        if IN_CHECK {
            let king = self.king(self.side_to_move());
            let checker = self.checkers().first().unwrap_or(king);
            ((between(king, checker) | checker.bitboard()) & !ours, ours & !self.pinned())
        } else {
            (!ours, ours)
        }
    }

    #[inline(always)]
    fn generate<const IN_CHECK: bool>(&self, listener: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let (target, movable) = self.target_and_movable::<IN_CHECK>();
        self.pawn_moves::<IN_CHECK>(listener, target, movable)
            || self.piece_moves::<IN_CHECK>(listener, target, movable)
    }

    #[inline(always)]
    fn count<const IN_CHECK: bool>(&self) -> u64 {
        let (target, movable) = self.target_and_movable::<IN_CHECK>();
        let mut count = self.pawn_count::<IN_CHECK>(target, movable);
        self.piece_moves::<IN_CHECK>(&mut tally(&mut count), target, movable);
        count
    }

    /// The moves of every piece but the pawns.
    #[inline(always)]
    fn piece_moves<const IN_CHECK: bool>(
        &self,
        listener: &mut impl FnMut(PieceMoves) -> bool,
        target: Bitboard,
        movable: Bitboard,
    ) -> bool {
        let occupied = self.occupied();
        let king = self.king(self.side_to_move());
        let pinned = self.pinned();
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
        for from in self.piece_bb(Piece::Pawn) & movable {
            let to = self.pawn_destinations::<IN_CHECK>(from, target);
            if to.is_nonempty() && listener(PieceMoves { piece: Piece::Pawn, from, to, en_passant: false }) {
                return true;
            }
        }
        self.en_passant_moves(listener)
    }

    /// Where the pawn on `from` may go, en passant aside.
    #[inline(always)]
    fn pawn_destinations<const IN_CHECK: bool>(&self, from: Square, target: Bitboard) -> Bitboard {
        let us = self.side_to_move();
        let to = (pawn_attacks(from, us) & self.color_bb(!us)) | self.pawn_pushes(from.bitboard());
        if !IN_CHECK && self.pinned().has(from) {
            to & target & line(self.king(us), from)
        } else {
            to & target
        }
    }

    /// Where the side to move's `pawns` may push to: a rank ahead onto an
    /// empty square, and from there on their double-push rank a second.
    #[inline(always)]
    fn pawn_pushes(&self, pawns: Bitboard) -> Bitboard {
        let up = self.side_to_move() == Color::White;
        let empty = !self.occupied();
        let single = pawns.shift_vertical(up) & empty;
        single | (single.shift_vertical(up) & empty & Bitboard::rank(if up { 3 } else { 4 }))
    }

    #[inline(always)]
    fn en_passant_moves(&self, listener: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let us = self.side_to_move();
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

    /// What `pawn_moves` would hand out, counted: the pawns that are not
    /// pinned move as one board shifted a rank (and a file), the pinned
    /// ones one by one. A move onto the last rank counts four.
    #[inline(always)]
    fn pawn_count<const IN_CHECK: bool>(&self, target: Bitboard, movable: Bitboard) -> u64 {
        let up = self.side_to_move() == Color::White;
        let last_rank = if up { Bitboard::RANK_8 } else { Bitboard::RANK_1 };
        let counted = |to: Bitboard| (to & !last_rank).count() as u64 + 4 * (to & last_rank).count() as u64;

        let pawns = self.piece_bb(Piece::Pawn) & movable;
        let free = pawns & !self.pinned();
        let ahead = free.shift_vertical(up);
        // Towards the h-file a pawn on it would wrap to the a-file, and back.
        let towards_h = Bitboard((ahead & !Bitboard::FILE_H).0 << 1);
        let towards_a = Bitboard((ahead & !Bitboard::FILE_A).0 >> 1);
        let theirs = self.color_bb(!self.side_to_move()) & target;
        let mut count =
            counted(self.pawn_pushes(free) & target) + counted(towards_h & theirs) + counted(towards_a & theirs);
        // In check the pinned pawns are not among the movable ones.
        for from in pawns & self.pinned() {
            count += counted(self.pawn_destinations::<IN_CHECK>(from, target));
        }
        self.en_passant_moves(&mut tally(&mut count));
        count
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
