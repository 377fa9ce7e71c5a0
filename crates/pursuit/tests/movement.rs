//! The movement rules, one test per rule, on hand-built positions on
//! `pentagrams` (inner lines i–i±8, circumference i–i±1) unless stated.
//! Each position keeps both Kings out of the way on outer positions.

mod common;

use common::{move_texts, moves_from, play, position, position_on, sorted};
use gamut_core::{Game, Player};
use gamut_pursuit::{Location, Piece};

/// Kings parked on outer positions: South on 5, North on 15.
const KINGS: [(u8, char); 2] = [(5, 'K'), (15, 'k')];

#[test]
fn pawn_moves_along_one_inner_line_never_the_circumference() {
    let pos = position(&[(10, 'P')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10-18", "10-2"]));
}

#[test]
fn pawn_captures_only_pawns() {
    let pos = position(&[(10, 'P'), (18, 'p'), (2, 'r')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10x18"]));
}

#[test]
fn pawn_cannot_capture_any_major() {
    for major in ['k', 'r', 'b', 'n'] {
        let outer = [(5, 'K'), (15, 'k')];
        let outer: &[(u8, char)] = if major == 'k' { &outer[..1] } else { &outer };
        let pos = position(&[(10, 'P'), (18, major), (2, 'P')], outer, "south");
        assert!(moves_from(&pos, 10).is_empty(), "{major}");
    }
}

#[test]
fn target_holding_own_piece_is_unavailable() {
    let pos = position(&[(10, 'R'), (18, 'P')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10-2"]));
}

#[test]
fn rook_moves_along_one_inner_line_and_captures_anything() {
    let pos = position(&[(10, 'R'), (18, 'p'), (2, 'r')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10x18", "10x2"]));
    let pos = position(&[(10, 'R')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10-18", "10-2"]));
}

#[test]
fn knight_moves_along_a_circumference_segment_and_an_inner_line() {
    // Via 9: 17, 1; via 11: 19, 3; via 18: 17, 19; via 2: 1, 3.
    let pos = position(&[(10, 'N')], &KINGS, "south");
    assert_eq!(
        moves_from(&pos, 10),
        sorted(&["10-1", "10-17", "10-19", "10-3"])
    );
}

#[test]
fn knight_uses_either_order_of_lines() {
    // Inner-line middles blocked: circumference first, then an inner line.
    let pos = position(&[(10, 'N'), (18, 'P'), (2, 'P')], &KINGS, "south");
    assert_eq!(
        moves_from(&pos, 10),
        sorted(&["10-1", "10-17", "10-19", "10-3"])
    );
    // Circumference middles blocked: inner line first, then circumference.
    let pos = position(&[(10, 'N'), (9, 'P'), (11, 'P')], &KINGS, "south");
    assert_eq!(
        moves_from(&pos, 10),
        sorted(&["10-1", "10-17", "10-19", "10-3"])
    );
}

#[test]
fn knight_needs_an_empty_middle() {
    // 17 is reached only through 9 or 18: both blocked (one by an enemy).
    let pos = position(&[(10, 'N'), (9, 'P'), (18, 'p')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10-1", "10-19", "10-3"]));
    let pos = position(
        &[(10, 'N'), (9, 'P'), (11, 'p'), (18, 'r'), (2, 'B')],
        &KINGS,
        "south",
    );
    assert!(moves_from(&pos, 10).is_empty());
}

#[test]
fn knight_never_uses_two_lines_of_the_same_kind() {
    let pos = position(&[(10, 'N')], &KINGS, "south");
    let targets = moves_from(&pos, 10);
    // 8 and 12 (two circumference segments), 6 and 14 (two inner lines).
    for t in ["10-8", "10-12", "10-6", "10-14"] {
        assert!(!targets.contains(&t.to_string()), "{t}");
    }
}

#[test]
fn knight_captures_any_piece() {
    let pos = position(
        &[(10, 'N'), (17, 'p'), (19, 'r'), (1, 'k')],
        &[(5, 'K')],
        "south",
    );
    assert_eq!(
        moves_from(&pos, 10),
        sorted(&["10x1", "10x17", "10x19", "10-3"])
    );
}

#[test]
fn bishop_moves_along_two_inner_lines_through_an_empty_middle() {
    let pos = position(&[(10, 'B')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10-14", "10-6"]));
    let pos = position(&[(10, 'B'), (18, 'p'), (14, 'n')], &KINGS, "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10x14"]));
}

#[test]
fn bishop_never_uses_the_circumference() {
    let pos = position(&[(10, 'B')], &KINGS, "south");
    for t in [
        "10-18", "10-2", "10-1", "10-3", "10-17", "10-19", "10-9", "10-11",
    ] {
        assert!(!moves_from(&pos, 10).contains(&t.to_string()), "{t}");
    }
}

#[test]
fn king_moves_as_a_rook_or_as_a_bishop() {
    let pos = position(&[(10, 'K')], &[(15, 'k')], "south");
    assert_eq!(
        moves_from(&pos, 10),
        sorted(&["10-14", "10-18", "10-2", "10-6"])
    );
    // Through a blocked middle only the one-line move remains on that side.
    let pos = position(&[(10, 'K'), (18, 'p'), (14, 'b')], &[(15, 'k')], "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10-2", "10x14", "10x18"]));
}

#[test]
fn two_line_moves_never_backtrack() {
    // On a 4-position board with the chords 0-2 and 1-3 a Bishop on 0 could
    // only go 0-2-0: no move. A Knight reaches 1 and 3, never 0.
    let pos = position_on("4 0-2 1-3", &[(0, 'B')], &[(2, 'K'), (3, 'k')], "south");
    assert!(moves_from(&pos, 0).is_empty());
    let pos = position_on("4 0-2 1-3", &[(0, 'N')], &[(2, 'K'), (3, 'k')], "south");
    assert_eq!(moves_from(&pos, 0), sorted(&["0-1", "0-3"]));
    // A chord along the circumference does not lead back either: 0-1-0
    // (circumference, then the chord) is not a move; 0-1-2 (chord, then
    // circumference) is.
    let pos = position_on("5 0-1", &[(0, 'N')], &[(2, 'K'), (3, 'k')], "south");
    assert_eq!(moves_from(&pos, 0), sorted(&["0-2"]));
}

#[test]
fn entering_moves_a_major_to_the_inner_position_in_front() {
    let mut pos = position(&[], &[(5, 'K'), (15, 'k'), (7, 'R')], "south");
    assert_eq!(move_texts(&pos), sorted(&["e5", "e7"]));
    play(&mut pos, "e7");
    assert_eq!(pos.pieces(Player::First, Piece::Rook), 1 << 7);
    assert_eq!(pos.outer_pieces(Player::First, Piece::Rook), 0);
    assert_eq!(pos.king(Player::Second), Some(Location::Outer(15)));
}

#[test]
fn blocked_major_cannot_move() {
    // An own Pawn stands in front of the Rook, an enemy Pawn in front of
    // the King: neither major can move; only the Pawn on 7 can.
    let pos = position(
        &[(7, 'P'), (5, 'p')],
        &[(5, 'K'), (15, 'k'), (7, 'R')],
        "south",
    );
    assert_eq!(move_texts(&pos), sorted(&["7-15", "7-19"]));
}

#[test]
fn outer_pieces_neither_block_nor_can_be_captured() {
    // North majors stand behind 18 and 6: the Bishop still passes through
    // 18 and lands on 6; the Rook moves to 18 without capturing.
    let pos = position(
        &[(10, 'B')],
        &[(5, 'K'), (15, 'k'), (18, 'r'), (6, 'n')],
        "south",
    );
    assert_eq!(moves_from(&pos, 10), sorted(&["10-14", "10-6"]));
    let mut pos = position(&[(10, 'R')], &[(5, 'K'), (15, 'k'), (18, 'r')], "south");
    assert_eq!(moves_from(&pos, 10), sorted(&["10-18", "10-2"]));
    play(&mut pos, "10-18");
    assert_eq!(pos.outer_pieces(Player::Second, Piece::Rook), 1 << 18);
}

#[test]
fn a_capture_removes_the_captured_piece() {
    let mut pos = position(&[(10, 'R'), (18, 'n')], &KINGS, "south");
    play(&mut pos, "10x18");
    assert_eq!(pos.pieces(Player::Second, Piece::Knight), 0);
    assert_eq!(pos.pieces(Player::First, Piece::Rook), 1 << 18);
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn attackers_and_targets_follow_the_movement_rules() {
    let pos = position(&[(10, 'N'), (2, 'R'), (18, 'P'), (6, 'b')], &KINGS, "north");
    // 1 is reached by the Knight through 9 (its path through 2 is blocked).
    assert_eq!(pos.attackers(1, Player::First), 1 << 10);
    // 10 is reached by the Rook on 2; the Pawn on 18 also reaches it, but a
    // major (the Knight) stands there, which a Pawn could never capture.
    assert_eq!(pos.attackers(10, Player::First), 1 << 2);
    // The Bishop on 6: through 14 to 2 (a capture); 18 is occupied.
    assert_eq!(pos.targets(6), 1 << 2);
    assert_eq!(pos.targets(3), 0);
}
