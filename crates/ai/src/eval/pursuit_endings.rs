//! Linear Pursuit's solved endings: the endgame tables a search at level
//! `max` uses, built on first use (`gamut_ai::tablebase`) and kept in one
//! process-wide cache.
//!
//! A root with at most [`TABLE_PIECES`] pieces (Kings included) gets the
//! table of its material; a root with one piece more gets the tables of
//! every material one capture away, so the search knows the exact value
//! after each capture. A table of three pieces on `pentagrams` has
//! 128,000 indexes (256 kB) and builds in about 0.1 s (see
//! `docs/solver.md`); four pieces (up to 5.12 M indexes, 10 MB) take 1-2
//! CPU seconds, too long to build inside a move, so they are built when
//! asked for (`--endings` of `gamut play`, `analyse` and `solve`) and
//! then used like the others.

use crate::tablebase::{Oracle, TableLimits, TableStats, Tablebase};
use gamut_core::{Player, Retrograde};
use gamut_pursuit::{Piece, Pursuit, PursuitMaterial, PursuitOptions};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// The most pieces (Kings included) of a table built during a search.
pub(super) const TABLE_PIECES: usize = 3;

/// The bounds of the cache: a table of three pieces on the largest board
/// (64 positions: 2 x 128^3 indexes) and one of four pieces on
/// `pentagrams` (2 x 40^4) fit (a five-piece table there would have
/// 204.8 M indexes); all tables kept take at most 64 MB.
const LIMITS: TableLimits = TableLimits {
    table_indexes: 1 << 23,
    total_indexes: 1 << 25,
};

/// The largest table built during a search (indexes): three pieces on a
/// board of up to 32 positions (`pentagrams`: 128,000), about 0.1 CPU
/// second. A larger table (three pieces on a larger custom board, four
/// pieces) would take seconds of the move's time, so a search uses it only
/// once it was built on request.
const SEARCH_BUILD_INDEXES: u64 = 2 * 64 * 64 * 64;

/// The process's tables.
fn cache() -> &'static Mutex<Tablebase<Pursuit>> {
    static CACHE: OnceLock<Mutex<Tablebase<Pursuit>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Tablebase::new(LIMITS)))
}

/// The materials whose tables a search from a position of `material`
/// uses: its own if it is small or already built, or, with one piece more
/// than tables built during a search have, those one capture away.
fn materials_for(material: &PursuitMaterial, tables: &Tablebase<Pursuit>) -> Vec<PursuitMaterial> {
    let pieces = material.pieces();
    if pieces <= TABLE_PIECES || tables.get(material).is_some() {
        return vec![*material];
    }
    if pieces > TABLE_PIECES + 1 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in Player::BOTH {
        for piece in Piece::ALL.into_iter().skip(1) {
            if material.count(side, piece) > 0 {
                let mut less = *material;
                less.counts[side.index()][piece.index()] -= 1;
                out.push(less);
            }
        }
    }
    out
}

/// Whether the root's own material has a table, or gets one when the
/// search starts (the search then needs no solver).
pub(super) fn covers(pos: &Pursuit) -> bool {
    pos.material().is_some_and(|m| {
        (m.pieces() <= TABLE_PIECES && Pursuit::index_count(&m) <= SEARCH_BUILD_INDEXES)
            || lock().get(&m).is_some()
    })
}

/// The cache, locked.
fn lock() -> MutexGuard<'static, Tablebase<Pursuit>> {
    cache()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The endings a search from `pos` uses, built first if need be and
/// `may_build`.
pub(super) fn endings(pos: &Pursuit, may_build: bool) -> Option<Arc<dyn Oracle<Pursuit>>> {
    let material = pos.material()?;
    if material.pieces() > TABLE_PIECES + 1 {
        return None;
    }
    let mut tables = lock();
    let wanted = materials_for(&material, &tables);
    if wanted.is_empty() {
        return None;
    }
    for material in &wanted {
        let missing = tables.get(material).is_none();
        if missing && (!may_build || Pursuit::index_count(material) > SEARCH_BUILD_INDEXES) {
            return None;
        }
        tables.build(material).ok()?;
    }
    Some(Arc::new(tables.endings()))
}

/// `gamut solve pursuit --endings` and `--endings` of `gamut play` and
/// `gamut analyse`: build the table of `material` (text such as `KN v
/// K`) on the board of `options`, and the tables it needs, into the
/// process's cache (where this process's searches find them); the
/// statistics of the tables kept for this board, smallest first, and that
/// of `material` last.
pub(super) fn build_report(
    options: &PursuitOptions,
    material: &str,
) -> Result<Vec<TableStats>, String> {
    let material = PursuitMaterial::parse(options.board, material).map_err(|e| e.to_string())?;
    let mut tables = lock();
    let built = tables.build(&material).map_err(|e| e.to_string())?;
    let mut stats: Vec<TableStats> = tables
        .tables()
        .filter(|t| t.material().board == options.board && *t.material() != material)
        .map(|t| t.stats().clone())
        .collect();
    stats.sort_by_key(|s| (s.indexes, s.material.clone()));
    stats.push(built.stats().clone());
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_core::{Game, GameOptions};

    #[test]
    fn a_search_builds_only_small_tables() {
        let pentagrams = PursuitOptions::default();
        let small = Pursuit::from_text(
            &pentagrams,
            "N........kK........./.................... south play 1",
        )
        .unwrap();
        assert!(covers(&small));
        assert!(endings(&small, true).is_some());
        // Three pieces on 64 positions: 2 x 128^3 indexes, not built
        // inside a move.
        let mut wide = PursuitOptions::default();
        wide.set("board", "64 0-32").unwrap();
        let ring = |pieces: &[(usize, char)]| {
            let mut r = vec!['.'; 64];
            for &(at, c) in pieces {
                r[at] = c;
            }
            r.into_iter().collect::<String>()
        };
        let text = format!(
            "{}/{} south play 1",
            ring(&[(0, 'K'), (5, 'N'), (20, 'k')]),
            ring(&[])
        );
        let large = Pursuit::from_text(&wide, &text).unwrap();
        assert!(!covers(&large));
        assert!(endings(&large, true).is_none());
        let material = large.material().unwrap();
        assert!(lock().get(&material).is_none());
        // A search without the time for it builds nothing (on a board no
        // other test uses), with it the table is built.
        let mut other = PursuitOptions::default();
        other.set("board", "24 0-12").unwrap();
        let mut r = ['.'; 24];
        (r[0], r[5], r[12]) = ('K', 'N', 'k');
        let text = format!(
            "{}/{} south play 1",
            r.iter().collect::<String>(),
            ".".repeat(24)
        );
        let pos = Pursuit::from_text(&other, &text).unwrap();
        assert!(endings(&pos, false).is_none());
        assert!(lock().get(&pos.material().unwrap()).is_none());
        assert!(endings(&pos, true).is_some());
        // Four pieces are used once built on request.
        let four = Pursuit::from_text(
            &pentagrams,
            "K....N.N..k........./.................... south play 100",
        )
        .unwrap();
        assert!(!covers(&four));
        assert!(endings(&four, true).is_some_and(|e| e.probe(&four, None).is_none()));
        build_report(&pentagrams, "KNN v K").unwrap();
        assert!(covers(&four));
        assert_eq!(
            endings(&four, true).and_then(|e| e.probe(&four, None)),
            Some(crate::tablebase::TableValue::Win(7))
        );
    }
}
