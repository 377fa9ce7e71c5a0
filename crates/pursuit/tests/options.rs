//! Options: defaults, text round trips, bad values, and set-ups that do not
//! fit the board.

use gamut_core::{Game, GameOptions, OptionError};
use gamut_pursuit::{Pursuit, PursuitOptions, Setup};

#[test]
fn defaults_are_the_rules_file_defaults() {
    let o = PursuitOptions::default();
    assert!(o.board.is_pentagrams());
    assert_eq!(o.setup, Setup::Classic);
    assert!(o.pawns && o.repetition);
    assert_eq!(o.move_limit, 300);
    assert_eq!(
        o.to_pairs(),
        [
            ("board", "pentagrams"),
            ("setup", "classic"),
            ("pawns", "on"),
            ("repetition", "on"),
            ("move-limit", "300")
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()))
    );
    assert!(o.non_default_pairs().is_empty());
    assert_eq!(Pursuit::NAME, "pursuit");
    assert_eq!(Pursuit::TITLE, "Linear Pursuit");
}

#[test]
fn options_round_trip_through_pairs() {
    let o = PursuitOptions::from_pairs([
        (
            "board",
            "16 0-6 1-7 2-8 3-9 4-10 5-11 6-12 7-13 8-14 9-15 10-0 11-1 12-2 13-3 14-4 15-5",
        ),
        ("setup", "placement"),
        ("pawns", "off"),
        ("repetition", "off"),
        ("move-limit", "0"),
    ])
    .unwrap();
    let pairs = o.to_pairs();
    let back =
        PursuitOptions::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).unwrap();
    assert_eq!(back, o);
    assert_eq!(back.repetition_limit(), None);
    assert_eq!(back.move_limit(), None);
}

#[test]
fn bad_values_are_errors() {
    let mut o = PursuitOptions::default();
    assert!(matches!(
        o.set("setup", "random"),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        o.set("pawns", "maybe"),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        o.set("move-limit", "-1"),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        o.set("size", "5"),
        Err(OptionError::Unknown { .. })
    ));
    assert!(matches!(
        o.set("board", "star"),
        Err(OptionError::BadValue { .. })
    ));
}

#[test]
fn classic_needs_a_board_where_it_fits() {
    for board in ["13", "15 0-7", "12 0-6"] {
        let e = PursuitOptions::from_pairs([("board", board)]).unwrap_err();
        assert!(
            e.to_string()
                .contains("classic set-up needs an even number of positions, at least 14"),
            "{board}: {e}"
        );
    }
    // Placement fits on 14 positions; not on 12.
    assert!(PursuitOptions::from_pairs([("board", "14 0-7"), ("setup", "placement")]).is_ok());
    let e = PursuitOptions::from_pairs([("board", "12 0-6"), ("setup", "placement")]).unwrap_err();
    assert!(
        e.to_string()
            .contains("14 major pieces to place but only 12 empty outer positions"),
        "{e}"
    );
}

#[test]
fn classic_on_a_custom_board_is_symmetric() {
    // 14 positions: South R N B K B N R on 4..=10 (King 7), North on
    // 11..=13 and 0..=3 (King 0).
    let o = PursuitOptions::from_pairs([("board", "14 0-7 1-8 2-9 3-10 4-11 5-12 6-13")]).unwrap();
    assert_eq!(
        Pursuit::start(&o).to_text(),
        "ppppPPPPPPPppp/kbnrRNBKBNRrnb south play 0"
    );
}
