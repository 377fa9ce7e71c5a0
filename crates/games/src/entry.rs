//! What a catalogue entry supplies beyond the rules ([`gamut_core::Game`])
//! and the evaluation ([`gamut_ai::Evaluate`]): [`Entry`], required by
//! [`CatalogueGame`].

use crate::GameKind;
use gamut_ai::Evaluate;
use gamut_core::EndReason;

/// A game of the catalogue: its rules engine (the type itself, a
/// [`gamut_core::Game`]), its evaluation (the [`Evaluate`] supertrait) and
/// its [`Entry`].
///
/// Implemented only by the `catalogue!` list in `catalogue.rs`, once per
/// game: a game whose type lacks an evaluation, or whose entry lacks a
/// field, does not compile. Everything that handles games by name (the
/// command line, the engine protocol, the server, the web client through
/// `GET /api/catalogue`) reaches games through this trait, so there is no
/// other list to keep in step and no fallback for a game left out.
pub trait CatalogueGame: Evaluate {
    /// The game's name in the catalogue.
    const KIND: GameKind;
    /// The rest of the entry.
    const ENTRY: Entry;
}

/// One game's catalogue entry (every field is required).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The web client's module for the game: `web/js/games/<module>.js`
    /// (served as `module` by `GET /api/catalogue`; the client imports the
    /// modules the catalogue names).
    pub web_module: &'static str,
    /// The fixed search of `gamut bench` for this game.
    pub bench: Bench,
    /// Every way the game's board rules end a game ([`gamut_core::Game::outcome`]);
    /// the endings every game has ([`RECORD_END_REASONS`]) are added by
    /// [`GameKind::end_reasons`]. Each needs a `reason.<name>` translation
    /// in `web/i18n/` (the catalogue's tests check it).
    pub end_reasons: &'static [EndReason],
    /// How much a move may lose before a game review marks it
    /// (`POST /api/games/{id}/review`).
    pub review: ReviewThresholds,
}

/// A game review's marks: a move that loses at least this many points of
/// the mover's win probability (0 to 100, from the engine's score) is an
/// inaccuracy, a mistake or a blunder. Per game, since evaluations swing
/// more in some games than in others (documented in `docs/api.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewThresholds {
    /// An inaccuracy (`?!`) from this loss.
    pub inaccuracy: u8,
    /// A mistake (`?`) from this loss.
    pub mistake: u8,
    /// A blunder (`??`) from this loss.
    pub blunder: u8,
}

/// The fixed search of `gamut bench` ([`gamut_ai::bench_search`]): full
/// strength, one thread, from the game's standard start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bench {
    /// The depth searched.
    pub depth: u32,
    /// The node count it takes: the search's signature for this game,
    /// checked by the catalogue's tests. Update it when the search, the
    /// evaluation or the game's move generation order changes on purpose.
    pub nodes: u64,
}

/// The endings the game record gives any game (history rules, players and
/// clocks): repetition, move limit, resignation, agreement, timeout,
/// abort.
pub const RECORD_END_REASONS: &[EndReason] = &[
    EndReason::Repetition,
    EndReason::MoveLimit,
    EndReason::Resignation,
    EndReason::Agreement,
    EndReason::Timeout,
    EndReason::Aborted,
];
