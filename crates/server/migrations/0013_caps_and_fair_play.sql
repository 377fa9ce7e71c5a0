-- Fair play and caps counted where every process sees them (issue 21).
-- The addresses each player sat down or played from, per game: a player's
-- other sessions from that address get no engine help about the game
-- while it is live, and per-address caps on games count these.
CREATE TABLE IF NOT EXISTS seat_addresses (
    game_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    address TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id, address)
);
CREATE INDEX IF NOT EXISTS seat_addresses_address ON seat_addresses (address, game_id);
CREATE INDEX IF NOT EXISTS seat_addresses_user ON seat_addresses (user_id, game_id);
-- A revoked bot keeps its row (revoked_at set, its token hash replaced),
-- so that bots made over time count against their owner's cap; the
-- address it was made from counts against that address's.
ALTER TABLE bots ADD COLUMN revoked_at BIGINT;
ALTER TABLE bots ADD COLUMN created_from TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS bots_created ON bots (created_at);
-- One row per cap: a transaction that checks a cap and inserts what it
-- counts first updates the cap's row, so that the transactions of every
-- process checking the same cap run one after the other (a row lock on
-- PostgreSQL, the write lock on SQLite).
CREATE TABLE IF NOT EXISTS cap_locks (
    cap TEXT PRIMARY KEY,
    taken BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS invitations_invitee ON invitations (invitee);
