//! Every rule of the rules file, with its worked examples: move length and
//! jumping, captures, connection (for both sides, single piece,
//! simultaneous), passes, repetition and the move limit (through
//! `GameRecord`), notation, position text and options.

use gamut_core::{EndReason, Game, GameOptions, GameRecord, MoveError, MoveList, Outcome, Player};
use gamut_loa::{Loa, LoaMove, LoaOptions, Orientation, Square};

fn options(pairs: &[(&str, &str)]) -> LoaOptions {
    LoaOptions::from_pairs(pairs.iter().copied()).expect("valid options")
}

/// A position of the given size with Black on `black`, White on `white`.
fn board(size: u8, black: &[&str], white: &[&str], to_move: char) -> Loa {
    let o = options(&[("size", &size.to_string())]);
    board_with(&o, black, white, to_move)
}

fn board_with(o: &LoaOptions, black: &[&str], white: &[&str], to_move: char) -> Loa {
    let n = o.size;
    let mut rows = Vec::new();
    for rank in (0..n).rev() {
        let row: String = (0..n)
            .map(|file| {
                let name = Square::new(file, rank).to_string();
                if black.contains(&name.as_str()) {
                    'b'
                } else if white.contains(&name.as_str()) {
                    'w'
                } else {
                    '.'
                }
            })
            .collect();
        rows.push(row);
    }
    let text = format!("{} {to_move}", rows.join("/"));
    Loa::from_text(o, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn move_texts(pos: &Loa) -> Vec<String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&m| pos.move_text(m)).collect()
}

fn play(pos: &Loa, text: &str) -> Loa {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut next = pos.clone();
    next.play(mv);
    next
}

#[test]
fn start_position_and_side_names() {
    let start = Loa::start(&LoaOptions::default());
    assert_eq!(
        start.to_text(),
        ".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b"
    );
    assert_eq!(start.side_to_move(), Player::First);
    assert_eq!(Loa::side_name(Player::First), "Black");
    assert_eq!(Loa::side_name(Player::Second), "White");
    assert_eq!(Loa::NAME, "loa");
    assert_eq!(Loa::TITLE, "Lines of Action");
    assert_eq!(start.piece_count(Player::First), 12);
    assert_eq!(start.piece_count(Player::Second), 12);
    assert_eq!(start.outcome(), None);
    let six = Loa::start(&options(&[("size", "6")]));
    assert_eq!(six.to_text(), ".bbbb./w....w/w....w/w....w/w....w/.bbbb. b");
    let seven = Loa::start(&options(&[("size", "7")]));
    assert_eq!(seven.piece_count(Player::First), 10);
}

#[test]
fn scrambled_eggs_alternates_colours_along_each_edge() {
    let eggs = Loa::start(&options(&[("setup", "scrambled-eggs")]));
    assert_eq!(
        eggs.to_text(),
        ".wbwbwb./b......w/w......b/b......w/w......b/b......w/w......b/.bwbwbw. b"
    );
    assert_eq!(eggs.piece_count(Player::First), 12);
    assert_eq!(eggs.piece_count(Player::Second), 12);
}

#[test]
fn move_length_counts_every_piece_on_the_line() {
    let start = Loa::start(&LoaOptions::default());
    let b1 = Square::parse("b1", 8).unwrap();
    assert_eq!(start.line_count(b1, Orientation::Rank), 6);
    assert_eq!(start.line_count(b1, Orientation::File), 2);
    assert_eq!(start.line_count(b1, Orientation::Diagonal), 2);
    assert_eq!(start.line_count(b1, Orientation::AntiDiagonal), 2);
    let moves = move_texts(&start);
    assert_eq!(moves.len(), 36);
    // b1: 2 up the file and up the b1-h7 diagonal; c1 2 along c1-a3.
    for m in ["b1-b3", "b1-d3", "c1xa3"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    // 6 pieces on rank 1: b1 goes to h1.
    assert!(moves.contains(&"b1-h1".to_string()));
}

#[test]
fn worked_example_enemy_piece_blocks_a6_d6() {
    // Three pieces on rank 6 with an enemy piece between a6 and d6.
    let pos = board(8, &["c6", "e1"], &["a6", "h6", "a1"], 'w');
    assert!(!move_texts(&pos).contains(&"a6-d6".to_string()));
    assert!(matches!(
        pos.parse_move("a6-d6"),
        Err(MoveError::Illegal(_))
    ));
    // With an own piece there instead, the jump is allowed.
    let pos = board(8, &["e1", "g3"], &["a6", "c6", "h6"], 'w');
    assert!(move_texts(&pos).contains(&"a6-d6".to_string()));
}

#[test]
fn worked_example_a6_c4_on_a_diagonal_of_two() {
    let pos = board(8, &["e2", "h8"], &["a6", "h1"], 'w');
    assert_eq!(
        pos.line_count(Square::parse("a6", 8).unwrap(), Orientation::AntiDiagonal),
        2
    );
    let next = play(&pos, "a6-c4");
    assert_eq!(
        next.piece_at(Square::parse("c4", 8).unwrap()),
        Some(Player::Second)
    );
}

#[test]
fn worked_example_e8_b5_jumps_own_piece() {
    // a4 (White), d7 and e8 (Black): three pieces on the a4-e8 diagonal.
    let pos = board(8, &["e8", "d7", "h1"], &["a4", "a1"], 'b');
    let next = play(&pos, "e8-b5");
    assert_eq!(
        next.piece_at(Square::parse("b5", 8).unwrap()),
        Some(Player::First)
    );
    assert_eq!(
        next.piece_at(Square::parse("d7", 8).unwrap()),
        Some(Player::First)
    );
}

#[test]
fn worked_example_h3_f1_captures() {
    let pos = board(8, &["f1", "a8", "c8"], &["h3", "a2"], 'w');
    assert!(move_texts(&pos).contains(&"h3xf1".to_string()));
    assert!(matches!(
        pos.parse_move("h3-f1"),
        Err(MoveError::Illegal(_))
    ));
    let next = play(&pos, "h3xf1");
    assert_eq!(next.piece_count(Player::First), 2);
    assert_eq!(
        next.piece_at(Square::parse("f1", 8).unwrap()),
        Some(Player::Second)
    );
}

#[test]
fn no_landing_on_own_pieces_nor_leaving_the_board() {
    // Rank 1: b1, d1 (both Black): b1-d1 would land on its own piece.
    let pos = board(8, &["b1", "d1"], &["h8", "a8"], 'b');
    let moves = move_texts(&pos);
    assert!(!moves.contains(&"b1-d1".to_string()));
    // d1-f1 (two along rank 1) and d1-d2 are legal; nothing leaves the
    // board.
    assert!(moves.contains(&"d1-f1".to_string()));
    assert!(moves.contains(&"d1-d2".to_string()));
    assert!(moves.iter().all(|m| Square::parse(&m[3..], 8).is_some()));
}

#[test]
fn connecting_all_pieces_wins() {
    let pos = board(8, &["c3", "c4", "f4"], &["a8", "h8"], 'b');
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.group_count(Player::First), 2);
    let next = play(&pos, "f4-d4");
    assert!(next.is_connected(Player::First));
    assert_eq!(next.group_count(Player::First), 1);
    assert_eq!(next.group_count(Player::Second), 2);
    assert_eq!(
        next.outcome(),
        Some(Outcome::win(Player::First, EndReason::Connection))
    );
    assert!(matches!(next.parse_move("a8-a7"), Err(MoveError::GameOver)));
}

#[test]
fn connection_is_checked_for_the_player_not_moving_too() {
    // Black captures White's last-but-one piece: White's single piece is
    // a connected group, so White wins although Black moved.
    let pos = board(8, &["a1", "d1", "d5"], &["a3", "h8"], 'b');
    let next = play(&pos, "a1xa3");
    assert_eq!(next.piece_count(Player::Second), 1);
    assert_eq!(
        next.outcome(),
        Some(Outcome::win(Player::Second, EndReason::Connection))
    );
}

#[test]
fn a_single_piece_is_connected() {
    let pos = board(6, &["a1", "c3"], &["f6"], 'b');
    assert!(pos.is_connected(Player::Second));
    assert_eq!(
        pos.outcome(),
        Some(Outcome::win(Player::Second, EndReason::Connection))
    );
}

#[test]
fn simultaneous_connection_follows_the_option() {
    // a1xa3 joins Black (a3, b3) and leaves White one piece (h8).
    let black = ["a1", "b3"];
    let white = ["a3", "h8"];
    let draw = board_with(&LoaOptions::default(), &black, &white, 'b');
    assert_eq!(
        play(&draw, "a1xa3").outcome(),
        Some(Outcome::draw(EndReason::SimultaneousConnection))
    );
    let mover = board_with(
        &options(&[("simultaneous", "mover-wins")]),
        &black,
        &white,
        'b',
    );
    assert_eq!(
        play(&mover, "a1xa3").outcome(),
        Some(Outcome::win(
            Player::First,
            EndReason::SimultaneousConnection
        ))
    );
}

#[test]
fn a_player_without_moves_passes() {
    // Black's f6 and a5 are hemmed in by White pieces; White can move.
    let o = options(&[("size", "6")]);
    let pos = Loa::from_text(&o, ".w..wb/b.w..w/ww.w../..w.../....../...... b").unwrap();
    assert_eq!(pos.outcome(), None);
    assert!(!pos.can_move(Player::First));
    assert!(pos.can_move(Player::Second));
    assert_eq!(move_texts(&pos), vec!["pass".to_string()]);
    assert_eq!(pos.perft_leaf_count(), 1);
    let passed = play(&pos, "pass");
    assert!(passed.passed());
    assert_eq!(passed.side_to_move(), Player::Second);
    assert!(passed.to_text().ends_with(" w pass"));
    assert_eq!(passed.outcome(), None);
    assert_eq!(Loa::from_text(&o, &passed.to_text()), Ok(passed.clone()));
    for checked in [&pos, &passed] {
        gamut_core::check_position(checked, &o).unwrap();
    }
    // White moves on: the pass flag is cleared.
    let moves = move_texts(&passed);
    assert!(!moves.contains(&"pass".to_string()));
    let after = play(&passed, &moves[0]);
    assert!(!after.passed());
    assert_eq!(after.hash(), after.compute_hash());
    // Passing is not allowed while there is a move.
    assert!(matches!(
        passed.parse_move("pass"),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn a_pass_flag_must_be_consistent() {
    // White (who would have passed) has 22 legal moves here: refused.
    let o = LoaOptions::default();
    let text = "......wb/......ww/......../......../......../......../ww....../bw...... b pass";
    let err = Loa::from_text(&o, text).unwrap_err().to_string();
    assert!(err.contains("White had no legal move"), "{err}");
    let without = Loa::from_text(&o, text.trim_end_matches(" pass")).unwrap();
    assert_eq!(without.outcome(), None);
    // A pass cannot follow a finished game either.
    let six = options(&[("size", "6")]);
    let connected = "bb..../....../....../....../....../w....w w pass";
    assert!(Loa::from_text(&six, connected).is_err());
}

#[test]
fn repetition_draws_through_the_game_record() {
    let mut record = GameRecord::<Loa>::new(LoaOptions::default());
    for _ in 0..2 {
        for m in ["b1-b3", "a2-c2", "b3-b1", "c2-a2"] {
            assert_eq!(record.outcome(), None);
            record.play_text(m).unwrap();
        }
    }
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    let mut off = GameRecord::<Loa>::new(options(&[("repetition", "off")]));
    for _ in 0..2 {
        for m in ["b1-b3", "a2-c2", "b3-b1", "c2-a2"] {
            off.play_text(m).unwrap();
        }
    }
    assert_eq!(off.outcome(), None);
}

#[test]
fn move_limit_draws_through_the_game_record() {
    let mut record = GameRecord::<Loa>::new(options(&[("move-limit", "4")]));
    for m in ["b1-b3", "a2-c2", "b3-b1", "c2-a2"] {
        assert_eq!(record.outcome(), None);
        record.play_text(m).unwrap();
    }
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
    assert_eq!(LoaOptions::default().move_limit(), Some(300));
    assert_eq!(options(&[("move-limit", "0")]).move_limit(), None);
}

#[test]
fn notation_round_trips_and_rejects_malformed_moves() {
    let start = Loa::start(&LoaOptions::default());
    let mv = start.parse_move("b1-d3").unwrap();
    assert_eq!(mv.from(), Square::parse("b1", 8));
    assert_eq!(mv.to(), Square::parse("d3", 8));
    assert_eq!(start.move_text(mv), "b1-d3");
    assert_eq!(start.move_text(LoaMove::PASS), "pass");
    assert!(start.parse_move(" c1xa3 ").is_ok());
    for bad in [
        "", "b1", "b1-d", "b1_d3", "b1-d3x", "i1-d3", "b0-d3", "b1–d3", "PASS",
    ] {
        assert!(
            matches!(start.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad}: {:?}",
            start.parse_move(bad)
        );
    }
    for illegal in ["b1-b2", "b1xd3", "c1-a3", "a2-a4", "pass"] {
        assert!(
            matches!(start.parse_move(illegal), Err(MoveError::Illegal(_))),
            "{illegal}"
        );
    }
    // Squares past a small board are a syntax error there.
    let six = Loa::start(&options(&[("size", "6")]));
    assert!(matches!(
        six.parse_move("b1-g1"),
        Err(MoveError::Syntax { .. })
    ));
}

#[test]
fn position_text_is_validated() {
    let o = LoaOptions::default();
    let start = Loa::start(&o).to_text();
    let six = options(&[("size", "6")]);
    let bad = [
        String::new(),
        "b".to_string(),
        start.replace(" b", " x"),
        start.replace(" b", " b pas"),
        start.replace(" b", " b pass extra"),
        start.replacen('.', "x", 1),
        start.replacen("/", "", 1),
        start.replacen(".bbbbbb./", ".bbbbbb/", 1),
        start.replace('w', "."),
        start.replacen("w......w", "wwwwwwww", 1),
        start.replacen('.', "é", 1),
    ];
    for text in &bad {
        assert!(Loa::from_text(&o, text).is_err(), "accepted {text:?}");
    }
    // An 8x8 text is not a 6x6 position.
    assert!(Loa::from_text(&six, &start).is_err());
    // Extra blanks are fine.
    assert!(Loa::from_text(&o, &format!("  {start}  ")).is_ok());
}

#[test]
fn diagram_shows_coordinates_and_the_side_to_move() {
    let d = Loa::start(&LoaOptions::default()).diagram();
    assert!(d.contains("a b c d e f g h"), "{d}");
    assert!(d.contains(" 8  . b b b b b b ."), "{d}");
    assert!(d.contains(" 1  . b b b b b b ."), "{d}");
    assert!(d.contains("Black to move"), "{d}");
}

#[test]
fn hash_follows_moves_and_side() {
    let start = Loa::start(&LoaOptions::default());
    let after = play(&start, "b1-b3");
    assert_ne!(after.hash(), start.hash());
    assert_eq!(after.hash(), after.compute_hash());
    let back = play(&play(&play(&after, "a2-c2"), "b3-b1"), "c2-a2");
    assert_eq!(back, start);
    assert_eq!(back.hash(), start.hash());
}
