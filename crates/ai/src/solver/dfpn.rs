//! Depth-first proof-number search (df-pn, Nagai 2002) for one attacker:
//! does the attacker force a board win? Thresholds with the 1+ε trick
//! (Pawlewicz and Lew), mobility-initialised leaves (PN search for Lines
//! of Action, Winands), and the repetition bookkeeping that keeps
//! disproofs sound (see the module docs of [`crate::solver`]).

use super::table::{Slot, Table, CAP, INF, NO_MOVE};
use super::Progress;
use crate::setup::SearchSetup;
use arrayvec::ArrayVec;
use gamut_core::{Game, MoveList, Player, MAX_MOVES};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A disproof that rests on no repetition of a position above its node.
pub(crate) const NO_REF: i32 = i32::MAX;
/// Mixed into the keys of the second player's searches.
const SALT_SECOND: u64 = 0x9E37_79B9_7F4A_7C15;
/// Multiplies the plies left under a move limit into the key.
const LIMIT_MIX: u64 = 0xD6E8_FEB8_6659_FD93;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;
/// The proof number stored for a node disproved only on the path it was
/// searched from (by a repetition of an ancestor).
const TAINTED_PN: u32 = CAP / 4;
/// Deepest path searched (deeper nodes are left unknown).
pub(crate) const MAX_PLY: u32 = 2000;

/// The table key of `pos`, `ply` plies below the root of `setup`, in the
/// search of `attacker`: the position's hash, the attacker and, under a
/// move limit, the plies left (the value depends on them).
pub(crate) fn node_key<G: Game>(
    setup: &SearchSetup<G>,
    pos: &G,
    ply: u32,
    attacker: Player,
) -> u64 {
    key_with_plies_left(pos, attacker, setup.plies_left(pos, ply))
}

/// The table key of `pos` in the search of `attacker` with `plies_left`
/// plies before the move limit (`None`: no limit).
pub(crate) fn key_with_plies_left<G: Game>(
    pos: &G,
    attacker: Player,
    plies_left: Option<u32>,
) -> u64 {
    let mut k = pos.hash();
    if attacker == Player::Second {
        k ^= SALT_SECOND;
    }
    if let Some(left) = plies_left {
        k ^= u64::from(left + 1).wrapping_mul(LIMIT_MIX);
    }
    k.max(1)
}

/// Which earlier positions a new position is compared with: with the
/// repetition rule, the game before the root and the path; without it and
/// without a move limit, the path (a cycle is not a win); without it but
/// with a move limit, none (the plies left tell the nodes apart).
pub(crate) fn checks_cycles<G: Game>(setup: &SearchSetup<G>) -> bool {
    setup.repetition || setup.move_limit.is_none()
}

/// A node's value as passed up the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
    /// For a disproof: the shallowest path index (plies from the root;
    /// negative for the game before the root) of a repeated position it
    /// rests on, or [`NO_REF`].
    pub min_ref: i32,
    /// For a proof: the longest line of the proof, in plies.
    pub depth: u16,
    /// The proving or refuting move's index, or [`NO_MOVE`].
    pub best: u8,
}

impl Value {
    const fn proven(depth: u16) -> Value {
        Value {
            pn: 0,
            dn: INF,
            min_ref: NO_REF,
            depth,
            best: NO_MOVE,
        }
    }

    const fn disproven(min_ref: i32) -> Value {
        Value {
            pn: INF,
            dn: 0,
            min_ref,
            depth: 0,
            best: NO_MOVE,
        }
    }

    pub(crate) const fn open(pn: u32, dn: u32) -> Value {
        Value {
            pn,
            dn,
            min_ref: NO_REF,
            depth: 0,
            best: NO_MOVE,
        }
    }

    /// The slot holding this value (not a path-dependent disproof) of the
    /// node `key`, with `work` nodes searched below it.
    pub fn slot(&self, key: u64, work: u32) -> Slot {
        Slot {
            key,
            pn: self.pn,
            dn: self.dn,
            work,
            depth: self.depth,
            best: self.best,
            flags: 0,
        }
    }

    /// Whether the value is a proof or a disproof.
    pub fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// A child as its parent tracks it.
#[derive(Clone, Copy)]
pub(crate) struct Kid {
    key: u64,
    /// Its numbers as last known.
    pub value: Value,
    /// Settled at expansion (terminal, repetition, move limit).
    pub fixed: bool,
}

/// What the threads of a parallel pass share (module `split`).
#[derive(Debug, Default)]
pub(crate) struct Shared {
    /// Set once the root is decided: every thread stops.
    pub decided: AtomicBool,
    /// The nodes of all threads, added in steps of [`CHECK_EVERY`].
    pub nodes: AtomicU64,
}

/// The stop conditions of a search.
pub(crate) struct Stops<'a> {
    pub stop: &'a AtomicBool,
    pub deadline: Option<Instant>,
    /// A bound on the nodes of the solve (all passes, all threads).
    pub node_limit: Option<u64>,
    pub start: Instant,
    pub report_every: Duration,
    /// For the threads of a parallel pass: the root's state they share.
    pub shared: Option<&'a Shared>,
}

impl Stops<'_> {
    /// Whether to stop, with `nodes` searched in the solve so far.
    pub fn met(&self, nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self
                .shared
                .is_some_and(|s| s.decided.load(Ordering::Relaxed))
            || self.node_limit.is_some_and(|n| nodes >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// One df-pn search.
pub(crate) struct Dfpn<'a, G: Game> {
    table: &'a mut Table,
    setup: &'a SearchSetup<G>,
    attacker: Player,
    /// Board hashes: the game before the root (with the repetition rule),
    /// then the root and the path to the current node.
    path: Vec<u64>,
    /// The path index of the root.
    base: usize,
    cycles: bool,
    /// Nodes expanded.
    pub nodes: u64,
    /// Of those, the nodes already added to [`Shared::nodes`].
    flushed: u64,
    next_check: u64,
    /// Whether a stop condition was met.
    pub aborted: bool,
    stops: &'a Stops<'a>,
    /// The ply of the node whose numbers are reported: 0, the root; 1 for
    /// a root's child searched by [`Dfpn::run_child`].
    top: u32,
    /// The numbers of the node at ply `top` when last computed.
    root: (u32, u32),
    last_report: Instant,
    on_progress: &'a mut (dyn FnMut(&Progress) + Send),
    /// Nodes counted before this search (earlier passes), for reports.
    pub nodes_before: u64,
}

/// A move index as stored ([`NO_MOVE`] for one that does not fit).
fn index_byte(i: usize) -> u8 {
    u8::try_from(i)
        .ok()
        .filter(|&b| b != NO_MOVE)
        .unwrap_or(NO_MOVE)
}

/// The next threshold above a sibling's number (the 1+ε trick, ε = 1/4).
fn grow(x: u32) -> u32 {
    if x >= CAP {
        INF
    } else {
        x.saturating_add(1).max(x.saturating_add(x / 4)).min(CAP)
    }
}

/// A child's threshold on the weak-sum side: the parent's, less one per
/// other open child.
fn shift(threshold: u32, others: u32) -> u32 {
    if threshold == INF {
        INF
    } else {
        threshold - others
    }
}

impl<'a, G: Game> Dfpn<'a, G> {
    /// A search of `attacker` from `setup`'s root.
    pub fn new(
        table: &'a mut Table,
        setup: &'a SearchSetup<G>,
        attacker: Player,
        stops: &'a Stops<'a>,
        on_progress: &'a mut (dyn FnMut(&Progress) + Send),
    ) -> Self {
        let mut path = Vec::with_capacity(setup.history.len() + 256);
        if setup.repetition {
            path.extend_from_slice(&setup.history);
        }
        let base = path.len();
        Dfpn {
            table,
            setup,
            attacker,
            path,
            base,
            cycles: checks_cycles(setup),
            nodes: 0,
            flushed: 0,
            next_check: CHECK_EVERY,
            aborted: false,
            stops,
            top: 0,
            root: (1, 1),
            last_report: Instant::now(),
            on_progress,
            nodes_before: 0,
        }
    }

    fn key(&self, pos: &G, ply: u32) -> u64 {
        node_key(self.setup, pos, ply, self.attacker)
    }

    /// Prove or disprove the root; unsolved if stopped first.
    pub fn run(&mut self) -> Value {
        let root = self.setup.root.clone();
        if let Some(o) = root.outcome() {
            return if o.winner == Some(self.attacker) {
                Value::proven(0)
            } else {
                Value::disproven(NO_REF)
            };
        }
        let v = self.deepen(&root, 0);
        self.report();
        v
    }

    /// Prove or disprove the root's child by `mv` (not settled at the
    /// root's expansion), searched below the root exactly as [`Dfpn::run`]
    /// searches it: one thread's share of a parallel pass. Unsolved if
    /// stopped first.
    pub fn run_child(&mut self, mv: G::Move) -> Value {
        let root = self.setup.root.clone();
        let mut child = root.clone();
        child.play(mv);
        self.path.push(root.hash());
        self.top = 1;
        let v = self.deepen(&child, 1);
        self.path.pop();
        self.report();
        v
    }

    /// The root's children as [`Dfpn::mid`] starts them: settled (board
    /// result, move limit, repetition), stored, or initial numbers; in
    /// the order of `moves` (the root's legal moves).
    pub fn root_kids(&mut self, moves: &MoveList<G::Move>) -> Vec<Kid> {
        // An expansion of the root: a node.
        self.tick();
        let root = self.setup.root.clone();
        self.path.push(root.hash());
        let kids = moves
            .iter()
            .map(|&mv| {
                let mut child = root.clone();
                child.play(mv);
                self.kid(&child, 1)
            })
            .collect();
        self.path.pop();
        kids
    }

    /// Search `pos` (not settled), `ply` plies below the root, with
    /// growing thresholds until it is solved or the search stops.
    fn deepen(&mut self, pos: &G, ply: u32) -> Value {
        let mut v = self.lookup(self.key(pos, ply), pos, ply);
        while !v.solved() && !self.aborted {
            v = self.mid(
                pos,
                ply,
                grow(v.pn.saturating_add(v.pn / 2)),
                grow(v.dn.saturating_add(v.dn / 2)),
            );
            self.root = (v.pn, v.dn);
            if self.last_report.elapsed() >= self.stops.report_every {
                self.report();
            }
        }
        v
    }

    fn report(&mut self) {
        self.last_report = Instant::now();
        let p = Progress {
            attacker: self.attacker,
            pn: self.root.0,
            dn: self.root.1,
            nodes: self.nodes_before + self.nodes,
            elapsed: self.stops.start.elapsed(),
            table_used: self.table.used(),
            table_capacity: self.table.capacity(),
        };
        (self.on_progress)(&p);
    }

    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            let s = self.stops;
            let all = match s.shared {
                Some(shared) => {
                    let new = self.nodes - self.flushed;
                    self.flushed = self.nodes;
                    shared.nodes.fetch_add(new, Ordering::Relaxed) + new
                }
                None => self.nodes,
            };
            if s.met(self.nodes_before + all) {
                self.aborted = true;
            }
            if self.last_report.elapsed() >= s.report_every {
                self.report();
            }
        }
    }

    /// The path index (relative to the root) of an earlier occurrence of
    /// `hash`, if the position repeats one.
    fn repeats(&self, hash: u64) -> Option<i32> {
        if !self.cycles {
            return None;
        }
        self.path
            .iter()
            .rposition(|&h| h == hash)
            .map(|i| i as i32 - self.base as i32)
    }

    /// A child as its parent (the last position of the path) starts it:
    /// settled, or with its stored or initial numbers.
    fn kid(&self, child: &G, ply: u32) -> Kid {
        match self.settled(child, ply) {
            Some(value) => Kid {
                key: 0,
                value,
                fixed: true,
            },
            None => {
                let key = self.key(child, ply);
                Kid {
                    key,
                    value: self.lookup(key, child, ply),
                    fixed: false,
                }
            }
        }
    }

    /// The value of a child settled without search: the board result, the
    /// move limit, a repetition.
    fn settled(&self, child: &G, ply: u32) -> Option<Value> {
        if let Some(o) = child.outcome() {
            return Some(if o.winner == Some(self.attacker) {
                Value::proven(0)
            } else {
                Value::disproven(NO_REF)
            });
        }
        if self.setup.over_move_limit(child, ply) {
            return Some(Value::disproven(NO_REF));
        }
        self.repeats(child.hash()).map(Value::disproven)
    }

    /// The stored value of a node, or its initial one: proof number 1 and
    /// the number of moves as disproof number where the attacker moves,
    /// the other way round where the defender does.
    fn lookup(&self, key: u64, pos: &G, ply: u32) -> Value {
        if let Some(v) = self.stored(key, ply) {
            return v;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let n = (moves.len() as u32).max(1);
        if pos.side_to_move() == self.attacker {
            Value::open(1, n)
        } else {
            Value::open(n, 1)
        }
    }

    /// The hash of the last `len` positions of the path (the ancestors a
    /// path-dependent disproof rests on).
    fn segment(&self, len: usize) -> Option<u64> {
        let start = self.path.len().checked_sub(len)?;
        let mut h = 0x243F_6A88_85A3_08D3_u64 ^ len as u64;
        for &x in &self.path[start..] {
            h = (h.rotate_left(23) ^ x).wrapping_mul(0x9FB2_1C65_1E98_DF25);
        }
        Some(h)
    }

    /// The stored value of the node `key`, `ply` plies below the root
    /// (its parent the last position of the path). A disproof stored as
    /// valid only below a given run of ancestors is a disproof if the path
    /// ends with that run, else a node hard to prove and easy to disprove.
    fn stored(&self, key: u64, ply: u32) -> Option<Value> {
        let s = self.table.get(key)?;
        if s.conditional() {
            let len = usize::from(s.depth);
            if self.segment(len) == Some(s.segment()) {
                return Some(Value::disproven(ply as i32 - len as i32));
            }
            return Some(Value::open(TAINTED_PN, 1));
        }
        Some(Value {
            pn: s.pn,
            dn: s.dn,
            min_ref: NO_REF,
            depth: s.depth,
            best: s.best,
        })
    }

    /// The numbers of a node from its children's: the node's numbers, the
    /// index of the child to search, the second-best number and the
    /// number of open children on the weak-sum side. The
    /// number that would be a sum (disproof at attacker nodes, proof at
    /// defender nodes) is the weak sum of WPNS (Ueda et al.): the largest
    /// child's plus one per other open child, which does not count a
    /// transposition twice and does not overflow on long lines.
    pub fn combine(or: bool, kids: &[Kid]) -> (u32, u32, usize, u32, u32) {
        let mut best = 0;
        let mut first = INF;
        let mut second = INF;
        let mut largest: u32 = 0;
        let mut open: u32 = 0;
        for (i, k) in kids.iter().enumerate() {
            let (small, add) = if or {
                (k.value.pn, k.value.dn)
            } else {
                (k.value.dn, k.value.pn)
            };
            if add != 0 {
                open += 1;
                largest = largest.max(add);
            }
            if small < first {
                second = first;
                first = small;
                best = i;
            } else if small < second {
                second = small;
            }
        }
        let weak = if first == 0 {
            INF
        } else if open == 0 {
            0
        } else {
            largest.saturating_add(open - 1).min(CAP)
        };
        if or {
            (first, weak, best, second, open)
        } else {
            (weak, first, best, second, open)
        }
    }

    /// The value of a node at `ply` from its children's (their search
    /// over): the numbers, and for a proof its depth and the proving move
    /// (the shortest proof where the attacker moves), for a disproof the
    /// repeated position it rests on (none, if only on this node or those
    /// below it) and the refuting move.
    pub fn conclude(or: bool, kids: &[Kid], ply: u32) -> Value {
        let (pn, dn, _, _, _) = Self::combine(or, kids);
        let mut value = Value::open(pn, dn);
        if pn == 0 {
            let pick = if or {
                kids.iter()
                    .enumerate()
                    .filter(|(_, k)| k.value.pn == 0)
                    .min_by_key(|(_, k)| k.value.depth)
            } else {
                kids.iter().enumerate().max_by_key(|(_, k)| k.value.depth)
            };
            if let Some((i, k)) = pick {
                value = Value::proven(k.value.depth.saturating_add(1));
                value.best = if or { index_byte(i) } else { NO_MOVE };
            }
        } else if dn == 0 {
            let pick = if or {
                kids.iter().enumerate().min_by_key(|(_, k)| k.value.min_ref)
            } else {
                kids.iter()
                    .enumerate()
                    .filter(|(_, k)| k.value.dn == 0)
                    .max_by_key(|(_, k)| k.value.min_ref)
            };
            if let Some((i, k)) = pick {
                value = Value::disproven(k.value.min_ref);
                value.best = if or { NO_MOVE } else { index_byte(i) };
            }
            // A disproof resting only on repetitions of this node or of
            // positions below it holds whatever the path to it.
            if value.min_ref >= ply as i32 {
                value.min_ref = NO_REF;
            }
        }
        value
    }

    /// Search `pos` (not settled), `ply` plies below the root, until its
    /// proof number reaches `tpn` or its disproof number `tdn`.
    fn mid(&mut self, pos: &G, ply: u32, tpn: u32, tdn: u32) -> Value {
        self.tick();
        let key = self.key(pos, ply);
        if ply >= MAX_PLY {
            return Value::open(CAP, CAP);
        }
        let or = pos.side_to_move() == self.attacker;
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let spent_before = self.nodes;
        self.path.push(pos.hash());
        let mut kids: ArrayVec<Kid, MAX_MOVES> = ArrayVec::new();
        let mut shortcut = false;
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            let kid = self.kid(&child, ply + 1);
            kids.push(kid);
            // A won child of an attacker node, or a cleanly refuting child
            // of a defender node, settles the node at once.
            if (or && kid.value.pn == 0)
                || (!or && kid.value.dn == 0 && kid.value.min_ref > ply as i32)
            {
                shortcut = true;
                break;
            }
        }
        if !shortcut {
            loop {
                let (pn, dn, best, second, open) = Self::combine(or, &kids);
                if ply == self.top {
                    self.root = (pn, dn);
                }
                if pn >= tpn || dn >= tdn || pn == 0 || dn == 0 || self.aborted {
                    break;
                }
                // The weak sum reaches its threshold when the searched
                // child's number does, less one per other open child.
                let others = open.saturating_sub(1);
                let (ctpn, ctdn) = if or {
                    (tpn.min(grow(second)), shift(tdn, others))
                } else {
                    (shift(tpn, others), tdn.min(grow(second)))
                };
                let mut child = pos.clone();
                child.play(moves[best]);
                kids[best].value = self.mid(&child, ply + 1, ctpn, ctdn);
                // Other children may have changed through transpositions.
                for (i, k) in kids.iter_mut().enumerate() {
                    if i != best && !k.fixed && !k.value.solved() {
                        if let Some(v) = self.stored(k.key, ply + 1) {
                            k.value = v;
                        }
                    }
                }
            }
        }
        self.path.pop();
        let value = Self::conclude(or, &kids, ply);
        let spent = self.nodes - spent_before;
        let old = self.table.get(key).map_or(0, |s| s.work);
        let work = old.saturating_add(spent.min(u64::from(u32::MAX)) as u32);
        if value.min_ref == NO_REF {
            self.table.put(value.slot(key, work));
        } else {
            // A disproof valid on this path only: stored with the run of
            // ancestors it rests on (from the repeated one to the parent),
            // and trusted only below the same run.
            let len =
                (ply as i64 - i64::from(value.min_ref)).clamp(0, i64::from(u16::MAX)) as usize;
            if let Some(segment) = self.segment(len) {
                self.table
                    .put(Slot::path_dependent(key, segment, len as u16, work));
            }
        }
        value
    }
}
