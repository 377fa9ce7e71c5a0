-- Every rating a user has had, one row per rated game (written with the
-- rating, in the game's last commit), for the profile's graph.
CREATE TABLE IF NOT EXISTS rating_history (
    user_id TEXT NOT NULL,
    game TEXT NOT NULL,
    speed TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_history_user ON rating_history (user_id, game, speed, at);
-- A game's side to move (0/1; NULL when not live, in a hidden placement,
-- or not yet known) and the time of its last move, kept with the summary
-- row for the lists of games.
ALTER TABLE games ADD COLUMN to_move BIGINT;
ALTER TABLE games ADD COLUMN moved_at BIGINT;
