-- The limit counters (migration 0028) add a movement on its local day in the account's time zone, and take it away
-- again (a purchase cleared, reversed or expired, a hold let go of) from the local day in the account's time zone at
-- that moment. A holder who changed their time zone in between had it taken from another day than it was added to:
-- a purchase of 80 made at 22:00 in São Paulo and reversed after the account moved to Tokyo left +80 on one day and
-- -80 on the next, a card limit of 100 then let a purchase of 150 through, and the ledger check found the drift.
-- Now a change of an account's time zone counts its days again in the same statement, in the new zone, from the rows
-- (as the ledger check does: server/ledger/ledger-check.ts), so every later change takes away from the day its amount
-- is counted on. Past movements count on their local day in the zone the account has now. What does not depend on
-- the day (account_pending_holds) is left as it is. The kinds are domain/activity-kinds.ts's, as in migration 0028.
CREATE FUNCTION recount_limit_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM account_limit_days WHERE account_id = NEW.id;
  INSERT INTO account_limit_days (account_id, day, amount)
  SELECT NEW.id, counted.day, sum(counted.amount) FROM (
    SELECT (j.created_at AT TIME ZONE NEW.time_zone)::date AS day, e.amount
    FROM journals j JOIN entries e ON e.journal_id = j.id AND e.side = 'debit'
    JOIN ledger_accounts la ON la.id = e.ledger_account_id AND la.account_id = j.account_id AND la.asset = 'USDC'
    WHERE j.account_id = NEW.id AND j.kind IN ('card_spend', 'pix_spend', 'crypto_withdrawal', 'bank_send')
    UNION ALL
    SELECT (h.created_at AT TIME ZONE NEW.time_zone)::date, h.amount
    FROM holds h
    WHERE h.account_id = NEW.id AND h.status = 'pending' AND h.asset = 'USDC'
      AND h.kind IN ('card_authorization', 'withdrawal')
  ) counted GROUP BY counted.day;

  DELETE FROM card_spend_days WHERE card_id IN (SELECT c.id FROM cards c WHERE c.account_id = NEW.id);
  INSERT INTO card_spend_days (card_id, day, amount)
  SELECT c.card_id, (c.created_at AT TIME ZONE NEW.time_zone)::date,
    sum(CASE WHEN c.status = 'cleared' THEN c.cleared_amount ELSE c.amount END)
  FROM card_authorizations c
  WHERE c.account_id = NEW.id AND c.status IN ('approved', 'cleared')
  GROUP BY 1, 2;
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_recount_limit_days AFTER UPDATE OF time_zone ON accounts FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION recount_limit_days();
