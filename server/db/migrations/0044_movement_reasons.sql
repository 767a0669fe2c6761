-- Why a movement did not go as asked is data too (domain/movement-reason.ts): a failed bridge or withdrawal's
-- `failure_reason` and a returned bank transfer's `return_reason` become `{key, ...params}`. The sentences the server
-- wrote before are read back by their shapes, once; anything else (a provider's own words) is kept as a note.
CREATE FUNCTION movement_reason_from_text(t TEXT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m TEXT[];
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  m := regexp_match(t,
    '^Transfers from someone else are limited to \$([\d,.]+) each; this one was returned to the sender\.$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'third_party_cap', 'cap', round(replace(m[1], ',', '')::numeric * 1000000)::text);
  END IF;
  IF t = 'Returned by the receiving bank.' THEN RETURN jsonb_build_object('key', 'bank_returned'); END IF;
  IF t = 'The network rejected the transaction.' THEN RETURN jsonb_build_object('key', 'network_rejected'); END IF;
  IF t = 'The bridge could not deliver this transfer.' THEN RETURN jsonb_build_object('key', 'bridge_failed'); END IF;
  IF t = 'Cancelled because the borrowing position was liquidated.' THEN
    RETURN jsonb_build_object('key', 'liquidated'); END IF;
  IF t = 'Cancelled to pay a card purchase that needed the reserved amount.' THEN
    RETURN jsonb_build_object('key', 'reserved_for_card');
  END IF;
  m := regexp_match(t, '^Cancelled by Cash support: (.*)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'support_cancelled', 'reason', m[1]); END IF;
  RETURN jsonb_build_object('key', 'note', 'text', t);
END $$;

ALTER TABLE bridge_transfers ALTER COLUMN failure_reason TYPE JSONB USING movement_reason_from_text(failure_reason);
ALTER TABLE withdrawals ALTER COLUMN failure_reason TYPE JSONB USING movement_reason_from_text(failure_reason);
ALTER TABLE bank_transfers_in ALTER COLUMN return_reason TYPE JSONB USING movement_reason_from_text(return_reason);
ALTER TABLE bank_sends ALTER COLUMN return_reason TYPE JSONB USING movement_reason_from_text(return_reason);
DROP FUNCTION movement_reason_from_text(TEXT);
