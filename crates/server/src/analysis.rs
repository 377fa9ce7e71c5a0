//! The analysis board's engine (issue 15): a position of any catalogue
//! game searched on the server, its progress streamed to the asker.
//!
//! Analyses run on a pool of their own ([`AiPool`], served round-robin by
//! user like the computer's moves), so a long analysis never delays a
//! game's computer move. Each is bounded ([`AnalysisLimits`]): a search
//! time and a node budget per request, at most [`MAX_LINES`] lines
//! (multi-PV), at most one running analysis per user and a cap per
//! address. The socket is `http/analysis.rs`; the wire
//! format is in `docs/api.md` ("WebSocket: analysis").
//!
//! Scores follow `gamut analyse`: from the side to move's point of view,
//! about 100 for one pawn-like unit of advantage, or a forced result the
//! search proved (a win or a loss in so many plies).

use crate::ai_pool::AiPool;
use crate::connections::{ConnectionCounter, ConnectionGuard};
use crate::ids::UserId;
use gamut_ai::{EngineSpec, Level, Limits, Score, SearchInfo};
use gamut_core::Player;
use gamut_games::Match;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::mpsc;

/// The bounds of analyses, settings of `gamut serve` (in
/// [`crate::ServerLimits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Analyses searching at once in the whole server (the analysis pool's
    /// workers; more wait their turn, round-robin by user). Default 2.
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
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits {
            workers: 2,
            per_address: 4,
            max_time: Duration::from_secs(30),
            max_nodes: 200_000_000,
            sockets_per_address: 8,
        }
    }
}

/// The most moves a position request or an analysis may list.
pub const MAX_MOVES: usize = 2_000;

/// The most lines (multi-PV) one analysis searches: each line costs a
/// search of the root at every depth.
pub const MAX_LINES: u32 = 3;

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
}

/// A running analysis, counted against its user and address until dropped.
#[derive(Debug)]
pub struct Running {
    user: UserId,
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

/// Why an analysis may not start.
pub const ALREADY_RUNNING: &str = "you already have an analysis running; stop it first";
/// Why an analysis may not start.
pub const TOO_MANY_FROM_ADDRESS: &str = "too many analyses running from this address";

impl Analyses {
    /// Analyses bounded by `limits`.
    pub fn new(limits: &AnalysisLimits) -> Self {
        Analyses {
            limits: limits.clone(),
            pool: AiPool::new(limits.workers),
            users: Arc::default(),
            running: ConnectionCounter::new(limits.per_address),
            sockets: ConnectionCounter::new(limits.sockets_per_address),
        }
    }

    /// Counts a new analysis of `user` from `addr`, or says why not.
    pub fn claim(&self, user: &UserId, addr: IpAddr) -> Result<Running, &'static str> {
        let mut users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        if users.contains(user) {
            return Err(ALREADY_RUNNING);
        }
        let address = self.running.open(addr).ok_or(TOO_MANY_FROM_ADDRESS)?;
        users.insert(user.clone());
        Ok(Running {
            user: user.clone(),
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
    /// (round-robin by user); held while searching. Game reviews
    /// ([`crate::review`]) search on it too.
    pub async fn worker(&self, owner: &str) -> crate::ai_pool::Worker {
        self.pool.worker(owner, Level::Max).await
    }

    /// Searches `lines` lines (multi-PV, 1 to [`MAX_LINES`]; at most one
    /// per legal move) of `game` within `limits` once a worker of the
    /// analysis pool is free for `running`'s user, until `stop`; every
    /// completed iteration, then the end, goes to `progress` (the end with
    /// `done`). Returns when the search has ended.
    pub async fn run(
        &self,
        running: Running,
        game: Box<dyn Match>,
        lines: u32,
        limits: Limits,
        stop: Arc<AtomicBool>,
        progress: mpsc::UnboundedSender<Progress>,
    ) {
        // Waiting for a worker ends with a stop too.
        let stopped = async {
            while !stop.load(Ordering::Relaxed) {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };
        let worker = tokio::select! {
            worker = self.pool.worker(running.user.as_str(), Level::Max) => worker,
            () = stopped => {
                let _ = progress.send(Progress::stopped(&*game));
                return;
            }
        };
        let task = tokio::task::spawn_blocking(move || {
            let held = (worker, running);
            let mover = game.side_to_move();
            let lines = lines.clamp(1, MAX_LINES) as usize;
            let spec = EngineSpec::level(Level::Max).with_lines(lines).objective();
            let report = game.search(&spec, &limits, &stop, &mut |info| {
                let _ = progress.send(Progress::of(info, mover, false));
            });
            // The worker and the claim are given back before the end is
            // told, so the user may start another analysis at once.
            drop(held);
            let _ = progress.send(Progress::of(&report.info, mover, true));
        });
        let _ = task.await;
    }
}

/// A score on the wire: from the side to move (`side`), an evaluation
/// (`value`, about 100 for one pawn-like unit) or a result the search
/// proved (`win` / `loss` in `plies` plies, the side to move winning or
/// losing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ScoreView {
    /// An evaluation from the side to move.
    Value {
        /// About 100 is one pawn-like unit of advantage for the side to
        /// move; negative: the other side is better.
        value: i32,
    },
    /// The side to move wins by force within `plies` plies.
    Win {
        /// Plies (half-moves) to the win, at most.
        plies: u32,
    },
    /// The side to move loses by force within `plies` plies.
    Loss {
        /// Plies to the loss, at most.
        plies: u32,
    },
}

impl From<Score> for ScoreView {
    fn from(score: Score) -> Self {
        match score {
            Score::Value(value) => ScoreView::Value { value },
            Score::WinIn(plies) => ScoreView::Win { plies },
            Score::LossIn(plies) => ScoreView::Loss { plies },
        }
    }
}

/// One line of the analysis: its moves (its root move first) and its
/// score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineView {
    /// The moves, in notation, from the analysed position.
    pub moves: Vec<String>,
    /// The line's score, from the side to move.
    pub score: ScoreView,
}

/// The search's progress, as sent on the analysis socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The side to move of the analysed position: the side every score is
    /// from.
    #[serde(with = "crate::wire::side")]
    pub side: Player,
    /// The depth of the last completed iteration (plies).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The best line's score.
    pub score: ScoreView,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time searched, in milliseconds.
    pub time_ms: u64,
    /// The lines of the last completed iteration, best first (sorted by
    /// score), each starting with another move: as many as asked for, or
    /// fewer when the position has fewer legal moves (none before the
    /// first iteration). The first is the best line (`score`).
    pub lines: Vec<LineView>,
    /// Whether the search has ended (its time or node budget, its depth,
    /// a proof, or a stop).
    pub done: bool,
}

impl Progress {
    fn of(info: &SearchInfo, side: Player, done: bool) -> Progress {
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
    fn stopped(game: &dyn Match) -> Progress {
        Progress {
            side: game.side_to_move(),
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
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(analyses.claim(&a, addr).unwrap_err(), ALREADY_RUNNING);
        let _second = analyses.claim(&b, addr).unwrap();
        assert_eq!(analyses.claim(&c, addr).unwrap_err(), TOO_MANY_FROM_ADDRESS);
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
