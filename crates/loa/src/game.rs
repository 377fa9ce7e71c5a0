//! `gamut_core::Game` for [`Loa`]: the trait methods delegate to the
//! position's own methods.

use crate::moves::LoaMove;
use crate::options::LoaOptions;
use crate::position::Loa;
use gamut_core::{Game, MoveError, MoveList, Outcome, Player, TextError};

impl Game for Loa {
    type Move = LoaMove;
    type Options = LoaOptions;

    const NAME: &'static str = "loa";
    const TITLE: &'static str = "Lines of Action";

    fn start(options: &LoaOptions) -> Self {
        Loa::new(options)
    }

    fn side_to_move(&self) -> Player {
        self.side()
    }

    fn side_name(player: Player) -> &'static str {
        Loa::side_label(player)
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<LoaMove>) {
        self.generate(moves);
    }

    #[inline]
    fn play(&mut self, mv: LoaMove) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board_outcome()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash_value()
    }

    fn compute_hash(&self) -> u64 {
        Loa::compute_hash(self)
    }

    fn move_text(&self, mv: LoaMove) -> String {
        self.notation(mv)
    }

    fn write_move_text(&self, mv: LoaMove, out: &mut String) {
        self.write_notation(mv, out);
    }

    fn text_mark(&self, mv: LoaMove) -> Option<u8> {
        Some(u8::from(self.captures(mv)))
    }

    fn parse_move(&self, text: &str) -> Result<LoaMove, MoveError> {
        if self.board_outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        self.read_move(text)
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn from_text(options: &LoaOptions, text: &str) -> Result<Self, TextError> {
        Loa::parse_text(options, text)
    }

    fn diagram(&self) -> String {
        crate::diagram::draw(self)
    }

    #[inline]
    fn perft_leaf_count(&self) -> u64 {
        self.move_count()
    }
}
