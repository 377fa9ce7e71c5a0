-- Bot accounts (issue 15): a bot is a user (users.bot = 1) that plays
-- through an API token instead of a session. Its owner (a registered
-- user) made it; the token is stored as its SHA-256 (hex), never itself.
-- A revoked bot loses its row here (its token no longer signs it in) and
-- keeps its user, whose games and ratings stay as they were.
ALTER TABLE users ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS bots (
    user_id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS bots_owner ON bots (owner_id, created_at);
