//! Fuzz-style property tests: arbitrary or mangled text given to
//! `from_text` and `parse_move` gives an error or a valid result, never a
//! panic; accepted positions round-trip.

use gamut_core::{check_position, Game, MoveList};
use gamut_football::{Football, FootballOptions};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const STANDARD: &str = "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -";

/// Position texts met in a random match (all phases).
fn sample_texts(seed: u64) -> Vec<String> {
    let o = FootballOptions::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Football::start(&o);
    let mut out = vec![pos.to_text()];
    let mut moves = MoveList::new();
    while pos.outcome().is_none() {
        moves.clear();
        pos.legal_moves(&mut moves);
        pos.play(moves[rng.gen_range(0..moves.len())]);
        out.push(pos.to_text());
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics_from_text(text in ".{0,120}") {
        let o = FootballOptions::default();
        if let Ok(p) = Football::from_text(&o, &text) {
            prop_assert_eq!(Football::from_text(&o, &p.to_text()).ok(), Some(p));
        }
    }

    #[test]
    fn mangled_position_text_never_panics(
        seed in 0u64..50,
        index in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
        insert in "[ -~]{0,6}",
    ) {
        let o = FootballOptions::default();
        let texts = sample_texts(seed);
        let text = index.get(&texts);
        let chars: Vec<char> = text.chars().collect();
        let at = cut.index(chars.len() + 1);
        let mangled: String = chars[..at].iter().chain(insert.chars().collect::<Vec<_>>().iter())
            .chain(chars[(at + 1).min(chars.len())..].iter()).collect();
        if let Ok(p) = Football::from_text(&o, &mangled) {
            // Whatever is accepted can be played from.
            check_position(&p, &o).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn arbitrary_move_text_never_panics(text in ".{0,24}") {
        let o = FootballOptions::default();
        let p = Football::from_text(&o, STANDARD).expect("the standard position");
        if let Ok(mv) = p.parse_move(&text) {
            prop_assert_eq!(p.move_text(mv), text.trim());
        }
        let start = Football::start(&o);
        let _ = start.parse_move(&text);
    }

    #[test]
    fn notation_shaped_move_text_never_panics(text in "[a-iKQRBNPkx>@=:-]{0,4}[a-j0-9]{0,3}[-x>=@]?[a-j0-9QRBNK]{0,3}") {
        let p = Football::from_text(&FootballOptions::default(), STANDARD).expect("standard");
        let _ = p.parse_move(&text);
    }
}
