//! Measure Chess Football's solved match endings on positions from real
//! games: plays matches between two engines and, at every position of the
//! second half's last actions (in play, the score not yet decided), tries
//! to prove a win for the side to move on [`FootballEnding`] within a node
//! budget; prints, per number of actions left, how many were proven,
//! disproven (the wrapper: no forced win before the next placement) or
//! left unknown, and the nodes and time of the attempts (on standard
//! error: each proven position, its move and proof). Each match
//! opens with `random` random actions (the team choice and placements),
//! then the engines play to fixed depths.
//!
//! ```text
//! cargo run --release -p gamut-ai --example football_endings -- \
//!     [games=6] [level=hard] [depth=3] [random=14] [nodes=1000000] [actions=12]
//! ```

use gamut_ai::solver::PassResult;
use gamut_ai::{
    search_record, EngineSpec, FootballEnding, Level, Limits, SearchSetup, SolveLimits, Solver,
    Verdict,
};
use gamut_core::{Game, GameRecord};
use gamut_football::{Football, FootballOptions, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// The attempts at one number of actions left.
#[derive(Default)]
struct Row {
    proven: u32,
    /// Proofs the verifier accepted.
    verified: u32,
    disproven: u32,
    unknown: u32,
    /// Nodes of the proofs found.
    proof_nodes: Vec<u64>,
    nodes: Vec<u64>,
    millis: Vec<f64>,
}

/// The `key=value` argument `key`, or `default`.
fn arg<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::args()
        .skip(1)
        .find_map(|a| {
            a.strip_prefix(&format!("{key}="))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(default)
}

/// The median and the largest of `values`.
fn median_max<T: Copy + PartialOrd + Default>(values: &[T]) -> (T, T) {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    (
        v.get(v.len() / 2).copied().unwrap_or_default(),
        v.last().copied().unwrap_or_default(),
    )
}

fn main() {
    let games: u64 = arg("games", 6);
    let level: Level = arg("level", "hard".to_string())
        .parse()
        .expect("a level: easy, medium, hard or max");
    let depth: u32 = arg("depth", 3);
    let budget: u64 = arg("nodes", 1_000_000);
    let actions: u16 = arg("actions", 12);
    let random: usize = arg("random", 14);
    let options = FootballOptions::default();
    let stop = AtomicBool::new(false);
    let mut rows: BTreeMap<u16, Row> = BTreeMap::new();
    for game in 0..games {
        let mut record = GameRecord::<Football>::new(options);
        let spec = EngineSpec::level(level).with_seed(game);
        let mut rng = SmallRng::seed_from_u64(game);
        for _ in 0..random {
            let moves = record.legal_moves();
            if record.outcome().is_some() || moves.is_empty() {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            record.play(mv).expect("a legal move");
        }
        while record.outcome().is_none() {
            let pos = record.position().clone();
            let late = pos.half() == 2 && pos.actions_left() <= actions;
            let in_play = matches!(pos.phase(), Phase::Play | Phase::KickOff);
            if late && in_play && FootballEnding::decided(&pos).is_none() {
                let setup = SearchSetup::football_ending(&SearchSetup::from_record(&record));
                let mut solver = Solver::<FootballEnding>::new(16);
                let limits = SolveLimits {
                    nodes: Some(budget),
                    ..SolveLimits::default()
                };
                let solution = solver.solve(&setup, &limits, &stop, &mut |_| {});
                let first = solution.passes[0];
                let row = rows.entry(pos.actions_left()).or_default();
                match first.result {
                    PassResult::Proven => {
                        row.proven += 1;
                        row.verified += u32::from(solution.verdict == Some(Verdict::Win));
                        row.proof_nodes.push(first.nodes);
                        eprintln!(
                            "proven: {} in {} plies, {} nodes: {}",
                            solution.best.as_deref().unwrap_or("?"),
                            solution.depth.unwrap_or(0),
                            first.nodes,
                            pos.to_text()
                        );
                    }
                    PassResult::Disproven => row.disproven += 1,
                    PassResult::Unknown => row.unknown += 1,
                }
                row.nodes.push(first.nodes);
                row.millis.push(first.time.as_secs_f64() * 1e3);
            }
            let report = search_record(&record, &spec, &Limits::depth(depth), &stop, &mut |_| {});
            let best = report.best.expect("a move while the match is not over");
            record.play_text(&best).expect("the engine's move is legal");
        }
        let end = record.position();
        eprintln!(
            "game {game}: {}-{}, {} plies",
            end.score(gamut_core::Player::First),
            end.score(gamut_core::Player::Second),
            record.moves().len()
        );
    }
    println!(
        "| actions left | proven (verified) | disproven | unknown \
         | proof nodes median / max | nodes median / max | ms median / max |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for (left, row) in &rows {
        let (pm, px) = median_max(&row.proof_nodes);
        let (nm, nx) = median_max(&row.nodes);
        let (tm, tx) = median_max(&row.millis);
        println!(
            "| {left} | {} ({}) | {} | {} | {pm} / {px} | {nm} / {nx} | {tm:.1} / {tx:.1} |",
            row.proven, row.verified, row.disproven, row.unknown
        );
    }
}
