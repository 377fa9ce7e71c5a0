//! The retrograde builder: solve every position of one material, given
//! the values of the positions its moves lead to in other materials.
//!
//! 1. **Forward pass**, once per position: a finished position is lost,
//!    won or drawn at distance 0; otherwise each move is followed once.
//!    A move that finishes the game, or leads to another material (a
//!    capture), is an *exit* whose value is known (`exits` gives the
//!    other material's value); the best exit is kept. The distinct
//!    positions of this material it leads to are counted.
//! 2. **Backward passes by distance**, `0, 1, 2, ...`: a position is
//!    settled at the smallest distance it can be. When a position is
//!    settled as lost in `n`, every position that moves to it
//!    ([`Retrograde::unmoves`]) wins in `n + 1`. When one is settled as
//!    won in `n`, each position that moves to it has one fewer move left
//!    to look at; when none is left, all its moves inside the material
//!    lose, and its value is the best of its best exit and a loss in `n +
//!    1` (settled at that distance). A win through an exit at distance
//!    `d` is settled at `d` unless a faster one was found first.
//! 3. Whatever is never settled is a **draw**: neither side can force the
//!    end of the game. Because positions are settled in order of
//!    distance, each value's distance is that of perfect play (the winner
//!    ends the game as soon as it can, the loser as late as it can).
//!
//! Repetition and the move limit are not rules here; see the module docs
//! of [`crate::tablebase`] for why the values stay exact under them.

use super::table::{EndgameTable, TableStats};
use super::value::{TableValue, MAX_DISTANCE, NO_VALUE};
use super::BuildError;
use gamut_core::{Game, MoveList, Player, Retrograde};
use std::time::Instant;

/// `left` of an index that names no position.
const NO_POSITION: u16 = u16::MAX;
/// `left` of a position already known to win at the next distance.
const WIN_PENDING: u16 = u16::MAX - 1;
/// The largest table (indexes) the builder can address.
pub const MAX_INDEXES: u64 = 1 << 31;

/// Positions waiting to be settled, by distance; an entry is the index
/// times two, plus one for a win.
#[derive(Default)]
struct Queue {
    buckets: Vec<Vec<u32>>,
}

impl Queue {
    fn push(&mut self, distance: u16, index: usize, win: bool) -> Result<(), BuildError> {
        if distance > MAX_DISTANCE {
            return Err(BuildError::TooLong);
        }
        let d = usize::from(distance);
        if self.buckets.len() <= d {
            self.buckets.resize_with(d + 1, Vec::new);
        }
        self.buckets[d].push((index as u32) << 1 | u32::from(win));
        Ok(())
    }
}

/// The value of a finished position for its side to move.
fn finished<G: Game>(pos: &G) -> Option<TableValue> {
    pos.outcome().map(|o| match o.winner {
        None => TableValue::Draw,
        Some(w) if w == pos.side_to_move() => TableValue::Win(0),
        Some(_) => TableValue::Loss(0),
    })
}

/// Solve every position of `material` (at most `max_indexes` indexes);
/// `exits` gives the value of a position of another material that a move
/// leads to.
pub(crate) fn build<G: Retrograde>(
    material: &G::Material,
    max_indexes: u64,
    exits: &mut dyn FnMut(&G) -> Result<TableValue, BuildError>,
) -> Result<EndgameTable<G>, BuildError> {
    let start = Instant::now();
    let indexes = G::index_count(material);
    if indexes > max_indexes.min(MAX_INDEXES) {
        return Err(BuildError::TooLarge {
            material: material.to_string(),
            indexes,
            limit: max_indexes.min(MAX_INDEXES),
        });
    }
    let n = indexes as usize;
    let mut codes = vec![NO_VALUE; n];
    let mut left = vec![NO_POSITION; n];
    let mut exit = vec![NO_VALUE; n];
    let mut first_to_move = vec![0u64; n.div_ceil(64)];
    let mut queue = Queue::default();
    let mut moves = MoveList::new();
    let mut inside: Vec<u64> = Vec::new();

    for i in 0..n {
        let Some(pos) = G::from_index(material, i as u64) else {
            continue;
        };
        if pos.side_to_move() == Player::First {
            first_to_move[i / 64] |= 1 << (i % 64);
        }
        left[i] = 0;
        if let Some(value) = finished(&pos) {
            match value {
                TableValue::Draw => codes[i] = value.code(),
                TableValue::Win(_) => queue.push(0, i, true)?,
                TableValue::Loss(_) => queue.push(0, i, false)?,
            }
            continue;
        }
        moves.clear();
        pos.legal_moves(&mut moves);
        inside.clear();
        let mut best: Option<TableValue> = None;
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            if child.side_to_move() == pos.side_to_move() {
                return Err(BuildError::SameSide(pos.move_text(mv)));
            }
            let value = match finished(&child) {
                Some(v) => v,
                None => match child.material() {
                    Some(m) if &m == material => {
                        inside.push(child.index());
                        continue;
                    }
                    Some(_) => exits(&child)?,
                    None => return Err(BuildError::NotTabled(child.to_text())),
                },
            };
            best = best.max(Some(value.parent()));
        }
        inside.sort_unstable();
        inside.dedup();
        if inside.len() >= usize::from(WIN_PENDING) {
            return Err(BuildError::TooManyMoves(pos.to_text()));
        }
        left[i] = inside.len() as u16;
        exit[i] = best.map_or(NO_VALUE, TableValue::code);
        match (inside.is_empty(), best) {
            (true, Some(TableValue::Draw)) => codes[i] = TableValue::Draw.code(),
            (true, Some(TableValue::Loss(d))) => queue.push(d, i, false)?,
            (_, Some(TableValue::Win(d))) => queue.push(d, i, true)?,
            _ => {}
        }
    }

    let mut before = Vec::new();
    let mut distance = 0usize;
    while distance < queue.buckets.len() {
        let bucket = std::mem::take(&mut queue.buckets[distance]);
        let d = distance as u16;
        for entry in bucket {
            let (i, win) = ((entry >> 1) as usize, entry & 1 == 1);
            if codes[i] != NO_VALUE {
                continue;
            }
            codes[i] = if win {
                TableValue::Win(d)
            } else {
                TableValue::Loss(d)
            }
            .code();
            let pos = G::from_index(material, i as u64).ok_or(BuildError::Index(i as u64))?;
            before.clear();
            pos.unmoves(&mut before);
            for q in &before {
                let j = usize::try_from(q.index())
                    .ok()
                    .filter(|&j| j < n)
                    .ok_or(BuildError::Index(q.index()))?;
                if codes[j] != NO_VALUE || left[j] == WIN_PENDING || left[j] == 0 {
                    continue;
                }
                if !win {
                    left[j] = WIN_PENDING;
                    queue.push(d + 1, j, true)?;
                    continue;
                }
                left[j] -= 1;
                if left[j] == 0 {
                    let value = TableValue::from_code(exit[j])
                        .max(Some(TableValue::Loss(d + 1)))
                        .unwrap_or(TableValue::Loss(d + 1));
                    match value {
                        TableValue::Draw => codes[j] = value.code(),
                        TableValue::Win(e) => queue.push(e, j, true)?,
                        TableValue::Loss(e) => queue.push(e, j, false)?,
                    }
                }
            }
        }
        distance += 1;
    }

    let mut stats = TableStats {
        material: material.to_string(),
        indexes,
        positions: 0,
        results: [[0; 3]; 2],
        longest_win: [0; 2],
        build_time: Default::default(),
    };
    for i in 0..n {
        if left[i] == NO_POSITION {
            continue;
        }
        if codes[i] == NO_VALUE {
            codes[i] = TableValue::Draw.code();
        }
        let side = usize::from(first_to_move[i / 64] >> (i % 64) & 1 == 0);
        stats.positions += 1;
        let column = match TableValue::from_code(codes[i]) {
            Some(TableValue::Win(d)) => {
                stats.longest_win[side] = stats.longest_win[side].max(d);
                0
            }
            Some(TableValue::Loss(_)) => 2,
            _ => 1,
        };
        stats.results[side][column] += 1;
    }
    stats.build_time = start.elapsed();
    Ok(EndgameTable::new(material.clone(), codes, stats))
}
