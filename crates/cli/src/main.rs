//! `gamut`: the command-line entry point of the platform.

mod bench;
mod game_args;
mod perft;

use clap::{Parser, Subcommand};

/// Gamut: Lines of Action, Linear Pursuit and Chess Football.
#[derive(Parser)]
#[command(name = "gamut", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the move tree (move-generator check).
    Perft(perft::PerftArgs),
    /// Measure move generation (and search) speed for every game.
    Bench(bench::BenchArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
