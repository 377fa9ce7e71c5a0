//! Fair sharing of the analysis pool (issue 21): one address's analyses
//! cannot keep another address off the pool (round-robin by address, then
//! by user, and long analyses searched in slices), a time-sliced analysis
//! still ends once within its budget, and reviews are capped per address.
//!
//! Every test client comes from 127.0.0.1, so fairness between addresses
//! is tested on [`Analyses`] itself with made-up addresses; the review cap
//! goes through the HTTP API.

use crate::common;

use common::{review_done, short_game, Backend, ErrorCode, TestServer};
use gamut_games::GameKind;
use gamut_protocol::analysis::Progress;
use gamut_protocol::ids::UserId;
use gamut_protocol::review::ReviewState;
use gamut_protocol::review::ReviewView;
use gamut_server::analysis::{Analyses, AnalysisLimits};
use serde_json::json;
use std::net::IpAddr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Numbers the made-up users.
static NEXT_USER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// One worker, short slices.
fn one_worker(slice_ms: u64, max_nodes: u64) -> Arc<Analyses> {
    Arc::new(Analyses::new(&AnalysisLimits {
        workers: 1,
        slice: Duration::from_millis(slice_ms),
        max_nodes,
        ..AnalysisLimits::default()
    }))
}

/// A progress message of the analysis `who`, and when it came.
#[derive(Debug)]
struct Seen {
    who: &'static str,
    at: Instant,
    progress: Progress,
}

/// Starts an analysis of the Lines of Action start for a new user at
/// `addr`, searching `time_ms`; its progress goes to `seen`.
fn analyse(
    analyses: &Arc<Analyses>,
    who: &'static str,
    addr: &str,
    time_ms: u64,
    seen: &mpsc::UnboundedSender<Seen>,
) -> tokio::task::JoinHandle<()> {
    let addr: IpAddr = addr.parse().unwrap();
    let running = analyses
        .claim(
            &UserId::parse(&format!(
                "u{}",
                NEXT_USER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            ))
            .unwrap(),
            addr,
        )
        .unwrap();
    let game = GameKind::Loa.new_match(&[], None).unwrap();
    let limits = analyses.budget(Some(time_ms), None);
    let (tx, mut rx) = mpsc::unbounded_channel();
    let seen = seen.clone();
    tokio::spawn(async move {
        while let Some(progress) = rx.recv().await {
            let at = Instant::now();
            let _ = seen.send(Seen { who, at, progress });
        }
    });
    let analyses = analyses.clone();
    let stop = Arc::new(AtomicBool::new(false));
    tokio::spawn(async move { analyses.run(running, game, 1, limits, stop, tx).await })
}

/// Everything seen until the analyses `tasks` have ended.
async fn all_seen(
    tasks: Vec<tokio::task::JoinHandle<()>>,
    mut seen: mpsc::UnboundedReceiver<Seen>,
) -> Vec<Seen> {
    for t in tasks {
        tokio::time::timeout(Duration::from_secs(60), t)
            .await
            .expect("the analyses end")
            .unwrap();
    }
    // The forwarders pass on what is left.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut all = Vec::new();
    while let Ok(s) = seen.try_recv() {
        all.push(s);
    }
    all
}

/// `who`'s progress, in order.
fn of<'a>(all: &'a [Seen], who: &str) -> Vec<&'a Seen> {
    all.iter().filter(|s| s.who == who).collect()
}

/// Checks the stream of one analysis: iterations deeper each time, nodes
/// and time growing, one `done`, last. Returns the `done`.
fn one_stream(all: &[Seen], who: &str) -> Progress {
    let mine = of(all, who);
    let (last, before) = mine.split_last().expect("progress");
    assert!(last.progress.done, "{who} ends with done");
    assert!(before.iter().all(|s| !s.progress.done), "{who}: one done");
    for pair in before.windows(2) {
        let (a, b) = (&pair[0].progress, &pair[1].progress);
        assert!(b.depth > a.depth, "{who}: {} then {}", a.depth, b.depth);
        assert!(b.nodes >= a.nodes && b.time_ms >= a.time_ms, "{who}");
    }
    if let Some(told) = before.last() {
        assert!(last.progress.depth >= told.progress.depth, "{who}");
        assert!(last.progress.nodes >= told.progress.nodes, "{who}");
    }
    assert!(!last.progress.lines.is_empty(), "{who} has a best line");
    last.progress.clone()
}

#[tokio::test]
async fn another_address_gets_the_worker_while_one_address_holds_it() {
    let analyses = one_worker(100, u64::MAX);
    let (seen, rx) = mpsc::unbounded_channel();
    // Address A: a long analysis searching, a second one queued.
    let a1 = analyse(&analyses, "a1", "10.0.0.1", 3_000, &seen);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let a2 = analyse(&analyses, "a2", "10.0.0.1", 3_000, &seen);
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Address B comes.
    let asked = Instant::now();
    let b = analyse(&analyses, "b", "10.0.0.2", 300, &seen);
    let all = all_seen(vec![a1, a2, b], rx).await;
    let first_of = |who: &str| of(&all, who).first().expect("progress").at;
    let done_of = |who: &str| of(&all, who).last().expect("progress").at;
    // B searched (and even ended) while A's first analysis was still
    // searching: it did not wait for A's analyses to end.
    assert!(first_of("b") < done_of("a1"), "b started before a1 ended");
    assert!(done_of("b") < done_of("a1"), "b ended before a1");
    assert!(
        first_of("a2") < done_of("a1"),
        "a's two analyses take turns"
    );
    // Within about two slices of 100 ms (a generous bound: a busy machine).
    let waited = first_of("b") - asked;
    assert!(waited < Duration::from_secs(2), "b waited {waited:?}");
    for who in ["a1", "a2", "b"] {
        one_stream(&all, who);
    }
}

#[tokio::test]
async fn a_sliced_analysis_ends_once_within_its_time() {
    let analyses = one_worker(100, u64::MAX);
    let (seen, rx) = mpsc::unbounded_channel();
    let started = Instant::now();
    let a = analyse(&analyses, "a", "10.0.0.1", 1_500, &seen);
    let b = analyse(&analyses, "b", "10.0.0.2", 1_500, &seen);
    let all = all_seen(vec![a, b], rx).await;
    let wall = started.elapsed();
    let mut searched_ms = 0;
    for who in ["a", "b"] {
        let done = one_stream(&all, who);
        // Within its time, no more than a stop's delay late; and at least
        // half of it, as without slices (the search starts no iteration
        // past half of the time it is given: here, of what is left).
        assert!(
            (750..=1_800).contains(&done.time_ms),
            "{who} searched {} ms",
            done.time_ms
        );
        searched_ms += done.time_ms;
    }
    // On the one worker, one after the other.
    assert!(
        wall >= Duration::from_millis(searched_ms * 9 / 10),
        "{wall:?} for {searched_ms} ms of search"
    );
    // They took turns: each had progress before the other ended.
    let first_of = |who: &str| of(&all, who).first().expect("progress").at;
    let done_of = |who: &str| of(&all, who).last().expect("progress").at;
    assert!(first_of("b") < done_of("a") && first_of("a") < done_of("b"));
}

#[tokio::test]
async fn a_sliced_analysis_ends_once_within_its_nodes() {
    let max_nodes = 3_000_000;
    let analyses = one_worker(100, max_nodes);
    let (seen, rx) = mpsc::unbounded_channel();
    let a = analyse(&analyses, "a", "10.0.0.1", 30_000, &seen);
    let b = analyse(&analyses, "b", "10.0.0.2", 30_000, &seen);
    let all = all_seen(vec![a, b], rx).await;
    for who in ["a", "b"] {
        let done = one_stream(&all, who);
        assert!(done.nodes <= max_nodes, "{who}: {} nodes", done.nodes);
        assert!(
            done.nodes >= max_nodes * 9 / 10,
            "{who} searched its nodes: {}",
            done.nodes
        );
    }
    let first_of = |who: &str| of(&all, who).first().expect("progress").at;
    let done_of = |who: &str| of(&all, who).last().expect("progress").at;
    assert!(first_of("b") < done_of("a") && first_of("a") < done_of("b"));
}

#[tokio::test]
async fn reviews_are_capped_per_address() {
    let server = TestServer::start_with(Backend::sqlite(), |c| {
        c.limits.review.running = 4;
        c.limits.review.per_address = 2;
        c.limits.review.position_time = Duration::from_millis(500);
        c.limits.review.position_nodes = u64::MAX;
    })
    .await;
    let (mut a, mut b) = server.two_guests().await;
    let mut c = server.guest().await;
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(short_game(&mut a, &mut b, 2).await);
    }
    let path = |id: &str| format!("/api/games/{id}/review");
    let _: ReviewView = a.post_as(&path(&games[0]), json!({})).await;
    let _: ReviewView = b.post_as(&path(&games[1]), json!({})).await;
    // A third user of the same address: refused while two run.
    let refused = c.post_refused(&path(&games[2]), json!({})).await;
    assert_eq!(refused, (429, ErrorCode::ReviewsFromAddress));
    // Joining a running review starts nothing, so it is let through.
    let joined: ReviewView = c.post_as(&path(&games[0]), json!({})).await;
    assert_ne!(joined.state, ReviewState::None);
    review_done(&mut c, &games[0]).await;
    // Once one has ended, the address may start another.
    let _: ReviewView = c.post_as(&path(&games[2]), json!({})).await;
    review_done(&mut c, &games[2]).await;
    review_done(&mut c, &games[1]).await;
}
