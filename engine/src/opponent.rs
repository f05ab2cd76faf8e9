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
//! as plain minimax, node for node, unless `Traps` is `on`. The mapping and the figures that set it are in
//! docs/trappy-root.md ("Knowing the opponent").

use crate::trappy::TrapMode;
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
/// (Stockfish's, set at 60s+0.6s), from its games against Stockfish held
/// to 2500 (docs/strength.md has the figures).
pub const FULL_STRENGTH_ELO: i32 = 2400;

/// Contempt per 100 Elo the engine is stronger than its opponent, and its
/// bound, as measured against Maia 1100 and 1300
/// (docs/results/opponent-knowledge.md).
const CONTEMPT_PER_100_ELO: i32 = 40;
const MOST_CONTEMPT: i32 = 400;

/// A computer opponent must be rated this much below the engine for traps:
/// an engine of about our strength searches about as deep and sees them.
const TRAPS_BELOW_OWN_ELO: i32 = 100;

/// The trap root's score-to-result curve against an opponent rated `gap`
/// Elo below the engine: where the game is even, in centipawns of the
/// engine's evaluation, and how flat the curve is: the even point moves
/// down and the curve flattens in proportion to the gap. The two rates
/// were fitted once to the engine's results against human-like opponents
/// of several levels (docs/results/rating-curve.md has the data and the
/// fit). At no gap it is the engine's own curve.
pub fn rated_result_curve(gap: i32) -> (i32, i32) {
    let gap = gap.max(0);
    (-gap * CENTRE_CP_PER_100_ELO / 100, OWN_CURVE_SCALE + gap * SCALE_CP_PER_100_ELO / 100)
}

const CENTRE_CP_PER_100_ELO: i32 = 119;
const SCALE_CP_PER_100_ELO: i32 = 35;
/// The engine's own curve: what two engines of equal strength score.
const OWN_CURVE_SCALE: i32 = 400;

/// Which parts of the trap root's result curve the user set
/// (`TrapResultCentre`, `TrapResultScale`): those stand; the rest comes
/// from the opponent's rating.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct UserCurve {
    pub centre: bool,
    pub scale: bool,
}

/// Whether the engine sets traps for `opponent`: as `Traps` says, and
/// with `auto` only against an opponent known to be fallible.
pub fn sets_traps(tunables: &Tunables, opponent: Option<&OpponentInfo>, own_elo: i32) -> bool {
    match (TrapMode::of(tunables), opponent) {
        (TrapMode::On, _) => true,
        (TrapMode::Off, _) | (TrapMode::Auto, None) => false,
        (TrapMode::Auto, Some(o)) => {
            o.kind == OpponentKind::Human || o.elo.is_some_and(|elo| elo <= own_elo - TRAPS_BELOW_OWN_ELO)
        }
    }
}

/// `tunables` adapted to `opponent` when the engine rates itself `own_elo`:
/// `Traps` resolved to on or off (`sets_traps`); when the
/// opponent is rated below the engine, contempt from the rating gap and
/// the trap root's result curve from it too (but what `user_curve` says
/// the user set).
/// Against a stronger opponent nothing changes: a negative contempt there
/// drew more by repetition and gained nothing
/// (docs/results/opponent-knowledge.md).
pub fn adapted(tunables: &Tunables, opponent: Option<&OpponentInfo>, own_elo: i32, user_curve: UserCurve) -> Tunables {
    let mut adapted = tunables.clone();
    let mode = if sets_traps(tunables, opponent, own_elo) { TrapMode::On } else { TrapMode::Off };
    adapted.trap_mode = mode.tunable_value();
    let Some(elo) = opponent.and_then(|o| o.elo) else { return adapted };
    let gap = own_elo - elo;
    if gap <= 0 {
        return adapted;
    }
    let contempt = (gap * CONTEMPT_PER_100_ELO / 100).min(MOST_CONTEMPT);
    // An explicit Contempt stays the user's; the opponent adds to it.
    adapted.contempt = tunables.contempt + contempt;
    let (centre, scale) = rated_result_curve(gap);
    if !user_curve.centre {
        adapted.trap_result_centre = centre;
    }
    if !user_curve.scale {
        adapted.trap_result_scale = scale;
    }
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
            adapted(&base, Some(&opponent), 2000, UserCurve::default()).contempt
        };
        assert_eq!(at(None), base.contempt);
        assert_eq!(at(Some(2000)), 0);
        assert!(at(Some(1600)) > 0 && at(Some(1600)) < at(Some(1000)));
        assert_eq!(at(Some(2400)), base.contempt, "a stronger opponent changes nothing");
        assert_eq!(at(Some(100)), MOST_CONTEMPT);
        // A stronger engine: exactly what plain told nothing plays.
        let strong = OpponentInfo { title: None, elo: Some(2800), kind: OpponentKind::Computer, name: "x".into() };
        assert_eq!(
            adapted(&base, Some(&strong), 2100, UserCurve::default()),
            adapted(&base, None, 2100, UserCurve::default())
        );
    }

    #[test]
    fn the_result_curve_follows_the_rating_gap_unless_the_user_set_it() {
        let base = Tunables::default();
        let curve = |elo: Option<i32>, user: UserCurve, tunables: &Tunables| {
            let opponent = OpponentInfo { title: None, elo, kind: OpponentKind::Human, name: "x".into() };
            let playing = adapted(tunables, Some(&opponent), 2400, user);
            (playing.trap_result_centre, playing.trap_result_scale)
        };
        let own = (base.trap_result_centre, base.trap_result_scale);
        assert_eq!(curve(None, UserCurve::default(), &base), own, "rated nothing: the engine's own");
        assert_eq!(curve(Some(2600), UserCurve::default(), &base), own, "a stronger opponent: the engine's own");
        assert_eq!(rated_result_curve(0), own);
        let (near, far) =
            (curve(Some(1500), UserCurve::default(), &base), curve(Some(1100), UserCurve::default(), &base));
        assert!(far.0 < near.0 && near.0 < -900, "{near:?} {far:?}: even further down against a weaker one");
        assert!(far.1 > near.1 && near.1 > 600, "{near:?} {far:?}: flatter against a weaker one");
        let set = Tunables { trap_result_centre: -500, trap_result_scale: 400, ..base.clone() };
        let centre_only = UserCurve { centre: true, scale: false };
        assert_eq!(curve(Some(1100), centre_only, &set), (-500, far.1), "the user's centre stands");
        let both = UserCurve { centre: true, scale: true };
        assert_eq!(curve(Some(1100), both, &set), (-500, 400), "the user's whole curve stands");
    }

    #[test]
    fn traps_only_for_an_opponent_known_to_be_fallible() {
        let base = Tunables::default();
        let mode = |kind, elo: Option<i32>, tunables: &Tunables| {
            let opponent = OpponentInfo { title: None, elo, kind, name: "x".into() };
            TrapMode::of(&adapted(tunables, Some(&opponent), 2000, UserCurve::default()))
        };
        // Told nothing: plain, unless asked otherwise.
        assert_eq!(TrapMode::of(&adapted(&base, None, 2000, UserCurve::default())), TrapMode::Off);
        let on = Tunables { trap_mode: TrapMode::On.tunable_value(), ..base.clone() };
        assert_eq!(adapted(&on, None, 2000, UserCurve::default()), on);
        assert_eq!(mode(OpponentKind::Human, None, &base), TrapMode::On);
        assert_eq!(mode(OpponentKind::Human, Some(2700), &base), TrapMode::On);
        assert_eq!(mode(OpponentKind::Computer, Some(1500), &base), TrapMode::On);
        assert_eq!(mode(OpponentKind::Computer, Some(1950), &base), TrapMode::Off);
        assert_eq!(mode(OpponentKind::Computer, None, &base), TrapMode::Off);
        // Off is off whoever the opponent; the trust stays the user's.
        let off = Tunables { trap_mode: TrapMode::Off.tunable_value(), ..base.clone() };
        assert_eq!(mode(OpponentKind::Human, Some(1200), &off), TrapMode::Off);
        let tamed = Tunables { trap_trust: 30, ..base.clone() };
        let opponent = OpponentInfo { title: None, elo: Some(1200), kind: OpponentKind::Human, name: "x".into() };
        assert_eq!(adapted(&tamed, Some(&opponent), 2000, UserCurve::default()).trap_trust, 30);
    }
}
