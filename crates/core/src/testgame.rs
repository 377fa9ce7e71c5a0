//! A tiny game (Nim: take 1–3 from a heap; who takes the last wins) used to
//! test the shared drivers without depending on a real engine.

use crate::option_parse as parse;
use crate::zobrist;
use crate::{
    EndReason, Game, GameOptions, MoveList, OptionError, OptionKind, OptionSpec, Outcome, Player,
    Reference, TextError,
};

const KEYS: [u64; 2] = zobrist::keys(7);

#[derive(Clone, Debug, PartialEq)]
pub struct NimOptions {
    pub heap: u32,
    pub limit: Option<u32>,
}

impl Default for NimOptions {
    fn default() -> Self {
        NimOptions {
            heap: 10,
            limit: None,
        }
    }
}

impl GameOptions for NimOptions {
    fn specs() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "heap",
            kind: OptionKind::Integer { min: 1, max: 1000 },
            default: "10".into(),
            help: "heap size",
        }]
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "heap" => self.heap = parse::integer(key, value, 1, 1000)? as u32,
            _ => return Err(OptionError::unknown::<Self>(key)),
        }
        Ok(())
    }
    fn get(&self, key: &str) -> Option<String> {
        (key == "heap").then(|| self.heap.to_string())
    }
    fn move_limit(&self) -> Option<u32> {
        self.limit
    }
    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Nim {
    heap: u32,
    side: Player,
}

impl Game for Nim {
    type Move = u8;
    type Options = NimOptions;
    const NAME: &'static str = "nim";
    const TITLE: &'static str = "Nim";

    fn start(options: &NimOptions) -> Self {
        Nim {
            heap: options.heap,
            side: Player::First,
        }
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn side_name(player: Player) -> &'static str {
        ["A", "B"][player.index()]
    }
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        for k in 1..=3u8 {
            if u32::from(k) <= self.heap {
                moves.push(k);
            }
        }
    }
    fn play(&mut self, mv: u8) {
        self.heap -= u32::from(mv);
        self.side = self.side.other();
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.heap == 0).then(|| Outcome::win(self.side.other(), EndReason::NoLegalMoves))
    }
    fn hash(&self) -> u64 {
        self.compute_hash()
    }
    fn compute_hash(&self) -> u64 {
        u64::from(self.heap).wrapping_mul(KEYS[0]) ^ (KEYS[1] * self.side.index() as u64)
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn to_text(&self) -> String {
        format!("{} {}", self.heap, self.side.index())
    }
    fn from_text(_: &NimOptions, text: &str) -> Result<Self, TextError> {
        let mut it = text.split_whitespace().map(str::parse::<u32>);
        match (it.next(), it.next(), it.next()) {
            (Some(Ok(heap)), Some(Ok(s @ 0..=1)), None) => Ok(Nim {
                heap,
                side: Player::from_index(s as usize),
            }),
            _ => Err(TextError::new("expected '<heap> <side 0|1>'")),
        }
    }
    fn diagram(&self) -> String {
        "|".repeat(self.heap as usize)
    }
}

impl Reference for Nim {
    fn reference_moves(&self) -> Vec<u8> {
        (1..=3).filter(|&k| u32::from(k) <= self.heap).collect()
    }
    fn reference_outcome(&self) -> Option<Outcome> {
        self.outcome()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check_playouts, divide, perft};

    #[test]
    fn perft_counts_compositions() {
        let p = Nim::start(&NimOptions::default());
        assert_eq!(perft(&p, 1), 3);
        assert_eq!(perft(&p, 2), 9);
        let d = divide(&p, 2);
        assert_eq!(d.len(), 3);
        assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 9);
    }

    #[test]
    fn playout_checker_accepts_a_correct_engine() {
        let s = check_playouts::<Nim>(&NimOptions::default(), 50, 1).unwrap();
        assert_eq!(s.games, 50);
        assert_eq!(s.wins[0] + s.wins[1], 50);
    }

    #[test]
    fn bad_text_is_an_error() {
        for t in ["", "x", "1 2", "1 0 0", "-1 0"] {
            assert!(Nim::from_text(&NimOptions::default(), t).is_err(), "{t}");
        }
    }

    #[test]
    fn options_pairs_round_trip() {
        let o = NimOptions::from_pairs([("heap", "12")]).unwrap();
        assert_eq!(o.heap, 12);
        assert_eq!(
            o.non_default_pairs(),
            vec![("heap".to_string(), "12".to_string())]
        );
        assert!(NimOptions::from_pairs([("heap", "0")]).is_err());
        assert!(NimOptions::from_pairs([("size", "1")]).is_err());
    }
}
