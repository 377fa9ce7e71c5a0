//! `gamut`: the command-line entry point of the platform.

mod analyse;
mod bench;
mod bot;
mod engine;
mod game_args;
mod matches;
mod perft;
mod play;
mod puzzles;
mod serve;
mod solve;

use clap::{Parser, Subcommand};
use gamut_games::GameKind;

/// The allocator of the whole binary: mimalloc unless built without the
/// `mimalloc` feature (the server's many small per-event allocations).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `gamut --help`'s first line: the games of the catalogue.
fn about() -> String {
    let titles: Vec<&str> = GameKind::ALL.iter().map(|g| g.title()).collect();
    match titles.split_last() {
        Some((last, [])) => format!("Gamut: {last}."),
        Some((last, rest)) => format!("Gamut: {} and {last}.", rest.join(", ")),
        None => "Gamut.".to_string(),
    }
}

/// The `gamut` command line.
#[derive(Parser)]
#[command(name = "gamut", version, about = about())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the platform: HTTP + WebSocket server and web client.
    Serve(serve::ServeArgs),
    /// Count the leaves of the move tree (move-generator check).
    Perft(perft::PerftArgs),
    /// Measure move generation (and search) speed for every game.
    Bench(bench::BenchArgs),
    /// Play against the computer in the terminal.
    Play(play::PlayArgs),
    /// Search a position: best move, score and principal variation.
    Analyse(analyse::AnalyseArgs),
    /// Engine against engine: Elo difference, optional SPRT.
    Match(matches::MatchArgs),
    /// Prove a position won, lost or drawn (proof-number search).
    Solve(solve::SolveArgs),
    /// Speak the engine protocol on stdin/stdout (docs/engine-protocol.md).
    Engine(engine::EngineArgs),
    /// Play online as a bot account with an engine (docs/api.md, "Bots").
    Bot(bot::BotArgs),
    /// Generate and verify proven puzzles (docs/puzzles.md).
    Puzzles(puzzles::PuzzlesArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Play(args) => play::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Match(args) => matches::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Engine(args) => engine::run(args),
        Command::Bot(args) => bot::run(args),
        Command::Puzzles(args) => match puzzles::run(args) {
            Ok(true) => Ok(()),
            Ok(false) => return std::process::ExitCode::FAILURE,
            Err(e) => Err(e),
        },
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
