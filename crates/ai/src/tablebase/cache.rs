//! A set of endgame tables built on demand, with the tables they need,
//! within memory bounds; and [`Endings`], the snapshot a search probes.

use super::build::build;
use super::oracle::Oracle;
use super::table::EndgameTable;
use super::value::TableValue;
use super::BuildError;
use gamut_core::Retrograde;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// How large the tables of a [`Tablebase`] may get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableLimits {
    /// The largest table built (indexes; a table takes two bytes each).
    pub table_indexes: u64,
    /// The indexes of all tables kept; past it, the tables kept are
    /// dropped before another is built (searches holding them keep their
    /// copy).
    pub total_indexes: u64,
}

/// Endgame tables of game `G`, each built once, when first asked for,
/// with every table it needs (the materials its captures lead to).
pub struct Tablebase<G: Retrograde> {
    tables: HashMap<G::Material, Arc<EndgameTable<G>>>,
    limits: TableLimits,
    /// The materials being built (outermost first), to refuse a cycle.
    building: Vec<G::Material>,
}

impl<G: Retrograde> fmt::Debug for Tablebase<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tablebase({} tables)", self.tables.len())
    }
}

impl<G: Retrograde> Tablebase<G> {
    /// An empty set of tables within `limits`.
    pub fn new(limits: TableLimits) -> Self {
        Tablebase {
            tables: HashMap::new(),
            limits,
            building: Vec::new(),
        }
    }

    /// The table of `material`, if built.
    pub fn get(&self, material: &G::Material) -> Option<Arc<EndgameTable<G>>> {
        self.tables.get(material).cloned()
    }

    /// The indexes of all tables kept.
    pub fn indexes(&self) -> u64 {
        self.tables.values().map(|t| t.stats().indexes).sum()
    }

    /// Every table kept.
    pub fn tables(&self) -> impl Iterator<Item = &Arc<EndgameTable<G>>> {
        self.tables.values()
    }

    /// The table of `material`, built first (with the tables it needs) if
    /// it is not kept yet.
    pub fn build(&mut self, material: &G::Material) -> Result<Arc<EndgameTable<G>>, BuildError> {
        if let Some(table) = self.tables.get(material) {
            return Ok(table.clone());
        }
        if self.building.contains(material) {
            return Err(BuildError::Cycle(material.to_string()));
        }
        let indexes = G::index_count(material);
        if indexes > self.limits.table_indexes {
            return Err(BuildError::TooLarge {
                material: material.to_string(),
                indexes,
                limit: self.limits.table_indexes,
            });
        }
        if self.building.is_empty()
            && self.indexes().saturating_add(indexes) > self.limits.total_indexes
        {
            self.tables.clear();
        }
        self.building.push(material.clone());
        let limit = self.limits.table_indexes;
        let result = build(material, limit, &mut |child: &G| {
            let other = child
                .material()
                .ok_or_else(|| BuildError::NotTabled(child.to_text()))?;
            self.build(&other)?
                .probe(child)
                .ok_or(BuildError::Index(child.index()))
        });
        self.building.pop();
        let table = Arc::new(result?);
        self.tables.insert(material.clone(), table.clone());
        Ok(table)
    }

    /// A snapshot of the tables kept, for searches.
    pub fn endings(&self) -> Endings<G> {
        Endings {
            tables: self.tables.clone(),
        }
    }
}

/// A fixed set of endgame tables, probed by a search: the value of any
/// position whose material has a table.
pub struct Endings<G: Retrograde> {
    tables: HashMap<G::Material, Arc<EndgameTable<G>>>,
}

impl<G: Retrograde> fmt::Debug for Endings<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names: Vec<String> = self.tables.keys().map(ToString::to_string).collect();
        names.sort();
        write!(f, "Endings({})", names.join(", "))
    }
}

impl<G: Retrograde> Endings<G> {
    /// How many tables it has.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
}

impl<G: Retrograde> Oracle<G> for Endings<G> {
    fn probe(&self, pos: &G, _plies_left: Option<u32>) -> Option<TableValue> {
        self.tables.get(&pos.material()?)?.probe(pos)
    }
}
