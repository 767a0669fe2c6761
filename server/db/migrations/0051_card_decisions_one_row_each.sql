-- A batch of card decisions is sent to the database as one row per decision. The write took three lists that
-- repeated one another: the holds (ids, account, amount, reference, expiry), the decisions (the same again) and
-- the events (the request once more, as its payload), 1.25 KB of JSON per decision. Passing that text into PGlite
-- and reading it back as rows was a fifth of the write's time. Each decision now carries what only it knows (its
-- hold's id and ledger account, its title, its event's id, payload and answer); what the whole batch shares (the card
-- settlement account every hold credits, the time every decision is made) is said once, and the holds and the
-- events are read from the decisions. About 0.75 KB a decision.
CREATE OR REPLACE FUNCTION write_card_decisions(batch JSONB, alert_job TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  expected INTEGER;
  written INTEGER;
  batch_settlement UUID := (batch->>'settlement')::uuid;
  decided_at TIMESTAMPTZ := (batch->>'at')::timestamptz;
BEGIN
  INSERT INTO holds (id, kind, account_id, debit_ledger_account_id, credit_ledger_account_id, asset, amount, status,
    title, reference, expires_at)
  SELECT d.hold_id, 'card_authorization', d.account_id, d.debit, batch_settlement, 'USDC', d.amount,
    'pending', d.title, d.network_id, d.expires_at
  FROM jsonb_to_recordset(batch->'decisions') AS d(hold_id UUID, account_id UUID, debit UUID, amount NUMERIC,
    title JSONB, network_id TEXT, expires_at TIMESTAMPTZ)
  WHERE d.hold_id IS NOT NULL;

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
  FROM (SELECT DISTINCT d.expires_at FROM jsonb_to_recordset(batch->'decisions') AS d(hold_id UUID,
    expires_at TIMESTAMPTZ)
    WHERE d.hold_id IS NOT NULL) AS e;

  IF jsonb_array_length(batch->'marked') > 0 THEN
    PERFORM mark_for_alerts(ARRAY(SELECT m.a::uuid FROM jsonb_array_elements_text(batch->'marked') AS m(a)), alert_job);
  END IF;

  expected := jsonb_array_length(batch->'decisions');
  INSERT INTO card_authorizations (id, network_id, card_id, account_id, amount, merchant_name, merchant_city, mcc,
    status, decline_reason, hold_id, expires_at, created_at, updated_at)
  SELECT d.id, d.network_id, d.card_id, d.account_id, d.amount, d.merchant_name, d.merchant_city, d.mcc,
    CASE WHEN d.hold_id IS NULL THEN 'declined' ELSE 'approved' END, d.decline_reason, d.hold_id, d.expires_at,
      decided_at, decided_at
  FROM jsonb_to_recordset(batch->'decisions') AS d(id UUID, network_id TEXT, card_id UUID, account_id UUID,
    amount NUMERIC, merchant_name TEXT, merchant_city TEXT, mcc TEXT, decline_reason TEXT, hold_id UUID,
    expires_at TIMESTAMPTZ)
  ON CONFLICT (network_id) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> expected THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % decisions (a network id already taken)', written, expected;
  END IF;

  INSERT INTO provider_events (provider, event_id, type, payload, result)
  SELECT 'card', d.event_id, d.event_type, d.payload, d.result
  FROM jsonb_to_recordset(batch->'decisions') AS d(event_id TEXT, event_type TEXT, payload JSONB, result JSONB)
  ON CONFLICT (provider, event_id) DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> expected THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % events (an event already recorded)', written, expected;
  END IF;
END $$;
