-- Migration 0064 carried the day a time zone change is made on to the new zone's day at the moment of the change. A
-- change made shortly before midnight in the new zone carried it to a day that ended minutes later: a holder who paid
-- the day's limit at 10:50 in São Paulo, moved to Brisbane at 10:55 (23:55 there) had a new daily limit at 11:00, and
-- again an hour later moving one zone west at five to its midnight. A move west (Tokyo at 00:30 to São Paulo, 12:30 on
-- the day before) likewise ended Tokyo's day twelve hours early. Now the day is carried to the new zone's day in which
-- the old one ends (its last instant), which may be the day after the new zone's today (readers count every day from
-- today on): a change lengthens a day at most to the end of the new zone's day, never shortens it. The old day ends
-- with today in the old zone, or with the day an earlier change carried today's movements to, if later. Accounts
-- carried before this migration keep their carry until their next change.
CREATE OR REPLACE FUNCTION carry_limit_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TIMESTAMPTZ;
  today DATE;
  last DATE;
BEGIN
  IF NEW.time_zone_changed_at IS NOT DISTINCT FROM OLD.time_zone_changed_at THEN
    NEW.time_zone_changed_at := now();
  END IF;
  changed := NEW.time_zone_changed_at;
  today := limit_day(OLD, changed);
  last := GREATEST(today, OLD.limit_day_carried_to);
  -- Today began at its local midnight in the old zone, or earlier if an earlier change carried a day to it.
  NEW.limit_day_carried_from := LEAST(today::timestamp AT TIME ZONE OLD.time_zone,
    CASE WHEN OLD.limit_day_carried_to >= today THEN OLD.limit_day_carried_from END);
  NEW.limit_day_carried_to := (((last + 1)::timestamp AT TIME ZONE OLD.time_zone - interval '1 microsecond')
    AT TIME ZONE NEW.time_zone)::date;
  RETURN NEW;
END $$;
