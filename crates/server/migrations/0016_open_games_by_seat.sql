-- The caps count a person's open games on every creation and join
-- (store/caps.rs): by seat and status, so that the count reads only that
-- person's open games, not every open game nor every game they played.
CREATE INDEX IF NOT EXISTS games_user0_status ON games (user0, status);
CREATE INDEX IF NOT EXISTS games_user1_status ON games (user1, status);
