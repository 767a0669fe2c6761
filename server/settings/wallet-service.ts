import { say } from '../../domain/error-message'
import { randomBytes } from 'node:crypto'
import { getAddress, verifyMessage } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { parseAddress } from '../../domain/address'
import type { WalletsView } from '../../domain/api/settings.schema'
import { AUTH_WINDOW_MINUTES } from '../../domain/auth-rules'
import { DomainError } from '../../domain/errors'
import { buildSiweMessage, SIWE_NONCE_MINUTES, type SiwePurpose } from '../../domain/siwe'
import { hitRateLimit } from '../security/rate-limit'
import { verifyConfirmation, type Confirmation } from '../auth/confirm'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'

/** Who asks for a nonce: a signed-in user linking a wallet, or anyone signing in (rate-limited by `client`). */
type Asker = { purpose: 'link'; userId: string } | { purpose: 'sign_in'; client: string }

/** Issues a single-use nonce and the exact SIWE message for `address` on `origin` (our own, from the request). */
export async function issueWalletNonce(deps: Deps, db: Tx, asker: Asker, addressInput: string, origin: string) {
  const now = deps.now()
  const key = asker.purpose === 'link' ? `wallet-nonce:${asker.userId}` : `wallet-sign-in:${asker.client}`
  await hitRateLimit(db, key, deps.config.AUTH_RATE_LIMIT, AUTH_WINDOW_MINUTES, now)
  const address = parseAddress(addressInput)
  const nonce = randomBytes(16).toString('hex')
  const message = buildSiweMessage({ origin, address, nonce, issuedAt: now, purpose: asker.purpose })
  const expiresAt = new Date(now.getTime() + SIWE_NONCE_MINUTES * 60_000)
  await db
    .insertInto('siwe_nonces')
    .values({
      nonce,
      purpose: asker.purpose,
      user_id: asker.purpose === 'link' ? asker.userId : null,
      address,
      message,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute()
  return { nonce, message, expiresAt: expiresAt.toISOString() }
}

/**
 * Checks a signed SIWE message and returns the signer's address. The nonce is spent by the first attempt
 * (in its own statement, so a failed attempt spends it too); then the message must be the one issued with
 * it, for this site and time, and the signature must recover to its address.
 */
async function verifySigned(
  deps: Deps,
  purpose: SiwePurpose,
  userId: string | null,
  input: { message: string; signature: string },
  origin: string,
): Promise<string> {
  const now = deps.now()
  const parsed = parseSiweMessage(input.message)
  if (!parsed.nonce) throw new DomainError('wallet_nonce_invalid')
  let spend = deps.db.kysely
    .updateTable('siwe_nonces')
    .set({ used_at: now })
    .where('nonce', '=', parsed.nonce)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
  spend = userId ? spend.where('user_id', '=', userId) : spend.where('user_id', 'is', null)
  const issued = await spend.returning(['nonce', 'address', 'message']).executeTakeFirst()
  if (!issued) throw new DomainError('wallet_nonce_invalid')
  if (issued.message !== input.message) throw new DomainError('wallet_signature_invalid')
  const valid = validateSiweMessage({
    message: parsed,
    domain: new URL(origin).host,
    nonce: issued.nonce,
    address: issued.address as `0x${string}`,
    time: now,
  })
  if (!valid) throw new DomainError('wallet_signature_invalid')
  const signed = await verifyMessage({
    address: issued.address as `0x${string}`,
    message: input.message,
    signature: input.signature as `0x${string}`,
  }).catch(() => false)
  if (!signed) throw new DomainError('wallet_signature_invalid')
  return issued.address
}

/**
 * Links the wallet that signed to the caller, after the same confirmation unlinking asks (password, or host
 * biometrics in the app): a stolen session alone cannot add a way to sign in. The confirmation is checked before the
 * nonce is spent, so a mistyped password can be typed again without signing again. A wallet links to one user;
 * linking it again is harmless.
 */
export async function linkWallet(
  deps: Deps,
  db: Tx,
  principal: Principal,
  input: { message: string; signature: string; confirmation: Confirmation },
  origin: string,
): Promise<void> {
  await verifyConfirmation(deps, db, principal, input.confirmation)
  const userId = principal.userId
  const address = await verifySigned(deps, 'link', userId, input, origin)
  await db
    .insertInto('linked_wallets')
    .values({ address, user_id: userId, created_at: deps.now() })
    .onConflict((oc) => oc.column('address').doNothing())
    .execute()
  const owner = await db
    .selectFrom('linked_wallets')
    .select('user_id')
    .where('address', '=', address)
    .executeTakeFirstOrThrow()
  if (owner.user_id !== userId) throw new DomainError('wallet_taken')
}

/**
 * The user a signed sign-in message belongs to, and the wallet that signed it (the session remembers it: unlinking
 * the wallet ends it); an unlinked wallet is refused with a pointer to password sign-in.
 */
export async function authenticateWallet(
  deps: Deps,
  input: { message: string; signature: string },
  origin: string,
): Promise<{ userId: string; address: string }> {
  const address = await verifySigned(deps, 'sign_in', null, input, origin)
  const link = await deps.db.kysely
    .selectFrom('linked_wallets')
    .select('user_id')
    .where('address', '=', address)
    .executeTakeFirst()
  if (!link) throw new DomainError('wallet_not_linked')
  return { userId: link.user_id, address }
}

export async function listWallets(db: Tx, userId: string): Promise<WalletsView> {
  const rows = await db
    .selectFrom('linked_wallets')
    .select(['address', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  return { wallets: rows.map((r) => ({ address: r.address, linkedAt: r.created_at.toISOString() })) }
}

/**
 * Unlinks one of the caller's wallets after confirmation (password, or host biometrics in the app), and ends the
 * sessions that wallet signed in, but not the caller's own: a lost or stolen wallet's sessions stop with its link.
 */
export async function unlinkWallet(
  deps: Pick<Deps, 'now' | 'newId'>,
  db: Tx,
  principal: Principal,
  addressInput: string,
  confirmation: Confirmation,
): Promise<void> {
  await verifyConfirmation(deps, db, principal, confirmation)
  const removed = await db
    .deleteFrom('linked_wallets')
    .where('address', '=', getAddress(addressInput.toLowerCase()))
    .where('user_id', '=', principal.userId)
    .executeTakeFirst()
  if (removed.numDeletedRows === 0n) throw new DomainError('not_found', say('wallet_not_linked_account'))
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', principal.userId)
    .where('wallet_address', '=', getAddress(addressInput.toLowerCase()))
    .where('id', '!=', principal.sessionId)
    .execute()
}
