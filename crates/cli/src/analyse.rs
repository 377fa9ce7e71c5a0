//! `gamut analyse`: search one position and print the best move, its score
//! and the principal variation, with a progress line per completed depth.

use crate::game_args::GameArgs;
use anyhow::{anyhow, Result};
use clap::Args;
use gamut_ai::{EngineSpec, Limits, SearchInfo};
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
    /// The engine: easy, medium, hard, max or mcts (optionally @threads).
    #[arg(long, default_value = "max")]
    engine: EngineSpec,
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
    if let Some(outcome) = game.outcome() {
        println!("the game is over: {outcome}");
        println!("bestmove (none)");
        return Ok(());
    }
    let limits = Limits {
        movetime: Some(Duration::from_millis(args.time)),
        nodes: None,
        depth: args.depth,
    };
    let stop = AtomicBool::new(false);
    let report = game.search(&args.engine, &limits, &stop, &mut |info| {
        println!("{}", progress_line(info));
    });
    let best = report
        .best
        .ok_or_else(|| anyhow!("the engine found no move"))?;
    println!("bestmove {best}");
    println!("score {}", report.info.score);
    println!("pv {}", report.info.pv.join(" "));
    Ok(())
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
