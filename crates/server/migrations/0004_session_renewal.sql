-- A session renewed under a new token (a guest who signs up: the same
-- user, now registered, goes on under a new token) remembers the token it
-- replaced, so that a socket opened with the old one follows the session.
-- The old token itself signs nobody in any more.
ALTER TABLE sessions ADD COLUMN renewed_from TEXT;
CREATE INDEX IF NOT EXISTS sessions_renewed_from ON sessions (renewed_from);
