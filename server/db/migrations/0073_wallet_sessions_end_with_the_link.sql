-- A session opened by signing in with a wallet ends when that wallet is unlinked. Unlinking a wallet the holder lost
-- (or one a thief controls) left every session it had signed in working until it expired: the thief stayed in. A
-- session now remembers the wallet that opened it (null for a password), and unlinking deletes the holder's sessions
-- opened by that wallet, but not the one doing the unlinking (it was confirmed with the password).
ALTER TABLE sessions ADD COLUMN wallet_address TEXT;
CREATE INDEX sessions_wallet ON sessions (user_id, wallet_address) WHERE wallet_address IS NOT NULL;
