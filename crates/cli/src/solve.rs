//! `gamut solve`: prove the value of a position with the proof-number
//! solver (`gamut_ai::solver`): win, loss or draw for the side to move,
//! with a winning (or drawing) move.
//!
//! Output contract: a `progress ...` line about every `--progress`
//! seconds (the pass's side, the root's proof and disproof numbers, nodes,
//! nodes per second, table use); then one line per pass, the verification,
//! the totals; the **last line** is always `result win <move>`,
//! `result loss`, `result draw <move>` or `result unknown` (stopped by
//! `--time`, `--nodes` or Ctrl-C, or not provable soundly), from the side
//! to move's point of view. `--save FILE` writes the table when the run
//! ends (solved or not; with `--threads N`, every thread's table in one
//! file) and `--load FILE` resumes from one (into every thread's table).
//! `--threads N` (default 1) splits each pass's root over N threads;
//! progress lines then count the nodes of all of them.
//!
//! `--endings MATERIAL` (a game with endgame tables: Linear Pursuit, e.g.
//! `--endings "KN v K"`) instead builds the retrograde table of that
//! material on the options' board, with the tables it needs, and prints
//! one block per table: positions, won/drawn/lost for each side to move,
//! the longest win, memory and build time; the last line is `tables <n>
//! built in <s> s`.

use crate::game_args::GameArgs;
use anyhow::{Context, Result};
use clap::Args;
use gamut_ai::solver::{PassResult, Progress};
use gamut_ai::tablebase::TableStats;
use gamut_ai::{SearchSetup, SolveLimits, Solver, Verdict};
use gamut_core::{Game, GameRecord, Player};
use gamut_games::{parse_options, CatalogueGame, GameVisitor, Match};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Arguments of `gamut solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves (in the game's notation) played from the position first; the
    /// positions they pass through count for repetition.
    #[arg(long, default_value = "")]
    moves: String,
    /// Memory for the solver's table, in MB (with several threads, shared
    /// out equally among their tables).
    #[arg(long, default_value_t = 256)]
    memory: usize,
    /// Threads: with more than one, each pass shares the root's children
    /// out to the threads (root splitting, one table each).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS))]
    threads: u64,
    /// With `--threads` above 1: the nodes each pass searches on one thread
    /// first, to order the root's children, before sharing them out.
    #[arg(long, value_name = "NODES")]
    split_after: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long)]
    time: Option<f64>,
    /// Stop after this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Seconds between progress lines.
    #[arg(long, default_value_t = 2.0)]
    progress: f64,
    /// Load a table saved by an earlier run (same game and options) first.
    #[arg(long)]
    load: Option<PathBuf>,
    /// Save the table here when the run ends, solved or not.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Build the endgame table of this material instead (Linear Pursuit:
    /// South's pieces, `v`, North's, e.g. "KN v K") and print its
    /// statistics.
    #[arg(long, value_name = "MATERIAL")]
    endings: Option<String>,
}

/// The most threads `--threads` accepts.
const MAX_THREADS: u64 = 64;

/// Set by Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

/// Stop the solver on Ctrl-C (a thread waiting for the signal).
fn stop_on_ctrl_c() {
    std::thread::spawn(|| {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        if rt.block_on(tokio::signal::ctrl_c()).is_ok() {
            STOP.store(true, Ordering::Relaxed);
        }
    });
}

/// The process's peak resident memory in MB (Linux), if known.
fn peak_rss_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

fn progress_line<G: Game>(p: &Progress) -> String {
    format!(
        "progress {} pn {} dn {} nodes {} nps {} table {:.1}% time {:.1} s",
        G::side_name(p.attacker),
        p.pn,
        p.dn,
        p.nodes,
        p.nps(),
        100.0 * p.table_used as f64 / p.table_capacity.max(1) as f64,
        p.elapsed.as_secs_f64()
    )
}

struct Run<'a>(&'a SolveArgs, Vec<(String, String)>);

impl GameVisitor for Run<'_> {
    type Output = Result<()>;
    fn visit<G: CatalogueGame>(self) -> Result<()> {
        let args = self.0;
        let options = parse_options::<G>(&self.1)?;
        if let Some(material) = &args.endings {
            return endings::<G>(&options, material);
        }
        let start = args.game.start_position(&options, G::start)?;
        let mut record = GameRecord::from_position(options.clone(), start);
        for (i, text) in args.moves.split_whitespace().enumerate() {
            record
                .play_text(text)
                .map_err(|e| anyhow::anyhow!("move {} of --moves: {e}", i + 1))?;
        }
        let pos = record.position().clone();
        let me = pos.side_to_move();
        println!("{}", pos.diagram());
        println!("position {}", pos.to_text());
        if let Some(o) = record.outcome() {
            println!("the game is over: {o}");
            let word = match o.winner {
                None => "draw",
                Some(w) if w == me => "win",
                Some(_) => "loss",
            };
            println!("result {word}");
            return Ok(());
        }
        let threads = args.threads as usize;
        if args.memory < threads {
            anyhow::bail!(
                "--memory {} MB is less than 1 MB for each of the {threads} threads",
                args.memory
            );
        }
        let mut solver = Solver::<G>::with_threads(args.memory, threads);
        if let Some(path) = &args.load {
            let n = solver
                .load(&options, path)
                .with_context(|| format!("loading {}", path.display()))?;
            println!("loaded {n} entries from {}", path.display());
        }
        println!(
            "solving for {} to move: table {} MB ({} entries), {} thread{}",
            G::side_name(me),
            solver.memory_bytes() >> 20,
            solver.table_capacity(),
            solver.threads(),
            if solver.threads() == 1 { "" } else { "s" }
        );
        let setup = SearchSetup::from_record(&record);
        let limits = SolveLimits {
            time: args.time.map(Duration::from_secs_f64),
            nodes: args.nodes,
            report_every: Duration::from_secs_f64(args.progress.max(0.05)),
            split_after: args
                .split_after
                .unwrap_or(SolveLimits::default().split_after),
            ..SolveLimits::default()
        };
        stop_on_ctrl_c();
        let solution = solver.solve(&setup, &limits, &STOP, &mut |p| {
            println!("{}", progress_line::<G>(p));
        });
        for pass in &solution.passes {
            let what = match pass.result {
                PassResult::Proven => "proven",
                PassResult::Disproven => "disproven",
                PassResult::Unknown => "unknown",
            };
            println!(
                "pass {} wins: {what} (pn {} dn {}) nodes {} time {:.2} s",
                G::side_name(pass.attacker),
                pass.pn,
                pass.dn,
                pass.nodes,
                pass.time.as_secs_f64()
            );
        }
        match &solution.verification {
            Some(Ok(v)) => println!(
                "verified: {} positions, the longest line {} plies",
                v.positions, v.depth
            ),
            Some(Err(e)) => println!("not verified: {e}"),
            None => {}
        }
        let secs = solution.time.as_secs_f64();
        println!(
            "nodes {} time {:.2} s nps {} table {} MB ({:.1}% full) peak memory {}",
            solution.nodes,
            secs,
            if secs > 0.0 {
                (solution.nodes as f64 / secs) as u64
            } else {
                0
            },
            solver.memory_bytes() >> 20,
            100.0 * solver.table_used() as f64 / solver.table_capacity().max(1) as f64,
            peak_rss_mb().map_or_else(|| "unknown".to_string(), |m| format!("{m} MB"))
        );
        if let Some(path) = &args.save {
            let n = solver
                .save(&options, path)
                .with_context(|| format!("saving {}", path.display()))?;
            println!("saved {n} entries to {}", path.display());
        }
        println!("{}", result_line::<G>(&solution, me));
        Ok(())
    }
}

/// `--endings`: build the tables and print their statistics.
fn endings<G: CatalogueGame>(options: &G::Options, material: &str) -> Result<()> {
    let start = std::time::Instant::now();
    let tables = G::build_endings(options, material).map_err(anyhow::Error::msg)?;
    for t in &tables {
        print_table::<G>(t);
    }
    println!(
        "tables {} built in {:.2} s peak memory {}",
        tables.len(),
        start.elapsed().as_secs_f64(),
        peak_rss_mb().map_or_else(|| "unknown".to_string(), |m| format!("{m} MB"))
    );
    Ok(())
}

/// One table's statistics: positions, size, build time, and won/drawn/lost
/// for each side to move.
fn print_table<G: Game>(t: &TableStats) {
    println!(
        "table {}: {} positions ({} indexes, {:.2} MB), built in {:.2} s",
        t.material,
        t.positions,
        t.indexes,
        t.bytes() as f64 / 1e6,
        t.build_time.as_secs_f64()
    );
    for side in Player::BOTH {
        let [won, drawn, lost] = t.results[side.index()];
        println!(
            "  {} to move: won {won}, drawn {drawn}, lost {lost}; longest win {} plies",
            G::side_name(side),
            t.longest_win[side.index()]
        );
    }
}

/// `--endings` of `gamut play` and `gamut analyse`: build each material's
/// tables into this process's cache before the game, one line each.
pub fn build_endings(game: &dyn Match, materials: &[String]) -> Result<()> {
    for material in materials {
        let tables = game
            .build_endings(material)
            .map_err(|e| anyhow::anyhow!("--endings {material}: {e}"))?;
        if let Some(t) = tables.last() {
            println!(
                "endings {}: {} positions, built in {:.2} s",
                t.material,
                t.positions,
                t.build_time.as_secs_f64()
            );
        }
    }
    Ok(())
}

/// The last line: `result win <move>`, `result loss`, `result draw
/// <move>` or `result unknown`.
fn result_line<G: Game>(solution: &gamut_ai::Solution, me: Player) -> String {
    match solution.verdict {
        Some(Verdict::Win) => format!(
            "result win {}",
            solution.best.as_deref().unwrap_or("(none)")
        ),
        Some(Verdict::Loss) => "result loss".to_string(),
        Some(Verdict::Draw) => format!(
            "result draw {}",
            solution.best.as_deref().unwrap_or("(none)")
        ),
        None => {
            let stopped = if STOP.load(Ordering::Relaxed) {
                "interrupted"
            } else {
                "stopped or not proven"
            };
            let last = solution.passes.last();
            let how_far = last.map_or_else(String::new, |p| {
                format!(
                    ", {} wins: pn {} dn {}",
                    G::side_name(p.attacker),
                    p.pn,
                    p.dn
                )
            });
            let not_win = solution
                .passes
                .first()
                .is_some_and(|p| p.result == PassResult::Disproven);
            let known = if not_win {
                format!(" ({} does not win)", G::side_name(me))
            } else {
                String::new()
            };
            format!(
                "result unknown ({stopped} after {} nodes{how_far}){known}",
                solution.nodes
            )
        }
    }
}

/// Run `gamut solve`.
pub fn run(args: SolveArgs) -> Result<()> {
    let pairs = args.game.option_pairs()?;
    args.game.game.dispatch(Run(&args, pairs))
}
