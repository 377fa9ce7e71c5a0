//! One game of a match: the opening, then the two players in turn until
//! the game ends. The match keeps the clocks: each move is timed, and a
//! player on a clock whose move takes longer than its time left loses on
//! time (`timeout`). A player that fails otherwise (illegal move, crash,
//! no answer) loses the game by forfeit.

use super::clock::{GameClocks, TimeControl};
use super::player::{MatchPlayer, Setup};
use anyhow::Result;
use gamut_core::Player;
use std::time::{Duration, Instant};

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
    /// Whether A (`Some(true)`) or B (`Some(false)`) lost on time.
    pub time_loss: Option<bool>,
    /// Time A and B spent thinking in this game.
    pub used: [Duration; 2],
    /// Moves A and B made (the opening not counted).
    pub moves: [u32; 2],
    /// Time left on A's and B's clocks at the end (`None`: no clock).
    pub left: [Option<Duration>; 2],
}

/// Play game `index` from `opening` with `a` and `b`, with the time
/// controls `controls` (A's, B's); `a_first` says who moves first.
pub fn play_game(
    setup: &Setup,
    index: usize,
    opening: &[String],
    a: &mut MatchPlayer,
    b: &mut MatchPlayer,
    a_first: bool,
    controls: [TimeControl; 2],
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
    // The clocks by side: A's control for A's side.
    let mut clocks = GameClocks::new(if a_first {
        controls
    } else {
        [controls[1], controls[0]]
    });
    let mut forfeit = None;
    let mut time_loss = None;
    for (player, side) in [(&mut *a, side_of_a), (&mut *b, side_of_a.other())] {
        if let Err(e) = player.new_game(setup) {
            forfeit = Some((side, e));
            break;
        }
    }
    while forfeit.is_none() && game.outcome().is_none() {
        let side = game.side_to_move();
        let player = if side == side_of_a { &mut *a } else { &mut *b };
        let think = clocks.think(side);
        let left = clocks.left(side);
        let started = Instant::now();
        let chosen = player.choose(setup, &*game, &think);
        let took = started.elapsed();
        if !clocks.charge(side, took) {
            // Out of time, whatever the answer was (or whether there was
            // one).
            game.timeout(side);
            time_loss = Some((
                side == side_of_a,
                format!(
                    "{} took {:.3} s with {:.3} s left",
                    game.side_name(side),
                    took.as_secs_f64(),
                    left.unwrap_or_default().as_secs_f64()
                ),
            ));
            break;
        }
        if let Err(e) = chosen.and_then(|mv| Ok(game.play(&mv)?)) {
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
            let result = match &time_loss {
                Some((_, how)) => format!("{outcome}: {how}"),
                None => outcome.to_string(),
            };
            (
                outcome.score_for(side_of_a),
                result,
                outcome.reason.to_string(),
            )
        }
    };
    let (a_i, b_i) = (side_of_a.index(), side_of_a.other().index());
    Ok(GameResult {
        index,
        a_side: game.side_name(side_of_a),
        score_a,
        result,
        reason,
        plies,
        time_loss: time_loss.map(|(a, _)| a),
        used: [clocks.used[a_i], clocks.used[b_i]],
        moves: [clocks.moves[a_i], clocks.moves[b_i]],
        left: [clocks.left(side_of_a), clocks.left(side_of_a.other())],
    })
}
