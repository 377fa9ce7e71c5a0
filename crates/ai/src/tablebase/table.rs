//! One solved material: the value of every position, and its statistics.

use super::value::TableValue;
use gamut_core::{Player, Retrograde};
use std::fmt;
use std::time::Duration;

/// Counts of one table, for people (`gamut solve --endings`,
/// `docs/solver.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// The material, as the game writes it (`KN v K`).
    pub material: String,
    /// Indexes of the table (its size in slots of two bytes).
    pub indexes: u64,
    /// Indexes that name a position.
    pub positions: u64,
    /// `[side to move]` positions won, drawn and lost by the side to move.
    pub results: [[u64; 3]; 2],
    /// The longest win (plies) with each side to move, 0 if none.
    pub longest_win: [u16; 2],
    /// How long the table took to build (without the tables it needs).
    pub build_time: Duration,
}

impl TableStats {
    /// The table's memory in bytes.
    pub fn bytes(&self) -> u64 {
        self.indexes * 2
    }
}

impl fmt::Display for TableStats {
    /// One line: the material, positions, W/D/L per side to move, the
    /// longest wins, memory and build time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [first, second] = self.results;
        write!(
            f,
            "{}: {} positions; first player to move {}/{}/{} (won/drawn/lost), longest win {}; \
             second player to move {}/{}/{}, longest win {}; {:.1} MB, {:.2} s",
            self.material,
            self.positions,
            first[0],
            first[1],
            first[2],
            self.longest_win[0],
            second[0],
            second[1],
            second[2],
            self.longest_win[1],
            self.bytes() as f64 / 1e6,
            self.build_time.as_secs_f64()
        )
    }
}

/// The solved positions of one material: a value code per index.
pub struct EndgameTable<G: Retrograde> {
    material: G::Material,
    codes: Vec<u16>,
    stats: TableStats,
}

impl<G: Retrograde> fmt::Debug for EndgameTable<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EndgameTable({})", self.stats)
    }
}

impl<G: Retrograde> EndgameTable<G> {
    /// A table from its value codes (one per index; `NO_VALUE` where the
    /// index names no position) and their counts.
    pub(crate) fn new(material: G::Material, codes: Vec<u16>, stats: TableStats) -> Self {
        EndgameTable {
            material,
            codes,
            stats,
        }
    }

    /// The material this table solves.
    pub fn material(&self) -> &G::Material {
        &self.material
    }

    /// Its statistics.
    pub fn stats(&self) -> &TableStats {
        &self.stats
    }

    /// The value of `pos` (of this table's material; `None` otherwise).
    pub fn probe(&self, pos: &G) -> Option<TableValue> {
        let index = usize::try_from(pos.index()).ok()?;
        TableValue::from_code(*self.codes.get(index)?)
    }

    /// The value at `index` (`None` where it names no position).
    pub fn value_at(&self, index: u64) -> Option<TableValue> {
        let index = usize::try_from(index).ok()?;
        TableValue::from_code(*self.codes.get(index)?)
    }

    /// The counts of positions won, drawn and lost with `side` to move.
    pub fn results(&self, side: Player) -> [u64; 3] {
        self.stats.results[side.index()]
    }
}
