-- A card batch marks for alert evaluation only the accounts that have something to evaluate. Every approval queued
-- an `alerts.evaluate` job and its marker (migration 0030's mark_for_alerts), and the job found nothing to do for an
-- account with no alert settings that does not borrow (server/alerts/alert-evaluator.ts returns at once): two rows
-- written per decision in the hot path (a sixth of a batch's write on PGlite) and a transaction per purchase for
-- the job runner afterwards, all for nothing. The batch's read now says, per account, whether it is `alerting`
-- (it borrows, so its health is watched, or a member has alert settings); settings saved while a batch is being
-- decided apply from the next movement on.
--
-- The read also finds each account's day once: one time-zone conversion per account (and per card for what the
-- card spent) instead of six, one read of account_limit_days and of account_pending_holds with FILTERed sums instead
-- of one subquery per figure, and only the figures the batch uses (`today` and `month_first` went unread).
CREATE OR REPLACE FUNCTION read_card_batch(card_ids UUID[], event_ids TEXT[], at TIMESTAMPTZ, spend_kinds TEXT[],
  withdrawal_kind TEXT) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
  locked UUID[];
BEGIN
  SELECT coalesce(array_agg(l.id), '{}') INTO locked
  FROM (SELECT a.id FROM accounts a WHERE a.id IN (SELECT c.account_id FROM cards c WHERE c.id = ANY (card_ids))
    ORDER BY a.id FOR NO KEY UPDATE) l;
  RETURN jsonb_build_object(
    'cards', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'account_id', c.account_id, 'kind', c.kind,
      'status', c.status,
        'shipping_status', c.shipping_status, 'per_purchase_limit', c.per_purchase_limit::text,
          'daily_limit', c.daily_limit::text,
        'monthly_limit', c.monthly_limit::text, 'blocked_categories', to_jsonb(c.blocked_categories))), '[]')
      FROM cards c WHERE c.id = ANY (card_ids)),
    'accounts', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'mode', a.mode,
      'frozen', a.frozen_at IS NOT NULL,
        'daily_limit', a.daily_limit::text, 'monthly_limit', a.monthly_limit::text,
        'counted_today', counted.today::text, 'counted_month', counted.month::text,
        'held_spend', held.spend::text, 'held_withdrawal', held.withdrawal::text,
        'alerting', a.mode = 'borrow' OR EXISTS (SELECT 1 FROM alert_settings w WHERE w.account_id = a.id))), '[]')
      FROM accounts a
      CROSS JOIN LATERAL (SELECT local::date AS today, date_trunc('month', local)::date AS month_first
        FROM (SELECT at AT TIME ZONE a.time_zone AS local) l) day
      CROSS JOIN LATERAL (SELECT coalesce(sum(d.amount) FILTER (WHERE d.day >= day.today), 0) AS today,
        coalesce(sum(d.amount), 0) AS month
        FROM account_limit_days d WHERE d.account_id = a.id AND d.day >= day.month_first) counted
      CROSS JOIN LATERAL (SELECT coalesce(sum(h.amount) FILTER (WHERE h.kind = ANY (spend_kinds)), 0) AS spend,
          coalesce(sum(h.amount) FILTER (WHERE h.kind = withdrawal_kind), 0) AS withdrawal
        FROM account_pending_holds h WHERE h.account_id = a.id) held
      WHERE a.id = ANY (locked)),
    'ledger', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', la.id, 'account_id', la.account_id, 'code', la.code,
      'asset', la.asset,
        'normal', la.normal, 'no_overdraft', la.no_overdraft, 'debits_posted', la.debits_posted::text,
          'credits_posted', la.credits_posted::text,
        'debits_pending', la.debits_pending::text, 'credits_pending', la.credits_pending::text,
          'created_at', la.created_at)), '[]')
      FROM ledger_accounts la WHERE la.account_id = ANY (locked)),
    'spent', (SELECT coalesce(jsonb_agg(jsonb_build_object('card_id', s.card_id, 'today', s.today::text,
      'month', s.month::text)), '[]')
      FROM (SELECT c.id AS card_id, coalesce(sum(d.amount) FILTER (WHERE d.day >= day.today), 0) AS today,
        coalesce(sum(d.amount), 0) AS month
        FROM cards c JOIN accounts a ON a.id = c.account_id
        CROSS JOIN LATERAL (SELECT local::date AS today, date_trunc('month', local)::date AS month_first
          FROM (SELECT at AT TIME ZONE a.time_zone AS local) l) day
        LEFT JOIN card_spend_days d ON d.card_id = c.id AND d.day >= day.month_first
        WHERE c.id = ANY (card_ids) GROUP BY c.id) s),
    'recorded', (SELECT coalesce(jsonb_agg(e.id), '[]') FROM unnest(event_ids) AS e(id)
      CROSS JOIN LATERAL (SELECT 1 FROM provider_events pe WHERE pe.provider = 'card' AND pe.event_id = e.id
        LIMIT 1) seen),
    'watchers', (SELECT coalesce(jsonb_agg(jsonb_build_object('account_id', w.account_id, 'user_id', w.user_id,
      'purchase_above', w.purchase_above::text)), '[]')
      FROM alert_settings w WHERE w.account_id = ANY (locked) AND w.purchase_above IS NOT NULL));
END $$;

-- The write skips the marking when no account of the batch is alerting.
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

  IF jsonb_array_length(batch->'marked') > 0 THEN
    PERFORM mark_for_alerts(ARRAY(SELECT m.a::uuid FROM jsonb_array_elements_text(batch->'marked') AS m(a)), alert_job);
  END IF;

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
