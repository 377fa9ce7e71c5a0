-- Chat: the messages of each room (the lobby, a game's players, a game's
-- spectators), the last few hundred kept per room, and each user's mutes
-- (whose messages that user no longer receives).
CREATE TABLE IF NOT EXISTS chat_messages (
    id TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    user_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_messages_room ON chat_messages (room, at);
CREATE TABLE IF NOT EXISTS chat_mutes (
    user_id TEXT NOT NULL,
    muted_id TEXT NOT NULL,
    PRIMARY KEY (user_id, muted_id)
);
