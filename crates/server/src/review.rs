//! Game reviews (issue 15): the engine run over every position of a
//! finished game, once per game, the result stored and shared by everyone.
//!
//! A review is a job on the analysis board's pool ([`Analyses::worker`],
//! taken again for each position, so reviews and analyses share its
//! workers round-robin by address, then by user, and a review's positions
//! interleave with other requests), each position searched on a thread of
//! its own at a lower priority, as analyses are. Each user has at most one
//! review queued or running, each address at most
//! [`ReviewLimits::per_address`], the server at most
//! [`ReviewLimits::running`]; each position
//! gets a short fixed search ([`ReviewLimits::position_time`] and
//! [`ReviewLimits::position_nodes`], less when the game is long so the
//! whole review stays within [`ReviewLimits::total_time`]).
//!
//! From each position's score (from its side to move, as on the analysis
//! board) comes the first player's win probability ([`win_percent`]); a
//! ply's loss is how much of the mover's win probability it gave away,
//! marked by the game's thresholds ([`gamut_games::ReviewThresholds`]),
//! and each player's accuracy is the mean of their moves' accuracies
//! ([`move_accuracy`]). The formulas are documented in `docs/api.md`
//! ("Game review").

use crate::ai_pool::Owner;
use crate::analysis::{free_elsewhere, on_search_thread, Analyses};
use crate::error::ApiError;
use gamut_ai::{EngineSpec, Level, Limits, SearchContext};
use gamut_core::Player;
use gamut_games::{GameKind, ReviewThresholds};
use gamut_protocol::analysis::ScoreView;
use gamut_protocol::ids::{now_ms, UserId};
use gamut_protocol::review::{
    Mark, PlyReview, PositionEval, Review, ReviewProgress, ReviewState, ThresholdsView,
};
use gamut_protocol::ErrorCode;
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The bounds of reviews, settings of `gamut serve` (in
/// [`crate::ServerLimits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewLimits {
    /// Reviews queued or running at once in the server (each user: one).
    /// Default 4.
    pub running: usize,
    /// Reviews queued or running at once asked from one address. Default
    /// 2.
    pub per_address: usize,
    /// The longest search of one position. Default 300 ms.
    pub position_time: Duration,
    /// The most nodes one position's search visits. Default 2 000 000.
    pub position_nodes: u64,
    /// The search time of a whole review at most (a long game's positions
    /// get less each). Default 120 s.
    pub total_time: Duration,
}

impl Default for ReviewLimits {
    fn default() -> Self {
        ReviewLimits {
            running: 4,
            per_address: 2,
            position_time: Duration::from_millis(300),
            position_nodes: 2_000_000,
            total_time: Duration::from_secs(120),
        }
    }
}

/// Why a review may not start now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewRefusal {
    /// The user has one being computed.
    #[error("you already have a review running; wait for it to finish first")]
    AlreadyReviewing,
    /// As many are being computed as the server allows.
    #[error("too many reviews are running; try again in a minute")]
    Busy,
    /// The address has as many being computed as it may.
    #[error("too many reviews are running from this address; wait for one to finish")]
    FromAddress,
}

impl From<ReviewRefusal> for ApiError {
    fn from(refusal: ReviewRefusal) -> ApiError {
        let code = match refusal {
            ReviewRefusal::AlreadyReviewing => ErrorCode::ReviewRunning,
            ReviewRefusal::Busy => ErrorCode::ReviewsBusy,
            ReviewRefusal::FromAddress => ErrorCode::ReviewsFromAddress,
        };
        ApiError::too_many(refusal.to_string()).code(code)
    }
}

/// Why a game may not be reviewed yet.
pub const NOT_OVER: &str = "the game is not over: it can be reviewed once it has ended";

/// A review being computed.
#[derive(Debug)]
struct Job {
    user: UserId,
    /// Where it was asked from.
    address: IpAddr,
    /// Positions to evaluate (plies + 1).
    total: usize,
    /// Positions evaluated.
    done: AtomicUsize,
    /// A worker has begun.
    started: AtomicBool,
}

/// The reviews being computed in this process.
#[derive(Debug, Default)]
struct Jobs {
    by_game: HashMap<String, Arc<Job>>,
    users: HashSet<UserId>,
}

/// The reviews being computed and what bounds them.
#[derive(Debug)]
pub struct Reviews {
    /// The numbers.
    pub limits: ReviewLimits,
    jobs: Mutex<Jobs>,
}

impl Reviews {
    /// Reviews bounded by `limits`.
    pub fn new(limits: &ReviewLimits) -> Self {
        Reviews {
            limits: limits.clone(),
            jobs: Mutex::default(),
        }
    }

    fn jobs(&self) -> std::sync::MutexGuard<'_, Jobs> {
        self.jobs.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The state of `game_id`'s review being computed here, if it is.
    pub fn progress(&self, game_id: &str) -> Option<(ReviewState, ReviewProgress)> {
        let jobs = self.jobs();
        let job = jobs.by_game.get(game_id)?;
        let state = if job.started.load(Ordering::Relaxed) {
            ReviewState::Running
        } else {
            ReviewState::Queued
        };
        let progress = ReviewProgress {
            done: job.done.load(Ordering::Relaxed),
            total: job.total,
        };
        Some((state, progress))
    }

    /// Counts a review of `game_id` (`plies` plies) for `user` asking from
    /// `address`: `Ok(true)` when it is new and the caller must run it,
    /// `Ok(false)` when it is being computed already, or why not (the
    /// user's review, the address's cap, the server's).
    pub fn claim(
        &self,
        user: &UserId,
        address: IpAddr,
        game_id: &str,
        plies: usize,
    ) -> Result<bool, ReviewRefusal> {
        let mut jobs = self.jobs();
        if jobs.by_game.contains_key(game_id) {
            return Ok(false);
        }
        if jobs.users.contains(user) {
            return Err(ReviewRefusal::AlreadyReviewing);
        }
        let from_address = jobs
            .by_game
            .values()
            .filter(|job| job.address == address)
            .count();
        if from_address >= self.limits.per_address.max(1) {
            return Err(ReviewRefusal::FromAddress);
        }
        if jobs.by_game.len() >= self.limits.running.max(1) {
            return Err(ReviewRefusal::Busy);
        }
        jobs.users.insert(user.clone());
        let job = Job {
            user: user.clone(),
            address,
            total: plies + 1,
            done: AtomicUsize::new(0),
            started: AtomicBool::new(false),
        };
        jobs.by_game.insert(game_id.to_owned(), Arc::new(job));
        Ok(true)
    }

    /// Forgets `game_id`'s job (stored, or failed).
    pub fn release(&self, game_id: &str) {
        let mut jobs = self.jobs();
        if let Some(job) = jobs.by_game.remove(game_id) {
            jobs.users.remove(&job.user);
        }
    }

    /// The search limits of one position of a review of `positions`
    /// positions.
    pub fn budget(&self, positions: usize) -> Limits {
        let share = self.limits.total_time / u32::try_from(positions.max(1)).unwrap_or(u32::MAX);
        Limits {
            movetime: Some(
                self.limits
                    .position_time
                    .min(share)
                    .max(Duration::from_millis(1)),
            ),
            nodes: Some(self.limits.position_nodes),
            depth: None,
            clock: None,
        }
    }

    /// Evaluates every position of the game `kind` with `options`, `start`
    /// and `moves` (played by `movers`), on `analyses`' pool (a worker
    /// taken for each position, for the job's address and user), and
    /// returns the review. `game_id`'s job (claimed) counts the progress.
    #[allow(clippy::too_many_arguments)]
    pub async fn compute(
        &self,
        analyses: &Analyses,
        game_id: &str,
        kind: GameKind,
        options: &[(String, String)],
        start: Option<&str>,
        moves: &[String],
        movers: &[Player],
    ) -> anyhow::Result<Review> {
        let job = self
            .jobs()
            .by_game
            .get(game_id)
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("no review job for {game_id}"))?;
        let limits = self.budget(moves.len() + 1);
        let owner = Owner::new(job.address, job.user.as_str());
        let mut context = Some(SearchContext::new());
        let mut evals = Vec::with_capacity(moves.len() + 1);
        for i in 0..=moves.len() {
            let game = kind.replay(options, start, &moves[..i])?;
            let eval = if let Some(outcome) = game.outcome() {
                PositionEval {
                    side: game.side_to_move(),
                    score: None,
                    best: None,
                    win: match outcome.winner {
                        Some(Player::First) => 100.0,
                        Some(Player::Second) => 0.0,
                        None => 50.0,
                    },
                }
            } else {
                let worker = analyses.worker(&owner).await;
                job.started.store(true, Ordering::Relaxed);
                let mut ctx = context.take().unwrap_or_default();
                let searched = on_search_thread(move || {
                    let stop = AtomicBool::new(false);
                    let spec = EngineSpec::level(Level::Max).objective();
                    let report = game.search_in(&mut ctx, &spec, &limits, &stop, &mut |_| {});
                    // The worker goes back as soon as the search ends.
                    drop(worker);
                    let side = game.side_to_move();
                    let score = ScoreView::from(report.info.score);
                    let eval = PositionEval {
                        side,
                        score: Some(score),
                        best: report.best,
                        win: first_player_win(win_percent(score), side),
                    };
                    (ctx, eval)
                });
                let (ctx, eval) = searched
                    .await
                    .ok_or_else(|| anyhow::anyhow!("a review search failed"))?;
                context = Some(ctx);
                eval
            };
            evals.push(eval);
            job.done.store(i + 1, Ordering::Relaxed);
        }
        if let Some(context) = context {
            free_elsewhere(context);
        }
        Ok(review_of(kind, moves, movers, evals))
    }
}

/// The win probability (0 to 100) of the side a score is from: a proved
/// win 100, a proved loss 0, an evaluation `v` `100 / (1 + e^(-0.00368208
/// v))` (lichess's curve for centipawns: 100 is about 59 %).
pub fn win_percent(score: ScoreView) -> f64 {
    match score {
        ScoreView::Win { .. } => 100.0,
        ScoreView::Loss { .. } => 0.0,
        ScoreView::Value { value } => 100.0 / (1.0 + (-0.003_682_08 * f64::from(value)).exp()),
    }
}

/// `win` (of `side`) as the first player's.
fn first_player_win(win: f64, side: Player) -> f64 {
    match side {
        Player::First => win,
        Player::Second => 100.0 - win,
    }
}

/// A move's accuracy (0 to 100) from the win probability it lost
/// (`loss`, 0 to 100 points): lichess's `103.1668 e^(-0.04354 loss) -
/// 3.1669`, clamped.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.166_8 * (-0.043_54 * loss).exp() - 3.166_9).clamp(0.0, 100.0)
}

/// The mark of a move that lost `loss` points by `thresholds`.
pub fn mark(loss: f64, thresholds: ReviewThresholds) -> Option<Mark> {
    if loss >= f64::from(thresholds.blunder) {
        Some(Mark::Blunder)
    } else if loss >= f64::from(thresholds.mistake) {
        Some(Mark::Mistake)
    } else if loss >= f64::from(thresholds.inaccuracy) {
        Some(Mark::Inaccuracy)
    } else {
        None
    }
}

/// `x` to one decimal.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The review of `moves` (played by `movers`) from the positions'
/// evaluations (one more than the moves).
pub fn review_of(
    kind: GameKind,
    moves: &[String],
    movers: &[Player],
    mut positions: Vec<PositionEval>,
) -> Review {
    let thresholds = kind.review_thresholds();
    for p in &mut positions {
        p.win = tenth(p.win);
    }
    let mut plies = Vec::with_capacity(moves.len());
    let mut sums = [(0.0, 0usize); 2];
    for (i, played) in moves.iter().enumerate() {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let side = movers.get(i).copied().unwrap_or(before.side);
        let best = before.best.clone();
        let mover = |win: f64| first_player_win(win, side);
        let loss = if best.as_deref() == Some(played.as_str()) {
            0.0
        } else {
            tenth((mover(before.win) - mover(after.win)).max(0.0))
        };
        let accuracy = tenth(move_accuracy(loss));
        let sum = &mut sums[side.index()];
        sum.0 += accuracy;
        sum.1 += 1;
        plies.push(PlyReview {
            ply: i + 1,
            side,
            played: played.clone(),
            best,
            before: before.win,
            after: after.win,
            loss,
            accuracy,
            mark: mark(loss, thresholds),
        });
    }
    Review {
        game: kind,
        thresholds: ThresholdsView {
            inaccuracy: thresholds.inaccuracy,
            mistake: thresholds.mistake,
            blunder: thresholds.blunder,
        },
        positions,
        plies,
        accuracy: sums.map(|(sum, n)| (n > 0).then(|| tenth(sum / n as f64))),
        at: now_ms(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::RandomId;

    #[test]
    fn win_percent_follows_the_curve() {
        assert!((win_percent(ScoreView::Value { value: 0 }) - 50.0).abs() < 1e-9);
        let pawn = win_percent(ScoreView::Value { value: 100 });
        assert!((59.0..60.0).contains(&pawn), "{pawn}");
        assert!((win_percent(ScoreView::Win { plies: 3 }) - 100.0).abs() < 1e-9);
        assert!(win_percent(ScoreView::Loss { plies: 3 }).abs() < 1e-9);
    }

    #[test]
    fn accuracy_and_marks() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(100.0) < 1.0);
        let t = GameKind::Loa.review_thresholds();
        assert_eq!(mark(2.0, t), None);
        assert_eq!(mark(5.0, t), Some(Mark::Inaccuracy));
        assert_eq!(mark(12.0, t), Some(Mark::Mistake));
        assert_eq!(mark(60.0, t), Some(Mark::Blunder));
    }

    #[test]
    fn bounded_per_user_and_in_all() {
        let reviews = Reviews::new(&ReviewLimits {
            running: 2,
            ..ReviewLimits::default()
        });
        let (a, b, c) = (UserId::random(), UserId::random(), UserId::random());
        let here: IpAddr = "10.0.0.1".parse().unwrap();
        assert_eq!(reviews.claim(&a, here, "g1", 3), Ok(true));
        assert_eq!(
            reviews.claim(&b, here, "g1", 3),
            Ok(false),
            "already computed"
        );
        assert_eq!(
            reviews.claim(&a, here, "g2", 3),
            Err(ReviewRefusal::AlreadyReviewing)
        );
        assert_eq!(reviews.claim(&b, here, "g2", 3), Ok(true));
        let elsewhere: IpAddr = "10.0.0.9".parse().unwrap();
        assert_eq!(
            reviews.claim(&c, elsewhere, "g3", 3),
            Err(ReviewRefusal::Busy)
        );
        reviews.release("g1");
        assert_eq!(reviews.claim(&a, here, "g3", 3), Ok(true));
        let long = reviews.budget(10_000);
        assert!(long.movetime.unwrap() <= Duration::from_millis(12));
        assert_eq!(reviews.budget(3).movetime, Some(Duration::from_millis(300)));
    }

    #[test]
    fn bounded_per_address() {
        let reviews = Reviews::new(&ReviewLimits::default());
        let users: Vec<UserId> = (0..4).map(|_| UserId::random()).collect();
        let (here, there): (IpAddr, IpAddr) =
            ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert_eq!(reviews.claim(&users[0], here, "g1", 3), Ok(true));
        assert_eq!(reviews.claim(&users[1], here, "g2", 3), Ok(true));
        assert_eq!(
            reviews.claim(&users[2], here, "g3", 3),
            Err(ReviewRefusal::FromAddress)
        );
        assert_eq!(reviews.claim(&users[2], here, "g1", 3), Ok(false), "joined");
        assert_eq!(reviews.claim(&users[2], there, "g3", 3), Ok(true));
        reviews.release("g2");
        assert_eq!(reviews.claim(&users[3], here, "g4", 3), Ok(true));
    }
}
