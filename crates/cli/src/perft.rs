//! `gamut perft`: leaf counts of the move tree, optionally split by move.
//! Output contract: with `--divide`, one `<move> <count>` line per counted
//! legal move; the last line is always the bare total.

use crate::game_args::GameArgs;
use anyhow::Result;
use clap::Args;
use gamut_core::{divide, perft};
use gamut_games::{parse_options, CatalogueGame, GameVisitor};

/// Arguments of `gamut perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Depth of the tree.
    #[arg(long)]
    depth: u32,
    /// Moves (in the game's notation) played from the start first.
    #[arg(long, default_value = "")]
    moves: String,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
}

struct Run<'a>(&'a PerftArgs, Vec<(String, String)>);

impl GameVisitor for Run<'_> {
    type Output = Result<()>;
    fn visit<G: CatalogueGame>(self) -> Result<()> {
        let args = self.0;
        let options = parse_options::<G>(&self.1)?;
        let start = args.game.start_position(&options, G::perft_start)?;
        let mut pos = start;
        for (i, text) in args.moves.split_whitespace().enumerate() {
            let mv = pos
                .parse_move(text)
                .map_err(|e| anyhow::anyhow!("move {} of --moves: {e}", i + 1))?;
            pos.play(mv);
        }
        let total = if args.divide {
            let lines = divide(&pos, args.depth);
            for (mv, n) in &lines {
                println!("{mv} {n}");
            }
            lines.iter().map(|(_, n)| n).sum()
        } else {
            perft(&pos, args.depth)
        };
        println!("{total}");
        Ok(())
    }
}

/// Run `gamut perft`.
pub fn run(args: PerftArgs) -> Result<()> {
    let pairs = args.game.option_pairs()?;
    args.game.game.dispatch(Run(&args, pairs))
}
