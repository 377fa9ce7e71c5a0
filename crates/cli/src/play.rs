//! `gamut play`: a game against the computer in the terminal. The board is
//! drawn after each move, moves are typed in the game's notation, and a few
//! commands help along (`undo`, `hint`, `resign`, `moves`, `help`,
//! `quit`). Reads standard input line by line, so it also works with piped
//! input, and ends cleanly at the end of input.

use crate::game_args::GameArgs;
use anyhow::{anyhow, bail, Result};
use clap::Args;
use gamut_ai::{EngineSpec, Limits};
use gamut_core::{DynMatch, Player};
use gamut_games::Match;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `gamut play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The computer's strength: random, easy, medium, hard, max or mcts.
    #[arg(long, default_value = "medium")]
    level: EngineSpec,
    /// Your side: first, second, or the game's name for it (e.g. black).
    #[arg(long, default_value = "first")]
    side: String,
    /// The computer's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
}

const HELP: &str = "\
Type a move in the game's notation, or one of:
  moves   list the legal moves
  board   draw the board again
  hint    ask the computer for a move
  undo    take back your last move (and the computer's reply)
  resign  give up this game
  help    this text
  quit    leave";

/// Run `gamut play`.
pub fn run(args: PlayArgs) -> Result<()> {
    let kind = args.game.game;
    let mut game = kind.new_match(&args.game.option_pairs()?, args.game.position.as_deref())?;
    let you = parse_side(&*game, &args.side)?;
    let budget = Duration::from_millis(args.time_ms);
    println!(
        "{}: you play {}, the computer ({}) plays {}. Type 'help' for the commands.",
        kind.title(),
        game.side_name(you),
        args.level,
        game.side_name(you.other())
    );
    let mut input = std::io::stdin().lock();
    let mut show_board = true;
    loop {
        if let Some(outcome) = game.outcome() {
            println!("{}", game.diagram());
            let verdict = match outcome.winner {
                Some(w) if w == you => "you win",
                Some(_) => "the computer wins",
                None => "a draw",
            };
            println!("game over: {outcome}: {verdict}");
            return Ok(());
        }
        if game.side_to_move() != you {
            let mv = best_move(&*game, &args.level, budget)?;
            game.play(&mv)?;
            println!("the computer plays {mv}");
            show_board = true;
            continue;
        }
        if show_board {
            println!("{}", game.diagram());
            show_board = false;
        }
        print!("your move> ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            println!();
            println!("end of input: game left unfinished");
            return Ok(());
        }
        match line.trim() {
            "" => {}
            "help" => println!("{HELP}"),
            "quit" | "exit" => {
                println!("game left unfinished");
                return Ok(());
            }
            "moves" | "legal" => println!("legal moves: {}", game.legal_moves().join(" ")),
            "board" => show_board = true,
            "resign" => game.resign(you),
            "hint" => println!("hint: {}", best_move(&*game, &args.level, budget)?),
            "undo" => match take_back(&*game, you) {
                Some(earlier) => {
                    game = earlier;
                    println!("taken back");
                    show_board = true;
                }
                None => println!("there is no move of yours to take back"),
            },
            text => match game.play(text) {
                Ok(mv) => println!("you play {mv}"),
                Err(e) => println!("{e}\nlegal moves: {}", game.legal_moves().join(" ")),
            },
        }
    }
}

/// `first`, `second`, or a side's name in this game (any case).
fn parse_side(game: &dyn DynMatch, text: &str) -> Result<Player> {
    let text = text.trim().to_ascii_lowercase();
    Player::BOTH
        .into_iter()
        .find(|&p| {
            let ordinal = if p == Player::First {
                "first"
            } else {
                "second"
            };
            text == ordinal || text == game.side_name(p).to_ascii_lowercase()
        })
        .ok_or_else(|| {
            anyhow!(
                "unknown side '{text}' (first, second, {}, {})",
                game.side_name(Player::First).to_ascii_lowercase(),
                game.side_name(Player::Second).to_ascii_lowercase()
            )
        })
}

/// The game as it was before `you` made your last move (the computer's
/// replies taken back too), or `None` if you have not moved yet.
fn take_back(game: &dyn Match, you: Player) -> Option<Box<dyn Match>> {
    let mut earlier = game.clone_match();
    loop {
        earlier.undo().ok()?;
        if earlier.side_to_move() == you {
            return Some(earlier);
        }
    }
}

/// The engine's move for the side to move.
fn best_move(game: &dyn Match, spec: &EngineSpec, budget: Duration) -> Result<String> {
    let stop = AtomicBool::new(false);
    let report = game.search(spec, &Limits::movetime(budget), &stop, &mut |_| {});
    match report.best {
        Some(mv) => Ok(mv),
        None => bail!("the computer found no move"),
    }
}
