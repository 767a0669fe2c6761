-- A card batch queues the job that lets its holds go only for a moment that has none queued. Migration 0033 queued
-- one `card.expire-due` job per expiry moment of a batch, and every batch has its own clock: under card traffic that
-- was a job per batch (hundreds a second at a thousand decisions a second, each run a week later). The moments are now
-- whole minutes (`expiryMoment` in domain/authorization.ts: the first whole minute at or after a hold's time), sent
-- by the batch as `expiry_moments`, and a moment already queued (pending, looked up through `jobs_due`) gets no second
-- job. A hold is let go of at most a minute after its time. The rest is migration 0057's write.
CREATE OR REPLACE FUNCTION write_card_decisions(batch JSONB, alert_job TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  expected INTEGER := jsonb_array_length(batch->'decisions');
  written INTEGER;
  decisions_written INTEGER;
  events_written INTEGER;
  batch_settlement UUID := (batch->>'settlement')::uuid;
  decided_at TIMESTAMPTZ := (batch->>'at')::timestamptz;
BEGIN
  UPDATE ledger_accounts la SET debits_pending = la.debits_pending + v.debit,
    credits_pending = la.credits_pending + v.credit
  FROM jsonb_to_recordset(batch->'ledger') AS v(id UUID, debit NUMERIC, credit NUMERIC)
  WHERE la.id = v.id;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> jsonb_array_length(batch->'ledger') THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % ledger accounts', written, jsonb_array_length(batch->'ledger');
  END IF;

  IF jsonb_array_length(batch->'marked') > 0 THEN
    PERFORM mark_for_alerts(ARRAY(SELECT m.a::uuid FROM jsonb_array_elements_text(batch->'marked') AS m(a)), alert_job);
  END IF;

  WITH d AS MATERIALIZED (
    SELECT * FROM jsonb_to_recordset(batch->'decisions') AS d(id UUID, network_id TEXT, card_id UUID, account_id UUID,
      amount NUMERIC, merchant_name TEXT, merchant_city TEXT, mcc TEXT, decline_reason TEXT, hold_id UUID, debit UUID,
      title JSONB, expires_at TIMESTAMPTZ, event_id TEXT, event_type TEXT, payload JSONB, result JSONB)
  ),
  new_holds AS (
    INSERT INTO holds (id, kind, account_id, debit_ledger_account_id, credit_ledger_account_id, asset, amount, status,
      title, reference, expires_at)
    SELECT d.hold_id, 'card_authorization', d.account_id, d.debit, batch_settlement, 'USDC', d.amount, 'pending',
      d.title, d.network_id, d.expires_at
    FROM d WHERE d.hold_id IS NOT NULL
  ),
  expiry_jobs AS (
    INSERT INTO jobs (id, kind, payload, run_at, status)
    SELECT gen_random_uuid(), 'card.expire-due', jsonb_build_object('until', m.at), m.at, 'pending'
    FROM (SELECT DISTINCT (e #>> '{}')::timestamptz AS at FROM jsonb_array_elements(batch->'expiry_moments') AS e) AS m
    WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.status = 'pending' AND j.run_at = m.at
      AND j.kind = 'card.expire-due')
  ),
  decisions AS (
    INSERT INTO card_authorizations (id, network_id, card_id, account_id, amount, merchant_name, merchant_city, mcc,
      status, decline_reason, hold_id, expires_at, created_at, updated_at)
    SELECT d.id, d.network_id, d.card_id, d.account_id, d.amount, d.merchant_name, d.merchant_city, d.mcc,
      CASE WHEN d.hold_id IS NULL THEN 'declined' ELSE 'approved' END, d.decline_reason, d.hold_id, d.expires_at,
      decided_at, decided_at
    FROM d
    ON CONFLICT (network_id) DO NOTHING
    RETURNING 1
  ),
  events AS (
    INSERT INTO provider_events (provider, event_id, type, payload, result)
    SELECT 'card', d.event_id, d.event_type, d.payload, d.result FROM d
    ON CONFLICT (provider, event_id) DO NOTHING
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM decisions), (SELECT count(*) FROM events) INTO decisions_written, events_written;
  IF decisions_written <> expected THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % decisions (a network id already taken)', decisions_written, expected;
  END IF;
  IF events_written <> expected THEN
    RAISE EXCEPTION 'card_batch_conflict: % of % events (an event already recorded)', events_written, expected;
  END IF;
END $$;
