//! The analysis board's engine (issue 15): a position of any catalogue
//! game searched on the server, its progress streamed to the asker.
//!
//! Analyses run on a pool of their own ([`AiPool`]), so a long analysis
//! never delays a game's computer move. Each is bounded
//! ([`AnalysisLimits`]): a search time and a node budget per request, at
//! most [`MAX_LINES`] lines (multi-PV), at most one running analysis per
//! user and a cap per address. The socket is `http/analysis.rs`; the wire
//! format is in `docs/api.md` ("WebSocket: analysis").
//!
//! Sharing the pool (issue 21): waiting requests (analyses, and game
//! reviews' positions, [`crate::review`]) are served round-robin by
//! address, then by user within an address ([`Owner`]). Analyses are
//! time-sliced: while a request of another address or user waits, an
//! analysis that has searched [`AnalysisLimits::slice`] on its worker
//! stops, gives the worker back and waits for its next turn, then searches
//! on with the rest of its time and node budget and its transposition
//! table (kept for [`PAUSED_TABLES_PER_WORKER`] paused analyses a worker
//! at most); its progress goes on, and `done` comes only at its real end.
//! The pool has one worker fewer than the machine has cores by default
//! ([`default_workers`]), and every analysis or review search runs on a
//! thread of its own at a lower priority (`on_search_thread`,
//! [`SEARCH_NICENESS`]), so games keep a core.
//!
//! Scores follow `gamut analyse`: from the side to move's point of view,
//! about 100 for one pawn-like unit of advantage, or a forced result the
//! search proved (a win or a loss in so many plies).

use crate::ai_pool::{AiPool, Owner};
use crate::connections::{ConnectionCounter, ConnectionGuard};
use gamut_ai::{EngineSpec, Level, Limits, SearchContext, SearchInfo};
use gamut_core::Player;
use gamut_games::Match;
use gamut_protocol::analysis::{LineView, Progress, ScoreView};
use gamut_protocol::ids::UserId;
use gamut_protocol::ErrorCode;
use crate::error::ApiError;
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// The bounds of analyses, settings of `gamut serve` (in
/// [`crate::ServerLimits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Analyses searching at once in the whole server (the analysis pool's
    /// workers, shared with game reviews; more wait their turn,
    /// round-robin by address, then by user). Default
    /// `default_workers`: the cores less one, at least 1.
    pub workers: usize,
    /// Analyses running (searching or waiting for a worker) at once from
    /// one address. Default 4. Each user runs at most one at a time.
    pub per_address: usize,
    /// The longest search of one request (a request may ask for less).
    /// Default 30 s.
    pub max_time: Duration,
    /// The most nodes one request searches. Default 200 000 000.
    pub max_nodes: u64,
    /// Analysis sockets open per address. Default 8.
    pub sockets_per_address: usize,
    /// How long an analysis searches on its worker before it gives it
    /// back to a request of another address or user that waits (then
    /// waits its next turn and searches on). Default 1 s.
    pub slice: Duration,
}

/// The analysis pool's workers by default: the machine's cores less one
/// (at least 1), so analyses leave a core to the games.
pub fn default_workers() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .saturating_sub(1)
        .max(1)
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits {
            workers: default_workers(),
            per_address: 4,
            max_time: Duration::from_secs(30),
            max_nodes: 200_000_000,
            sockets_per_address: 8,
            slice: Duration::from_secs(1),
        }
    }
}

/// The most moves a position request or an analysis may list.
pub const MAX_MOVES: usize = 2_000;

/// The most lines (multi-PV) one analysis searches: each line costs a
/// search of the root at every depth.
pub const MAX_LINES: u32 = 3;

/// How many paused analyses per worker of the pool keep their search's
/// transposition table (64 MB each) for their next slice at most; the
/// others search on with a new one.
pub const PAUSED_TABLES_PER_WORKER: usize = 4;

/// The niceness of the threads analyses and reviews search on (games'
/// threads keep 0): the kernel gives the games' work the cores first.
pub const SEARCH_NICENESS: i32 = 10;

/// How often a running analysis looks whether it must give its worker
/// back (or stop), and a waiting one whether it was stopped.
const POLL: Duration = Duration::from_millis(20);

/// The running analyses and what bounds them.
#[derive(Debug)]
pub struct Analyses {
    /// The numbers.
    pub limits: AnalysisLimits,
    /// Where analyses search.
    pool: AiPool,
    /// Users with a running analysis.
    users: Arc<Mutex<HashSet<UserId>>>,
    /// Running analyses per address.
    running: ConnectionCounter,
    /// Open analysis sockets per address.
    pub sockets: ConnectionCounter,
    /// Paused analyses keeping their table.
    kept_tables: Arc<AtomicUsize>,
}

/// A running analysis, counted against its user and address until dropped.
#[derive(Debug)]
pub struct Running {
    user: UserId,
    address: IpAddr,
    users: Arc<Mutex<HashSet<UserId>>>,
    _address: ConnectionGuard,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.user);
    }
}

/// Why an analysis may not start now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisRefusal {
    /// The user has one running.
    #[error("you already have an analysis running; stop it first")]
    AlreadyRunning,
    /// The address has as many running as it may.
    #[error("too many analyses running from this address")]
    FromAddress,
}

impl From<AnalysisRefusal> for ApiError {
    fn from(refusal: AnalysisRefusal) -> ApiError {
        let code = match refusal {
            AnalysisRefusal::AlreadyRunning => ErrorCode::AnalysisRunning,
            AnalysisRefusal::FromAddress => ErrorCode::AnalysesFromAddress,
        };
        ApiError::too_many(refusal.to_string()).code(code)
    }
}

impl Analyses {
    /// Analyses bounded by `limits`.
    pub fn new(limits: &AnalysisLimits) -> Self {
        Analyses {
            limits: limits.clone(),
            pool: AiPool::new(limits.workers),
            users: Arc::default(),
            running: ConnectionCounter::new(limits.per_address),
            sockets: ConnectionCounter::new(limits.sockets_per_address),
            kept_tables: Arc::default(),
        }
    }

    /// Counts a new analysis of `user` from `addr`, or says why not.
    pub fn claim(&self, user: &UserId, addr: IpAddr) -> Result<Running, AnalysisRefusal> {
        let mut users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        if users.contains(user) {
            return Err(AnalysisRefusal::AlreadyRunning);
        }
        let address = self.running.open(addr).ok_or(AnalysisRefusal::FromAddress)?;
        users.insert(user.clone());
        Ok(Running {
            user: user.clone(),
            address: addr,
            users: self.users.clone(),
            _address: address,
        })
    }

    /// The limits of a request that asks for `time_ms` (none: the most)
    /// and at most `depth`.
    pub fn budget(&self, time_ms: Option<u64>, depth: Option<u32>) -> Limits {
        let most = self.limits.max_time;
        let time = time_ms.map_or(most, |ms| Duration::from_millis(ms).min(most));
        Limits {
            movetime: Some(time),
            nodes: Some(self.limits.max_nodes),
            depth: depth.map(|d| d.clamp(1, 64)),
            clock: None,
        }
    }

    /// A worker of the analysis pool for `owner`, once its turn comes
    /// (round-robin by address, then by user); held while searching. Game
    /// reviews ([`crate::review`]) search on it too, a position at a time.
    pub async fn worker(&self, owner: &Owner) -> crate::ai_pool::Worker {
        self.pool.worker_for(owner, Level::Max).await
    }

    /// Searches `lines` lines (multi-PV, 1 to [`MAX_LINES`]; at most one
    /// per legal move) of `game` within `limits` on the analysis pool for
    /// `running`'s user and address, until `stop`; every completed
    /// iteration deeper than the last told, then the end, goes to
    /// `progress` (the end with `done`, and only the end). The search runs
    /// in slices: while someone else waits for the pool, it gives its
    /// worker back after [`AnalysisLimits::slice`] and searches on with the
    /// rest of its budget at its next turn (nodes and time in `progress`
    /// count every slice). Returns when the search has ended.
    pub async fn run(
        &self,
        running: Running,
        game: Box<dyn Match>,
        lines: u32,
        limits: Limits,
        stop: Arc<AtomicBool>,
        progress: mpsc::UnboundedSender<Progress>,
    ) {
        let owner = Owner::new(running.address, running.user.as_str());
        let side = game.side_to_move();
        let lines = lines.clamp(1, MAX_LINES) as usize;
        let spec = EngineSpec::level(Level::Max).with_lines(lines).objective();
        let mut analysis = Some(Analysis {
            game,
            context: SearchContext::new(),
            searched: Searched::default(),
        });
        // What was searched before the running slice, should its thread
        // fail.
        let mut searched = Searched::default();
        let mut kept: Option<KeptTable> = None;
        while let Some(mut current) = analysis.take() {
            // Waiting for a worker ends with a stop too.
            let worker = tokio::select! {
                worker = self.pool.worker_for(&owner, Level::Max) => worker,
                () = stopped(&stop) => {
                    searched = current.searched.clone();
                    analysis = Some(current);
                    break;
                }
            };
            drop(kept.take());
            searched = current.searched.clone();
            let pause = Arc::new(AtomicBool::new(false));
            let _stop_on_drop = StopOnDrop(pause.clone());
            let given = Instant::now();
            let slice = {
                let (pause, progress) = (pause.clone(), progress.clone());
                on_search_thread(move || {
                    current.search(&spec, &limits, &pause, &progress, side);
                    // The worker goes back as soon as the search ends.
                    drop(worker);
                    current
                })
            };
            tokio::pin!(slice);
            let mut paused = false;
            let ended = loop {
                tokio::select! {
                    ended = &mut slice => break ended,
                    () = tokio::time::sleep(POLL) => {
                        if stop.load(Ordering::Relaxed) {
                            pause.store(true, Ordering::Relaxed);
                        } else if !paused
                            && given.elapsed() >= self.limits.slice
                            && self.pool.others_waiting(&owner, Level::Max)
                        {
                            paused = true;
                            pause.store(true, Ordering::Relaxed);
                        }
                    }
                }
            };
            let Some(mut current) = ended else {
                tracing::error!("an analysis search failed");
                break;
            };
            searched = current.searched.clone();
            let over =
                !paused || stop.load(Ordering::Relaxed) || current.searched.finished(&limits);
            if !over && current.context.holds_table() {
                // Paused: wait for the next turn, with the table if there
                // is room for it.
                kept = self.keep_table();
                if kept.is_none() {
                    free_elsewhere(std::mem::take(&mut current.context));
                }
            }
            analysis = Some(current);
            if over {
                break;
            }
        }
        drop(kept);
        if let Some(over) = analysis {
            free_elsewhere(over);
        }
        // The claim is given back (the worker already is) before the end
        // is told, so the user may start another analysis at once.
        drop(running);
        let _ = progress.send(searched.end(side));
    }

    /// Room to keep a paused analysis's table, if there is some.
    fn keep_table(&self) -> Option<KeptTable> {
        self.kept_tables
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < PAUSED_TABLES_PER_WORKER * self.limits.workers.max(1)).then_some(n + 1)
            })
            .ok()
            .map(|_| KeptTable(self.kept_tables.clone()))
    }
}

/// A paused analysis's table, counted until dropped.
#[derive(Debug)]
struct KeptTable(Arc<AtomicUsize>);

impl Drop for KeptTable {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Stops a slice's search when the task waiting for it goes away.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Returns once `stop` is set.
async fn stopped(stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(POLL).await;
    }
}

/// An analysis between its slices: the position, the search's table and
/// what it has searched.
struct Analysis {
    game: Box<dyn Match>,
    context: SearchContext,
    searched: Searched,
}

impl Analysis {
    /// Searches on within the rest of `limits` until `pause`, telling
    /// `progress` each iteration deeper than told so far.
    fn search(
        &mut self,
        spec: &EngineSpec,
        limits: &Limits,
        pause: &AtomicBool,
        progress: &mpsc::UnboundedSender<Progress>,
        side: Player,
    ) {
        let rest = self.searched.rest(limits);
        let before = self.searched.clone();
        let searched = &mut self.searched;
        let started = Instant::now();
        let report = self
            .game
            .search_in(&mut self.context, spec, &rest, pause, &mut |info| {
                let info = before.counting(info);
                if info.depth > searched.told {
                    searched.told = info.depth;
                    let _ = progress.send(progress_of(&info, side, false));
                    searched.deepest(info);
                }
            });
        let info = before.counting(&report.info);
        searched.time = before.time + started.elapsed().max(report.info.time);
        searched.nodes = info.nodes;
        searched.deepest(info);
    }
}

/// What an analysis has searched in its slices so far.
#[derive(Clone, Debug, Default)]
struct Searched {
    /// Search time.
    time: Duration,
    nodes: u64,
    /// The deepest iteration yet, its nodes and time counted from the
    /// analysis's start.
    best: Option<SearchInfo>,
    /// The depth of the last iteration told.
    told: u32,
}

impl Searched {
    /// `limits` less what has been searched.
    fn rest(&self, limits: &Limits) -> Limits {
        Limits {
            movetime: limits.movetime.map(|t| t.saturating_sub(self.time)),
            nodes: limits.nodes.map(|n| n.saturating_sub(self.nodes)),
            ..*limits
        }
    }

    /// Whether `limits` are used up (or their depth completed).
    fn finished(&self, limits: &Limits) -> bool {
        limits.movetime.is_some_and(|t| self.time >= t)
            || limits.nodes.is_some_and(|n| self.nodes >= n)
            || limits.depth.is_some_and(|d| self.told >= d)
    }

    /// A slice's `info` with this search's nodes and time before it.
    fn counting(&self, info: &SearchInfo) -> SearchInfo {
        SearchInfo {
            nodes: self.nodes + info.nodes,
            time: self.time + info.time,
            ..info.clone()
        }
    }

    /// Keeps `info` if it is as deep as the deepest yet.
    fn deepest(&mut self, info: SearchInfo) {
        if self.best.as_ref().is_none_or(|b| info.depth >= b.depth) {
            self.best = Some(info);
        }
    }

    /// The last progress: the deepest iteration, with every node and all
    /// the time searched.
    fn end(&self, side: Player) -> Progress {
        match &self.best {
            Some(best) => {
                let info = SearchInfo {
                    nodes: self.nodes,
                    time: self.time,
                    ..best.clone()
                };
                progress_of(&info, side, true)
            }
            None => stopped_before_search(side),
        }
    }
}

/// Runs `search` on a new thread of its own, at a lower priority
/// ([`SEARCH_NICENESS`]), and answers its result (`None` if the thread
/// could not start or the search panicked). Analyses and reviews search
/// this way rather than on tokio's blocking pool, whose threads the
/// computer's moves in games use: a thread's priority stays with it.
pub(crate) async fn on_search_thread<T: Send + 'static>(
    search: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (sender, receiver) = oneshot::channel();
    let spawned = std::thread::Builder::new()
        .name("gamut-analysis".to_owned())
        .spawn(move || {
            lower_priority();
            let _ = sender.send(search());
        });
    if let Err(e) = spawned {
        tracing::error!("cannot start a search thread: {e}");
        return None;
    }
    receiver.await.ok()
}

/// Drops `what` (a search's table: tens of MB to give back to the system)
/// on a thread of its own rather than on the runtime's.
pub(crate) fn free_elsewhere<T: Send + 'static>(what: T) {
    let freeing = std::thread::Builder::new()
        .name("gamut-free".to_owned())
        .spawn(move || drop(what));
    if let Err(e) = freeing {
        tracing::debug!("freeing a search table here: {e}");
    }
}

/// Lowers the calling thread's priority to [`SEARCH_NICENESS`] (on Linux,
/// where niceness is per thread; elsewhere nothing).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `setpriority` only reads its arguments; on Linux, `who`
        // 0 with `PRIO_PROCESS` is the calling thread.
        let done = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, SEARCH_NICENESS) };
        if done != 0 {
            tracing::debug!(
                "cannot lower a search thread's priority: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}

/// The progress of a search that found `info`.
fn progress_of(info: &SearchInfo, side: Player, done: bool) -> Progress {
    let score = ScoreView::from(info.score);
    Progress {
        side,
        depth: info.depth,
        seldepth: info.seldepth,
        score,
        nodes: info.nodes,
        nps: info.nps(),
        time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
        lines: info
            .lines()
            .filter(|(_, moves)| !moves.is_empty())
            .map(|(score, moves)| LineView {
                moves: moves.to_vec(),
                score: score.into(),
            })
            .collect(),
        done,
    }
}

/// The end of an analysis stopped before it searched.
fn stopped_before_search(side: Player) -> Progress {
    Progress {
        side,
        depth: 0,
        seldepth: 0,
        score: ScoreView::Value { value: 0 },
        nodes: 0,
        nps: 0,
        time_ms: 0,
        lines: Vec::new(),
        done: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::RandomId;
    use gamut_games::GameKind;

    #[test]
    fn one_analysis_per_user_and_a_cap_per_address() {
        let analyses = Analyses::new(&AnalysisLimits {
            per_address: 2,
            ..AnalysisLimits::default()
        });
        let addr: IpAddr = "10.0.0.1".parse().unwrap();
        let (a, b, c) = (UserId::random(), UserId::random(), UserId::random());
        let first = analyses.claim(&a, addr).unwrap();
        assert_eq!(analyses.claim(&a, addr).unwrap_err(),
            AnalysisRefusal::AlreadyRunning);
        let _second = analyses.claim(&b, addr).unwrap();
        assert_eq!(analyses.claim(&c, addr).unwrap_err(),
            AnalysisRefusal::FromAddress);
        drop(first);
        assert!(analyses.claim(&a, addr).is_ok(), "a's analysis ended");
    }

    #[test]
    fn requests_are_bounded_by_the_limits() {
        let analyses = Analyses::new(&AnalysisLimits::default());
        let most = analyses.budget(Some(3_600_000), Some(500));
        assert_eq!(most.movetime, Some(Duration::from_secs(30)));
        assert_eq!(most.nodes, Some(200_000_000));
        assert_eq!(most.depth, Some(64));
        let less = analyses.budget(Some(500), None);
        assert_eq!(less.movetime, Some(Duration::from_millis(500)));
        assert_eq!(analyses.budget(None, None).movetime, most.movetime);
    }

    #[tokio::test]
    async fn searches_run_on_a_thread_of_their_own_at_a_lower_priority() {
        let caller = std::thread::current().id();
        let (thread, name, niceness) = on_search_thread(|| {
            let me = std::thread::current();
            #[cfg(target_os = "linux")]
            // SAFETY: `getpriority` only reads its arguments.
            let niceness = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
            #[cfg(not(target_os = "linux"))]
            let niceness = SEARCH_NICENESS;
            (me.id(), me.name().map(str::to_owned), niceness)
        })
        .await
        .expect("the search ran");
        assert_ne!(thread, caller);
        assert_eq!(name.as_deref(), Some("gamut-analysis"));
        assert!(niceness >= SEARCH_NICENESS, "niceness {niceness}");
        // The caller's thread keeps its own.
        #[cfg(target_os = "linux")]
        {
            // SAFETY: as above.
            let mine = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
            assert!(mine < SEARCH_NICENESS || niceness == mine, "{mine}");
        }
        let failed = on_search_thread(|| -> u32 { panic!("a search that fails") }).await;
        assert!(failed.is_none());
    }

    #[tokio::test]
    async fn progress_comes_with_a_best_line_and_ends_done() {
        let analyses = Analyses::new(&AnalysisLimits::default());
        let game = GameKind::Loa.new_match(&[], None).unwrap();
        let running = analyses
            .claim(&UserId::random(), "10.0.0.2".parse().unwrap())
            .unwrap();
        let (tx, mut rx) = mpsc::unbounded_channel();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = analyses.budget(Some(300), None);
        analyses.run(running, game, 1, limits, stop, tx).await;
        let mut all = Vec::new();
        while let Ok(p) = rx.try_recv() {
            all.push(p);
        }
        let last = all.last().expect("progress");
        assert!(last.done);
        assert!(all[..all.len() - 1].iter().all(|p| !p.done));
        assert!(!last.lines[0].moves.is_empty());
        assert_eq!(last.side, Player::First);
    }
}
