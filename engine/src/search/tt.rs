//! The transposition table: buckets of four 12-byte entries addressed by
//! the Zobrist key, with ageing between searches and ply-relative mate
//! scores.
//!
//! Replacement: an entry for the same position is overwritten unless it is
//! deeper and from this search; otherwise the least valuable entry of the
//! bucket goes, counting each search of age as eight plies of depth.

use super::score::{MATE_BOUND, NONE};
use movegen::Move;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    /// The true score is at least this (a fail high).
    Lower = 2,
    /// The true score is at most this (a fail low).
    Upper = 3,
}

impl Bound {
    /// What a search result `best` means, given the window it was searched
    /// with: above beta a lower bound, inside the window exact, else upper.
    pub fn classify(best: i32, original_alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u32,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low two bits (0 = empty), search age above them.
    age_bound: u8,
}

const ENTRIES_PER_BUCKET: usize = 4;
const AGE_SHIFT: u8 = 2;
const AGE_CYCLE: u8 = 64;

#[derive(Copy, Clone, Default)]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

/// What a probe found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtHit {
    pub mv: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl TtHit {
    /// Whether the stored bound decides a search with this window.
    pub fn cuts_off(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
    /// The size asked for and granted, so a rebuilt searcher can ask again.
    megabytes: usize,
}

impl TranspositionTable {
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable::try_new(megabytes).unwrap_or_else(|| TranspositionTable::try_new(1).expect("1 MB table"))
    }

    /// A table of about `megabytes`, or `None` if the memory is not there.
    pub fn try_new(megabytes: usize) -> Option<TranspositionTable> {
        let count = (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).ok()?;
        buckets.resize(count, Bucket::default());
        Some(TranspositionTable { buckets, age: 0, megabytes: megabytes.max(1) })
    }

    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|bucket| *bucket = Bucket::default());
        self.age = 0;
    }

    /// Called at the start of each search so old entries lose priority.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) % AGE_CYCLE;
    }

    #[inline(always)]
    fn bucket_index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let bucket = &self.buckets[self.bucket_index(key)];
        let entry = bucket.entries.iter().find(|e| e.key == key as u32 && e.age_bound & 3 != 0)?;
        let bound = match entry.age_bound & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(TtHit {
            mv: Move::from_bits(entry.mv),
            score: score_from_tt(entry.score as i32, ply),
            eval: entry.eval as i32,
            depth: entry.depth as i32,
            bound,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(&mut self, key: u64, ply: usize, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let age = self.age;
        let index = self.bucket_index(key);
        let bucket = &mut self.buckets[index];
        let check = key as u32;
        let slot = match bucket.entries.iter().position(|e| e.key == check && e.age_bound & 3 != 0) {
            Some(same) => {
                let old = bucket.entries[same];
                let old_is_current = old.age_bound >> AGE_SHIFT == age;
                if bound != Bound::Exact && old_is_current && old.depth as i32 > depth + 2 {
                    return;
                }
                same
            }
            None => {
                let worth = |e: &Entry| {
                    if e.age_bound & 3 == 0 {
                        return i32::MIN;
                    }
                    let age_gap = (AGE_CYCLE + age - (e.age_bound >> AGE_SHIFT)) % AGE_CYCLE;
                    e.depth as i32 - 8 * age_gap as i32
                };
                (0..ENTRIES_PER_BUCKET).min_by_key(|&i| worth(&bucket.entries[i])).unwrap_or(0)
            }
        };
        let entry = &mut bucket.entries[slot];
        // Keep a known best move when this store has none.
        let mv_bits = if mv.is_null() && entry.key == check { entry.mv } else { mv.to_bits() };
        *entry = Entry {
            key: check,
            mv: mv_bits,
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 255) as u8,
            age_bound: (age << AGE_SHIFT) | bound as u8,
        };
    }

    /// Permille of sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(1000 / ENTRIES_PER_BUCKET + 1);
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(|b| b.entries.iter())
            .filter(|e| e.age_bound & 3 != 0 && e.age_bound >> AGE_SHIFT == self.age)
            .count();
        (used * 1000 / (sample * ENTRIES_PER_BUCKET)) as u32
    }
}

/// Mate scores are stored relative to the node ("mate in 3 from here")
/// and returned relative to the root, so they stay right at any ply.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score == NONE {
        score
    } else if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score == NONE {
        score
    } else if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::score::MATE;
    use super::*;

    #[test]
    fn mate_scores_are_adjusted_by_ply() {
        let mut tt = TranspositionTable::new(1);
        // Found at ply 5: we mate in 3 plies from the node, 8 from the root.
        let root_relative = MATE - 8;
        tt.store(42, 5, Move::NULL, root_relative, 0, 6, Bound::Exact);
        // Reached again at ply 9 by another path: mate is 3 plies from the
        // node, so 12 from the root.
        let hit = tt.probe(42, 9).expect("stored");
        assert_eq!(hit.score, MATE - 12);
        tt.store(43, 4, Move::NULL, -MATE + 10, 0, 6, Bound::Exact);
        assert_eq!(tt.probe(43, 2).map(|h| h.score), Some(-MATE + 8));
        tt.store(44, 4, Move::NULL, 123, 0, 6, Bound::Lower);
        assert_eq!(tt.probe(44, 30).map(|h| (h.score, h.bound)), Some((123, Bound::Lower)));
    }

    #[test]
    fn deep_current_entries_survive_shallow_bounds() {
        let mut tt = TranspositionTable::new(1);
        tt.store(7, 0, Move::NULL, 50, 0, 12, Bound::Exact);
        tt.store(7, 0, Move::NULL, -50, 0, 2, Bound::Upper);
        assert_eq!(tt.probe(7, 0).map(|h| h.depth), Some(12));
        tt.new_search();
        tt.store(7, 0, Move::NULL, -50, 0, 2, Bound::Upper);
        assert_eq!(tt.probe(7, 0).map(|h| h.depth), Some(2));
        assert!(tt.hashfull() <= 1000);
    }
}
