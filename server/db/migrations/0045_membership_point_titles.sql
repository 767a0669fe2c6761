-- A membership points line says what earned it as data too (domain/movement-title.ts), not an English sentence:
-- "Card · X" → card, "Refund · X" → card_refund, "weETH held on 2026-11-21 ($1234.5)" → weeth_held. Anything else is
-- kept as a note, shown as written.
CREATE FUNCTION points_title_from_text(t TEXT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m TEXT[];
BEGIN
  m := regexp_match(t, '^weETH held on (\d{4}-\d{2}-\d{2}) \(\$([\d,.]+)\)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'weeth_held', 'day', m[1],
      'usd', round(replace(m[2], ',', '')::numeric * 1000000)::text);
  END IF;
  m := regexp_match(t, '^Refund · (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'card_refund', 'merchant', m[1]); END IF;
  m := regexp_match(t, '^Card · (.+)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'card', 'merchant', m[1]); END IF;
  RETURN jsonb_build_object('key', 'note', 'text', t);
END $$;

ALTER TABLE membership_points ALTER COLUMN description TYPE JSONB USING points_title_from_text(description);
ALTER TABLE membership_points RENAME COLUMN description TO title;
DROP FUNCTION points_title_from_text(TEXT);
