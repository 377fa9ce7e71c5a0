-- Puzzles (issue 25). The puzzles themselves are data of the binary
-- (crates/puzzles/data); the database keeps what playing them changes.
-- A puzzle's Glicko-2 rating (a row once it has been tried rated; before
-- that, its first rating from the data).
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    puzzle_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays BIGINT NOT NULL
);
-- A person's puzzle rating and streak, one row per user and game.
CREATE TABLE IF NOT EXISTS puzzle_players (
    user_id TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays BIGINT NOT NULL,
    solved BIGINT NOT NULL,
    streak BIGINT NOT NULL,
    best_streak BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, game)
);
-- A person's first try at a puzzle (the rated one): at most one row per
-- user and puzzle, so at most as many rows per user as there are puzzles.
-- `solved` is 1 or 0.
CREATE TABLE IF NOT EXISTS puzzle_tries (
    user_id TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    game TEXT NOT NULL,
    solved BIGINT NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX IF NOT EXISTS puzzle_tries_by_game ON puzzle_tries (user_id, game);
