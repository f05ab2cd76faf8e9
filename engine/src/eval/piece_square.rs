//! Piece-square tables built from a few chess principles rather than typed
//! in: knights and queens want the centre, pawns want to advance (centre
//! pawns more), rooks want the seventh rank, the king hides in the corner
//! in the middlegame and walks to the centre in the endgame. Tables are from
//! White's side; Black reads them through a vertical flip.

use super::score_pair::S;
use movegen::{Piece, Square};

/// 0 on the rim, 3 on the four centre squares.
const fn centrality(square: usize) -> i32 {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let file_distance = if file < 4 { 3 - file } else { file - 4 };
    let rank_distance = if rank < 4 { 3 - rank } else { rank - 4 };
    3 - if file_distance > rank_distance { file_distance } else { rank_distance }
}

const fn entry(piece: usize, square: usize) -> S {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let center = centrality(square);
    let central_file = file == 3 || file == 4;
    match piece {
        0 => {
            let center_push = if central_file && (rank == 3 || rank == 4) { 12 } else { 0 };
            S((rank - 1) * 3 + center_push, (rank - 1) * 9)
        }
        1 => S(center * 12 - 22, center * 9 - 16),
        2 => S(center * 5 - 6, center * 4 - 7),
        3 => {
            let seventh = if rank == 6 { 15 } else { 0 };
            let center_file = if central_file { 5 } else { 0 };
            S(seventh + center_file - 3, if rank == 6 { 10 } else { 0 })
        }
        4 => S(center * 2 - 4, center * 7 - 10),
        _ => {
            let shelter = match file {
                1 | 2 | 6 => 22,
                0 | 7 => 12,
                5 => 4,
                _ => 0,
            };
            let height = if rank * 18 > 70 { 70 } else { rank * 18 };
            S(if rank == 0 { shelter } else { -height }, center * 12 - 22)
        }
    }
}

const TABLE: [[S; 64]; 6] = {
    let mut table = [[S(0, 0); 64]; 6];
    let mut piece = 0;
    while piece < 6 {
        let mut square = 0;
        while square < 64 {
            table[piece][square] = entry(piece, square);
            square += 1;
        }
        piece += 1;
    }
    table
};

/// Per-square, per-phase weights for every piece, from White's side, as
/// tunable as the named weights: `tuner fit` fits each of them. Black reads
/// them through a vertical flip. Pawn entries on the first and last rank
/// stay zero and have no name: no pawn stands there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSquareWeights(pub [[S; 64]; 6]);

impl Default for PieceSquareWeights {
    fn default() -> PieceSquareWeights {
        PieceSquareWeights(TABLE)
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
