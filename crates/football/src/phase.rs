//! The phases of a match: team choice, placement, kick-off, play, over.

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// White, then Black, pick their three extra pieces.
    Pick,
    /// The sides place their six pieces, one per action: first the side
    /// that does not kick off, then the kicking side.
    Place,
    /// The kicking side's first action (a pass if one exists).
    KickOff,
    /// Ordinary play.
    Play,
    /// The second half has ended.
    Over,
}

impl Phase {
    /// Every phase, in match order.
    pub const ALL: [Phase; 5] = [
        Phase::Pick,
        Phase::Place,
        Phase::KickOff,
        Phase::Play,
        Phase::Over,
    ];

    /// The word used in position text (`pick`, `place`, `kickoff`, `play`,
    /// `over`).
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Pick => "pick",
            Phase::Place => "place",
            Phase::KickOff => "kickoff",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }

    /// The phase named by a word of position text.
    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }
}
