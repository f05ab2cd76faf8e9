//! The transposition table: buckets of four 12-byte entries addressed by
//! the Zobrist key, with ageing between searches and ply-relative mate
//! scores.
//!
//! Replacement: an entry for the same position is overwritten unless it is
//! deeper and from this search; otherwise the least valuable entry of the
//! bucket goes, counting each search of age as eight plies of depth.
//!
//! The threads of a search share one table, with no lock (`Bucket`).

use super::score::{MATE_BOUND, NONE};
use movegen::Move;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    /// The true score is at least this (a fail high).
    Lower = 2,
    /// The true score is at most this (a fail low).
    Upper = 3,
}

impl Bound {
    /// The same bound seen from the other side: a lower bound for one side
    /// is an upper bound for the other.
    pub fn flipped(self) -> Bound {
        match self {
            Bound::Exact => Bound::Exact,
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        }
    }
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

/// An entry as the table reads and writes it.
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

impl Entry {
    /// Everything but the key, in one word.
    fn data(&self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.age_bound) << 56
    }

    fn from_parts(key: u32, data: u64) -> Entry {
        Entry {
            key,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            age_bound: (data >> 56) as u8,
        }
    }

    fn is_empty(&self) -> bool {
        self.age_bound & 3 == 0
    }
}

/// What a key word holds beside its data word: the key folded with the
/// data, so that a key read with another thread's data fails the check.
/// Folding twice gives the key back.
fn key_word(key: u32, data: u64) -> u32 {
    key ^ data as u32 ^ (data >> 32) as u32
}

const ENTRIES_PER_BUCKET: usize = 4;
const AGE_SHIFT: u8 = 2;
const AGE_CYCLE: u8 = 64;

/// Four entries in 48 bytes. Threads share the table without a lock: each
/// entry is a key word and a data word, written and read separately (both
/// `Relaxed`: a plain load and store on x86 and ARM). A reader that meets
/// one thread's key with another's data sees a key that does not match
/// (`key_word`) and treats the entry as empty: a torn entry is taken for a
/// position's no more often than two positions share 32 key bits, which a
/// single thread already meets (a stored move is checked before it is
/// played).
#[derive(Default)]
struct Bucket {
    keys: [AtomicU32; ENTRIES_PER_BUCKET],
    data: [AtomicU64; ENTRIES_PER_BUCKET],
}

impl Bucket {
    fn entry(&self, slot: usize) -> Entry {
        let data = self.data[slot].load(Ordering::Relaxed);
        Entry::from_parts(key_word(self.keys[slot].load(Ordering::Relaxed), data), data)
    }

    fn write(&self, slot: usize, entry: &Entry) {
        let data = entry.data();
        self.data[slot].store(data, Ordering::Relaxed);
        self.keys[slot].store(key_word(entry.key, data), Ordering::Relaxed);
    }

    fn entries(&self) -> [Entry; ENTRIES_PER_BUCKET] {
        std::array::from_fn(|slot| self.entry(slot))
    }
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

/// The table, shared by every thread of a search (`Arc`), written through
/// `&self`.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU8,
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
        buckets.extend((0..count).map(|_| Bucket::default()));
        Some(TranspositionTable { buckets, age: AtomicU8::new(0), megabytes: megabytes.max(1) })
    }

    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    pub fn clear(&self) {
        for bucket in &self.buckets {
            for slot in 0..ENTRIES_PER_BUCKET {
                bucket.data[slot].store(0, Ordering::Relaxed);
                bucket.keys[slot].store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Called at the start of each search so old entries lose priority.
    pub fn new_search(&self) {
        self.age.store((self.age() + 1) % AGE_CYCLE, Ordering::Relaxed);
    }

    fn age(&self) -> u8 {
        self.age.load(Ordering::Relaxed)
    }

    #[inline(always)]
    fn bucket_index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let bucket = &self.buckets[self.bucket_index(key)];
        let entry =
            (0..ENTRIES_PER_BUCKET).map(|slot| bucket.entry(slot)).find(|e| e.key == key as u32 && !e.is_empty())?;
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
    pub fn store(&self, key: u64, ply: usize, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let age = self.age();
        let bucket = &self.buckets[self.bucket_index(key)];
        let entries = bucket.entries();
        let check = key as u32;
        let slot = match entries.iter().position(|e| e.key == check && !e.is_empty()) {
            Some(same) => {
                let old = entries[same];
                let old_is_current = old.age_bound >> AGE_SHIFT == age;
                if bound != Bound::Exact && old_is_current && old.depth as i32 > depth + 2 {
                    return;
                }
                same
            }
            None => {
                let worth = |e: &Entry| {
                    if e.is_empty() {
                        return i32::MIN;
                    }
                    let age_gap = (AGE_CYCLE + age - (e.age_bound >> AGE_SHIFT)) % AGE_CYCLE;
                    e.depth as i32 - 8 * age_gap as i32
                };
                (0..ENTRIES_PER_BUCKET).min_by_key(|&i| worth(&entries[i])).unwrap_or(0)
            }
        };
        let old = entries[slot];
        // Keep a known best move when this store has none.
        let mv_bits = if mv.is_null() && old.key == check { old.mv } else { mv.to_bits() };
        let entry = Entry {
            key: check,
            mv: mv_bits,
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 255) as u8,
            age_bound: (age << AGE_SHIFT) | bound as u8,
        };
        bucket.write(slot, &entry);
    }

    /// Permille of sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(1000 / ENTRIES_PER_BUCKET + 1);
        let age = self.age();
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(Bucket::entries)
            .filter(|e| !e.is_empty() && e.age_bound >> AGE_SHIFT == age)
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
        let tt = TranspositionTable::new(1);
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
        let tt = TranspositionTable::new(1);
        tt.store(7, 0, Move::NULL, 50, 0, 12, Bound::Exact);
        tt.store(7, 0, Move::NULL, -50, 0, 2, Bound::Upper);
        assert_eq!(tt.probe(7, 0).map(|h| h.depth), Some(12));
        tt.new_search();
        tt.store(7, 0, Move::NULL, -50, 0, 2, Bound::Upper);
        assert_eq!(tt.probe(7, 0).map(|h| h.depth), Some(2));
        assert!(tt.hashfull() <= 1000);
    }

    #[test]
    fn threads_sharing_a_tiny_table_never_read_another_positions_entry() {
        // Keys that fall into four buckets (16 entries) for 2,000 positions,
        // each stored with a score and an evaluation that its key decides:
        // whatever a probe returns must be that key's.
        let tt = TranspositionTable::new(1);
        let key_of = |i: u64| ((i % 4) << 50) | (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 24);
        let score_of = |key: u64| (key % 997) as i32 - 498;
        let eval_of = |key: u64| ((key >> 12) % 991) as i32 - 495;
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let (tt, hits) = (&tt, &hits);
                scope.spawn(move || {
                    for round in 0..1_000_000u64 {
                        let key = key_of((round * 7 + thread * 13) % 2_000);
                        tt.store(key, 0, Move::NULL, score_of(key), eval_of(key), (round % 20) as i32, Bound::Exact);
                        let probed = key_of((round * 11 + thread) % 2_000);
                        if let Some(hit) = tt.probe(probed, 0) {
                            assert_eq!((hit.score, hit.eval), (score_of(probed), eval_of(probed)), "{probed:x}");
                            hits.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert!(hits.load(Ordering::Relaxed) > 1_000, "the probes must find entries to check");
    }
}
