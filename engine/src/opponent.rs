//! Whom the engine plays: the opponent as `UCI_Opponent` describes it
//! (`[title] [elo|none] [computer|human] name`, as lichess-bot and Arena
//! send it, or the plain options `OpponentElo` and `OpponentHuman`). What
//! the engine changes for it is decided in one place,
//! `crate::trappy::stance`.

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpponentKind {
    Human,
    Computer,
}

/// What the engine is told of its opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpponentInfo {
    /// `GM`, `IM`, ... as sent; `None` for `none`.
    pub title: Option<String>,
    pub elo: Option<i32>,
    pub kind: OpponentKind,
    pub name: String,
}

/// Ratings the engine accepts for an opponent.
pub const OPPONENT_ELO_RANGE: std::ops::RangeInclusive<i32> = 100..=4000;

impl OpponentInfo {
    /// Reads a `UCI_Opponent` value: `GM 2800 human Magnus Carlsen`,
    /// `none none computer Stockfish 15`.
    pub fn parse(value: &str) -> Result<OpponentInfo, String> {
        let tokens: Vec<&str> = value.split_whitespace().collect();
        let [title, elo, kind, name @ ..] = tokens.as_slice() else {
            return Err(format!("UCI_Opponent needs '[title] [elo|none] [computer|human] name', not '{value}'"));
        };
        let title = (!title.eq_ignore_ascii_case("none")).then(|| title.to_string());
        let elo = match *elo {
            none if none.eq_ignore_ascii_case("none") => None,
            number => match number.parse::<i32>() {
                Ok(elo) if OPPONENT_ELO_RANGE.contains(&elo) => Some(elo),
                _ => {
                    return Err(format!(
                        "UCI_Opponent: the rating must be none or {} to {}, not '{number}'",
                        OPPONENT_ELO_RANGE.start(),
                        OPPONENT_ELO_RANGE.end()
                    ))
                }
            },
        };
        let kind = match kind.to_ascii_lowercase().as_str() {
            "human" => OpponentKind::Human,
            "computer" => OpponentKind::Computer,
            other => return Err(format!("UCI_Opponent: the kind must be computer or human, not '{other}'")),
        };
        Ok(OpponentInfo { title, elo, kind, name: name.join(" ") })
    }

    /// The `UCI_Opponent` value that describes this opponent.
    pub fn uci_value(&self) -> String {
        let kind = match self.kind {
            OpponentKind::Human => "human",
            OpponentKind::Computer => "computer",
        };
        let elo = self.elo.map_or("none".to_string(), |elo| elo.to_string());
        let name = if self.name.is_empty() { "unknown" } else { &self.name };
        format!("{} {elo} {kind} {name}", self.title.as_deref().unwrap_or("none"))
    }
}

/// The engine's rating at full strength on the scale `UCI_Elo` uses
/// (Stockfish's, set at 60s+0.6s), from its games against Stockfish held
/// to 2500 (docs/strength.md has the figures).
pub const FULL_STRENGTH_ELO: i32 = 2400;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_opponent_reads_as_lichess_bot_sends_it() {
        let gm = OpponentInfo::parse("GM 2800 human Magnus Carlsen").expect("valid");
        assert_eq!(gm.title.as_deref(), Some("GM"));
        assert_eq!((gm.elo, gm.kind, gm.name.as_str()), (Some(2800), OpponentKind::Human, "Magnus Carlsen"));
        assert_eq!(OpponentInfo::parse(&gm.uci_value()), Ok(gm));
        let bot = OpponentInfo::parse("none none computer Stockfish 15").expect("valid");
        assert_eq!((bot.title.clone(), bot.elo, bot.kind), (None, None, OpponentKind::Computer));
        assert_eq!(bot.uci_value(), "none none computer Stockfish 15");
        for bad in ["", "GM 2800", "none 99999 human x", "none 1500 alien x", "none fast human x"] {
            assert!(OpponentInfo::parse(bad).is_err(), "{bad}");
        }
    }
}
