//! `Pursuit` as a [`gamut_core::Game`].

use crate::{notation, setup, side_name, text, Pursuit, PursuitMove, PursuitOptions};
use gamut_core::{EndReason, Game, MoveError, MoveList, Outcome, Player, TextError};

impl Game for Pursuit {
    type Move = PursuitMove;
    type Options = PursuitOptions;

    const NAME: &'static str = "pursuit";
    const TITLE: &'static str = "Linear Pursuit";

    fn start(options: &PursuitOptions) -> Self {
        setup::start_position(options)
            .unwrap_or_else(|e| panic!("Pursuit::start needs validated options: {e}"))
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn side_name(player: Player) -> &'static str {
        side_name(player)
    }

    fn legal_moves(&self, moves: &mut MoveList<PursuitMove>) {
        self.generate(moves);
    }

    fn play(&mut self, mv: PursuitMove) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.drawn {
            return Some(Outcome::draw(EndReason::DrawDeclared));
        }
        let other = self.side.other();
        if !self.has_king(self.side) {
            return Some(Outcome::win(other, EndReason::KingCaptured));
        }
        if !self.has_legal_move() {
            return Some(Outcome::win(other, EndReason::NoLegalMoves));
        }
        None
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        self.zobrist()
    }

    fn move_text(&self, mv: PursuitMove) -> String {
        mv.text(self.captures(mv))
    }

    fn text_mark(&self, mv: PursuitMove) -> Option<u8> {
        Some(u8::from(self.captures(mv)))
    }

    fn parse_move(&self, text: &str) -> Result<PursuitMove, MoveError> {
        let text = text.trim();
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = notation::parse(text, self.board.size())?;
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        if !moves.contains(&mv) {
            return Err(MoveError::Illegal(text.to_string()));
        }
        let expected = self.move_text(mv);
        if expected != text {
            return Err(MoveError::Syntax {
                text: text.to_string(),
                why: format!("write it {expected}"),
            });
        }
        Ok(mv)
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn from_text(options: &PursuitOptions, text: &str) -> Result<Self, TextError> {
        text::read(options, text)
    }

    fn diagram(&self) -> String {
        crate::diagram::draw(self)
    }

    fn placing(&self) -> bool {
        self.hand != [[0; 5]; 2]
    }

    fn is_placement(&self, mv: PursuitMove) -> bool {
        matches!(mv, PursuitMove::Place { .. })
    }

    fn limit_plies(&self) -> Option<u32> {
        Some(self.ply)
    }

    fn perft_stops_here(&self) -> bool {
        !self.has_king(Player::First) || !self.has_king(Player::Second)
    }

    fn perft_counts(&self, mv: PursuitMove) -> bool {
        mv != PursuitMove::Draw
    }

    fn perft_leaf_count(&self) -> u64 {
        self.count_moves()
    }
}
