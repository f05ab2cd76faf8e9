//! `trappy traps --svg FILE`: a trap as a picture. The board from the
//! trap setter's side, the trap move as a green arrow, the tempting reply
//! as a red one and its square in red, as a study draws `[%cal]` and
//! `[%csl]`. Plain SVG written by hand: pieces are the Unicode chess
//! glyphs, so no image or font ships with it.

use super::trap_pgn::endpoints;
use movegen::{Board, Color, Move, Piece, Square};

/// One square's side, in SVG units.
const SQUARE: usize = 45;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const GREEN: &str = "#15781b";
const RED: &str = "#882020";

/// The position with the trap move `trap` and the reply `reply` drawn on it.
pub fn trap_svg(board: &Board, trap: Move, reply: Move) -> String {
    let flipped = board.side_to_move() == Color::Black;
    let size = 8 * SQUARE;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\">\n"
    );
    svg += "<defs>\n";
    for (name, colour) in [("green", GREEN), ("red", RED)] {
        svg += &format!(
            "<marker id=\"head-{name}\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>\n"
        );
    }
    svg += "</defs>\n";
    for square in Square::all() {
        let (x, y) = corner(square, flipped);
        let colour = if (square.file() + square.rank()) % 2 == 0 { DARK } else { LIGHT };
        svg += &format!("<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{colour}\"/>\n");
    }
    let (_, reply_to) = squares(reply);
    let (x, y) = corner(reply_to, flipped);
    svg += &format!(
        "<rect class=\"marked\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{RED}\" fill-opacity=\"0.45\"/>\n"
    );
    for square in Square::all() {
        let (Some(piece), Some(colour)) = (board.piece_on(square), board.color_on(square)) else { continue };
        let (x, y) = corner(square, flipped);
        let (fill, stroke) = if colour == Color::White { ("#ffffff", "#000000") } else { ("#000000", "#ffffff") };
        svg += &format!(
            "<text class=\"piece\" x=\"{}\" y=\"{}\" font-size=\"38\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.8\">{}</text>\n",
            x + SQUARE / 2,
            y + SQUARE / 2,
            glyph(piece)
        );
    }
    svg += &arrow(trap, "green", GREEN, flipped);
    svg += &arrow(reply, "red", RED, flipped);
    svg += "</svg>\n";
    svg
}

/// The solid glyph of `piece`; colour comes from the fill.
fn glyph(piece: Piece) -> char {
    match piece {
        Piece::King => '\u{265A}',
        Piece::Queen => '\u{265B}',
        Piece::Rook => '\u{265C}',
        Piece::Bishop => '\u{265D}',
        Piece::Knight => '\u{265E}',
        Piece::Pawn => '\u{265F}',
    }
}

/// The top-left corner of `square` on the picture.
fn corner(square: Square, flipped: bool) -> (usize, usize) {
    let (file, rank) = (usize::from(square.file()), usize::from(square.rank()));
    if flipped {
        ((7 - file) * SQUARE, rank * SQUARE)
    } else {
        (file * SQUARE, (7 - rank) * SQUARE)
    }
}

/// The two squares an arrow joins, read from the move's text as the PGN
/// arrows are, so that castling runs from the king's square to where the
/// king lands.
fn squares(mv: Move) -> (Square, Square) {
    let text = endpoints(mv);
    let square = |name: &str| Square::parse(name).unwrap_or(Square::new(0, 0));
    (square(&text[..2]), square(&text[2..]))
}

fn arrow(mv: Move, name: &str, colour: &str, flipped: bool) -> String {
    let (from, to) = squares(mv);
    let centre = |square| {
        let (x, y) = corner(square, flipped);
        (x + SQUARE / 2, y + SQUARE / 2)
    };
    let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
    format!(
        "<line class=\"arrow\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{colour}\" stroke-width=\"9\" stroke-opacity=\"0.8\" stroke-linecap=\"round\" marker-end=\"url(#head-{name})\"/>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The elements of `svg` in order, with whether each closes itself;
    /// panics on a tag that is never closed or closed out of order.
    fn well_formed_elements(svg: &str) -> Vec<String> {
        let mut open: Vec<String> = Vec::new();
        let mut seen = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("every tag ends") + start;
            let tag = &rest[start + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop().as_deref(), Some(name), "closed out of order");
            } else {
                let name = tag.split_whitespace().next().expect("a name").trim_end_matches('/').to_string();
                seen.push(tag.to_string());
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            rest = &rest[end + 1..];
        }
        assert!(open.is_empty(), "left open: {open:?}");
        seen
    }

    #[test]
    fn the_picture_is_well_formed_with_the_two_arrows_and_every_piece() {
        // Legal's mate: Nxe5 (f3-e5) invites Bxd1 (g4-d1).
        let board =
            Board::from_fen("rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5").expect("valid");
        let trap = board.parse_uci_move("f3e5").expect("legal");
        let mut after = board.clone();
        after.play(trap);
        let reply = after.parse_uci_move("g4d1").expect("legal");
        let svg = trap_svg(&board, trap, reply);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        let elements = well_formed_elements(&svg);
        let count = |prefix: &str| elements.iter().filter(|e| e.starts_with(prefix)).count();
        assert_eq!(count("text class=\"piece\""), 32);
        assert_eq!(count("rect class=\"marked\""), 1);
        let arrows: Vec<&String> = elements.iter().filter(|e| e.starts_with("line class=\"arrow\"")).collect();
        assert_eq!(arrows.len(), 2);
        // Centres at x = 45 file + 22, y = 45 (7 - rank) + 22: f3 (5, 2), e5 (4, 4),
        // g4 (6, 3), d1 (3, 0).
        assert!(arrows[0].contains("x1=\"247\" y1=\"247\" x2=\"202\" y2=\"157\"") && arrows[0].contains(GREEN));
        assert!(arrows[1].contains("x1=\"292\" y1=\"202\" x2=\"157\" y2=\"337\"") && arrows[1].contains(RED));
        // d1 is marked.
        assert!(svg.contains("<rect class=\"marked\" x=\"135\" y=\"315\""));
    }

    #[test]
    fn black_to_move_sees_the_board_from_black() {
        let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").expect("valid");
        let (king, _) = squares(board.parse_uci_move("e8d8").expect("legal"));
        assert_eq!(corner(king, true), (3 * SQUARE, 7 * SQUARE));
        assert_eq!(corner(king, false), (4 * SQUARE, 0));
    }
}
