-- An incremental authorization keeps the total it answered, so the same increment delivered again under another
-- event id is answered as it was the first time, even after another increment or a partial reversal moved the
-- purchase's total since. Increments recorded before keep no total: their replays answer the total of now.
ALTER TABLE card_authorization_increments ADD COLUMN total NUMERIC(78, 0) CHECK (total > 0);
