//! A PGN reader: tag pairs and the main line of each game, as SAN tokens
//! checked against the rules, with the comment that follows each move
//! (where engines write their score). Variations, NAGs, move numbers and
//! `;` comments are skipped; a game that breaks the rules is reported with
//! its number.

use movegen::{Board, Move};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    /// The position the moves start from (the FEN tag, or the start).
    pub start: Board,
    pub moves: Vec<Move>,
    /// The first `{...}` comment after each move of `moves`, if any.
    pub comments: Vec<Option<String>>,
    /// "1-0", "0-1", "1/2-1/2" or "*".
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    /// White's points from the result (a draw is half of one); `None`
    /// for an unfinished game.
    pub fn white_points(&self) -> Option<f64> {
        match self.result.as_str() {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based game number in the file.
    pub game: usize,
    pub reason: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.reason)
    }
}

impl std::error::Error for PgnError {}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A piece of movetext: a move, move number or result, or a `{...}`
/// comment.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Word(String),
    Comment(String),
}

/// Splits movetext into tokens, dropping variations (and the comments in
/// them), `;` comments and NAGs.
fn movetext_tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut comment: Option<String> = None;
    let mut variation_depth = 0usize;
    let mut line_comment = false;
    let flush = |current: &mut String, tokens: &mut Vec<Token>| {
        if !current.is_empty() {
            tokens.push(Token::Word(std::mem::take(current)));
        }
    };
    for c in text.chars() {
        if line_comment {
            line_comment = c != '\n';
            continue;
        }
        if let Some(text) = comment.as_mut() {
            if c != '}' {
                text.push(c);
            } else if let Some(text) = comment.take().filter(|_| variation_depth == 0) {
                tokens.push(Token::Comment(text.trim().to_string()));
            }
            continue;
        }
        match c {
            '{' => {
                flush(&mut current, &mut tokens);
                comment = Some(String::new());
            }
            ';' => {
                flush(&mut current, &mut tokens);
                line_comment = true;
            }
            '(' => {
                flush(&mut current, &mut tokens);
                variation_depth += 1;
            }
            ')' => {
                flush(&mut current, &mut tokens);
                variation_depth = variation_depth.saturating_sub(1);
            }
            _ if variation_depth > 0 => {}
            c if c.is_whitespace() => flush(&mut current, &mut tokens),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut tokens);
    tokens
        .into_iter()
        .filter_map(|token| match token {
            Token::Word(word) if word.starts_with('$') => None,
            Token::Word(word) => {
                // "12.e4" and "12...e5" carry their move number: keep the move.
                let without_number = word.trim_start_matches(|c: char| c.is_ascii_digit());
                let word = if without_number.len() < word.len() && without_number.starts_with('.') {
                    without_number.trim_start_matches('.').to_string()
                } else {
                    word
                };
                Some(Token::Word(word)).filter(|t| t != &Token::Word(String::new()))
            }
            comment => Some(comment),
        })
        .collect()
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

fn finish_game(number: usize, tags: Vec<(String, String)>, movetext: &str) -> Result<PgnGame, PgnError> {
    let fail = |reason: String| PgnError { game: number, reason };
    let start = match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Board::from_fen(fen).map_err(|e| fail(format!("FEN tag: {e}")))?,
        None => Board::startpos(),
    };
    let mut board = start.clone();
    let mut moves = Vec::new();
    let mut comments: Vec<Option<String>> = Vec::new();
    let mut result = "*".to_string();
    for token in movetext_tokens(movetext) {
        let word = match token {
            Token::Word(word) => word,
            // A comment before the first move belongs to no move.
            Token::Comment(text) => {
                if let Some(slot) = comments.last_mut().filter(|slot| slot.is_none()) {
                    *slot = Some(text);
                }
                continue;
            }
        };
        if RESULTS.contains(&word.as_str()) {
            result = word;
            break;
        }
        let mv = board.parse_san(&word).map_err(|e| fail(format!("move {}: {e}", moves.len() / 2 + 1)))?;
        board.play(mv);
        moves.push(mv);
        comments.push(None);
    }
    Ok(PgnGame { tags, start, moves, comments, result })
}

/// Reads every game of a PGN text.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let mut in_movetext = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && !in_movetext {
            if let Some(tag) = parse_tag(trimmed) {
                tags.push(tag);
                continue;
            }
        }
        if trimmed.starts_with('[') && in_movetext {
            // A new game begins without a result token before it.
            games.push(finish_game(games.len() + 1, std::mem::take(&mut tags), &movetext)?);
            movetext.clear();
            in_movetext = false;
            if let Some(tag) = parse_tag(trimmed) {
                tags.push(tag);
            }
            continue;
        }
        if trimmed.is_empty() && !in_movetext {
            continue;
        }
        in_movetext = true;
        movetext.push_str(line);
        movetext.push('\n');
        let ends_game = movetext_tokens(trimmed)
            .last()
            .is_some_and(|token| matches!(token, Token::Word(word) if RESULTS.contains(&word.as_str())));
        if ends_game {
            games.push(finish_game(games.len() + 1, std::mem::take(&mut tags), &movetext)?);
            movetext.clear();
            in_movetext = false;
        }
    }
    if in_movetext || !tags.is_empty() {
        games.push(finish_game(games.len() + 1, tags, &movetext)?);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_comments_variations_and_results() {
        let text = r#"[Event "Test"]
[White "A"]
[Black "B \"quoted\""]
[Result "1-0"]

1. e4 {best by test} e5 2. Nf3 (2. Bc4 {a side line} Nf6) Nc6 $1 3.Bb5 a6 ; a comment
4. Ba4 1-0

[Event "Second"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]

1. O-O Kd7 *
"#;
        let games = read_pgn(text).expect("valid");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Black"), Some("B \"quoted\""));
        let uci: Vec<String> = games[0].moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"]);
        assert_eq!(games[0].result, "1-0");
        let comments: Vec<Option<&str>> = games[0].comments.iter().map(Option::as_deref).collect();
        assert_eq!(comments, [Some("best by test"), None, None, None, None, None, None]);
        assert_eq!(games[1].moves.len(), 2);
        assert_eq!(games[1].moves[0].to_string(), "e1g1");
        assert_eq!(games[1].result, "*");
    }

    #[test]
    fn illegal_moves_and_bad_fens_name_the_game() {
        let bad_move = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n";
        let error = read_pgn(bad_move).expect_err("illegal");
        assert_eq!(error.game, 1);
        assert!(error.reason.contains("move 2"), "{error}");
        let bad_fen = "[Event \"x\"]\n[FEN \"8/8 w - - 0 1\"]\n\n1. e4 *\n";
        assert!(read_pgn(bad_fen).expect_err("bad fen").reason.contains("FEN"));
    }
}
