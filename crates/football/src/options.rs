//! The options of a Chess Football match: the shot rule, the length of a
//! half and how placements are shown.

use gamut_core::option_parse as parse;
use gamut_core::{GameOptions, OptionError, OptionKind, OptionSpec};

/// When a shot at an empty goal square is allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ShotRule {
    /// The path to the goal square is clear (the default).
    #[default]
    OpenPath,
    /// The path is clear and no opponent piece could, in one move, reach
    /// the target square or any square the ball crosses.
    Keeper,
}

/// How the two sides' placements are shown to the players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PlacementMode {
    /// Each side sees the other's pieces as they are placed (the default).
    #[default]
    Sequential,
    /// A server hides the first side's placements until both have placed;
    /// the engine still sees the placements in sequence.
    Simultaneous,
}

/// The longest half allowed by `half-length` (moves per side).
pub const MAX_HALF_LENGTH: u16 = 100;

const SHOT_RULES: [&str; 2] = ["open-path", "keeper"];
const PLACEMENTS: [&str; 2] = ["sequential", "simultaneous"];

/// The options of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FootballOptions {
    /// `shot-rule`: `open-path` or `keeper`.
    pub shot_rule: ShotRule,
    /// `half-length`: moves of each side per half (the half lasts twice as
    /// many actions); 1 to [`MAX_HALF_LENGTH`], default 45.
    pub half_length: u16,
    /// `placement`: `sequential` or `simultaneous`.
    pub placement: PlacementMode,
}

impl Default for FootballOptions {
    fn default() -> Self {
        FootballOptions {
            shot_rule: ShotRule::OpenPath,
            half_length: 45,
            placement: PlacementMode::Sequential,
        }
    }
}

impl GameOptions for FootballOptions {
    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "shot-rule",
                kind: OptionKind::Choice {
                    choices: SHOT_RULES.to_vec(),
                },
                default: "open-path".into(),
                help: "open-path: a shot needs a clear path; keeper: also no opponent able to reach its path",
            },
            OptionSpec {
                key: "half-length",
                kind: OptionKind::Integer {
                    min: 1,
                    max: i64::from(MAX_HALF_LENGTH),
                },
                default: "45".into(),
                help: "moves of each side in a half (placements not counted)",
            },
            OptionSpec {
                key: "placement",
                kind: OptionKind::Choice {
                    choices: PLACEMENTS.to_vec(),
                },
                default: "sequential".into(),
                help: "sequential: placements seen as made; simultaneous: the server hides the first side's",
            },
        ]
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "shot-rule" => {
                self.shot_rule =
                    [ShotRule::OpenPath, ShotRule::Keeper][parse::choice(key, value, &SHOT_RULES)?];
            }
            "half-length" => {
                self.half_length =
                    parse::integer(key, value, 1, i64::from(MAX_HALF_LENGTH))? as u16;
            }
            "placement" => {
                self.placement = [PlacementMode::Sequential, PlacementMode::Simultaneous]
                    [parse::choice(key, value, &PLACEMENTS)?];
            }
            _ => return Err(OptionError::unknown::<Self>(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "shot-rule" => Some(SHOT_RULES[self.shot_rule as usize].to_string()),
            "half-length" => Some(self.half_length.to_string()),
            "placement" => Some(PLACEMENTS[self.placement as usize].to_string()),
            _ => None,
        }
    }

    fn validate(&self) -> Result<(), OptionError> {
        if self.half_length == 0 || self.half_length > MAX_HALF_LENGTH {
            return Err(OptionError::Inconsistent(format!(
                "half-length must be between 1 and {MAX_HALF_LENGTH}"
            )));
        }
        Ok(())
    }

    fn hidden_placement(&self) -> bool {
        self.placement == PlacementMode::Simultaneous
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_through_pairs() {
        let o = FootballOptions::from_pairs([
            ("shot-rule", "keeper"),
            ("half-length", "10"),
            ("placement", "simultaneous"),
        ])
        .unwrap();
        assert_eq!(o.shot_rule, ShotRule::Keeper);
        assert_eq!(o.half_length, 10);
        assert_eq!(o.placement, PlacementMode::Simultaneous);
        let back =
            FootballOptions::from_pairs(o.to_pairs().iter().map(|(k, v)| (k.as_str(), v.as_str())))
                .unwrap();
        assert_eq!(back, o);
        assert!(FootballOptions::from_pairs([("half-length", "0")]).is_err());
        assert!(FootballOptions::from_pairs([("shot-rule", "wall")]).is_err());
        assert!(FootballOptions::from_pairs([("offside", "on")]).is_err());
        assert_eq!(FootballOptions::default().get("half-length").unwrap(), "45");
    }
}
