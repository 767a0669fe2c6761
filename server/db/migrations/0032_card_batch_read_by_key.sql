-- The events a batch of card decisions has already seen, looked up one key at a time whatever the statistics say.
-- `pe.provider = 'card' AND pe.event_id = ANY (event_ids)` was planned from statistics, and on a database whose
-- statistics predate its growth (a new one, before autovacuum or the PGlite refresh has run) the planner
-- believed there were a few dozen card events and read all of them, by `provider` alone, to find the batch's
-- fifty: 1–8 ms a batch at 3,000 events, growing with every event. That is why migration 0030 replanned the
-- whole read at each call (`force_custom_plan`), which cost more than the read itself (PGlite: 7.0 ms a batch
-- against 3.0 ms with its plans kept). Each event id is now a lateral lookup on the primary key (provider,
-- event_id), which no statistics can turn into a scan, so the read keeps its prepared plans again: every other
-- part of it reads by primary or foreign key.
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
    'recorded', (SELECT coalesce(jsonb_agg(e.id), '[]') FROM unnest(event_ids) AS e(id)
      CROSS JOIN LATERAL (SELECT 1 FROM provider_events pe WHERE pe.provider = 'card' AND pe.event_id = e.id
        LIMIT 1) seen),
    'watchers', (SELECT coalesce(jsonb_agg(jsonb_build_object('account_id', w.account_id, 'user_id', w.user_id,
      'purchase_above', w.purchase_above::text)), '[]')
      FROM alert_settings w WHERE w.account_id = ANY (locked) AND w.purchase_above IS NOT NULL));
END $$;
ALTER FUNCTION read_card_batch RESET plan_cache_mode;
