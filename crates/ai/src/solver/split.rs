//! One pass of the solver on several threads, by root splitting: the
//! root's children are shared out to the threads, each proving or
//! disproving whole children with its own table.
//!
//! A short single-threaded probe ([`crate::SolveLimits::split_after`]
//! nodes, by default [`SPLIT_AFTER`]) first searches the
//! root as [`Dfpn::run`] does; if it does not decide the root, the root's
//! open children are queued in the order its numbers give (the most
//! promising first: least proof number where the attacker moves, least
//! disproof number where the defender does). Each thread takes the next
//! child from the queue and searches it to the end below the root
//! ([`Dfpn::run_child`]: the same path, keys and repetition bookkeeping
//! as one thread, so every value it stores means what it means there).
//! The calling thread gathers the children's values and combines them as
//! [`Dfpn::conclude`] does at the root; once they decide it (a proven
//! child where the attacker moves, a disproven one where the defender
//! does, or every child solved) it sets [`Shared::decided`] and the
//! threads stop. It also prints the progress reports: all threads' nodes
//! and the root's numbers from the children's latest.
//!
//! Sound because nothing is shared but final values: each table is used
//! by one thread, and the root's value is the one thread's rule applied to
//! solved children. Proofs still go to the verifier, which reads every
//! thread's table. The price is that a thread finishes its child before
//! taking another: where the attacker moves, a child that does not win
//! must be disproved completely, work one thread would skip once it has
//! found the winning child; and the threads do not see each other's
//! transpositions.

use super::dfpn::{node_key, Dfpn, Kid, Shared, Stops, Value, NO_REF};
use super::table::Table;
use super::{Progress, STACK_BYTES};
use crate::setup::SearchSetup;
use gamut_core::{Game, MoveList, Player};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The default nodes of the single-threaded probe that orders the root's
/// children ([`crate::SolveLimits::split_after`]).
pub(crate) const SPLIT_AFTER: u64 = 50_000;
/// The longest wait for a thread's message (progress is printed between).
const MAX_WAIT: Duration = Duration::from_secs(1);

/// What a thread tells the calling thread.
enum Message {
    /// The numbers of the child being searched, and the thread's table
    /// use.
    Numbers {
        kid: usize,
        pn: u32,
        dn: u32,
        thread: usize,
        table_used: usize,
    },
    /// A child's search is over (solved, or stopped).
    Done {
        kid: usize,
        value: Value,
        nodes: u64,
    },
}

/// Where a parallel pass starts.
pub(crate) struct Start {
    /// Nodes spent by earlier passes.
    pub nodes_before: u64,
    /// Nodes of the probe.
    pub split_after: u64,
}

/// The value of the root of `setup` for `attacker` (as [`Dfpn::run`]
/// gives it) and the nodes spent, with one thread per table of `tables`
/// (the first also runs the probe).
pub(crate) fn run<G: Game>(
    mut tables: Vec<&mut Table>,
    setup: &SearchSetup<G>,
    attacker: Player,
    stops: &Stops<'_>,
    start: Start,
    on_progress: &mut (dyn FnMut(&Progress) + Send),
) -> (Value, u64) {
    let nodes_before = start.nodes_before;
    let probe_stops = Stops {
        stop: stops.stop,
        deadline: stops.deadline,
        node_limit: Some(
            stops
                .node_limit
                .unwrap_or(u64::MAX)
                .min(nodes_before.saturating_add(start.split_after)),
        ),
        start: stops.start,
        report_every: stops.report_every,
        shared: None,
    };
    let root = &setup.root;
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let (mut kids, probe_nodes) = {
        let mut probe = Dfpn::new(&mut *tables[0], setup, attacker, &probe_stops, on_progress);
        probe.nodes_before = nodes_before;
        let v = if start.split_after > 0 || root.outcome().is_some() {
            probe.run()
        } else {
            Value::open(1, 1)
        };
        if v.solved() || stops.met(nodes_before + probe.nodes) {
            return (v, probe.nodes);
        }
        (probe.root_kids(&moves), probe.nodes)
    };
    let or = root.side_to_move() == attacker;
    let (pn, dn, ..) = Dfpn::<G>::combine(or, &kids);
    if pn == 0 || dn == 0 {
        let value = Dfpn::<G>::conclude(or, &kids, 0);
        store_root(tables[0], setup, attacker, value, probe_nodes);
        return (value, probe_nodes);
    }
    let number = |k: &Kid| if or { k.value.pn } else { k.value.dn };
    let mut order: Vec<usize> = (0..kids.len())
        .filter(|&i| !kids[i].fixed && !kids[i].value.solved())
        .collect();
    order.sort_by_key(|&i| number(&kids[i]));

    let shared = Shared::default();
    let next = AtomicUsize::new(0);
    let capacity: usize = tables.iter().map(|t| t.capacity()).sum();
    let mut used: Vec<usize> = tables.iter().map(|t| t.used()).collect();
    let (tx, rx) = mpsc::channel::<Message>();
    let mut nodes = probe_nodes;
    std::thread::scope(|scope| {
        for (thread, table) in tables.iter_mut().enumerate() {
            let tx = tx.clone();
            let (order, next, shared, moves) = (&order, &next, &shared, &moves);
            std::thread::Builder::new()
                .name(format!("solver {thread}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let worker_stops = Stops {
                        stop: stops.stop,
                        deadline: stops.deadline,
                        node_limit: stops.node_limit,
                        start: stops.start,
                        report_every: stops.report_every / 2,
                        shared: Some(shared),
                    };
                    let before = nodes_before + probe_nodes;
                    loop {
                        let all = shared.nodes.load(Ordering::Relaxed);
                        if worker_stops.met(before + all) {
                            break;
                        }
                        let Some(&kid) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        let numbers = tx.clone();
                        let mut publish = move |p: &Progress| {
                            let _ = numbers.send(Message::Numbers {
                                kid,
                                pn: p.pn,
                                dn: p.dn,
                                thread,
                                table_used: p.table_used,
                            });
                        };
                        let mut search =
                            Dfpn::new(table, setup, attacker, &worker_stops, &mut publish);
                        search.nodes_before = before;
                        let value = search.run_child(moves[kid]);
                        let aborted = search.aborted;
                        let _ = tx.send(Message::Done {
                            kid,
                            value,
                            nodes: search.nodes,
                        });
                        if aborted {
                            break;
                        }
                    }
                })
                .expect("start a solver thread");
        }
        drop(tx);
        let mut last_report = Instant::now();
        loop {
            let wait = stops.report_every.min(MAX_WAIT);
            match rx.recv_timeout(wait) {
                Ok(Message::Numbers {
                    kid,
                    pn,
                    dn,
                    thread,
                    table_used,
                }) => {
                    used[thread] = table_used;
                    if pn != 0 && dn != 0 && !kids[kid].value.solved() {
                        kids[kid].value = Value::open(pn, dn);
                    }
                }
                Ok(Message::Done {
                    kid,
                    value,
                    nodes: n,
                }) => {
                    nodes += n;
                    kids[kid].value = value;
                    let (pn, dn, ..) = Dfpn::<G>::combine(or, &kids);
                    if pn == 0 || dn == 0 {
                        shared.decided.store(true, Ordering::Relaxed);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if last_report.elapsed() >= stops.report_every {
                last_report = Instant::now();
                let (pn, dn, ..) = Dfpn::<G>::combine(or, &kids);
                on_progress(&Progress {
                    attacker,
                    pn,
                    dn,
                    nodes: nodes_before + probe_nodes + shared.nodes.load(Ordering::Relaxed),
                    elapsed: stops.start.elapsed(),
                    table_used: used.iter().sum(),
                    table_capacity: capacity,
                });
            }
        }
    });
    let value = Dfpn::<G>::conclude(or, &kids, 0);
    store_root(tables[0], setup, attacker, value, nodes);
    on_progress(&Progress {
        attacker,
        pn: value.pn,
        dn: value.dn,
        nodes: nodes_before + nodes,
        elapsed: stops.start.elapsed(),
        table_used: used.iter().sum(),
        table_capacity: capacity,
    });
    (value, nodes)
}

/// Store the root's `value` in `table` as one thread stores it (unless it
/// is a disproof resting on the game before the root), with `nodes` more
/// work behind it.
fn store_root<G: Game>(
    table: &mut Table,
    setup: &SearchSetup<G>,
    attacker: Player,
    value: Value,
    nodes: u64,
) {
    if value.min_ref == NO_REF {
        let key = node_key(setup, &setup.root, 0, attacker);
        let old = table.get(key).map_or(0, |s| s.work);
        let work = old.saturating_add(nodes.min(u64::from(u32::MAX)) as u32);
        table.put(value.slot(key, work));
    }
}
