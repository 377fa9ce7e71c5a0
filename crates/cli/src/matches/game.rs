//! One game of a match: the opening, then the two players in turn until
//! the game ends. A player that fails (illegal move, crash, no answer)
//! loses the game by forfeit.

use super::player::{MatchPlayer, Setup};
use anyhow::Result;
use gamut_core::Player;
use gamut_games::Match;
use std::time::Duration;

/// How a game of the match ended.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The game's number in the match (0-based).
    pub index: usize,
    /// The name of A's side (`Black`).
    pub a_side: &'static str,
    /// A's score: 1, 0.5 or 0.
    pub score_a: f64,
    /// The result as `1-0 (connection)` or `0-1 (forfeit: ...)`.
    pub result: String,
    /// Why the game ended: the outcome's reason (`move-limit`) or
    /// `forfeit`.
    pub reason: String,
    /// Plies played (the opening included).
    pub plies: usize,
}

/// Play game `index` from `opening` with `a` and `b`; `a_first` says who
/// moves first.
pub fn play_game(
    setup: &Setup,
    index: usize,
    opening: &[String],
    a: &mut MatchPlayer,
    b: &mut MatchPlayer,
    a_first: bool,
    movetime: Duration,
) -> Result<GameResult> {
    let mut game = setup
        .kind
        .new_match(&setup.options, setup.start.as_deref())?;
    for mv in opening {
        game.play(mv)?;
    }
    let side_of_a = if a_first {
        Player::First
    } else {
        Player::Second
    };
    let mut forfeit = None;
    for (player, side) in [(&mut *a, side_of_a), (&mut *b, side_of_a.other())] {
        if let Err(e) = player.new_game(setup) {
            forfeit = Some((side, e));
            break;
        }
    }
    while forfeit.is_none() && game.outcome().is_none() {
        let side = game.side_to_move();
        let player = if side == side_of_a { &mut *a } else { &mut *b };
        if let Err(e) = take_turn(player, setup, &mut *game, movetime) {
            forfeit = Some((side, e));
        }
    }
    let plies = game.moves().len();
    let (score_a, result, reason) = match forfeit {
        Some((loser, e)) => {
            let winner = loser.other();
            let text = if winner == Player::First {
                "1-0"
            } else {
                "0-1"
            };
            (
                if winner == side_of_a { 1.0 } else { 0.0 },
                format!("{text} (forfeit by {}: {e:#})", game.side_name(loser)),
                "forfeit".to_string(),
            )
        }
        None => {
            let outcome = game.outcome().expect("the loop ends with the game");
            (
                outcome.score_for(side_of_a),
                outcome.to_string(),
                outcome.reason.to_string(),
            )
        }
    };
    Ok(GameResult {
        index,
        a_side: game.side_name(side_of_a),
        score_a,
        result,
        reason,
        plies,
    })
}

/// Ask `player` for a move and play it.
fn take_turn(
    player: &mut MatchPlayer,
    setup: &Setup,
    game: &mut dyn Match,
    movetime: Duration,
) -> Result<()> {
    let mv = player.choose(setup, game, movetime)?;
    game.play(&mv)?;
    Ok(())
}
