//! `Game::from_text` for the three games under several option sets, then
//! `Game::parse_move` on the position read: the first byte picks the game
//! and options, the first line of the rest is the position text, every
//! further line a move text (played when legal).
#![no_main]

use gamut_core::Game;
use gamut_fuzz::{options, select, with_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let (which, pairs) = select(selector);
    let text = String::from_utf8_lossy(rest);
    let mut lines = text.split('\n');
    let position = lines.next().unwrap_or("");
    with_game!(which, G => {
        let opts = options::<G>(pairs);
        let Ok(mut pos) = G::from_text(&opts, position) else {
            return;
        };
        // An accepted text reads back from its canonical form.
        let canonical = pos.to_text();
        let back = G::from_text(&opts, &canonical)
            .unwrap_or_else(|e| panic!("canonical text {canonical} of {position:?} rejected: {e}"));
        assert_eq!(back.to_text(), canonical, "canonical text of {position:?}");
        assert_eq!(pos.hash(), pos.compute_hash(), "hash of {position:?}");
        let _ = pos.diagram();
        for line in lines {
            let Ok(mv) = pos.parse_move(line) else {
                continue;
            };
            let notation = pos.move_text(mv);
            assert_eq!(pos.parse_move(&notation), Ok(mv), "notation {notation} of {line:?}");
            pos.play(mv);
            assert_eq!(pos.hash(), pos.compute_hash(), "hash after {notation}");
        }
    });
});
