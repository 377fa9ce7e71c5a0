//! Chess Football's solved match endings: the game the proof-number solver
//! proves the last actions of a match on, so that level `max` plays a
//! forced match win exactly.
//!
//! Football itself has no small endings to solve: every goal clears the
//! board for a new placement of all twelve pieces, and the match result
//! depends on the score and the actions still to play. A proof under the
//! real rules would have to go through every placement after a goal. The
//! wrapper [`FootballEnding`] plays by Football's rules (same moves, same
//! positions, same hash) and differs only in when it ends:
//!
//! - the real end of the match (after the second half's last action) ends
//!   it with the real result;
//! - a lead larger than the goals the trailing side can still score ends
//!   it as a win for the leader: the match is decided
//!   ([`FootballEnding::decided`]);
//! - otherwise a placement (after a goal, two Kings alone, or the half
//!   time) ends it as a draw: *undetermined* (reason
//!   [`EndReason::MoveLimit`], the wrapper's horizon, as a move limit is a
//!   search's).
//!
//! # The goals still possible
//!
//! An action scores at most one goal, and only for the side that makes it
//! (a shot, a dribble or pass into the goal, a tackle: all the mover's);
//! a kick-off can score too (with no pass possible it may be a shot). So
//! a side can score at most one goal per counted action of its own. The
//! counted actions alternate between the sides (after a goal the side that
//! conceded kicks off, and it is the side that acts next anyway), except
//! at a reset with two Kings alone, where the side that kicked off last
//! kicks off again, and at the half time, where Black kicks off. In the
//! second half, with `n` actions left, no reset can come if the pieces
//! other than the Kings (on the board and to place) are at least `n` and
//! `n` is at most 10 (a reset takes a tackle of every one of them, and a
//! restart brings all ten back): then the side acting next has
//! `ceil(n / 2)` actions left and the other `floor(n / 2)`. Otherwise
//! (or in the first half, counting the second half's actions too) every
//! action left is counted for both sides.
//!
//! # Soundness
//!
//! The solver only ever claims a win it proved for the attacker, and a
//! draw does not prove one; so a win proven and verified on the wrapper
//! has only real ends of the match and decided scores as leaves: it is a
//! real match win, whatever the opponent does. Draws and losses of the
//! wrapper mean nothing for the match (a drawn, undetermined leaf may be
//! won or lost after the placement) and are never reported: the engine
//! asks only for the side to move's win (`solver::proven_win`), the
//! opponent's wins being its own proofs when it is to move.
//!
//! Football positions never repeat (the action counter is part of the
//! position and its hash, and placements fill an empty board) and
//! Football has no move limit of its own ([`Game::limit_plies`] is
//! `None`, the options set none), so the solver's repetition and
//! move-limit handling see the same as under the real rules.

use crate::SearchSetup;
use gamut_core::{EndReason, Game, MoveError, MoveList, Outcome, Player, Reference, TextError};
use gamut_football::{Football, FootballMove, FootballOptions, Phase};

/// The pieces other than the Kings on the board after a restart (each
/// team has six, its King included): the tackles a reset needs.
const RESTART_PIECES: u32 = 10;

/// A Chess Football position whose game ends at the first placement or
/// as soon as the match is decided (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct FootballEnding(pub Football);

impl FootballEnding {
    /// The most goals `side` can still score in the match: at most one per
    /// counted action of its own (an action scores only for the side that
    /// makes it), see the module docs.
    pub fn goals_possible(pos: &Football, side: Player) -> u32 {
        let left = u32::from(pos.actions_left());
        if pos.half() == 1 {
            // Who acts first after the half time depends on the resets
            // until then: every action of both halves counts.
            return left + 2 * u32::from(pos.half_length());
        }
        let to_place: u32 = Player::BOTH
            .iter()
            .flat_map(|&s| pos.to_place(s))
            .map(u32::from)
            .sum();
        let pieces = (pos.occupied().count_ones() + to_place).saturating_sub(2);
        if left > pieces.min(RESTART_PIECES) {
            // A reset (two Kings alone) could let one side act twice.
            return left;
        }
        let next = match pos.phase() {
            Phase::Place | Phase::Pick => pos.kicker(),
            _ => pos.side_to_move(),
        };
        if next == side {
            left.div_ceil(2)
        } else {
            left / 2
        }
    }

    /// The side whose lead no longer can be caught up (more goals ahead
    /// than the other side can still score), if any.
    pub fn decided(pos: &Football) -> Option<Player> {
        Player::BOTH.into_iter().find(|&leader| {
            let trailer = leader.other();
            u32::from(pos.score(leader))
                > u32::from(pos.score(trailer)) + Self::goals_possible(pos, trailer)
        })
    }
}

impl SearchSetup<FootballEnding> {
    /// The search of `setup`'s root on the wrapper: the same history, plies
    /// and rules (hashes are Football's); no solved endings (Football has
    /// none).
    pub fn football_ending(setup: &SearchSetup<Football>) -> Self {
        SearchSetup {
            root: FootballEnding(setup.root.clone()),
            history: setup.history.clone(),
            plies_played: setup.plies_played,
            repetition: setup.repetition,
            move_limit: setup.move_limit,
            endings: None,
        }
    }
}

impl Game for FootballEnding {
    type Move = FootballMove;
    type Options = FootballOptions;

    const NAME: &'static str = "football-endings";
    const TITLE: &'static str = "Chess Football (match endings)";

    fn start(options: &FootballOptions) -> Self {
        FootballEnding(Football::start(options))
    }

    fn side_to_move(&self) -> Player {
        self.0.side_to_move()
    }

    fn side_name(player: Player) -> &'static str {
        Football::side_name(player)
    }

    fn legal_moves(&self, moves: &mut MoveList<FootballMove>) {
        self.0.legal_moves(moves);
    }

    fn play(&mut self, mv: FootballMove) {
        self.0.play(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(real) = self.0.outcome() {
            return Some(real);
        }
        if let Some(leader) = Self::decided(&self.0) {
            return Some(Outcome::win(leader, EndReason::FinalScore));
        }
        matches!(self.0.phase(), Phase::Place | Phase::Pick)
            .then(|| Outcome::draw(EndReason::MoveLimit))
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn compute_hash(&self) -> u64 {
        self.0.compute_hash()
    }

    fn move_text(&self, mv: FootballMove) -> String {
        self.0.move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<FootballMove, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        self.0.parse_move(text)
    }

    fn to_text(&self) -> String {
        self.0.to_text()
    }

    fn from_text(options: &FootballOptions, text: &str) -> Result<Self, TextError> {
        Football::from_text(options, text).map(FootballEnding)
    }

    fn diagram(&self) -> String {
        self.0.diagram()
    }

    fn placing(&self) -> bool {
        self.0.placing()
    }

    fn is_placement(&self, mv: FootballMove) -> bool {
        self.0.is_placement(mv)
    }

    fn limit_plies(&self) -> Option<u32> {
        self.0.limit_plies()
    }
}

/// The reference rules are Football's, with the wrapper's ends.
impl Reference for FootballEnding {
    fn reference_moves(&self) -> Vec<FootballMove> {
        self.0.reference_moves()
    }

    fn reference_outcome(&self) -> Option<Outcome> {
        if let Some(real) = self.0.reference_outcome() {
            return Some(real);
        }
        self.outcome()
    }
}
