//! A game whose only move hands the turn over and flips a bit, so that
//! positions repeat every two plies: the test game for repetition draws.
//! Its evaluation favours the side to move.

use gamut_ai::Evaluate;
use gamut_core::{
    zobrist, Game, GameOptions, MoveList, OptionError, OptionSpec, Outcome, Player, TextError,
};

const KEYS: [u64; 2] = zobrist::keys(0x70);

/// No options.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ToggleOptions;

impl GameOptions for ToggleOptions {
    fn specs() -> Vec<OptionSpec> {
        Vec::new()
    }
    fn set(&mut self, key: &str, _: &str) -> Result<(), OptionError> {
        Err(OptionError::unknown::<Self>(key))
    }
    fn get(&self, _: &str) -> Option<String> {
        None
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
}

/// The bit and the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Toggle {
    bit: bool,
    side: Player,
}

impl Game for Toggle {
    type Move = ();
    type Options = ToggleOptions;
    const NAME: &'static str = "toggle";
    const TITLE: &'static str = "Toggle";

    fn start(_: &ToggleOptions) -> Self {
        Toggle {
            bit: false,
            side: Player::First,
        }
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn side_name(player: Player) -> &'static str {
        ["A", "B"][player.index()]
    }
    fn legal_moves(&self, moves: &mut MoveList<()>) {
        moves.push(());
    }
    fn play(&mut self, _: ()) {
        self.bit = !self.bit;
        self.side = self.side.other();
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn hash(&self) -> u64 {
        self.compute_hash()
    }
    fn compute_hash(&self) -> u64 {
        (KEYS[0] * u64::from(self.bit)) ^ (KEYS[1] * self.side.index() as u64)
    }
    fn move_text(&self, _: ()) -> String {
        "flip".into()
    }
    fn to_text(&self) -> String {
        format!("{} {}", u8::from(self.bit), self.side.index())
    }
    fn from_text(_: &ToggleOptions, text: &str) -> Result<Self, TextError> {
        match text.trim() {
            "0 0" => Ok(Toggle {
                bit: false,
                side: Player::First,
            }),
            "1 1" => Ok(Toggle {
                bit: true,
                side: Player::Second,
            }),
            _ => Err(TextError::new("expected '0 0' or '1 1'")),
        }
    }
    fn diagram(&self) -> String {
        self.to_text()
    }
}

impl Evaluate for Toggle {
    fn evaluate(&self) -> i32 {
        if self.bit {
            300
        } else {
            100
        }
    }
}
