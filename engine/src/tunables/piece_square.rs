//! Piece-square weights: a middlegame and an endgame bonus for each piece
//! on each square, from White's side (Black reads them through a vertical
//! flip). The defaults were fitted by `tuner fit` (see the README's
//! "Evaluation fitting"): 4,000 self-play games, 296,332 quiet positions,
//! each scored by Stockfish 15.1 at depth 8, fitted together with every
//! other evaluation weight (twice: the second time with the pawn, outpost
//! and threat terms added). Each table's mean is folded
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
        S(-34, 8), S(-49, 21), S(-33, -1), S(-34, 2), S(-34, 23), S(-11, 16), S(-8, 1), S(-26, 3),
        S(-38, 19), S(-56, 18), S(-40, 11), S(-38, 13), S(-31, 3), S(-43, 14), S(-20, -1), S(-32, 5),
        S(-28, 16), S(-43, 21), S(-19, -7), S(-6, 5), S(-11, -3), S(-22, 9), S(-31, 8), S(-28, 4),
        S(-10, 28), S(-26, 28), S(-26, 17), S(0, 0), S(11, 11), S(-11, 17), S(-16, 8), S(-15, 5),
        S(33, -3), S(33, 6), S(25, 1), S(42, 2), S(91, -41), S(52, 25), S(93, -48), S(14, 27),
        S(66, -17), S(141, -62), S(96, -26), S(50, -6), S(76, -58), S(-25, 28), S(-142, -12), S(164, -136),
        S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    ],
    // Knight
    [
        S(-44, -88), S(-24, -64), S(-33, -3), S(-14, -18), S(-15, -31), S(-21, 1), S(-27, -19), S(-76, -180),
        S(-31, -49), S(-19, -7), S(-7, -18), S(9, -16), S(2, 3), S(-13, 14), S(-8, -14), S(-56, 29),
        S(-38, 3), S(-18, 8), S(-10, 27), S(-7, 23), S(21, 24), S(-5, 12), S(-5, 8), S(-14, -29),
        S(0, -8), S(-35, 32), S(6, 54), S(7, 22), S(24, 23), S(14, 40), S(12, 56), S(-6, -24),
        S(19, -27), S(-10, 28), S(18, 48), S(33, 32), S(12, 45), S(49, 33), S(-4, 21), S(36, -10),
        S(3, 3), S(-8, 19), S(7, 47), S(25, 50), S(68, 11), S(133, 5), S(28, -1), S(54, 10),
        S(-76, -8), S(48, -16), S(4, 33), S(-27, 48), S(-6, 42), S(57, -22), S(-6, 2), S(-16, -46),
        S(-208, 85), S(-71, 50), S(-88, 41), S(135, -57), S(139, -40), S(3, -10), S(155, -82), S(-73, -143),
    ],
    // Bishop
    [
        S(-14, -32), S(16, -31), S(0, -37), S(-19, 10), S(1, -21), S(-9, -7), S(-39, -2), S(-14, -16),
        S(18, -20), S(12, -7), S(21, -14), S(2, 0), S(8, -6), S(8, -8), S(28, -22), S(8, -40),
        S(-7, 7), S(23, 4), S(16, 7), S(7, -4), S(14, 8), S(-1, 17), S(14, -4), S(24, -27),
        S(-5, -11), S(5, 9), S(9, 11), S(25, 11), S(31, -4), S(-2, 7), S(12, 17), S(23, -46),
        S(-8, 7), S(13, 9), S(28, -11), S(38, 7), S(28, -3), S(14, 31), S(12, -1), S(-18, 21),
        S(-36, 29), S(14, 18), S(37, 14), S(11, -13), S(5, 9), S(7, 26), S(2, 40), S(13, -22),
        S(-46, 22), S(-40, 14), S(-17, 4), S(27, -7), S(-44, 6), S(16, -3), S(-19, -3), S(-34, 20),
        S(14, 48), S(-102, 19), S(51, -29), S(-75, -24), S(60, -24), S(39, -21), S(-161, 39), S(-46, 29),
    ],
    // Rook
    [
        S(-23, -1), S(-11, -19), S(-12, -6), S(-10, -12), S(1, -31), S(-2, -28), S(-39, -10), S(-35, -24),
        S(-43, -8), S(-52, -9), S(-27, -17), S(-22, -13), S(-28, -24), S(-17, -28), S(-1, -50), S(-63, -12),
        S(-37, -6), S(-54, -3), S(-36, -2), S(-34, 0), S(-34, -10), S(-41, -7), S(-4, -22), S(-39, -25),
        S(-25, 1), S(-58, 21), S(-26, 24), S(-32, 26), S(-25, 3), S(-23, -1), S(5, -10), S(-36, -5),
        S(-43, 26), S(6, 21), S(17, 15), S(-4, 20), S(-2, 16), S(-6, 43), S(72, -9), S(-41, 29),
        S(19, -2), S(45, 6), S(42, -4), S(32, 15), S(62, 0), S(58, -2), S(81, -29), S(25, -12),
        S(42, 12), S(-15, 30), S(45, 8), S(57, 16), S(37, 16), S(34, 22), S(127, -29), S(38, 8),
        S(42, -2), S(29, 4), S(-7, 22), S(99, -8), S(84, -4), S(-44, 26), S(-38, 27), S(-16, 30),
    ],
    // Queen
    [
        S(-25, -31), S(10, -100), S(5, -50), S(8, -72), S(7, -68), S(2, -73), S(-33, -86), S(-55, 25),
        S(-37, -42), S(-6, -52), S(2, -43), S(7, -81), S(14, -26), S(39, -98), S(21, -107), S(10, -121),
        S(-8, -30), S(-17, -14), S(2, -30), S(-12, -17), S(7, -8), S(3, -23), S(3, -19), S(22, -71),
        S(-28, 16), S(-18, 35), S(-11, -9), S(-23, 52), S(-18, 35), S(0, 17), S(22, 15), S(-28, 69),
        S(-23, 21), S(-22, 55), S(-27, 60), S(-31, 52), S(-6, 65), S(-20, 52), S(9, 79), S(8, 18),
        S(-1, -9), S(-19, 22), S(-33, 67), S(-21, 75), S(23, 22), S(81, 31), S(55, 12), S(15, 58),
        S(19, -56), S(-47, 37), S(-29, 58), S(-8, 31), S(22, 94), S(35, 41), S(-56, 140), S(102, -54),
        S(16, -42), S(-5, -9), S(-11, 19), S(-102, 82), S(-4, 48), S(112, -52), S(70, -26), S(34, 15),
    ],
    // King
    [
        S(68, -55), S(145, -72), S(125, -51), S(38, -32), S(89, -62), S(46, -44), S(105, -54), S(82, -50),
        S(132, -80), S(91, -40), S(71, -9), S(58, -5), S(48, -13), S(55, -18), S(103, -32), S(89, -43),
        S(34, -34), S(105, -14), S(13, -14), S(7, 10), S(-19, 7), S(93, -25), S(61, -16), S(64, -28),
        S(-122, -21), S(95, -22), S(-28, 15), S(-162, 14), S(-112, 15), S(-4, 15), S(-8, 19), S(-50, 12),
        S(-74, 13), S(65, 15), S(-107, 38), S(-213, 22), S(-202, 21), S(-10, 23), S(111, 31), S(-227, 39),
        S(118, -12), S(-88, 52), S(-73, 42), S(-146, 53), S(-82, -8), S(-99, 45), S(16, 51), S(-188, 3),
        S(-131, -17), S(-87, 38), S(-63, 57), S(67, -16), S(-30, 72), S(140, 77), S(6, 74), S(32, -11),
        S(-223, -4), S(25, -19), S(-79, 26), S(-74, 3), S(146, 7), S(147, 29), S(131, 23), S(-119, -39),
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
