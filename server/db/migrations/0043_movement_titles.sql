-- Movement titles as data (domain/movement-title.ts): a journal's and a hold's title is `{key, ...params}`, no
-- longer an English sentence; pages word it per language. The sentences written before are read back into titles
-- here, once, by the shapes the server wrote them in; one that fits no shape (a merchant's own words) is kept as a
-- note, shown as written. The column keeps its place and is renamed `title`; ALTER … TYPE rewrites the rows
-- without firing the ledger's triggers (journals are never updated in place).
CREATE FUNCTION movement_units(amount TEXT, asset TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT round(replace(amount, ',', '')::numeric
    * 10::numeric ^ (CASE asset WHEN 'ETH' THEN 18 WHEN 'weETH' THEN 18 WHEN 'BRL' THEN 2 ELSE 6 END))::text
$$;

CREATE FUNCTION movement_title_from_text(t TEXT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m TEXT[];
BEGIN
  m := regexp_match(t, '^Deposited (\S+) (\w+) in the Liquid (\w+) vault$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'earn_deposit', 'asset', m[2], 'amount', movement_units(m[1], m[2]),
      'vault', lower(m[3]));
  END IF;
  m := regexp_match(t, '^Withdrew (\S+) (\w+) from the Liquid (\w+) vault$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'earn_withdrawal', 'asset', m[2], 'amount', movement_units(m[1], m[2]),
      'vault', lower(m[3]));
  END IF;
  m := regexp_match(t, '^(USDC|USDT|ETH|weETH) withdrawal to (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'withdrawal', 'asset', m[1], 'address', m[2]); END IF;
  m := regexp_match(t, '^(USDC|USDT|ETH|weETH) withdrawal returned$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'withdrawal_returned', 'asset', m[1]); END IF;
  m := regexp_match(t, '^(USDC|USDT|ETH|weETH) deposit$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'deposit', 'asset', m[1]); END IF;
  m := regexp_match(t, '^(USDC|USDT|ETH|weETH) sent out$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'sent_out', 'asset', m[1]); END IF;
  m := regexp_match(t, '^PIX top-up R\$ ?([\d.,]+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'pix_top_up', 'brl', movement_units(m[1], 'BRL')); END IF;
  m := regexp_match(t, '^PIX to (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'pix_to', 'name', m[1]); END IF;
  m := regexp_match(t, '^(ACH|SEPA|Wire) from (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'bank_in', 'rail', lower(m[1]), 'name', m[2]); END IF;
  m := regexp_match(t, '^(ACH|SEPA) to (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'bank_out', 'rail', lower(m[1]), 'name', m[2]); END IF;
  m := regexp_match(t, '^(USDC|USDT|ETH|weETH) from (\S+) via (Stargate|ether\.fi)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'bridge', 'asset', m[1], 'chain', m[2],
      'bridge', CASE m[3] WHEN 'Stargate' THEN 'stargate' ELSE 'etherfi' END);
  END IF;
  IF t = 'Bank transfer returned' THEN RETURN jsonb_build_object('key', 'bank_returned'); END IF;
  IF t = 'Repaid borrowed USDC' THEN RETURN jsonb_build_object('key', 'repay'); END IF;
  IF t = 'Cashback pool funded' THEN RETURN jsonb_build_object('key', 'cashback_pool_funded'); END IF;
  IF t = 'Referral cashback' THEN RETURN jsonb_build_object('key', 'referral_cashback'); END IF;
  m := regexp_match(t, '^Borrow interest for (\d{4}-\d{2}-\d{2}) on (\S+) USD$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'borrow_interest', 'day', m[1], 'debt', movement_units(m[2], 'USDC')); END IF;
  m := regexp_match(t, '^Liquidation: (\S+) USD of debt repaid from collateral$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'liquidation', 'repaid', movement_units(m[1], 'USDC')); END IF;
  m := regexp_match(t, '^(Converted|Staked) (\S+) (USDC|USDT|ETH|weETH) for (\S+) (USDC|USDT|ETH|weETH)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', CASE m[1] WHEN 'Converted' THEN 'convert' ELSE 'stake' END,
      'from', m[3], 'fromAmount', movement_units(m[2], m[3]), 'to', m[5], 'toAmount', movement_units(m[4], m[5]));
  END IF;
  m := regexp_match(t, '^Cashback(?: \((promotion|referral)\))?(?: · (.+))?$');
  IF m IS NOT NULL THEN
    RETURN jsonb_strip_nulls(jsonb_build_object('key', 'cashback', 'source', coalesce(m[1], 'card'), 'merchant', m[2]));
  END IF;
  m := regexp_match(t, '^(Core|Luxe|Pinnacle|VIP) membership reward · (\d{4}-\d{2})$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'membership_reward', 'tier', lower(m[1]), 'month', m[2]); END IF;
  m := regexp_match(t, '^Physical card fee · (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'physical_card_fee', 'name', m[1]); END IF;
  m := regexp_match(t, '^Refund from Cash · (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'cash_refund', 'reason', m[1]); END IF;
  m := regexp_match(t, '^Failed recon written off · (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'recon_write_off', 'reason', m[1]); END IF;
  m := regexp_match(t, '^Refund · (.+) \(net of (\S+) USDC cashback returned\)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'card_refund', 'merchant', m[1], 'cashbackReturned', movement_units(m[2], 'USDC'));
  END IF;
  m := regexp_match(t, '^Refund · (.+) · (.+)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'recon_refund', 'merchant', CASE m[1] WHEN 'card network' THEN NULL ELSE m[1] END,
      'reason', m[2]);
  END IF;
  m := regexp_match(t, '^Refund · (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'card_refund', 'merchant', m[1]); END IF;
  m := regexp_match(t, '^Card purchase · (.+) \(borrowed\)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'card_borrowed', 'merchant', m[1]); END IF;
  m := regexp_match(t, '^Card · (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'card', 'merchant', m[1]); END IF;
  RETURN jsonb_build_object('key', 'note', 'text', t);
END $$;

ALTER TABLE journals ALTER COLUMN description TYPE JSONB USING movement_title_from_text(description);
ALTER TABLE journals RENAME COLUMN description TO title;
ALTER TABLE holds ALTER COLUMN description TYPE JSONB USING movement_title_from_text(description);
ALTER TABLE holds RENAME COLUMN description TO title;
DROP FUNCTION movement_title_from_text(TEXT);
DROP FUNCTION movement_units(TEXT, TEXT);

-- The two batch writers take titles as JSON (as migrations 0031 and 0041 wrote them, but for the column).
CREATE OR REPLACE FUNCTION post_journals(batch JSONB, alert_job TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  written INTEGER;
BEGIN
  INSERT INTO journals (id, kind, account_id, title, reference, hold_id)
  SELECT j.id, j.kind, j.account_id, j.title, j.reference, j.hold_id
  FROM jsonb_to_recordset(batch->'journals') AS j(id UUID, kind TEXT, account_id UUID, title JSONB, reference TEXT,
    hold_id UUID);

  INSERT INTO entries (journal_id, ledger_account_id, asset, side, amount)
  SELECT e.journal_id, e.ledger_account_id, e.asset, e.side, e.amount
  FROM jsonb_to_recordset(batch->'entries') AS e(journal_id UUID, ledger_account_id UUID, asset TEXT, side TEXT,
    amount NUMERIC);

  UPDATE ledger_accounts la SET debits_posted = v.dp, credits_posted = v.cp
  FROM jsonb_to_recordset(batch->'balances') AS v(id UUID, dp NUMERIC, cp NUMERIC)
  WHERE la.id = v.id;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written <> jsonb_array_length(batch->'balances') THEN
    RAISE EXCEPTION 'post_journals: % of % ledger accounts updated', written, jsonb_array_length(batch->'balances');
  END IF;

  PERFORM mark_for_alerts(ARRAY(SELECT m.a::uuid FROM jsonb_array_elements_text(batch->'marked') AS m(a)), alert_job);
END $$;
CREATE OR REPLACE FUNCTION write_card_decisions(batch JSONB, alert_job TEXT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  expected INTEGER;
  written INTEGER;
BEGIN
  INSERT INTO holds (id, kind, account_id, debit_ledger_account_id, credit_ledger_account_id, asset, amount, status,
    title, reference, expires_at)
  SELECT h.id, 'card_authorization', h.account_id, h.debit, h.credit, 'USDC', h.amount,
    'pending', h.title, h.reference, h.expires_at
  FROM jsonb_to_recordset(batch->'holds') AS h(id UUID, account_id UUID, debit UUID, credit UUID, amount NUMERIC,
    title JSONB, reference TEXT, expires_at TIMESTAMPTZ);

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
