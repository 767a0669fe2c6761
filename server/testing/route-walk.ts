import { sql } from 'kysely'
import { ACCOUNT_IDS, type PersonaKey } from '../../fixtures/personas'
import type { Db } from '../db/connect'
import type { AnyRoute } from '../http/route-table'

/**
 * Helpers for tests that walk the whole route table (authorization matrix, CSRF, fuzzing): who may call a
 * route, a path with its parameters filled, and a snapshot of the main tables to prove a refusal wrote nothing.
 */

/** The account each persona belongs to, with the role it has there (the `new` user and the admin have none). */
export const HOME: Partial<Record<PersonaKey, { accountId: string; role: string }>> = {
  personal: { accountId: ACCOUNT_IDS.personal, role: 'holder' },
  borrower: { accountId: ACCOUNT_IDS.borrower, role: 'holder' },
  owner: { accountId: ACCOUNT_IDS.acme, role: 'owner' },
  member: { accountId: ACCOUNT_IDS.acme, role: 'member' },
}

/** An account the persona is not a member of. */
export const FOREIGN: Record<PersonaKey, string> = {
  personal: ACCOUNT_IDS.acme,
  borrower: ACCOUNT_IDS.personal,
  owner: ACCOUNT_IDS.personal,
  member: ACCOUNT_IDS.borrower,
  new: ACCOUNT_IDS.personal,
  admin: ACCOUNT_IDS.personal,
  admin2: ACCOUNT_IDS.personal,
}

/** A well-formed id of nothing: handlers answer 404 or 400 for it, so allowed calls change nothing. */
export const NOBODY = '00000000-0000-4000-8000-00000000dead'

const PARAM_VALUES: Record<string, string> = {
  asset: 'USDC',
  kind: 'personal',
  provider: 'card',
  hash: `0x${'ab'.repeat(32)}`,
  address: '0x000000000000000000000000000000000000dEaD',
  txid: 'NOSUCHTXID',
  networkId: 'no-such-network-id',
  reference: 'no-such-reference',
  type: 'card',
}

/**
 * The route's path below the API base with `:accountId` set to `accountId` and every other parameter to a harmless
 * value.
 */
export function fillPath(
  route: AnyRoute,
  accountId: string = ACCOUNT_IDS.personal,
  overrides: Record<string, string> = {},
): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(overrides[name] ?? (name === 'accountId' ? accountId : (PARAM_VALUES[name] ?? NOBODY))),
  )
}

/** Whether `persona` passes the route's access rule when calling it on `accountId`. */
export function mayCall(route: AnyRoute, persona: PersonaKey | 'anonymous', accountId: string | undefined): boolean {
  const a = route.access
  if (a.kind === 'public') return true
  if (persona === 'anonymous') return false
  if (a.kind === 'user') return true
  if (a.kind === 'platform_admin') return persona === 'admin'
  const home = HOME[persona]
  return !!home && home.accountId === accountId && (a.roles as readonly string[]).includes(home.role)
}

/**
 * The tables a refused call must never write, as counts, plus every card's status and every ledger account's balance.
 */
export async function snapshot(db: Db): Promise<string> {
  const tables = [
    'users',
    'accounts',
    'account_members',
    'sessions',
    'journals',
    'entries',
    'holds',
    'cards',
    'card_authorizations',
    'invitations',
    'withdrawals',
    'bank_sends',
    'bank_recipients',
    'pix_payments',
    'pix_charges',
    'idempotency_keys',
    'admin_audit_log',
    'jobs',
    'notifications',
    'alert_settings',
    'account_limit_changes',
    'account_mode_changes',
    'linked_wallets',
    'siwe_nonces',
    'vault_email_codes',
    'identity_applications',
    'identity_documents',
    'referral_links',
    'mail_outbox',
    'safes',
    'recoveries',
    'cashback_rules',
    'cashback_campaigns',
    'campaign_opt_ins',
    'conversion_quotes',
    'vault_positions',
    'vault_withdrawals',
  ]
  const counts = await sql<
    Record<string, string>
  >`SELECT ${sql.join(tables.map((t) => sql`(SELECT count(*) FROM ${sql.table(t)})::text AS ${sql.ref(t)}`))}`.execute(
    db.kysely,
  )
  const cards = await sql<{
    s: string | null
  }>`SELECT string_agg(id::text || ':' || status, ',' ORDER BY id) AS s FROM cards`.execute(db.kysely)
  const balances = await sql<{
    s: string | null
  }>`SELECT string_agg(id::text || ':' || debits_posted || ':' || credits_posted || ':' || debits_pending || ':' ||
      credits_pending, ',' ORDER BY id) AS s FROM ledger_accounts`.execute(db.kysely)
  const users = await sql<{
    s: string | null
  }>`SELECT string_agg(id::text || ':' || name || ':' || coalesce(language, ''), ',' ORDER BY id) AS s
      FROM users`.execute(db.kysely)
  return JSON.stringify({
    counts: counts.rows[0],
    cards: cards.rows[0]?.s,
    balances: balances.rows[0]?.s,
    users: users.rows[0]?.s,
  })
}
