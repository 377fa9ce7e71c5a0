//! The options of a Lines of Action game: board size, setup, the rule for a
//! move that connects both sides, repetition and the move limit.

use gamut_core::option_parse as parse;
use gamut_core::{GameOptions, OptionError, OptionKind, OptionSpec};

/// The starting arrangement of the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Setup {
    /// Black on the inner squares of ranks 1 and N, White on files a and N.
    #[default]
    Standard,
    /// The same edge squares, colours alternating along each edge.
    ScrambledEggs,
}

impl Setup {
    const NAMES: [&'static str; 2] = ["standard", "scrambled-eggs"];

    /// The option value (`standard`, `scrambled-eggs`).
    pub fn as_str(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// What happens when one move leaves both sides connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Simultaneous {
    /// The game is drawn (Olympiad rules).
    #[default]
    Draw,
    /// The player who moved wins (Sackson, 1982).
    MoverWins,
}

impl Simultaneous {
    const NAMES: [&'static str; 2] = ["draw", "mover-wins"];

    /// The option value (`draw`, `mover-wins`).
    pub fn as_str(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// The default move limit, in plies.
pub const DEFAULT_MOVE_LIMIT: u32 = 300;

/// The largest move limit the option accepts.
const MAX_MOVE_LIMIT: i64 = 100_000;

/// The options of a Lines of Action game (`Default`: the rules file's
/// defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoaOptions {
    /// Board size: 6, 7 or 8.
    pub size: u8,
    /// The starting arrangement.
    pub setup: Setup,
    /// The rule for a move that connects both sides.
    pub simultaneous: Simultaneous,
    /// Whether the third occurrence of a position draws.
    pub repetition: bool,
    /// Plies after which the game is drawn; 0 for no limit.
    pub move_limit: u32,
}

impl Default for LoaOptions {
    fn default() -> Self {
        LoaOptions {
            size: 8,
            setup: Setup::Standard,
            simultaneous: Simultaneous::Draw,
            repetition: true,
            move_limit: DEFAULT_MOVE_LIMIT,
        }
    }
}

impl GameOptions for LoaOptions {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "size",
                kind: OptionKind::Choice {
                    choices: vec!["6", "7", "8"],
                },
                default: "8".into(),
                help: "board size (6x6 and 7x7 for quick games and solving)",
            },
            OptionSpec {
                key: "setup",
                kind: OptionKind::Choice {
                    choices: Setup::NAMES.to_vec(),
                },
                default: Setup::default().as_str().into(),
                help: "starting arrangement: standard or scrambled eggs (colours alternating)",
            },
            OptionSpec {
                key: "simultaneous",
                kind: OptionKind::Choice {
                    choices: Simultaneous::NAMES.to_vec(),
                },
                default: Simultaneous::default().as_str().into(),
                help: "a move that connects both sides: a draw, or a win for the mover",
            },
            OptionSpec {
                key: "repetition",
                kind: OptionKind::Flag,
                default: "on".into(),
                help: "a position occurring for the third time is a draw",
            },
            OptionSpec {
                key: "move-limit",
                kind: OptionKind::Integer {
                    min: 0,
                    max: MAX_MOVE_LIMIT,
                },
                default: DEFAULT_MOVE_LIMIT.to_string(),
                help: "the game is drawn after this many plies (0: no limit)",
            },
        ]
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "size" => self.size = [6, 7, 8][parse::choice(key, value, &["6", "7", "8"])?],
            "setup" => {
                self.setup = [Setup::Standard, Setup::ScrambledEggs]
                    [parse::choice(key, value, &Setup::NAMES)?];
            }
            "simultaneous" => {
                self.simultaneous = [Simultaneous::Draw, Simultaneous::MoverWins]
                    [parse::choice(key, value, &Simultaneous::NAMES)?];
            }
            "repetition" => self.repetition = parse::flag(key, value)?,
            "move-limit" => self.move_limit = parse::integer(key, value, 0, MAX_MOVE_LIMIT)? as u32,
            _ => return Err(OptionError::unknown::<Self>(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "size" => Some(self.size.to_string()),
            "setup" => Some(self.setup.as_str().to_string()),
            "simultaneous" => Some(self.simultaneous.as_str().to_string()),
            "repetition" => Some(parse::flag_text(self.repetition)),
            "move-limit" => Some(self.move_limit.to_string()),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), OptionError> {
        if !(6..=8).contains(&self.size) {
            return Err(OptionError::Inconsistent(format!(
                "board size {} (must be 6, 7 or 8)",
                self.size
            )));
        }
        Ok(())
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.repetition.then_some(3)
    }

    fn move_limit(&self) -> Option<u32> {
        (self.move_limit > 0).then_some(self.move_limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_rules_file() {
        let o = LoaOptions::default();
        assert_eq!(o.repetition_limit(), Some(3));
        assert_eq!(o.move_limit(), Some(300));
        assert_eq!(o.non_default_pairs(), vec![]);
        let keys: Vec<_> = LoaOptions::specs().iter().map(|s| s.key).collect();
        assert_eq!(
            keys,
            ["size", "setup", "simultaneous", "repetition", "move-limit"]
        );
        for s in LoaOptions::specs() {
            assert_eq!(o.get(s.key), Some(s.default.clone()), "{}", s.key);
        }
    }

    #[test]
    fn every_option_round_trips() {
        let o = LoaOptions::from_pairs([
            ("size", "6"),
            ("setup", "scrambled-eggs"),
            ("simultaneous", "mover-wins"),
            ("repetition", "off"),
            ("move-limit", "0"),
        ])
        .unwrap();
        assert_eq!(o.size, 6);
        assert_eq!(o.setup, Setup::ScrambledEggs);
        assert_eq!(o.simultaneous, Simultaneous::MoverWins);
        assert_eq!(o.repetition_limit(), None);
        assert_eq!(o.move_limit(), None);
        let pairs = o.to_pairs();
        let back =
            LoaOptions::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).unwrap();
        assert_eq!(back, o);
    }

    #[test]
    fn bad_options_are_rejected() {
        for (k, v) in [
            ("size", "9"),
            ("size", "5"),
            ("setup", "eggs"),
            ("simultaneous", "both"),
            ("repetition", "maybe"),
            ("move-limit", "-1"),
            ("colour", "red"),
        ] {
            assert!(LoaOptions::from_pairs([(k, v)]).is_err(), "{k}={v}");
        }
        let o = LoaOptions {
            size: 9,
            ..LoaOptions::default()
        };
        assert!(o.validate().is_err());
    }
}
