//! An object-safe face of [`GameRecord`], for code that handles games by
//! name (servers, protocols, the command line) with moves as text.

use crate::{Game, GameOptions, GameRecord, MoveError, Outcome, Player};
use std::any::Any;

/// A game record of any game, with moves and positions as text.
pub trait DynMatch: Send + Sync {
    /// The game's short name (`loa`, `pursuit`, `football`).
    fn game_name(&self) -> &'static str;
    /// The game's name for a player.
    fn side_name(&self, player: Player) -> &'static str;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// The legal moves in notation (empty once the game is over).
    fn legal_moves(&self) -> Vec<String>;
    /// Play a move given in notation; returns it in canonical notation.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Take back the last move; returns it in notation.
    fn undo(&mut self) -> Result<String, MoveError>;
    /// The moves played, in notation.
    fn moves(&self) -> Vec<String>;
    /// The result, if the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// `player` resigns.
    fn resign(&mut self, player: Player);
    /// Both players agreed to a draw.
    fn agree_draw(&mut self);
    /// `player` ran out of time.
    fn timeout(&mut self, player: Player);
    /// The game was abandoned early.
    fn abort(&mut self);
    /// The current position as text.
    fn position_text(&self) -> String;
    /// The start position as text.
    fn start_text(&self) -> String;
    /// The current position drawn for a terminal.
    fn diagram(&self) -> String;
    /// The options as `(key, value)` pairs.
    fn options(&self) -> Vec<(String, String)>;
    /// A copy of this record.
    fn clone_box(&self) -> Box<dyn DynMatch>;
    /// For downcasting to the concrete `GameRecord<G>`.
    fn as_any(&self) -> &dyn Any;
}

impl<G: Game> DynMatch for GameRecord<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }
    fn side_name(&self, player: Player) -> &'static str {
        G::side_name(player)
    }
    fn side_to_move(&self) -> Player {
        GameRecord::side_to_move(self)
    }
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.position();
        GameRecord::legal_moves(self)
            .iter()
            .map(|&m| pos.move_text(m))
            .collect()
    }
    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let before = self.position().clone();
        let mv = self.play_text(text)?;
        Ok(before.move_text(mv))
    }
    fn undo(&mut self) -> Result<String, MoveError> {
        let mv = GameRecord::undo(self)?;
        Ok(self.position().move_text(mv))
    }
    fn moves(&self) -> Vec<String> {
        self.move_texts()
    }
    fn outcome(&self) -> Option<Outcome> {
        GameRecord::outcome(self)
    }
    fn resign(&mut self, player: Player) {
        GameRecord::resign(self, player)
    }
    fn agree_draw(&mut self) {
        GameRecord::agree_draw(self)
    }
    fn timeout(&mut self, player: Player) {
        GameRecord::timeout(self, player)
    }
    fn abort(&mut self) {
        GameRecord::abort(self)
    }
    fn position_text(&self) -> String {
        self.position().to_text()
    }
    fn start_text(&self) -> String {
        self.start().to_text()
    }
    fn diagram(&self) -> String {
        self.position().diagram()
    }
    fn options(&self) -> Vec<(String, String)> {
        GameRecord::options(self).to_pairs()
    }
    fn clone_box(&self) -> Box<dyn DynMatch> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}
