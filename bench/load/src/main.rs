//! `gamut-load`: drives one or more real `gamut serve` processes on
//! loopback with many live games between guest players over HTTP and
//! WebSocket, playing random legal moves, and measures moves per second,
//! ack and delivery latencies, errors and the servers' CPU and memory.
//! See `bench/load/README.md`.

mod analysis;
mod client;
mod computer;
mod game;
mod lobby;
mod probe;
mod review;
mod stats;
mod sys;

use anyhow::{bail, Context};
use clap::Parser;
use computer::{ComputerStats, Plan, Who};
use futures_util::StreamExt;
use game::{Ctx, GameShared, Pairing, GRACE};
use gamut_ai::Level;
use gamut_games::GameKind;
use gamut_protocol::clock::ClockControl;
use gamut_protocol::views::{CatalogueView, ReplayView};
use lobby::{ChurnStats, LobbySockets};
use stats::Summary;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sys::CpuMeter;

/// The most live games one run may hold.
const MAX_GAMES: usize = 20_000;
/// The longest run.
const MAX_DURATION_S: u64 = 3_600;
/// The most lobby sockets one run may open.
const MAX_LOBBY_SOCKETS: usize = 20_000;
/// The most seek-churning guests.
const MAX_CHURN_GUESTS: usize = 100;
/// The most games the computer hog may try to keep going.
const MAX_HOG_GAMES: usize = 200;
/// The longest search the analysis probe asks for (the server caps it
/// too: `--analysis-max-secs`).
const MAX_PROBE_SECS: f64 = 600.0;
/// The longest game the review probe plays.
const MAX_REVIEW_PLIES: usize = 1_000;

/// Load generator for `gamut serve` (loopback only).
#[derive(Parser, Debug)]
#[command(name = "gamut-load", version)]
struct Args {
    /// A server's base URL (repeatable; loopback only: 127.0.0.0/8,
    /// localhost, the IPv6 loopback).
    #[arg(long = "server", default_value = "http://127.0.0.1:8080")]
    servers: Vec<String>,
    /// Live games (each replaced by a new one when it ends).
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// The game: `loa`, `pursuit`, `football`, `mix` (every game of the
    /// server's catalogue in turn) or a comma-separated list. Default:
    /// `loa`; the analysis and review probes: `mix`.
    #[arg(long)]
    game: Option<String>,
    /// Think time: each player waits this long after the opponent's move
    /// before sending its own (0: as soon as it is its turn; 1000: each
    /// game makes about one move a second).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Seconds to play (at most 3600).
    #[arg(long, default_value_t = 30)]
    duration: u64,
    /// One spectator socket per this many games (0: none).
    #[arg(long, default_value_t = 0)]
    spectators_per: usize,
    /// Seconds over which the games are started.
    #[arg(long, default_value_t = 0.0)]
    ramp: f64,
    /// After the run, fetch every game's stored moves and check that every
    /// acknowledged move is stored, in order (exit 1 if any is missing).
    #[arg(long)]
    verify: bool,
    /// A server process to measure (CPU, RSS); repeatable. Default: the
    /// processes listening on the servers' ports, when they can be found.
    #[arg(long = "server-pid")]
    server_pids: Vec<u32>,
    /// The games' clock: `untimed` or `INITIAL+INCREMENT` in seconds.
    #[arg(long, default_value = "600+5")]
    clock: String,
    /// Where each game's two players connect when there are several
    /// servers: `split` (on different servers: servers sharing one
    /// database) or `same`.
    #[arg(long, value_enum, default_value = "split")]
    pairing: Pairing,
    /// Seconds between progress lines.
    #[arg(long, default_value_t = 5)]
    report_every: u64,
    /// Leave the games still live at the end as they are (default: their
    /// creators resign them once the measurements are taken).
    #[arg(long)]
    no_resign: bool,
    /// Seed of the players' random moves (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Lobby sockets to open besides the games (`/api/lobby/ws`, no
    /// cookie), opened before the games start and kept open to the end;
    /// the run reports the lobby messages they receive per second.
    #[arg(long, default_value_t = 0)]
    lobby_sockets: usize,
    /// Lobby sockets per loopback source address (127.2.x.y; the server's
    /// default cap is 8 per address).
    #[arg(long, default_value_t = 8)]
    lobby_sockets_per_address: usize,
    /// Seek churn: this many guests (`--seek-churn` alone: 1), each from
    /// its own address (127.3.x.y), open and cancel seeks in a loop as fast
    /// as the server answers, 5 in flight each (the server's default cap
    /// of open seeks per user).
    #[arg(long, num_args = 0..=1, default_missing_value = "1", default_value_t = 0, value_name = "GUESTS")]
    seek_churn: usize,
    /// A probe guest (from 127.5.0.1) plays one game after another against
    /// the computer at `--probe-level`; the run reports the computer's
    /// reply delay (the probe's move's ack to the computer's move event).
    #[arg(long)]
    computer_probe: bool,
    /// The probe's computer level.
    #[arg(long, default_value = "easy")]
    probe_level: String,
    /// The probe's think time before each move.
    #[arg(long, default_value_t = 200)]
    probe_think_ms: u64,
    /// A hog guest (from 127.4.0.1) tries to keep this many games against
    /// the computer at `--hog-level` going, moving as soon as it may; the
    /// server's refusals (its caps per user and address) are counted.
    #[arg(long, default_value_t = 0, value_name = "GAMES")]
    computer_hog: usize,
    /// The hog's computer level.
    #[arg(long, default_value = "max")]
    hog_level: String,
    /// The hog sends its game creations all at once (as a script would)
    /// instead of each after the previous one's answer.
    #[arg(long)]
    hog_burst: bool,
    /// The analysis probe: a guest (from 127.6.0.1) has the server's engine
    /// (`/api/analysis/ws`) search the start and a mid-game position of
    /// each `--game`, with 1 and with 3 lines, SECS seconds each; reports
    /// depth, nodes and nodes/s. With `--games 0` and no other scenario.
    #[arg(long, value_name = "SECS")]
    analysis_probe: Option<f64>,
    /// The review probe: two guests (127.7.0.x) play a game of each
    /// `--game` to PLIES plies with random legal moves, resign it and time
    /// its review (`POST`/`GET /api/games/{id}/review`). With `--games 0`
    /// and no other scenario.
    #[arg(long, value_name = "PLIES")]
    review_probe: Option<usize>,
}

fn parse_clock(text: &str) -> anyhow::Result<ClockControl> {
    if text == "untimed" {
        return Ok(ClockControl::Untimed);
    }
    let (a, b) = text
        .split_once('+')
        .context("--clock: `untimed` or INITIAL+INCREMENT (seconds)")?;
    let initial: f64 = a.trim().parse().context("--clock initial seconds")?;
    let increment: f64 = b.trim().parse().context("--clock increment seconds")?;
    if !(1.0..=86_400.0).contains(&initial) || !(0.0..=600.0).contains(&increment) {
        bail!("--clock: initial 1..86400 s, increment 0..600 s");
    }
    Ok(ClockControl::Realtime {
        initial_ms: (initial * 1000.0) as i64,
        increment_ms: (increment * 1000.0) as i64,
    })
}

/// The games' names, `loa,pursuit`.
fn kind_names(kinds: &[GameKind]) -> String {
    kinds.iter().map(|k| k.name()).collect::<Vec<_>>().join(",")
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// The servers' CPU (percent of one core, summed), RSS (MB, summed) and
/// wait for a core (percent of one core, summed).
fn servers_usage(meters: &mut [CpuMeter]) -> (Option<f64>, Option<f64>, Option<f64>) {
    if meters.is_empty() {
        return (None, None, None);
    }
    let mut cpu = 0.0;
    let mut rss = 0u64;
    let mut wait = 0.0;
    for m in meters.iter_mut() {
        cpu += m.sample().unwrap_or(0.0);
        rss += sys::rss_bytes(m.pid).unwrap_or(0);
        wait += m.last_wait_pct.unwrap_or(0.0);
    }
    (Some(cpu), Some(mb(rss)), Some(wait))
}

fn opt(v: Option<f64>, unit: &str) -> String {
    v.map_or_else(|| "-".to_owned(), |x| format!("{x:.0}{unit}"))
}

#[tokio::main]
async fn main() {
    match run().await {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("gamut-load: {e:#}");
            std::process::exit(2);
        }
    }
}

async fn run() -> anyhow::Result<i32> {
    let args = Args::parse();
    let side_scenario = args.lobby_sockets > 0
        || args.seek_churn > 0
        || args.computer_probe
        || args.computer_hog > 0;
    let probing = args.analysis_probe.is_some() || args.review_probe.is_some();
    if args.games > MAX_GAMES || (args.games == 0 && !side_scenario && !probing) {
        bail!("--games: 1 to {MAX_GAMES} (0 only with a lobby, computer or probe scenario)");
    }
    if probing && (args.games > 0 || side_scenario) {
        bail!("--analysis-probe and --review-probe run alone: with --games 0 and no lobby or computer scenario");
    }
    if args
        .analysis_probe
        .is_some_and(|s| !(0.1..=MAX_PROBE_SECS).contains(&s))
    {
        bail!("--analysis-probe: 0.1 to {MAX_PROBE_SECS} s");
    }
    if args
        .review_probe
        .is_some_and(|p| !(2..=MAX_REVIEW_PLIES).contains(&p))
    {
        bail!("--review-probe: 2 to {MAX_REVIEW_PLIES} plies");
    }
    if args.lobby_sockets > MAX_LOBBY_SOCKETS || args.lobby_sockets_per_address == 0 {
        bail!(
            "--lobby-sockets: at most {MAX_LOBBY_SOCKETS}; --lobby-sockets-per-address: at least 1"
        );
    }
    if args.seek_churn > MAX_CHURN_GUESTS {
        bail!("--seek-churn: at most {MAX_CHURN_GUESTS} guests");
    }
    if args.computer_hog > MAX_HOG_GAMES {
        bail!("--computer-hog: at most {MAX_HOG_GAMES} games");
    }
    if args.probe_think_ms > 600_000 {
        bail!("--probe-think-ms: at most 600000");
    }
    if args.duration == 0 || args.duration > MAX_DURATION_S {
        bail!("--duration: 1 to {MAX_DURATION_S} s");
    }
    if !(0.0..=args.duration as f64).contains(&args.ramp) {
        bail!("--ramp: 0 to --duration seconds");
    }
    if args.think_ms > 600_000 {
        bail!("--think-ms: at most 600000");
    }
    let servers = args
        .servers
        .iter()
        .map(|s| sys::parse_server(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let clock = parse_clock(&args.clock)?;

    // Sockets: two players per game, spectators, pooled HTTP connections.
    let spectators = if args.spectators_per > 0 {
        args.games.div_ceil(args.spectators_per)
    } else {
        0
    };
    let want =
        (2 * args.games + spectators + args.lobby_sockets + args.computer_hog) as u64 * 2 + 512;
    if let Some(note) = sys::raise_nofile(want) {
        eprintln!("note: {note}");
    }
    println!(
        "open-file limit {} (this process; the server needs about {} for this run)",
        sys::nofile_limit(),
        2 * args.games + spectators + args.lobby_sockets + args.computer_hog + 64
    );
    if servers.iter().any(|s| !s.v4) && 2 * args.games > 60 {
        eprintln!(
            "note: an IPv6 server allows 60 new guests a minute from ::1; \
             use 127.0.0.1 (guests then come from several 127.x source addresses)"
        );
    }

    // Every server must answer; the catalogue says which games exist.
    let probe = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()?;
    let mut catalogue: Vec<GameKind> = Vec::new();
    let mut levels: Vec<Level> = Vec::new();
    for s in &servers {
        let health = probe
            .get(format!("{}/api/health", s.base))
            .send()
            .await
            .with_context(|| format!("{}: not answering", s.base))?;
        if !health.status().is_success() {
            bail!("{}/api/health: HTTP {}", s.base, health.status());
        }
        if catalogue.is_empty() {
            let cat: CatalogueView = probe
                .get(format!("{}/api/catalogue", s.base))
                .send()
                .await?
                .json()
                .await
                .context("reading the catalogue")?;
            catalogue = cat.games.into_iter().map(|g| g.name).collect();
            levels = cat.levels;
        }
    }
    let level = |flag: &str, level: &str| {
        levels
            .iter()
            .copied()
            .find(|l| l.name() == level)
            .with_context(|| {
                format!(
                    "{flag} {level}: the server's levels are {}",
                    levels
                        .iter()
                        .map(|l| l.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
    };
    let probe_level = level("--probe-level", &args.probe_level)?;
    let hog_level = level("--hog-level", &args.hog_level)?;
    let game = args
        .game
        .as_deref()
        .unwrap_or(if probing { "mix" } else { "loa" });
    let names = || {
        catalogue
            .iter()
            .map(|g| g.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kinds: Vec<GameKind> = if game == "mix" {
        catalogue.clone()
    } else {
        game.split(',')
            .map(str::trim)
            .map(|k| {
                catalogue
                    .iter()
                    .copied()
                    .find(|g| g.name() == k)
                    .with_context(|| format!("--game {k}: the server plays {}", names()))
            })
            .collect::<anyhow::Result<_>>()?
    };
    if kinds.is_empty() {
        bail!("--game: no game");
    }

    let mut pids = args.server_pids.clone();
    if pids.is_empty() {
        for s in &servers {
            match sys::pid_listening_on(s.port) {
                Some(pid) if !pids.contains(&pid) => pids.push(pid),
                Some(_) => {}
                None => eprintln!(
                    "note: no process seen listening on port {}; pass --server-pid to measure it",
                    s.port
                ),
            }
        }
    }

    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    if probing {
        return Ok(run_probes(&args, &servers[0], pids.first().copied(), &kinds, seed).await);
    }
    let think = Duration::from_millis(args.think_ms);
    let duration = Duration::from_secs(args.duration);
    let ramp = Duration::from_secs_f64(args.ramp);
    println!(
        "gamut-load: {} games of {} on {} (pairing {:?}), think {} ms, clock {}, {} s (ramp {} s), {} spectators, seed {seed}",
        args.games,
        kind_names(&kinds),
        servers.iter().map(|s| s.base.as_str()).collect::<Vec<_>>().join(" "),
        args.pairing,
        args.think_ms,
        args.clock,
        args.duration,
        args.ramp,
        spectators,
    );
    println!(
        "measuring server pid(s): {}",
        if pids.is_empty() {
            "none".to_owned()
        } else {
            pids.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        }
    );

    if args.lobby_sockets > 0 && servers.iter().any(|s| !s.v4) {
        eprintln!(
            "note: lobby sockets to an IPv6 server all come from ::1 (capped per address by the server)"
        );
    }
    let lobby = if args.lobby_sockets > 0 {
        let l =
            LobbySockets::open(&servers, args.lobby_sockets, args.lobby_sockets_per_address).await;
        println!(
            "lobby: {} of {} sockets open from {} source address(es) in {:.1} s ({} failed)",
            l.stats.opened.load(Ordering::Relaxed),
            l.asked,
            l.addresses,
            l.opened_in.as_secs_f64(),
            l.stats.failed.load(Ordering::Relaxed),
        );
        Some(l)
    } else {
        None
    };

    let ctx = Arc::new(Ctx::new(
        servers.clone(),
        args.games,
        kinds,
        think,
        duration,
        ramp,
        clock,
        args.pairing,
        args.spectators_per,
        !args.no_resign,
        seed,
    )?);
    let mut run_meters: Vec<CpuMeter> = pids.iter().map(|&p| CpuMeter::new(p)).collect();
    let mut self_run = CpuMeter::new(0);
    let machine_start = sys::MachineSample::now();
    let rss_start: u64 = pids.iter().filter_map(|&p| sys::rss_bytes(p)).sum();

    let lobby_counts = |l: &Option<LobbySockets>| {
        l.as_ref().map_or((0, 0), |l| {
            (
                l.stats.messages.load(Ordering::Relaxed),
                l.stats.bytes.load(Ordering::Relaxed),
            )
        })
    };
    let lobby_at_start = lobby_counts(&lobby);

    let mut slots = tokio::task::JoinSet::new();
    for slot in 0..args.games {
        slots.spawn(game::run_slot(ctx.clone(), slot));
    }
    let churn = Arc::new(ChurnStats::default());
    for guest in 0..args.seek_churn {
        slots.spawn(lobby::run_churn(ctx.clone(), guest, churn.clone()));
    }
    let computer = Arc::new(ComputerStats::default());
    let probe_plan = args.computer_probe.then(|| Plan {
        who: Who::Probe,
        level: probe_level,
        think: Duration::from_millis(args.probe_think_ms),
        games: 1,
        burst: false,
    });
    let hog_plan = (args.computer_hog > 0).then_some(Plan {
        who: Who::Hog,
        level: hog_level,
        think: Duration::ZERO,
        games: args.computer_hog,
        burst: args.hog_burst,
    });
    for plan in probe_plan.iter().chain(hog_plan.iter()) {
        slots.spawn(computer::run(ctx.clone(), plan.clone(), computer.clone()));
    }
    if side_scenario {
        println!(
            "side scenarios: {} lobby sockets, seek churn {} guest(s), computer probe {}, computer hog {} (games against the computer and seeks play {})",
            args.lobby_sockets,
            args.seek_churn,
            probe_plan.as_ref().map_or("off".to_owned(), |p| format!("level {} think {} ms", p.level, p.think.as_millis())),
            hog_plan.as_ref().map_or("off".to_owned(), |p| format!(
                "{} games at level {}{}",
                p.games,
                p.level,
                if p.burst { ", created in a burst" } else { "" }
            )),
            ctx.kinds[0],
        );
    }

    // Progress lines.
    let reporter = {
        let ctx = ctx.clone();
        let pids = pids.clone();
        let lobby_stats = lobby.as_ref().map(|l| l.stats.clone());
        let churn = (args.seek_churn > 0).then(|| churn.clone());
        let computer = (args.computer_probe || args.computer_hog > 0).then(|| computer.clone());
        let every = Duration::from_secs(args.report_every.max(1));
        tokio::spawn(async move {
            let mut meters: Vec<CpuMeter> = pids.iter().map(|&p| CpuMeter::new(p)).collect();
            let mut me = CpuMeter::new(0);
            let mut machine = sys::MachineSample::now();
            let mut last = Instant::now();
            let mut lobby_last = lobby_stats
                .as_ref()
                .map_or(0, |l| l.messages.load(Ordering::Relaxed));
            let mut churn_last = churn
                .as_ref()
                .map_or(0, |c| c.cycles.load(Ordering::Relaxed));
            let mut tick = tokio::time::interval_at((last + every).into(), every);
            loop {
                tick.tick().await;
                let now = Instant::now();
                let secs = (now - last).as_secs_f64();
                last = now;
                let mut w = ctx.stats.take_interval();
                let (cpu, rss, wait) = servers_usage(&mut meters);
                let mut deliv = w.to_opponent.clone();
                deliv.extend(&w.to_spectator);
                let m = sys::MachineSample::now();
                let (cpu_stall, _) = m.stalls_since(&machine);
                machine = m;
                println!(
                    "[{:6.1}s] live {:5}  started {:6}  moves/s {:8.1}  ack p50/p99 {} ms  delivery p50/p99 {} ms  errors {}  server cpu {} (waiting {}) rss {}  load cpu {}  machine load {:.1} cpu-stall {}",
                    (now - ctx.start).as_secs_f64(),
                    ctx.stats.games_live.load(Ordering::Relaxed),
                    ctx.stats.games_started.load(Ordering::Relaxed),
                    w.acked as f64 / secs,
                    w.ack.summary().short(),
                    deliv.summary().short(),
                    ctx.stats.error_count.load(Ordering::Relaxed),
                    opt(cpu, "%"),
                    opt(wait, "%"),
                    opt(rss, " MB"),
                    opt(me.sample(), "%"),
                    m.load1,
                    opt(cpu_stall, "%"),
                );
                let mut extra = Vec::new();
                if let Some(l) = &lobby_stats {
                    let n = l.messages.load(Ordering::Relaxed);
                    extra.push(format!(
                        "lobby open {} msgs/s {:.0}",
                        l.open.load(Ordering::Relaxed),
                        (n - lobby_last) as f64 / secs
                    ));
                    lobby_last = n;
                }
                if let Some(c) = &churn {
                    let n = c.cycles.load(Ordering::Relaxed);
                    extra.push(format!("seeks/s {:.1}", (n - churn_last) as f64 / secs));
                    churn_last = n;
                }
                if let Some(c) = &computer {
                    extra.push(format!(
                        "probe reply p50/p99 {} ms  hog live {} (refused {})",
                        c.probe.reply.take_interval().short(),
                        c.hog.live.load(Ordering::Relaxed),
                        c.hog.refused.total(),
                    ));
                }
                if !extra.is_empty() {
                    println!("          {}", extra.join("  "));
                }
            }
        })
    };

    // The measured window: start .. deadline (steady: ramp end .. deadline).
    let mut steady_meters: Vec<CpuMeter> = Vec::new();
    let mut self_steady = None;
    if ramp > Duration::ZERO {
        tokio::time::sleep_until((ctx.start + ramp).into()).await;
        steady_meters = pids.iter().map(|&p| CpuMeter::new(p)).collect();
        self_steady = Some(CpuMeter::new(0));
    }
    tokio::time::sleep_until(ctx.deadline.into()).await;
    let run_secs = (Instant::now() - ctx.start).as_secs_f64();
    let (cpu_run, rss_end, wait_run) = servers_usage(&mut run_meters);
    let (cpu_steady, _, wait_steady) = servers_usage(&mut steady_meters);
    let self_cpu_run = self_run.sample();
    let self_cpu_steady = self_steady.as_mut().and_then(CpuMeter::sample);
    let machine_end = sys::MachineSample::now();
    let (at_end, mut steady, _) = ctx.stats.totals();
    let lobby_at_end = lobby_counts(&lobby);
    let lobby_open_at_end = lobby
        .as_ref()
        .map_or(0, |l| l.stats.open.load(Ordering::Relaxed));

    // Wind down: outstanding acks, closing resignations.
    let wind_down = tokio::time::timeout(GRACE + Duration::from_secs(10), async {
        while slots.join_next().await.is_some() {}
    })
    .await;
    if wind_down.is_err() {
        ctx.stats.error("tasks still running at the end (aborted)");
        slots.abort_all();
    }
    reporter.abort();
    let lobby_errors = lobby::errors(lobby.as_ref());
    // Acks that came in the grace period count too.
    let (mut all, _, mut errors) = ctx.stats.totals();
    for (kind, n) in lobby_errors {
        *errors.entry(kind).or_default() += n;
    }
    let late_acks = all.acked - at_end.acked;

    let started = ctx.stats.games_started.load(Ordering::Relaxed);
    let ended = ctx.stats.games_ended.load(Ordering::Relaxed);
    let mut deliv_all = all.to_opponent.clone();
    deliv_all.extend(&all.to_spectator);
    println!();
    println!("== gamut-load summary ==");
    println!(
        "games: {} slots; {started} started, {ended} ended by their rules or clocks during the run",
        args.games
    );
    println!(
        "moves acknowledged: {} in {run_secs:.1} s = {:.1}/s{}",
        all.acked,
        all.acked as f64 / run_secs,
        if late_acks > 0 {
            format!(" ({late_acks} of them acked after the end)")
        } else {
            String::new()
        }
    );
    if ramp > Duration::ZERO {
        let steady_secs = (run_secs - ramp.as_secs_f64()).max(1e-9);
        println!(
            "  after the {:.0} s ramp: {} in {steady_secs:.1} s = {:.1}/s",
            ramp.as_secs_f64(),
            steady.acked,
            steady.acked as f64 / steady_secs
        );
    }
    let show = |name: &str, s: Summary| println!("{name:<30} {}", s.line());
    show("ack latency:", all.ack.summary());
    show("delivery latency (all):", deliv_all.summary());
    show("  to the opponent:", all.to_opponent.summary());
    if spectators > 0 {
        show("  to spectators:", all.to_spectator.summary());
    }
    if ramp > Duration::ZERO {
        let mut d = steady.to_opponent.clone();
        d.extend(&steady.to_spectator);
        show("ack latency after the ramp:", steady.ack.summary());
        show("delivery after the ramp:", d.summary());
    }
    let races = ctx.stats.end_races.load(Ordering::Relaxed);
    if races > 0 {
        println!(
            "moves refused because the game had just ended: {races} (sent on the move event of a \
             game's last move, which still lists legal moves, before its end event came; not errors)"
        );
    }
    if side_scenario {
        lobby::report(
            lobby.as_ref(),
            (args.seek_churn > 0).then_some((args.seek_churn, churn.as_ref())),
            (
                lobby_at_start.0,
                lobby_at_end.0,
                lobby_at_start.1,
                lobby_at_end.1,
            ),
            run_secs,
        );
        computer::report(
            &computer,
            probe_plan.as_ref(),
            hog_plan.as_ref(),
            ctx.kinds[0].name(),
        );
    }
    if let Some(l) = lobby {
        l.close().await;
    }
    let error_total: u64 = errors.values().sum();
    if errors.is_empty() {
        println!("errors: 0");
    } else {
        println!("errors: {error_total}");
        for (kind, n) in &errors {
            println!("  {n:8}  {kind}");
        }
    }
    if pids.is_empty() {
        println!("server: not measured (no --server-pid, none found by port)");
    } else {
        println!(
            "server pid(s) {}: cpu {} of one core over the run{}; its threads waited for a core {}{}; rss {} at the start, {} at the end",
            pids.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
            opt(cpu_run, "%"),
            cpu_steady.map_or(String::new(), |c| format!(" ({c:.0}% after the ramp)")),
            opt(wait_run, "%"),
            wait_steady.map_or(String::new(), |c| format!(" ({c:.0}% after the ramp)")),
            format_args!("{:.0} MB", mb(rss_start)),
            opt(rss_end, " MB"),
        );
    }
    // No figure when the server's process is gone (`bench/load/run
    // --kill9-at`: its CPU time can no longer be read).
    if let (Some(cpu), true) = (cpu_run, all.acked > 0 && cpu_run > Some(0.0)) {
        // The figure that holds on any machine: the server's CPU time per
        // durable move (issue 24), over the whole run.
        let per_move = cpu / 100.0 * run_secs * 1e6 / all.acked as f64;
        println!(
            "server cpu per acknowledged move: {per_move:.0} µs ({:.0} moves/s per core at this cost)",
            1e6 / per_move.max(1e-9)
        );
    }
    println!(
        "load generator: cpu {} of one core over the run{}",
        opt(self_cpu_run, "%"),
        self_cpu_steady.map_or(String::new(), |c| format!(" ({c:.0}% after the ramp)")),
    );

    let (cpu_stall, io_stall) = machine_end.stalls_since(&machine_start);
    println!(
        "machine: {} cores; load average {:.1} at the start, {:.1} at the end; some task waiting for a core {} of the run, for I/O {}",
        sys::cores(),
        machine_start.load1,
        machine_end.load1,
        opt(cpu_stall, "%"),
        opt(io_stall, "%"),
    );

    let mut missing_total = 0u64;
    if args.verify {
        let games: Vec<Arc<GameShared>> = ctx
            .played
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        let (acked, stored, missing, failed) = verify(&ctx, &games).await;
        missing_total = missing;
        println!(
            "verify: {} games; acked {acked}, stored {stored}, missing {missing}{}",
            games.len(),
            if failed > 0 {
                format!(", {failed} games could not be fetched")
            } else {
                String::new()
            }
        );
        missing_total += failed;
    }
    let mut result = format!(
        "RESULT moves={} errors={error_total} missing={missing_total}",
        all.acked
    );
    if args.lobby_sockets > 0 {
        result += &format!(
            " lobby_open={} lobby_msgs={}",
            lobby_open_at_end,
            lobby_at_end.0 - lobby_at_start.0
        );
    }
    if args.seek_churn > 0 {
        result += &format!(" seek_cycles={}", churn.cycles.load(Ordering::Relaxed));
    }
    if args.computer_probe {
        let r = computer.probe.reply.summary();
        result += &format!(" probe_replies={} probe_p50_ms={:.1}", r.n, r.p50);
    }
    if args.computer_hog > 0 {
        result += &format!(
            " hog_created={} hog_refused={}",
            computer.hog.created.load(Ordering::Relaxed),
            computer.hog.refused.total()
        );
    }
    println!("{result}");
    Ok(if args.verify && missing_total > 0 {
        1
    } else {
        0
    })
}

/// The analysis and review probes, one after the other, on the first
/// server: their tables, the machine's load and a `RESULT` line; exit 1 if
/// any measurement failed.
async fn run_probes(
    args: &Args,
    server: &sys::ServerAddr,
    pid: Option<u32>,
    kinds: &[GameKind],
    seed: u64,
) -> i32 {
    println!(
        "gamut-load probes on {} ({}), measuring server pid {}, seed {seed}",
        server.base,
        kind_names(kinds),
        pid.map_or("none".to_owned(), |p| p.to_string()),
    );
    let machine_start = sys::MachineSample::now();
    let analysis = match args.analysis_probe {
        Some(secs) => Some(analysis::run(server, pid, kinds, secs, seed).await),
        None => None,
    };
    let review = match args.review_probe {
        Some(plies) => Some(review::run(server, pid, kinds, plies, seed).await),
        None => None,
    };
    let machine_end = sys::MachineSample::now();
    println!();
    println!("== gamut-load summary ==");
    let mut errors = 0;
    let mut result = String::new();
    if let (Some(p), Some(secs)) = (&analysis, args.analysis_probe) {
        analysis::report(p, secs);
        errors += p.errors.len();
        result += &format!(" analyses={}", p.results.len());
        for a in p.results.iter().filter(|a| a.plies == 0 && a.lines == 1) {
            result += &format!(
                " nps_{}={:.0} depth_{}={}",
                a.game,
                a.client_nps(),
                a.game,
                a.depth
            );
        }
    }
    if let (Some(p), Some(plies)) = (&review, args.review_probe) {
        review::report(p, plies);
        errors += p.errors.len();
        result += &format!(" reviews={}", p.results.len());
        for r in &p.results {
            result += &format!(
                " review_ms_{}={} review_plies_{}={}",
                r.game,
                r.wall.as_millis(),
                r.game,
                r.plies
            );
        }
    }
    let (cpu_stall, _) = machine_end.stalls_since(&machine_start);
    println!(
        "machine: {} cores; load average {:.1} at the start, {:.1} at the end; some task waiting for a core {} of the run",
        sys::cores(),
        machine_start.load1,
        machine_end.load1,
        opt(cpu_stall, "%"),
    );
    println!("errors: {errors}");
    println!("RESULT errors={errors}{result}");
    i32::from(errors > 0)
}

/// Fetches every game's stored moves (`GET /api/games/{id}/replay`) and
/// checks each acknowledged move is stored at its ply. Returns (acked,
/// stored, missing, games that could not be fetched).
async fn verify(ctx: &Ctx, games: &[Arc<GameShared>]) -> (u64, u64, u64, u64) {
    let results = futures_util::stream::iter(games.iter().cloned())
        .map(|g| async move {
            let mut acked = g
                .acked
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone();
            // The two players' tasks record their acks as each reads its
            // own; one may read the ack of the reply before the other reads
            // the ack of the move it answers. Each ply is acked once.
            acked.sort_by_key(|&(ply, _)| ply);
            let url = format!("{}/api/games/{}/replay", ctx.servers[g.server].base, g.id);
            let replay: Option<ReplayView> = match ctx.http.get(&url).send().await {
                Ok(r) if r.status().is_success() => r.json().await.ok(),
                _ => None,
            };
            let Some(replay) = replay else {
                return (acked.len() as u64, 0, acked.len() as u64, 1);
            };
            let stored = &replay.moves;
            let mut missing = 0u64;
            let mut last_ply = 0u32;
            for (ply, mv) in &acked {
                let here = (*ply as usize)
                    .checked_sub(1)
                    .and_then(|i| stored.get(i))
                    .map(String::as_str);
                // Stored at its ply, and no ply acked twice.
                if here != Some(mv.as_str()) || *ply <= last_ply {
                    missing += 1;
                    if missing <= 3 {
                        eprintln!(
                            "verify: game {} ({}): acked ply {ply} {mv}, stored {:?}",
                            g.id, g.kind, here
                        );
                    }
                }
                last_ply = *ply;
            }
            (acked.len() as u64, stored.len() as u64, missing, 0)
        })
        .buffer_unordered(16)
        .collect::<Vec<_>>()
        .await;
    results.into_iter().fold((0, 0, 0, 0), |a, r| {
        (a.0 + r.0, a.1 + r.1, a.2 + r.2, a.3 + r.3)
    })
}
