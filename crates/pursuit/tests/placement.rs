//! The placement set-up: alternate placement, South first, majors on empty
//! outer positions, Pawns on empty inner positions, then play.

mod common;

use common::{move_texts, play};
use gamut_core::{perft, Game, GameOptions, MoveError, Player};
use gamut_pursuit::{Location, Piece, Pursuit, PursuitMove, PursuitOptions};

fn placement_options(pawns: &str) -> PursuitOptions {
    PursuitOptions::from_pairs([("setup", "placement"), ("pawns", pawns)]).unwrap()
}

#[test]
fn placement_starts_empty_with_south_placing() {
    let pos = Pursuit::start(&placement_options("on"));
    assert!(pos.placing());
    assert_eq!(pos.side_to_move(), Player::First);
    assert_eq!(pos.in_hand(Player::First, Piece::Pawn), 7);
    assert_eq!(pos.in_hand(Player::Second, Piece::Rook), 2);
    assert_eq!(
        pos.to_text(),
        "..................../.................... south place:KRRBBNNPPPPPPPkrrbbnnppppppp 0"
    );
    // Four major kinds on 20 outer positions, Pawns on 20 inner positions.
    assert_eq!(perft(&pos, 1), 100);
    let texts = move_texts(&pos);
    assert!(texts.contains(&"K@o10".to_string()));
    assert!(texts.contains(&"P@10".to_string()));
    assert!(texts.iter().all(|t| t.contains('@')));
}

#[test]
fn placement_alternates_and_fills_only_empty_positions() {
    let mut pos = Pursuit::start(&placement_options("on"));
    play(&mut pos, "K@o10");
    assert_eq!(pos.side_to_move(), Player::Second);
    assert_eq!(pos.king(Player::First), Some(Location::Outer(10)));
    assert!(matches!(
        pos.parse_move("k@o10"),
        Err(MoveError::Syntax { .. })
    ));
    assert_eq!(
        pos.parse_move("R@o10"),
        Err(MoveError::Illegal("R@o10".into()))
    );
    // North may place on South's side, and a Pawn in front of a major.
    play(&mut pos, "P@10");
    play(&mut pos, "R@o3");
    // Notation uses upper-case letters for both sides: this is North's King.
    assert!(move_texts(&pos).iter().any(|t| t.starts_with("K@")));
    play(&mut pos, "K@o0");
    assert_eq!(pos.in_hand(Player::First, Piece::King), 0);
    assert!(!move_texts(&pos).iter().any(|t| t.starts_with("K@")));
    assert!(matches!(
        pos.parse_move("P@o4"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        pos.parse_move("R@4"),
        Err(MoveError::Syntax { .. })
    ));
}

#[test]
fn play_begins_with_south_when_all_are_placed() {
    let mut pos = Pursuit::start(&placement_options("off"));
    let mut moves = gamut_core::MoveList::new();
    let mut placed = 0;
    while pos.placing() {
        moves.clear();
        pos.legal_moves(&mut moves);
        pos.play(moves[placed % moves.len()]);
        placed += 1;
    }
    assert_eq!(placed, 14);
    assert_eq!(pos.side_to_move(), Player::First);
    assert!(
        pos.to_text().contains(" south play 0"),
        "placements are not plies of play"
    );
    moves.clear();
    pos.legal_moves(&mut moves);
    assert!(moves.iter().all(|m| matches!(m, PursuitMove::Enter(_))));
}

#[test]
fn placement_with_fewer_pieces_from_a_position_text() {
    let options = PursuitOptions::default();
    let dots = ".".repeat(20);
    let mut pos = Pursuit::from_text(&options, &format!("{dots}/{dots} south place:KPkp")).unwrap();
    assert_eq!(pos.ply(), 0);
    play(&mut pos, "K@o10");
    play(&mut pos, "K@o0");
    play(&mut pos, "P@0");
    play(&mut pos, "P@10");
    assert!(!pos.placing());
    assert_eq!(
        move_texts(&pos),
        vec!["0-12".to_string(), "0-8".to_string()]
    );
}

#[test]
fn the_engine_declares_its_placement_phase() {
    let options = PursuitOptions::from_pairs([("setup", "placement")]).unwrap();
    let pos = Pursuit::start(&options);
    assert!(pos.placing());
    let mut moves = gamut_core::MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.iter().all(|&m| pos.is_placement(m)));
    assert!(!options.hidden_placement(), "placements are seen as made");
    assert!(!Pursuit::start(&PursuitOptions::default()).placing());
}
