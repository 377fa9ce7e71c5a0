//! Multi-PV ([`EngineSpec::lines`]): with as many lines as legal moves the
//! lines are every root move once, sorted by score, the first the
//! single-PV search's move and score at the same depth; more lines than
//! legal moves are clamped; forced results stay right line by line.

mod common;

use common::connect_four::{C4Options, C4};
use gamut_ai::{
    search_record, search_setup, EngineSpec, Evaluate, Level, Limits, Score, SearchInfo,
    SearchReport, SearchSetup,
};
use gamut_core::{Game, GameRecord};
use gamut_football::Football;
use gamut_loa::Loa;
use gamut_pursuit::Pursuit;
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

/// A search at full strength on one thread, to `depth`, of `lines` lines;
/// its report and its last progress.
fn search<G: Evaluate>(
    game: &GameRecord<G>,
    lines: usize,
    depth: u32,
) -> (SearchReport, SearchInfo) {
    let spec = EngineSpec::level(Level::Max).with_lines(lines);
    let mut last = None;
    let report = search_record(
        game,
        &spec,
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |info| last = Some(info.clone()),
    );
    (report, last.expect("at least one iteration"))
}

/// Orders scores from the side to move: the shortest win first, the
/// longest loss before the shortest.
fn rank(score: Score) -> i64 {
    match score {
        Score::WinIn(n) => 1_000_000 - i64::from(n),
        Score::Value(v) => i64::from(v),
        Score::LossIn(n) => -1_000_000 + i64::from(n),
    }
}

/// Every root move is a line, once; sorted; the first is single-PV's.
fn all_lines_are_the_root_moves<G: Evaluate>(game: &GameRecord<G>, depth: u32) {
    let legal = game.position().legal_moves_text();
    let (single, single_info) = search(game, 1, depth);
    let (multi, info) = search(game, legal.len(), depth);
    let lines: Vec<(Score, &[String])> = info.lines().collect();
    assert_eq!(lines.len(), legal.len(), "{info:?}");
    let firsts: BTreeSet<&str> = lines.iter().map(|(_, pv)| pv[0].as_str()).collect();
    let all: BTreeSet<&str> = legal.iter().map(String::as_str).collect();
    assert_eq!(firsts, all, "each root move starts one line");
    assert!(
        lines.windows(2).all(|w| rank(w[0].0) >= rank(w[1].0)),
        "sorted by score: {lines:?}"
    );
    assert_eq!(info.depth, depth);
    assert_eq!(multi.best.as_deref(), Some(lines[0].1[0].as_str()));
    assert_eq!(multi.best, single.best, "the single-PV move");
    assert_eq!(info.score, single_info.score, "the single-PV score");
    assert_eq!(multi.info.more_lines, info.more_lines, "the report's lines");
}

trait LegalText {
    fn legal_moves_text(&self) -> Vec<String>;
}

impl<G: Game> LegalText for G {
    fn legal_moves_text(&self) -> Vec<String> {
        let mut moves = gamut_core::MoveList::new();
        self.legal_moves(&mut moves);
        moves.iter().map(|&m| self.move_text(m)).collect()
    }
}

fn after<G: Game>(moves: &[&str]) -> GameRecord<G> {
    let mut game = GameRecord::<G>::new(G::Options::default());
    for m in moves {
        game.play_text(m).unwrap();
    }
    game
}

fn at<G: Game>(text: &str) -> GameRecord<G> {
    let options = G::Options::default();
    GameRecord::from_position(options.clone(), G::from_text(&options, text).unwrap())
}

#[test]
fn lines_of_action_lines_are_every_root_move() {
    all_lines_are_the_root_moves(&after::<Loa>(&[]), 4);
    all_lines_are_the_root_moves(&after::<Loa>(&["b1-b3", "a2-c2"]), 3);
}

#[test]
fn linear_pursuit_lines_are_every_root_move() {
    all_lines_are_the_root_moves(&after::<Pursuit>(&[]), 5);
}

#[test]
fn chess_football_lines_are_every_root_move() {
    let text = "4k2r/3q4/1np3p1/8/4NQ2/2P1P3/8/R3K3 f4 w play w 1 10 0-0 QRN/QRN -/- -";
    all_lines_are_the_root_moves(&at::<Football>(text), 3);
}

#[test]
fn more_lines_than_legal_moves_are_clamped() {
    // Connect Four on one column: one legal move.
    let narrow = C4Options {
        width: 1,
        height: 6,
    };
    let pos = C4::from_text(&narrow, "").unwrap();
    let report = search_setup(
        &SearchSetup::from_position(pos),
        &EngineSpec::level(Level::Max).with_lines(3),
        &Limits::depth(4),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(report.info.more_lines.is_empty(), "{report:?}");
    let game = after::<Loa>(&[]);
    let legal = game.position().legal_moves_text().len();
    let (_, info) = search(&game, legal + 10, 2);
    assert_eq!(info.lines().count(), legal);
}

#[test]
fn forced_results_are_right_line_by_line() {
    // Yellow holds c1 and d1 (Red c2, d2): b1 and e1 win in 3 plies (two
    // threats), every other move lets Red block in time or worse.
    let pos = C4::from_text(&C4Options::default(), "ccdd").unwrap();
    let setup = SearchSetup::from_position(pos.clone());
    let report = search_setup(
        &setup,
        &EngineSpec::level(Level::Max).with_lines(3),
        &Limits::depth(6),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let lines: Vec<(Score, &[String])> = report.info.lines().collect();
    assert_eq!(lines.len(), 3, "{report:?}");
    let wins: BTreeSet<&str> = lines[..2].iter().map(|(_, pv)| pv[0].as_str()).collect();
    assert_eq!(wins, BTreeSet::from(["b", "e"]), "{report:?}");
    assert!(lines[..2].iter().all(|(s, _)| *s == Score::WinIn(3)));
    assert!(
        !matches!(lines[2].0, Score::WinIn(_)),
        "no third move wins by force: {report:?}"
    );
    // Each line's score is that of its move searched alone.
    for (score, pv) in &lines {
        let mut child = pos.clone();
        child.play(child.parse_move(&pv[0]).unwrap());
        let alone = search_setup(
            &SearchSetup::from_position(child),
            &EngineSpec::level(Level::Max),
            &Limits::depth(5),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        if let Score::WinIn(n) = score {
            assert_eq!(alone.info.score, Score::LossIn(n - 1), "{pv:?}");
        }
    }
}
