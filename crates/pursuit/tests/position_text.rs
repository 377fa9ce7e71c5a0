//! The position text: exact round trips and validation (set-up rules at
//! ply 0, structural rules always), and move notation errors.

mod common;

use common::{options_for, text};
use gamut_core::{Game, MoveError};
use gamut_pursuit::{Pursuit, PursuitOptions, CLASSIC_TEXT};

fn read(text: &str) -> Result<Pursuit, String> {
    Pursuit::from_text(&PursuitOptions::default(), text).map_err(|e| e.to_string())
}

fn error(text: &str) -> String {
    match read(text) {
        Ok(p) => panic!("accepted {text}: {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn classic_text_round_trips() {
    let start = Pursuit::start(&PursuitOptions::default());
    assert_eq!(start.to_text(), CLASSIC_TEXT);
    let back = read(CLASSIC_TEXT).unwrap();
    assert_eq!(back, start);
    assert_eq!(back.hash(), start.hash());
    // Phase and ply may be left out.
    assert_eq!(
        read("pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south").unwrap(),
        start
    );
}

#[test]
fn classic_without_pawns_and_on_a_custom_board() {
    let o = PursuitOptions {
        pawns: false,
        ..PursuitOptions::default()
    };
    assert_eq!(
        Pursuit::start(&o).to_text(),
        "..................../kbnr...RNBKBNR...rnb south play 0"
    );
    let o = options_for(include_str!("../boards/star16.board"));
    // North's King on 0, South's on 8.
    assert_eq!(
        Pursuit::start(&o).to_text(),
        "pppp.PPPPPPP.ppp/kbnr.RNBKBNR.rnb south play 0"
    );
}

#[test]
fn play_ply_is_kept_but_not_compared() {
    let mut a = read(CLASSIC_TEXT).unwrap();
    let b = a.clone();
    for m in ["12-4", "3-15", "4-12", "15-3"] {
        let mv = a.parse_move(m).unwrap();
        a.play(mv);
    }
    assert_eq!(a.ply(), 4);
    assert_eq!(a, b, "same position after a cycle, whatever the ply");
    assert!(a.to_text().ends_with(" 4"));
}

#[test]
fn malformed_texts_are_errors() {
    for (text, expected) in [
        ("", "expected '<inner>/<outer> <side>"),
        ("pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb", "got 1 fields"),
        (
            "pppp...PPPPPPP...ppp south play 0",
            "the inner ring, '/', then the outer ring",
        ),
        (
            "ppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south",
            "inner ring has 19 positions",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnbk south",
            "outer ring has 21 positions",
        ),
        (
            "pppp...PPPPPPP...ppx/kbnr...RNBKBNR...rnb south",
            "inner position 19: 'x' is not a piece",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnp south",
            "outer position 19: Pawns stand only on inner",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb east",
            "'east' is not a side to move",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south go",
            "'go' is not a phase",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play -1",
            "'-1' is not a ply count",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0 x",
            "got 5 fields",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south place:",
            "lists no pieces",
        ),
        (
            "pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south place:Q",
            "'Q' in place:Q is not a piece",
        ),
    ] {
        let e = error(text);
        assert!(e.contains(expected), "{text}: {e}");
    }
}

#[test]
fn king_rules_are_checked() {
    let e = error("pppp...PPPPPPP...ppp/kbnr...RNBKKNR...rnb south play 3");
    assert!(e.contains("South has 2 Kings"), "{e}");
    let e = error("pppp...PPPPPPP...ppp/.bnr...RNBKBNR...rnb south play 3");
    assert!(e.contains("North has no King"), "{e}");
    // The side to move may just have lost its King (game over) ...
    let p = read("pppp...PPPPPPP...ppp/.bnr...RNBKBNR...rnb north play 3").unwrap();
    assert!(p.outcome().is_some());
    // ... but not in a set-up.
    let e = error("pppp...PPPPPPP...ppp/.bnr...RNBKBNR...rnb north play 0");
    assert!(e.contains("North has no King"), "{e}");
}

#[test]
fn setup_rules_apply_at_ply_zero() {
    // Unequal numbers of pieces.
    let e = error("pppp...PPPPPPP...pp./kbnr...RNBKBNR...rnb south play 0");
    assert!(
        e.contains("same number of pieces (South 14, North 13)"),
        "{e}"
    );
    // A major in play.
    let e = error("pppp...PPPRPPP...ppp/kbnr...RNBKBN....rnb south");
    assert!(
        e.contains("major pieces must start on outer positions (inner 10 holds one)"),
        "{e}"
    );
    // No King.
    let e = error("pppp...PPPPPPP...ppp/kbnr...RNBRBNR...rnb south");
    assert!(e.contains("South has no King"), "{e}");
    // North does not move first.
    let e = error("pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb north play 0");
    assert!(e.contains("South moves first"), "{e}");
    // The same texts in play are fine.
    assert!(read("pppp...PPPPPPP...pp./kbnr...RNBKBNR...rnb south play 2").is_ok());
    assert!(read("pppp...PPPKPPP...ppp/kbnr...RNB.BNR...rnb north play 1").is_ok());
    // Majors need not match: a custom set-up with a Knight against a Rook.
    let custom = text(
        20,
        &[(0, 'P'), (9, 'p')],
        &[(0, 'N'), (1, 'K'), (9, 'k'), (10, 'r')],
        "south",
    );
    let setup = custom.replace(" play 1", "");
    assert!(read(&setup).is_ok(), "{setup}");
}

#[test]
fn placement_rules_are_checked() {
    let dots = ".".repeat(20);
    let e = error(&format!("{dots}/{dots} north place:KPkp 0"));
    assert!(e.contains("players alternate, South first"), "{e}");
    let e = error(&format!("{dots}/{dots} north place:KPkp 3"));
    assert!(e.contains("players alternate"), "{e}");
    assert!(read(&format!("{dots}/{dots} north place:Kkp 1")).is_ok());
    let e = error(&format!("{dots}/{dots} south place:Kkp 1"));
    assert!(e.contains("players alternate"), "{e}");
    let e = error(&format!("...R................/{dots} north place:Kkp 1"));
    assert!(e.contains("no major piece can be in play"), "{e}");
    let many = "P".repeat(11) + &"p".repeat(11);
    let e = error(&format!("{dots}/K.........k......... south place:{many} 2"));
    assert!(
        e.contains("22 Pawns to place but only 20 empty inner positions"),
        "{e}"
    );
}

#[test]
fn drawn_needs_only_two_kings() {
    assert!(read("..........K........./k................... north drawn 5").is_ok());
    let e = error("..........K........P/k................... north drawn 5");
    assert!(e.contains("only the two Kings remain"), "{e}");
    let e = error("..........K........./k................... south drawn 0");
    assert!(e.contains("declared draw"), "{e}");
}

#[test]
fn too_many_moves_for_a_move_list_is_an_error() {
    // 60 Knights on a 64-position board with 6 inner lines from every
    // position (up to 24 Knight targets each) could exceed 256 moves.
    let chords: Vec<String> = (0..64)
        .flat_map(|i| [10, 20, 30].map(|d| format!("{i}-{}", (i + d) % 64)))
        .collect();
    let options = options_for(&format!("64 {}", chords.join(" ")));
    let inner: String = (0..64)
        .map(|i| {
            if i < 30 {
                'N'
            } else if i < 60 {
                'n'
            } else {
                '.'
            }
        })
        .collect();
    let outer: String = (0..64)
        .map(|i| match i {
            62 => 'K',
            63 => 'k',
            _ => '.',
        })
        .collect();
    let e = Pursuit::from_text(&options, &format!("{inner}/{outer} south play 9")).unwrap_err();
    assert!(
        e.to_string()
            .contains("more than the 256 a move list holds"),
        "{e}"
    );
}

#[test]
fn move_notation_errors_are_clear() {
    let start = read(CLASSIC_TEXT).unwrap();
    let syntax = |t: &str| match start.parse_move(t) {
        Err(MoveError::Syntax { why, .. }) => why,
        other => panic!("{t}: {other:?}"),
    };
    assert!(syntax("10-99").contains("position 99 is not on this board (0 to 19)"));
    assert!(syntax("ten-2").contains("'ten' is not a position number"));
    assert!(syntax("hello").contains("expected e<pos>"));
    assert!(syntax("10-2x").contains("is not a position number"));
    assert!(syntax("10-18").contains("write it 10x18"));
    assert!(syntax("12x4").contains("write it 12-4"));
    assert!(syntax("Q@o3").contains("not a piece letter"));
    assert_eq!(
        start.parse_move("e10"),
        Err(MoveError::Illegal("e10".into()))
    );
    assert_eq!(
        start.parse_move("13-6"),
        Err(MoveError::Illegal("13-6".into()))
    );
    assert!(start.parse_move(" 12-4 ").is_ok());
}
