//! `gamut bench`: speed of every game on one thread, from each game's
//! standard start — move generation (perft leaves per second with bulk
//! counting at the last ply, random playouts per second) and search (the
//! fixed-depth search whose node count is the search's signature, and
//! nodes per second and depth reached in a timed search at full strength).

use anyhow::Result;
use clap::Args;
use gamut_ai::{bench_search, search_record, EngineSpec, Level, Limits};
use gamut_core::{perft, random_playout, GameRecord};
use gamut_games::{CatalogueGame, GameKind, GameVisitor};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Arguments of `gamut bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game (default: every game).
    game: Option<GameKind>,
    /// Seconds to spend on each measurement (also the timed search's move
    /// time).
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
}

struct MoveGen {
    budget: Duration,
}

impl GameVisitor for MoveGen {
    type Output = ();
    fn visit<G: CatalogueGame>(self) {
        let options = G::Options::default();
        let start = G::perft_start(&options);
        // Perft: deepen until one depth takes a good share of the budget.
        let mut depth = 1;
        loop {
            let t = Instant::now();
            let leaves = perft(&start, depth);
            let dt = t.elapsed();
            if dt * 4 >= self.budget || depth >= 12 {
                println!(
                    "{:<8} perft({depth}) = {leaves} in {:.3} s: {:.1} M leaves/s",
                    G::NAME,
                    dt.as_secs_f64(),
                    leaves as f64 / dt.as_secs_f64() / 1e6
                );
                break;
            }
            depth += 1;
        }
        // Random playouts of whole games from the start.
        let start = G::start(&options);
        let mut rng = SmallRng::seed_from_u64(1);
        let t = Instant::now();
        let (mut games, mut plies) = (0u64, 0u64);
        while t.elapsed() < self.budget {
            for _ in 0..64 {
                let (_, n) = random_playout(&start, &options, &mut rng);
                games += 1;
                plies += u64::from(n);
            }
        }
        let dt = t.elapsed().as_secs_f64();
        println!(
            "{:<8} random playouts: {games} in {dt:.3} s: {:.0} playouts/s ({:.1} plies/game)",
            G::NAME,
            games as f64 / dt,
            plies as f64 / games as f64
        );
        search_speed::<G>(&options, self.budget);
    }
}

/// The fixed search (deterministic node count, at the depth of the game's
/// catalogue entry) and a timed search.
fn search_speed<G: CatalogueGame>(options: &G::Options, budget: Duration) {
    let game = GameRecord::<G>::new(options.clone());
    let depth = G::ENTRY.bench.depth;
    let fixed = bench_search(&game, depth);
    println!(
        "{:<8} fixed search (depth {}, max, 1 thread): {} nodes in {:.3} s: {:.2} M nodes/s, best {}",
        G::NAME,
        depth,
        fixed.info.nodes,
        fixed.info.time.as_secs_f64(),
        fixed.info.nps() as f64 / 1e6,
        fixed.best.as_deref().unwrap_or("-")
    );
    let timed = search_record(
        &game,
        &EngineSpec::level(Level::Max),
        &Limits::movetime(budget),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    println!(
        "{:<8} timed search ({:.1} s, max, 1 thread): depth {} (selective {}), {} nodes: {:.2} M nodes/s, score {}",
        G::NAME,
        budget.as_secs_f64(),
        timed.info.depth,
        timed.info.seldepth,
        timed.info.nodes,
        timed.info.nps() as f64 / 1e6,
        timed.info.score
    );
}

/// Run `gamut bench`.
pub fn run(args: BenchArgs) -> Result<()> {
    let budget = Duration::from_secs_f64(args.seconds.max(0.1));
    let games = match args.game {
        Some(g) => vec![g],
        None => GameKind::ALL.to_vec(),
    };
    for g in games {
        g.dispatch(MoveGen { budget });
    }
    Ok(())
}
