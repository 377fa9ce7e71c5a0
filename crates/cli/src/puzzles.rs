//! `gamut puzzles`: generate puzzles (`generate`) and re-prove a puzzle
//! file (`verify`) with the `gamut-puzzles` crate (docs/puzzles.md).
//!
//! `gamut puzzles generate <game> [--self-play N | --from-games FILE]
//! [--seed S] [--count N] [--option k=v] --out FILE` writes the puzzles
//! found and prints the run's counts (candidates examined, rejected by the
//! uniqueness check, proven vs engine-verified, time per 100 puzzles);
//! progress lines go to standard error. The same arguments give the same
//! file.
//!
//! `gamut puzzles verify FILE [--sample N]` re-proves every puzzle (or N
//! spread evenly through the file), one `FAIL <id>: <reason>` line per
//! failure; the **last line** is exactly `verified <ok> of <total>`, and
//! the exit status is 1 if any failed.

use crate::game_args::game_help;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use gamut_games::GameKind;
use gamut_puzzles::format;
use gamut_puzzles::generate::{generate, GenerateConfig, Positions};
use gamut_puzzles::records::parse_records;
use gamut_puzzles::verify::{verify, VerifyLimits};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `gamut puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Find proven puzzles in self-play or in game records.
    Generate(GenerateArgs),
    /// Re-prove every puzzle of a file; the last line is `verified <ok> of <total>`.
    Verify(VerifyArgs),
}

/// Arguments of `gamut puzzles generate`.
#[derive(Args, Debug)]
struct GenerateArgs {
    /// The game (its short name).
    #[arg(help = game_help())]
    game: GameKind,
    /// Play this many self-play games (seeded engines) for positions.
    #[arg(long, value_name = "N", conflicts_with = "from_games")]
    self_play: Option<usize>,
    /// Take positions from this file of exported game records.
    #[arg(long, value_name = "FILE")]
    from_games: Option<PathBuf>,
    /// The self-play seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop after this many puzzles.
    #[arg(long, default_value_t = 300)]
    count: usize,
    /// A game option as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// The longest line, in solver moves (1 to 4).
    #[arg(long, default_value_t = 3)]
    most: u8,
    /// The bounded prover's node budget per position.
    #[arg(long, default_value_t = 400_000)]
    budget: u64,
    /// The proof-number solver's node budget per puzzle.
    #[arg(long, default_value_t = 200_000)]
    solver_nodes: u64,
    /// The number of the first puzzle's id.
    #[arg(long, default_value_t = 1)]
    first_id: usize,
    /// Write the puzzles here.
    #[arg(long)]
    out: PathBuf,
}

/// Arguments of `gamut puzzles verify`.
#[derive(Args, Debug)]
struct VerifyArgs {
    /// The puzzle file.
    file: PathBuf,
    /// Verify only this many puzzles, spread evenly through the file.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// The prover's node budget per puzzle.
    #[arg(long, default_value_t = VerifyLimits::default().prover_nodes)]
    budget: u64,
}

fn option_pairs(options: &[String]) -> Result<Vec<(String, String)>> {
    options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((k, v)) => Ok((k.trim().to_string(), v.trim().to_string())),
            None => bail!("option '{o}' is not of the form key=value"),
        })
        .collect()
}

fn run_generate(args: GenerateArgs) -> Result<()> {
    let positions = match (&args.self_play, &args.from_games) {
        (Some(n), None) => Positions::SelfPlay { games: *n },
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let games =
                parse_records(&text).with_context(|| format!("reading {}", path.display()))?;
            Positions::Games(games)
        }
        _ => bail!("give one of --self-play N and --from-games FILE"),
    };
    let mut config = GenerateConfig::new(args.game, positions);
    config.options = option_pairs(&args.options)?;
    args.game.normalise_options(&config.options)?;
    config.seed = args.seed;
    config.count = args.count;
    config.most = args.most;
    config.budget = args.budget;
    config.solver_nodes = args.solver_nodes;
    config.first_id = args.first_id;
    let (puzzles, stats) = generate(&config, &mut |line| eprintln!("{line}"))?;
    let text = format::write(&puzzles)?;
    std::fs::write(&args.out, text).with_context(|| format!("writing {}", args.out.display()))?;
    println!("{stats}");
    let mut themes: Vec<(String, usize)> = Vec::new();
    for p in &puzzles {
        for t in &p.themes {
            match themes.iter_mut().find(|(name, _)| name == t) {
                Some((_, n)) => *n += 1,
                None => themes.push((t.clone(), 1)),
            }
        }
    }
    themes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let themes: Vec<String> = themes.iter().map(|(t, n)| format!("{t}:{n}")).collect();
    println!("themes {}", themes.join(" "));
    println!("wrote {} puzzles to {}", puzzles.len(), args.out.display());
    Ok(())
}

/// `verify`'s outcome: `Ok(true)` if every puzzle verified.
fn run_verify(args: VerifyArgs) -> Result<bool> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let all = format::parse(&text).with_context(|| format!("reading {}", args.file.display()))?;
    let chosen: Vec<_> = match args.sample {
        Some(n) if n < all.len() => (0..n).map(|i| &all[i * all.len() / n]).collect(),
        _ => all.iter().collect(),
    };
    let limits = VerifyLimits {
        prover_nodes: args.budget,
        ..VerifyLimits::default()
    };
    let start = Instant::now();
    let mut ok = 0;
    for p in &chosen {
        match verify(p, &limits) {
            Ok(()) => ok += 1,
            Err(e) => println!("FAIL {e}"),
        }
    }
    println!("time {:.2} s", start.elapsed().as_secs_f64());
    println!("verified {ok} of {}", chosen.len());
    Ok(ok == chosen.len())
}

/// Run `gamut puzzles`; `Ok(false)` when a verification failed (exit
/// status 1).
pub fn run(args: PuzzlesArgs) -> Result<bool> {
    match args.command {
        PuzzlesCommand::Generate(a) => run_generate(a).map(|()| true),
        PuzzlesCommand::Verify(a) => run_verify(a),
    }
}
