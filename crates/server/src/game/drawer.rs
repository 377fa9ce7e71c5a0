//! Draw offers, as pure rules the game's task calls ([`crate::game::actor`]
//! stores what they decide): either player may offer a draw, one offer at a
//! time, and the computer accepts none; only the other player accepts or
//! declines it; a pending offer lapses with the next move, a takeback or
//! the end of the game ([`pending_after`]).

use crate::game::refusal::Refusal;
use crate::game::event::StoredEvent;
use gamut_core::{EndReason, Outcome, Player};

/// `side` offers a draw, `pending` being the side whose offer is pending:
/// the event to store.
pub fn offer(
    pending: Option<Player>,
    side: Player,
    against_computer: bool,
) -> Result<StoredEvent, Refusal> {
    if against_computer {
        return Err(Refusal::ComputerNoDraws);
    }
    if pending.is_some() {
        return Err(Refusal::DrawPending);
    }
    Ok(StoredEvent::DrawOffer { side })
}

/// `side` accepts the pending offer: the game ends drawn by agreement.
pub fn accept(pending: Option<Player>, side: Player) -> Result<Outcome, Refusal> {
    if pending != Some(side.other()) {
        return Err(Refusal::NoDrawToAccept);
    }
    Ok(Outcome::draw(EndReason::Agreement))
}

/// `side` declines the pending offer: the event to store.
pub fn decline(pending: Option<Player>, side: Player) -> Result<StoredEvent, Refusal> {
    if pending != Some(side.other()) {
        return Err(Refusal::NoDrawToDecline);
    }
    Ok(StoredEvent::DrawDeclined { side })
}

/// The side whose offer is pending after `event`, `pending` before it.
pub fn pending_after(pending: Option<Player>, event: &StoredEvent) -> Option<Player> {
    match event {
        StoredEvent::DrawOffer { side } => Some(*side),
        StoredEvent::DrawDeclined { .. }
        | StoredEvent::Move { .. }
        | StoredEvent::Takeback { .. }
        | StoredEvent::End { .. } => None,
        StoredEvent::Started { .. }
        | StoredEvent::TakebackRequest { .. }
        | StoredEvent::TakebackDeclined { .. }
        | StoredEvent::HiddenPlacement { .. }
        | StoredEvent::Placements { .. } => pending,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_core::Player::{First, Second};

    #[test]
    fn one_offer_at_a_time_and_never_to_the_computer() {
        assert_eq!(
            offer(None, First, false).unwrap(),
            StoredEvent::DrawOffer { side: First }
        );
        let pending = offer(Some(Second), First, false).unwrap_err();
        assert_eq!(pending, Refusal::DrawPending);
        let computer = offer(None, First, true).unwrap_err();
        assert_eq!(computer, Refusal::ComputerNoDraws);
    }

    #[test]
    fn only_the_other_side_answers_an_offer() {
        assert_eq!(
            accept(Some(First), Second).unwrap(),
            Outcome::draw(EndReason::Agreement)
        );
        assert_eq!(
            decline(Some(First), Second).unwrap(),
            StoredEvent::DrawDeclined { side: Second }
        );
        for pending in [Some(First), None] {
            let own = accept(pending, First).unwrap_err();
            assert_eq!(own, Refusal::NoDrawToAccept);
            let own = decline(pending, First).unwrap_err();
            assert_eq!(own, Refusal::NoDrawToDecline);
        }
    }

    #[test]
    fn an_offer_lapses_with_the_next_move() {
        let offered = pending_after(None, &StoredEvent::DrawOffer { side: Second });
        assert_eq!(offered, Some(Second));
        let request = StoredEvent::TakebackRequest { side: First };
        assert_eq!(pending_after(offered, &request), Some(Second));
        let moved = StoredEvent::Move {
            side: First,
            mv: "b1-b3".into(),
            clocks: None,
        };
        assert_eq!(pending_after(offered, &moved), None);
        let declined = StoredEvent::DrawDeclined { side: First };
        assert_eq!(pending_after(offered, &declined), None);
    }
}
