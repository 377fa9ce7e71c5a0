//! Fair play: a player of a live game gets no engine output about any
//! position of that game, from any session, until it ends.
//!
//! A "player" is a person, not a session: the asking user if they are
//! seated in the game, and anyone asking from an address a player of the
//! game sat down or played from (`seat_addresses`: a second guest session
//! of the same person). "A position of the game" is any position the game
//! has passed through, and any position up to [`PLIES_AHEAD`] plies after
//! its current one, compared by the rules' own hash of the position and
//! the side to move ([`gamut_core::Game::hash`]), so a position sent as
//! text, with other counters or reached by other moves, is recognised.
//! The asked line is refused if any position on it (its start, and after
//! each of its moves) is one of those.
//!
//! Every analysis entry point asks [`check`]: the analysis socket and
//! `POST /api/positions` (`http/analysis.rs` `resolve`); a review
//! is only of an ended game (`review.rs`).

use crate::app::App;
use crate::error::{ApiError, ApiResult};
use crate::games::load_state;
use gamut_games::Match;
use gamut_protocol::user::UserView;
use gamut_protocol::ErrorCode;
use std::collections::HashSet;
use std::net::IpAddr;

/// The refusal a live game's player gets for asking about its positions.
pub const PLAYER_OF_LIVE_GAME: &str =
    "you are playing this game: it can be analysed once it has ended";

/// How far past a live game's current position its positions count.
pub const PLIES_AHEAD: u32 = 2;

/// The most positions ahead counted per game (a bound on the work).
const MOST_AHEAD: usize = 50_000;

/// The most live games of one person (or address) looked at.
const MOST_GAMES: i64 = 64;

/// Refuses (403) an engine's view of `asked` to `user` (if signed in)
/// asking from `addr` while a live game they play passes through a
/// position of `asked`'s line.
pub async fn check(
    app: &App,
    user: Option<&UserView>,
    addr: IpAddr,
    asked: &dyn Match,
) -> ApiResult<()> {
    let user_id = user.map_or("", |u| u.id.as_str());
    let address = match app.guards.limits.fair_play_by_address {
        true => addr.to_string(),
        false => String::new(),
    };
    let games = app
        .store
        .live_games_near(user_id, &address, MOST_GAMES)
        .await?;
    if games.is_empty() {
        return Ok(());
    }
    let asked_keys: HashSet<u64> = asked.position_keys().into_iter().collect();
    for id in games {
        let state = match load_state(app, &id).await {
            Ok(state) => state,
            // Gone meanwhile (a waiting game cancelled): nothing to protect.
            Err(e) if e.status == axum::http::StatusCode::NOT_FOUND => continue,
            Err(e) => return Err(e),
        };
        if !state.live() || state.meta.kind != asked.kind() {
            continue;
        }
        if touches(&*state.game, &asked_keys) {
            return Err(ApiError::forbidden(PLAYER_OF_LIVE_GAME).code(ErrorCode::PlayerOfLiveGame));
        }
    }
    Ok(())
}

/// Whether any of `asked` is a position of `game` so far or within
/// [`PLIES_AHEAD`] plies of its current one.
fn touches(game: &dyn Match, asked: &HashSet<u64>) -> bool {
    game.position_keys()
        .into_iter()
        .chain(game.keys_ahead(PLIES_AHEAD, MOST_AHEAD))
        .any(|key| asked.contains(&key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_games::GameKind;

    fn keys(game: &dyn Match) -> HashSet<u64> {
        game.position_keys().into_iter().collect()
    }

    #[test]
    fn a_line_through_the_game_or_just_past_it_touches_it() {
        let mut game = GameKind::Loa.new_match(&[], None).unwrap();
        game.play("b1-b3").unwrap();
        game.play("a2-c2").unwrap();
        // The game's own position, sent as text with no moves.
        let now = GameKind::Loa
            .new_match(&[], Some(&game.position_text()))
            .unwrap();
        assert!(touches(&*game, &keys(&*now)));
        // Two plies past it.
        let mut ahead = now.clone_match();
        let mv = ahead.legal_moves()[0].clone();
        ahead.play(&mv).unwrap();
        let reply = ahead.legal_moves()[3].clone();
        ahead.play(&reply).unwrap();
        let only_last = GameKind::Loa
            .new_match(&[], Some(&ahead.position_text()))
            .unwrap();
        assert!(touches(&*game, &keys(&*only_last)));
        // A position of another game is not touched.
        let mut other = GameKind::Loa.new_match(&[], None).unwrap();
        for _ in 0..4 {
            let last = other.legal_moves().last().unwrap().clone();
            other.play(&last).unwrap();
        }
        let elsewhere = GameKind::Loa
            .new_match(&[], Some(&other.position_text()))
            .unwrap();
        assert!(!touches(&*game, &keys(&*elsewhere)));
    }
}
