//! Which computer player to use: the engine kind, its level and threads,
//! with a text form (`hard`, `mcts`, `max@2`) for command lines, and how
//! many lines an analysis wants (multi-PV).

use crate::Level;
use std::fmt;
use std::str::FromStr;

/// The search algorithm of a computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Iterative-deepening alpha-beta with the game's evaluation.
    AlphaBeta,
    /// Monte-Carlo tree search with a solver.
    Mcts,
    /// Uniformly random legal moves.
    Random,
}

/// A computer player: engine kind, level (budget and deliberate
/// weaknesses) and search threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EngineSpec {
    /// The difficulty level (caps the budget, adds weaknesses).
    pub level: Level,
    /// The algorithm.
    pub kind: EngineKind,
    /// Search threads (lazy SMP for alpha-beta, capped by the level; MCTS
    /// runs on one thread). At least 1.
    pub threads: usize,
    /// The seed of the player's chance (evaluation noise, deliberate
    /// blunders, random moves), mixed with the position's hash: a seeded
    /// player on one thread plays the same move in the same position every
    /// time. `None`: fresh chance at every move.
    pub seed: Option<u64>,
    /// Lines to search (multi-PV, for analysis): the best root move's
    /// line, then the best line of each other root move in turn, at most
    /// as many as there are legal moves. At least 1 (one line: the
    /// ordinary search). Only alpha-beta gives more than one; it is not
    /// part of the text form.
    pub lines: usize,
    /// Scores that say what a position is worth, for analysis and game
    /// review: a draw scores 0, without the level's contempt (which makes
    /// `max` as a player count a draw slightly against itself). Not part
    /// of the text form.
    pub objective: bool,
}

impl EngineSpec {
    /// The standard player of a level on one thread (`random` plays
    /// random moves, the others use alpha-beta).
    pub fn level(level: Level) -> EngineSpec {
        let kind = if level == Level::Random {
            EngineKind::Random
        } else {
            EngineKind::AlphaBeta
        };
        EngineSpec {
            level,
            kind,
            threads: 1,
            seed: None,
            lines: 1,
            objective: false,
        }
    }

    /// The MCTS engine at full strength on one thread.
    pub fn mcts() -> EngineSpec {
        EngineSpec {
            level: Level::Max,
            kind: EngineKind::Mcts,
            threads: 1,
            seed: None,
            lines: 1,
            objective: false,
        }
    }

    /// The same player with `threads` search threads.
    pub fn with_threads(self, threads: usize) -> EngineSpec {
        EngineSpec {
            threads: threads.max(1),
            ..self
        }
    }

    /// The same player searching `lines` lines (see [`EngineSpec::lines`]).
    pub fn with_lines(self, lines: usize) -> EngineSpec {
        EngineSpec {
            lines: lines.max(1),
            ..self
        }
    }

    /// The same player scoring objectively (see [`EngineSpec::objective`]).
    pub fn objective(self) -> EngineSpec {
        EngineSpec {
            objective: true,
            ..self
        }
    }

    /// The same player with its chance seeded (see [`EngineSpec::seed`]).
    pub fn with_seed(self, seed: u64) -> EngineSpec {
        EngineSpec {
            seed: Some(seed),
            ..self
        }
    }
}

impl Default for EngineSpec {
    /// `medium` on one thread.
    fn default() -> Self {
        EngineSpec::level(Level::Medium)
    }
}

impl fmt::Display for EngineSpec {
    /// `random`, `easy`, `medium`, `hard`, `expert`, `max`, `mcts`,
    /// `mcts-easy`;
    /// `@N` is appended for N > 1 threads (`max@2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            EngineKind::Random => f.write_str("random")?,
            EngineKind::AlphaBeta => f.write_str(self.level.name())?,
            EngineKind::Mcts if self.level == Level::Max => f.write_str("mcts")?,
            EngineKind::Mcts => write!(f, "mcts-{}", self.level)?,
        }
        if self.threads > 1 {
            write!(f, "@{}", self.threads)?;
        }
        Ok(())
    }
}

impl FromStr for EngineSpec {
    type Err = String;

    /// Reads the forms [`EngineSpec`]'s `Display` writes.
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let (name, threads) = match s.split_once('@') {
            Some((name, t)) => match t.parse::<usize>() {
                Ok(n @ 1..=256) => (name, n),
                _ => return Err(format!("bad thread count in engine '{s}' (1 to 256)")),
            },
            None => (s, 1),
        };
        let spec = match name {
            "mcts" => EngineSpec::mcts(),
            _ => match name.strip_prefix("mcts-") {
                Some(level) => EngineSpec {
                    level: level
                        .parse()
                        .map_err(|e: String| format!("engine '{s}': {e}"))?,
                    kind: EngineKind::Mcts,
                    threads: 1,
                    seed: None,
                    lines: 1,
                    objective: false,
                },
                None => EngineSpec::level(name.parse().map_err(|_| {
                    format!(
                        "unknown engine '{s}' (random, easy, medium, hard, expert, max, mcts; \
                         optional @threads, e.g. max@2)"
                    )
                })?),
            },
        };
        Ok(spec.with_threads(threads))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for text in [
            "random",
            "easy",
            "medium",
            "hard",
            "expert",
            "max",
            "mcts",
            "mcts-easy",
            "max@2",
            "mcts@3",
        ] {
            let spec: EngineSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        let s: EngineSpec = "hard".parse().unwrap();
        assert_eq!(
            s,
            EngineSpec {
                level: Level::Hard,
                kind: EngineKind::AlphaBeta,
                threads: 1,
                seed: None,
                lines: 1,
                objective: false,
            }
        );
        assert_eq!("mcts".parse::<EngineSpec>().unwrap().kind, EngineKind::Mcts);
        assert_eq!(
            "random".parse::<EngineSpec>().unwrap().kind,
            EngineKind::Random
        );
    }

    #[test]
    fn bad_names_are_errors() {
        for text in ["", "hardest", "max@0", "max@x", "mcts-ultra", "@2"] {
            assert!(text.parse::<EngineSpec>().is_err(), "{text}");
        }
    }
}
