//! `gamut match`: engine A against engine B over a number of games, colours
//! alternated and each random opening played once with each colour, with
//! the Elo difference (95% interval) and an optional SPRT that stops the
//! match once decided. Games run in parallel with `--concurrency`.
//!
//! Output contract: one line per finished game, a summary (with how the
//! games ended: A's results for each end reason), and as the LAST line
//! `result <wins>-<draws>-<losses>` from A's side.

mod external;
mod game;
mod opening;
mod player;
mod stats;

use crate::game_args::GameArgs;
use anyhow::{bail, Result};
use clap::Args;
use game::{play_game, GameResult};
use indicatif::{ProgressBar, ProgressStyle};
use player::{EngineChoice, MatchPlayer, Setup};
use stats::{Sprt, Tally, Verdict};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Arguments of `gamut match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Engine A: random, easy, medium, hard, max, mcts (optionally @threads),
    /// or `cmd:<program>` for an external engine speaking the engine protocol.
    #[arg(long)]
    a: EngineChoice,
    /// Engine B (same forms as --a).
    #[arg(long)]
    b: EngineChoice,
    /// Number of games.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 200)]
    time_ms: u64,
    /// Search threads of each engine.
    #[arg(long)]
    threads: Option<usize>,
    /// Stop as soon as an SPRT of elo0 against elo1 is decided
    /// (alpha = beta = 0.05), e.g. `--sprt 0,50`.
    #[arg(long, value_parser = Sprt::parse)]
    sprt: Option<Sprt>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Random plies that open each pair of games.
    #[arg(long, default_value_t = 4)]
    opening_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Run `gamut match`.
pub fn run(args: MatchArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.concurrency == 0 {
        bail!("--concurrency must be at least 1");
    }
    if args.threads == Some(0) {
        bail!("--threads must be at least 1");
    }
    let setup = Setup {
        kind: args.game.game,
        options: args.game.option_pairs()?,
        start: args.game.position.clone(),
    };
    // Check the options and position before starting any engine.
    setup
        .kind
        .new_match(&setup.options, setup.start.as_deref())?;
    let openings = opening::openings(
        &setup,
        args.games.div_ceil(2),
        args.opening_plies,
        args.seed,
    )?;
    let movetime = Duration::from_millis(args.time_ms);
    println!(
        "match {}: A={} vs B={}, {} games, {} ms/move, openings of {} random plies (seed {})",
        setup.kind, args.a, args.b, args.games, args.time_ms, args.opening_plies, args.seed
    );

    let bar = progress_bar(args.games as u64);
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut by_reason: BTreeMap<String, Tally> = BTreeMap::new();
    let mut verdict = Verdict::Continue;
    let mut failure = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Result<GameResult>>();
        for _ in 0..args.concurrency.min(args.games) {
            let tx = tx.clone();
            let (setup, openings, next, halt, args) = (&setup, &openings, &next, &halt, &args);
            scope.spawn(move || {
                let mut a = MatchPlayer::new(&args.a, args.threads);
                let mut b = MatchPlayer::new(&args.b, args.threads);
                while !halt.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let result = play_game(
                        setup,
                        i,
                        &openings[i / 2],
                        &mut a,
                        &mut b,
                        i % 2 == 0,
                        movetime,
                    );
                    if tx.send(result).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            match result {
                Ok(r) => {
                    tally.add(r.score_a);
                    by_reason
                        .entry(r.reason.clone())
                        .or_default()
                        .add(r.score_a);
                    bar.inc(1);
                    let who = match r.score_a {
                        s if s > 0.75 => "A wins",
                        s if s < 0.25 => "B wins",
                        _ => "draw",
                    };
                    bar.suspend(|| {
                        println!(
                            "game {}: A plays {}: {} after {} plies, {who}; A {}",
                            r.index + 1,
                            r.a_side,
                            r.result,
                            r.plies,
                            tally
                        );
                    });
                    if let Some(sprt) = &args.sprt {
                        verdict = sprt.verdict(&tally);
                        if verdict != Verdict::Continue {
                            halt.store(true, Ordering::Relaxed);
                        }
                    }
                }
                Err(e) => {
                    halt.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e.context("the match was stopped"));
    }
    summary(&args, &tally, &by_reason, verdict);
    Ok(())
}

/// A progress bar on stderr, hidden when stderr is not a terminal.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {pos}/{len} games, eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// The closing lines; the last is `result W-D-L`.
fn summary(args: &MatchArgs, tally: &Tally, by_reason: &BTreeMap<String, Tally>, verdict: Verdict) {
    let score = tally.score().unwrap_or(0.0);
    println!(
        "score of {} vs {}: {} ({:.1}%) in {} games",
        args.a,
        args.b,
        tally,
        score * 100.0,
        tally.games()
    );
    let ends: Vec<String> = by_reason
        .iter()
        .map(|(reason, t)| format!("{reason} {t}"))
        .collect();
    println!("ends (A's wins-draws-losses): {}", ends.join(", "));
    if let Some(elo) = tally.elo() {
        println!("elo difference {elo}");
    }
    if let Some(sprt) = &args.sprt {
        let decision = match verdict {
            Verdict::Continue => "undecided",
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
        };
        println!(
            "sprt elo0={} elo1={} alpha=beta=0.05: llr {:.2} (bounds {:.2}, {:.2}), {decision}",
            sprt.elo0,
            sprt.elo1,
            sprt.llr(tally),
            sprt.lower,
            sprt.upper
        );
    }
    println!("result {tally}");
}
