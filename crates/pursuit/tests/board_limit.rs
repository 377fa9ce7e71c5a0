//! The process keeps a bounded number of distinct boards: a stream of new
//! boards (as an attacker could send in game options or imported records)
//! is refused past the limit with a clear error, and memory stays bounded.
//! One test in its own process, since the limit is process-wide.

use gamut_core::GameOptions;
use gamut_pursuit::{custom_boards, set_board_limit, Board, BoardError, PursuitOptions};

/// Resident memory of this process in bytes (Linux).
fn rss() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// 3,000 distinct boards of 64 positions.
fn distinct_boards() -> impl Iterator<Item = String> {
    (2..62).flat_map(|k| (0..50).map(move |from| format!("64 {from}-{} 63-{k}", from + 1)))
}

#[test]
fn distinct_boards_are_bounded() {
    let limit = custom_boards() + 20;
    set_board_limit(limit);
    let before = rss();
    let (mut accepted, mut refused) = (0, 0);
    for text in distinct_boards().take(3_000) {
        match Board::parse(&text).unwrap().intern() {
            Ok(_) => accepted += 1,
            Err(BoardError::TooManyBoards { limit: l }) => {
                assert_eq!(l, limit);
                refused += 1;
            }
            Err(e) => panic!("{text}: {e}"),
        }
    }
    assert_eq!(accepted, 20);
    assert_eq!(refused, 2_980);
    assert_eq!(custom_boards(), limit);
    let grown = rss().saturating_sub(before);
    assert!(grown < 8 << 20, "RSS grew by {grown} bytes");
    // A known board is still found, and the option gives a clear error.
    let known = distinct_boards().next().unwrap();
    assert!(Board::parse(&known).unwrap().intern().is_ok());
    let mut options = PursuitOptions::default();
    let err = options.set("board", "64 0-5 9-11").unwrap_err().to_string();
    assert!(err.contains("different boards"), "{err}");
    assert!(options.set("board", "pentagrams").is_ok());
}
