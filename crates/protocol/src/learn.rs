//! Lessons (issue 25): the progress a signed-in user has made through
//! each game's lesson steps (`GET /api/learn/progress`, `PUT
//! /api/learn/progress/{game}`). The lessons themselves are data of the
//! web client (`web/learn/<game>.json`); the server keeps only which steps
//! a user has done, as step ids from 1 to [`MAX_STEP`].

use gamut_games::GameKind;
use serde::{Deserialize, Serialize};

/// The largest lesson step id (a game's lesson has at most this many
/// steps; the server keeps a game's done steps as one 64-bit set).
pub const MAX_STEP: u32 = 64;

/// `PUT /api/learn/progress/{game}`: the ids of the steps of that game's
/// lesson the user has done (replacing those stored; each from 1 to
/// [`MAX_STEP`], at most [`MAX_STEP`] of them, in any order).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonSteps {
    /// The done steps' ids.
    pub steps: Vec<u32>,
}

/// One game's lesson progress: its done steps' ids, in increasing order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    /// Which game.
    #[serde(with = "crate::wire::text")]
    pub game: GameKind,
    /// The done steps' ids, in increasing order.
    pub steps: Vec<u32>,
}

/// `GET /api/learn/progress`: the user's progress in every game of the
/// catalogue, in catalogue order (a game not started: no steps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnProgressView {
    /// One entry per game.
    pub games: Vec<LessonProgress>,
}

/// The set of step ids `steps` as bits (step `i` is bit `i - 1`), or the
/// first id out of `1..=MAX_STEP`.
pub fn steps_to_bits(steps: &[u32]) -> Result<u64, u32> {
    steps.iter().try_fold(0_u64, |bits, &id| {
        if (1..=MAX_STEP).contains(&id) {
            Ok(bits | 1_u64 << (id - 1))
        } else {
            Err(id)
        }
    })
}

/// The step ids of the set `bits`, in increasing order.
pub fn bits_to_steps(bits: u64) -> Vec<u32> {
    (1..=MAX_STEP)
        .filter(|id| bits & (1_u64 << (id - 1)) != 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_and_bits_round_trip() {
        assert_eq!(steps_to_bits(&[]), Ok(0));
        assert_eq!(steps_to_bits(&[1, 3, 3, 64]), Ok(1 | 4 | 1 << 63));
        assert_eq!(bits_to_steps(1 | 4 | 1 << 63), vec![1, 3, 64]);
        assert_eq!(steps_to_bits(&[2, 0]), Err(0));
        assert_eq!(steps_to_bits(&[65]), Err(65));
    }
}
