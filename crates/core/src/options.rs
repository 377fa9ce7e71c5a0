//! Game options: chosen when a game is created, validated, serialisable as
//! `key=value` pairs (command line, engine protocol, game records) and
//! described for user interfaces.

use crate::OptionError;
use serde::Serialize;
use std::fmt::Debug;

/// What kind of value an option takes, for user interfaces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum OptionKind {
    /// One of a fixed set of words.
    Choice {
        /// The allowed values.
        choices: Vec<&'static str>,
    },
    /// An integer in a range (inclusive).
    Integer {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// `on` or `off`.
    Flag,
    /// Free text (a custom board or position); a command line may give a
    /// file name instead, whose contents are used.
    Text,
}

/// The description of one option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// The name used in `key=value`.
    pub key: &'static str,
    /// What values it takes.
    pub kind: OptionKind,
    /// The default value, as text.
    pub default: String,
    /// One line for players.
    pub help: &'static str,
}

/// The options of one game. `Default` gives the rules file's defaults.
pub trait GameOptions: Clone + Debug + Default + PartialEq + Send + Sync + 'static {
    /// Every option this game has, in a stable order.
    fn specs() -> Vec<OptionSpec>;

    /// Set one option from its text form.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The value of one option as text (the form `set` accepts).
    fn get(&self, key: &str) -> Option<String>;

    /// Check that the options fit together (called after all `set`s).
    fn validate(&self) -> Result<(), OptionError> {
        Ok(())
    }

    /// A position that occurs this many times is a draw (`None`: no
    /// repetition rule).
    fn repetition_limit(&self) -> Option<u32> {
        None
    }

    /// Whether the two sides of a placement phase place at once, each
    /// unseen by the other until both are done (Chess Football's
    /// `placement=simultaneous`). The engine still plays the placements in
    /// sequence ([`Game::placing`](crate::Game::placing)); a server hides
    /// them. Default: no.
    fn hidden_placement(&self) -> bool {
        false
    }

    /// The game is drawn after this many plies (`None`: no limit).
    fn move_limit(&self) -> Option<u32> {
        None
    }

    /// Build options from `key=value` pairs over the defaults, validated.
    fn from_pairs<'a, I>(pairs: I) -> Result<Self, OptionError>
    where
        I: IntoIterator<Item = (&'a str, &'a str)>,
    {
        let mut o = Self::default();
        for (k, v) in pairs {
            o.set(k.trim(), v.trim())?;
        }
        o.validate()?;
        Ok(o)
    }

    /// Every option as `(key, value)`, in `specs` order.
    fn to_pairs(&self) -> Vec<(String, String)> {
        Self::specs()
            .iter()
            .filter_map(|s| self.get(s.key).map(|v| (s.key.to_string(), v)))
            .collect()
    }

    /// Only the options that differ from the default, as `(key, value)`.
    fn non_default_pairs(&self) -> Vec<(String, String)> {
        let d = Self::default();
        self.to_pairs()
            .into_iter()
            .filter(|(k, v)| d.get(k).as_deref() != Some(v.as_str()))
            .collect()
    }
}

impl OptionError {
    /// The error for an option name `O` does not know.
    pub fn unknown<O: GameOptions>(key: &str) -> OptionError {
        OptionError::Unknown {
            key: key.to_string(),
            known: O::specs()
                .iter()
                .map(|s| s.key)
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// The error for a bad value.
    pub fn bad_value(key: &str, value: &str, why: impl Into<String>) -> OptionError {
        OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            why: why.into(),
        }
    }
}

/// Parse helpers shared by every game's options.
pub mod parse {
    use crate::OptionError;

    /// Parse `on/off/true/false/yes/no/1/0`.
    pub fn flag(key: &str, value: &str) -> Result<bool, OptionError> {
        match value.to_ascii_lowercase().as_str() {
            "on" | "true" | "yes" | "1" => Ok(true),
            "off" | "false" | "no" | "0" => Ok(false),
            _ => Err(OptionError::bad_value(key, value, "expected on or off")),
        }
    }

    /// Text form of a flag.
    pub fn flag_text(v: bool) -> String {
        if v { "on" } else { "off" }.to_string()
    }

    /// Parse an integer in `min..=max`.
    pub fn integer(key: &str, value: &str, min: i64, max: i64) -> Result<i64, OptionError> {
        let n: i64 = value
            .parse()
            .map_err(|_| OptionError::bad_value(key, value, "expected an integer"))?;
        if n < min || n > max {
            return Err(OptionError::bad_value(
                key,
                value,
                format!("must be between {min} and {max}"),
            ));
        }
        Ok(n)
    }

    /// Parse one of `choices` (returns its index).
    pub fn choice(key: &str, value: &str, choices: &[&str]) -> Result<usize, OptionError> {
        choices.iter().position(|c| *c == value).ok_or_else(|| {
            OptionError::bad_value(
                key,
                value,
                format!("expected one of {}", choices.join(", ")),
            )
        })
    }
}
