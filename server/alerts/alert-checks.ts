import { sql } from 'kysely'
import type { Tx } from '../ledger/ledger-service'

export const EVALUATE_ALERTS_JOB = 'alerts.evaluate'

/**
 * Marks an account for alert evaluation, in the movement's own transaction: one insert of a marker and its
 * job (run at once, whatever the clock). It never reads or waits on another transaction's rows, so a card
 * authorization pays one statement for it; the job evaluates after the movement commits.
 */
export async function markForAlerts(db: Tx, accountId: string): Promise<void> {
  await sql`
    WITH marked AS (INSERT INTO alert_checks (id, account_id) VALUES (gen_random_uuid(), ${accountId}) RETURNING account_id)
    INSERT INTO jobs (id, kind, payload, run_at) SELECT gen_random_uuid(), ${EVALUATE_ALERTS_JOB}, jsonb_build_object('accountId', account_id), 'epoch'::timestamptz FROM marked`.execute(db)
}
