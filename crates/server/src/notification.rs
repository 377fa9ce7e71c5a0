//! What a user is told outside a game's page (`GET /api/notifications`,
//! pushed on `GET /api/me/ws`): a challenge or a rematch offered to them,
//! one of them declined, their turn in a correspondence game, a game's end.

use crate::bus::EventBus;
use crate::game::meta::UserRecord;
use crate::ids::new_id;
use crate::store::{NotificationRow, Store};
use gamut_protocol::ids::{now_ms, GameId, UserId};
use gamut_protocol::notification::{Notification, NotificationKind};
use gamut_protocol::user::UserView;
use std::sync::Arc;

/// A new notification of `kind` about `game`, caused by `from`.
pub fn fresh(
    kind: NotificationKind,
    game: Option<&GameId>,
    from: Option<&UserView>,
) -> Notification {
    Notification {
        id: new_id(),
        kind,
        game: game.cloned(),
        from: from.cloned(),
        after: None,
        deadline: None,
        at: now_ms(),
        seen: false,
    }
}

/// The row storing `notification` for `user`.
pub fn row(notification: &Notification, user: &UserId) -> NotificationRow {
    NotificationRow {
        id: notification.id.clone(),
        user_id: user.to_string(),
        kind: notification.kind.as_str().to_owned(),
        game_id: notification.game.as_ref().map(GameId::to_string),
        from: notification.from.as_ref().map(UserView::to_row),
        after_game: notification.after.as_ref().map(GameId::to_string),
        deadline: notification.deadline,
        at: notification.at,
        seen: notification.seen,
    }
}

/// Tells `user` of `notification`: stored, then pushed to the user's
/// sockets.
pub async fn send(
    store: &Store,
    bus: &dyn EventBus,
    user: &UserId,
    notification: Notification,
) -> Result<(), sqlx::Error> {
    store.add_notification(&row(&notification, user)).await?;
    bus.publish_user(user, Arc::new(notification));
    Ok(())
}
