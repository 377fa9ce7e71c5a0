//! Board files: the format, the built-in boards, and clear errors for bad
//! input (numbers, positions out of range, self-loops, duplicate chords).

use gamut_core::{GameOptions, OptionError};
use gamut_pursuit::{Board, BoardError, PursuitOptions, MAX_POSITIONS};

fn error(text: &str) -> BoardError {
    Board::parse(text).expect_err(text)
}

#[test]
fn comments_and_layout_are_free() {
    let b = Board::parse("# a pentagram\n5 # positions\n0-2 2-4\n\n4-1 1-3 3-0 # the end").unwrap();
    assert_eq!(b.size(), 5);
    assert_eq!(b.chords(), &[(0, 2), (0, 3), (1, 3), (1, 4), (2, 4)]);
    assert_eq!(b.lines(0), 0b01100);
    assert_eq!(b.circumference(0), 0b10010);
}

#[test]
fn example_star16_board_reads() {
    let b = Board::parse(include_str!("../boards/star16.board")).unwrap();
    assert_eq!(b.size(), 16);
    assert_eq!(b.chords().len(), 20);
    assert_eq!(b.lines(0).count_ones(), 3);
    assert_eq!(b.lines(1).count_ones(), 2);
    assert!(b.classic_fits());
}

#[test]
fn empty_text_is_an_error() {
    assert_eq!(error(""), BoardError::Empty);
    assert_eq!(error("  # only a comment\n"), BoardError::Empty);
}

#[test]
fn bad_numbers_are_errors() {
    assert_eq!(error("twenty 0-8"), BoardError::BadCount("twenty".into()));
    assert_eq!(error("-3"), BoardError::BadCount("-3".into()));
    assert_eq!(error("+20"), BoardError::BadCount("+20".into()));
    assert_eq!(
        error("99999999999999999999999"),
        BoardError::BadCount("99999999999999999999999".into())
    );
    assert_eq!(
        error("20 0-x"),
        BoardError::BadPosition {
            chord: "0-x".into(),
            end: "x".into()
        }
    );
    assert_eq!(
        error("20 -3-5"),
        BoardError::BadPosition {
            chord: "-3-5".into(),
            end: "".into()
        }
    );
    assert_eq!(error("20 0:8"), BoardError::BadChord("0:8".into()));
    let msg = error("20 0-x").to_string();
    assert!(msg.contains("'x' is not a position number"), "{msg}");
}

#[test]
fn too_few_or_too_many_positions_are_errors() {
    for n in [0, 2, 65, 1000] {
        let e = error(&n.to_string());
        assert!(
            matches!(e, BoardError::CountOutOfRange { count, .. } if count == n),
            "{n}"
        );
        assert!(e
            .to_string()
            .contains(&format!("between 3 and {MAX_POSITIONS}")));
    }
    assert!(Board::parse("3").is_ok());
    assert!(Board::parse("64 0-63").is_ok());
}

#[test]
fn positions_out_of_range_are_errors() {
    let e = error("20 0-8 3-20");
    assert_eq!(
        e,
        BoardError::OutOfRange {
            chord: "3-20".into(),
            position: 20,
            last: 19
        }
    );
    assert_eq!(
        e.to_string(),
        "chord '3-20': position 20 is not on the board (positions are 0 to 19)"
    );
}

#[test]
fn self_loops_are_errors() {
    let e = error("20 5-5");
    assert_eq!(e, BoardError::SelfLoop("5-5".into()));
    assert_eq!(e.to_string(), "chord '5-5' joins a position to itself");
}

#[test]
fn duplicate_chords_are_errors() {
    let e = error("20 0-8 1-9 8-0");
    assert_eq!(
        e,
        BoardError::Duplicate {
            chord: "8-0".into(),
            first: "0-8".into()
        }
    );
    assert_eq!(e.to_string(), "chord '8-0' repeats chord '0-8'");
    assert!(matches!(error("20 2-4 2-4"), BoardError::Duplicate { .. }));
}

#[test]
fn board_option_reports_board_errors() {
    let mut o = PursuitOptions::default();
    let e = o.set("board", "20 0-8 8-0").unwrap_err();
    assert!(matches!(e, OptionError::BadValue { .. }));
    assert!(e.to_string().contains("repeats chord '0-8'"), "{e}");
    o.set("board", "pentagrams").unwrap();
    assert!(o.board.is_pentagrams());
    o.set("board", include_str!("../boards/star16.board"))
        .unwrap();
    assert_eq!(o.board.size(), 16);
    // The option value is the canonical one-line text, which reads back.
    let value = o.get("board").unwrap();
    assert!(!value.contains('\n'));
    let mut p = PursuitOptions::default();
    p.set("board", &value).unwrap();
    assert!(std::ptr::eq(p.board, o.board));
}
