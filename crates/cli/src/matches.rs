//! `gamut match`: engine A against engine B over a number of games, colours
//! alternated and each random opening played once with each colour, with
//! the Elo difference (95% interval) and an optional SPRT that stops the
//! match once decided. Games run in parallel with `--concurrency`. Each
//! engine thinks a fixed time per move or plays on a clock the match keeps
//! (`--tc 60+0`; a loss on time ends the game as `timeout`).
//!
//! Output contract: one line per finished game, a summary (with how the
//! games ended: A's results for each end reason; the losses on time and
//! the thinking time of each engine), and as the LAST line
//! `result <wins>-<draws>-<losses>` from A's side.

pub(crate) mod clock;
mod external;
mod game;
mod opening;
pub(crate) mod player;
mod stats;

use crate::game_args::GameArgs;
use anyhow::{anyhow, bail, Result};
use clap::Args;
use clock::TimeControl;
use game::{play_game, GameResult};
use indicatif::{ProgressBar, ProgressStyle};
use player::{EngineChoice, MatchPlayer, Setup};
use stats::{Sprt, Tally, Verdict};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Arguments of `gamut match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Engine A: random, easy, medium, hard, expert, max, mcts (optionally
    /// @threads), or `cmd:<program>` for an external engine speaking the
    /// engine protocol.
    #[arg(long)]
    a: EngineChoice,
    /// Engine B (same forms as --a).
    #[arg(long)]
    b: EngineChoice,
    /// Number of games.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Thinking time per move, in milliseconds (when no clock is given).
    #[arg(long, default_value_t = 200)]
    time_ms: u64,
    /// A clock for both engines, kept by the match: `<seconds>+<increment
    /// seconds>` (e.g. `60+0`, `5+0.05`). An engine whose move takes longer
    /// than its time left loses on time. Engines get the clocks (built-in:
    /// their time manager; external: `go firsttime .. secondtime ..
    /// firstinc .. secondinc ..`).
    #[arg(long)]
    tc: Option<TimeControl>,
    /// Engine A's own time control, over --tc and --time-ms: a clock
    /// (`5+0.05`) or a fixed time per move (`150ms`).
    #[arg(long)]
    tc_a: Option<TimeControl>,
    /// Engine B's own time control (same forms as --tc-a).
    #[arg(long)]
    tc_b: Option<TimeControl>,
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
    /// A table saved by `gamut solve --save` for this game and options,
    /// given to both built-in engines: at level max each plays a position
    /// it proves won by its verified proof.
    #[arg(long, value_name = "FILE")]
    solved: Option<PathBuf>,
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
    let first = setup
        .kind
        .new_match(&setup.options, setup.start.as_deref())?;
    let solved = match &args.solved {
        Some(path) => Some(
            first
                .load_solved(path)
                .map_err(|e| anyhow!("loading {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let openings = opening::openings(
        &setup,
        args.games.div_ceil(2),
        args.opening_plies,
        args.seed,
    )?;
    let both = args
        .tc
        .unwrap_or(TimeControl::MoveTime(Duration::from_millis(args.time_ms)));
    let controls = [args.tc_a.unwrap_or(both), args.tc_b.unwrap_or(both)];
    let time = if controls[0] == controls[1] {
        controls[0].to_string()
    } else {
        format!("A {}, B {}", controls[0], controls[1])
    };
    println!(
        "match {}: A={} vs B={}, {} games, {time}, openings of {} random plies (seed {})",
        setup.kind, args.a, args.b, args.games, args.opening_plies, args.seed
    );

    let bar = progress_bar(args.games as u64);
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut by_reason: BTreeMap<String, Tally> = BTreeMap::new();
    let mut times = TimeTally::default();
    let mut verdict = Verdict::Continue;
    let mut failure = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Result<GameResult>>();
        for _ in 0..args.concurrency.min(args.games) {
            let tx = tx.clone();
            let (setup, openings, next, halt, args) = (&setup, &openings, &next, &halt, &args);
            let solved = solved.as_ref();
            scope.spawn(move || {
                let mut a = MatchPlayer::new(&args.a, args.threads).with_solved(solved);
                let mut b = MatchPlayer::new(&args.b, args.threads).with_solved(solved);
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
                        controls,
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
                    times.add(&r);
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
    summary(&args, &tally, &by_reason, &times, verdict);
    Ok(())
}

/// The time of each engine over the match.
#[derive(Debug, Default)]
struct TimeTally {
    /// Games counted.
    games: u32,
    /// Losses on time of A and B.
    losses: [u32; 2],
    /// Thinking time of A and B.
    used: [Duration; 2],
    /// Moves of A and B.
    moves: [u32; 2],
    /// The least time left at the end of a game (clocks only).
    least_left: [Option<Duration>; 2],
    /// The time left at the end of the games, summed (clocks only).
    total_left: [Duration; 2],
}

impl TimeTally {
    fn add(&mut self, r: &GameResult) {
        self.games += 1;
        match r.time_loss {
            Some(true) => self.losses[0] += 1,
            Some(false) => self.losses[1] += 1,
            None => {}
        }
        for i in 0..2 {
            self.used[i] += r.used[i];
            self.moves[i] += r.moves[i];
            if let Some(left) = r.left[i] {
                self.least_left[i] = Some(self.least_left[i].map_or(left, |l| l.min(left)));
                self.total_left[i] += left;
            }
        }
    }

    /// `12.30 s/game (0.310 s/move, left at the end 2.10 s on average,
    /// 0.40 s least)`.
    fn describe(&self, i: usize) -> String {
        let games = f64::from(self.games.max(1));
        let per_game = self.used[i].as_secs_f64() / games;
        let per_move = self.used[i].as_secs_f64() / f64::from(self.moves[i].max(1));
        let mut text = format!("{per_game:.2} s/game ({per_move:.3} s/move");
        if let Some(least) = self.least_left[i] {
            text.push_str(&format!(
                ", left at the end {:.2} s on average, {:.2} s least",
                self.total_left[i].as_secs_f64() / games,
                least.as_secs_f64()
            ));
        }
        text.push(')');
        text
    }
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
fn summary(
    args: &MatchArgs,
    tally: &Tally,
    by_reason: &BTreeMap<String, Tally>,
    times: &TimeTally,
    verdict: Verdict,
) {
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
    println!("time losses: A {}, B {}", times.losses[0], times.losses[1]);
    println!(
        "thinking time: A {}, B {}",
        times.describe(0),
        times.describe(1)
    );
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
