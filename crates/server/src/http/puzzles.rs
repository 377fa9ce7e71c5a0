//! Puzzles (issue 25): the shipped proven puzzles (`gamut_puzzles`)
//! played against the server. A puzzle is served without its line; each
//! move is checked by [`gamut_puzzles::check`] (replaying the stored line,
//! never searching), and the server answers the opponent's reply, or the
//! stored refutation of a wrong first move. A signed-in person's first
//! try at a puzzle is rated (Glicko-2 for the person per game and for
//! the puzzle, as lichess does) and counts toward their streak; guests
//! and visitors without a session play unrated.
//!
//! Every request counts against a rate per address (before the session
//! is read), in the whole server, and per user
//! ([`crate::ServerLimits::puzzle_requests_per_minute`]). Nothing a
//! visitor sends makes the server generate or prove a puzzle: the moves
//! it reads are bounded by the stored line's length. Rows: at most one
//! try per person and puzzle, one rating per person and game, one per
//! puzzle.

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::http::{current_user, json_body, query};
use crate::limits::count_attempt;
use crate::rating;
use crate::store::{PuzzlePlayerRow, PuzzleRated, PuzzleTryRow, RatingRow};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use gamut_games::GameKind;
use gamut_protocol::ids::now_ms;
use gamut_protocol::puzzles::{
    NextPuzzleQuery, PuzzleGameView, PuzzleMove, PuzzleMoveView, PuzzleOutcome, PuzzlePlayerView,
    PuzzleSolutionView, PuzzleTry, PuzzleVerdict, PuzzleView, PuzzlesView, ThemeCount, MAX_LINE,
};
use gamut_protocol::user::UserView;
use gamut_protocol::ErrorCode;
use gamut_puzzles::{check, find, puzzles, Puzzle, Verdict};
use rand::seq::SliceRandom;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::SocketAddr;

/// What the rate limits call these requests.
const WHAT: &str = "puzzle requests";

/// A puzzle's rating deviation before its first rated try: its first
/// rating is an estimate from its length, less uncertain than a new
/// player's 350.
const PUZZLE_START_DEVIATION: f64 = 200.0;

/// The next puzzle is drawn from this many untried ones nearest to the
/// person's rating.
const NEAREST: usize = 8;

/// The longest id or theme shown back in an error.
const SHOWN: usize = 40;

/// The viewer: who they are, and whether their first tries are rated.
struct Viewer {
    user: Option<UserView>,
}

impl Viewer {
    /// The person whose first tries are rated (signed in, not a guest
    /// or a bot).
    fn rated(&self) -> Option<&UserView> {
        self.user.as_ref().filter(|u| !u.guest && !u.bot)
    }
}

/// Counts a request from `addr` (refused past the address's rate or the
/// whole server's), then reads the session, if any, and counts it for its
/// user.
async fn admit(app: &AppState, addr: SocketAddr, headers: &HeaderMap) -> ApiResult<Viewer> {
    count_attempt(&app.guards.puzzles_by_addr, &addr.ip().to_string(), WHAT)?;
    count_attempt(&app.guards.puzzles_in_all, "", WHAT)?;
    let user = current_user(app, headers).await?;
    if let Some(user) = &user {
        count_attempt(&app.guards.puzzles_by_user, user.id.as_str(), WHAT)?;
    }
    Ok(Viewer { user })
}

fn shown(text: &str) -> String {
    text.chars().take(SHOWN).collect()
}

/// The game named `name` with its puzzles, or 404.
fn puzzle_game(name: &str) -> ApiResult<(GameKind, &'static [Puzzle])> {
    name.parse::<GameKind>()
        .ok()
        .map(|game| (game, puzzles(game)))
        .filter(|(_, list)| !list.is_empty())
        .ok_or_else(|| {
            let shown = shown(name);
            ApiError::not_found(format!("there are no puzzles for the game '{shown}'"))
                .code(ErrorCode::PuzzleGame)
                .param("game", shown)
        })
}

/// The puzzle `id`, or 404.
fn puzzle(id: &str) -> ApiResult<&'static Puzzle> {
    find(id).ok_or_else(|| {
        let shown = shown(id);
        ApiError::not_found(format!("there is no puzzle '{shown}'"))
            .code(ErrorCode::PuzzleUnknown)
            .param("id", shown)
    })
}

/// The day number (days since 1970-01-01, UTC) of `ms`.
fn day_of(ms: i64) -> i64 {
    ms.div_euclid(86_400_000)
}

/// `game`'s puzzle of day `day`: drawn (the same for every process) from
/// its puzzles of two solver moves or more, all of them if it has none.
pub fn daily(game: GameKind, day: i64) -> Option<&'static Puzzle> {
    let all = puzzles(game);
    let long: Vec<&Puzzle> = all.iter().filter(|p| p.solver_moves() >= 2).collect();
    let pool: Vec<&Puzzle> = if long.is_empty() {
        all.iter().collect()
    } else {
        long
    };
    if pool.is_empty() {
        return None;
    }
    // A fixed mix of the day and the game (SplitMix64's finaliser), so
    // consecutive days land far apart in the list.
    let game_index = GameKind::ALL.iter().position(|&g| g == game).unwrap_or(0) as u64;
    let mut x = (day as u64) ^ (game_index + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    let index = usize::try_from(x % pool.len() as u64).unwrap_or(0);
    pool.get(index).copied()
}

/// A game's themes with their counts, most used first (then by name).
fn themes(list: &[Puzzle]) -> Vec<ThemeCount> {
    let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
    for p in list {
        for t in &p.themes {
            *counts.entry(t.as_str()).or_default() += 1;
        }
    }
    let mut out: Vec<ThemeCount> = counts
        .into_iter()
        .map(|(theme, count)| ThemeCount {
            theme: theme.to_owned(),
            count,
        })
        .collect();
    out.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.theme.cmp(&b.theme)));
    out
}

/// A person's starting row: 1500 ± 350, nothing played.
fn player_start() -> PuzzlePlayerRow {
    PuzzlePlayerRow {
        rating: rating::initial(),
        solved: 0,
        streak: 0,
        best_streak: 0,
    }
}

/// A puzzle's rating before its first rated try.
fn puzzle_start(p: &Puzzle) -> RatingRow {
    RatingRow {
        rating: p.rating,
        deviation: PUZZLE_START_DEVIATION,
        ..rating::initial()
    }
}

fn count(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

fn rounded(x: f64) -> i32 {
    // Ratings stay within a few thousand; `as` saturates anyway.
    x.round() as i32
}

fn player_view(row: PuzzlePlayerRow) -> PuzzlePlayerView {
    PuzzlePlayerView {
        rating: rounded(row.rating.rating),
        deviation: rounded(row.rating.deviation),
        plays: count(row.rating.games),
        solved: count(row.solved),
        streak: count(row.streak),
        best_streak: count(row.best_streak),
    }
}

/// `p` as the viewer sees it, with its `rating` now.
fn puzzle_view(p: &Puzzle, rating: RatingRow, tried: Option<bool>) -> PuzzleView {
    let daily = daily(p.game, day_of(now_ms())).is_some_and(|d| d.id == p.id);
    PuzzleView {
        id: p.id.clone(),
        game: p.game,
        options: p.options.iter().cloned().collect(),
        position: p.position.clone(),
        solver_moves: u32::try_from(p.solver_moves()).unwrap_or(u32::MAX),
        rating: rounded(rating.rating),
        plays: count(rating.games),
        themes: p.themes.clone(),
        source: p.source.clone(),
        proven: p.proof == gamut_puzzles::Proof::Proven,
        daily,
        tried: tried.map(|solved| {
            if solved {
                PuzzleTry::Solved
            } else {
                PuzzleTry::Failed
            }
        }),
    }
}

/// `p`'s rating now (stored once tried rated, else its first rating).
async fn rating_of(app: &AppState, p: &Puzzle) -> ApiResult<RatingRow> {
    Ok(app
        .store
        .puzzle_rating(&p.id)
        .await?
        .unwrap_or_else(|| puzzle_start(p)))
}

/// `p` as `viewer` sees it.
async fn serve(app: &AppState, viewer: &Viewer, p: &Puzzle) -> ApiResult<Json<PuzzleView>> {
    let rating = rating_of(app, p).await?;
    let tried = match viewer.rated() {
        Some(user) => app.store.puzzle_try(user.id.as_str(), &p.id).await?,
        None => None,
    };
    Ok(Json(puzzle_view(p, rating, tried)))
}

/// `GET /api/puzzles`: every game's puzzles, themes, puzzle of the day
/// and the viewer's rating.
pub async fn index(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> ApiResult<Json<PuzzlesView>> {
    let viewer = admit(&app, addr, &headers).await?;
    let rows = match viewer.rated() {
        Some(user) => Some(app.store.puzzle_players(user.id.as_str()).await?),
        None => None,
    };
    let today = day_of(now_ms());
    let games = GameKind::ALL
        .iter()
        .filter_map(|&game| {
            let list = puzzles(game);
            let daily = daily(game, today)?;
            let player = rows.as_ref().map(|rows| {
                player_view(
                    rows.iter()
                        .find(|(g, _)| g == game.name())
                        .map_or_else(player_start, |&(_, row)| row),
                )
            });
            Some(PuzzleGameView {
                game,
                count: u32::try_from(list.len()).unwrap_or(u32::MAX),
                themes: themes(list),
                daily: daily.id.clone(),
                player,
            })
        })
        .collect();
    Ok(Json(PuzzlesView {
        rated: viewer.rated().is_some(),
        games,
    }))
}

/// `GET /api/puzzles/{game}/next?theme=&after=`: a puzzle to play. For a
/// signed-in person, one of the [`NEAREST`] they have not tried whose
/// rating is nearest to theirs (any, once every one is tried); for
/// anyone else, any. `theme` keeps those with that theme (400
/// `puzzle_theme` if none has it); `after` leaves out the one just played.
pub async fn next(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(game): Path<String>,
    q: Result<Query<NextPuzzleQuery>, QueryRejection>,
) -> ApiResult<Json<PuzzleView>> {
    let viewer = admit(&app, addr, &headers).await?;
    let (game, list) = puzzle_game(&game)?;
    let q = query(q)?;
    let theme = q.theme.as_deref().filter(|t| !t.is_empty());
    let with_theme: Vec<&Puzzle> = list
        .iter()
        .filter(|p| theme.is_none_or(|t| p.themes.iter().any(|x| x == t)))
        .collect();
    if with_theme.is_empty() {
        let shown = shown(theme.unwrap_or_default());
        return Err(ApiError::bad_request(format!(
            "no puzzle of {} has the theme '{shown}'",
            game.name()
        ))
        .code(ErrorCode::PuzzleTheme)
        .param("theme", shown));
    }
    let after = q.after.as_deref();
    let mut pool: Vec<&Puzzle> = with_theme
        .iter()
        .copied()
        .filter(|p| Some(p.id.as_str()) != after)
        .collect();
    if pool.is_empty() {
        pool = with_theme;
    }
    if let Some(user) = viewer.rated() {
        let tried: HashSet<String> = app
            .store
            .puzzle_tries(user.id.as_str(), game.name())
            .await?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let untried: Vec<&Puzzle> = pool
            .iter()
            .copied()
            .filter(|p| !tried.contains(&p.id))
            .collect();
        if !untried.is_empty() {
            pool = untried;
        }
        let stored: HashMap<String, f64> = app
            .store
            .puzzle_ratings(game.name())
            .await?
            .into_iter()
            .collect();
        let target = app
            .store
            .puzzle_player(user.id.as_str(), game.name())
            .await?
            .unwrap_or_else(player_start)
            .rating
            .rating;
        let distance = |p: &Puzzle| (stored.get(&p.id).copied().unwrap_or(p.rating) - target).abs();
        pool.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
        pool.truncate(NEAREST);
    }
    let chosen = pool
        .choose(&mut rand::thread_rng())
        .copied()
        .ok_or_else(|| ApiError::internal("a game's puzzles ran out"))?;
    serve(&app, &viewer, chosen).await
}

/// `GET /api/puzzles/{game}/daily`: today's puzzle of `game`.
pub async fn daily_puzzle(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(game): Path<String>,
) -> ApiResult<Json<PuzzleView>> {
    let viewer = admit(&app, addr, &headers).await?;
    let (game, _) = puzzle_game(&game)?;
    let p = daily(game, day_of(now_ms()))
        .ok_or_else(|| ApiError::internal("a game with puzzles has no daily one"))?;
    serve(&app, &viewer, p).await
}

/// `GET /api/puzzle/{id}`: one puzzle.
pub async fn get(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<PuzzleView>> {
    let viewer = admit(&app, addr, &headers).await?;
    let p = puzzle(&id)?;
    serve(&app, &viewer, p).await
}

/// Ends `viewer`'s try at `p` (`solved` or not): rated for a signed-in
/// person's first try, and what it did.
async fn finish(
    app: &AppState,
    viewer: &Viewer,
    p: &Puzzle,
    solved: bool,
) -> ApiResult<PuzzleOutcome> {
    let Some(user) = viewer.rated() else {
        return Ok(PuzzleOutcome {
            solved,
            rated: false,
            player: None,
            change: 0,
            puzzle_rating: rounded(rating_of(app, p).await?.rating),
        });
    };
    let attempt = PuzzleTryRow {
        user_id: user.id.as_str(),
        puzzle_id: &p.id,
        game: p.game.name(),
        solved,
        at: now_ms(),
    };
    let rate = |player: PuzzlePlayerRow, puzzle: RatingRow| {
        let (rating, puzzle) = rating::update(player.rating, puzzle, if solved { 1.0 } else { 0.0 });
        let streak = if solved { player.streak + 1 } else { 0 };
        let after = PuzzlePlayerRow {
            rating,
            solved: player.solved + i64::from(solved),
            streak,
            best_streak: player.best_streak.max(streak),
        };
        (after, puzzle)
    };
    let rated: Option<PuzzleRated> = app
        .store
        .record_puzzle_try(attempt, player_start(), puzzle_start(p), rate)
        .await?;
    Ok(match rated {
        Some(r) => PuzzleOutcome {
            solved,
            rated: true,
            player: Some(player_view(r.after)),
            change: rounded(r.after.rating.rating) - rounded(r.before.rating.rating),
            puzzle_rating: rounded(r.puzzle.rating),
        },
        None => {
            let row = app
                .store
                .puzzle_player(user.id.as_str(), p.game.name())
                .await?
                .unwrap_or_else(player_start);
            PuzzleOutcome {
                solved,
                rated: false,
                player: Some(player_view(row)),
                change: 0,
                puzzle_rating: rounded(rating_of(app, p).await?.rating),
            }
        }
    })
}

/// 400 `puzzle_line`: `played` is not where the puzzle stands.
fn off_line() -> ApiError {
    ApiError::bad_request(
        "'played' is not the puzzle's line so far (the solver's moves and the replies, as given)",
    )
    .code(ErrorCode::PuzzleLine)
}

/// `POST /api/puzzle/{id}/moves`: the verdict on the solver's next move
/// after `played` (the line so far, which must be the stored line's
/// start and end with a reply: 400 `puzzle_line`); an illegal move is
/// 400 `puzzle_move`. A wrong move or the solving one ends the puzzle.
pub async fn play(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<PuzzleMoveView>> {
    let viewer = admit(&app, addr, &headers).await?;
    let p = puzzle(&id)?;
    let body: PuzzleMove = json_body(body)?;
    let at = body.played.len();
    if at > MAX_LINE || at % 2 == 1 || at >= p.line.len() || body.played[..] != p.line[..at] {
        return Err(off_line());
    }
    let answer = match check(p, &body.played, &body.mv) {
        Verdict::Illegal => {
            let shown = shown(&body.mv);
            return Err(
                ApiError::bad_request(format!("'{shown}' is not a legal move here"))
                    .code(ErrorCode::PuzzleMove)
                    .param("move", shown),
            );
        }
        Verdict::Right {
            reply,
            solved: false,
        } => PuzzleMoveView {
            verdict: PuzzleVerdict::Right,
            reply,
            refutation: Vec::new(),
            solution: None,
            outcome: None,
        },
        Verdict::Right { solved: true, .. } => PuzzleMoveView {
            verdict: PuzzleVerdict::Solved,
            reply: None,
            refutation: Vec::new(),
            solution: Some(p.line.clone()),
            outcome: Some(finish(&app, &viewer, p, true).await?),
        },
        Verdict::Wrong { refutation } => PuzzleMoveView {
            verdict: PuzzleVerdict::Wrong,
            reply: None,
            refutation,
            solution: Some(p.line.clone()),
            outcome: Some(finish(&app, &viewer, p, false).await?),
        },
    };
    Ok(Json(answer))
}

/// `POST /api/puzzle/{id}/solution`: the whole line; a signed-in
/// person's first try given up this way is rated as failed.
pub async fn solution(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Json<PuzzleSolutionView>> {
    let viewer = admit(&app, addr, &headers).await?;
    let p = puzzle(&id)?;
    let outcome = finish(&app, &viewer, p, false).await?;
    Ok(Json(PuzzleSolutionView {
        solution: p.line.clone(),
        outcome,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_puzzle_is_one_of_two_moves_or_more_and_changes() {
        for &game in GameKind::ALL {
            let days: HashSet<&str> = (20_000..20_030)
                .filter_map(|d| daily(game, d))
                .map(|p| {
                    assert!(p.solver_moves() >= 2, "{}", p.id);
                    p.id.as_str()
                })
                .collect();
            assert!(days.len() > 20, "{game:?}: {} puzzles in 30 days", days.len());
            assert_eq!(
                daily(game, 20_001).map(|p| &p.id),
                daily(game, 20_001).map(|p| &p.id)
            );
        }
    }

    #[test]
    fn themes_are_counted_most_used_first() {
        let list = puzzles(GameKind::Loa);
        let counted = themes(list);
        assert!(counted.windows(2).all(|w| w[0].count >= w[1].count));
        let total: u32 = counted.iter().map(|t| t.count).sum();
        let expected: usize = list.iter().map(|p| p.themes.len()).sum();
        assert_eq!(total as usize, expected);
    }
}
