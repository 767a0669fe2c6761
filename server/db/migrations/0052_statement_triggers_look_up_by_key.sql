-- The statement triggers that check references and keep the limit counters (migrations 0028 and 0035) look up the
-- rows one statement wrote, a card batch's or a posting batch's handful, in tables that grow without bound
-- (accounts, cards, holds, journals, ledger accounts). Left to choose, the planner joined them with hash or merge
-- joins and hashed aggregates wherever a table was small or its statistics stale: every call built hash tables or
-- walked the other table whole in key order. On PGlite in memory the check on card authorizations alone cost a card
-- batch's write 1.1 ms of its 2.5 ms at five decisions, and 2.7 of 5.8 ms at fifty; on a grown table with stale
-- statistics it would read the whole table at every batch. Each trigger now looks each row up by key (nested loops
-- over the indexes, never a scan of a table that has one) and groups by sorting its few rows. A statement writing
-- very many rows at once (a backfill) pays one index lookup a row, which stays linear.
ALTER FUNCTION check_card_authorization_references SET enable_hashjoin = off;
ALTER FUNCTION check_card_authorization_references SET enable_mergejoin = off;
ALTER FUNCTION check_card_authorization_references SET enable_hashagg = off;
ALTER FUNCTION check_card_authorization_references SET enable_seqscan = off;
ALTER FUNCTION check_hold_references SET enable_hashjoin = off;
ALTER FUNCTION check_hold_references SET enable_mergejoin = off;
ALTER FUNCTION check_hold_references SET enable_hashagg = off;
ALTER FUNCTION check_hold_references SET enable_seqscan = off;
ALTER FUNCTION count_new_holds SET enable_hashjoin = off;
ALTER FUNCTION count_new_holds SET enable_mergejoin = off;
ALTER FUNCTION count_new_holds SET enable_hashagg = off;
ALTER FUNCTION count_new_holds SET enable_seqscan = off;
ALTER FUNCTION count_new_purchases SET enable_hashjoin = off;
ALTER FUNCTION count_new_purchases SET enable_mergejoin = off;
ALTER FUNCTION count_new_purchases SET enable_hashagg = off;
ALTER FUNCTION count_new_purchases SET enable_seqscan = off;
ALTER FUNCTION count_new_entries SET enable_hashjoin = off;
ALTER FUNCTION count_new_entries SET enable_mergejoin = off;
ALTER FUNCTION count_new_entries SET enable_hashagg = off;
ALTER FUNCTION count_new_entries SET enable_seqscan = off;
