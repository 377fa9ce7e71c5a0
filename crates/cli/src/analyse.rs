//! `gamut analyse`: search one position and print the best move, its score
//! and the principal variation, with a progress line per completed depth.
//! Scores are from the side to move's point of view; the output says so,
//! naming the side, and what the number means.

use crate::game_args::GameArgs;
use anyhow::{anyhow, Result};
use clap::Args;
use gamut_ai::{EngineSpec, Limits, Score, SearchContext, SearchInfo};
use gamut_core::DynMatch;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `gamut analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Thinking time in milliseconds.
    #[arg(long, default_value_t = 2000)]
    time: u64,
    /// Moves (in the game's notation) played from the position first.
    #[arg(long, default_value = "")]
    moves: String,
    /// Stop after this depth.
    #[arg(long)]
    depth: Option<u32>,
    /// The engine: easy, medium, hard, expert, max or mcts (optionally
    /// @threads).
    #[arg(long, default_value = "max")]
    engine: EngineSpec,
    /// A table saved by `gamut solve --save` for this game and options:
    /// at level max, a position it proves won is played by its verified
    /// proof.
    #[arg(long, value_name = "FILE")]
    solved: Option<PathBuf>,
    /// Build the endgame table of this material first (a game with
    /// tables: Linear Pursuit, e.g. "KNN v K"; may be repeated): level max
    /// then uses it. Small tables are built when needed anyway.
    #[arg(long, value_name = "MATERIAL")]
    endings: Vec<String>,
}

/// Run `gamut analyse`.
pub fn run(args: AnalyseArgs) -> Result<()> {
    let moves: Vec<String> = args.moves.split_whitespace().map(str::to_string).collect();
    let game = args.game.game.replay(
        &args.game.option_pairs()?,
        args.game.position.as_deref(),
        &moves,
    )?;
    println!("{}", game.diagram());
    println!("position {}", game.position_text());
    let mover = game.side_name(game.side_to_move());
    if let Some(outcome) = game.outcome() {
        println!("the game is over: {outcome}");
        println!("bestmove (none)");
        return Ok(());
    }
    let limits = Limits {
        movetime: Some(Duration::from_millis(args.time)),
        nodes: None,
        depth: args.depth,
        clock: None,
    };
    println!("scores are from {mover}'s side ({mover} is to move): positive is good for {mover}");
    crate::solve::build_endings(&*game, &args.endings)?;
    let mut context = SearchContext::new();
    if let Some(path) = &args.solved {
        let solved = game
            .load_solved(path)
            .map_err(|e| anyhow!("loading {}: {e}", path.display()))?;
        println!(
            "solved positions: {} entries from {}",
            solved.entries(),
            path.display()
        );
        context.set_solved(Some(solved));
    }
    let stop = AtomicBool::new(false);
    let spec = args.engine.objective();
    let report = game.search_in(&mut context, &spec, &limits, &stop, &mut |info| {
        println!("{}", progress_line(info));
    });
    let best = report
        .best
        .ok_or_else(|| anyhow!("the engine found no move"))?;
    println!("bestmove {best}");
    println!("score {}", report.info.score);
    println!("meaning: {}", score_meaning(report.info.score, &*game));
    println!("pv {}", report.info.pv.join(" "));
    Ok(())
}

/// What a score from the side to move's point of view means, in words.
fn score_meaning(score: Score, game: &dyn DynMatch) -> String {
    let mover = game.side_name(game.side_to_move());
    let other = game.side_name(game.side_to_move().other());
    match score {
        Score::Value(0) => format!("an even position for {mover} (to move) and {other}"),
        Score::Value(v) => {
            let (ahead, units) = if v > 0 { (mover, v) } else { (other, -v) };
            format!(
                "{ahead} is better by about {:.2} pawn-like units ({v:+} from {mover}'s side, \
                 {mover} to move; 100 is one unit)",
                f64::from(units) / 100.0
            )
        }
        Score::WinIn(n) => format!("{mover} (to move) wins by force within {n} plies"),
        Score::LossIn(n) => format!("{other} wins by force within {n} plies ({mover} is to move)"),
    }
}

/// `depth 5/9 score +23 nodes 41000 nps 820000 time 50 ms pv ...`.
fn progress_line(info: &SearchInfo) -> String {
    format!(
        "depth {}/{} score {} nodes {} nps {} time {} ms pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        info.pv.join(" ")
    )
}
