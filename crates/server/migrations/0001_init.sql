-- The schema shared by SQLite and PostgreSQL (portable types only:
-- TEXT, BIGINT, DOUBLE PRECISION; booleans are 0/1; times are epoch ms).
CREATE TABLE IF NOT EXISTS users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    guest BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    start_text TEXT,
    clock TEXT NOT NULL,
    speed TEXT NOT NULL,
    rated BIGINT NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    seat0 TEXT,
    seat1 TEXT,
    user0 TEXT,
    user1 TEXT,
    creator TEXT NOT NULL,
    version BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    result TEXT,
    created_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX IF NOT EXISTS games_status ON games (status, created_at);
CREATE INDEX IF NOT EXISTS games_user0 ON games (user0, created_at);
CREATE INDEX IF NOT EXISTS games_user1 ON games (user1, created_at);
CREATE TABLE IF NOT EXISTS game_events (
    game_id TEXT NOT NULL,
    version BIGINT NOT NULL,
    at BIGINT NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
CREATE TABLE IF NOT EXISTS ratings (
    user_id TEXT NOT NULL,
    game TEXT NOT NULL,
    speed TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (user_id, game, speed)
);
