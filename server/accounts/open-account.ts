import { say } from '../../domain/error-message'
import { DEFAULT_LIMITS, type AccountKind } from '../../domain/account-rules'
import { DomainError } from '../../domain/errors'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'

/**
 * Opens an account for a signed-in user: their personal account (one per person, named after them; they are
 * its `holder`), or a company (named by them; they become its first `owner`). It starts in Direct Pay with
 * the default limits, with no safe yet (onboarding creates it) and verification not started.
 */
export async function openAccount(
  deps: Pick<Deps, 'newId' | 'now'>,
  db: Tx,
  userId: string,
  input: { kind: AccountKind; name?: string | undefined; timeZone: string },
) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  if (input.kind === 'personal') {
    const existing = await db
      .selectFrom('account_members')
      .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
      .select('accounts.id')
      .where('account_members.user_id', '=', userId)
      .where('accounts.kind', '=', 'personal')
      .executeTakeFirst()
    if (existing) throw new DomainError('account_exists', undefined, undefined, { accountId: existing.id })
  } else if (!input.name) {
    throw new DomainError('invalid_request', say('enter_company_name'), { name: say('enter_company_name') })
  }
  const id = deps.newId()
  const limits = DEFAULT_LIMITS[input.kind]
  const name = input.kind === 'personal' ? user.name : input.name!
  const role = input.kind === 'personal' ? 'holder' : 'owner'
  await db
    .insertInto('accounts')
    .values({
      id,
      kind: input.kind,
      name,
      mode: 'direct_pay',
      time_zone: input.timeZone,
      daily_limit: limits.daily,
      monthly_limit: limits.monthly,
      created_at: deps.now(),
    })
    .execute()
  await db
    .insertInto('account_members')
    .values({ account_id: id, user_id: userId, role, created_at: deps.now() })
    .execute()
  return { accountId: id, kind: input.kind, name, role } as const
}
