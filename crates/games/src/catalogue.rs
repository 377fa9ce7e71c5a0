//! The one list of Gamut's games. Adding a game is adding one entry here
//! (and its crate, its evaluation in `gamut-ai`, its web module and its
//! translations: see `docs/architecture.md`).
//!
//! Each entry names the [`GameKind`] variant, the engine type (which must
//! implement [`gamut_core::Game`] and [`gamut_ai::Evaluate`]) and its
//! [`Entry`]; the `catalogue!` macro makes the enum, [`GameKind::ALL`],
//! [`GameKind::dispatch`] and the [`CatalogueGame`] impls from it.

use crate::entry::{Bench, CatalogueGame, Entry, ReviewThresholds};
use crate::GameVisitor;
use gamut_core::EndReason;
use serde::{Deserialize, Serialize};

/// Declares the catalogue from its entries.
macro_rules! catalogue {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident => $ty:ty = $entry:expr
    ),* $(,)?) => {
        /// One of Gamut's games (serialised as its short name, `loa`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum GameKind {
            $(
                $(#[doc = $doc])*
                $variant,
            )*
        }

        impl GameKind {
            /// Every game, in catalogue order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),*];

            /// Run `visitor` with this game's engine type.
            pub fn dispatch<V: GameVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(GameKind::$variant => visitor.visit::<$ty>(),)*
                }
            }
        }

        $(
            impl CatalogueGame for $ty {
                const KIND: GameKind = GameKind::$variant;
                const ENTRY: Entry = $entry;
            }
        )*
    };
}

catalogue! {
    /// Lines of Action (`gamut_loa::Loa`).
    Loa => gamut_loa::Loa = Entry {
        web_module: "loa",
        bench: Bench { depth: 6, nodes: 135_213 },
        end_reasons: &[
            EndReason::Connection,
            EndReason::SimultaneousConnection,
            EndReason::NoMovesForEither,
        ],
        review: ReviewThresholds { inaccuracy: 5, mistake: 10, blunder: 15 },
    },
    /// Chess Football (`gamut_football::Football`).
    Football => gamut_football::Football = Entry {
        web_module: "football",
        bench: Bench { depth: 5, nodes: 804_853 },
        end_reasons: &[EndReason::FinalScore],
        review: ReviewThresholds { inaccuracy: 7, mistake: 14, blunder: 20 },
    },
    /// Linear Pursuit (`gamut_pursuit::Pursuit`).
    Pursuit => gamut_pursuit::Pursuit = Entry {
        web_module: "pursuit",
        bench: Bench { depth: 9, nodes: 111_875 },
        end_reasons: &[
            EndReason::KingCaptured,
            EndReason::NoLegalMoves,
            EndReason::DrawDeclared,
        ],
        review: ReviewThresholds { inaccuracy: 5, mistake: 10, blunder: 15 },
    },
}
