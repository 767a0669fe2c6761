-- A change of an account's time zone counts its limit days again (migration 0061), but a movement already under way
-- in another transaction (a reversal, a clearing, an expiry: none of them locks the account's row) had read the old
-- zone: on PostgreSQL, once both committed, it had taken its amount off the old zone's day after the recount had
-- moved it to the new zone's, and the day drifted again. Now every counting trigger takes a shared lock on the
-- account's limit days (an advisory lock: movements never wait on each other for it) before it reads the zone, and
-- the recount takes it exclusively: a movement under way finishes first and is recounted, and one that comes after
-- waits for the new zone and counts in it. The functions are migration 0028's, with their settings of 0052.
CREATE FUNCTION lock_limit_days(account_id UUID, exclusive BOOLEAN) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF exclusive THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('cash.limit_days:' || account_id::text, 0));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('cash.limit_days:' || account_id::text, 0));
  END IF;
END $$;

CREATE OR REPLACE FUNCTION count_new_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_limit_days(a.id, false) FROM (SELECT DISTINCT j.account_id AS id FROM new_entries n
    JOIN journals j ON j.id = n.journal_id WHERE j.account_id IS NOT NULL) a;
  INSERT INTO account_limit_days (account_id, day, amount)
  SELECT j.account_id, (j.created_at AT TIME ZONE a.time_zone)::date, sum(n.amount)
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
  SELECT h.account_id, (h.created_at AT TIME ZONE a.time_zone)::date, sum(h.amount)
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
    SELECT h.account_id, (h.created_at AT TIME ZONE a.time_zone)::date, sign * h.amount FROM accounts a
      WHERE a.id = h.account_id
    ON CONFLICT (account_id, day) DO UPDATE SET amount = account_limit_days.amount + EXCLUDED.amount;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION count_new_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_limit_days(c.account_id, false) FROM (SELECT DISTINCT account_id FROM new_authorizations) c;
  INSERT INTO card_spend_days (card_id, day, amount)
  SELECT c.card_id, (c.created_at AT TIME ZONE a.time_zone)::date, sum(CASE WHEN c.status = 'cleared'
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
  SELECT c.card_id, (c.created_at AT TIME ZONE a.time_zone)::date, sign * (CASE WHEN c.status = 'cleared'
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

-- The recount waits for every movement of the account under way, and holds later ones until it commits.
CREATE OR REPLACE FUNCTION recount_limit_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_limit_days(NEW.id, true);
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
