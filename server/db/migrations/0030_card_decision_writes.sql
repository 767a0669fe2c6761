-- Accounts marked for alert evaluation (server/alerts/alert-checks.ts): a marker and its job each, run at once
-- whatever the clock. The one way every movement marks them, from TypeScript and from the functions below.
CREATE FUNCTION mark_for_alerts(account_ids UUID[], alert_job TEXT) RETURNS void LANGUAGE sql AS $$
  WITH marked AS (INSERT INTO alert_checks (id, account_id) SELECT gen_random_uuid(), a FROM unnest(account_ids) AS a
    RETURNING account_id)
  INSERT INTO jobs (id, kind, payload, run_at) SELECT gen_random_uuid(), alert_job, jsonb_build_object('accountId',
    account_id), 'epoch'::timestamptz FROM marked;
$$;

-- Every write of a batch of card decisions in one call (server/cards/authorization-batch.ts): the holds of the
-- approvals, the holders' and card settlement's pending totals, each hold's expiry job, the accounts marked for
-- alert checks, the decisions, and each network event with its answer. One round trip instead of eight, with its
-- plans prepared once per connection.
--
-- The batch is decided in arrival order under the accounts' locks before it is written; what the function finds
-- that the decisions could not know (a network id the timeout advice recorded first, an event another process
-- recorded first, a ledger account gone) raises `card_batch_conflict`, and the caller rolls the batch back and
-- decides each request alone. An overdraft is refused by ledger_accounts' own CHECK.
CREATE FUNCTION write_card_decisions(batch JSONB, alert_job TEXT) RETURNS void LANGUAGE plpgsql AS $$
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
  SELECT gen_random_uuid(), 'card.expire', jsonb_build_object('authorizationId', h.authorization_id), h.expires_at,
    'pending'
  FROM jsonb_to_recordset(batch->'holds') AS h(authorization_id UUID, expires_at TIMESTAMPTZ);

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

-- Everything a batch of card decisions reads, in one call: the batch's accounts locked in id order (so batches, in
-- this process or another, never wait on each other in a cycle), then the cards, the accounts with the holder's
-- local day and month at `at` (the day the limit counters of migration 0028 bucket by), their ledger accounts, what
-- counts against their limits, what each card spent, the events already recorded, and who watches purchases.
-- Amounts come back as text: they are NUMERIC(78,0), more than a JSON number carries exactly.
CREATE FUNCTION read_card_batch(card_ids UUID[], event_ids TEXT[], at TIMESTAMPTZ, spend_kinds TEXT[],
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
        'today', (at AT TIME ZONE a.time_zone)::date, 'month_first', date_trunc('month',
          at AT TIME ZONE a.time_zone)::date,
        'counted_today', (SELECT coalesce(sum(d.amount), 0)::text FROM account_limit_days d WHERE d.account_id = a.id
          AND d.day >= (at AT TIME ZONE a.time_zone)::date),
        'counted_month', (SELECT coalesce(sum(d.amount), 0)::text FROM account_limit_days d WHERE d.account_id = a.id
          AND d.day >= date_trunc('month', at AT TIME ZONE a.time_zone)::date),
        'held_spend', (SELECT coalesce(sum(h.amount), 0)::text FROM account_pending_holds h WHERE h.account_id = a.id
          AND h.kind = ANY (spend_kinds)),
        'held_withdrawal', (SELECT coalesce(sum(h.amount), 0)::text FROM account_pending_holds h
          WHERE h.account_id = a.id AND h.kind = withdrawal_kind))), '[]')
      FROM accounts a WHERE a.id = ANY (locked)),
    'ledger', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', la.id, 'account_id', la.account_id, 'code', la.code,
      'asset', la.asset,
        'normal', la.normal, 'no_overdraft', la.no_overdraft, 'debits_posted', la.debits_posted::text,
          'credits_posted', la.credits_posted::text,
        'debits_pending', la.debits_pending::text, 'credits_pending', la.credits_pending::text,
          'created_at', la.created_at)), '[]')
      FROM ledger_accounts la WHERE la.account_id = ANY (locked)),
    'spent', (SELECT coalesce(jsonb_agg(jsonb_build_object('card_id', s.card_id, 'today', s.today::text,
      'month', s.month::text)), '[]')
      FROM (SELECT c.id AS card_id,
          coalesce(sum(d.amount) FILTER (WHERE d.day >= (at AT TIME ZONE a.time_zone)::date), 0) AS today,
            coalesce(sum(d.amount), 0) AS month
        FROM cards c JOIN accounts a ON a.id = c.account_id
        LEFT JOIN card_spend_days d ON d.card_id = c.id AND d.day >= date_trunc('month',
          at AT TIME ZONE a.time_zone)::date
        WHERE c.id = ANY (card_ids) GROUP BY c.id) s),
    'recorded', (SELECT coalesce(jsonb_agg(pe.event_id), '[]') FROM provider_events pe WHERE pe.provider = 'card'
      AND pe.event_id = ANY (event_ids)),
    'watchers', (SELECT coalesce(jsonb_agg(jsonb_build_object('account_id', w.account_id, 'user_id', w.user_id,
      'purchase_above', w.purchase_above::text)), '[]')
      FROM alert_settings w WHERE w.account_id = ANY (locked) AND w.purchase_above IS NOT NULL));
END $$;
-- The read is planned at each call, with the batch's own values: a plan made once while provider_events was small (a
-- new database, statistics not yet refreshed) kept reading every card event by `provider` alone, 20 ms a batch at 20k
-- events. The writes keep their prepared plans (planned per call, write_card_decisions took 12.9 ms a batch of 50
-- instead of 7.9): they join their own rows to tables by primary key, and a refresh of the statistics (autovacuum;
-- every 10 minutes on PGlite) replans them as tables grow.
ALTER FUNCTION read_card_batch SET plan_cache_mode = force_custom_plan;
