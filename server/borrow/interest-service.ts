import { dailyInterest } from '../../domain/borrow'
import { toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import { scheduleRecurring } from '../jobs/job-queue'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import { title } from '../../domain/movement-title'

const DAY_MS = 86_400_000
/** `YYYY-MM-DD` of the UTC day containing `instant`. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10)
const nextUtcMidnight = (instant: Date) => new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS + DAY_MS)

/**
 * Charges one UTC day's borrow interest on every account that owes: APR ÷ 365 on the debt at the end of the
 * day, posted as debt (debit) against the platform's interest income. One row per account and day makes a
 * rerun harmless; the fraction of a base unit is carried to the next day.
 */
export async function accrueInterest(deps: Deps, day: string): Promise<{ accounts: number; total: bigint }> {
  const owing = await deps.db.kysely
    .selectFrom('ledger_accounts')
    .select('account_id')
    .where('code', '=', 'debt')
    .where('asset', '=', 'USDC')
    .whereRef('debits_posted', '>', 'credits_posted')
    .execute()
  let accounts = 0
  let total = 0n
  for (const { account_id: accountId } of owing) {
    if (!accountId) continue
    const charged = await deps.db.kysely.transaction().execute(async (tx) => {
      await tx
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', accountId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow()
      const done = await tx
        .selectFrom('interest_accruals')
        .select('day')
        .where('account_id', '=', accountId)
        .where('day', '=', day)
        .executeTakeFirst()
      if (done) return null
      const debtAccount = await tx
        .selectFrom('ledger_accounts')
        .select(['id', 'debits_posted', 'credits_posted'])
        .where('account_id', '=', accountId)
        .where('code', '=', 'debt')
        .where('asset', '=', 'USDC')
        .executeTakeFirstOrThrow()
      const debt = debtAccount.debits_posted - debtAccount.credits_posted
      const previous = await tx
        .selectFrom('interest_accruals')
        .select('carry')
        .where('account_id', '=', accountId)
        .orderBy('day', 'desc')
        .limit(1)
        .executeTakeFirst()
      const { amount, carry } = dailyInterest(debt, previous?.carry ?? 0n)
      let journalId: string | null = null
      if (amount > 0n) {
        journalId = deps.newId()
        await postJournal(tx, {
          id: journalId,
          kind: 'borrow_interest',
          accountId,
          title: title('borrow_interest', { day, debt: String(debt) }),
          reference: day,
          entries: [
            { ledgerAccountId: debtAccount.id, side: 'debit', amount, asset: 'USDC' },
            {
              ledgerAccountId: await ledgerAccountId(tx, deps.newId, {
                accountId: null,
                code: 'interest',
                asset: 'USDC',
              }),
              side: 'credit',
              amount,
              asset: 'USDC',
            },
          ],
        })
      }
      await tx
        .insertInto('interest_accruals')
        .values({ account_id: accountId, day, debt, amount, carry, journal_id: journalId })
        .execute()
      return amount
    })
    if (charged !== null) {
      accounts += 1
      total += charged
    }
  }
  return { accounts, total }
}

/**
 * The daily job: charge the UTC day that just ended, then schedule the next day's. A job that ran late (the server
 * down over a midnight, a queue behind) charges every day that has ended since, each once, on the debt owed when
 * it runs: no day goes uncharged. The next job is for the day after the last one charged.
 */
export async function runInterestJob(deps: Deps, day: string, self?: string) {
  const today = utcDay(deps.now())
  let charged = day
  for (;;) {
    const result = await accrueInterest(deps, charged)
    deps.log.info('borrow interest accrued', {
      day: charged,
      accounts: result.accounts,
      total: toDecimal(result.total, 'USDC'),
    })
    const next = utcDay(new Date(Date.parse(`${charged}T00:00:00Z`) + DAY_MS))
    if (next >= today) {
      await scheduleRecurring(deps, {
        kind: 'interest.accrue',
        payload: { day: next },
        runAt: new Date(Date.parse(`${next}T00:00:00Z`) + DAY_MS),
        from: 'run',
        self,
      })
      return
    }
    charged = next
  }
}

/**
 * Makes sure each recurring job has a pending run (after a restart, or when a chain gave up); one each, however many
 * servers start at once (`scheduleRecurring`).
 */
export async function scheduleRecurringJobs(deps: Deps, positionCheckSeconds: number) {
  const now = deps.now()
  await scheduleRecurring(deps, {
    kind: 'interest.accrue',
    payload: { day: utcDay(now) },
    runAt: nextUtcMidnight(now),
    from: 'start',
  })
  await scheduleRecurring(deps, {
    kind: 'positions.check',
    payload: {},
    runAt: new Date(now.getTime() + positionCheckSeconds * 1000),
    from: 'start',
  })
}
