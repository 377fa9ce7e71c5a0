-- Arena tournaments (issue 14). A tournament's standings are computed
-- from its games' stored results, so nothing but these rows and the games
-- is needed to resume one after a restart.
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- The creator as the wire's user object (JSON), and their id.
    creator TEXT NOT NULL,
    creator_id TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock TEXT NOT NULL,
    speed TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    -- upcoming, running, finishing (over, games still being played),
    -- finished.
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments (status, starts_at);
CREATE INDEX IF NOT EXISTS tournaments_creator ON tournaments (creator_id, status);
-- Who plays in which tournament: `active` while taking part, `paused`
-- once withdrawn (they may come back); `pairings` counts the games they
-- were paired in, so that two pairings of one player cannot both be stored.
CREATE TABLE IF NOT EXISTS tournament_players (
    tournament_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    user_view TEXT NOT NULL,
    state TEXT NOT NULL,
    pairings BIGINT NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
-- The games of a tournament (stored just before the game itself, with the
-- two players, in the transaction that claims them).
CREATE TABLE IF NOT EXISTS tournament_games (
    game_id TEXT PRIMARY KEY,
    tournament_id TEXT NOT NULL,
    user0 TEXT NOT NULL,
    user1 TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS tournament_games_tournament ON tournament_games (tournament_id, created_at);
