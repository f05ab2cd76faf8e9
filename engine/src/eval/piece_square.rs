//! Piece-square weights: a middlegame and an endgame bonus for each piece
//! on each square, from White's side (Black reads them through a vertical
//! flip). The defaults were fitted by `tuner fit` (see the README's
//! "Evaluation fitting"): 4,000 self-play games, 296,332 quiet positions,
//! each scored by Stockfish 15.1 at depth 8. Each table's mean is folded
//! into the piece's material value, so an entry reads as "better or worse
//! than the average square".

use super::score_pair::S;
use movegen::{Piece, Square};

/// Rank 1 first, files a to h within a rank.
#[rustfmt::skip]
const FITTED: [[S; 64]; 6] = [
    // Pawn
    [
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        S(-25, 3), S(-41, 15), S(-23, -15), S(-30, -18), S(-20, 6), S(-4, 2), S(6, -11), S(-21, -13),
        S(-27, 7), S(-42, 8), S(-25, -7), S(-23, -9), S(-11, -15), S(-25, -2), S(-7, -13), S(-19, -14),
        S(-26, 11), S(-34, 16), S(-12, -19), S(6, -9), S(-2, -20), S(-11, -7), S(-25, -5), S(-21, -13),
        S(-8, 25), S(-20, 24), S(-13, 3), S(13, -21), S(23, -8), S(7, -3), S(-13, -5), S(-8, -9),
        S(17, 25), S(18, 27), S(8, 9), S(22, -2), S(54, -39), S(43, 19), S(69, -40), S(0, 39),
        S(58, 52), S(88, 1), S(73, 9), S(57, 3), S(28, -29), S(-25, 54), S(-91, 29), S(59, -40),
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    ],
    // Knight
    [
        S(-44, -67), S(-21, -62), S(-33, 4), S(-12, -26), S(-12, -39), S(-19, -11), S(-20, -19), S(-93, -90),
        S(-24, -50), S(-30, -8), S(-11, -14), S(8, -16), S(4, -3), S(-10, 8), S(-15, -28), S(-57, 18),
        S(-38, -4), S(-19, -1), S(-12, 23), S(-11, 19), S(18, 21), S(-9, 9), S(-4, 7), S(-11, -36),
        S(6, -12), S(-32, 24), S(6, 55), S(4, 28), S(23, 21), S(10, 41), S(14, 50), S(-3, -34),
        S(30, -40), S(-2, 36), S(26, 54), S(40, 38), S(8, 51), S(41, 49), S(-12, 39), S(25, -3),
        S(2, -2), S(20, 18), S(22, 43), S(36, 48), S(62, 10), S(69, 41), S(38, -1), S(33, 17),
        S(-62, -20), S(57, -25), S(26, 26), S(-2, 31), S(-4, 34), S(56, -29), S(20, -15), S(7, -59),
        S(-124, 50), S(-19, 12), S(-49, 22), S(61, -27), S(61, -17), S(10, -46), S(73, -60), S(-105, -83),
    ],
    // Bishop
    [
        S(-18, -30), S(23, -19), S(0, -38), S(-28, 15), S(-1, -31), S(-11, -7), S(-41, 12), S(-27, -3),
        S(16, -11), S(11, -8), S(18, -9), S(0, 0), S(3, -1), S(7, -11), S(24, -19), S(9, -42),
        S(-5, 6), S(19, 4), S(15, 7), S(4, -2), S(13, 10), S(-3, 20), S(14, -8), S(23, -23),
        S(-14, -11), S(4, 4), S(4, 13), S(23, 9), S(26, 1), S(-7, 6), S(10, 17), S(20, -53),
        S(-2, -4), S(4, 13), S(28, -22), S(34, 4), S(29, -11), S(5, 34), S(4, 1), S(-21, 23),
        S(-37, 31), S(19, 16), S(39, 13), S(14, -19), S(5, 8), S(-1, 22), S(0, 45), S(14, -24),
        S(-47, 21), S(-32, 12), S(-18, 6), S(30, -8), S(-38, 2), S(15, -4), S(-16, -4), S(-41, 32),
        S(28, 41), S(-86, 27), S(63, -33), S(-52, -28), S(30, -15), S(27, -27), S(-97, 35), S(-28, 14),
    ],
    // Rook
    [
        S(-17, -1), S(-7, -18), S(-7, -6), S(-5, -13), S(6, -32), S(6, -29), S(-32, -18), S(-25, -28),
        S(-36, -8), S(-49, -9), S(-23, -17), S(-19, -12), S(-27, -20), S(-11, -26), S(1, -49), S(-52, -19),
        S(-35, -10), S(-52, -12), S(-34, -7), S(-28, -4), S(-34, -10), S(-45, -5), S(-7, -25), S(-43, -17),
        S(-19, -3), S(-54, 19), S(-19, 19), S(-32, 27), S(-28, 4), S(-20, -4), S(11, -17), S(-30, -4),
        S(-38, 23), S(10, 21), S(18, 15), S(3, 17), S(0, 16), S(6, 35), S(56, -2), S(-28, 27),
        S(23, -5), S(31, 11), S(41, -2), S(33, 14), S(51, 12), S(43, 7), S(58, -18), S(31, -11),
        S(46, 9), S(-12, 29), S(45, 8), S(55, 17), S(32, 16), S(48, 15), S(87, -19), S(23, 14),
        S(41, -2), S(19, 5), S(0, 22), S(64, 4), S(55, 8), S(-37, 22), S(-24, 17), S(-12, 29),
    ],
    // Queen
    [
        S(-24, -21), S(9, -80), S(8, -49), S(13, -72), S(9, -68), S(-3, -60), S(-53, -58), S(-26, -8),
        S(-37, -33), S(-3, -52), S(5, -41), S(10, -74), S(18, -19), S(45, -87), S(22, -78), S(12, -91),
        S(-1, -30), S(-16, -14), S(7, -39), S(-12, -16), S(9, -6), S(4, -21), S(1, -8), S(23, -69),
        S(-27, 14), S(-16, 31), S(-11, -13), S(-26, 57), S(-17, 30), S(2, 18), S(22, 13), S(-20, 49),
        S(-25, 14), S(-21, 55), S(-22, 60), S(-32, 49), S(-2, 53), S(-22, 46), S(23, 48), S(7, 17),
        S(2, -12), S(-12, 12), S(-28, 57), S(-11, 59), S(10, 26), S(57, 43), S(45, 34), S(26, 24),
        S(20, -51), S(-36, 17), S(-22, 50), S(-24, 44), S(50, 54), S(35, 41), S(-26, 78), S(61, 11),
        S(10, -42), S(-15, -12), S(-8, 18), S(-77, 54), S(-7, 38), S(53, -11), S(48, -2), S(14, 26),
    ],
    // King
    [
        S(25, -62), S(103, -80), S(83, -58), S(-4, -30), S(51, -67), S(4, -47), S(67, -67), S(48, -72),
        S(68, -74), S(46, -40), S(29, -6), S(15, 5), S(6, -7), S(12, -15), S(66, -40), S(51, -56),
        S(17, -50), S(45, -4), S(2, -15), S(-13, 19), S(-41, 14), S(54, -20), S(19, -16), S(6, -32),
        S(-89, -33), S(32, -9), S(-32, 19), S(-83, 5), S(-84, 15), S(-16, 17), S(-7, 19), S(-78, 8),
        S(-7, 3), S(22, 28), S(-51, 38), S(-122, 18), S(-115, 13), S(-18, 32), S(33, 48), S(-144, 18),
        S(31, 1), S(1, 49), S(-4, 56), S(-56, 53), S(-57, 3), S(-30, 48), S(33, 58), S(-117, 6),
        S(-84, -48), S(-22, 24), S(25, 61), S(38, 7), S(42, 68), S(57, 72), S(40, 64), S(21, 17),
        S(-130, -20), S(60, -54), S(-2, 25), S(13, 16), S(55, 36), S(54, 51), S(50, 42), S(-21, -53),
    ],
];

/// Per-square, per-phase weights for every piece, from White's side, as
/// tunable as the named weights: `tuner fit` fits each of them. Black reads
/// them through a vertical flip. Pawn entries on the first and last rank
/// stay zero and have no name: no pawn stands there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSquareWeights(pub [[S; 64]; 6]);

impl Default for PieceSquareWeights {
    fn default() -> PieceSquareWeights {
        PieceSquareWeights(FITTED)
    }
}

/// Every piece-square weight lies in this range.
pub const PIECE_SQUARE_RANGE: (i32, i32) = (-400, 400);

const PIECE_NAMES: [&str; 6] = ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"];

/// One piece-square weight: which piece, which (White) square, which phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSquareKey {
    pub piece: usize,
    pub square: usize,
    pub endgame: bool,
}

impl PieceSquareKey {
    /// Every named weight, piece by piece, square by square, Mg before Eg.
    pub fn all() -> impl Iterator<Item = PieceSquareKey> {
        (0..6).flat_map(|piece| {
            (0..64)
                .filter(move |&square| piece != 0 || (8..56).contains(&square))
                .flat_map(move |square| [false, true].map(|endgame| PieceSquareKey { piece, square, endgame }))
        })
    }

    /// `Pst<Piece><square><Mg|Eg>`, for example `PstKnightE4Mg`.
    pub fn name(self) -> String {
        let file = (b'A' + (self.square % 8) as u8) as char;
        let rank = self.square / 8 + 1;
        let phase = if self.endgame { "Eg" } else { "Mg" };
        format!("Pst{}{file}{rank}{phase}", PIECE_NAMES[self.piece])
    }

    /// The key a name stands for, case-insensitively; `None` for any other name.
    pub fn parse(name: &str) -> Option<PieceSquareKey> {
        let lower = name.to_ascii_lowercase();
        let rest = lower.strip_prefix("pst")?;
        let piece = PIECE_NAMES.iter().position(|p| rest.starts_with(&p.to_ascii_lowercase()))?;
        let rest = &rest[PIECE_NAMES[piece].len()..];
        let bytes = rest.as_bytes();
        if bytes.len() != 4 || !(b'a'..=b'h').contains(&bytes[0]) || !(b'1'..=b'8').contains(&bytes[1]) {
            return None;
        }
        let square = (bytes[1] - b'1') as usize * 8 + (bytes[0] - b'a') as usize;
        let endgame = match &rest[2..] {
            "mg" => false,
            "eg" => true,
            _ => return None,
        };
        let key = PieceSquareKey { piece, square, endgame };
        (piece != 0 || (8..56).contains(&square)).then_some(key)
    }
}

impl PieceSquareWeights {
    pub fn get(&self, key: PieceSquareKey) -> i32 {
        let pair = self.0[key.piece][key.square];
        if key.endgame {
            pair.1
        } else {
            pair.0
        }
    }

    pub fn slot(&mut self, key: PieceSquareKey) -> &mut i32 {
        let pair = &mut self.0[key.piece][key.square];
        if key.endgame {
            &mut pair.1
        } else {
            &mut pair.0
        }
    }

    /// The bonus for a White piece on `square` (flip the square for Black).
    #[inline(always)]
    pub fn bonus(&self, piece: Piece, white_square: Square) -> S {
        self.0[piece.index()][white_square.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_skip_impossible_pawn_squares() {
        let keys: Vec<_> = PieceSquareKey::all().collect();
        assert_eq!(keys.len(), (48 + 5 * 64) * 2);
        for key in &keys {
            assert_eq!(PieceSquareKey::parse(&key.name()), Some(*key));
        }
        assert_eq!(PieceSquareKey { piece: 1, square: 28, endgame: false }.name(), "PstKnightE4Mg");
        assert_eq!(
            PieceSquareKey::parse("pstknighte4mg"),
            Some(PieceSquareKey { piece: 1, square: 28, endgame: false })
        );
        for bad in
            ["PstPawnA1Mg", "PstPawnH8Eg", "PstKnightI4Mg", "PstKnightE9Mg", "PstKnightE4", "PstDragonE4Mg", "Pst"]
        {
            assert_eq!(PieceSquareKey::parse(bad), None, "{bad}");
        }
    }
}
