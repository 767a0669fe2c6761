-- A recurring job (interest, positions check, membership day) has one pending run: servers starting together each
-- scheduled one, and each copy then scheduled its own next, so a database may hold two or more pending runs of a kind
-- for ever. The earliest is kept; the others are given up (failed, with why) and never run. The server now schedules
-- them under an advisory lock per kind (server/jobs/job-queue.ts, scheduleRecurring). A one-off positions check (a
-- price change's, payload once: true) is no run of the chain and is left alone.
UPDATE jobs SET status = 'failed', locked_until = NULL,
  last_error = 'a second pending run of a recurring job: given up by migration 0065, the earliest kept'
WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY kind ORDER BY run_at, created_at, id) AS n
    FROM jobs
    WHERE status = 'pending' AND kind IN ('interest.accrue', 'positions.check', 'membership.daily')
      AND NOT (payload @> '{"once": true}')
  ) AS ranked
  WHERE n > 1
);
