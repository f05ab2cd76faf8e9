//! Whom the engine plays, as one value: from the options as set (and
//! which of them the user set), what it is told of its opponent and its
//! own rating, `Stance::towards` decides once whether traps are set and
//! why, the contempt, the result curve the trap root counts on, and the
//! model that predicts the replies. The search reads the contempt, the
//! trap root the rest, and UCI says it in one line (`uci_line`).
//!
//! Against a weaker opponent a draw gives away expected score, so the
//! engine plays on (contempt). Against a stronger one it plays as told
//! nothing: a contempt below zero measured nothing but more repetitions.
//! Traps are set only against an opponent known to be fallible: a human,
//! or an engine rated well below this one. Told nothing, the engine plays
//! as plain minimax, node for node, unless `Traps` is `on`. The figures
//! that set the mapping are in docs/trappy-root.md ("Knowing the
//! opponent") and docs/results/rating-curve.md.

use super::odds_network::ODDS_NETWORK_GAP;
use super::replies::{OpponentModelChoice, ReplyModel};
use super::TrapMode;
use crate::opponent::{OpponentInfo, OpponentKind};
use crate::result_curve::ResultCurve;
use crate::tunables::{SetByUser, TunableSpec, Tunables};

/// Contempt per 100 Elo the engine is stronger than its opponent, and its
/// bound, as measured against Maia 1100 and 1300
/// (docs/results/opponent-knowledge.md).
const CONTEMPT_PER_100_ELO: i32 = 40;
const MOST_CONTEMPT: i32 = 400;

/// A computer opponent must be rated this much below the engine for traps:
/// an engine of about our strength searches about as deep and sees them.
const TRAPS_BELOW_OWN_ELO: i32 = 100;

/// How the result curve's even point and flatness follow the rating gap,
/// per 100 Elo, fitted once to the engine's results against human-like
/// opponents of several levels (docs/results/rating-curve.md).
const CENTRE_CP_PER_100_ELO: i32 = 119;
const SCALE_CP_PER_100_ELO: i32 = 35;
/// The engine's own curve: what two engines of equal strength score.
const OWN_CURVE_SCALE: i32 = 400;

/// The natural model's trust, in percent, unless the user sets
/// `TrapTrust`. It names the move a human-like opponent plays about one
/// time in three where a network of that opponent names it three times in
/// four, so its gains count half; at full trust against an opponent who
/// varies its moves its traps gained nothing over plain
/// (docs/results/engine-in-use.md, "The natural model's trust").
const NATURAL_MODEL_TRUST: i32 = 50;

/// The natural model's `TrapMix`, unless the user sets it: 100, the
/// opponent perfect beyond its first reply. Its second guess multiplies
/// the uncertainty of its first, and each costs a quiescence search of
/// every reply out of the allowance the alternatives need; looking beyond
/// with it scored no better than not looking against any Maia level
/// (docs/results/opponent-beyond-first-reply.md).
const NATURAL_MODEL_MIX: i32 = 100;

/// The trap root's score-to-result curve against an opponent rated `gap`
/// Elo below the engine: the even point moves down and the curve flattens
/// in proportion to the gap. At no gap it is the engine's own curve.
pub fn rated_result_curve(gap: i32) -> ResultCurve {
    let gap = gap.max(0);
    ResultCurve {
        centre: f64::from(-gap * CENTRE_CP_PER_100_ELO / 100),
        scale: f64::from(OWN_CURVE_SCALE + gap * SCALE_CP_PER_100_ELO / 100),
    }
}

/// Whether traps are set, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrapsVerdict {
    /// `Traps on`: whatever is known of the opponent.
    OnAsSet,
    OnAgainstHuman,
    /// `auto` against an engine rated this far below the engine.
    OnAgainstWeakerEngine(i32),
    OffAsSet,
    OffOpponentUnknown,
    /// `auto` against an engine not rated well below the engine.
    OffAgainstEngine,
}

impl TrapsVerdict {
    fn of(tunables: &Tunables, opponent: Option<&OpponentInfo>, own_elo: i32) -> TrapsVerdict {
        match (TrapMode::of(tunables), opponent) {
            (TrapMode::On, _) => TrapsVerdict::OnAsSet,
            (TrapMode::Off, _) => TrapsVerdict::OffAsSet,
            (TrapMode::Auto, None) => TrapsVerdict::OffOpponentUnknown,
            (TrapMode::Auto, Some(o)) if o.kind == OpponentKind::Human => TrapsVerdict::OnAgainstHuman,
            (TrapMode::Auto, Some(o)) => match o.elo.map(|elo| own_elo - elo) {
                Some(gap) if gap >= TRAPS_BELOW_OWN_ELO => TrapsVerdict::OnAgainstWeakerEngine(gap),
                _ => TrapsVerdict::OffAgainstEngine,
            },
        }
    }

    pub fn traps_on(self) -> bool {
        matches!(self, TrapsVerdict::OnAsSet | TrapsVerdict::OnAgainstHuman | TrapsVerdict::OnAgainstWeakerEngine(_))
    }

    fn in_words(self) -> String {
        match self {
            TrapsVerdict::OnAsSet => "on (Traps on)".to_string(),
            TrapsVerdict::OnAgainstHuman => "on (a human opponent)".to_string(),
            TrapsVerdict::OnAgainstWeakerEngine(gap) => format!("on (an engine rated {gap} below)"),
            TrapsVerdict::OffAsSet => "off (Traps off)".to_string(),
            TrapsVerdict::OffOpponentUnknown => "off (opponent unknown: set UCI_Opponent)".to_string(),
            TrapsVerdict::OffAgainstEngine => {
                format!("off (an engine not rated {TRAPS_BELOW_OWN_ELO} or more below)")
            }
        }
    }
}

/// Where the result curve came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CurveSource {
    /// The engine's own: no weaker rated opponent.
    Own,
    /// Derived from the rating gap (a part the user set stands).
    RatingGap(i32),
    /// Both parts as the user set them.
    User,
}

/// What the engine does for whom it plays.
#[derive(Clone)]
pub struct Stance {
    pub traps: TrapsVerdict,
    /// The contempt the search plays with: the user's plus the rating gap's.
    pub contempt: i32,
    pub curve: ResultCurve,
    pub curve_source: CurveSource,
    /// The trust in the model's probabilities, in percent.
    pub trust: i32,
    /// Beyond the opponent's first reply, the weight of its minimax value
    /// against the model's expectation, in percent (`TrapMix`).
    pub mix: i32,
    /// What predicts the replies, and that in words.
    pub model: ReplyModel,
    pub model_in_words: String,
    /// Whether the odds network may evaluate (a piece or more behind):
    /// `OddsNetwork` auto, traps on against a human rated well below.
    pub odds_network: bool,
}

impl Stance {
    /// The stance towards `opponent` (`None`: nothing known) of an engine
    /// rated `own_elo` playing `tunables`, of which `set_by_user` were set
    /// by the user (they stand against what the rating would derive), with
    /// the `OpponentModel` choice `models`.
    pub fn towards(
        opponent: Option<&OpponentInfo>,
        own_elo: i32,
        tunables: &Tunables,
        set_by_user: &SetByUser,
        models: &OpponentModelChoice,
    ) -> Stance {
        let elo = opponent.and_then(|o| o.elo);
        let gap = elo.map(|elo| own_elo - elo).filter(|&gap| gap > 0);
        let own = ResultCurve::of_centipawns(tunables.trap_result_centre, tunables.trap_result_scale);
        let (centre_set, scale_set) =
            (set_by_user.contains("TrapResultCentre"), set_by_user.contains("TrapResultScale"));
        let (curve, curve_source) = match gap {
            _ if centre_set && scale_set => (own, CurveSource::User),
            None => (own, CurveSource::Own),
            Some(gap) => {
                let rated = rated_result_curve(gap);
                let curve = ResultCurve {
                    centre: if centre_set { own.centre } else { rated.centre },
                    scale: if scale_set { own.scale } else { rated.scale },
                };
                (curve, CurveSource::RatingGap(gap))
            }
        };
        // An explicit Contempt stays the user's; the opponent adds to it.
        let gap_contempt = gap.map_or(0, |gap| (gap * CONTEMPT_PER_100_ELO / 100).min(MOST_CONTEMPT));
        let with_gap = tunables.contempt.saturating_add(gap_contempt);
        let contempt = TunableSpec::named("Contempt").map_or(with_gap, |spec| spec.clamp(with_gap));
        let traps = TrapsVerdict::of(tunables, opponent, own_elo);
        // A network is read the first time traps need it: with traps off
        // the model is neither asked nor told.
        let (model, model_in_words) = if traps.traps_on() {
            (models.model_for(elo, tunables), models.describe(elo))
        } else {
            (ReplyModel::Natural { temperature: tunables.trap_temperature }, String::new())
        };
        // The natural model has defaults of its own; what the user set stands.
        let natural = matches!(model, ReplyModel::Natural { .. });
        let for_the_model = |name: &str, natural_default: i32, set: i32| {
            if natural && !set_by_user.contains(name) {
                natural_default
            } else {
                set
            }
        };
        let trust = for_the_model("TrapTrust", NATURAL_MODEL_TRUST, tunables.trap_trust);
        let mix = for_the_model("TrapMix", NATURAL_MODEL_MIX, tunables.trap_mix);
        let odds_network = tunables.odds_network == 0
            && traps.traps_on()
            && opponent.is_some_and(|o| o.kind == OpponentKind::Human)
            && gap.is_some_and(|gap| gap >= ODDS_NETWORK_GAP);
        Stance { traps, contempt, curve, curve_source, trust, mix, model, model_in_words, odds_network }
    }

    /// The stance in one `info string` line, as a GUI or a bot's log shows
    /// it at the first `go` of a game and whenever it changes.
    pub fn uci_line(&self) -> String {
        let mut line = format!("info string trappy traps {}, contempt {}", self.traps.in_words(), self.contempt);
        if self.traps.traps_on() {
            let source = match self.curve_source {
                CurveSource::Own => "the engine's own".to_string(),
                CurveSource::RatingGap(gap) => format!("from the rating gap {gap}"),
                CurveSource::User => "as set".to_string(),
            };
            line.push_str(&format!(
                ", result curve centre {} scale {} ({source}), model {}, trust {} %, mix {} %",
                self.curve.centre, self.curve.scale, self.model_in_words, self.trust, self.mix
            ));
        }
        if self.odds_network {
            line.push_str(", odds network a piece or more behind");
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trappy::TrapConfig;

    fn human(elo: Option<i32>) -> OpponentInfo {
        OpponentInfo { title: None, elo, kind: OpponentKind::Human, name: "x".into() }
    }

    fn towards(opponent: Option<&OpponentInfo>, own_elo: i32, tunables: &Tunables, set: &SetByUser) -> Stance {
        Stance::towards(opponent, own_elo, tunables, set, &OpponentModelChoice::Natural)
    }

    #[test]
    fn contempt_follows_the_rating_gap() {
        let base = Tunables::default();
        let none = SetByUser::default();
        let at = |elo: Option<i32>| towards(Some(&human(elo)), 2000, &base, &none).contempt;
        assert_eq!(at(None), base.contempt);
        assert_eq!(at(Some(2000)), 0);
        assert!(at(Some(1600)) > 0 && at(Some(1600)) < at(Some(1000)));
        assert_eq!(at(Some(2400)), base.contempt, "a stronger opponent changes nothing");
        assert_eq!(at(Some(100)), MOST_CONTEMPT);
        let with_own = Tunables { contempt: 20, ..base.clone() };
        assert_eq!(towards(Some(&human(Some(1600))), 2000, &with_own, &none).contempt, 20 + at(Some(1600)));
    }

    #[test]
    fn the_result_curve_follows_the_rating_gap_unless_the_user_set_it() {
        let base = Tunables::default();
        let own = ResultCurve::of_centipawns(base.trap_result_centre, base.trap_result_scale);
        let curve = |elo: Option<i32>, set: &SetByUser, tunables: &Tunables| {
            towards(Some(&human(elo)), 2400, tunables, set).curve
        };
        let none = SetByUser::default();
        assert_eq!(curve(None, &none, &base), own, "rated nothing: the engine's own");
        assert_eq!(curve(Some(2600), &none, &base), own, "a stronger opponent: the engine's own");
        assert_eq!(rated_result_curve(0), own);
        let (near, far) = (curve(Some(1500), &none, &base), curve(Some(1100), &none, &base));
        assert!(
            far.centre < near.centre && near.centre < -900.0,
            "{near:?} {far:?}: further down against a weaker one"
        );
        assert!(far.scale > near.scale && near.scale > 600.0, "{near:?} {far:?}: flatter against a weaker one");
        let set = Tunables { trap_result_centre: -500, trap_result_scale: 400, ..base.clone() };
        let mut centre_only = SetByUser::default();
        centre_only.record("trapresultcentre");
        assert_eq!(curve(Some(1100), &centre_only, &set), ResultCurve { centre: -500.0, scale: far.scale });
        let mut both = centre_only.clone();
        both.record("TrapResultScale");
        assert_eq!(curve(Some(1100), &both, &set), ResultCurve { centre: -500.0, scale: 400.0 });
        // A value equal to the default, set by name, is the user's too.
        let mut default_scale = SetByUser::default();
        default_scale.record("TrapResultScale");
        assert_eq!(curve(Some(1100), &default_scale, &base).scale, f64::from(base.trap_result_scale));
    }

    #[test]
    fn traps_only_for_an_opponent_known_to_be_fallible() {
        let base = Tunables::default();
        let none = SetByUser::default();
        let verdict = |kind, elo: Option<i32>, tunables: &Tunables| {
            let opponent = OpponentInfo { title: None, elo, kind, name: "x".into() };
            towards(Some(&opponent), 2000, tunables, &none).traps
        };
        assert_eq!(towards(None, 2000, &base, &none).traps, TrapsVerdict::OffOpponentUnknown);
        let on = Tunables { trap_mode: TrapMode::On.tunable_value(), ..base.clone() };
        assert_eq!(towards(None, 2000, &on, &none).traps, TrapsVerdict::OnAsSet);
        assert_eq!(verdict(OpponentKind::Human, None, &base), TrapsVerdict::OnAgainstHuman);
        assert_eq!(verdict(OpponentKind::Human, Some(2700), &base), TrapsVerdict::OnAgainstHuman);
        assert_eq!(verdict(OpponentKind::Computer, Some(1500), &base), TrapsVerdict::OnAgainstWeakerEngine(500));
        assert_eq!(verdict(OpponentKind::Computer, Some(1950), &base), TrapsVerdict::OffAgainstEngine);
        assert_eq!(verdict(OpponentKind::Computer, None, &base), TrapsVerdict::OffAgainstEngine);
        let off = Tunables { trap_mode: TrapMode::Off.tunable_value(), ..base.clone() };
        assert_eq!(verdict(OpponentKind::Human, Some(1200), &off), TrapsVerdict::OffAsSet);
    }

    #[test]
    fn the_line_says_whether_traps_are_set_and_why() {
        let none = SetByUser::default();
        let untold = towards(None, 2400, &Tunables::default(), &none).uci_line();
        assert!(untold.contains("traps off (opponent unknown") && !untold.contains("curve"), "{untold}");
        let told = towards(Some(&human(Some(1500))), 2400, &Tunables::default(), &none).uci_line();
        let curve = rated_result_curve(900);
        for part in ["traps on (a human", "contempt 360", &format!("centre {}", curve.centre), "rating gap 900"] {
            assert!(told.contains(part), "{told} lacks {part}");
        }
        assert!(told.contains("model natural") && told.contains("trust 50 %"), "{told}");
    }

    #[test]
    fn the_natural_model_counts_at_half_trust_unless_the_user_sets_it() {
        let (base, none) = (Tunables::default(), SetByUser::default());
        let opponent = human(Some(1500));
        let trust = |tunables: &Tunables, set: &SetByUser, models: &OpponentModelChoice| {
            let stance = Stance::towards(Some(&opponent), 2400, tunables, set, models);
            (stance.trust, TrapConfig::for_stance(tunables, &stance).trust)
        };
        assert_eq!(trust(&base, &none, &OpponentModelChoice::Natural), (NATURAL_MODEL_TRUST, 0.5));
        assert_eq!(trust(&base, &none, &OpponentModelChoice::Search), (base.trap_trust, 1.0));
        let mut set = SetByUser::default();
        set.record("TrapTrust");
        assert_eq!(trust(&base, &set, &OpponentModelChoice::Natural), (100, 1.0), "the user's, even at the default");
        let eighty = Tunables { trap_trust: 80, ..base.clone() };
        assert_eq!(trust(&eighty, &set, &OpponentModelChoice::Natural), (80, 0.8));
    }

    #[test]
    fn the_natural_model_looks_at_nothing_beyond_the_first_reply_unless_the_user_sets_it() {
        let (base, none) = (Tunables::default(), SetByUser::default());
        let opponent = human(Some(1500));
        let mix = |tunables: &Tunables, set: &SetByUser, models: &OpponentModelChoice| {
            let stance = Stance::towards(Some(&opponent), 2400, tunables, set, models);
            (stance.mix, TrapConfig::for_stance(tunables, &stance).mix)
        };
        assert_eq!(mix(&base, &none, &OpponentModelChoice::Natural), (100, 1.0));
        assert_eq!(mix(&base, &none, &OpponentModelChoice::Search), (base.trap_mix, 0.5));
        let mut set = SetByUser::default();
        set.record("TrapMix");
        let thirty = Tunables { trap_mix: 30, ..base.clone() };
        assert_eq!(mix(&thirty, &set, &OpponentModelChoice::Natural), (30, 0.3), "the user's");
        let told = towards(Some(&human(Some(1500))), 2400, &base, &none).uci_line();
        assert!(told.contains("trust 50 %, mix 100 %"), "{told}");
    }
}
