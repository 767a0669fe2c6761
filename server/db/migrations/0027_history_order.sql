-- History pages (server/history/history-sources.ts) read each source newest first, `(created_at, id)` below the
-- cursor, a page at a time: each needs an index in exactly that order per account, or every page sorts the
-- account's whole history. The card and withdrawal indexes gain `id` (same writes, one index each as before).
DROP INDEX card_authorizations_account;
CREATE INDEX card_authorizations_account ON card_authorizations (account_id, created_at DESC, id DESC);
DROP INDEX card_authorizations_card;
CREATE INDEX card_authorizations_card ON card_authorizations (card_id, created_at DESC, id DESC);
DROP INDEX withdrawals_account;
CREATE INDEX withdrawals_account ON withdrawals (account_id, created_at DESC, id DESC);
-- Only the journals history shows as themselves: card and withdrawal journals show through their own rows, so
-- a page never walks past a busy card's postings, and card postings (the hot path) do not write this index.
-- The predicate is word for word JOURNAL_SHOWN in history-sources.ts: the planner uses the index only while
-- the query implies it.
CREATE INDEX journals_history ON journals (account_id, created_at DESC, id DESC)
  WHERE NOT (kind IN ('card_spend', 'card_refund') AND reference IS NOT NULL) AND kind NOT IN ('crypto_withdrawal',
    'withdrawal_returned');
