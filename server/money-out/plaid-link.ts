import { errorText } from '../../domain/error-words'
import { say } from '../../domain/error-message'
import { randomBytes } from 'node:crypto'
import { DomainError } from '../../domain/errors'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { dataKeys } from '../security/data-keys'
import { sealText } from '../security/field-crypto'
import { recipientView } from './bank-send'

/**
 * The sandbox of Plaid Link: what Plaid's own modal does, answered by the server as Plaid's sandbox does.
 * Credentials `user_good` / `pass_good`, MFA code `1234`, a few institutions with checking and savings
 * accounts. The public token is single-use and exchanged on the server; only masked numbers leave it.
 */
export const SANDBOX_INSTITUTIONS = [
  { id: 'ins_109508', name: 'First Platypus Bank' },
  { id: 'ins_109509', name: 'Tartan Bank' },
  { id: 'ins_109511', name: 'Houndstooth Bank' },
] as const

const ACCOUNTS = [
  { id: 'checking', name: 'Plaid Checking', subtype: 'checking', routing: '011401533', account: '1111222233330000' },
  { id: 'savings', name: 'Plaid Saving', subtype: 'savings', routing: '011401533', account: '1111222233331111' },
] as const

const SESSION_MINUTES = 10

function institution(id: string) {
  const found = SANDBOX_INSTITUTIONS.find((i) => i.id === id)
  if (!found) throw new DomainError('not_found', say('unknown_bank'), { institutionId: say('choose_bank_list') })
  return found
}

async function session(deps: Deps, db: Tx, accountId: string, sessionId: string) {
  const s = await db
    .selectFrom('plaid_link_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (!s) throw new DomainError('not_found', say('no_such_bank_connection'))
  if (s.expires_at.getTime() <= deps.now().getTime()) throw new DomainError('plaid_session_expired')
  return s
}

/** Step 1: the holder signs in to their bank. */
export async function startLink(
  deps: Deps,
  db: Tx,
  accountId: string,
  input: { institutionId: string; username: string; password: string },
) {
  institution(input.institutionId)
  if (input.username !== 'user_good' || input.password !== 'pass_good')
    throw new DomainError('plaid_credentials', undefined, {
      password: say('plaid_credentials'),
    })
  const id = deps.newId()
  await db
    .insertInto('plaid_link_sessions')
    .values({
      id,
      account_id: accountId,
      institution_id: input.institutionId,
      stage: 'mfa',
      expires_at: new Date(deps.now().getTime() + SESSION_MINUTES * 60_000),
    })
    .execute()
  const prompt = say('phone_code_sent')
  return { sessionId: id, mfa: { prompt: errorText(prompt, 'en-US'), promptKey: prompt } }
}

/** Step 2: the bank's one-time code; answers the holder's accounts (masked) and a public token. */
export async function answerMfa(deps: Deps, db: Tx, accountId: string, sessionId: string, code: string) {
  const s = await session(deps, db, accountId, sessionId)
  if (s.stage !== 'mfa') throw new DomainError('plaid_session_expired')
  if (code !== '1234')
    throw new DomainError('plaid_mfa', undefined, {
      code: say('plaid_mfa'),
    })
  const publicToken = `public-sandbox-${randomBytes(12).toString('hex')}`
  await db
    .updateTable('plaid_link_sessions')
    .set({ stage: 'linked', public_token: publicToken })
    .where('id', '=', s.id)
    .execute()
  return {
    publicToken,
    institution: institution(s.institution_id).name,
    accounts: ACCOUNTS.map((a) => ({ id: a.id, name: a.name, subtype: a.subtype, mask: a.account.slice(-4) })),
  }
}

/** Step 3 (server side): exchanges the public token once and saves the chosen account as a recipient. */
export async function exchangeToken(
  deps: Deps,
  db: Tx,
  accountId: string,
  input: { publicToken: string; plaidAccountId: string },
) {
  const s = await db
    .selectFrom('plaid_link_sessions')
    .selectAll()
    .where('public_token', '=', input.publicToken)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (s?.stage !== 'linked' || s.expires_at.getTime() <= deps.now().getTime())
    throw new DomainError('plaid_session_expired')
  const chosen = ACCOUNTS.find((a) => a.id === input.plaidAccountId)
  if (!chosen)
    throw new DomainError('not_found', say('choose_listed_account'), {
      plaidAccountId: say('choose_listed_account'),
    })
  await db.updateTable('plaid_link_sessions').set({ stage: 'exchanged' }).where('id', '=', s.id).execute()
  const owner = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow()
  const id = deps.newId()
  const bank = institution(s.institution_id).name
  const keys = dataKeys(deps.config)
  await db
    .insertInto('bank_recipients')
    .values({
      id,
      account_id: accountId,
      region: 'us',
      name: `${owner.name} · ${chosen.name}`,
      routing_number: chosen.routing,
      account_number: sealText(keys, 'bank_recipients.account_number', chosen.account),
      iban: null,
      bic: null,
      source: 'plaid',
      institution: bank,
    })
    .execute()
  return recipientView(
    keys,
    await db.selectFrom('bank_recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  )
}
