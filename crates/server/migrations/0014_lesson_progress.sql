-- Lessons (issue 25): the steps of each game's lesson a user has done,
-- one row per user and game, the done steps' ids as one 64-bit set (step
-- `i` is bit `i - 1`; ids 1 to 64, stored as a signed BIGINT).
CREATE TABLE IF NOT EXISTS lesson_progress (
    user_id TEXT NOT NULL,
    game TEXT NOT NULL,
    steps BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, game)
);
