//! An object-safe face of [`GameRecord`], for code that handles games by
//! name (servers, protocols, the command line) with moves as text.
//!
//! It offers no way back to the concrete type (no downcasting): what a
//! caller needs from a game beyond its rules (its engine, its evaluation)
//! comes with the catalogue's `Match` object (`gamut-games`), which is a
//! `DynMatch` too.

use crate::{Game, GameOptions, GameRecord, MoveError, MoveList, Outcome, Player};
use rustc_hash::FxHashSet;

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
    /// Checks a move given in notation without playing it: its canonical
    /// notation and the side to move after it (`None`: the move would end
    /// the game), as [`DynMatch::play`] would give them.
    fn try_move(&self, text: &str) -> Result<(String, Option<Player>), MoveError>;
    /// What the side not to move may premove: every move it could play
    /// after a legal move of the side to move, each text once, in the order
    /// first met. A move after which the same side moves again, a placement
    /// begins, or the game ends brings none.
    fn replies(&self) -> Vec<String>;
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
    /// Whether the side to move is placing pieces ([`Game::placing`]).
    fn placing(&self) -> bool;
    /// Whether the move of ply `ply` (0: the first move) placed a piece
    /// ([`Game::is_placement`]); false past the moves played.
    fn placed_at(&self, ply: usize) -> bool;
    /// Whether this game's placement phases are simultaneous and hidden
    /// ([`GameOptions::hidden_placement`]).
    fn hidden_placement(&self) -> bool;
    /// A copy of this record.
    fn clone_box(&self) -> Box<dyn DynMatch>;
    /// The hash ([`Game::hash`]: the position and the side to move) of
    /// every position of the record, from the start to the current one.
    fn position_keys(&self) -> Vec<u64>;
    /// The hashes of the positions up to `plies` plies after the current
    /// one (not the current one), at most `most` of them (breadth first).
    fn keys_ahead(&self, plies: u32, most: usize) -> Vec<u64>;
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
    fn try_move(&self, text: &str) -> Result<(String, Option<Player>), MoveError> {
        if GameRecord::outcome(self).is_some() {
            return Err(MoveError::GameOver);
        }
        let pos = self.position();
        let mv = pos.parse_move(text)?;
        let mut next = pos.clone();
        next.play(mv);
        let after = self
            .outcome_after(&next)
            .is_none()
            .then(|| next.side_to_move());
        Ok((pos.move_text(mv), after))
    }
    fn replies(&self) -> Vec<String> {
        let pos = self.position();
        let mover = pos.side_to_move();
        // Hundreds of replies a move, a tenth of them new: a fast hash, not
        // a keyed one (the moves are the rules', not a visitor's), and a
        // text written only for a move not met with its mark before
        // ([`Game::text_mark`]).
        let mut marked = FxHashSet::default();
        let mut seen = FxHashSet::default();
        let mut texts = Vec::new();
        let mut replies = MoveList::new();
        let mut text = String::new();
        for &mv in &GameRecord::legal_moves(self) {
            let mut next = pos.clone();
            next.play(mv);
            if next.side_to_move() == mover || next.placing() || self.outcome_after(&next).is_some()
            {
                continue;
            }
            replies.clear();
            next.legal_moves(&mut replies);
            for &reply in &replies {
                if let Some(mark) = next.text_mark(reply) {
                    if !marked.insert((reply, mark)) {
                        continue;
                    }
                }
                text.clear();
                next.write_move_text(reply, &mut text);
                // Two moves may still share a text (one the other's in
                // another position).
                if !seen.contains(text.as_str()) {
                    seen.insert(text.clone());
                    texts.push(text.clone());
                }
            }
        }
        texts
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
        GameRecord::resign(self, player);
    }
    fn agree_draw(&mut self) {
        GameRecord::agree_draw(self);
    }
    fn timeout(&mut self, player: Player) {
        GameRecord::timeout(self, player);
    }
    fn abort(&mut self) {
        GameRecord::abort(self);
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
    fn placing(&self) -> bool {
        self.outcome().is_none() && self.position().placing()
    }
    fn placed_at(&self, ply: usize) -> bool {
        match (self.positions().get(ply), self.moves().get(ply)) {
            (Some(pos), Some(&mv)) => pos.is_placement(mv),
            _ => false,
        }
    }
    fn hidden_placement(&self) -> bool {
        GameRecord::options(self).hidden_placement()
    }
    fn clone_box(&self) -> Box<dyn DynMatch> {
        Box::new(self.clone())
    }
    fn position_keys(&self) -> Vec<u64> {
        self.positions().iter().map(Game::hash).collect()
    }
    fn keys_ahead(&self, plies: u32, most: usize) -> Vec<u64> {
        let mut keys = Vec::new();
        if self.outcome().is_some() {
            return keys;
        }
        let mut layer = vec![self.position().clone()];
        let mut moves = crate::MoveList::<G::Move>::new();
        for _ in 0..plies {
            let mut next = Vec::new();
            for pos in &layer {
                if pos.outcome().is_some() {
                    continue;
                }
                moves.clear();
                pos.legal_moves(&mut moves);
                for &mv in &moves {
                    if keys.len() >= most {
                        return keys;
                    }
                    let mut after = pos.clone();
                    after.play(mv);
                    keys.push(after.hash());
                    next.push(after);
                }
            }
            layer = next;
        }
        keys
    }
}
