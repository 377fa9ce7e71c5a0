//! `gamut play`: a game against the computer in the terminal. The board is
//! drawn after each move (yours too, so that a run of placements shows
//! each piece landing), moves are typed in the game's notation, and a few
//! commands help along (`undo`, `hint`, `resign`, `moves`, `help`,
//! `quit`). A move that cannot be played is answered with the reason and
//! the few legal moves closest to what was typed (`moves` lists them
//! all); squares typed in upper case (`B1-B3`) are read in lower case.
//! Reads standard input line by line, so it also works with piped input,
//! and ends cleanly at the end of input.

use crate::game_args::GameArgs;
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use gamut_ai::{Clock, EngineSpec, Limits, SearchContext};
use gamut_core::{DynMatch, Player};
use gamut_games::Match;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Arguments of `gamut play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The computer's strength: random, easy, medium, hard, expert, max or
    /// mcts.
    #[arg(long, default_value = "medium")]
    level: EngineSpec,
    /// Your side: first, second, or the game's name for it (e.g. black).
    #[arg(long, default_value = "first")]
    side: String,
    /// The computer's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// A clock for the computer instead, `<seconds>+<increment seconds>`
    /// (e.g. `300+2`): it decides its own time per move, and loses if its
    /// clock runs out (yours is not kept).
    #[arg(long, value_parser = parse_clock)]
    tc: Option<Clock>,
    /// A table saved by `gamut solve --save` for this game and options:
    /// at level max, the computer plays a position it proves won by its
    /// verified proof.
    #[arg(long, value_name = "FILE")]
    solved: Option<PathBuf>,
    /// Build the endgame table of this material first (a game with
    /// tables: Linear Pursuit, e.g. "KNN v K"; may be repeated): level max
    /// then uses it. Small tables are built when needed anyway.
    #[arg(long, value_name = "MATERIAL")]
    endings: Vec<String>,
}

/// `<seconds>+<increment>` (`300+2`, `60` for `60+0`).
fn parse_clock(text: &str) -> std::result::Result<Clock, String> {
    let (initial, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
    let seconds = |x: &str| {
        x.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && (0.0..=86_400.0).contains(v))
            .map(Duration::from_secs_f64)
    };
    match (seconds(initial), seconds(increment)) {
        (Some(initial), Some(increment)) if !initial.is_zero() => {
            Ok(Clock::new(initial, increment))
        }
        _ => Err(format!(
            "bad clock '{text}': write <seconds>+<increment>, e.g. 300+2"
        )),
    }
}

/// How many of the closest legal moves a wrong move is answered with.
const SUGGESTIONS: usize = 5;

const HELP: &str = "\
Type a move in the game's notation (squares in lower case: b1-b3), or one of:
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
    // The computer's memory between its moves of this game, and its clock.
    crate::solve::build_endings(&*game, &args.endings)?;
    let mut context = SearchContext::new();
    if let Some(path) = &args.solved {
        let solved = game
            .load_solved(path)
            .with_context(|| format!("loading {}", path.display()))?;
        println!(
            "solved positions: {} entries from {}",
            solved.entries(),
            path.display()
        );
        context.set_solved(Some(solved));
    }
    let mut clock = args.tc;
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
            let limits = match clock {
                Some(c) => Limits::clock(c),
                None => Limits::movetime(budget),
            };
            let started = Instant::now();
            let mv = best_move(&*game, &args.level, &limits, &mut context)?;
            if let Some(c) = clock.as_mut() {
                let took = started.elapsed();
                if took > c.left {
                    game.timeout(you.other());
                    println!("the computer ran out of time");
                    continue;
                }
                c.left = c.left - took + c.increment;
            }
            game.play(&mv)?;
            match clock {
                Some(c) => println!(
                    "the computer plays {mv} ({:.1} s left on its clock)",
                    c.left.as_secs_f64()
                ),
                None => println!("the computer plays {mv}"),
            }
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
        let typed = line.trim();
        match typed.to_ascii_lowercase().as_str() {
            "" => {}
            "help" => println!("{HELP}"),
            "quit" | "exit" => {
                println!("game left unfinished");
                return Ok(());
            }
            "moves" | "legal" => {
                let legal = game.legal_moves();
                println!("legal moves ({}): {}", legal.len(), legal.join(" "));
            }
            "board" => show_board = true,
            "resign" => game.resign(you),
            "hint" => {
                let limits = Limits::movetime(budget);
                let hint = best_move(&*game, &args.level, &limits, &mut SearchContext::new())?;
                println!("hint: {hint}");
            }
            "undo" => match take_back(&*game, you) {
                Some(earlier) => {
                    game = earlier;
                    println!("taken back");
                    show_board = true;
                }
                None => println!("there is no move of yours to take back"),
            },
            _ => match play_typed(&mut *game, typed) {
                Ok(mv) => {
                    println!("you play {mv}");
                    // Drawn again before your next move (a placement after
                    // a placement, or after the computer's reply).
                    show_board = true;
                }
                Err(why) => println!("{why}"),
            },
        }
    }
}

/// Play `typed`, or the same with its squares in lower case (`B1-B3` is
/// `b1-b3`); returns the move played, or what to tell the player: why the
/// move cannot be played and the closest legal moves.
fn play_typed(game: &mut dyn Match, typed: &str) -> std::result::Result<String, String> {
    let error = match game.play(typed) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    let lowered = lower_squares(typed);
    let mut why = format!("{error}");
    if lowered != typed {
        match game.play(&lowered) {
            Ok(mv) => {
                return Ok(format!(
                    "{mv} ({typed} read as {lowered}: squares are written in lower case)"
                ))
            }
            Err(e) => why = format!("{typed} read as {lowered}: {e}"),
        }
    }
    let legal = game.legal_moves();
    let closest = closest_moves(&lowered, &legal, SUGGESTIONS);
    if legal.is_empty() {
        return Err(why);
    }
    why.push_str(&format!("\nclosest legal moves: {}", closest.join(" ")));
    if legal.len() > closest.len() {
        why.push_str(&format!(" (type 'moves' for all {})", legal.len()));
    }
    Err(why)
}

/// `text` with each letter that is followed by a digit in lower case (a
/// square: `B1` to `b1`, `K@E1` to `K@e1`), and words in lower case
/// (`PASS`, `PICK:QRN` to `pick:QRN`); piece letters stay as they are.
fn lower_squares(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let before_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        out.push(if before_digit {
            c.to_ascii_lowercase()
        } else {
            c
        });
    }
    let lower = out.to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("pick:") {
        return format!("pick:{}", rest.to_ascii_uppercase());
    }
    if matches!(lower.as_str(), "pass" | "draw") {
        return lower;
    }
    out
}

/// The `n` legal moves closest to `typed`: those from the same first
/// square first, then by edit distance, then in the engine's order.
fn closest_moves(typed: &str, legal: &[String], n: usize) -> Vec<String> {
    let head = |m: &str| -> String {
        m.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '@')
            .collect()
    };
    let typed_head = head(typed);
    let mut scored: Vec<(bool, usize, usize, &String)> = legal
        .iter()
        .enumerate()
        .map(|(i, m)| (head(m) != typed_head, edit_distance(typed, m), i, m))
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(n)
        .map(|(.., m)| m.clone())
        .collect()
}

/// Levenshtein distance between two short strings.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
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

/// The engine's move for the side to move, searched with `context`.
fn best_move(
    game: &dyn Match,
    spec: &EngineSpec,
    limits: &Limits,
    context: &mut SearchContext,
) -> Result<String> {
    let stop = AtomicBool::new(false);
    let report = game.search_in(context, spec, limits, &stop, &mut |_| {});
    match report.best {
        Some(mv) => Ok(mv),
        None => bail!("the computer found no move"),
    }
}
