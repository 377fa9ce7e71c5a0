//! One test (or more) per rule of the rules file `chess-football.md`,
//! named after the rule.

use gamut_core::{
    perft, EndReason, Game, GameOptions, GameRecord, MoveError, MoveList, Outcome, Player,
};
use gamut_football::{
    Football, FootballMove, FootballOptions, Kind, Phase, PlacementMode, ShotRule, Square,
    BLACK_GOAL, WHITE_GOAL,
};

// ----- helpers -------------------------------------------------------------

fn sq(name: &str) -> Square {
    Square::parse(name, 8).expect("a square name")
}

/// The board field of a position text from piece lists such as
/// `"Ke1 Qd2 Pc3"` (White) and `"ke8 nb6"` (Black).
fn board(white: &str, black: &str) -> String {
    let mut grid = [['.'; 8]; 8];
    for piece in white.split_whitespace().chain(black.split_whitespace()) {
        let (letter, square) = piece.split_at(1);
        let s = sq(square);
        grid[s.rank() as usize][s.file() as usize] = letter.chars().next().unwrap();
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut gap = 0;
        for &cell in &grid[rank] {
            match cell {
                '.' => gap += 1,
                c => {
                    if gap > 0 {
                        fen.push_str(&gap.to_string());
                        gap = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if gap > 0 {
            fen.push_str(&gap.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}

/// A position in ordinary play, first half, 10 actions played, 0–0.
fn setup(white: &str, black: &str, ball: &str, side: &str) -> Football {
    setup_with(
        &FootballOptions::default(),
        white,
        black,
        ball,
        side,
        "play w 1 10 0-0",
    )
}

fn setup_with(
    options: &FootballOptions,
    white: &str,
    black: &str,
    ball: &str,
    side: &str,
    state: &str,
) -> Football {
    let text = format!(
        "{} {ball} {side} {state} QRN/BNP -/- -",
        board(white, black)
    );
    Football::from_text(options, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(pos: &Football) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    texts.sort();
    texts
}

/// The legal actions starting with `prefix` (e.g. a square `d4`).
fn moves_from(pos: &Football, prefix: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn has(pos: &Football, text: &str) -> bool {
    moves(pos).iter().any(|m| m == text)
}

fn after(pos: &Football, texts: &str) -> Football {
    let mut p = pos.clone();
    for t in texts.split_whitespace() {
        let mv = p
            .parse_move(t)
            .unwrap_or_else(|e| panic!("{t}: {e}\n{}", p.diagram()));
        p.play(mv);
    }
    p
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(std::string::ToString::to_string).collect();
    v.sort();
    v
}

fn match_start() -> Football {
    Football::start(&FootballOptions::default())
}

/// Picks, then every placement: Black (not kicking off) first, then White
/// with the Knight on e4.
const PLACEMENTS: &str = "pick:QRN pick:RBN \
    K@e8 R@a8 B@c8 N@b6 P@c6 P@f6 \
    N@e4 K@e1 Q@d2 R@a1 P@c3 P@f3";

// ----- board, teams, goals --------------------------------------------------

#[test]
fn goals_are_c_to_f_on_each_back_rank() {
    let names = |bits: u64| {
        (0..64u8)
            .filter(|i| bits >> i & 1 == 1)
            .map(|i| Square::from_index(i).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(WHITE_GOAL), ["c1", "d1", "e1", "f1"]);
    assert_eq!(names(BLACK_GOAL), ["c8", "d8", "e8", "f8"]);
    assert_eq!(Football::target_goal(Player::First), BLACK_GOAL);
    assert_eq!(Football::own_goal(Player::First), WHITE_GOAL);
}

#[test]
fn a_side_scores_in_the_opponents_goal_not_its_own() {
    // White's Rook holds the ball next to its own goal: dribbling into c1 is
    // no goal.
    let p = setup("Kh1 Rb1", "ke8 nb6", "b1", "w");
    let q = after(&p, "b1-c1");
    assert_eq!(q.score(Player::First), 0);
    assert_eq!(q.score(Player::Second), 0);
    assert_eq!(q.last_goal(), None);
    assert_eq!(q.phase(), Phase::Play);
}

#[test]
fn each_side_has_king_two_pawns_and_three_picks() {
    let p = after(&match_start(), "pick:QRN pick:RBN");
    // K Q R B N P counts.
    assert_eq!(p.to_place(Player::First), [1, 1, 1, 0, 1, 2]);
    assert_eq!(p.to_place(Player::Second), [1, 0, 1, 1, 1, 2]);
}

#[test]
fn team_choice_white_then_black_once_and_public() {
    let s = match_start();
    assert_eq!(s.phase(), Phase::Pick);
    assert_eq!(s.side_to_move(), Player::First);
    assert!(moves(&s).iter().all(|m| m.starts_with("pick:")));
    let p = after(&s, "pick:QRN");
    assert_eq!(p.side_to_move(), Player::Second);
    assert_eq!(p.team(Player::First).unwrap().to_string(), "QRN");
    assert!(p.to_text().contains("QRN/-"), "the choice is public");
    let q = after(&p, "pick:BBP");
    assert_eq!(q.phase(), Phase::Place);
    assert_eq!(q.team(Player::Second).unwrap().to_string(), "BBP");
}

#[test]
fn team_choice_respects_the_box_limits() {
    let white = moves(&match_start());
    assert_eq!(white.len(), 27);
    assert!(!white.contains(&"pick:QQR".to_string()));
    assert!(!white.contains(&"pick:RRR".to_string()));
    assert!(white.contains(&"pick:PPP".to_string()));
    assert!(matches!(
        match_start().parse_move("pick:QQN"),
        Err(MoveError::Illegal(_) | MoveError::Syntax { .. })
    ));
}

#[test]
fn each_side_picks_from_its_own_box() {
    // Whatever White picked, Black has the same 27 teams, the same one
    // included (the standard test position gives both sides QRN).
    let white = moves(&match_start());
    for team in &white {
        let p = after(&match_start(), team);
        let black = moves(&p);
        assert_eq!(black, white, "after {team}");
    }
    let p = after(&match_start(), "pick:QRR pick:QRR");
    assert_eq!(p.phase(), Phase::Place);
    assert_eq!(p.team(Player::Second).unwrap().to_string(), "QRR");
    assert_eq!(p.to_place(Player::Second), [1, 1, 2, 0, 0, 2]);
}

#[test]
fn perft_from_the_empty_pick_position() {
    let p = Football::from_text(
        &FootballOptions::default(),
        "8/8/8/8/8/8/8/8 - w pick w 1 0 0-0 -/- -/- -",
    )
    .unwrap();
    assert_eq!(perft(&p, 1), 27);
    assert_eq!(perft(&p, 2), 729);
    assert_eq!(perft(&p, 3), 65_664);
}

#[test]
fn exactly_one_ball_held_by_a_piece_in_play() {
    let p = after(&match_start(), PLACEMENTS);
    assert_eq!(p.phase(), Phase::KickOff);
    assert_eq!(p.ball(), Some(sq("e4")));
    assert_eq!(p.ball_side(), Some(Player::First));
    let q = after(&p, "e4>d2");
    assert_eq!(q.ball(), Some(sq("d2")));
    assert_eq!(q.piece_at(sq("e4")), Some((Player::First, Kind::Knight)));
}

// ----- movement --------------------------------------------------------------

#[test]
fn king_moves_one_square_in_any_direction() {
    let p = setup("Kd4 Na1", "ke8", "a1", "w");
    let king = moves_from(&p, "d4");
    assert_eq!(
        king,
        sorted(&["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"])
    );
}

#[test]
fn sliding_pieces_are_blocked_by_any_piece() {
    let p = setup("Ra1 Pa4 Kh1 Nh3", "ke8 qd1", "h3", "w");
    assert_eq!(
        moves_from(&p, "a1"),
        sorted(&["a1-a2", "a1-a3", "a1-b1", "a1-c1"])
    );
    let b = setup("Bc1 Pd2 Ke1 Nh3", "ke8 qa3", "h3", "w");
    assert_eq!(moves_from(&b, "c1"), sorted(&["c1-b2"]));
    let q = setup("Qd4 Pd5 Pe5 Ke1 Nh3", "ke8 rc4", "h3", "w");
    let queen = moves_from(&q, "d4");
    assert!(
        !queen
            .iter()
            .any(|m| m == "d4-d6" || m == "d4-f6" || m == "d4-b4"),
        "{queen:?}"
    );
    assert!(queen.contains(&"d4-d1".to_string()));
}

#[test]
fn knight_jumps_over_pieces() {
    let p = setup("Nb1 Pa2 Pb2 Pc2 Ke1", "ke8 nh8", "e1", "w");
    assert_eq!(moves_from(&p, "b1"), sorted(&["b1-a3", "b1-c3", "b1-d2"]));
}

#[test]
fn pawn_moves_one_square_forward_never_two() {
    let p = setup("Pe2 Ke1 Nh3", "ke8 pd7", "h3", "w");
    assert_eq!(moves_from(&p, "e2"), ["e2-e3"]);
    let blocked = setup("Pe2 Ke1 Nh3", "ke8 pe3", "h3", "w");
    assert!(
        moves_from(&blocked, "e2").is_empty(),
        "no sideways or diagonal step"
    );
}

#[test]
fn black_pawns_move_towards_rank_one() {
    let p = setup("Ke1 Nh3", "ke8 pd7", "h3", "b");
    assert_eq!(moves_from(&p, "d7"), ["d7-d6"]);
}

#[test]
fn no_castling_and_no_en_passant() {
    let p = setup("Ke1 Rh1 Pd5 Na3", "ke8 pe7", "a3", "w");
    assert!(!has(&p, "e1-g1"));
    let q = after(&setup("Ke1 Rh1 Pd5 Na3", "ke8 pe7 nh8", "a3", "b"), "e7-e6");
    assert!(!has(&q, "d5xe6") && !has(&q, "d5-e6"));
}

#[test]
fn pawn_promotes_on_last_rank_to_any_of_four() {
    let p = setup("Pb7 Ke1 Nh3", "ke8", "h3", "w");
    assert_eq!(
        moves_from(&p, "b7"),
        sorted(&["b7-b8=B", "b7-b8=N", "b7-b8=Q", "b7-b8=R"])
    );
    let q = after(&p, "b7-b8=N");
    assert_eq!(q.piece_at(sq("b8")), Some((Player::First, Kind::Knight)));
    // Not limited by the box: a second Queen is fine.
    let two = after(&setup("Pb7 Qd4 Ke1 Nh3", "ke8", "h3", "w"), "b7-b8=Q");
    assert_eq!(two.pieces(Player::First, Kind::Queen).count_ones(), 2);
    let black = setup("Ke1 Nh3", "ke8 pg2", "h3", "b");
    assert_eq!(moves_from(&black, "g2").len(), 4);
}

#[test]
fn promoted_pawn_keeps_the_ball() {
    let p = setup("Pb7 Ke1", "ke8 nh8", "b7", "w");
    let q = after(&p, "b7-b8=Q");
    assert_eq!(q.ball(), Some(sq("b8")));
    assert_eq!(q.piece_at(sq("b8")), Some((Player::First, Kind::Queen)));
    assert_eq!(q.last_goal(), None, "b8 is not a goal square");
}

// ----- what a turn is ----------------------------------------------------------

#[test]
fn move_without_the_ball_only_to_empty_squares() {
    let p = setup("Ra1 Ke1 Nh3", "ke8 na5", "h3", "w");
    let rook = moves_from(&p, "a1");
    assert!(rook.contains(&"a1-a4".to_string()));
    assert!(!rook.iter().any(|m| m.contains("a5")), "{rook:?}");
}

#[test]
fn pieces_without_the_ball_cannot_be_captured() {
    let p = setup("Ra1 Ke1", "ke8 na5 nh8", "h8", "w");
    assert!(!has(&p, "a1xa5"));
    let q = setup("Ra1 Ke1 Nh3", "ke8 na5", "h3", "w");
    assert!(!has(&q, "a1xa5"));
}

#[test]
fn dribble_moves_the_holder_with_the_ball_to_an_empty_square() {
    let p = setup("Nd4 Ke1 Pb5", "ke8", "d4", "w");
    assert!(has(&p, "d4-f5"));
    assert!(!has(&p, "d4-b5"), "b5 holds a teammate: that is a pass");
    let q = after(&p, "d4-f5");
    assert_eq!(q.ball(), Some(sq("f5")));
}

#[test]
fn pawn_dribbles_one_square_straight_forward() {
    let p = setup("Pd4 Ke1", "ke8", "d4", "w");
    assert_eq!(moves_from(&p, "d4"), ["d4-d5"]);
}

#[test]
fn pass_goes_to_a_teammate_along_a_movement_line() {
    let p = setup("Qa1 Ra5 Pc3 Ke1 Nh3", "ke8", "a1", "w");
    assert!(has(&p, "a1>a5"));
    assert!(has(&p, "a1>c3"));
    assert!(!has(&p, "a1>h3"), "not on a line of the Queen");
    let q = after(&p, "a1>a5");
    assert_eq!(q.ball(), Some(sq("a5")));
    assert_eq!(
        q.piece_at(sq("a1")),
        Some((Player::First, Kind::Queen)),
        "the passer stays"
    );
    // Never to an empty square outside the goal, never to an opponent.
    let r = setup("Qa1 Ke1", "ke8 na5", "a1", "w");
    assert!(!has(&r, "a1>a5") && !has(&r, "a1>a4"));
}

#[test]
fn sliding_pass_is_blocked_by_any_piece() {
    let p = setup("Qa1 Ra5 Ke1", "ke8 na3", "a1", "w");
    assert!(!has(&p, "a1>a5"));
    let q = setup("Qa1 Ra5 Pa3 Ke1", "ke8", "a1", "w");
    assert!(!has(&q, "a1>a5") && has(&q, "a1>a3"));
}

#[test]
fn knight_pass_jumps() {
    let p = setup("Ne4 Qd2 Pd3 Pe3 Ke1", "ke8", "e4", "w");
    assert!(has(&p, "e4>d2"));
}

#[test]
fn pawn_passes_only_diagonally_forward() {
    let p = setup("Pd4 Rc5 Ne3 Bd5 Ke1", "ke8", "d4", "w");
    assert_eq!(moves_from(&p, "d4"), ["d4>c5"]);
    let black = setup("Ke1 Nh3", "ke8 pd5 rc4 re6", "d5", "b");
    assert_eq!(moves_from(&black, "d5"), sorted(&["d5-d4", "d5>c4"]));
}

#[test]
fn shot_to_an_empty_goal_square_with_a_clear_path_is_a_goal() {
    let p = setup("Rd2 Ke1", "kh8", "d2", "w");
    assert!(has(&p, "d2>d8"));
    assert!(!has(&p, "d2>d7"), "a shot only goes to a goal square");
    let q = after(&p, "d2>d8");
    assert_eq!(q.score(Player::First), 1);
    assert_eq!(q.last_goal(), Some(Player::First));
    assert!(q.perft_stops_here());
    // The goal ends the line: perft and divide from it agree on nothing.
    assert_eq!(perft(&q, 1), 0);
    assert!(gamut_core::divide(&q, 2).is_empty());
}

#[test]
fn shot_needs_an_empty_goal_square_and_a_clear_path() {
    let occupied = setup("Rd2 Ke1", "kd8", "d2", "w");
    assert!(!has(&occupied, "d2>d8"));
    let blocked = setup("Rd2 Ke1", "kh8 nd5", "d2", "w");
    assert!(!has(&blocked, "d2>d8"));
    let knight = setup("Ne6 Ke1", "kh8 pd7 pe7", "e6", "w");
    assert!(
        has(&knight, "e6>d8") && has(&knight, "e6>f8"),
        "a Knight shot jumps"
    );
}

#[test]
fn pawn_shoots_only_diagonally_forward_one_square() {
    let p = setup("Pe7 Ke1", "kc8", "e7", "w");
    assert!(has(&p, "e7>d8") && has(&p, "e7>f8"));
    assert!(!has(&p, "e7>e8"));
    let far = setup("Pe6 Ke1", "kc8", "e6", "w");
    assert!(!moves_from(&far, "e6").iter().any(|m| m.contains('>')));
}

#[test]
fn tackle_captures_only_the_ball_holder_and_takes_square_and_ball() {
    let p = setup("Ra1 Ke1", "ke8 qa5 nh8", "a5", "w");
    assert!(has(&p, "a1xa5"));
    let q = after(&p, "a1xa5");
    assert_eq!(q.piece_at(sq("a5")), Some((Player::First, Kind::Rook)));
    assert_eq!(q.piece_at(sq("a1")), None);
    assert_eq!(q.ball(), Some(sq("a5")));
    assert_eq!(
        q.pieces(Player::Second, Kind::Queen),
        0,
        "the holder leaves the board"
    );
    assert_eq!(q.last_goal(), None);
}

#[test]
fn pawn_tackles_diagonally_forward_only() {
    let front = setup("Pd4 Ke1", "ke8 ne5", "e5", "w");
    assert!(has(&front, "d4xe5"));
    let straight = setup("Pd4 Ke1", "ke8 nd5", "d5", "w");
    assert!(!moves_from(&straight, "d4").iter().any(|m| m.contains('x')));
    let behind = setup("Pd4 Ke1", "ke8 nc3", "c3", "w");
    assert!(!moves_from(&behind, "d4").iter().any(|m| m.contains('x')));
    let promote = setup("Pc7 Ke1", "ke8 nb8", "b8", "w");
    assert_eq!(moves_from(&promote, "c7x").len(), 4);
}

#[test]
fn no_legal_action_means_the_turn_passes() {
    let p = setup("Ka1", "ke8 nh8 ra2 bb1 nb2", "h8", "w");
    assert_eq!(moves(&p), ["pass"]);
    let q = after(&p, "pass");
    assert_eq!(q.side_to_move(), Player::Second);
    assert_eq!(q.actions_played(), p.actions_played() + 1);
}

#[test]
fn passing_the_turn_is_not_allowed_while_an_action_exists() {
    let p = Football::perft_start(&FootballOptions::default());
    assert!(!has(&p, "pass"));
    let q = after(&p, "e4>c3");
    assert!(!has(&q, "pass"));
}

// ----- goals --------------------------------------------------------------------

#[test]
fn dribble_into_the_opponents_goal_is_a_goal() {
    let p = setup("Ne6 Ke1", "kh8", "e6", "w");
    let q = after(&p, "e6-d8");
    assert_eq!(q.score(Player::First), 1);
    assert_eq!(q.last_goal(), Some(Player::First));
    let pawn = after(&setup("Pd7 Ke1", "kh8", "d7", "w"), "d7-d8=Q");
    assert_eq!(pawn.score(Player::First), 1);
}

#[test]
fn pass_to_a_teammate_in_the_opponents_goal_is_a_goal() {
    let p = setup("Ne6 Rd8 Ke1", "kh8", "e6", "w");
    let q = after(&p, "e6>d8");
    assert_eq!(q.score(Player::First), 1);
    assert_eq!(q.last_goal(), Some(Player::First));
}

#[test]
fn tackle_on_own_goal_square_is_a_goal() {
    let p = setup("Ne6 Ke1", "kh8 rd8", "d8", "w");
    let q = after(&p, "e6xd8");
    assert_eq!(q.score(Player::First), 1);
    assert_eq!(q.last_goal(), Some(Player::First));
    // Elsewhere a tackle is not a goal.
    let r = after(&setup("Ne6 Ke1", "kh8 rd4", "d4", "w"), "e6xd4");
    assert_eq!(r.score(Player::First), 0);
    // Black scores by tackling White's holder on c1–f1.
    let b = after(&setup("Ka1 Rd1", "ke8 nf2", "d1", "b"), "f2xd1");
    assert_eq!(b.score(Player::Second), 1);
}

#[test]
fn king_capture_with_ball_is_a_goal_and_king_stays() {
    let p = setup("Nd3 Ke1", "ke5 rh8", "e5", "w");
    assert!(has(&p, "d3xe5"));
    let q = after(&p, "d3xe5");
    assert_eq!(q.score(Player::First), 1);
    assert_eq!(q.last_goal(), Some(Player::First));
    // As the match's last action, the board stays as it was: the King is
    // not removed.
    let options = FootballOptions::from_pairs([("half-length", "5")]).unwrap();
    let last = setup_with(&options, "Nd3 Ke1", "ke5 rh8", "e5", "w", "play b 2 9 0-0");
    let end = after(&last, "d3xe5");
    assert_eq!(end.phase(), Phase::Over);
    assert_eq!(end.piece_at(sq("e5")), Some((Player::Second, Kind::King)));
    assert_eq!(end.piece_at(sq("d3")), Some((Player::First, Kind::Knight)));
    assert_eq!(
        end.outcome(),
        Some(Outcome::win(Player::First, EndReason::FinalScore))
    );
}

#[test]
fn goal_squares_are_ordinary_squares_otherwise() {
    // Attackers and defenders stand on goal squares; moving there without
    // the ball scores nothing.
    let p = setup("Rd2 Ke1 Nh3", "kh8", "h3", "w");
    let q = after(&p, "d2-d8");
    assert_eq!(q.score(Player::First), 0);
    assert_eq!(q.piece_at(sq("d8")), Some((Player::First, Kind::Rook)));
}

// ----- shot rule -------------------------------------------------------------

#[test]
fn keeper_shot_rule_blocks_reachable_path() {
    let keeper = FootballOptions {
        shot_rule: ShotRule::Keeper,
        ..FootballOptions::default()
    };
    let state = "play w 1 10 0-0";
    // The Black Rook on a5 can reach d5, a square the ball crosses.
    let crossed = setup_with(&keeper, "Rd2 Ke1", "kh8 ra5", "d2", "w", state);
    assert!(!has(&crossed, "d2>d8"));
    // The Black King on e7 can reach the target d8.
    let target = setup_with(&keeper, "Rd2 Ke1", "ke7", "d2", "w", state);
    assert!(!has(&target, "d2>d8"));
    // With the open-path rule both shots are allowed.
    assert!(has(&setup("Rd2 Ke1", "kh8 ra5", "d2", "w"), "d2>d8"));
    assert!(has(&setup("Rd2 Ke1", "ke7", "d2", "w"), "d2>d8"));
}

#[test]
fn keeper_shot_rule_allows_unreachable_path() {
    let keeper = FootballOptions {
        shot_rule: ShotRule::Keeper,
        ..FootballOptions::default()
    };
    let p = setup_with(&keeper, "Rd2 Ke1", "kh8 na1", "d2", "w", "play w 1 10 0-0");
    assert!(has(&p, "d2>d8"));
}

// ----- placement and kick-off --------------------------------------------------

#[test]
fn non_kicking_side_places_all_six_first() {
    let mut p = after(&match_start(), "pick:QRN pick:RBN");
    assert_eq!(p.kicker(), Player::First);
    for text in "K@e8 R@a8 B@c8 N@b6 P@c6 P@f6".split_whitespace() {
        assert_eq!(p.side_to_move(), Player::Second);
        p = after(&p, text);
    }
    assert_eq!(p.side_to_move(), Player::First);
    assert_eq!(p.phase(), Phase::Place);
}

#[test]
fn placement_in_own_half_on_empty_squares_king_in_goal_no_pawn_in_goal() {
    let p = after(&match_start(), "pick:QRN pick:RBN K@e8");
    for m in moves(&p) {
        let (piece, square) = m.split_once('@').unwrap();
        let s = sq(square);
        assert!(s.rank() >= 4, "{m}: Black's half is ranks 5-8");
        assert_ne!(s, sq("e8"), "{m}: e8 is taken");
        if piece == "P" {
            assert!(BLACK_GOAL & s.bit() == 0, "{m}: no Pawn on its own goal");
        }
    }
    assert!(has(&p, "R@d8"), "other pieces may stand in their own goal");
    let fresh = after(&match_start(), "pick:QRN pick:RBN");
    let kings: Vec<String> = moves(&fresh)
        .into_iter()
        .filter(|m| m.starts_with('K'))
        .collect();
    assert_eq!(kings, sorted(&["K@c8", "K@d8", "K@e8", "K@f8"]));
}

#[test]
fn pawns_may_not_be_placed_on_own_goal_squares() {
    let p = after(&match_start(), "pick:QRN pick:RBN");
    for goal in ["c8", "d8", "e8", "f8"] {
        assert!(!has(&p, &format!("P@{goal}")));
    }
    assert!(has(&p, "P@b8") && has(&p, "P@e7"));
}

#[test]
fn kicking_side_first_places_a_non_king_piece_on_its_kick_off_square() {
    let p = after(
        &match_start(),
        "pick:QRN pick:RBN K@e8 R@a8 B@c8 N@b6 P@c6 P@f6",
    );
    assert_eq!(moves(&p), sorted(&["N@e4", "P@e4", "Q@e4", "R@e4"]));
    let q = after(&p, "P@e4");
    assert_eq!(q.ball(), Some(sq("e4")), "that piece starts with the ball");
    assert!(!has(&q, "K@e4"));
}

#[test]
fn simultaneous_placement_is_seen_in_sequence_by_the_engine() {
    let sim = FootballOptions {
        placement: PlacementMode::Simultaneous,
        ..FootballOptions::default()
    };
    let a = after(&match_start(), "pick:QRN pick:RBN K@e8");
    let b = after(&Football::start(&sim), "pick:QRN pick:RBN K@e8");
    assert_eq!(moves(&a), moves(&b));
    assert_eq!(a.to_text(), b.to_text());
}

#[test]
fn kick_off_must_be_a_pass_if_one_exists() {
    let p = after(&match_start(), PLACEMENTS);
    assert_eq!(p.phase(), Phase::KickOff);
    assert_eq!(moves(&p), sorted(&["e4>c3", "e4>d2"]));
}

#[test]
fn kick_off_without_a_pass_allows_any_action_of_the_holder() {
    let pawn = "pick:QRN pick:RBN K@e8 R@a8 B@c8 N@b6 P@c6 P@f6 \
                P@e4 K@e1 Q@d2 R@a1 N@b1 P@c3";
    let p = after(&match_start(), pawn);
    assert_eq!(moves(&p), ["e4-e5"]);
    // With e5 taken the holder has no action: any action is allowed.
    let blocked = "pick:QRN pick:RBN K@e8 R@a8 B@c8 N@e5 P@c6 P@f6 \
                   P@e4 K@e1 Q@d2 R@a1 N@b1 P@c3";
    let q = after(&match_start(), blocked);
    let all = moves(&q);
    assert!(all.contains(&"d2-d3".to_string()) && all.contains(&"b1-a3".to_string()));
    assert!(!all.iter().any(|m| m.starts_with("e4")));
}

#[test]
fn white_kicks_off_the_first_half() {
    let p = after(&match_start(), "pick:QRN pick:RBN");
    assert_eq!(p.kicker(), Player::First);
    assert_eq!(p.half(), 1);
}

#[test]
fn conceding_side_kicks_off_after_a_goal() {
    let q = after(&setup("Rd2 Ke1", "kh8", "d2", "w"), "d2>d8");
    assert_eq!(q.kicker(), Player::Second);
    assert_eq!(q.phase(), Phase::Place);
    assert_eq!(q.side_to_move(), Player::First, "the scorer places first");
    let r = after(&setup("Ka1 Rd1", "ke8 nf2", "d1", "b"), "f2xd1");
    assert_eq!(r.kicker(), Player::First);
    assert_eq!(r.side_to_move(), Player::Second);
}

#[test]
fn reset_after_a_goal_places_all_six_again() {
    // Pieces lost or promoted before come back as picked.
    let q = after(&setup("Pd7 Ke1", "kh8", "d7", "w"), "d7-d8=Q");
    assert_eq!(q.occupied(), 0);
    assert_eq!(q.ball(), None);
    assert_eq!(q.to_place(Player::First), [1, 1, 1, 0, 1, 2]); // K Q R N P P
    assert_eq!(q.to_place(Player::Second), [1, 0, 0, 1, 1, 3]); // K B N P P P
    assert_eq!(q.actions_played(), 11, "the half goes on");
}

#[test]
fn reset_after_king_versus_king() {
    let p = setup_with(
        &FootballOptions::default(),
        "Kd4",
        "ke8 nd5",
        "d5",
        "w",
        "play b 1 10 2-1",
    );
    let q = after(&p, "d4xd5");
    assert_eq!(q.phase(), Phase::Place);
    assert_eq!(
        q.kicker(),
        Player::Second,
        "the side that kicked off last kicks off"
    );
    assert_eq!(q.side_to_move(), Player::First);
    assert_eq!(
        (q.score(Player::First), q.score(Player::Second)),
        (2, 1),
        "no goal"
    );
    assert_eq!(q.last_goal(), None);
    assert_eq!(q.occupied(), 0);
    assert_eq!(q.to_place(Player::First), [1, 1, 1, 0, 1, 2]);
}

// ----- length and result ----------------------------------------------------------

#[test]
fn half_lasts_half_length_moves_per_side_placements_not_counted() {
    let options = FootballOptions::from_pairs([("half-length", "2")]).unwrap();
    let placed = after(&Football::start(&options), PLACEMENTS);
    assert_eq!(
        placed.actions_played(),
        0,
        "picks and placements do not count"
    );
    assert_eq!(placed.actions_left(), 4);
    let p = after(&placed, "e4>d2 e8-f7 d2-d3");
    assert_eq!(p.actions_played(), 3, "the kick-off counts");
    assert_eq!(p.half(), 1);
    let q = after(&p, "f7-g7");
    assert_eq!(q.half(), 2);
    assert_eq!(q.actions_played(), 0);
    assert_eq!(q.phase(), Phase::Place);
}

#[test]
fn second_half_kicked_off_by_black() {
    let options = FootballOptions::from_pairs([("half-length", "3")]).unwrap();
    let p = setup_with(&options, "Rd2 Ke1", "kh8 nb6", "d2", "w", "play w 1 5 1-0");
    let q = after(&p, "e1-f1");
    assert_eq!(q.half(), 2);
    assert_eq!(q.kicker(), Player::Second);
    assert_eq!(q.side_to_move(), Player::First, "White places first");
    assert_eq!((q.score(Player::First), q.score(Player::Second)), (1, 0));
    // Also when the first half ends with a goal.
    let r = after(&p, "d2>d8");
    assert_eq!((r.half(), r.kicker()), (2, Player::Second));
    assert_eq!(r.score(Player::First), 2);
}

#[test]
fn final_result_by_score() {
    let options = FootballOptions::from_pairs([("half-length", "3")]).unwrap();
    let win = setup_with(&options, "Rd2 Ke1", "kh8 nb6", "d2", "w", "play w 2 5 0-1");
    let end = after(&win, "d2>d8");
    assert_eq!(end.outcome(), Some(Outcome::draw(EndReason::FinalScore)));
    let lose = after(&win, "e1-f1");
    assert_eq!(
        lose.outcome(),
        Some(Outcome::win(Player::Second, EndReason::FinalScore))
    );
    assert!(moves(&lose).is_empty());
    let before = setup_with(&options, "Rd2 Ke1", "kh8 nb6", "d2", "w", "play w 2 4 0-1");
    assert_eq!(before.outcome(), None);
}

#[test]
fn resignation_and_agreed_draw_end_the_match() {
    let mut r = GameRecord::<Football>::new(FootballOptions::default());
    r.play_text("pick:QRN").unwrap();
    r.resign(Player::First);
    assert_eq!(
        r.outcome(),
        Some(Outcome::win(Player::Second, EndReason::Resignation))
    );
    let mut d = GameRecord::<Football>::new(FootballOptions::default());
    d.agree_draw();
    assert_eq!(d.outcome(), Some(Outcome::draw(EndReason::Agreement)));
}

#[test]
fn halves_end_the_game_no_repetition_or_move_limit() {
    let o = FootballOptions::default();
    assert_eq!(o.repetition_limit(), None);
    assert_eq!(o.move_limit(), None);
    assert_eq!(o.half_length, 45);
}

// ----- notation and text ----------------------------------------------------------

#[test]
fn notation_round_trips_and_bad_text_is_an_error() {
    let p = Football::perft_start(&FootballOptions::default());
    let mv = p.parse_move("e4>c3").unwrap();
    assert_eq!(
        mv,
        FootballMove::Pass {
            from: sq("e4"),
            to: sq("c3")
        }
    );
    assert_eq!(p.move_text(mv), "e4>c3");
    assert!(matches!(p.parse_move("e4-c3"), Err(MoveError::Illegal(_))));
    assert!(matches!(
        p.parse_move("e4c3"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        p.parse_move("pick:QQQ"),
        Err(MoveError::Syntax { .. })
    ));
}

#[test]
fn standard_test_position_text_round_trips() {
    let options = FootballOptions::default();
    let p = Football::perft_start(&options);
    let text = "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -";
    assert_eq!(p.to_text(), text);
    assert_eq!(Football::from_text(&options, text).unwrap(), p);
    assert_eq!(p.phase(), Phase::KickOff);
    assert_eq!(p.side_to_move(), Player::First);
    assert_eq!(
        match_start().to_text(),
        "8/8/8/8/8/8/8/8 - w pick w 1 0 0-0 -/- -/- -"
    );
}

#[test]
fn invalid_position_texts_are_rejected() {
    let o = FootballOptions::default();
    let good = "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -";
    let bad = [
        "",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/-",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K4 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e5 w kickoff w 1 0 0-0 QRN/QRN -/- -",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 b kickoff w 1 0 0-0 QRN/QRN -/- -",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 3 0 0-0 QRN/QRN -/- -",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 90 0-0 QRN/QRN -/- -",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 RQN/QRN -/- -",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN K/- -",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w play w 1 0 0-0 QRN/QRN -/- w",
        "4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3Q3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -",
        "4k2P/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -",
        "4k3/8/8/8/4K3/8/8/8 e4 w play w 1 0 0-0 QRN/QRN -/- -",
    ];
    assert!(Football::from_text(&o, good).is_ok());
    for t in bad {
        assert!(Football::from_text(&o, t).is_err(), "accepted: {t}");
    }
}

#[test]
fn diagram_shows_board_ball_and_state() {
    let p = Football::perft_start(&FootballOptions::default());
    let d = p.diagram();
    assert!(d.contains("N*"), "the ball holder is marked:\n{d}");
    assert!(d.contains("half 1, actions 0/90, score 0-0"), "{d}");
    assert_eq!(d.lines().count(), 10);
}

#[test]
fn the_engine_declares_its_placement_phases() {
    let s = match_start();
    assert!(!s.placing(), "team choice is not placement");
    let p = after(&s, "pick:QRN pick:RBN");
    assert!(p.placing());
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    assert!(list.iter().all(|&m| p.is_placement(m)));
    let kickoff = after(&match_start(), PLACEMENTS);
    assert!(!kickoff.placing());
    let simultaneous = FootballOptions::from_pairs([("placement", "simultaneous")]).unwrap();
    assert!(simultaneous.hidden_placement());
    assert!(!FootballOptions::default().hidden_placement());
}
