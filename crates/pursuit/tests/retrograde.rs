//! The endgame-table contract of `Retrograde for Pursuit`, checked by
//! brute force: every index round-trips, and the moves taken back are
//! exactly the moves that keep the material, on a small board and on
//! `pentagrams`.

mod common;

use common::options_for;
use gamut_core::{Game, MoveList, Retrograde};
use gamut_pursuit::{Board, Pursuit, PursuitMaterial};

/// An eight-position board with a pentagram-like star (every `i` to
/// `i+3`), small enough for every position of every material below.
const OCTAGRAM: &str = "8 0-3 1-4 2-5 3-6 4-7 5-0 6-1 7-2";

/// Check the contract on every index of `material`.
fn check_material(material: &PursuitMaterial) {
    let count = Pursuit::index_count(material);
    let positions: Vec<Pursuit> = (0..count)
        .filter_map(|i| {
            let p = Pursuit::from_index(material, i)?;
            assert_eq!(p.material().as_ref(), Some(material), "{p:?}");
            assert_eq!(p.index(), i, "{p:?}");
            assert_eq!(p.hash(), p.compute_hash());
            let back = Pursuit::from_text(&options_for(material.board.text()), &p.to_text());
            assert_eq!(back.as_ref(), Ok(&p), "the text of {p:?}");
            Some(p)
        })
        .collect();
    assert!(!positions.is_empty(), "{material}");
    let (mut forward, mut backward) = (0u64, 0u64);
    let mut moves = MoveList::new();
    let mut before = Vec::new();
    for p in &positions {
        if p.outcome().is_none() {
            moves.clear();
            p.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = p.clone();
                child.play(mv);
                if child.material().as_ref() == Some(material) {
                    forward += 1;
                    before.clear();
                    child.unmoves(&mut before);
                    assert!(before.contains(p), "{p:?} -> {child:?} not taken back");
                }
            }
        }
        before.clear();
        p.unmoves(&mut before);
        for (i, q) in before.iter().enumerate() {
            backward += 1;
            assert!(!before[..i].contains(q), "{q:?} twice before {p:?}");
            assert_eq!(q.material().as_ref(), Some(material));
            assert_eq!(Pursuit::from_index(material, q.index()).as_ref(), Some(q));
            assert!(q.outcome().is_none(), "{q:?}");
            moves.clear();
            q.legal_moves(&mut moves);
            assert!(
                moves.iter().any(|&mv| {
                    let mut c = q.clone();
                    c.play(mv);
                    &c == p
                }),
                "{q:?} has no move to {p:?}"
            );
        }
    }
    assert_eq!(forward, backward, "{material}");
}

#[test]
fn every_index_round_trips_and_unmoves_match_moves_on_a_small_board() {
    let board = options_for(OCTAGRAM).board;
    for text in [
        "K v K", "KN v K", "KR v K", "KB v KP", "KP v K", "KNN v K", "KN v KR",
    ] {
        check_material(&PursuitMaterial::parse(board, text).unwrap());
    }
}

#[test]
fn unmoves_match_moves_on_pentagrams() {
    for text in ["KN v K", "K v KB"] {
        check_material(&PursuitMaterial::parse(Board::pentagrams(), text).unwrap());
    }
}
