//! The transposition table: search results by board key and attacker's hand.
//!
//! Every hand of one board lives in one cluster, so that a lookup sees them all: a position is
//! proven if the table holds a proof of its board with a hand it dominates (proof pieces,
//! 証明駒) and no longer than the length asked for; disproven if the table holds a disproof
//! with a hand that dominates it (disproof pieces, 反証駒) for at least that length. Unknown
//! entries of other hands bound the proof and disproof numbers (superior and inferior
//! positions). Only results that hold on every path are stored: the search keeps results that
//! depend on a repetition on its path to itself.

use crate::hand::PHand;

/// An infinite proof or disproof number (the node is decided).
pub(crate) const INF: u32 = u32::MAX;
/// The largest proof or disproof number of an undecided node.
pub(crate) const PN_MAX: u32 = 1 << 30;
/// "No mate at any length" as a disproof length; "no limit" as a search length.
pub(crate) const LEN_INF: u16 = u16::MAX;

const EMPTY: u8 = 0;
const UNKNOWN: u8 = 1;
const PROVEN: u8 = 2;
const DISPROVEN: u8 = 3;

/// Entries per cluster (one board key's hands share a cluster).
const CLUSTER: usize = 8;

/// One position: 32 bytes, so that a cluster fills four whole cache lines. The low half of the
/// key is the slot's tag (in [`Table`]'s tag array), the high half is here.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    hand: PHand,
    key_hi: u32,
    pn: u32,
    dn: u32,
    /// Nodes spent on the entry: what replacement keeps.
    amount: u32,
    /// Proven: a mate within `len` plies; disproven: no mate within `len` plies (`LEN_INF`: no
    /// mate at all); unknown: unused.
    len: u16,
    /// Unknown: the smallest depth at which the position was searched.
    min_depth: u16,
    state: u8,
}

const _: () = assert!(core::mem::size_of::<Entry>() == 32);

/// The entries of one cluster, aligned to a cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Entries([Entry; CLUSTER]);

/// The tags of one cluster: one aligned half cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(32))]
struct Tags([u32; CLUSTER]);

const _: () = assert!(core::mem::size_of::<Entries>() == 32 * CLUSTER);
const _: () = assert!(core::mem::size_of::<Tags>() == 32);

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// Mated within `len` plies with any attacker's hand at least `hand`.
    Proven { hand: PHand, len: u16 },
    /// No mate within `len` plies with any attacker's hand at most `hand`.
    Disproven { hand: PHand, len: u16 },
    /// Undecided: the stored numbers of this exact hand and the smallest depth it was
    /// searched at (if any), and bounds from other hands.
    Unknown {
        exact: Option<(u32, u32, u16)>,
        pn_floor: u32,
        dn_floor: u32,
    },
}

/// A table of a fixed number of entries.
///
/// Beside the entries, a compact array of 32-bit tags (the low half of each entry's key; the
/// cluster is chosen by the high bits, so the two are independent) lets a lookup read half a
/// cache line per cluster and touch only the entries whose tag matches: most lookups of a
/// search are of positions the table does not hold. An empty slot has tag 0 and state
/// `EMPTY`; a key whose low half is 0 shares the tag, and the state tells them apart.
pub(crate) struct Table {
    entries: Vec<Entries>,
    tags: Vec<Tags>,
    clusters: usize,
}

/// The tag of a key.
#[inline]
fn tag(key: u64) -> u32 {
    key as u32
}

/// The high half of a key, kept in its entry.
#[inline]
fn key_hi(key: u64) -> u32 {
    (key >> 32) as u32
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.entries.len())
            .finish()
    }
}

impl Table {
    /// An empty table with no memory.
    pub(crate) const fn new() -> Table {
        Table {
            entries: Vec::new(),
            tags: Vec::new(),
            clusters: 0,
        }
    }

    /// Allocates `mb` megabytes (at least one cluster), clearing the table.
    ///
    /// Returns `false` if the memory could not be had.
    pub(crate) fn allocate(&mut self, mb: usize) -> bool {
        let bytes = mb.saturating_mul(1 << 20);
        let clusters = (bytes / core::mem::size_of::<Entries>()).max(1);
        if self.entries.len() == clusters {
            self.clear();
            return true;
        }
        self.entries = Vec::new();
        self.tags = Vec::new();
        self.clusters = 0;
        let mut v = Vec::new();
        let mut t = Vec::new();
        if v.try_reserve_exact(clusters).is_err() || t.try_reserve_exact(clusters).is_err() {
            return false;
        }
        v.resize(clusters, Entries::default());
        t.resize(clusters, Tags::default());
        self.entries = v;
        self.tags = t;
        self.clusters = clusters;
        true
    }

    /// Whether the table has memory.
    pub(crate) fn is_allocated(&self) -> bool {
        self.clusters > 0
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entries::default());
        self.tags.fill(Tags::default());
    }

    /// The cluster of `key`, chosen by its high bits.
    #[inline]
    fn cluster(&self, key: u64) -> usize {
        ((u128::from(key) * self.clusters as u128) >> 64) as usize
    }

    /// Reads the first tag of the cluster of `key` (0 without memory), so that a lookup
    /// soon after finds its line in the cache.
    #[inline]
    pub(crate) fn touch(&self, key: u64) -> u32 {
        if self.clusters == 0 {
            return 0;
        }
        self.tags[self.cluster(key)].0[0]
    }

    /// What is known of the board `key` with the attacker's hand `hand`, for a mate within
    /// `len` plies.
    pub(crate) fn look_up(&self, key: u64, hand: PHand, len: u16) -> Found {
        let mut proof: Option<(PHand, u16)> = None;
        let mut exact = None;
        let mut pn_floor = 0;
        let mut dn_floor = 0;
        let (t, hi) = (tag(key), key_hi(key));
        let c = self.cluster(key);
        let tags = &self.tags[c].0;
        let entries = &self.entries[c].0;
        for i in 0..CLUSTER {
            if tags[i] != t {
                continue;
            }
            let e = &entries[i];
            if e.state == EMPTY || e.key_hi != hi {
                continue;
            }
            match e.state {
                PROVEN => {
                    if e.hand.le(hand) && e.len <= len && proof.is_none_or(|(_, l)| e.len < l) {
                        proof = Some((e.hand, e.len));
                    }
                }
                DISPROVEN => {
                    if hand.le(e.hand) && e.len >= len {
                        return Found::Disproven {
                            hand: e.hand,
                            len: e.len,
                        };
                    }
                }
                _ => {
                    if e.hand == hand {
                        exact = Some((e.pn, e.dn, e.min_depth));
                    } else if hand.le(e.hand) {
                        // A position with more attacker's pieces is no harder to prove.
                        pn_floor = pn_floor.max(e.pn);
                    } else if e.hand.le(hand) {
                        // One with fewer is no harder to disprove.
                        dn_floor = dn_floor.max(e.dn);
                    }
                }
            }
        }
        if let Some((hand, len)) = proof {
            return Found::Proven { hand, len };
        }
        Found::Unknown {
            exact,
            pn_floor,
            dn_floor,
        }
    }

    /// The slot to write a new entry of `key` into: an empty one, else the one of least
    /// worth (undecided before decided, then least searched).
    fn victim(&self, c: usize) -> usize {
        let mut best = 0;
        let mut best_worth = u64::MAX;
        for i in 0..CLUSTER {
            if self.tags[c].0[i] == 0 && self.entries[c].0[i].state == EMPTY {
                return i;
            }
        }
        for i in 0..CLUSTER {
            let e = &self.entries[c].0[i];
            let worth = u64::from(e.amount) + if e.state == UNKNOWN { 0 } else { 1 << 32 };
            if worth < best_worth {
                best_worth = worth;
                best = i;
            }
        }
        best
    }

    /// Stores the numbers of an undecided position.
    pub(crate) fn store_unknown(
        &mut self,
        key: u64,
        hand: PHand,
        pn: u32,
        dn: u32,
        amount: u32,
        depth: u16,
    ) {
        if !self.is_allocated() {
            return;
        }
        let c = self.cluster(key);
        let (t, hi) = (tag(key), key_hi(key));
        let mut slot = None;
        for i in 0..CLUSTER {
            if self.tags[c].0[i] != t {
                continue;
            }
            let e = &self.entries[c].0[i];
            if e.state == UNKNOWN && e.key_hi == hi && e.hand == hand {
                slot = Some(i);
                break;
            }
        }
        let i = slot.unwrap_or_else(|| self.victim(c));
        let (amount, depth) = if slot.is_some() {
            let old = &self.entries[c].0[i];
            (amount.max(old.amount), depth.min(old.min_depth))
        } else {
            (amount, depth)
        };
        self.tags[c].0[i] = t;
        self.entries[c].0[i] = Entry {
            key_hi: hi,
            hand,
            pn: pn.clamp(1, PN_MAX),
            dn: dn.clamp(1, PN_MAX),
            amount,
            len: 0,
            min_depth: depth,
            state: UNKNOWN,
        };
    }

    /// Stores a proof: mated within `len` plies for every hand at least `hand`. Drops the
    /// entries it makes useless.
    pub(crate) fn store_proven(&mut self, key: u64, hand: PHand, len: u16, amount: u32) {
        self.store_decided::<true>(key, hand, len, amount);
    }

    /// Stores a disproof: no mate within `len` plies for every hand at most `hand`. Drops the
    /// entries it makes useless.
    pub(crate) fn store_disproven(&mut self, key: u64, hand: PHand, len: u16, amount: u32) {
        self.store_decided::<false>(key, hand, len, amount);
    }

    /// Stores a proof (`PROOF`) or a disproof. A proof with hand `h` and length `l` implies
    /// every proof with at least `h` in hand and a length of at least `l`; a disproof implies
    /// every disproof with at most its hand and at most its length. Entries the new result
    /// implies are dropped, and so are the unknown entries it decides; if an entry implies the
    /// new result, nothing is stored.
    #[inline(always)]
    fn store_decided<const PROOF: bool>(&mut self, key: u64, hand: PHand, len: u16, amount: u32) {
        if !self.is_allocated() {
            return;
        }
        // Whether the result (h, l) implies the result (h2, l2) of the same kind.
        let implies = |h: PHand, l: u16, h2: PHand, l2: u16| {
            if PROOF {
                h.le(h2) && l <= l2
            } else {
                h2.le(h) && l2 <= l
            }
        };
        let state = if PROOF { PROVEN } else { DISPROVEN };
        let c = self.cluster(key);
        let (t, hi) = (tag(key), key_hi(key));
        let mut free = None;
        for i in 0..CLUSTER {
            if self.tags[c].0[i] != t {
                continue;
            }
            let e = self.entries[c].0[i];
            if e.state == EMPTY || e.key_hi != hi {
                continue;
            }
            let useless = if e.state == state {
                if implies(e.hand, e.len, hand, len) {
                    return;
                }
                implies(hand, len, e.hand, e.len)
            } else {
                e.state == UNKNOWN && implies(hand, 0, e.hand, 0)
            };
            if useless {
                self.entries[c].0[i].state = EMPTY;
                self.tags[c].0[i] = 0;
                free.get_or_insert(i);
            }
        }
        let i = free.unwrap_or_else(|| self.victim(c));
        self.tags[c].0[i] = t;
        self.entries[c].0[i] = Entry {
            key_hi: hi,
            hand,
            pn: if PROOF { 0 } else { INF },
            dn: if PROOF { INF } else { 0 },
            amount,
            len,
            min_depth: 0,
            state,
        };
    }

    /// How full the table is, in permille, from the first thousand entries (as USI `hashfull`).
    pub(crate) fn permille(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(125)];
        if sample.is_empty() {
            return 0;
        }
        let used = sample
            .iter()
            .flat_map(|c| c.0.iter())
            .filter(|e| e.state != EMPTY)
            .count();
        (used * 1000 / (sample.len() * CLUSTER)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_types::PieceKind;

    #[test]
    fn hands_dominate() {
        let mut t = Table::new();
        assert!(t.allocate(0)); // one cluster: every key shares it
        let key = 0x1234_5678_9abc_def0;
        let pawn = PHand::EMPTY.plus(PieceKind::Pawn);
        let two = pawn.plus(PieceKind::Pawn);
        let gold = PHand::EMPTY.plus(PieceKind::Gold);
        t.store_proven(key, pawn, 7, 1);
        assert_eq!(t.look_up(key, two, 9), Found::Proven { hand: pawn, len: 7 });
        assert!(matches!(t.look_up(key, two, 5), Found::Unknown { .. }));
        assert!(matches!(t.look_up(key, gold, 9), Found::Unknown { .. }));
        t.store_disproven(key, gold, LEN_INF, 1);
        assert!(matches!(
            t.look_up(key, PHand::EMPTY, 99),
            Found::Disproven { .. }
        ));
        assert!(matches!(
            t.look_up(key, gold, LEN_INF),
            Found::Disproven { .. }
        ));
        t.store_unknown(key ^ 1, gold, 5, 3, 1, 4);
        assert_eq!(
            t.look_up(key ^ 1, gold, 9),
            Found::Unknown {
                exact: Some((5, 3, 4)),
                pn_floor: 0,
                dn_floor: 0
            }
        );
        assert_eq!(
            t.look_up(key ^ 1, PHand::EMPTY, 9),
            Found::Unknown {
                exact: None,
                pn_floor: 5,
                dn_floor: 0
            }
        );
        assert!(t.permille() > 0);
        t.clear();
        assert_eq!(t.permille(), 0);
    }

    /// Keys that share a tag (the low half), keys that share the high half, and a key whose
    /// tag is 0 like an empty slot's: each finds its own entries only, and a full cluster
    /// replaces an entry instead of losing the new one.
    #[test]
    fn keys_are_told_apart() {
        let mut t = Table::new();
        assert!(t.allocate(0));
        let pawn = PHand::EMPTY.plus(PieceKind::Pawn);
        let zero_tag = 0x0000_0001_0000_0000;
        let same_tag = 0x0000_0002_0000_0000;
        let same_hi = 0x0000_0001_0000_0005;
        t.store_proven(zero_tag, pawn, 3, 1);
        assert_eq!(
            t.look_up(zero_tag, pawn, 3),
            Found::Proven { hand: pawn, len: 3 }
        );
        for other in [same_tag, same_hi, 0] {
            assert!(matches!(
                t.look_up(other, pawn, 99),
                Found::Unknown { exact: None, .. }
            ));
        }
        t.store_disproven(same_tag, pawn, LEN_INF, 1);
        assert!(matches!(
            t.look_up(same_tag, pawn, 5),
            Found::Disproven { .. }
        ));
        assert_eq!(
            t.look_up(zero_tag, pawn, 3),
            Found::Proven { hand: pawn, len: 3 }
        );
        // Fill the cluster with more keys than it holds: the last stored is always found.
        for k in 10..40u64 {
            t.store_unknown(k << 32 | k, pawn, 7, 9, 1, 2);
            assert!(matches!(
                t.look_up(k << 32 | k, pawn, 9),
                Found::Unknown {
                    exact: Some((7, 9, 2)),
                    ..
                }
            ));
        }
        assert_eq!(t.permille(), 1000);
    }
}
