-- A change of time zone started a new day for the limits. Since migration 0061 a change counts every movement on its
-- local day in the new zone, so what was spent today in the old zone counted on yesterday in a zone where midnight
-- had just passed: a holder who paid the day's limit at 10:55 in São Paulo, moved to Brisbane (00:01 on the next
-- day) and paid it again, and again an hour later one zone west, had a new daily limit every hour; the PIX top-up's
-- daily R$ 50.000 (counted from the local midnight) the same. Now the day a change is made on carries over: what it
-- counted in the old zone when the zone changed counts on the new zone's day at that moment, until that day ends
-- there. A change never shortens a day (it may lengthen one, to the end of the new zone's day).
--
-- The account keeps the carry: movements made from `limit_day_carried_from` (when the old zone's day began) until
-- `time_zone_changed_at` count on `limit_day_carried_to`, everything else on its local day in the account's zone
-- (`limit_day`, which every counter, the recount of 0061 and the ledger check now use). A second change on the same
-- day carries the whole day again, from where it began. The writer of a change says when it was made
-- (`time_zone_changed_at`, the business clock); a change that does not is dated by the database's clock.
ALTER TABLE accounts ADD COLUMN time_zone_changed_at TIMESTAMPTZ;
ALTER TABLE accounts ADD COLUMN limit_day_carried_from TIMESTAMPTZ;
ALTER TABLE accounts ADD COLUMN limit_day_carried_to DATE;

-- The day a movement made at `at` counts on, for the account's limits.
CREATE FUNCTION limit_day(a accounts, at TIMESTAMPTZ) RETURNS DATE LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN at >= a.limit_day_carried_from AND at < a.time_zone_changed_at THEN a.limit_day_carried_to
    ELSE (at AT TIME ZONE a.time_zone)::date END
$$;

-- Before the change is written: the old zone's day at the moment of the change, from where it began, is carried to
-- the new zone's day at that moment.
CREATE FUNCTION carry_limit_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TIMESTAMPTZ;
  today DATE;
BEGIN
  IF NEW.time_zone_changed_at IS NOT DISTINCT FROM OLD.time_zone_changed_at THEN
    NEW.time_zone_changed_at := now();
  END IF;
  changed := NEW.time_zone_changed_at;
  today := limit_day(OLD, changed);
  -- Today began at its local midnight in the old zone, or earlier if an earlier change carried a day to it.
  NEW.limit_day_carried_from := LEAST(today::timestamp AT TIME ZONE OLD.time_zone,
    CASE WHEN OLD.limit_day_carried_to >= today THEN OLD.limit_day_carried_from END);
  NEW.limit_day_carried_to := (changed AT TIME ZONE NEW.time_zone)::date;
  RETURN NEW;
END $$;
CREATE TRIGGER accounts_carry_limit_day BEFORE UPDATE OF time_zone ON accounts FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION carry_limit_day();

-- Migration 0062's counters and recount, each day now `limit_day`.
CREATE OR REPLACE FUNCTION count_new_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_limit_days(a.id, false) FROM (SELECT DISTINCT j.account_id AS id FROM new_entries n
    JOIN journals j ON j.id = n.journal_id WHERE j.account_id IS NOT NULL) a;
  INSERT INTO account_limit_days (account_id, day, amount)
  SELECT j.account_id, limit_day(a, j.created_at), sum(n.amount)
  FROM new_entries n
  JOIN journals j ON j.id = n.journal_id
  JOIN ledger_accounts la ON la.id = n.ledger_account_id AND la.account_id = j.account_id AND la.asset = 'USDC'
  JOIN accounts a ON a.id = j.account_id
  WHERE n.side = 'debit' AND j.kind IN ('card_spend', 'pix_spend', 'crypto_withdrawal', 'bank_send')
  GROUP BY 1, 2
  ON CONFLICT (account_id, day) DO UPDATE SET amount = account_limit_days.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_new_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_limit_days(h.account_id, false) FROM (SELECT DISTINCT account_id FROM new_holds
    WHERE account_id IS NOT NULL) h;
  INSERT INTO account_pending_holds (account_id, kind, amount)
  SELECT account_id, kind, sum(amount) FROM new_holds
  WHERE status = 'pending' AND asset = 'USDC' AND account_id IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (account_id, kind) DO UPDATE SET amount = account_pending_holds.amount + EXCLUDED.amount;
  INSERT INTO account_limit_days (account_id, day, amount)
  SELECT h.account_id, limit_day(a, h.created_at), sum(h.amount)
  FROM new_holds h JOIN accounts a ON a.id = h.account_id
  WHERE h.status = 'pending' AND h.asset = 'USDC' AND h.kind IN ('card_authorization', 'withdrawal') GROUP BY 1, 2
  ON CONFLICT (account_id, day) DO UPDATE SET amount = account_limit_days.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_hold(h holds, sign INTEGER) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF h.status <> 'pending' OR h.asset <> 'USDC' OR h.account_id IS NULL THEN RETURN; END IF;
  PERFORM lock_limit_days(h.account_id, false);
  INSERT INTO account_pending_holds (account_id, kind, amount) VALUES (h.account_id, h.kind, sign * h.amount)
  ON CONFLICT (account_id, kind) DO UPDATE SET amount = account_pending_holds.amount + EXCLUDED.amount;
  IF h.kind IN ('card_authorization', 'withdrawal') THEN
    INSERT INTO account_limit_days (account_id, day, amount)
    SELECT h.account_id, limit_day(a, h.created_at), sign * h.amount FROM accounts a
      WHERE a.id = h.account_id
    ON CONFLICT (account_id, day) DO UPDATE SET amount = account_limit_days.amount + EXCLUDED.amount;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION count_new_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_limit_days(c.account_id, false) FROM (SELECT DISTINCT account_id FROM new_authorizations) c;
  INSERT INTO card_spend_days (card_id, day, amount)
  SELECT c.card_id, limit_day(a, c.created_at), sum(CASE WHEN c.status = 'cleared'
    THEN c.cleared_amount ELSE c.amount END)
  FROM new_authorizations c JOIN accounts a ON a.id = c.account_id
  WHERE c.status IN ('approved', 'cleared') GROUP BY 1, 2
  ON CONFLICT (card_id, day) DO UPDATE SET amount = card_spend_days.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION count_purchase(c card_authorizations, sign INTEGER) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c.status NOT IN ('approved', 'cleared') THEN RETURN; END IF;
  PERFORM lock_limit_days(c.account_id, false);
  INSERT INTO card_spend_days (card_id, day, amount)
  SELECT c.card_id, limit_day(a, c.created_at), sign * (CASE WHEN c.status = 'cleared'
    THEN c.cleared_amount ELSE c.amount END)
  FROM accounts a WHERE a.id = c.account_id
  ON CONFLICT (card_id, day) DO UPDATE SET amount = card_spend_days.amount + EXCLUDED.amount;
END $$;

-- Replacing a function resets its settings: migration 0052's, again.
ALTER FUNCTION count_new_holds SET enable_hashjoin = off;
ALTER FUNCTION count_new_holds SET enable_mergejoin = off;
ALTER FUNCTION count_new_holds SET enable_hashagg = off;
ALTER FUNCTION count_new_holds SET enable_seqscan = off;
ALTER FUNCTION count_new_purchases SET enable_hashjoin = off;
ALTER FUNCTION count_new_purchases SET enable_mergejoin = off;
ALTER FUNCTION count_new_purchases SET enable_hashagg = off;
ALTER FUNCTION count_new_purchases SET enable_seqscan = off;
ALTER FUNCTION count_new_entries SET enable_hashjoin = off;
ALTER FUNCTION count_new_entries SET enable_mergejoin = off;
ALTER FUNCTION count_new_entries SET enable_hashagg = off;
ALTER FUNCTION count_new_entries SET enable_seqscan = off;

CREATE OR REPLACE FUNCTION recount_limit_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_limit_days(NEW.id, true);
  DELETE FROM account_limit_days WHERE account_id = NEW.id;
  INSERT INTO account_limit_days (account_id, day, amount)
  SELECT NEW.id, counted.day, sum(counted.amount) FROM (
    SELECT limit_day(NEW, j.created_at) AS day, e.amount
    FROM journals j JOIN entries e ON e.journal_id = j.id AND e.side = 'debit'
    JOIN ledger_accounts la ON la.id = e.ledger_account_id AND la.account_id = j.account_id AND la.asset = 'USDC'
    WHERE j.account_id = NEW.id AND j.kind IN ('card_spend', 'pix_spend', 'crypto_withdrawal', 'bank_send')
    UNION ALL
    SELECT limit_day(NEW, h.created_at), h.amount
    FROM holds h
    WHERE h.account_id = NEW.id AND h.status = 'pending' AND h.asset = 'USDC'
      AND h.kind IN ('card_authorization', 'withdrawal')
  ) counted GROUP BY counted.day;

  DELETE FROM card_spend_days WHERE card_id IN (SELECT c.id FROM cards c WHERE c.account_id = NEW.id);
  INSERT INTO card_spend_days (card_id, day, amount)
  SELECT c.card_id, limit_day(NEW, c.created_at),
    sum(CASE WHEN c.status = 'cleared' THEN c.cleared_amount ELSE c.amount END)
  FROM card_authorizations c
  WHERE c.account_id = NEW.id AND c.status IN ('approved', 'cleared')
  GROUP BY 1, 2;
  RETURN NULL;
END $$;
