//! The bounded pool where computer players think: at most `workers` moves
//! are computed at once in each of two lanes, each on a blocking thread, so
//! AI never delays other games' tasks. The quick lane serves the levels
//! that think a fraction of a second (`random` to `medium`), the deep lane
//! `hard`, `expert` and `max`, so an easy game's reply never waits behind seconds of
//! `max` thinking. Waiting requests are served fairly, round-robin by
//! [`Owner`]: first by address, then by user within an address (the
//! computer's moves in games have no address: round-robin by the person
//! the computer plays). One user with twenty games waiting gets one turn
//! in the lane, then every other waiting user gets one, so nobody's game
//! waits behind another user's queue; and the owner whose worker has just
//! come back waits behind the others. The analysis board
//! ([`crate::analysis`]) and game reviews use a pool of their own with
//! addresses, so one address's guests cannot take every turn, and ask
//! [`AiPool::others_waiting`] to give their worker back between slices of
//! a long search.
//!
//! How long the computer thinks ([`budget`]): at `expert` and `max` on a
//! clock, its time manager decides from the clock (time left, increment),
//! never more than a twentieth of the time left a move, or the move's
//! even share of the time if more ([`gamut_ai::MOVE_CAP_DIVISOR`];
//! `expert` within its node budget); the
//! weaker levels, and every level untimed, think a fixed time per level.
//! At `max` the pool also keeps the search's transposition table from one
//! move of a game to the next ([`KEPT_CONTEXTS`] games at most, the most
//! recently used): the game a table belongs to is recognised by its moves
//! (the table of a game whose moves continue them), so no game id is
//! needed.
//! Solver tables given to the server (`gamut serve --solved`) are given to
//! `max` in every game of their game and options, so it plays their
//! proven positions perfectly.

use gamut_ai::solver::SolvedTable;
use gamut_ai::{Clock, EngineSpec, Level, Limits, SearchContext};
use gamut_games::{GameKind, Match};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::oneshot;

/// Whom a worker is for: the address the request comes from and the user
/// it is for. Waiting requests are served round-robin by address, then by
/// user within the address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Owner {
    /// The client's address; `None` for requests without one (the
    /// computer's moves in games), which all share one turn order.
    pub address: Option<IpAddr>,
    /// The user's id.
    pub user: String,
}

impl Owner {
    /// `user`, asking from `address`.
    pub fn new(address: IpAddr, user: &str) -> Owner {
        Owner {
            address: Some(address),
            user: user.to_owned(),
        }
    }

    /// `user`, without an address.
    pub fn user(user: &str) -> Owner {
        Owner {
            address: None,
            user: user.to_owned(),
        }
    }
}

/// Runs the computer's searches on at most `workers` threads at once per
/// lane, taking waiting requests round-robin by owner.
#[derive(Clone, Debug)]
pub struct AiPool {
    /// `random` to `medium`.
    quick: Arc<FairQueue>,
    /// `hard`, `expert` and `max`.
    deep: Arc<FairQueue>,
    contexts: Arc<Contexts>,
}

impl AiPool {
    /// A pool of `workers` per lane (at least 1).
    pub fn new(workers: usize) -> Self {
        AiPool {
            quick: Arc::new(FairQueue::new(workers.max(1))),
            deep: Arc::new(FairQueue::new(workers.max(1))),
            contexts: Arc::new(Contexts::default()),
        }
    }

    /// The same pool whose `max` players use `solved` (each table in the
    /// games it was made for).
    #[must_use]
    pub fn with_solved(self, solved: Vec<Arc<SolvedTable>>) -> Self {
        let contexts = Contexts {
            solved,
            ..Contexts::default()
        };
        AiPool {
            contexts: Arc::new(contexts),
            ..self
        }
    }

    /// A worker of `level`'s lane for `owner` (the user the computer
    /// plays), once its turn comes: the time until then is the queue's, not
    /// the computer's, and the game's task gives it back to the computer's
    /// clock.
    pub async fn worker(&self, owner: &str, level: Level) -> Worker {
        self.worker_for(&Owner::user(owner), level).await
    }

    /// A worker of `level`'s lane for `owner` (an address and a user), once
    /// its turn comes: round-robin by address, then by user.
    pub async fn worker_for(&self, owner: &Owner, level: Level) -> Worker {
        Worker {
            permit: self.lane(level).acquire(owner).await,
            contexts: self.contexts.clone(),
        }
    }

    /// Whether a request of anyone but `owner` (another address, or
    /// another user) waits for a worker of `level`'s lane: a long search of
    /// `owner`'s should give its worker back.
    pub fn others_waiting(&self, owner: &Owner, level: Level) -> bool {
        self.lane(level).others_waiting(owner)
    }

    fn lane(&self, level: Level) -> &Arc<FairQueue> {
        if level >= Level::Hard {
            &self.deep
        } else {
            &self.quick
        }
    }
}

/// One of the pool's workers, held until it has thought.
#[derive(Debug)]
pub struct Worker {
    permit: Permit,
    contexts: Arc<Contexts>,
}

impl Worker {
    /// The computer's move for the side to move of `game` (`None` if it
    /// has none), at `level` within `budget` (from [`budget`]), on a
    /// blocking thread.
    pub async fn think(self, game: Box<dyn Match>, level: Level, budget: Limits) -> Option<String> {
        let permit = self.permit;
        let contexts = self.contexts;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let spec = EngineSpec::level(level);
            let stop = AtomicBool::new(false);
            if level != Level::Max {
                return game.search(&spec, &budget, &stop, &mut |_| {}).best;
            }
            let mut context = contexts.take(&*game);
            let best = game
                .search_in(&mut context, &spec, &budget, &stop, &mut |_| {})
                .best;
            if let Some(mv) = &best {
                contexts.put(&*game, mv, context);
            }
            best
        })
        .await
        .ok()
        .flatten()
    }
}

/// How many games' search tables the pool keeps between their moves (each
/// up to `max`'s table size, 64 MB).
pub const KEPT_CONTEXTS: usize = 4;

/// The search tables kept between the moves of recent games, most
/// recently used last, and the solver tables every game may use.
#[derive(Debug, Default)]
struct Contexts {
    kept: Mutex<Vec<KeptContext>>,
    solved: Vec<Arc<SolvedTable>>,
}

/// A game's table, with what identifies the game: the table is for a game
/// of this kind, options and start whose moves begin with `moves`.
#[derive(Debug)]
struct KeptContext {
    kind: GameKind,
    options: Vec<(String, String)>,
    start: String,
    moves: Vec<String>,
    context: SearchContext,
}

impl KeptContext {
    /// Whether `game` continues the game this table was left by.
    fn continued_by(&self, game: &dyn Match, moves: &[String]) -> bool {
        self.kind == game.kind()
            && moves.starts_with(&self.moves)
            && self.start == game.start_text()
            && self.options == game.options()
    }
}

impl Contexts {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<KeptContext>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The table of the game `game` continues (taken out while it is in
    /// use), or a new one; with the solver table made for `game`, if any.
    fn take(&self, game: &dyn Match) -> SearchContext {
        let moves = game.moves();
        let mut kept = self.lock();
        let found = kept
            .iter()
            .enumerate()
            .filter(|(_, k)| k.continued_by(game, &moves))
            .max_by_key(|(_, k)| k.moves.len())
            .map(|(i, _)| i);
        let mut context = found.map_or_else(SearchContext::new, |i| kept.remove(i).context);
        context.set_solved(self.solved_for(game));
        context
    }

    /// The solver table made for `game`'s game and options, if any.
    fn solved_for(&self, game: &dyn Match) -> Option<Arc<SolvedTable>> {
        self.solved.iter().find(|t| game.fits_solved(t)).cloned()
    }

    /// Keep `context` for `game` after the move `best`, dropping the least
    /// recently used beyond [`KEPT_CONTEXTS`].
    fn put(&self, game: &dyn Match, best: &str, context: SearchContext) {
        let mut moves = game.moves();
        moves.push(best.to_string());
        let entry = KeptContext {
            kind: game.kind(),
            options: game.options(),
            start: game.start_text(),
            moves,
            context,
        };
        let mut kept = self.lock();
        kept.push(entry);
        while kept.len() > KEPT_CONTEXTS {
            kept.remove(0);
        }
    }
}

/// A counting semaphore whose waiters are served round-robin by address,
/// then by user within an address.
#[derive(Debug)]
struct FairQueue {
    state: Mutex<QueueState>,
}

#[derive(Debug)]
struct QueueState {
    /// Workers free now.
    free: usize,
    /// Addresses with waiters, in the order their next turn comes.
    ring: VecDeque<Option<IpAddr>>,
    /// Each of those addresses' waiters.
    addresses: HashMap<Option<IpAddr>, Users>,
}

/// The waiters of one address.
#[derive(Debug, Default)]
struct Users {
    /// Users with waiters, in the order their next turn comes.
    ring: VecDeque<String>,
    /// Each user's waiters, oldest first.
    waiting: HashMap<String, VecDeque<oneshot::Sender<Permit>>>,
}

/// A worker, given back to the queue when dropped.
#[derive(Debug)]
struct Permit {
    queue: Option<Arc<FairQueue>>,
    /// Whom it was given to.
    owner: Owner,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(queue) = self.queue.take() {
            FairQueue::release(&queue, &self.owner);
        }
    }
}

impl QueueState {
    /// Puts `owner`, whose worker has just come back, behind the others
    /// waiting (its address behind the other addresses, itself behind the
    /// other users of its address), so the turn goes to those who waited.
    fn behind(&mut self, owner: &Owner) {
        if self.ring.len() > 1 && self.ring.front() == Some(&owner.address) {
            self.ring.rotate_left(1);
        }
        if let Some(users) = self.addresses.get_mut(&owner.address) {
            if users.ring.len() > 1 && users.ring.front() == Some(&owner.user) {
                users.ring.rotate_left(1);
            }
        }
    }

    /// The next waiter in turn (taken out of the queue) and whom it is
    /// for, if any.
    fn next(&mut self) -> Option<(oneshot::Sender<Permit>, Owner)> {
        while let Some(address) = self.ring.pop_front() {
            let Some(users) = self.addresses.get_mut(&address) else {
                continue;
            };
            let Some(user) = users.ring.pop_front() else {
                self.addresses.remove(&address);
                continue;
            };
            let next = users.waiting.get_mut(&user).and_then(VecDeque::pop_front);
            if users.waiting.get(&user).is_some_and(|w| !w.is_empty()) {
                users.ring.push_back(user.clone());
            } else {
                users.waiting.remove(&user);
            }
            if users.ring.is_empty() {
                self.addresses.remove(&address);
            } else {
                self.ring.push_back(address);
            }
            if let Some(sender) = next {
                return Some((sender, Owner { address, user }));
            }
        }
        None
    }
}

impl FairQueue {
    fn new(workers: usize) -> Self {
        FairQueue {
            state: Mutex::new(QueueState {
                free: workers,
                ring: VecDeque::new(),
                addresses: HashMap::new(),
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A worker for `owner`, when its turn comes.
    async fn acquire(self: &Arc<Self>, owner: &Owner) -> Permit {
        let receiver = {
            let mut state = self.lock();
            if state.free > 0 && state.ring.is_empty() {
                state.free -= 1;
                return Permit {
                    queue: Some(self.clone()),
                    owner: owner.clone(),
                };
            }
            let (sender, receiver) = oneshot::channel();
            let new_address = !state.addresses.contains_key(&owner.address);
            let users = state.addresses.entry(owner.address).or_default();
            let queue = users.waiting.entry(owner.user.clone()).or_default();
            queue.push_back(sender);
            if queue.len() == 1 {
                users.ring.push_back(owner.user.clone());
            }
            if new_address {
                state.ring.push_back(owner.address);
            }
            receiver
        };
        match receiver.await {
            Ok(permit) => permit,
            // The queue is never dropped while a request waits on it.
            Err(_) => Permit {
                queue: None,
                owner: owner.clone(),
            },
        }
    }

    /// Whether a request of anyone but `owner` waits (and has not been
    /// given up).
    fn others_waiting(&self, owner: &Owner) -> bool {
        let state = self.lock();
        state.addresses.iter().any(|(address, users)| {
            users.waiting.iter().any(|(user, waiters)| {
                (*address != owner.address || *user != owner.user)
                    && waiters.iter().any(|w| !w.is_closed())
            })
        })
    }

    /// Gives `owner`'s worker back: to the next waiter in turn (not
    /// `owner` while others wait), or free.
    fn release(queue: &Arc<FairQueue>, owner: &Owner) {
        let mut state = queue.lock();
        state.behind(owner);
        while let Some((sender, next)) = state.next() {
            let permit = Permit {
                queue: Some(queue.clone()),
                owner: next,
            };
            match sender.send(permit) {
                Ok(()) => return,
                // That request was given up: the permit comes back here
                // through its drop, so stop handing it on.
                Err(mut unused) => {
                    unused.queue = None;
                }
            }
        }
        state.free += 1;
    }
}

/// What the computer's clock loses outside its search, between the
/// search's end and the move's commit (the task's queue, the database):
/// taken off the time left the search is told.
pub const SERVER_LATENCY: Duration = Duration::from_millis(100);

/// How long the computer thinks at `level`, given its time left (`None`:
/// untimed), for a game without increment; see [`clock_budget`].
pub fn budget(level: Level, time_left_ms: Option<i64>) -> Limits {
    clock_budget(level, time_left_ms, 0)
}

/// How long the computer thinks at `level`, given its time left (`None`:
/// untimed) and its increment. At `expert` and `max` on a clock: the time
/// manager's choice from the clock ([`gamut_ai::TimeBudget`]: time left
/// less [`SERVER_LATENCY`], increment), at most a twentieth of the time
/// left a move (or the increment or the move's even share, if more:
/// [`gamut_ai::MOVE_CAP_DIVISOR`]);
/// untimed, 2 s and 3 s. The weaker levels think a fixed time (easy 100 ms,
/// medium 300 ms, hard 1 s), at most a 30th of the time left. The level's
/// caps apply on top (`hard`'s and `expert`'s node budgets).
pub fn clock_budget(level: Level, time_left_ms: Option<i64>, increment_ms: i64) -> Limits {
    let ms = |ms: i64| Duration::from_millis(u64::try_from(ms).unwrap_or(0));
    let by_level: i64 = match level {
        Level::Random => 0,
        Level::Easy => 100,
        Level::Medium => 300,
        Level::Hard => 1_000,
        Level::Expert => 2_000,
        Level::Max => 3_000,
    };
    match (level, time_left_ms) {
        (Level::Expert | Level::Max, Some(left)) => Limits::clock(Clock::new(
            ms(left).saturating_sub(SERVER_LATENCY),
            ms(increment_ms),
        )),
        (_, Some(left)) => Limits::movetime(ms(by_level.min(left.max(0) / 30))),
        (_, None) => Limits::movetime(ms(by_level)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_on_a_clock_lets_the_time_manager_decide() {
        let limits = clock_budget(Level::Max, Some(60_000), 2_000);
        assert_eq!(
            limits,
            Limits::clock(Clock::new(
                Duration::from_millis(60_000) - SERVER_LATENCY,
                Duration::from_millis(2_000)
            ))
        );
        assert_eq!(
            budget(Level::Max, Some(50)).clock.map(|c| c.left),
            Some(Duration::ZERO)
        );
        assert_eq!(
            budget(Level::Max, None),
            Limits::movetime(Duration::from_secs(3))
        );
    }

    #[test]
    fn a_move_on_a_clock_takes_at_most_its_share_or_a_twentieth() {
        // The report: `max` thought up to 30 s a move in a 5+3 game of
        // Lines of Action (45 plies typical), `hard` tens of milliseconds.
        // Now a move's hard cap is the larger of a twentieth of the time
        // left, the increment and its even share of the time, at `expert`
        // too (whose node budget also applies): 16.4 s, 12.6 s and 6.1 s
        // where the time manager alone allowed 74 s, 57 s and 9.4 s.
        let ms = Duration::from_millis;
        for level in [Level::Expert, Level::Max] {
            for (left, plies, most) in [
                (300_000, 0, 16_500),
                (120_000, 20, 12_700),
                (20_000, 40, 6_200),
            ] {
                let limits = clock_budget(level, Some(left), 3_000);
                let clock = limits.clock.expect("a clock");
                let progress = gamut_ai::GameProgress {
                    plies_played: plies,
                    plies_left_at_most: None,
                    typical_plies: 45,
                    expected_plies_left: None,
                };
                let b = gamut_ai::TimeBudget::allocate(&clock, &progress);
                assert!(b.hard <= ms(most), "{level} with {left} ms: {b:?}");
                assert!(b.capped, "{level} with {left} ms: {b:?}");
            }
        }
        assert_eq!(gamut_ai::MOVE_CAP_DIVISOR, 20);
        assert_eq!(budget(Level::Expert, None), Limits::movetime(ms(2_000)));
    }

    #[test]
    fn weaker_levels_keep_their_fixed_times() {
        let ms = Duration::from_millis;
        assert_eq!(budget(Level::Easy, None), Limits::movetime(ms(100)));
        assert_eq!(
            budget(Level::Medium, Some(600_000)),
            Limits::movetime(ms(300))
        );
        assert_eq!(
            clock_budget(Level::Hard, Some(3_000), 5_000),
            Limits::movetime(ms(100))
        );
        assert_eq!(budget(Level::Hard, Some(-5)), Limits::movetime(ms(0)));
        assert_eq!(budget(Level::Random, Some(1_000)), Limits::movetime(ms(0)));
    }

    #[test]
    fn a_games_table_is_found_again_by_its_moves() {
        let contexts = Contexts::default();
        let mut game = GameKind::Loa.new_match(&[], None).unwrap();
        let mut other = game.clone_match();
        let first = game.legal_moves();
        game.play(&first[0]).unwrap();
        other.play(&first[1]).unwrap();
        let reply = game.legal_moves()[0].clone();
        contexts.put(&*game, &reply, SearchContext::new());
        contexts.put(&*other, &other.legal_moves()[0], SearchContext::new());
        // The expected reply came, and another move: the game continues
        // the first table's line, which is taken out.
        game.play(&reply).unwrap();
        let next = game.legal_moves()[0].clone();
        game.play(&next).unwrap();
        let _ = contexts.take(&*game);
        let left = contexts.lock();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].moves[0], first[1]);
        drop(left);
        // A game of another kind or start finds none; the cache is bounded.
        let football = GameKind::Football.new_match(&[], None).unwrap();
        let _ = contexts.take(&*football);
        assert_eq!(contexts.lock().len(), 1);
        for _ in 0..KEPT_CONTEXTS + 3 {
            contexts.put(&*football, "pick:QRN", SearchContext::new());
        }
        assert_eq!(contexts.lock().len(), KEPT_CONTEXTS);
    }

    #[test]
    fn a_solver_table_goes_to_the_games_it_was_made_for() {
        use gamut_core::GameOptions;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("six.table");
        let six = gamut_loa::LoaOptions::from_pairs([("size", "6")]).unwrap();
        gamut_ai::Solver::<gamut_loa::Loa>::new(1)
            .save(&six, &path)
            .unwrap();
        let file = gamut_games::SolvedFile::load(&path).unwrap();
        let pool = AiPool::new(1).with_solved(vec![file.table.clone()]);
        let contexts = &pool.contexts;
        let mut game = GameKind::Loa.new_match(&file.options, None).unwrap();
        assert!(contexts.take(&*game).solved().is_some());
        // Kept between moves, it is still the game's.
        let mv = game.legal_moves()[0].clone();
        contexts.put(&*game, &mv, SearchContext::new());
        game.play(&mv).unwrap();
        assert!(contexts.take(&*game).solved().is_some());
        // Not for another board size or game.
        let eight = GameKind::Loa.new_match(&[], None).unwrap();
        assert!(contexts.take(&*eight).solved().is_none());
        let football = GameKind::Football.new_match(&[], None).unwrap();
        assert!(contexts.take(&*football).solved().is_none());
    }

    #[tokio::test]
    async fn waiters_are_served_round_robin_by_owner() {
        let queue = Arc::new(FairQueue::new(1));
        let busy = queue.acquire(&Owner::user("someone")).await;
        let served = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        // The greedy owner queues five requests before the patient one.
        for (i, owner) in ["greedy", "greedy", "greedy", "greedy", "greedy", "patient"]
            .into_iter()
            .enumerate()
        {
            let (queue, served) = (queue.clone(), served.clone());
            tasks.push(tokio::spawn(async move {
                let permit = queue.acquire(&Owner::user(owner)).await;
                served.lock().unwrap().push((owner, i));
                tokio::task::yield_now().await;
                drop(permit);
            }));
            tokio::task::yield_now().await;
        }
        drop(busy);
        for t in tasks {
            t.await.unwrap();
        }
        let order: Vec<&str> = served.lock().unwrap().iter().map(|&(o, _)| o).collect();
        assert_eq!(order[..2], ["greedy", "patient"], "{order:?}");
        assert_eq!(queue.lock().free, 1, "every worker given back");
    }

    #[tokio::test]
    async fn quick_levels_do_not_wait_behind_deep_thinking() {
        let pool = AiPool::new(1);
        let _deep = pool.worker("hog", Level::Max).await;
        let quick = tokio::time::timeout(Duration::from_secs(1), pool.worker("probe", Level::Easy));
        assert!(quick.await.is_ok(), "the quick lane is free");
        let deep =
            tokio::time::timeout(Duration::from_millis(50), pool.worker("probe", Level::Hard));
        assert!(deep.await.is_err(), "the deep lane is busy");
    }

    #[tokio::test]
    async fn a_given_up_request_does_not_lose_the_worker() {
        let queue = Arc::new(FairQueue::new(1));
        let busy = queue.acquire(&Owner::user("a")).await;
        let waiting = {
            let queue = queue.clone();
            tokio::spawn(async move { queue.acquire(&Owner::user("b")).await })
        };
        tokio::task::yield_now().await;
        waiting.abort();
        let _ = waiting.await;
        drop(busy);
        let again =
            tokio::time::timeout(Duration::from_secs(1), queue.acquire(&Owner::user("c"))).await;
        assert!(again.is_ok(), "the worker came back");
    }

    /// Requests served, in order, by a one-worker queue for the owners
    /// `queued` (queued in that order while `busy` holds the worker; each
    /// gives its worker back at once).
    async fn served_order(busy: &Owner, queued: &[Owner]) -> Vec<Owner> {
        let queue = Arc::new(FairQueue::new(1));
        let holding = queue.acquire(busy).await;
        let served = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for owner in queued.iter().cloned() {
            let (queue, served) = (queue.clone(), served.clone());
            tasks.push(tokio::spawn(async move {
                let permit = queue.acquire(&owner).await;
                served.lock().unwrap().push(owner);
                tokio::task::yield_now().await;
                drop(permit);
            }));
            tokio::task::yield_now().await;
        }
        drop(holding);
        for t in tasks {
            t.await.unwrap();
        }
        let state = queue.lock();
        assert_eq!(state.free, 1, "every worker given back");
        assert!(state.addresses.is_empty() && state.ring.is_empty());
        drop(state);
        let order = served.lock().unwrap().clone();
        order
    }

    #[tokio::test]
    async fn waiters_are_served_round_robin_by_address_then_user() {
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        // Address a's four users queue before b's one.
        let queued = [
            Owner::new(a, "a1"),
            Owner::new(a, "a2"),
            Owner::new(a, "a3"),
            Owner::new(a, "a1"),
            Owner::new(b, "b1"),
        ];
        let order = served_order(&Owner::new(a, "a0"), &queued).await;
        let users: Vec<&str> = order.iter().map(|o| o.user.as_str()).collect();
        // b's turn comes right after the first of a's, not after all of
        // them; within a, users take turns.
        assert_eq!(users, ["b1", "a1", "a2", "a3", "a1"], "{order:?}");
    }

    #[tokio::test]
    async fn the_owner_whose_worker_came_back_waits_behind_the_others() {
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        // The holder (a, a1) asks again after b: b goes first.
        let queued = [Owner::new(a, "a1"), Owner::new(b, "b1")];
        let order = served_order(&Owner::new(a, "a1"), &queued).await;
        assert_eq!(order, [Owner::new(b, "b1"), Owner::new(a, "a1")]);
        // Without an address (games), the same by user.
        let queued = [Owner::user("u"), Owner::user("v")];
        let order = served_order(&Owner::user("u"), &queued).await;
        assert_eq!(order, [Owner::user("v"), Owner::user("u")]);
    }

    #[tokio::test]
    async fn others_waiting_sees_other_addresses_and_users_only() {
        let pool = AiPool::new(1);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let me = Owner::new(a, "me");
        let _held = pool.worker_for(&me, Level::Max).await;
        assert!(!pool.others_waiting(&me, Level::Max));
        let mine = {
            let (pool, me) = (pool.clone(), me.clone());
            tokio::spawn(async move { pool.worker_for(&me, Level::Max).await })
        };
        tokio::task::yield_now().await;
        assert!(!pool.others_waiting(&me, Level::Max), "only my own request");
        let other = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.worker_for(&Owner::new(a, "you"), Level::Max).await })
        };
        tokio::task::yield_now().await;
        assert!(
            pool.others_waiting(&me, Level::Max),
            "another user of my address"
        );
        assert!(!pool.others_waiting(&me, Level::Easy), "another lane");
        other.abort();
        let _ = other.await;
        assert!(!pool.others_waiting(&me, Level::Max), "given up");
        mine.abort();
        let _ = mine.await;
    }
}
