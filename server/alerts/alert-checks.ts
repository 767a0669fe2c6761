import { sql } from 'kysely'
import type { Tx } from '../db/connect'

export const EVALUATE_ALERTS_JOB = 'alerts.evaluate'

/**
 * Marks accounts for alert evaluation, in the movement's own transaction: one insert of a marker and its
 * job (run at once, whatever the clock): `mark_for_alerts` (migration 0030), which the card and journal writes call
 * too. It never reads or waits on another transaction's rows; the job evaluates after the movement commits.
 */
export async function markForAlerts(db: Tx, accountIds: string | string[]): Promise<void> {
  const ids = typeof accountIds === 'string' ? [accountIds] : accountIds
  if (ids.length === 0) return
  await sql`SELECT mark_for_alerts(${ids}::uuid[], ${EVALUATE_ALERTS_JOB})`.execute(db)
}
