//! Serde adaptors for the JSON the server sends, receives and stores
//! (`docs/api.md`): a side is `0` or `1` (a [`Player`]), and some values
//! travel as their text form ([`FromStr`] / [`Display`]: computer levels,
//! game names given by people).
//!
//! Use them with `#[serde(with = "crate::wire::side")]` and the like; every
//! `Option` adaptor needs `#[serde(default)]` too, so that a missing field
//! reads as `None` as it does without an adaptor.

use gamut_core::Player;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};
use std::fmt::Display;
use std::str::FromStr;

/// The side with number `n` (`0`: first, `1`: second).
fn player(n: u64) -> Result<Player, String> {
    match n {
        0 => Ok(Player::First),
        1 => Ok(Player::Second),
        _ => Err(format!("side {n} is not 0 or 1")),
    }
}

/// A [`Player`] as `0` (first) or `1` (second).
pub mod side {
    use super::*;

    /// Writes `0` or `1`.
    pub fn serialize<S: Serializer>(p: &Player, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(p.index() as u64)
    }

    /// Reads `0` or `1`; anything else is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        player(u64::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// An optional [`Player`]: `0`, `1` or `null`.
pub mod option_side {
    use super::*;

    /// Writes `0`, `1` or `null`.
    pub fn serialize<S: Serializer>(p: &Option<Player>, s: S) -> Result<S::Ok, S::Error> {
        match p {
            Some(p) => s.serialize_some(&(p.index() as u64)),
            None => s.serialize_none(),
        }
    }

    /// Reads `0`, `1` or `null`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Player>, D::Error> {
        Option::<u64>::deserialize(d)?
            .map(player)
            .transpose()
            .map_err(D::Error::custom)
    }
}

/// A value as its text: written with [`Display`], read with [`FromStr`]
/// (whose error becomes the deserialisation error).
pub mod text {
    use super::*;

    /// Writes the value's text.
    pub fn serialize<T: Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    /// Reads a string and parses it.
    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// An optional value as its text (see [`text`]), or `null`.
pub mod option_text {
    use super::*;

    /// Writes the value's text, or `null`.
    pub fn serialize<T: Display, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.serialize_some(&v.to_string()),
            None => s.serialize_none(),
        }
    }

    /// Reads `null` or a string and parses it.
    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Option::<String>::deserialize(d)?
            .map(|text| text.parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// A list of values as their texts (see [`text`]).
pub mod texts {
    use super::*;
    use serde::ser::SerializeSeq;

    /// Writes each value's text.
    pub fn serialize<T: Display, S: Serializer>(v: &[T], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(v.len()))?;
        for item in v {
            seq.serialize_element(&item.to_string())?;
        }
        seq.end()
    }

    /// Reads a list of strings and parses each.
    pub fn deserialize<'de, T, D>(d: D) -> Result<Vec<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Vec::<String>::deserialize(d)?
            .into_iter()
            .map(|text| text.parse().map_err(D::Error::custom))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Sides {
        #[serde(with = "side")]
        side: Player,
        #[serde(default, with = "option_side")]
        maybe: Option<Player>,
    }

    #[test]
    fn sides_are_zero_and_one() {
        let both = Sides {
            side: Player::Second,
            maybe: Some(Player::First),
        };
        let text = serde_json::to_string(&both).unwrap();
        assert_eq!(text, r#"{"side":1,"maybe":0}"#);
        assert_eq!(serde_json::from_str::<Sides>(&text).unwrap(), both);
        let none: Sides = serde_json::from_str(r#"{"side":0}"#).unwrap();
        assert_eq!(none.maybe, None);
        let null: Sides = serde_json::from_str(r#"{"side":0,"maybe":null}"#).unwrap();
        assert_eq!(null.maybe, None);
        let e = serde_json::from_str::<Sides>(r#"{"side":2}"#).unwrap_err();
        assert!(e.to_string().contains("side 2 is not 0 or 1"), "{e}");
        for bad in [
            r#"{"side":-1}"#,
            r#"{"side":"0"}"#,
            r#"{"side":0,"maybe":7}"#,
        ] {
            assert!(serde_json::from_str::<Sides>(bad).is_err(), "{bad}");
        }
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Texts {
        #[serde(with = "text")]
        level: gamut_ai::Level,
        #[serde(with = "texts")]
        levels: Vec<gamut_ai::Level>,
    }

    #[test]
    fn texts_round_trip_and_say_what_is_wrong() {
        let t = Texts {
            level: gamut_ai::Level::Easy,
            levels: vec![gamut_ai::Level::Max],
        };
        let text = serde_json::to_string(&t).unwrap();
        assert_eq!(text, r#"{"level":"easy","levels":["max"]}"#);
        assert_eq!(serde_json::from_str::<Texts>(&text).unwrap(), t);
        let e = serde_json::from_str::<Texts>(r#"{"level":"godlike","levels":[]}"#).unwrap_err();
        assert!(e.to_string().contains("unknown level 'godlike'"), "{e}");
    }
}
