//! Random playouts: a speed benchmark, and the invariant checker every game
//! runs in its tests.

use crate::{Game, GameOptions, MoveList, Outcome, Reference};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};

/// The ply cap of a playout when the options set no move limit.
const DEFAULT_PLAYOUT_CAP: u32 = 2000;

/// Totals of a series of playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Wins of the first and of the second player.
    pub wins: [u64; 2],
    /// Draws, including games stopped by the move limit.
    pub draws: u64,
}

impl PlayoutStats {
    fn record(&mut self, outcome: Option<Outcome>, plies: u32) {
        self.games += 1;
        self.plies += u64::from(plies);
        match outcome.and_then(|o| o.winner) {
            Some(p) => self.wins[p.index()] += 1,
            None => self.draws += 1,
        }
    }
}

/// Play uniformly random legal moves from `pos` until the game ends or the
/// options' move limit (else a cap of 2000 plies) is reached. Returns the
/// outcome (`None` if stopped by the limit) and the number of plies.
pub fn random_playout<G: Game, R: Rng>(
    pos: &G,
    options: &G::Options,
    rng: &mut R,
) -> (Option<Outcome>, u32) {
    let cap = options.move_limit().unwrap_or(DEFAULT_PLAYOUT_CAP);
    let mut pos = pos.clone();
    let mut moves = MoveList::new();
    for ply in 0..cap {
        if let Some(outcome) = pos.outcome() {
            return (Some(outcome), ply);
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        let mv = moves[rng.gen_range(0..moves.len())];
        pos.play(mv);
    }
    (pos.outcome(), cap)
}

/// Play `games` random games from the start with `options` and check, at
/// every position, the invariants every engine must keep:
/// - the generated moves are exactly the [`Reference`] moves, without
///   duplicates;
/// - the outcome equals the reference outcome, and a game that is not over
///   has at least one move;
/// - the incremental hash equals the recomputed hash;
/// - the position text reads back to an equal position with the same text;
/// - every move's text parses back to the same move, is written the same
///   by [`Game::write_move_text`], and is the text met before with the
///   same move and [`Game::text_mark`];
/// - the bulk leaf count equals the counted moves;
/// - playing on a copy leaves the original unchanged.
///
/// Returns the totals, or a description of the first violation (with the
/// moves that led to it).
pub fn check_playouts<G: Reference>(
    options: &G::Options,
    games: u32,
    seed: u64,
) -> Result<PlayoutStats, String> {
    let start = G::start(options);
    check_playouts_from(&start, options, games, seed)
}

/// [`check_playouts`] from a given position.
pub fn check_playouts_from<G: Reference>(
    start: &G,
    options: &G::Options,
    games: u32,
    seed: u64,
) -> Result<PlayoutStats, String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let cap = options.move_limit().unwrap_or(DEFAULT_PLAYOUT_CAP);
    let mut stats = PlayoutStats::default();
    // Every move's text by its mark ([`Game::text_mark`]), over all games.
    let mut by_mark: HashMap<(G::Move, u8), String> = HashMap::new();
    for game in 0..games {
        let mut pos = start.clone();
        let mut line: Vec<String> = Vec::new();
        let mut ply = 0;
        loop {
            let fail = |what: String| {
                format!(
                    "game {game}, after moves [{}]: {what}\nposition: {}",
                    line.join(" "),
                    pos.to_text()
                )
            };
            check_position(&pos, options).map_err(fail)?;
            check_text_marks(&pos, &mut by_mark).map_err(fail)?;
            if pos.outcome().is_some() || ply >= cap {
                stats.record(pos.outcome(), ply);
                break;
            }
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            let before = pos.clone();
            let mut child = pos.clone();
            child.play(mv);
            if pos != before {
                return Err(fail("playing on a copy changed the original".into()));
            }
            line.push(pos.move_text(mv));
            pos = child;
            ply += 1;
        }
    }
    Ok(stats)
}

/// Checks that each legal move's text is the one met before with the same
/// move and mark ([`Game::text_mark`]), and that [`Game::write_move_text`]
/// writes [`Game::move_text`].
fn check_text_marks<G: Game>(
    pos: &G,
    by_mark: &mut HashMap<(G::Move, u8), String>,
) -> Result<(), String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    for &mv in &moves {
        let text = pos.move_text(mv);
        let mut written = String::from("~");
        pos.write_move_text(mv, &mut written);
        if written[1..] != text {
            return Err(format!(
                "move text '{text}' is written as '{}'",
                &written[1..]
            ));
        }
        if let Some(mark) = pos.text_mark(mv) {
            let before = by_mark.entry((mv, mark)).or_insert_with(|| text.clone());
            if *before != text {
                return Err(format!(
                    "move {mv:?} with mark {mark} reads '{text}' here, '{before}' elsewhere"
                ));
            }
        }
    }
    Ok(())
}

/// Check the invariants of one position (see [`check_playouts`]).
pub fn check_position<G: Reference>(pos: &G, options: &G::Options) -> Result<(), String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
    let fast: HashSet<G::Move> = moves.iter().copied().collect();
    if fast.len() != moves.len() {
        return Err(format!("duplicate generated moves: {texts:?}"));
    }
    let slow: HashSet<G::Move> = pos.reference_moves().into_iter().collect();
    if fast != slow {
        let extra: Vec<String> = fast.difference(&slow).map(|&m| pos.move_text(m)).collect();
        let missing: Vec<String> = slow.difference(&fast).map(|&m| pos.move_text(m)).collect();
        return Err(format!(
            "move generation differs from the reference: extra {extra:?}, missing {missing:?}"
        ));
    }
    let outcome = pos.outcome();
    if outcome != pos.reference_outcome() {
        return Err(format!(
            "outcome {outcome:?} differs from the reference {:?}",
            pos.reference_outcome()
        ));
    }
    if moves.is_empty() && outcome.is_none() {
        return Err("no moves, yet the game is not over".to_string());
    }
    if pos.hash() != pos.compute_hash() {
        return Err(format!(
            "incremental hash {:#x} differs from recomputed {:#x}",
            pos.hash(),
            pos.compute_hash()
        ));
    }
    let text = pos.to_text();
    let back = G::from_text(options, &text).map_err(|e| format!("own text rejected: {e}"))?;
    if &back != pos || back.hash() != pos.hash() || back.to_text() != text {
        return Err(format!("position text does not round-trip: {text}"));
    }
    for (&mv, t) in moves.iter().zip(&texts).filter(|_| outcome.is_none()) {
        match pos.parse_move(t) {
            Ok(m) if m == mv => {}
            other => return Err(format!("move text '{t}' parses back as {other:?}")),
        }
    }
    let counted = moves.iter().filter(|&&m| pos.perft_counts(m)).count() as u64;
    if pos.perft_leaf_count() != counted {
        return Err(format!(
            "bulk leaf count {} differs from {counted} counted moves",
            pos.perft_leaf_count()
        ));
    }
    Ok(())
}
