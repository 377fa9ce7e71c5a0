//! The checker a server uses while a person solves a puzzle: the verdict
//! on one move, from the stored line and refutations only. It replays
//! the moves but never searches or proves anything, so answering costs a
//! few move generations.

use crate::goal::{with_game, PuzzleGame, PuzzleVisitor};
use crate::puzzle::Puzzle;
use gamut_games::parse_options;

/// The verdict on a solver's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move is right: the line's move, or another move that reaches
    /// the goal at once.
    Right {
        /// The opponent's answer for the server to play (`None` when
        /// solved).
        reply: Option<String>,
        /// Whether the puzzle is solved.
        solved: bool,
    },
    /// The move is legal but does not solve the puzzle.
    Wrong {
        /// The opponent's answer that refutes it (stored for the first
        /// move; empty when none is stored: the server says "this does
        /// not win").
        refutation: Vec<String>,
    },
    /// The move is not legal here, or `played` is not a prefix of the
    /// line ending with the opponent's reply (it is not the solver's
    /// turn), or the puzzle's data cannot be read.
    Illegal,
}

/// The verdict on the solver's next move `candidate`, after `played`
/// (the line's moves so far, solver's and replies, which the caller has
/// already checked).
pub fn check(puzzle: &Puzzle, played: &[String], candidate: &str) -> Verdict {
    with_game(
        puzzle.game,
        Check {
            puzzle,
            played,
            candidate,
        },
    )
}

struct Check<'a> {
    puzzle: &'a Puzzle,
    played: &'a [String],
    candidate: &'a str,
}

impl PuzzleVisitor for Check<'_> {
    type Output = Verdict;

    fn visit<G: PuzzleGame>(self) -> Verdict {
        let Check {
            puzzle,
            played,
            candidate,
        } = self;
        let at = played.len();
        if at % 2 == 1 || at >= puzzle.line.len() {
            return Verdict::Illegal;
        }
        let Ok(options) = parse_options::<G>(&puzzle.options) else {
            return Verdict::Illegal;
        };
        let Ok(mut pos) = G::from_text(&options, &puzzle.position) else {
            return Verdict::Illegal;
        };
        let solver = pos.side_to_move();
        for text in played {
            let Ok(mv) = pos.parse_move(text) else {
                return Verdict::Illegal;
            };
            pos.play(mv);
        }
        let Ok(mv) = pos.parse_move(candidate) else {
            return Verdict::Illegal;
        };
        let text = pos.move_text(mv);
        if text == puzzle.line[at] {
            let solved = at + 1 == puzzle.line.len();
            return Verdict::Right {
                reply: if solved {
                    None
                } else {
                    puzzle.line.get(at + 1).cloned()
                },
                solved,
            };
        }
        let mut after = pos.clone();
        after.play(mv);
        if G::settle(&pos, &after, solver) == Some(true) {
            return Verdict::Right {
                reply: None,
                solved: true,
            };
        }
        let refutation = if at == 0 {
            puzzle.refutation(&text).map(<[String]>::to_vec)
        } else {
            None
        };
        Verdict::Wrong {
            refutation: refutation.unwrap_or_default(),
        }
    }
}
