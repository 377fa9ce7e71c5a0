-- Sessions expire a lifetime after their last use. Existing sessions count
-- as last used when they were created.
ALTER TABLE sessions ADD COLUMN last_used_at BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET last_used_at = created_at;
CREATE INDEX IF NOT EXISTS sessions_last_used ON sessions (last_used_at);
