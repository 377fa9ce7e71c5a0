//! The puzzle generator: positions from self-play or from game records,
//! each examined by the bounded prover ([`crate::search`]); a position
//! becomes a puzzle when the side to move forces the goal and exactly one
//! move does so in the fewest moves, every later solver move of the line
//! is unique too, and (for the games whose goal is winning the game) the
//! proof-number solver proves the position won.
//!
//! Everything is deterministic for a seed: self-play uses seeded engines
//! with node limits (no time limits), and positions are examined in game
//! order.

use crate::goal::{length_theme, with_game, PuzzleGame, PuzzleVisitor};
use crate::puzzle::{initial_rating, Proof, Puzzle};
use crate::records::GameText;
use crate::search::{OutOfBudget, Prover, RootResult};
use gamut_ai::{EngineSpec, Level, Limits, SearchSetup, SolveLimits, Solver, Verdict};
use gamut_core::{GameRecord, MoveList};
use gamut_games::{parse_options, CatalogueError, GameKind};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Where the generator takes its positions from.
#[derive(Clone, Debug)]
pub enum Positions {
    /// This many self-play games between seeded engine levels.
    SelfPlay {
        /// Games to play (at most; generation stops at the count).
        games: usize,
    },
    /// The positions of these games.
    Games(Vec<GameText>),
}

/// The generator's settings.
#[derive(Clone, Debug)]
pub struct GenerateConfig {
    /// The game.
    pub game: GameKind,
    /// Its options (`(key, value)`, empty for the defaults).
    pub options: Vec<(String, String)>,
    /// Where positions come from.
    pub positions: Positions,
    /// The seed of self-play.
    pub seed: u64,
    /// Stop after this many puzzles.
    pub count: usize,
    /// The longest line, in solver moves (at most 4).
    pub most: u8,
    /// The prover's node budget per position.
    pub budget: u64,
    /// The proof-number solver's node budget per puzzle (the games whose
    /// goal is winning the game).
    pub solver_nodes: u64,
    /// The number of the first puzzle's id.
    pub first_id: usize,
}

impl GenerateConfig {
    /// Settings with the defaults: 300 puzzles, lines up to 3 solver
    /// moves, 400,000 nodes a position, 200,000 solver nodes.
    pub fn new(game: GameKind, positions: Positions) -> Self {
        GenerateConfig {
            game,
            options: Vec::new(),
            positions,
            seed: 1,
            count: 300,
            most: 3,
            budget: 400_000,
            solver_nodes: 200_000,
            first_id: 1,
        }
    }
}

/// Counts of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games played or read.
    pub games: usize,
    /// Positions examined (in play, not seen before).
    pub examined: u64,
    /// Positions seen before (skipped).
    pub duplicates: u64,
    /// Positions where no move forces the goal within the horizon.
    pub no_forced_win: u64,
    /// Rejected by the uniqueness check at the root: several moves force
    /// the goal in the fewest moves.
    pub several_first_moves: u64,
    /// Rejected by the uniqueness check later in the line: a later solver
    /// move is not unique.
    pub several_later_moves: u64,
    /// Given up: the prover's node budget ran out.
    pub out_of_budget: u64,
    /// Rejected: the proof-number solver did not prove the position won
    /// within its budget.
    pub solver_unconfirmed: u64,
    /// Puzzles proven.
    pub proven: u64,
    /// Puzzles verified by the engine only.
    pub engine: u64,
    /// Puzzles by solver moves (index 0: one move).
    pub by_length: [u64; 4],
    /// Nodes the prover played.
    pub prover_nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl Stats {
    /// Candidates the uniqueness check rejected (first or later move).
    pub fn rejected_by_uniqueness(&self) -> u64 {
        self.several_first_moves + self.several_later_moves
    }

    /// Seconds per 100 puzzles.
    pub fn seconds_per_100(&self) -> f64 {
        let made = (self.proven + self.engine).max(1) as f64;
        self.elapsed.as_secs_f64() * 100.0 / made
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "games {}", self.games)?;
        writeln!(
            f,
            "positions examined {} (duplicates skipped {})",
            self.examined, self.duplicates
        )?;
        writeln!(
            f,
            "no forced goal within the horizon {}",
            self.no_forced_win
        )?;
        writeln!(
            f,
            "rejected by the uniqueness check {} (first move {}, later move {})",
            self.rejected_by_uniqueness(),
            self.several_first_moves,
            self.several_later_moves
        )?;
        writeln!(f, "out of node budget {}", self.out_of_budget)?;
        writeln!(
            f,
            "not confirmed by the proof-number solver {}",
            self.solver_unconfirmed
        )?;
        let lengths: Vec<String> = self
            .by_length
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{}:{n}", i + 1))
            .collect();
        writeln!(f, "by solver moves {}", lengths.join(" "))?;
        writeln!(f, "prover nodes {}", self.prover_nodes)?;
        writeln!(
            f,
            "time {:.1} s, {:.1} s per 100 puzzles",
            self.elapsed.as_secs_f64(),
            self.seconds_per_100()
        )?;
        write!(
            f,
            "puzzles {} (proven {}, engine-verified {})",
            self.proven + self.engine,
            self.proven,
            self.engine
        )
    }
}

/// A run that could not start or go on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// Bad options or a bad start position.
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
    /// A record of another game than the one asked for.
    #[error("game {label} is a {found} game, not {wanted}")]
    OtherGame {
        /// The record's label.
        label: String,
        /// Its game.
        found: GameKind,
        /// The game asked for.
        wanted: GameKind,
    },
    /// The longest line is out of range.
    #[error("the longest line must be 1 to 4 solver moves, not {0}")]
    Horizon(u8),
}

/// What examining one position gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Candidate {
    /// A puzzle (its id, source and rating still to be set by the caller).
    Puzzle(Box<Found>),
    /// No move forces the goal within the horizon.
    NoWin,
    /// Several first moves force the goal in the fewest moves.
    SeveralFirst,
    /// A later solver move of the line is not unique.
    SeveralLater,
    /// The node budget ran out.
    OutOfBudget,
    /// The proof-number solver did not prove the position won.
    SolverUnconfirmed,
}

/// A proven puzzle's content.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The line (solver's moves and replies, the solver's last).
    pub line: Vec<String>,
    /// Themes (the length theme first).
    pub themes: Vec<String>,
    /// The other first moves and their refutations.
    pub refutations: Vec<(String, Vec<String>)>,
    /// The prover's nodes.
    pub nodes: u64,
}

impl From<OutOfBudget> for Candidate {
    fn from(_: OutOfBudget) -> Self {
        Candidate::OutOfBudget
    }
}

/// Examine `root` (options `options`): is it a puzzle with a line of at
/// most `most` solver moves, proven within `budget` prover nodes (and, if
/// `solver` is given, `solver_nodes` proof-number nodes)?
pub fn examine<G: PuzzleGame>(
    options: &G::Options,
    root: &G,
    most: u8,
    budget: u64,
    solver: Option<(&mut Solver<G>, u64)>,
) -> Candidate {
    let mut prover = Prover::<G>::new(root.side_to_move(), budget);
    let found = match build_line(&mut prover, root, most) {
        Ok(c) => c,
        Err(e) => return e.into(),
    };
    let Candidate::Puzzle(mut found) = found else {
        return found;
    };
    found.nodes = prover.nodes();
    if let Some((solver, nodes)) = solver {
        if G::GOAL_IS_WIN && !solver_proves_win(solver, options, root, nodes) {
            return Candidate::SolverUnconfirmed;
        }
    }
    Candidate::Puzzle(found)
}

/// Whether the proof-number solver proves `root` won for the side to move
/// within `nodes` nodes (the win verified by its own verifier).
pub fn solver_proves_win<G: PuzzleGame>(
    solver: &mut Solver<G>,
    options: &G::Options,
    root: &G,
    nodes: u64,
) -> bool {
    solver.clear();
    let record = GameRecord::from_position(options.clone(), root.clone());
    let setup = SearchSetup::from_record(&record);
    let limits = SolveLimits {
        nodes: Some(nodes),
        verify_positions: 1_000_000,
        resolve_nodes: nodes,
        report_every: Duration::from_secs(3600),
        ..SolveLimits::default()
    };
    let solution = solver.solve(&setup, &limits, &AtomicBool::new(false), &mut |_| {});
    solution.verdict == Some(Verdict::Win)
}

fn build_line<G: PuzzleGame>(
    prover: &mut Prover<G>,
    root: &G,
    most: u8,
) -> Result<Candidate, OutOfBudget> {
    let (n, best, others) = match prover.root(root, most)? {
        RootResult::None => return Ok(Candidate::NoWin),
        RootResult::Several { .. } => return Ok(Candidate::SeveralFirst),
        RootResult::Unique { n, best, others } => (n, best, others),
    };
    let refutations = others
        .iter()
        .map(|&(m, r)| {
            let mut after = root.clone();
            after.play(m);
            let reply = r.map(|r| after.move_text(r));
            (root.move_text(m), reply.into_iter().collect())
        })
        .collect();
    let mut line = vec![root.move_text(best)];
    let mut pos = root.clone();
    pos.play(best);
    let mut left = n - 1;
    let solver = root.side_to_move();
    while left > 0 {
        let mut replies = MoveList::new();
        pos.legal_moves(&mut replies);
        let mut chosen = None;
        for &d in &replies {
            let mut after = pos.clone();
            after.play(d);
            if G::settle(&pos, &after, solver).is_some() || prover.wins(&after, left - 1)? {
                // Loses faster: not the best defence.
                continue;
            }
            let (win, _) = prover.winners(&after, left)?;
            // The last move may be any that reaches the goal at once (the
            // checker accepts them all); an earlier one must be unique.
            if win.len() == 1 || (left == 1 && !win.is_empty()) {
                chosen = Some((d, win[0], after));
                break;
            }
        }
        let Some((d, w, after)) = chosen else {
            return Ok(Candidate::SeveralLater);
        };
        line.push(pos.move_text(d));
        line.push(after.move_text(w));
        pos = after;
        pos.play(w);
        left -= 1;
    }
    let mut themes = vec![length_theme::<G>(usize::from(n))];
    themes.extend(G::themes(root, &line));
    Ok(Candidate::Puzzle(Box::new(Found {
        line,
        themes,
        refutations,
        nodes: 0,
    })))
}

/// Run the generator: puzzles (ids numbered from
/// [`GenerateConfig::first_id`]) and the run's counts; `progress` gets a
/// line now and then (after each game).
pub fn generate(
    config: &GenerateConfig,
    progress: &mut dyn FnMut(&str),
) -> Result<(Vec<Puzzle>, Stats), GenerateError> {
    if !(1..=4).contains(&config.most) {
        return Err(GenerateError::Horizon(config.most));
    }
    with_game(config.game, Run { config, progress })
}

struct Run<'a> {
    config: &'a GenerateConfig,
    progress: &'a mut dyn FnMut(&str),
}

impl PuzzleVisitor for Run<'_> {
    type Output = Result<(Vec<Puzzle>, Stats), GenerateError>;

    fn visit<G: PuzzleGame>(self) -> Self::Output {
        let Run { config, progress } = self;
        let started = Instant::now();
        let options = parse_options::<G>(&config.options).map_err(CatalogueError::from)?;
        let mut state = State::<G> {
            config,
            options,
            seen: HashSet::new(),
            puzzles: Vec::new(),
            stats: Stats::default(),
            solver: Solver::new(16),
            started,
        };
        match &config.positions {
            Positions::SelfPlay { games } => {
                for g in 0..*games {
                    if state.puzzles.len() >= config.count {
                        break;
                    }
                    let (start, moves) = self_play::<G>(&state.options, config.seed, g);
                    let label = format!("self-play seed {} game {}", config.seed, g + 1);
                    state.game(&start, &moves, &label);
                    progress(&state.progress_line());
                }
            }
            Positions::Games(games) => {
                for text in games {
                    if state.puzzles.len() >= config.count {
                        break;
                    }
                    if text.game != config.game {
                        return Err(GenerateError::OtherGame {
                            label: text.label.clone(),
                            found: text.game,
                            wanted: config.game,
                        });
                    }
                    let options =
                        parse_options::<G>(&text.options).map_err(CatalogueError::from)?;
                    if options.to_pairs() != state.options.to_pairs() {
                        // Puzzles of one file share their options.
                        continue;
                    }
                    let start = match &text.start {
                        Some(t) => G::from_text(&options, t).map_err(CatalogueError::from)?,
                        None => G::start(&options),
                    };
                    let mut record = GameRecord::from_position(options.clone(), start.clone());
                    let mut moves = Vec::new();
                    for (i, t) in text.moves.iter().enumerate() {
                        let mv = record.play_text(t).map_err(|error| CatalogueError::Move {
                            number: i + 1,
                            text: t.clone(),
                            error,
                        })?;
                        moves.push(mv);
                    }
                    state.game(&start, &moves, &format!("game {}", text.label));
                    progress(&state.progress_line());
                }
            }
        }
        state.stats.elapsed = started.elapsed();
        Ok((state.puzzles, state.stats))
    }
}

use gamut_core::GameOptions;

struct State<'a, G: PuzzleGame> {
    config: &'a GenerateConfig,
    options: G::Options,
    seen: HashSet<String>,
    puzzles: Vec<Puzzle>,
    stats: Stats,
    solver: Solver<G>,
    started: Instant,
}

impl<G: PuzzleGame> State<'_, G> {
    fn progress_line(&self) -> String {
        format!(
            "games {} examined {} puzzles {} rejected-unique {} budget {} time {:.0} s",
            self.stats.games,
            self.stats.examined,
            self.puzzles.len(),
            self.stats.rejected_by_uniqueness(),
            self.stats.out_of_budget,
            self.started.elapsed().as_secs_f64()
        )
    }

    /// Examine every position of one game.
    fn game(&mut self, start: &G, moves: &[G::Move], label: &str) {
        self.stats.games += 1;
        let config = self.config;
        let plies = 2 * u32::from(config.most);
        let mut pos = start.clone();
        for (ply, &mv) in moves.iter().enumerate() {
            if self.puzzles.len() >= config.count {
                return;
            }
            if G::eligible(&pos, &self.options, plies) {
                let text = pos.to_text();
                if self.seen.insert(text.clone()) {
                    self.stats.examined += 1;
                    let c = examine(
                        &self.options,
                        &pos,
                        config.most,
                        config.budget,
                        Some((&mut self.solver, config.solver_nodes)),
                    );
                    self.tally(c, text, &format!("{label} ply {ply}"));
                } else {
                    self.stats.duplicates += 1;
                }
            }
            pos.play(mv);
        }
    }

    fn tally(&mut self, c: Candidate, position: String, source: &str) {
        let s = &mut self.stats;
        match c {
            Candidate::NoWin => s.no_forced_win += 1,
            Candidate::SeveralFirst => s.several_first_moves += 1,
            Candidate::SeveralLater => s.several_later_moves += 1,
            Candidate::OutOfBudget => s.out_of_budget += 1,
            Candidate::SolverUnconfirmed => s.solver_unconfirmed += 1,
            Candidate::Puzzle(found) => {
                s.proven += 1;
                s.prover_nodes += found.nodes;
                let n = found.line.len().div_ceil(2);
                s.by_length[(n - 1).min(3)] += 1;
                let id = format!(
                    "{}-{:04}",
                    self.config.game.name(),
                    self.config.first_id + self.puzzles.len()
                );
                self.puzzles.push(Puzzle {
                    id,
                    game: self.config.game,
                    options: self.config.options.clone(),
                    position,
                    line: found.line,
                    themes: found.themes,
                    source: source.to_string(),
                    proof: Proof::Proven,
                    rating: initial_rating(n),
                    refutations: found.refutations,
                });
            }
        }
    }
}

/// Self-play's node budgets a move, drawn per side and game: weaker
/// budgets leave more tactics on the board.
const SELF_PLAY_NODES: [u64; 3] = [2_000, 8_000, 20_000];
/// Self-play's chances of a random move instead of the engine's, drawn
/// per side and game.
const SELF_PLAY_RANDOM: [f64; 3] = [0.0, 0.1, 0.2];

/// One self-play game: a few random moves, then the `hard` level with a
/// seeded node limit and seeded random moves (deterministic: the level's
/// only time limit, 3 s a move, is far above what its node limit takes).
/// Returns the start and the moves.
pub fn self_play<G: PuzzleGame>(options: &G::Options, seed: u64, game: usize) -> (G, Vec<G::Move>) {
    let mut rng = SmallRng::seed_from_u64(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (game as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
    );
    let start = G::start(options);
    let mut record = GameRecord::from_position(options.clone(), start.clone());
    let random_plies = rng.gen_range(2..=8);
    let mut side = || {
        (
            *SELF_PLAY_NODES.choose(&mut rng).unwrap_or(&20_000),
            *SELF_PLAY_RANDOM.choose(&mut rng).unwrap_or(&0.0),
        )
    };
    let sides = [side(), side()];
    let stop = AtomicBool::new(false);
    // Bounded even without a move limit.
    for ply in 0..1_000usize {
        if record.outcome().is_some() {
            break;
        }
        let legal = record.legal_moves();
        let (nodes, random_chance) = sides[record.side_to_move().index()];
        let random =
            ply < random_plies || record.position().placing() || rng.gen_bool(random_chance);
        let mv = if random {
            legal.as_slice().choose(&mut rng).copied()
        } else {
            let mut spec = EngineSpec::level(Level::Hard);
            spec.seed = Some(rng.gen());
            let report =
                gamut_ai::search_record(&record, &spec, &Limits::nodes(nodes), &stop, &mut |_| {});
            report
                .best
                .and_then(|t| record.position().parse_move(&t).ok())
        };
        let Some(mv) = mv else { break };
        if record.play(mv).is_err() {
            break;
        }
    }
    let moves = record.moves().to_vec();
    (start, moves)
}
