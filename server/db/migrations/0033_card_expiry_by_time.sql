-- Card holds expire by their time, not by a job each. Every approval queued a `card.expire` job for its own hold
-- (a job row and its index entry per purchase: a seventh of a batch's write, and a jobs table as long as the
-- holds still open). A batch's approvals share the batch's clock, so they expire at one of a few moments (7 days
-- on, 31 for hotels and car rental): the batch queues one `card.expire-due` job per moment, and that job expires
-- every approved authorization whose time has come (server/cards/authorization-service.ts, `expireDue`), found
-- through the index below. `card.expire` jobs already queued still run.
CREATE INDEX card_authorizations_open_expiry ON card_authorizations (expires_at) WHERE status = 'approved';

CREATE OR REPLACE FUNCTION write_card_decisions(batch JSONB, alert_job TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  expected INTEGER;
  written INTEGER;
BEGIN
  INSERT INTO holds (id, kind, account_id, debit_ledger_account_id, credit_ledger_account_id, asset, amount, status,
    description, reference, expires_at)
  SELECT h.id, 'card_authorization', h.account_id, h.debit, h.credit, 'USDC', h.amount,
    'pending', h.description, h.reference, h.expires_at
  FROM jsonb_to_recordset(batch->'holds') AS h(id UUID, account_id UUID, debit UUID, credit UUID, amount NUMERIC,
    description TEXT, reference TEXT, expires_at TIMESTAMPTZ);

  UPDATE ledger_accounts la SET debits_pending = la.debits_pending + v.debit,
    credits_pending = la.credits_pending + v.credit
  FROM jsonb_to_recordset(batch->'ledger') AS v(id UUID, debit NUMERIC, credit NUMERIC)
  WHERE la.id = v.id;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> jsonb_array_length(batch->'ledger') THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % ledger accounts', written, jsonb_array_length(batch->'ledger');
  END IF;

  INSERT INTO jobs (id, kind, payload, run_at, status)
  SELECT gen_random_uuid(), 'card.expire-due', jsonb_build_object('until', e.expires_at), e.expires_at, 'pending'
  FROM (SELECT DISTINCT h.expires_at FROM jsonb_to_recordset(batch->'holds') AS h(expires_at TIMESTAMPTZ)) AS e;

  PERFORM mark_for_alerts(ARRAY(SELECT m.a::uuid FROM jsonb_array_elements_text(batch->'marked') AS m(a)), alert_job);

  expected := jsonb_array_length(batch->'decisions');
  INSERT INTO card_authorizations (id, network_id, card_id, account_id, amount, merchant_name, merchant_city, mcc,
    status, decline_reason, hold_id, expires_at, created_at, updated_at)
  SELECT d.id, d.network_id, d.card_id, d.account_id, d.amount, d.merchant_name, d.merchant_city, d.mcc, d.status,
    d.decline_reason, d.hold_id, d.expires_at, d.created_at, d.created_at
  FROM jsonb_to_recordset(batch->'decisions') AS d(id UUID, network_id TEXT, card_id UUID, account_id UUID,
    amount NUMERIC, merchant_name TEXT, merchant_city TEXT, mcc TEXT, status TEXT, decline_reason TEXT, hold_id UUID,
    expires_at TIMESTAMPTZ, created_at TIMESTAMPTZ)
  ON CONFLICT (network_id) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> expected THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % decisions (a network id already taken)', written, expected;
  END IF;

  INSERT INTO provider_events (provider, event_id, type, payload, result)
  SELECT 'card', e.event_id, e.type, e.payload, e.result
  FROM jsonb_to_recordset(batch->'events') AS e(event_id TEXT, type TEXT, payload JSONB, result JSONB)
  ON CONFLICT (provider, event_id) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> expected THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % events (an event already recorded)', written, expected;
  END IF;
END $$;
