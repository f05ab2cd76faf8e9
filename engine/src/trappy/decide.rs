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
//! `raw(m)` exactly. The plain move wins ties.

use super::config::{TrapConfig, TrapMethod};
use super::history::{RootHistory, MAX_TRACKED_DEPTH};
use super::model::{may_be_trap, predict, Prediction, SHALLOWEST_VIEW};
use super::opponent::OpponentModel;
use crate::search::root_policy::{IterationSummary, RootProbe};
use crate::search::score::MATE_BOUND;
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
    /// The root moves the opponent model was asked about, in order.
    pub modelled_roots: Vec<Move>,
}

/// An aborted verification leaves the plain move.
struct Aborted;

pub fn choose(
    probe: &mut RootProbe<'_>,
    summary: &IterationSummary<'_>,
    histories: &[RootHistory],
    config: &TrapConfig,
    opponent: &mut OpponentModel,
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
    opponent: &'v mut OpponentModel,
    /// The opponent model's replies by root move, in the order asked.
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

    /// The best alternative, if one beats the plain move.
    fn run(&mut self) -> Result<Option<Alternative>, Aborted> {
        let target = self.plain_value()? + 1;
        self.best_alternative(target)
    }

    /// The model's predicted reply to `mv` when it may be a trap (for the
    /// plain move, a reply other than the main line's own).
    fn trap_prediction(&mut self, mv: Move) -> Result<Option<Prediction>, Aborted> {
        let Some(history) = self.history_of(mv).filter(|_| self.config.scale > 0) else { return Ok(None) };
        let depth = self.depth();
        let Some(prediction) = model_reply(self.probe, self.opponent, history, depth, self.config)? else {
            return Ok(None);
        };
        self.searched.push((mv, prediction.reply));
        let differs = mv != self.plain() || self.summary.pv.get(1) != Some(&prediction.reply);
        Ok((differs && may_be_trap(history, &prediction, depth)).then_some(prediction))
    }

    /// The plain move's expected value: its score, plus its own trap.
    fn plain_value(&mut self) -> Result<i32, Aborted> {
        let (plain, depth, best) = (self.plain(), self.depth(), self.best());
        let mut value = best;
        if let Some(prediction) = self.trap_prediction(plain)? {
            let cap = self.config.bonus_cap;
            let reply_value = search(self.probe, &[plain, prediction.reply], depth - 2, best - 1, best + cap + 1)?;
            if let Some(finding) = finding(plain, &prediction, reply_value, best, best, self.config) {
                value += finding.bonus;
                self.findings.push(finding);
            }
        }
        Ok(value)
    }

    /// Walks the alternatives in the search's order. Each whose value at
    /// the final iteration leaves room for the largest bonus uses up a
    /// candidate: the opponent model is asked about it, and if its trap
    /// could still make it win, it is verified.
    fn best_alternative(&mut self, target: i32) -> Result<Option<Alternative>, Aborted> {
        let (depth, best) = (self.depth(), self.best());
        let most_bonus = self.config.trap_bonus(1000, self.config.bonus_cap);
        let mut winner: Option<Alternative> = None;
        let mut spent = 0;
        for &mv in &self.summary.root_order[1..] {
            if spent >= self.config.candidates {
                break;
            }
            let Some(history) = self.history_of(mv) else { continue };
            // The move's value at the final iteration (exact, or an upper
            // bound) must leave room for the largest bonus.
            if history.values[depth].is_some_and(|v| v.value + most_bonus < target) {
                continue;
            }
            spent += 1;
            let prediction = self.trap_prediction(mv)?;
            let most_trap = prediction.map_or(0, |p| self.config.trap_bonus(p.probability, self.config.bonus_cap));
            // raw(m) <= best: with the bonus at its most, can it win?
            if best + most_trap < target {
                continue;
            }
            if let Some(found) = self.verify(mv, prediction.map(|p| (p, most_trap)), target)? {
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
        let trap_at = |raw: i32| reply_value.and_then(|(p, v)| finding(mv, &p, v, raw, best, config));
        let value_at = |raw: i32| raw + trap_at(raw).map_or(0, |f| f.bonus);
        // The smallest raw(m) that would beat the plain move.
        let lowest = target - most_trap;
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

/// The opponent model's reply after root move `history.mv`, when the
/// iterations reach the opponent's view: the natural-move model's likeliest
/// reply with its probability, or the searched opponent's reply, certain.
fn model_reply(
    probe: &mut RootProbe<'_>,
    opponent: &mut OpponentModel,
    history: &RootHistory,
    depth: usize,
    config: &TrapConfig,
) -> Result<Option<Prediction>, Aborted> {
    let Some(from_iterations) = predict(history, depth, config) else { return Ok(None) };
    let reply = match config.method {
        TrapMethod::Natural => opponent.natural_reply(probe, history.mv, config.temperature),
        TrapMethod::Search => {
            let opponent_depth = (depth - config.opponent_gap) as i32;
            opponent.best_reply(probe, history.mv, opponent_depth).map(|reply| reply.map(|mv| (mv, 1000)))
        }
    };
    let reply = reply.map_err(|_| Aborted)?;
    Ok(reply.map(|(reply, probability)| Prediction { reply, probability, ..from_iterations }))
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
    if reply_value <= best {
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
