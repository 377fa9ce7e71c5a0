//! Every generated move is legal and round-trips, over positions built from
//! the input (as shakmaty's fuzzing does): the first byte picks the game and
//! options; if the second byte is even, the rest up to a newline is a
//! position text, otherwise the walk starts from the standard start; the
//! remaining bytes pick moves (modulo the number of legal moves). Every
//! position reached is checked by `gamut_fuzz::check_deep` (reference move
//! generator, notation, hash, text round trip, every child's hash).
#![no_main]

use gamut_core::Game;
use gamut_fuzz::{options, select, walk, with_game};
use libfuzzer_sys::fuzz_target;

/// Plies walked at most (the checks are quadratic in the moves).
const MAX_PLIES: usize = 200;

fuzz_target!(|data: &[u8]| {
    let [selector, mode, rest @ ..] = data else {
        return;
    };
    let (which, pairs) = select(*selector);
    with_game!(which, G => {
        let opts = options::<G>(pairs);
        let (start, choices) = if mode % 2 == 0 {
            let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            let Ok(text) = std::str::from_utf8(&rest[..end]) else {
                return;
            };
            let Ok(pos) = G::from_text(&opts, text) else {
                return;
            };
            (pos, rest.get(end + 1..).unwrap_or(&[]))
        } else if mode % 4 == 1 {
            (G::start(&opts), rest)
        } else {
            (G::perft_start(&opts), rest)
        };
        walk::<G>(start, &opts, &choices[..choices.len().min(MAX_PLIES)]);
    });
});
