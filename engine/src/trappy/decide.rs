//! The final choice: the plain move's expected value against the model
//! opponent, then a few alternatives verified against it.
//!
//! Every number compared comes from the same kind of search: the main
//! search's exact score for the plain move, and for the rest bounded
//! searches that share the main table and cut off as the main search
//! does. An alternative `m` with predicted reply `r` (probability `p`)
//! has the expected value `raw(m) + bonus`, with
//! `bonus = TrapScale% x p x min(v(m, r) - raw(m), cap)`. That grows with
//! `raw(m)`, so one null-window search of `m` at the smallest `raw` that
//! would beat the plain move settles the question, without ever needing
//! `raw(m)` exactly. The plain move wins ties and needs to be beaten by
//! more than `TrapSwitchMargin`.

use super::config::{TrapConfig, TrapMethod, MAX_INSURED_CONTINUATIONS};
use super::history::{RootHistory, MAX_TRACKED_DEPTH};
use super::model::{may_be_trap, predict, Prediction, SHALLOWEST_VIEW};
use super::opponent::OpponentModel;
use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::score::MATE_BOUND;
use crate::search::tt::Bound;
use movegen::Move;

/// A predicted reply that was verified to lose for the opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapFinding {
    pub root: Move,
    pub reply: Move,
    /// The model's probability, 0..=1000.
    pub probability: i32,
    /// How much worse the reply is for the opponent than the plain
    /// move's value (centipawns, up to the cap).
    pub profit: i32,
    pub bonus: i32,
}

/// What the trappy root decided in one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapChoice {
    pub chosen: Move,
    pub plain: Move,
    /// The reply the model predicts after the chosen move.
    pub predicted_reply: Option<Move>,
    /// Replies to the chosen move verified as traps.
    pub trap_replies: Vec<Move>,
    /// Every verified trap, the plain move's included.
    pub findings: Vec<TrapFinding>,
    /// The root moves after which the searched opponent model searched,
    /// in order (empty for the other methods).
    pub modelled_roots: Vec<Move>,
}

/// An aborted verification leaves the plain move.
struct Aborted;

pub fn choose(
    probe: &mut RootProbe<'_>,
    summary: &IterationSummary<'_>,
    histories: &[RootHistory],
    config: &TrapConfig,
    opponent: Option<&mut OpponentModel>,
) -> TrapChoice {
    let plain = summary.root_order[0];
    let depth = summary.depth as usize;
    let from_iterations = |mv: Move| histories.iter().find(|h| h.mv == mv).and_then(|h| predict(h, depth, config));
    let mut choice = TrapChoice {
        chosen: plain,
        plain,
        predicted_reply: from_iterations(plain).map(|p| p.reply),
        trap_replies: vec![],
        findings: vec![],
        modelled_roots: vec![],
    };
    // A mate in hand needs no help, and a forced loss cannot be saved.
    // Beyond the tracked depths (an endgame with little left to search)
    // there is no data, and the plain move stands.
    if depth <= SHALLOWEST_VIEW || depth >= MAX_TRACKED_DEPTH || summary.score.abs() >= MATE_BOUND {
        return choice;
    }
    let mut verifier = Verifier { probe, summary, histories, config, opponent, searched: vec![], findings: vec![] };
    let winner = verifier.run();
    let Verifier { searched, findings, .. } = verifier;
    let prediction_for = |mv: Move| match searched.iter().find(|(root, _)| *root == mv) {
        Some(&(_, reply)) => Some(reply),
        None => from_iterations(mv).map(|p| p.reply),
    };
    choice.predicted_reply = prediction_for(plain);
    choice.modelled_roots = searched.iter().map(|&(root, _)| root).collect();
    match winner {
        Ok(Some(winner)) => {
            choice.chosen = winner.mv;
            choice.predicted_reply = prediction_for(winner.mv);
            choice.trap_replies = winner.trap_replies;
        }
        _ => choice.trap_replies = findings.iter().filter(|f| f.root == plain).map(|f| f.reply).collect(),
    }
    choice.findings = findings;
    choice
}

/// An alternative that beats the plain move.
struct Alternative {
    mv: Move,
    /// Its expected value at the smallest raw value that beats the plain
    /// move.
    value: i32,
    /// Its predicted reply, when that reply is a trap that counts.
    trap_replies: Vec<Move>,
}

/// One decision's searches: the plain move's expected value, then the
/// alternatives in the search's order until the candidates are used up.
/// What it learns on the way (the searched model's replies, every
/// verified trap) stays in it for the choice to report.
struct Verifier<'v, 'probe> {
    probe: &'v mut RootProbe<'probe>,
    summary: &'v IterationSummary<'v>,
    histories: &'v [RootHistory],
    config: &'v TrapConfig,
    opponent: Option<&'v mut OpponentModel>,
    /// The searched model's replies by root move, in the order met.
    searched: Vec<(Move, Move)>,
    /// Every verified trap, the plain move's included.
    findings: Vec<TrapFinding>,
}

impl<'v> Verifier<'v, '_> {
    fn plain(&self) -> Move {
        self.summary.root_order[0]
    }

    fn depth(&self) -> usize {
        self.summary.depth as usize
    }

    /// The plain move's exact score.
    fn best(&self) -> i32 {
        self.summary.score
    }

    fn history_of(&self, mv: Move) -> Option<&'v RootHistory> {
        self.histories.iter().find(|h| h.mv == mv)
    }

    /// The opponent's best reply to `mv` as the main search found it.
    fn refutation(&self, mv: Move) -> Option<Move> {
        if mv == self.plain() {
            self.summary.pv.get(1).copied()
        } else {
            self.history_of(mv).and_then(|h| h.preferred[self.depth()])
        }
    }

    /// The best alternative, if one beats the plain move.
    fn run(&mut self) -> Result<Option<Alternative>, Aborted> {
        let target = self.plain_value()? + self.config.switch_margin + 1;
        self.best_alternative(target)
    }

    /// The model's predicted reply to `mv` when it may be a trap (for the
    /// plain move, a reply other than the main line's own).
    fn trap_prediction(&mut self, mv: Move) -> Result<Option<Prediction>, Aborted> {
        let Some(history) = self.history_of(mv).filter(|_| self.config.scale > 0) else { return Ok(None) };
        let depth = self.depth();
        let Some(prediction) = model_reply(self.probe, &mut self.opponent, history, depth, self.config)? else {
            return Ok(None);
        };
        if self.config.method == TrapMethod::Search {
            self.searched.push((mv, prediction.reply));
        }
        let differs = mv != self.plain() || self.summary.pv.get(1) != Some(&prediction.reply);
        Ok((differs && may_be_trap(history, &prediction, depth)).then_some(prediction))
    }

    /// The plain move's expected value: its score, plus its own trap and
    /// the Muller bonuses.
    fn plain_value(&mut self) -> Result<i32, Aborted> {
        let (plain, depth, best) = (self.plain(), self.depth(), self.best());
        let mut value = best + self.history_of(plain).map_or(0, |h| delay_bonus(h, depth, best, self.config));
        if let Some(prediction) = self.trap_prediction(plain)? {
            let cap = self.config.bonus_cap;
            let reply_value = search(self.probe, &[plain, prediction.reply], depth - 2, best - 1, best + cap + 1)?;
            if let Some(finding) = finding(plain, &prediction, reply_value, best, best, self.config) {
                value += finding.bonus;
                self.findings.push(finding);
            }
        }
        if self.config.insurance_bonus > 0 {
            value += insurance(self.probe, plain, self.refutation(plain), depth, best, self.config)?;
        }
        Ok(value)
    }

    /// Walks the alternatives in the search's order. Each that could win
    /// with every bonus at its most uses up a candidate and is verified;
    /// with the searched model, whose own search is what an alternative
    /// costs, each it searches after uses one up.
    fn best_alternative(&mut self, target: i32) -> Result<Option<Alternative>, Aborted> {
        let (depth, best) = (self.depth(), self.best());
        let most_insurance = self.config.insurance_bonus.max(0) * MAX_INSURED_CONTINUATIONS;
        let modelled = self.config.method == TrapMethod::Search;
        let mut winner: Option<Alternative> = None;
        let mut spent = 0;
        for &mv in &self.summary.root_order[1..] {
            if spent >= self.config.candidates {
                break;
            }
            let Some(history) = self.history_of(mv) else { continue };
            let delay = delay_bonus(history, depth, best, self.config);
            if modelled {
                // The move's value at the final iteration (exact, or an
                // upper bound) must leave room for the largest bonus.
                let most_bonus = self.config.trap_bonus(1000, self.config.bonus_cap);
                if history.values[depth].is_some_and(|v| v.value + most_bonus + delay + most_insurance < target) {
                    continue;
                }
                spent += 1;
            }
            let prediction = self.trap_prediction(mv)?;
            let most_trap = prediction.map_or(0, |p| self.config.trap_bonus(p.probability, self.config.bonus_cap));
            // raw(m) <= best: with every bonus at its most, can it win?
            if best + most_trap + delay + most_insurance < target {
                continue;
            }
            if !modelled {
                spent += 1;
            }
            if let Some(found) = self.verify(mv, prediction.map(|p| (p, most_trap)), delay, target)? {
                if winner.as_ref().is_none_or(|w| found.value > w.value) {
                    winner = Some(found);
                }
            }
        }
        Ok(winner)
    }

    /// Whether alternative `mv` beats the plain move's expected value
    /// (`target`): the predicted reply's real value, then one null-window
    /// search at the smallest raw value that would win. `prediction`
    /// comes with the largest bonus its trap could give.
    fn verify(
        &mut self,
        mv: Move,
        prediction: Option<(Prediction, i32)>,
        delay: i32,
        target: i32,
    ) -> Result<Option<Alternative>, Aborted> {
        let (depth, best, config) = (self.depth(), self.best(), self.config);
        let cap = config.bonus_cap;
        let most_trap = prediction.map_or(0, |(_, most)| most);
        let reply_value = match prediction {
            Some((p, _)) => {
                Some((p, search(self.probe, &[mv, p.reply], depth - 2, target - cap - 1, target + cap + 1)?))
            }
            None => None,
        };
        let insured = if config.insurance_bonus > 0 {
            insurance(self.probe, mv, self.refutation(mv), depth, best, config)?
        } else {
            0
        };
        let trap_at = |raw: i32| reply_value.and_then(|(p, v)| finding(mv, &p, v, raw, best, config));
        let value_at = |raw: i32| raw + trap_at(raw).map_or(0, |f| f.bonus) + delay + insured;
        // The smallest raw(m) that would beat the plain move.
        let lowest = target - most_trap - delay - insured;
        let Some(threshold) = (lowest..=best).find(|&raw| value_at(raw) >= target) else { return Ok(None) };
        let trap = trap_at(threshold);
        self.findings.extend(trap.clone());
        if search(self.probe, &[mv], depth - 1, threshold - 1, threshold)? < threshold {
            return Ok(None);
        }
        let trap_replies = trap.filter(|f| f.bonus > 0).map(|f| f.reply).into_iter().collect();
        Ok(Some(Alternative { mv, value: value_at(threshold), trap_replies }))
    }
}

/// The model's reply after root move `history.mv`: from the iterations,
/// or for `TrapMethod::Search` from the opponent's own search, whose
/// reply is certain.
fn model_reply(
    probe: &mut RootProbe<'_>,
    opponent: &mut Option<&mut OpponentModel>,
    history: &RootHistory,
    depth: usize,
    config: &TrapConfig,
) -> Result<Option<Prediction>, Aborted> {
    let Some(from_iterations) = predict(history, depth, config) else { return Ok(None) };
    let Some(opponent) = opponent.as_deref_mut().filter(|_| config.method == TrapMethod::Search) else {
        return Ok(Some(from_iterations));
    };
    let opponent_depth = (depth - config.opponent_gap) as i32;
    let reply = opponent.best_reply(probe, history.mv, opponent_depth).map_err(|_| Aborted)?;
    Ok(reply.map(|reply| Prediction { reply, probability: 1000, ..from_iterations }))
}

fn search(probe: &mut RootProbe<'_>, line: &[Move], depth: usize, alpha: i32, beta: i32) -> Result<i32, Aborted> {
    probe.search(line, depth as i32, alpha, beta).ok_or(Aborted)
}

/// The trap of root move `root` if its predicted reply, worth
/// `reply_value` to us, loses for the opponent against the plain line
/// (`best`), valued with the root move at `raw`.
fn finding(
    root: Move,
    prediction: &Prediction,
    reply_value: i32,
    raw: i32,
    best: i32,
    config: &TrapConfig,
) -> Option<TrapFinding> {
    if reply_value <= best || reply_value - best < config.min_profit {
        return None;
    }
    let profit = (reply_value - raw).min(config.bonus_cap);
    Some(TrapFinding {
        root,
        reply: prediction.reply,
        probability: prediction.probability,
        profit,
        bonus: config.trap_bonus(prediction.probability, profit),
    })
}

/// H.G. Muller's insurance: after the opponent's best reply, how many of
/// our moves keep the score within the margin of the plain value. A move
/// that leaves several good continuations is robust to our own errors.
fn insurance(
    probe: &mut RootProbe<'_>,
    root: Move,
    reply: Option<Move>,
    depth: usize,
    best: i32,
    config: &TrapConfig,
) -> Result<i32, Aborted> {
    let Some(reply) = reply.filter(|_| depth >= 3) else { return Ok(0) };
    let mut position = probe.root().clone();
    position.play(root);
    if !position.is_legal(reply) {
        return Ok(0);
    }
    position.play(reply);
    let threshold = best - config.insurance_margin;
    let mut count = 0;
    for &ours in position.legal_moves().iter() {
        if search(probe, &[root, reply, ours], depth - 3, threshold - 1, threshold)? >= threshold {
            count += 1;
            if count > MAX_INSURED_CONTINUATIONS {
                break;
            }
        }
    }
    Ok((count - 1).clamp(0, MAX_INSURED_CONTINUATIONS) * config.insurance_bonus)
}

/// Delay the loss: when the plain value is lost by more than the
/// threshold, prefer moves whose loss showed late in the iterations. A
/// loss the opponent must search deep to see is a loss they may miss.
pub fn delay_bonus(history: &RootHistory, depth: usize, best: i32, config: &TrapConfig) -> i32 {
    if config.delay_bonus == 0 || best > -config.delay_threshold || depth <= SHALLOWEST_VIEW {
        return 0;
    }
    let looked_lost =
        |d: usize| history.values[d].is_some_and(|v| v.bound != Bound::Lower && v.value <= -config.delay_threshold);
    let fine = (SHALLOWEST_VIEW..depth).filter(|&d| !looked_lost(d)).count() as i32;
    config.delay_bonus * fine / (depth - SHALLOWEST_VIEW) as i32
}
