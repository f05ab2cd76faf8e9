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
    // The searched model's replies, by root move, as the decision met them.
    let mut searched: Vec<(Move, Move)> = vec![];
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
    let verdict = verify(probe, summary, histories, config, opponent, &mut searched, &mut choice.findings);
    let prediction_for = |mv: Move| match searched.iter().find(|(root, _)| *root == mv) {
        Some(&(_, reply)) => Some(reply),
        None => from_iterations(mv).map(|p| p.reply),
    };
    choice.predicted_reply = prediction_for(plain);
    choice.modelled_roots = searched.iter().map(|&(root, _)| root).collect();
    if let Ok(Some((mv, findings))) = verdict {
        choice.chosen = mv;
        choice.predicted_reply = prediction_for(mv);
        choice.trap_replies = findings;
    } else {
        choice.trap_replies = choice.findings.iter().filter(|f| f.root == plain).map(|f| f.reply).collect();
    }
    choice
}

/// The alternative that beats the plain move, if any, with its trap
/// replies; `findings` collects every verified trap on the way.
fn verify(
    probe: &mut RootProbe<'_>,
    summary: &IterationSummary<'_>,
    histories: &[RootHistory],
    config: &TrapConfig,
    mut opponent: Option<&mut OpponentModel>,
    searched: &mut Vec<(Move, Move)>,
    findings: &mut Vec<TrapFinding>,
) -> Result<Option<(Move, Vec<Move>)>, Aborted> {
    let plain = summary.root_order[0];
    let depth = summary.depth as usize;
    let best = summary.score;
    let history_of = |mv: Move| histories.iter().find(|h| h.mv == mv);
    let refutation = |mv: Move| {
        if mv == plain {
            summary.pv.get(1).copied()
        } else {
            history_of(mv).and_then(|h| h.preferred[depth])
        }
    };
    let mut trap_prediction = |probe: &mut RootProbe<'_>, mv: Move| -> Result<Option<Prediction>, Aborted> {
        let Some(history) = history_of(mv).filter(|_| config.scale > 0) else { return Ok(None) };
        let Some(prediction) = model_reply(probe, &mut opponent, history, depth, config)? else { return Ok(None) };
        if config.method == TrapMethod::Search {
            searched.push((mv, prediction.reply));
        }
        let differs = if mv == plain { summary.pv.get(1) != Some(&prediction.reply) } else { true };
        Ok((differs && may_be_trap(history, &prediction, depth)).then_some(prediction))
    };

    // The plain move's expected value: its score, plus its own trap.
    let mut plain_value = best + history_of(plain).map_or(0, |h| delay_bonus(h, depth, best, config));
    if let Some(prediction) = trap_prediction(probe, plain)? {
        let cap = config.bonus_cap;
        let reply_value = search(probe, &[plain, prediction.reply], depth - 2, best - 1, best + cap + 1)?;
        if let Some(finding) = finding(plain, &prediction, reply_value, best, best, config) {
            plain_value += finding.bonus;
            findings.push(finding);
        }
    }
    if config.insurance_bonus > 0 {
        plain_value += insurance(probe, plain, refutation(plain), depth, best, config)?;
    }
    let target = plain_value + config.switch_margin + 1;

    let mut winner: Option<(Move, i32, Vec<Move>)> = None;
    // The searched model's own search is what a candidate costs, so with
    // it every alternative it searches after uses up a candidate.
    let mut verified = 0;
    let mut modelled = 0;
    for &mv in &summary.root_order[1..] {
        if verified.max(modelled) >= config.candidates {
            break;
        }
        let Some(history) = history_of(mv) else { continue };
        let delay = delay_bonus(history, depth, best, config);
        let most_insurance = config.insurance_bonus.max(0) * MAX_INSURED_CONTINUATIONS;
        // The searched model costs a search per move: first ask whether
        // the move's value at the final iteration (exact, or an upper
        // bound) leaves room for the largest bonus at all.
        if config.method == TrapMethod::Search {
            let most_bonus = config.trap_bonus(1000, config.bonus_cap);
            if history.values[depth].is_some_and(|v| v.value + most_bonus + delay + most_insurance < target) {
                continue;
            }
            modelled += 1;
        }
        let prediction = trap_prediction(probe, mv)?;
        let most_trap = prediction.map_or(0, |p| config.trap_bonus(p.probability, config.bonus_cap));
        // raw(m) <= best: with every bonus at its most, can it win?
        if best + most_trap + delay + most_insurance < target {
            continue;
        }
        verified += 1;
        let cap = config.bonus_cap;
        let reply_value = match prediction {
            Some(p) => Some((p, search(probe, &[mv, p.reply], depth - 2, target - cap - 1, target + cap + 1)?)),
            None => None,
        };
        let insured =
            if config.insurance_bonus > 0 { insurance(probe, mv, refutation(mv), depth, best, config)? } else { 0 };
        let trap_at =
            |raw: i32| reply_value.and_then(|(p, v)| finding(mv, &p, v, raw, best, config)).map_or(0, |f| f.bonus);
        let value_at = |raw: i32| raw + trap_at(raw) + delay + insured;
        // The smallest raw(m) that would beat the plain move.
        let lowest = target - most_trap - delay - insured;
        let Some(threshold) = (lowest..=best).find(|&raw| value_at(raw) >= target) else { continue };
        if let Some(found) = reply_value.and_then(|(p, v)| finding(mv, &p, v, threshold, best, config)) {
            findings.push(found);
        }
        let raw_bound = search(probe, &[mv], depth - 1, threshold - 1, threshold)?;
        if raw_bound < threshold {
            continue;
        }
        let value = value_at(threshold);
        if winner.as_ref().is_none_or(|w| value > w.1) {
            let replies = reply_value.filter(|_| trap_at(threshold) > 0).map(|(p, _)| p.reply).into_iter().collect();
            winner = Some((mv, value, replies));
        }
    }
    Ok(winner.map(|(mv, _, replies)| (mv, replies)))
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
