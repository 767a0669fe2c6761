-- Why a mode switch was refused when it came due is data (domain/error-message.ts), not an English sentence:
-- `account_mode_changes.reason` becomes `{key, ...params}`, worded by each page in its language. The sentences the
-- server wrote before are read back by their shapes, once; anything else is kept as a note.
CREATE FUNCTION mode_refusal_from_text(t TEXT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m TEXT[];
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  IF t = 'The account is already in this mode.' THEN RETURN jsonb_build_object('key', 'mode_unchanged'); END IF;
  IF t = 'Repay what you borrowed before switching back to Direct Pay.' THEN
    RETURN jsonb_build_object('key', 'mode_debt_outstanding');
  END IF;
  m := regexp_match(t, '^Repay what you borrowed before switching back to Direct Pay\. Card purchases made in Borrow '
    || 'mode \(([\d.]+) USD\) must settle first\.$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'debt_and_borrow_holds', 'holds', round(m[1]::numeric * 1000000)::text);
  END IF;
  RETURN jsonb_build_object('key', 'note', 'text', t);
END $$;

ALTER TABLE account_mode_changes ALTER COLUMN reason TYPE JSONB USING mode_refusal_from_text(reason);
DROP FUNCTION mode_refusal_from_text(TEXT);
