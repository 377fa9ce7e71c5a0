//! A game in progress or finished: start, moves, and the game-level rules
//! that need history or players (repetition, move limit, resignation,
//! agreed draw, timeout, takeback), once for every game.

use crate::{EndReason, Game, GameOptions, MoveError, MoveList, Outcome, Player};

/// The record of one game: its options, start position, the moves played,
/// and a result decided outside the board (resignation, agreement, time).
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    options: G::Options,
    /// `positions[i]` is the position after `i` moves; never empty.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    declared: Option<Outcome>,
}

impl<G: Game> GameRecord<G> {
    /// A new game from the standard start of these (validated) options.
    pub fn new(options: G::Options) -> Self {
        let start = G::start(&options);
        Self::from_position(options, start)
    }

    /// A new game from a given position.
    pub fn from_position(options: G::Options, start: G) -> Self {
        GameRecord {
            options,
            positions: vec![start],
            moves: Vec::new(),
            declared: None,
        }
    }

    /// The options of this game.
    pub fn options(&self) -> &G::Options {
        &self.options
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &G {
        self.positions
            .last()
            .expect("a record always has a position")
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The moves played, in notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, p)| p.move_text(m))
            .collect()
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Player {
        self.position().side_to_move()
    }

    /// The result, if the game is over: a declared result (resignation,
    /// agreement, timeout) first, then the board, then repetition, then the
    /// move limit.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.declared {
            return Some(o);
        }
        self.rules_outcome(self.position(), false)
    }

    /// The result the game would have after a legal move that leads to
    /// `next`, without playing it (the board, then repetition, then the
    /// move limit, as [`GameRecord::outcome`] would say once it is played).
    pub fn outcome_after(&self, next: &G) -> Option<Outcome> {
        self.rules_outcome(next, true)
    }

    /// The board's, repetition's and the move limit's result at `pos`:
    /// the current position, or (`after_move`) the position one move after
    /// it, not yet in the record.
    fn rules_outcome(&self, pos: &G, after_move: bool) -> Option<Outcome> {
        let ahead = u32::from(after_move);
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        if let Some(limit) = self.options.repetition_limit() {
            let hash = pos.hash();
            let seen = self
                .positions
                .iter()
                .filter(|p| p.hash() == hash && *p == pos)
                .count() as u32;
            if seen + ahead >= limit {
                return Some(Outcome::draw(EndReason::Repetition));
            }
        }
        if let Some(limit) = self.options.move_limit() {
            let plies = pos.limit_plies().unwrap_or(self.moves.len() as u32 + ahead);
            if plies >= limit {
                return Some(Outcome::draw(EndReason::MoveLimit));
            }
        }
        None
    }

    /// The plies counted toward the move limit so far: the position's own
    /// count where it keeps one ([`Game::limit_plies`]), else the moves of
    /// this record.
    pub fn limit_plies(&self) -> u32 {
        self.position()
            .limit_plies()
            .unwrap_or(self.moves.len() as u32)
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> MoveList<G::Move> {
        let mut moves = MoveList::new();
        if self.outcome().is_none() {
            self.position().legal_moves(&mut moves);
        }
        moves
    }

    /// Play a move given in notation; returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self.position().parse_move(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// Play a move, checked for legality.
    pub fn play(&mut self, mv: G::Move) -> Result<(), MoveError> {
        if !self.legal_moves().contains(&mv) {
            return Err(if self.outcome().is_some() {
                MoveError::GameOver
            } else {
                MoveError::Illegal(format!("{mv:?}"))
            });
        }
        self.push(mv);
        Ok(())
    }

    fn push(&mut self, mv: G::Move) {
        let mut next = self.position().clone();
        next.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Take back the last move (and any declared result).
    pub fn undo(&mut self) -> Result<G::Move, MoveError> {
        let mv = self.moves.pop().ok_or(MoveError::NothingToUndo)?;
        self.positions.pop();
        self.declared = None;
        Ok(mv)
    }

    /// `player` resigns.
    pub fn resign(&mut self, player: Player) {
        self.declare(Outcome::win(player.other(), EndReason::Resignation));
    }

    /// Both players agreed to a draw.
    pub fn agree_draw(&mut self) {
        self.declare(Outcome::draw(EndReason::Agreement));
    }

    /// `player` ran out of time.
    pub fn timeout(&mut self, player: Player) {
        self.declare(Outcome::win(player.other(), EndReason::Timeout));
    }

    /// The game was abandoned early.
    pub fn abort(&mut self) {
        self.declare(Outcome::draw(EndReason::Aborted));
    }

    /// Set a result decided outside the board, unless the game is over.
    fn declare(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.declared = Some(outcome);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Record rules are tested with the tiny game below.
    use super::*;
    use crate::testgame::{Nim, NimOptions};

    #[test]
    fn repetition_and_move_limit_end_the_game() {
        let mut r = GameRecord::<Nim>::new(NimOptions {
            heap: 100,
            limit: Some(4),
        });
        for _ in 0..4 {
            assert!(r.outcome().is_none());
            r.play_text("1").unwrap();
        }
        assert_eq!(r.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
        assert_eq!(r.play_text("1"), Err(MoveError::GameOver));
        r.undo().unwrap();
        assert!(r.outcome().is_none());
    }

    #[test]
    fn resignation_and_undo() {
        let mut r = GameRecord::<Nim>::new(NimOptions::default());
        r.play_text("2").unwrap();
        r.resign(Player::First);
        assert_eq!(
            r.outcome(),
            Some(Outcome::win(Player::Second, EndReason::Resignation))
        );
        assert!(r.legal_moves().is_empty());
        r.undo().unwrap();
        assert!(r.outcome().is_none());
        assert_eq!(r.undo(), Err(MoveError::NothingToUndo));
    }

    #[test]
    fn illegal_and_malformed_moves_are_rejected() {
        let mut r = GameRecord::<Nim>::new(NimOptions::default());
        assert!(matches!(r.play_text("7"), Err(MoveError::Illegal(_))));
        assert!(matches!(r.play_text(""), Err(MoveError::Illegal(_))));
        assert_eq!(r.move_texts(), Vec::<String>::new());
    }
}
