-- One row per game: its state as of `version` (the text is the server's
-- snapshot format, game/snapshot.rs), written in the same transaction as
-- each event, so a game loads from it plus the events after it instead of
-- replaying them all. Games stored before this have none until they are
-- next loaded or changed (they replay).
CREATE TABLE IF NOT EXISTS game_snapshots (
    game_id TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    state TEXT NOT NULL
);
-- The server processes sharing the database, each with the last time it
-- said it was alive: the live ones share out the games' clocks and
-- computer moves (a process that stops saying so loses its share).
CREATE TABLE IF NOT EXISTS server_processes (
    id TEXT PRIMARY KEY,
    seen_at BIGINT NOT NULL
);
