-- Game reviews (issue 15): the engine's review of a finished game,
-- computed once and shared by everyone (JSON: every position's
-- evaluation, each ply's loss and mark, each player's accuracy). Only
-- finished reviews are stored; one being computed lives in the memory of
-- the process computing it.
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT PRIMARY KEY,
    result TEXT NOT NULL,
    at BIGINT NOT NULL
);
