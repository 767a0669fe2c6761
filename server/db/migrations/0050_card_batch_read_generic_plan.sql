-- The card batch's read keeps one plan per connection. Migration 0032 reset `plan_cache_mode` to the default
-- (`auto`) believing the read would then keep its prepared plans; it did not: `auto` compares the generic plan's
-- estimate with the custom plans', and for lookups by an array of keys (`= ANY (card_ids)`) the custom plan, which
-- knows the array holds one or eight ids, always looks cheaper, so every call was planned afresh. Planning the read
-- cost more than running it (PGlite in memory, one card: 1.6–2.2 ms a call planned each time, 0.9 ms with its plan
-- kept). Every part of the read looks rows up by primary or foreign key, so the one plan is right at any size; an
-- ANALYZE (autovacuum, or the PGlite refresh: server/db/refresh-statistics.ts) still replans it as tables grow.
ALTER FUNCTION read_card_batch SET plan_cache_mode = force_generic_plan;
