import { EVALUATE_ALERTS_JOB, markForAlerts } from './alerts/alert-checks'
import { followPostings } from './ledger/posting-followers'

/**
 * Alert checks follow the ledger: every account a journal or a hold moves is marked for `alerts.evaluate` in the
 * movement's own transaction (server/alerts/alert-checks.ts). The ledger imports no feature, so the composition roots
 * call this before anything posts: createApp (server/app.ts) and the seed (server/seed.ts).
 */
export function wireLedgerFollowers(): void {
  followPostings({ job: EVALUATE_ALERTS_JOB, moved: markForAlerts })
}
