//! Whom the engine plays: the opponent as `UCI_Opponent` describes it
//! (`[title] [elo|none] [computer|human] name`, as lichess-bot and Arena
//! send it, or the plain options `OpponentElo` and `OpponentHuman`), and
//! what the engine changes for it.
//!
//! Against a weaker opponent a draw gives away expected score, so the
//! engine plays on (contempt). Against a stronger one it plays as told
//! nothing: a contempt below zero measured nothing but more repetitions.
//! Traps are set only against an opponent known to be fallible: a human,
//! or an engine rated well below this one. Told nothing, the engine plays
//! as plain minimax, node for node, unless `TrapUnknownOpponent` says
//! otherwise. The mapping and the figures that set it are in
//! docs/trappy-root.md ("Knowing the opponent").

use crate::tunables::Tunables;

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
/// (Stockfish's, set at 60s+0.6s): at that clock it scored 35.5 % over 100
/// games against Stockfish held to 2500, about 100 Elo below
/// (docs/strength.md).
pub const FULL_STRENGTH_ELO: i32 = 2400;

/// Contempt per 100 Elo the engine is stronger than its opponent, and its
/// bound: against Maia 1100 and 1300 a contempt of 400 gained about 20 Elo
/// where 150 did not (docs/results/opponent-knowledge.md).
const CONTEMPT_PER_100_ELO: i32 = 40;
const MOST_CONTEMPT: i32 = 400;

/// A computer opponent must be rated this much below the engine for traps:
/// an engine of about our strength searches about as deep and sees them.
const TRAPS_BELOW_OWN_ELO: i32 = 100;

/// Whether the engine sets traps for `opponent`.
pub fn sets_traps(tunables: &Tunables, opponent: Option<&OpponentInfo>, own_elo: i32) -> bool {
    match opponent {
        None => tunables.trap_unknown_opponent != 0,
        Some(o) => o.kind == OpponentKind::Human || o.elo.is_some_and(|elo| elo <= own_elo - TRAPS_BELOW_OWN_ELO),
    }
}

/// `tunables` adapted to `opponent` when the engine rates itself `own_elo`:
/// traps off unless the opponent is known to be fallible, and contempt
/// from the rating gap when the opponent is rated below the engine.
/// Against a stronger opponent nothing changes: told it was playing Toga
/// II 3.0 as a 2800, a contempt of -50 more than doubled the draws by
/// repetition and measured -14.7 Elo (95 % -71.6 to +42.0) against plain
/// (docs/results/opponent-knowledge.md).
pub fn adapted(tunables: &Tunables, opponent: Option<&OpponentInfo>, own_elo: i32) -> Tunables {
    let mut adapted = tunables.clone();
    if !sets_traps(tunables, opponent, own_elo) {
        adapted.trap_scale = 0;
    }
    let Some(elo) = opponent.and_then(|o| o.elo) else { return adapted };
    let gap = own_elo - elo;
    if gap <= 0 {
        return adapted;
    }
    let contempt = (gap * CONTEMPT_PER_100_ELO / 100).min(MOST_CONTEMPT);
    // An explicit Contempt stays the user's; the opponent adds to it.
    adapted.contempt = tunables.contempt + contempt;
    adapted.clamp_to_ranges();
    adapted
}

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

    #[test]
    fn contempt_follows_the_rating_gap() {
        let base = Tunables::default();
        let at = |elo: Option<i32>| {
            let opponent = OpponentInfo { title: None, elo, kind: OpponentKind::Human, name: "x".into() };
            adapted(&base, Some(&opponent), 2000).contempt
        };
        assert_eq!(at(None), base.contempt);
        assert_eq!(at(Some(2000)), 0);
        assert!(at(Some(1600)) > 0 && at(Some(1600)) < at(Some(1000)));
        assert_eq!(at(Some(2400)), base.contempt, "a stronger opponent changes nothing");
        assert_eq!(at(Some(100)), MOST_CONTEMPT);
        // A stronger engine: exactly what plain told nothing plays.
        let strong = OpponentInfo { title: None, elo: Some(2800), kind: OpponentKind::Computer, name: "x".into() };
        assert_eq!(adapted(&base, Some(&strong), 2100), adapted(&base, None, 2100));
    }

    #[test]
    fn traps_only_for_an_opponent_known_to_be_fallible() {
        let base = Tunables::default();
        let scale = |kind, elo: Option<i32>, tunables: &Tunables| {
            let opponent = OpponentInfo { title: None, elo, kind, name: "x".into() };
            adapted(tunables, Some(&opponent), 2000).trap_scale
        };
        // Told nothing: plain, unless asked otherwise.
        assert_eq!(adapted(&base, None, 2000).trap_scale, 0);
        let always = Tunables { trap_unknown_opponent: 1, ..base.clone() };
        assert_eq!(adapted(&always, None, 2000), always);
        assert_eq!(scale(OpponentKind::Human, None, &base), base.trap_scale);
        assert_eq!(scale(OpponentKind::Human, Some(2700), &base), base.trap_scale);
        assert_eq!(scale(OpponentKind::Computer, Some(1500), &base), base.trap_scale);
        assert_eq!(scale(OpponentKind::Computer, Some(1950), &base), 0);
        assert_eq!(scale(OpponentKind::Computer, None, &base), 0);
        // An explicit TrapScale is the user's: the opponent only turns it off.
        let tamed = Tunables { trap_scale: 30, ..base.clone() };
        assert_eq!(scale(OpponentKind::Human, Some(1200), &tamed), 30);
    }
}
