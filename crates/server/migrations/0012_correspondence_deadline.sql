-- Days-per-move correspondence (issue 14): when the time of a game's side
-- to act runs out (NULL when no clock runs), kept with the summary row for
-- the lists of games, and the deadline a your-turn notification tells.
ALTER TABLE games ADD COLUMN deadline BIGINT;
ALTER TABLE notifications ADD COLUMN deadline BIGINT;
