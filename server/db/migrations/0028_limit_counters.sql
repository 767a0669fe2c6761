-- Running totals of what counts against the spending limits, so a card decision reads a few rows instead of
-- re-summing the month's movements (linear in history). The database keeps them itself, with triggers on the rows
-- they total, so every writer (services, bulk seeds, admin fixes) keeps them true in the same
-- transaction. A movement counts on the local day it was made, in the account's time zone at that moment
-- (docs/architecture-notes.md, "Spendable"). The kinds below are domain/activity-kinds.ts's; the ledger check
-- recomputes every total from the rows (server/ledger/ledger-check.ts), so a drift between the two shows up there.

-- USDC counted against the account's daily and monthly limits, by local day: debits of the holder's USDC by
-- spends and sends (LIMIT_JOURNAL_KINDS), plus purchases and withdrawals still on hold (LIMIT_HOLD_KINDS).
CREATE TABLE account_limit_days (
  account_id UUID NOT NULL REFERENCES accounts (id),
  day DATE NOT NULL,
  amount NUMERIC(78, 0) NOT NULL,
  PRIMARY KEY (account_id, day)
);

-- USDC on hold for the account, by hold kind (purchases, a withdrawal): what spendable sets aside.
CREATE TABLE account_pending_holds (
  account_id UUID NOT NULL REFERENCES accounts (id),
  kind TEXT NOT NULL,
  amount NUMERIC(78, 0) NOT NULL,
  PRIMARY KEY (account_id, kind)
);

-- What each card spent by local day: approved purchases at their amount, cleared ones at the cleared amount.
CREATE TABLE card_spend_days (
  card_id UUID NOT NULL REFERENCES cards (id),
  day DATE NOT NULL,
  amount NUMERIC(78, 0) NOT NULL,
  PRIMARY KEY (card_id, day)
);

-- Inserts are counted once per statement (a batch of card decisions inserts many rows in one): each statement adds
-- what its new rows count, grouped, on the counter rows of those accounts and cards only (which the movement's
-- own transaction already serializes on). Updates and deletes are counted per row: each takes away what its old
-- row counted and adds what its new row counts.
CREATE FUNCTION count_new_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER entries_count_limits AFTER INSERT ON entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION count_new_entries();

CREATE FUNCTION count_new_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER holds_count_new AFTER INSERT ON holds REFERENCING NEW TABLE AS new_holds
  FOR EACH STATEMENT EXECUTE FUNCTION count_new_holds();

CREATE FUNCTION count_hold(h holds, sign INTEGER) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF h.status <> 'pending' OR h.asset <> 'USDC' OR h.account_id IS NULL THEN RETURN; END IF;
  INSERT INTO account_pending_holds (account_id, kind, amount) VALUES (h.account_id, h.kind, sign * h.amount)
  ON CONFLICT (account_id, kind) DO UPDATE SET amount = account_pending_holds.amount + EXCLUDED.amount;
  IF h.kind IN ('card_authorization', 'withdrawal') THEN
    INSERT INTO account_limit_days (account_id, day, amount)
    SELECT h.account_id, (h.created_at AT TIME ZONE a.time_zone)::date, sign * h.amount FROM accounts a
      WHERE a.id = h.account_id
    ON CONFLICT (account_id, day) DO UPDATE SET amount = account_limit_days.amount + EXCLUDED.amount;
  END IF;
END $$;
CREATE FUNCTION count_changed_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_hold(OLD, -1);
  IF TG_OP = 'UPDATE' THEN PERFORM count_hold(NEW, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER holds_count_deleted AFTER DELETE ON holds FOR EACH ROW EXECUTE FUNCTION count_changed_hold();
CREATE TRIGGER holds_count_updated AFTER UPDATE ON holds FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.created_at IS DISTINCT
    FROM NEW.created_at
    OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.asset IS DISTINCT FROM NEW.asset OR OLD.account_id IS DISTINCT
      FROM NEW.account_id)
  EXECUTE FUNCTION count_changed_hold();

CREATE FUNCTION count_new_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_spend_days (card_id, day, amount)
  SELECT c.card_id, (c.created_at AT TIME ZONE a.time_zone)::date, sum(CASE WHEN c.status = 'cleared'
    THEN c.cleared_amount ELSE c.amount END)
  FROM new_authorizations c JOIN accounts a ON a.id = c.account_id
  WHERE c.status IN ('approved', 'cleared') GROUP BY 1, 2
  ON CONFLICT (card_id, day) DO UPDATE SET amount = card_spend_days.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;
CREATE TRIGGER card_authorizations_count_new AFTER INSERT ON card_authorizations
  REFERENCING NEW TABLE AS new_authorizations
  FOR EACH STATEMENT EXECUTE FUNCTION count_new_purchases();

CREATE FUNCTION count_purchase(c card_authorizations, sign INTEGER) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c.status NOT IN ('approved', 'cleared') THEN RETURN; END IF;
  INSERT INTO card_spend_days (card_id, day, amount)
  SELECT c.card_id, (c.created_at AT TIME ZONE a.time_zone)::date, sign * (CASE WHEN c.status = 'cleared'
    THEN c.cleared_amount ELSE c.amount END)
  FROM accounts a WHERE a.id = c.account_id
  ON CONFLICT (card_id, day) DO UPDATE SET amount = card_spend_days.amount + EXCLUDED.amount;
END $$;
CREATE FUNCTION count_changed_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_purchase(OLD, -1);
  IF TG_OP = 'UPDATE' THEN PERFORM count_purchase(NEW, 1); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER card_authorizations_count_deleted AFTER DELETE ON card_authorizations FOR EACH ROW
  EXECUTE FUNCTION count_changed_purchase();
CREATE TRIGGER card_authorizations_count_updated AFTER UPDATE ON card_authorizations FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount
    OR OLD.cleared_amount IS DISTINCT FROM NEW.cleared_amount
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.card_id IS DISTINCT FROM NEW.card_id)
  EXECUTE FUNCTION count_changed_purchase();

-- What is already there, totalled once.
INSERT INTO account_limit_days (account_id, day, amount)
SELECT account_id, day, sum(amount) FROM (
  SELECT j.account_id, (j.created_at AT TIME ZONE a.time_zone)::date AS day, e.amount
  FROM journals j JOIN entries e ON e.journal_id = j.id AND e.side = 'debit'
  JOIN ledger_accounts la ON la.id = e.ledger_account_id AND la.account_id = j.account_id AND la.asset = 'USDC'
  JOIN accounts a ON a.id = j.account_id
  WHERE j.kind IN ('card_spend', 'pix_spend', 'crypto_withdrawal', 'bank_send')
  UNION ALL
  SELECT h.account_id, (h.created_at AT TIME ZONE a.time_zone)::date, h.amount
  FROM holds h JOIN accounts a ON a.id = h.account_id
  WHERE h.status = 'pending' AND h.asset = 'USDC' AND h.kind IN ('card_authorization', 'withdrawal')
) counted GROUP BY 1, 2;
INSERT INTO account_pending_holds (account_id, kind, amount)
SELECT account_id, kind, sum(amount) FROM holds WHERE status = 'pending' AND asset = 'USDC' AND account_id IS NOT NULL
  GROUP BY 1, 2;
INSERT INTO card_spend_days (card_id, day, amount)
SELECT c.card_id, (c.created_at AT TIME ZONE a.time_zone)::date, sum(CASE WHEN c.status = 'cleared'
  THEN c.cleared_amount ELSE c.amount END)
FROM card_authorizations c JOIN accounts a ON a.id = c.account_id
WHERE c.status IN ('approved', 'cleared') GROUP BY 1, 2;
