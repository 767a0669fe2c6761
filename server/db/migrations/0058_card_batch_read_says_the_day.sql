-- The card batch's read also says, for each account, the local day its figures are for, as the instants it starts
-- and ends (`day_starts`, `day_ends`, in the account's time zone, by PostgreSQL's own time-zone rules). On PGlite the
-- database's thread keeps what a batch read and decided for the next batches while nothing else has used the
-- connection (server/cards/card-state-kept.ts); what was counted for a day is kept only while the next batch's time
-- falls inside that day. Otherwise the same read as migration 0041's.
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
        'alerting', a.mode = 'borrow' OR EXISTS (SELECT 1 FROM alert_settings w WHERE w.account_id = a.id),
        'day_starts', day.today::timestamp AT TIME ZONE a.time_zone,
        'day_ends', (day.today + 1)::timestamp AT TIME ZONE a.time_zone)), '[]')
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
-- CREATE OR REPLACE resets the function's settings: migration 0050's plan setting again.
ALTER FUNCTION read_card_batch SET plan_cache_mode = force_generic_plan;
