//! `gamut_pursuit::Board::parse` (board files and the `board` option): a
//! board read is canonical (its text reads back to an equal board), its move
//! tables answer for every position, and the first boards found (up to the
//! board limit) are interned and, when the input has a `\0`, played on: the start of the
//! first set-up that fits and a walk picked by the bytes after the `\0`,
//! checked as in `legal_moves`.
#![no_main]

use gamut_core::Game;
use gamut_core::GameOptions;
use gamut_fuzz::walk;
use gamut_pursuit::{Board, Piece, Pursuit, PursuitOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let text = String::from_utf8_lossy(&data[..end]);
    let Ok(board) = Board::parse(&text) else {
        return;
    };
    let again = Board::parse(board.text())
        .unwrap_or_else(|e| panic!("canonical text {} rejected: {e}", board.text()));
    assert!(
        again == board,
        "canonical text {} reads another board",
        board.text()
    );
    assert_eq!(again.text(), board.text());
    let size = board.size();
    assert!((3..=64).contains(&size));
    for s in 0..size as u8 {
        for piece in Piece::ALL {
            let all = board.reach(piece, s, board.all());
            assert_eq!(all & !board.all(), 0, "targets off the board");
            assert!(all.count_ones() <= board.max_targets(piece));
            let _ = board.reach(piece, s, 0);
        }
    }
    // Without a NUL the input is a board text only (parsing is fast, play
    // is not).
    let Some(choices) = data.get(end + 1..) else {
        return;
    };
    // Play on it while the board limit lasts (then only parse): a thousand
    // boards of at most 70 KB each.
    static LIMIT: std::sync::Once = std::sync::Once::new();
    LIMIT.call_once(|| gamut_pursuit::set_board_limit(1000));
    let Ok(board) = board.intern() else {
        return;
    };
    // The first option set the board allows (most small or crowded boards
    // allow none).
    let sets: [&[(&str, &str)]; 3] = [
        &[("setup", "placement")],
        &[("setup", "placement"), ("pawns", "off")],
        &[("setup", "classic")],
    ];
    let Some(opts) = sets.iter().find_map(|set| {
        PursuitOptions::from_pairs(set.iter().copied().chain([("board", board.text())])).ok()
    }) else {
        return;
    };
    walk::<Pursuit>(
        Pursuit::start(&opts),
        &opts,
        &choices[..choices.len().min(100)],
    );
});
