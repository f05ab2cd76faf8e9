//! `position startpos|fen <fen> [moves <m1> ...]`, parsed into a new board
//! and key history without touching the current ones until it all checks.

use movegen::Board;

/// The board after the command, with the positions before it and their keys.
pub struct ParsedPosition {
    pub board: Board,
    pub game_keys: Vec<u64>,
    pub game_positions: Vec<Board>,
}

pub fn parse_position(args: &[&str]) -> Result<ParsedPosition, String> {
    let moves_at = args.iter().position(|&token| token == "moves");
    let (setup, moves) = match moves_at {
        Some(index) => (&args[..index], &args[index + 1..]),
        None => (args, &[][..]),
    };
    let mut board = match setup.first() {
        Some(&"startpos") if setup.len() == 1 => Board::startpos(),
        Some(&"startpos") => return Err(format!("unexpected '{}' after startpos", setup[1..].join(" "))),
        Some(&"fen") if setup.len() > 1 => Board::from_fen(&setup[1..].join(" ")).map_err(|e| e.to_string())?,
        Some(&"fen") => return Err("position fen needs a FEN".to_string()),
        Some(other) => return Err(format!("expected 'startpos' or 'fen', found '{other}'")),
        None => return Err("position needs 'startpos' or 'fen <FEN>'".to_string()),
    };
    let mut game_keys = Vec::with_capacity(moves.len());
    let mut game_positions = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let mv = board.parse_uci_move(text).map_err(|e| format!("move {} of the moves list: {e}", index + 1))?;
        game_keys.push(board.hash());
        game_positions.push(board.clone());
        board.play(mv);
    }
    Ok(ParsedPosition { board, game_keys, game_positions })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn accepts_startpos_and_fen_with_moves() {
        let parsed = parse_position(&tokens("startpos moves e2e4 e7e5 g1f3")).expect("valid");
        assert_eq!(parsed.board.to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        assert_eq!(parsed.game_keys.len(), 3);
        let fen = parse_position(&tokens("fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1")).expect("valid");
        assert_eq!(fen.board.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    }

    #[test]
    fn rejects_bad_input_with_a_reason() {
        for bad in [
            "",
            "startpos moves e2e5",
            "startpos moves e2e4 zz",
            "fen 8/8 w - - 0 1",
            "fen",
            "middlegame",
            "startpos e2e4",
        ] {
            let error = parse_position(&tokens(bad)).err().unwrap_or_else(|| panic!("accepted '{bad}'"));
            assert!(!error.is_empty());
        }
    }
}
