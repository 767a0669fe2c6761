import { say } from '../../domain/error-message'
import { z } from 'zod'
import type { SandboxSettings, SandboxTarget } from '../../domain/api/sandbox.schema'
import { DomainError } from '../../domain/errors'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'

/** Where the sandbox keeps whether its identity provider decides by itself (a row beside the feature flags). */
const IDENTITY_MANUAL_KEY = 'sandbox.identity_manual'

/**
 * The account (or person) the sandbox controls act on, found by a member's e-mail or the account's id: the
 * person's first account, its cards, deposit address, pending PIX charges, latest card purchases and the open
 * identity applications of the person and the account.
 */
export async function sandboxTarget(db: Tx, who: string): Promise<SandboxTarget> {
  const byEmail = who.includes('@')
  if (!byEmail && !z.uuid().safeParse(who).success) throw new DomainError('not_found', say('give_member_email'))
  const user = byEmail
    ? await db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'kyc_status'])
        .where('email', '=', who.toLowerCase())
        .executeTakeFirst()
    : undefined
  if (byEmail && !user) throw new DomainError('not_found', say('no_one_e_mail'))
  const accountId = byEmail
    ? (
        await db
          .selectFrom('account_members')
          .select('account_id')
          .where('user_id', '=', user!.id)
          .orderBy('created_at')
          .executeTakeFirst()
      )?.account_id
    : who
  const account = accountId
    ? await db
        .selectFrom('accounts')
        .select(['id', 'name', 'kind', 'kyb_status', 'safe_address'])
        .where('id', '=', accountId)
        .executeTakeFirst()
    : undefined
  if (!byEmail && !account) throw new DomainError('not_found', say('no_such_account'))
  const cards = account
    ? await db
        .selectFrom('cards')
        .select(['id', 'last4', 'kind', 'status'])
        .where('account_id', '=', account.id)
        .where('status', '!=', 'cancelled')
        .orderBy('created_at')
        .execute()
    : []
  const charges = account
    ? await db
        .selectFrom('pix_charges')
        .select(['txid', 'brl_amount', 'created_at'])
        .where('account_id', '=', account.id)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .limit(5)
        .execute()
    : []
  const auths = account
    ? await db
        .selectFrom('card_authorizations')
        .select(['network_id', 'merchant_name', 'amount', 'status', 'created_at'])
        .where('account_id', '=', account.id)
        .orderBy('created_at', 'desc')
        .limit(8)
        .execute()
    : []
  let apps = db
    .selectFrom('identity_applications')
    .select(['id', 'provider_ref', 'kind', 'subject_name', 'status', 'submitted_at'])
    .where('status', 'in', ['submitted', 'in_review'])
    .orderBy('submitted_at')
  const subjects = [
    user ? { column: 'user_id' as const, id: user.id } : null,
    account ? { column: 'account_id' as const, id: account.id } : null,
  ].filter((s) => s !== null)
  apps = apps.where((eb) => (subjects.length ? eb.or(subjects.map((s) => eb(s.column, '=', s.id))) : eb.val(false)))
  return {
    user: user ? { id: user.id, email: user.email, name: user.name, kycStatus: user.kyc_status } : null,
    account: account
      ? {
          id: account.id,
          name: account.name,
          kind: account.kind,
          kybStatus: account.kyb_status,
          depositAddress: account.safe_address,
        }
      : null,
    cards: cards.map((c) => ({ id: c.id, last4: c.last4, kind: c.kind, status: c.status })),
    pixCharges: charges.map((c) => ({
      txid: c.txid,
      brlAmount: c.brl_amount.toString(),
      createdAt: c.created_at.toISOString(),
    })),
    authorizations: auths.map((a) => ({
      networkId: a.network_id,
      merchantName: a.merchant_name,
      amount: a.amount.toString(),
      status: a.status,
      createdAt: a.created_at.toISOString(),
    })),
    applications: (await apps.execute()).map((a) => ({
      id: a.id,
      reference: a.provider_ref,
      kind: a.kind,
      subject: a.subject_name,
      status: a.status,
      submittedAt: a.submitted_at.toISOString(),
    })),
  }
}

/** The sandbox's settings as last set (the identity provider decides by itself until told otherwise). */
export async function sandboxSettings(db: Tx): Promise<SandboxSettings> {
  const row = await db
    .selectFrom('feature_flags')
    .select('enabled')
    .where('key', '=', IDENTITY_MANUAL_KEY)
    .executeTakeFirst()
  return { identityDecisions: row?.enabled ? 'manual' : 'auto' }
}

export async function setSandboxSettings(deps: Deps, db: Tx, settings: SandboxSettings): Promise<SandboxSettings> {
  const enabled = settings.identityDecisions === 'manual'
  await db
    .insertInto('feature_flags')
    .values({
      key: IDENTITY_MANUAL_KEY,
      description: 'Sandbox: the identity provider leaves applications pending for an admin to decide.',
      enabled,
      rollout_percent: 100,
      updated_at: deps.now(),
    })
    .onConflict((oc) => oc.column('key').doUpdateSet({ enabled, updated_at: deps.now() }))
    .execute()
  return sandboxSettings(db)
}
