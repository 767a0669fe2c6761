import { sql } from 'kysely'
import type { Tx } from '../ledger/ledger-service'

export const EVALUATE_ALERTS_JOB = 'alerts.evaluate'

/**
 * Marks accounts for alert evaluation, in the movement's own transaction: one insert of a marker and its
 * job (run at once, whatever the clock). It never reads or waits on another transaction's rows, so a card
 * authorization pays one statement for it; the job evaluates after the movement commits.
 */
export async function markForAlerts(db: Tx, accountIds: string | string[]): Promise<void> {
  const ids = typeof accountIds === 'string' ? [accountIds] : accountIds
  if (ids.length === 0) return
  await sql`
    WITH marked AS (INSERT INTO alert_checks (id, account_id) SELECT gen_random_uuid(), a FROM unnest(${ids}::uuid[]) AS a RETURNING account_id)
    INSERT INTO jobs (id, kind, payload, run_at) SELECT gen_random_uuid(), ${EVALUATE_ALERTS_JOB}, jsonb_build_object('accountId', account_id), 'epoch'::timestamptz FROM marked`.execute(db)
}
