-- A journal's entries are checked once per statement instead of once per row at commit. Until now every entry and
-- every journal queued a deferred check of its whole journal (a count and a grouped sum, run again at commit for
-- each row: a batch of 50 deposits ran 150 of them), and each entry's two foreign keys looked up its journal and
-- its ledger account one row at a time. On PostgreSQL the balance checks cost 3.5 ms of backend CPU a batch of
-- 50 journals, the keys another 1 ms, more than writing the rows (post_journals' own work, about 1 ms).
--
-- Now a statement that writes entries checks, once, that every journal it wrote to has at least two entries and
-- balances per asset, and that every journal and ledger account it names exists (SQLSTATE 23514 and 23503, as
-- before). A journal's entries are therefore written by one statement (post_journals does; a hand-written INSERT
-- of half a journal is refused at once instead of at commit). A journal left with no entries at all is still
-- refused at commit by a deferred check of its own, now a single index probe. Journals are never deleted (like
-- the ledger accounts, migration 0035), which is what the entries' foreign key to them also guaranteed.
DROP TRIGGER entries_balanced ON entries;
DROP TRIGGER journals_have_entries ON journals;
DROP FUNCTION check_journal_balanced();
ALTER TABLE entries
  DROP CONSTRAINT entries_journal_id_fkey,
  DROP CONSTRAINT entries_ledger_account_id_fkey;

CREATE FUNCTION check_new_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad RECORD;
BEGIN
  IF EXISTS (
      SELECT 1 FROM (SELECT DISTINCT journal_id FROM new_entries) w
      WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = w.journal_id))
    OR EXISTS (
      SELECT 1 FROM (SELECT DISTINCT ledger_account_id FROM new_entries) w
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts la WHERE la.id = w.ledger_account_id)) THEN
    RAISE EXCEPTION 'an entry references a journal or ledger account that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT w.journal_id, t.entries INTO bad
  FROM (SELECT DISTINCT journal_id FROM new_entries) w
  CROSS JOIN LATERAL (
    SELECT sum(a.n) AS entries, bool_or(a.net <> 0) AS unbalanced
    FROM (
      SELECT count(*) AS n, sum(CASE e.side WHEN 'debit' THEN e.amount ELSE -e.amount END) AS net
      FROM entries e WHERE e.journal_id = w.journal_id GROUP BY e.asset
    ) a
  ) t
  WHERE t.entries < 2 OR t.unbalanced
  LIMIT 1;
  IF FOUND THEN
    IF bad.entries < 2 THEN
      RAISE EXCEPTION 'unbalanced_journal: journal % has fewer than two entries', bad.journal_id
        USING ERRCODE = '23514';
    END IF;
    RAISE EXCEPTION 'unbalanced_journal: journal % does not balance', bad.journal_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
-- Each journal and ledger account looked up by key, never a scan of the table (see migration 0052).
ALTER FUNCTION check_new_entries SET enable_hashjoin = off;
ALTER FUNCTION check_new_entries SET enable_mergejoin = off;
ALTER FUNCTION check_new_entries SET enable_hashagg = off;
ALTER FUNCTION check_new_entries SET enable_seqscan = off;
CREATE TRIGGER entries_checked AFTER INSERT ON entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION check_new_entries();

CREATE FUNCTION check_journal_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM entries WHERE journal_id = NEW.id) THEN
    RAISE EXCEPTION 'unbalanced_journal: journal % has fewer than two entries', NEW.id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER journals_have_entries AFTER INSERT ON journals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_has_entries();

CREATE TRIGGER journals_never_deleted BEFORE DELETE ON journals FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete();
