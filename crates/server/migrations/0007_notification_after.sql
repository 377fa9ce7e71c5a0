-- A rematch offer's notification names the finished game it follows (to
-- decline it from the notification).
ALTER TABLE notifications ADD COLUMN after_game TEXT;
