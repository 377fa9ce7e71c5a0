//! `gamut_core::Game` for [`Football`]: start positions, generation,
//! play, outcome, hashing, notation, text and perft hooks.

use crate::football_move::check_syntax;
use crate::hash::{self, State};
use crate::{Football, FootballMove, FootballOptions, Kind, Phase, Square, Squares, Team};
use gamut_core::{EndReason, Game, MoveError, MoveList, Outcome, Player, TextError};

/// The standard test position's pieces: (side, kind, square).
const TEST_POSITION: [(Player, Kind, &str); 12] = [
    (Player::First, Kind::King, "e1"),
    (Player::First, Kind::Queen, "d2"),
    (Player::First, Kind::Rook, "a1"),
    (Player::First, Kind::Knight, "e4"),
    (Player::First, Kind::Pawn, "c3"),
    (Player::First, Kind::Pawn, "f3"),
    (Player::Second, Kind::King, "e8"),
    (Player::Second, Kind::Queen, "d7"),
    (Player::Second, Kind::Rook, "h8"),
    (Player::Second, Kind::Knight, "b6"),
    (Player::Second, Kind::Pawn, "c6"),
    (Player::Second, Kind::Pawn, "f6"),
];

impl Football {
    /// The standard test position of the rules file: first half, 0–0, no
    /// actions played, White to kick off with the Knight on e4; both teams
    /// Q R N (as the pieces on the board show).
    pub fn test_position(options: &FootballOptions) -> Football {
        let mut pos = Football::empty(options);
        let team = Team::new([Kind::Queen, Kind::Rook, Kind::Knight]);
        pos.teams = [team, team];
        for (side, kind, name) in TEST_POSITION {
            if let Some(sq) = Square::parse(name, 8) {
                pos.put(side, kind, sq);
            }
        }
        pos.set_ball(Square::parse("e4", 8));
        pos.phase = Phase::KickOff;
        pos
    }

    fn state(&self) -> State {
        let pack = |t: Option<Team>| {
            t.map_or(0, |t| {
                (1..6).fold(0u32, |acc, k| {
                    acc | u32::from(t.count(Kind::from_index(k))) << (2 * (k - 1))
                })
            })
        };
        State {
            side: self.side,
            phase: self.phase,
            kicker: self.kicker,
            half: self.half,
            actions: self.actions,
            score: self.score,
            last_goal: self.last_goal,
            teams: [pack(self.teams[0]), pack(self.teams[1])],
            to_place: self.to_place,
        }
    }
}

impl Game for Football {
    type Move = FootballMove;
    type Options = FootballOptions;

    const NAME: &'static str = "football";
    const TITLE: &'static str = "Chess Football";

    fn start(options: &FootballOptions) -> Self {
        Football::empty(options)
    }

    fn perft_start(options: &FootballOptions) -> Self {
        Football::test_position(options)
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "White",
            Player::Second => "Black",
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<FootballMove>) {
        self.generate(moves);
    }

    fn play(&mut self, mv: FootballMove) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        Some(match self.score[0].cmp(&self.score[1]) {
            std::cmp::Ordering::Greater => Outcome::win(Player::First, EndReason::FinalScore),
            std::cmp::Ordering::Less => Outcome::win(Player::Second, EndReason::FinalScore),
            std::cmp::Ordering::Equal => Outcome::draw(EndReason::FinalScore),
        })
    }

    fn hash(&self) -> u64 {
        self.board_hash ^ hash::state_key(&self.state())
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in Player::BOTH {
            for kind in Kind::ALL {
                for sq in Squares(self.pieces(side, kind)) {
                    h ^= hash::piece_key(side, kind, sq);
                }
            }
        }
        if let Some(b) = self.ball {
            h ^= hash::ball_key(b);
        }
        h ^ hash::state_key(&self.state())
    }

    fn move_text(&self, mv: FootballMove) -> String {
        mv.to_string()
    }

    fn write_move_text(&self, mv: FootballMove, out: &mut String) {
        use std::fmt::Write;
        // Writing to a String cannot fail.
        let _ = write!(out, "{mv}");
    }

    fn text_mark(&self, _mv: FootballMove) -> Option<u8> {
        // The notation is the move's alone.
        Some(0)
    }

    fn parse_move(&self, text: &str) -> Result<FootballMove, MoveError> {
        let text = text.trim();
        check_syntax(text).map_err(|why| MoveError::Syntax {
            text: text.to_string(),
            why,
        })?;
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn to_text(&self) -> String {
        self.write_text()
    }

    fn from_text(options: &FootballOptions, text: &str) -> Result<Self, TextError> {
        Football::read_text(options, text)
    }

    fn diagram(&self) -> String {
        crate::diagram::draw(self)
    }

    fn placing(&self) -> bool {
        self.phase == Phase::Place
    }

    fn is_placement(&self, mv: FootballMove) -> bool {
        matches!(mv, FootballMove::Place { .. })
    }

    fn perft_stops_here(&self) -> bool {
        self.last_goal.is_some() || self.phase == Phase::Over
    }

    fn perft_leaf_count(&self) -> u64 {
        self.count_actions()
    }
}
