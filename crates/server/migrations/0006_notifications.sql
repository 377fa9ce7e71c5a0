-- Notifications to a user (a challenge, a rematch offer, their turn in a
-- correspondence game, a game's end, an answer declined), the last hundred
-- kept per user; the challenges sent to one named player; and the
-- rematch offered after a game (the waiting game it would start).
CREATE TABLE IF NOT EXISTS notifications (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    game_id TEXT,
    from_user TEXT,
    at BIGINT NOT NULL,
    seen INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, at);
CREATE TABLE IF NOT EXISTS invitations (
    game_id TEXT PRIMARY KEY,
    invitee TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rematches (
    game_id TEXT PRIMARY KEY,
    new_game TEXT NOT NULL,
    by_user TEXT NOT NULL
);
