//! `trappy traps --svg FILE`: a trap as a picture. The board from the
//! trap setter's side with its coordinates, the trap move as a green
//! arrow, the tempting reply as a red one and its square in red, as a
//! study draws `[%cal]` and `[%csl]`, and under it a one-line caption:
//! who moves, the trap in words and the model that names it. Plain SVG
//! written by hand: pieces are the Unicode chess glyphs, so no image or
//! font ships with it.

use super::trap_annotation::{endpoints, Annotation, RootMove, Trap};
use movegen::{Board, Color, Move, Piece, Square};

/// One square's side, in SVG units.
const SQUARE: usize = 45;
/// The band left of the board for the ranks, and under it for the files.
const MARGIN: usize = 18;
/// The caption's band under the files.
const CAPTION: usize = 26;
/// The caption's font size, and what one of its characters is counted
/// wide when the picture is made wide enough for it.
const CAPTION_FONT: usize = 13;
const CAPTION_CHAR: f64 = 6.6;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const GREEN: &str = "#15781b";
const RED: &str = "#882020";

impl Annotation {
    /// The picture of `root`'s likeliest trap.
    pub fn to_svg(&self, root: &RootMove, trap: &Trap) -> String {
        trap_svg(&self.board, root.mv, trap.reply, &self.caption(root, trap))
    }
}

/// The position with the trap move `trap`, the reply `reply` and a caption.
pub fn trap_svg(board: &Board, trap: Move, reply: Move, caption: &str) -> String {
    let flipped = board.side_to_move() == Color::Black;
    let board_size = 8 * SQUARE;
    let caption_width = (caption.chars().count() as f64 * CAPTION_CHAR).ceil() as usize + 2 * MARGIN;
    let width = (board_size + 2 * MARGIN).max(caption_width);
    let height = board_size + MARGIN + CAPTION;
    let frame = Frame { left: (width - board_size) / 2, flipped };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n"
    );
    svg += &format!("<title>{}</title>\n", escape(caption));
    svg += &format!("<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n");
    svg += "<defs>\n";
    for (name, colour) in [("green", GREEN), ("red", RED)] {
        svg += &format!(
            "<marker id=\"head-{name}\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>\n"
        );
    }
    svg += "</defs>\n";
    for square in Square::all() {
        let (x, y) = frame.corner(square);
        let colour = if (square.file() + square.rank()) % 2 == 0 { DARK } else { LIGHT };
        svg += &format!("<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{colour}\"/>\n");
    }
    svg += &frame.coordinates();
    let (_, reply_to) = squares(reply);
    let (x, y) = frame.corner(reply_to);
    svg += &format!(
        "<rect class=\"marked\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{RED}\" fill-opacity=\"0.45\"/>\n"
    );
    for square in Square::all() {
        let (Some(piece), Some(colour)) = (board.piece_on(square), board.color_on(square)) else { continue };
        let (x, y) = frame.corner(square);
        let (fill, stroke) = if colour == Color::White { ("#ffffff", "#000000") } else { ("#000000", "#ffffff") };
        svg += &format!(
            "<text class=\"piece\" x=\"{}\" y=\"{}\" font-size=\"38\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.8\">{}</text>\n",
            x + SQUARE / 2,
            y + SQUARE / 2,
            glyph(piece)
        );
    }
    svg += &frame.arrow(trap, "green", GREEN);
    svg += &frame.arrow(reply, "red", RED);
    svg += &format!(
        "<text class=\"caption\" x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{CAPTION_FONT}\" text-anchor=\"middle\" fill=\"#000000\">{}</text>\n",
        width / 2,
        board_size + MARGIN + CAPTION / 2 + 4,
        escape(caption)
    );
    svg += "</svg>\n";
    svg
}

/// Text as XML character data.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Where the board sits in the picture, and from which side it is seen.
struct Frame {
    left: usize,
    flipped: bool,
}

impl Frame {
    /// The top-left corner of `square` on the picture.
    fn corner(&self, square: Square) -> (usize, usize) {
        let (file, rank) = (usize::from(square.file()), usize::from(square.rank()));
        let (column, row) = if self.flipped { (7 - file, rank) } else { (file, 7 - rank) };
        (self.left + column * SQUARE, row * SQUARE)
    }

    /// The files under the board and the ranks left of it.
    fn coordinates(&self) -> String {
        let mut svg = String::new();
        for index in 0..8u8 {
            let (x, _) = self.corner(Square::new(index, 0));
            let (_, y) = self.corner(Square::new(0, index));
            let file = char::from(b'a' + index);
            svg += &format!(
                "<text class=\"file\" x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333333\">{file}</text>\n",
                x + SQUARE / 2,
                8 * SQUARE + MARGIN - 5
            );
            svg += &format!(
                "<text class=\"rank\" x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#333333\">{}</text>\n",
                self.left - MARGIN / 2,
                y + SQUARE / 2,
                index + 1
            );
        }
        svg
    }

    fn arrow(&self, mv: Move, name: &str, colour: &str) -> String {
        let (from, to) = squares(mv);
        let centre = |square| {
            let (x, y) = self.corner(square);
            (x + SQUARE / 2, y + SQUARE / 2)
        };
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        format!(
            "<line class=\"arrow\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{colour}\" stroke-width=\"9\" stroke-opacity=\"0.8\" stroke-linecap=\"round\" marker-end=\"url(#head-{name})\"/>\n"
        )
    }
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

/// The two squares an arrow joins, read from the move's text as the PGN
/// arrows are, so that castling runs from the king's square to where the
/// king lands.
fn squares(mv: Move) -> (Square, Square) {
    let text = endpoints(mv);
    let square = |name: &str| Square::parse(name).unwrap_or(Square::new(0, 0));
    (square(&text[..2]), square(&text[2..]))
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
        let svg = trap_svg(&board, trap, reply, "White to move. Nxe5 sets a trap: Bxd1 <mates>.");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        let elements = well_formed_elements(&svg);
        let count = |prefix: &str| elements.iter().filter(|e| e.starts_with(prefix)).count();
        assert_eq!(count("text class=\"piece\""), 32);
        assert_eq!(count("rect class=\"marked\""), 1);
        let arrows: Vec<&String> = elements.iter().filter(|e| e.starts_with("line class=\"arrow\"")).collect();
        assert_eq!(arrows.len(), 2);
        // The board starts 18 right of the picture's edge, after the ranks.
        // Centres at x = 18 + 45 file + 22, y = 45 (7 - rank) + 22: f3 (5, 2),
        // e5 (4, 4), g4 (6, 3), d1 (3, 0).
        assert!(arrows[0].contains("x1=\"265\" y1=\"247\" x2=\"220\" y2=\"157\"") && arrows[0].contains(GREEN));
        assert!(arrows[1].contains("x1=\"310\" y1=\"202\" x2=\"175\" y2=\"337\"") && arrows[1].contains(RED));
        // d1 is marked.
        assert!(svg.contains("<rect class=\"marked\" x=\"153\" y=\"315\""));
        // Files a to h under the board, ranks 1 to 8 left of it (1 at the
        // bottom for White), and the caption, escaped.
        assert_eq!((count("text class=\"file\""), count("text class=\"rank\"")), (8, 8));
        assert!(svg.contains("x=\"40\" y=\"373\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333333\">a</text>"));
        assert!(svg.contains("y=\"337\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#333333\">1</text>"));
        assert!(svg.contains(">White to move. Nxe5 sets a trap: Bxd1 &lt;mates&gt;.</text>"));
    }

    #[test]
    fn black_to_move_sees_the_board_from_black() {
        let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").expect("valid");
        let (king, _) = squares(board.parse_uci_move("e8d8").expect("legal"));
        assert_eq!(Frame { left: 0, flipped: true }.corner(king), (3 * SQUARE, 7 * SQUARE));
        assert_eq!(Frame { left: 0, flipped: false }.corner(king), (4 * SQUARE, 0));
    }
}
