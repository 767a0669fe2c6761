-- Why a card network's clearing or refund did not match (a failed recon) is data like a movement's reason
-- (domain/movement-reason.ts, the recon_* kinds): the server wrote English ("cleared 12 against 8 authorized"),
-- which a Portuguese back office showed as it was. The sentences written before are read back by their shapes, once;
-- anything else is kept as a note.
CREATE FUNCTION recon_reason_from_text(t TEXT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m TEXT[];
BEGIN
  IF t = 'no matching authorization' THEN RETURN jsonb_build_object('key', 'recon_no_authorization'); END IF;
  IF t = 'refund without a cleared purchase' THEN
    RETURN jsonb_build_object('key', 'recon_refund_without_purchase'); END IF;
  m := regexp_match(t, '^clearing for an? (approved|declined|cleared|reversed|expired|refunded) authorization$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'recon_authorization_not_open', 'status', m[1]); END IF;
  m := regexp_match(t, '^cleared (\d+(?:\.\d+)?) against (\d+(?:\.\d+)?) authorized$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'recon_outside_tolerance',
      'cleared', round(m[1]::numeric * 1000000)::text, 'authorized', round(m[2]::numeric * 1000000)::text);
  END IF;
  RETURN jsonb_build_object('key', 'note', 'text', t);
END $$;

ALTER TABLE failed_recons ALTER COLUMN reason TYPE JSONB USING recon_reason_from_text(reason);
DROP FUNCTION recon_reason_from_text(TEXT);
