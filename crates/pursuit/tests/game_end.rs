//! The end of the game: King capture, no legal move, the draw declaration,
//! and the game-level rules (repetition, move limit) through
//! `gamut_core::GameRecord`.

mod common;

use common::{move_texts, play, position};
use gamut_core::{
    divide, perft, EndReason, Game, GameOptions, GameRecord, MoveError, Outcome, Player,
};
use gamut_pursuit::{Pursuit, PursuitMove, PursuitOptions};

#[test]
fn capturing_the_king_wins_at_once() {
    let mut pos = position(&[(10, 'R'), (18, 'k'), (3, 'p')], &[(5, 'K')], "south");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "10x18");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::win(Player::First, EndReason::KingCaptured))
    );
    assert!(pos.perft_stops_here());
    // A finished game has no moves: perft and divide agree on 0.
    assert_eq!(perft(&pos, 1), 0);
    assert_eq!(perft(&pos, 3), 0);
    assert!(divide(&pos, 1).is_empty());
    assert_eq!(pos.parse_move("3-11"), Err(MoveError::GameOver));
    // The finished position still reads back from its text.
    let back = Pursuit::from_text(&PursuitOptions::default(), &pos.to_text()).unwrap();
    assert_eq!(back, pos);
}

#[test]
fn no_legal_move_on_your_turn_loses() {
    // South's only piece, the King on outer 10, is blocked by a North Pawn.
    let pos = position(&[(10, 'p')], &[(10, 'K'), (0, 'k')], "south");
    assert!(move_texts(&pos).is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::win(Player::Second, EndReason::NoLegalMoves))
    );
    // With a Pawn that can move, South plays on.
    let pos = position(&[(10, 'p'), (4, 'P')], &[(10, 'K'), (0, 'k')], "south");
    assert_eq!(pos.outcome(), None);
}

#[test]
fn draw_declaration_only_when_just_the_two_kings_remain() {
    let mut pos = position(&[(10, 'K')], &[(0, 'k')], "south");
    assert!(move_texts(&pos).contains(&"draw".to_string()));
    assert!(pos.draw_available());
    // perft does not count the declaration.
    assert_eq!(perft(&pos, 1), move_texts(&pos).len() as u64 - 1);
    assert!(!pos.perft_counts(PursuitMove::Draw));
    play(&mut pos, "draw");
    assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::DrawDeclared)));
    assert!(pos.to_text().contains(" drawn "));
    let back = Pursuit::from_text(&PursuitOptions::default(), &pos.to_text()).unwrap();
    assert_eq!(back, pos);

    // Any third piece, in play or not, removes the option, also when it
    // stands on the inner position in front of a King still out of play
    // (or an out-of-play piece behind a King in play).
    for extra in [
        position(&[(10, 'K'), (4, 'p')], &[(0, 'k')], "south"),
        position(&[(10, 'K')], &[(0, 'k'), (4, 'R')], "south"),
        position(&[(10, 'N'), (8, 'k')], &[(10, 'K')], "north"),
        position(&[(8, 'k')], &[(8, 'N'), (10, 'K')], "north"),
    ] {
        assert!(!move_texts(&extra).contains(&"draw".to_string()));
        assert!(matches!(
            extra.parse_move("draw"),
            Err(MoveError::Illegal(_))
        ));
    }
}

#[test]
fn threefold_repetition_draws_through_the_record() {
    let start = position(&[(10, 'K'), (0, 'k'), (4, 'P'), (16, 'p')], &[], "south");
    let mut record = GameRecord::from_position(PursuitOptions::default(), start);
    let cycle = ["10-18", "0-8", "18-10", "8-0"];
    for text in cycle.iter().chain(&cycle[..3]) {
        record.play_text(text).unwrap();
        assert_eq!(record.outcome(), None);
    }
    record.play_text("8-0").unwrap();
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    // With repetition off the game goes on.
    let mut options = PursuitOptions::default();
    options.set("repetition", "off").unwrap();
    let mut record = GameRecord::from_position(options, record.start().clone());
    for text in cycle.iter().chain(&cycle) {
        record.play_text(text).unwrap();
    }
    assert_eq!(record.outcome(), None);
}

#[test]
fn move_limit_draws_through_the_record() {
    let options = PursuitOptions::from_pairs([("move-limit", "4")]).unwrap();
    assert_eq!(options.move_limit(), Some(4));
    let mut record = GameRecord::<Pursuit>::new(options);
    for text in ["12-4", "0x8", "10x18", "19x11"] {
        assert_eq!(record.outcome(), None);
        record.play_text(text).unwrap();
    }
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
    assert_eq!(record.play_text("8-16"), Err(MoveError::GameOver));
    let unlimited = PursuitOptions::from_pairs([("move-limit", "0")]).unwrap();
    assert_eq!(unlimited.move_limit(), None);
    assert_eq!(PursuitOptions::default().move_limit(), Some(300));
    assert_eq!(PursuitOptions::default().repetition_limit(), Some(3));
}

#[test]
fn move_limit_counts_plies_of_play_not_placements() {
    let options =
        PursuitOptions::from_pairs([("setup", "placement"), ("move-limit", "2")]).unwrap();
    let mut record = GameRecord::<Pursuit>::new(options);
    let mut placements = 0;
    while record.position().placing() {
        assert_eq!(record.outcome(), None, "after {placements} placements");
        let mv = record.legal_moves()[placements % 3];
        record.play(mv).unwrap();
        placements += 1;
    }
    assert_eq!(placements, 28);
    assert_eq!(
        record.position().ply(),
        0,
        "placements are part of the set-up"
    );
    for _ in 0..2 {
        assert_eq!(record.outcome(), None);
        let mv = record.legal_moves()[0];
        record.play(mv).unwrap();
    }
    assert_eq!(record.limit_plies(), 2);
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
}

#[test]
fn a_position_text_at_the_move_limit_is_drawn_by_it() {
    let options = PursuitOptions::from_pairs([("move-limit", "10")]).unwrap();
    let text = |ply: u32| format!("pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb north play {ply}");
    let before = Pursuit::from_text(&options, &text(9)).unwrap();
    let mut record = GameRecord::from_position(options.clone(), before);
    assert_eq!(record.outcome(), None, "one ply left");
    let mv = record.legal_moves()[0];
    record.play(mv).unwrap();
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
    for ply in [10, 11, 500] {
        let at = Pursuit::from_text(&options, &text(ply)).unwrap();
        let record = GameRecord::from_position(options.clone(), at);
        assert_eq!(
            record.outcome(),
            Some(Outcome::draw(EndReason::MoveLimit)),
            "ply {ply}"
        );
        assert!(record.legal_moves().is_empty());
    }
}
