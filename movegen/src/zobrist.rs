//! Zobrist keys, computed at compile time from a fixed splitmix64 stream so
//! that keys (and so search results) are the same in every build.

use crate::splitmix::splitmix64_step;
use crate::{Color, Piece, Square};

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 16],
    en_passant_file: [u64; 8],
    black_to_move: u64,
}

static KEYS: Keys = {
    let mut state = 0x2545_f491_4f6c_dd1d;
    let mut pieces = [[0; 64]; 12];
    let mut piece = 0;
    while piece < 12 {
        let mut square = 0;
        while square < 64 {
            let (next, key) = splitmix64_step(state);
            state = next;
            pieces[piece][square] = key;
            square += 1;
        }
        piece += 1;
    }
    // Castling keys are the xor of one key per right, so that losing a
    // right changes the key by exactly that right's key.
    let mut single_rights = [0; 4];
    let mut right = 0;
    while right < 4 {
        let (next, key) = splitmix64_step(state);
        state = next;
        single_rights[right] = key;
        right += 1;
    }
    let mut castling = [0; 16];
    let mut rights = 0;
    while rights < 16 {
        let mut bit = 0;
        while bit < 4 {
            if rights & (1 << bit) != 0 {
                castling[rights] ^= single_rights[bit];
            }
            bit += 1;
        }
        rights += 1;
    }
    let mut en_passant_file = [0; 8];
    let mut file = 0;
    while file < 8 {
        let (next, key) = splitmix64_step(state);
        state = next;
        en_passant_file[file] = key;
        file += 1;
    }
    let (_, black_to_move) = splitmix64_step(state);
    Keys { pieces, castling, en_passant_file, black_to_move }
};

#[inline(always)]
pub fn piece_key(piece: Piece, color: Color, square: Square) -> u64 {
    KEYS.pieces[color.index() * 6 + piece.index()][square.index()]
}

#[inline(always)]
pub fn castling_key(rights_index: usize) -> u64 {
    KEYS.castling[rights_index]
}

#[inline(always)]
pub fn en_passant_key(file: u8) -> u64 {
    KEYS.en_passant_file[file as usize]
}

#[inline(always)]
pub fn side_key() -> u64 {
    KEYS.black_to_move
}
