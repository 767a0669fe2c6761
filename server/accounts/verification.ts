import { verificationGate, type GatedAction, type VerificationGate } from '../../domain/card-issuing'
import type { Tx } from '../db/connect'

/**
 * The account's verification: its holder's KYC (personal) or the company's KYB (corporate), worded for what it opens.
 */
export async function accountVerification(
  db: Tx,
  accountId: string,
  purpose: GatedAction = 'cards',
): Promise<VerificationGate> {
  const account = await db
    .selectFrom('accounts')
    .select(['kind', 'kyb_status', 'kyb_reason'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  if (account.kind === 'corporate')
    return verificationGate('corporate', account.kyb_status, account.kyb_reason, purpose)
  // A personal account's holder is its one `holder` member.
  const holder = await db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['users.kyc_status', 'users.kyc_reason'])
    .where('account_members.account_id', '=', accountId)
    .where('account_members.role', '=', 'holder')
    .executeTakeFirst()
  return verificationGate('personal', holder?.kyc_status ?? 'not_started', holder?.kyc_reason ?? null, purpose)
}
