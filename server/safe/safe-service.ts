import { say } from '../../domain/error-message'
import { keccak256, toHex, verifyMessage } from 'viem'
import { parseAddress, type Address } from '../../domain/address'
import { DomainError } from '../../domain/errors'
import { assertVerified } from '../../domain/card-issuing'
import { SAFE_NETWORK } from '../../domain/money-in'
import {
  predictSafeAddress,
  RECOVERY_APPROVALS_NEEDED,
  recoveryEndsAt,
  recoveryApprovalMessage,
  SAFE_DEPLOY_BLOCKS,
  safeConfigProblem,
  type RecoverySignerKind,
  recoverySignerName,
} from '../../domain/safe'
import { toDecimal } from '../../domain/money'
import { accountVerification } from '../accounts/verification'
import { verifyConfirmation, type Confirmation } from '../auth/confirm'
import type { Deps, Principal } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import type { Tx } from '../db/connect'
import { sandboxChain, txHash } from '../money-in/providers'
import { sandboxPlays, scheduleWebhook } from '../outbox/provider-outbox'
import { recordAudit } from '../audit/audit'
import { refuseOwnAccount } from '../admin/own-account'
import { personSigner, platformRecoverySigner, thirdPartyRecoverySigner } from './signers'

const OWNER_ROLES = ['holder', 'owner'] as const

/** The people who own the safe: the holder, or the company's owners, each through their signer. */
async function ownerPeople(deps: Pick<Deps, 'config'>, db: Tx, accountId: string) {
  const people = await db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['users.id', 'users.name'])
    .where('account_id', '=', accountId)
    .where('role', 'in', [...OWNER_ROLES])
    .orderBy('account_members.created_at')
    .orderBy('users.id')
    .execute()
  return people.map((p) => ({ userId: p.id, name: p.name, address: personSigner(deps.config, p.id) }))
}

/** A stable salt per account, so the address shown before creation is the address created. */
const saltFor = (accountId: string) => BigInt(keccak256(toHex(`cash-safe:${accountId}`)).slice(0, 18))

/** What creating the safe would do: owners, threshold, and the counterfactual address. */
export async function planSafe(deps: Pick<Deps, 'config'>, db: Tx, accountId: string, threshold = 1) {
  const owners = await ownerPeople(deps, db, accountId)
  const problem = safeConfigProblem(
    owners.map((o) => o.address),
    threshold,
  )
  if (problem)
    throw new DomainError(
      'invalid_request',
      problem === 'threshold_range' ? say('threshold_range', { max: owners.length }) : say('safe_needs_owner'),
      { threshold: say('threshold_range', { max: owners.length }) },
    )
  return {
    owners,
    threshold,
    saltNonce: saltFor(accountId),
    address: predictSafeAddress(
      owners.map((o) => o.address),
      threshold,
      saltFor(accountId),
    ),
  }
}

/** Records a safe already on chain (the seeded demo accounts). */
export async function recordDeployedSafe(
  deps: Pick<Deps, 'config' | 'now'>,
  db: Tx,
  accountId: string,
  address: string,
) {
  const owners = await ownerPeople(deps, db, accountId)
  await db
    .insertInto('safes')
    .values({
      account_id: accountId,
      address,
      owners: JSON.stringify(owners.map((o) => o.address)),
      threshold: 1,
      salt_nonce: saltFor(accountId),
      status: 'deployed',
      deploy_tx_hash: txHash(`safe:${accountId}`),
      deploy_block: 0n,
      deployed_at: deps.now(),
    })
    .execute()
  await addPlatformSigners(deps, db, accountId)
}

async function addPlatformSigners(deps: Pick<Deps, 'config'>, db: Tx, accountId: string) {
  await db
    .insertInto('recovery_signers')
    .values([
      { account_id: accountId, kind: 'platform', address: platformRecoverySigner(deps.config), label: null },
      { account_id: accountId, kind: 'third_party', address: thirdPartyRecoverySigner(deps.config), label: null },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/**
 * Creates the account's safe: needs approved KYC (KYB for a company) and a holder or owner. The address is
 * fixed now (counterfactual) and usable for deposits at once; the sandbox chain reports the deployment a few
 * blocks later.
 */
export async function createSafe(deps: Deps, db: Tx, principal: Principal, accountId: string, threshold: number) {
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  assertVerified(await accountVerification(db, accountId, 'safe'))
  const existing = await db.selectFrom('safes').select('address').where('account_id', '=', accountId).executeTakeFirst()
  if (existing) throw new DomainError('safe_exists', undefined, undefined, { address: existing.address })
  const plan = await planSafe(deps, db, accountId, threshold)
  const chain = sandboxChain(deps)
  const now = deps.now()
  // The sandbox chain's own deployment; a real chain's is known when its indexer reports it (`safeDeployed`).
  const sandbox = sandboxPlays(deps.config, 'chain')
  const block = chain.currentBlock(now) + BigInt(SAFE_DEPLOY_BLOCKS)
  const hash = txHash(`safe-deploy:${accountId}:${plan.address}`)
  await db
    .insertInto('safes')
    .values({
      account_id: accountId,
      address: plan.address,
      owners: JSON.stringify(plan.owners.map((o) => o.address)),
      threshold,
      salt_nonce: plan.saltNonce,
      status: 'deploying',
      deploy_tx_hash: sandbox ? hash : null,
      deploy_block: sandbox ? block : null,
      created_by: principal.userId,
      created_at: now,
    })
    .execute()
  await db.updateTable('accounts').set({ safe_address: plan.address }).where('id', '=', accountId).execute()
  await addPlatformSigners(deps, db, accountId)
  // The sandbox chain reports the deployment it makes; a real chain's indexer sends the same `safe.deployed` webhook.
  // The address takes deposits before it is deployed (counterfactual), so a server without the sandbox chain
  // (production) records the safe as deploying and waits for that webhook rather than faking it.
  if (sandbox)
    await scheduleWebhook(
      deps,
      db,
      'chain',
      'safe.deployed',
      { address: plan.address, txHash: hash, block: block.toString() },
      chain.blockTime(block),
    )
  return getSafe(deps, db, accountId)
}

/** A transaction hash as a chain reports it. */
const TX_HASH = /^0x[0-9a-fA-F]{64}$/

/**
 * The chain reports the safe's deployment, with its transaction and block where it sends them (kept as reported;
 * the sandbox's are the ones it stored at creation). Idempotent.
 */
async function safeDeployed(deps: Deps, db: Tx, data: unknown) {
  const { address, txHash, block } = data as { address: string; txHash?: unknown; block?: unknown }
  const reported = {
    ...(typeof txHash === 'string' && TX_HASH.test(txHash) ? { deploy_tx_hash: txHash } : {}),
    ...(typeof block === 'string' && /^\d{1,20}$/.test(block) ? { deploy_block: block } : {}),
  }
  await db
    .updateTable('safes')
    .set({ status: 'deployed', deployed_at: deps.now(), ...reported })
    .where('address', '=', address)
    .where('status', '=', 'deploying')
    .execute()
}

export const safeChainEvents = { 'safe.deployed': safeDeployed }

/** Operations waiting out a security delay, each with when it happens: the safe page's countdowns. */
async function securityOperations(db: Tx, accountId: string) {
  const [mode, limits, withdrawals, recovery] = await Promise.all([
    db
      .selectFrom('account_mode_changes')
      .select(['id', 'to_mode', 'effective_at'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .execute(),
    db
      .selectFrom('account_limit_changes')
      .select(['id', 'daily_limit', 'monthly_limit', 'effective_at'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .execute(),
    db
      .selectFrom('withdrawals')
      .select(['id', 'asset', 'amount', 'destination', 'release_at'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'delayed')
      .execute(),
    db
      .selectFrom('recoveries')
      .select(['id', 'incoming_owner', 'executes_at'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'scheduled')
      .execute(),
  ])
  return [
    ...mode.map((m) => ({
      kind: 'mode_change' as const,
      id: m.id,
      summary: m.to_mode,
      at: m.effective_at.toISOString(),
      href: '/app/cash/settings#mode',
    })),
    ...limits.map((l) => ({
      kind: 'limit_change' as const,
      id: l.id,
      summary: `${toDecimal(l.daily_limit, 'USDC')}/${toDecimal(l.monthly_limit, 'USDC')}`,
      at: l.effective_at.toISOString(),
      href: '/app/cash/settings#limits',
    })),
    ...withdrawals.map((w) => ({
      kind: 'withdrawal' as const,
      id: w.id,
      summary: `${toDecimal(w.amount, w.asset as 'USDC')} ${w.asset} → ${w.destination}`,
      at: w.release_at.toISOString(),
      href: `/app/cash/withdraw/status?id=${w.id}`,
    })),
    ...recovery.map((r) => ({
      kind: 'recovery' as const,
      id: r.id,
      summary: r.incoming_owner,
      at: r.executes_at!.toISOString(),
      href: '/app/cash/safe#recovery',
    })),
  ].sort((a, b) => a.at.localeCompare(b.at))
}

export async function getSafe(deps: Pick<Deps, 'config'>, db: Tx, accountId: string) {
  const safe = await db.selectFrom('safes').selectAll().where('account_id', '=', accountId).executeTakeFirst()
  if (!safe) return { safe: null, plan: await planSafeView(deps, db, accountId) }
  const people = await ownerPeople(deps, db, accountId)
  const signers = await db
    .selectFrom('recovery_signers')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('kind')
    .execute()
  const recovery = await db
    .selectFrom('recoveries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', 'in', ['collecting', 'scheduled'])
    .executeTakeFirst()
  return {
    safe: {
      address: safe.address,
      network: SAFE_NETWORK.name,
      chainId: SAFE_NETWORK.chainId,
      status: safe.status,
      deployTxHash: safe.deploy_tx_hash,
      deployedAt: safe.deployed_at?.toISOString() ?? null,
      threshold: safe.threshold,
      owners: safe.owners.map((address) => ({
        address,
        name: people.find((p) => p.address === address)?.name ?? null,
      })),
      recoverySigners: signers.map((s) => ({
        kind: s.kind,
        address: s.address,
        label: recoverySignerName(s.kind, s.label, 'en-US'),
        ownLabel: s.label,
      })),
      recovery: recovery
        ? {
            id: recovery.id,
            incomingOwner: recovery.incoming_owner,
            approvals: recovery.approvals as RecoverySignerKind[],
            needed: RECOVERY_APPROVALS_NEEDED,
            status: recovery.status as 'collecting' | 'scheduled',
            executesAt: recovery.executes_at?.toISOString() ?? null,
            message: recoveryApprovalMessage({
              safe: safe.address,
              incomingOwner: recovery.incoming_owner,
              recoveryId: recovery.id,
            }),
          }
        : null,
      securityOperations: await securityOperations(db, accountId),
    },
    plan: null,
  }
}

async function planSafeView(deps: Pick<Deps, 'config'>, db: Tx, accountId: string) {
  const plan = await planSafe(deps, db, accountId)
  return {
    address: plan.address,
    owners: plan.owners.map((o) => ({ address: o.address, name: o.name })),
    maxThreshold: plan.owners.length,
    verification: await accountVerification(db, accountId),
  }
}

const addressField = (input: string, field: string): Address => {
  try {
    return parseAddress(input)
  } catch (error) {
    if (error instanceof DomainError) throw error.at(field)
    throw error
  }
}

/** The holder's own recovery signer (the third of three): any address they control, e.g. a hardware wallet. */
export async function setHolderRecoverySigner(
  deps: Pick<Deps, 'config' | 'now' | 'newId'>,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { address: string; label?: string | undefined; confirmation?: Confirmation | undefined },
) {
  const address = addressField(input.address, 'address')
  const safe = await db.selectFrom('safes').select(['owners']).where('account_id', '=', accountId).executeTakeFirst()
  if (!safe) throw new DomainError('safe_missing')
  if (safe.owners.includes(address))
    throw new DomainError('invalid_request', say('recovery_signer_is_owner'), {
      address: say('use_address_not_owner'),
    })
  await verifyConfirmation(deps, db, principal, input.confirmation)
  await db
    .insertInto('recovery_signers')
    .values({ account_id: accountId, kind: 'holder', address, label: input.label?.trim() || null })
    .onConflict((oc) => oc.columns(['account_id', 'kind']).doUpdateSet({ address, label: input.label?.trim() || null }))
    .execute()
  return getSafe(deps, db, accountId)
}

/** Starts a recovery naming the incoming owner; it needs 2 of the 3 recovery signers' approvals. */
export async function startRecovery(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { incomingOwner: string; confirmation?: Confirmation | undefined },
) {
  const incoming = addressField(input.incomingOwner, 'incomingOwner')
  const safe = await db
    .selectFrom('safes')
    .select(['owners'])
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (!safe) throw new DomainError('safe_missing')
  if (safe.owners.includes(incoming))
    throw new DomainError('invalid_request', say('address_already_owner'), {
      incomingOwner: say('address_already_owner'),
    })
  const open = await db
    .selectFrom('recoveries')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', 'in', ['collecting', 'scheduled'])
    .executeTakeFirst()
  if (open) throw new DomainError('recovery_in_progress')
  await verifyConfirmation(deps, db, principal, input.confirmation)
  const now = deps.now()
  await db
    .insertInto('recoveries')
    .values({
      id: deps.newId(),
      account_id: accountId,
      incoming_owner: incoming,
      status: 'collecting',
      requested_by: principal.userId,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return getSafe(deps, db, accountId)
}

/**
 * A recovery signer approves. The holder's own signer proves it with a signature over the recovery message;
 * the platform (an admin) and the partner (sandbox) approve through their own channels. The second approval
 * schedules the hand-over after the recovery delay.
 */
export async function approveRecovery(
  deps: Deps,
  db: Tx,
  recoveryId: string,
  kind: RecoverySignerKind,
  signature?: `0x${string}`,
  accountId?: string,
) {
  const recovery = await db
    .selectFrom('recoveries')
    .selectAll()
    .where('id', '=', recoveryId)
    .forUpdate()
    .executeTakeFirst()
  // Through an account's own path, another account's recovery does not exist.
  if (accountId !== undefined && recovery?.account_id !== accountId) throw new DomainError('not_found')
  if (recovery?.status !== 'collecting') throw new DomainError('recovery_not_open')
  const signer = await db
    .selectFrom('recovery_signers')
    .selectAll()
    .where('account_id', '=', recovery.account_id)
    .where('kind', '=', kind)
    .executeTakeFirst()
  if (!signer) throw new DomainError('invalid_request', say('recovery_signer_missing'))
  if (kind === 'holder') {
    const safe = await db
      .selectFrom('safes')
      .select('address')
      .where('account_id', '=', recovery.account_id)
      .executeTakeFirstOrThrow()
    const message = recoveryApprovalMessage({ safe: safe.address, incomingOwner: recovery.incoming_owner, recoveryId })
    const valid = signature
      ? await verifyMessage({ address: signer.address as Address, message, signature }).catch(() => false)
      : false
    if (!valid)
      throw new DomainError('signature_invalid', undefined, {
        signature: say('signature_not_recovery_key'),
      })
  }
  const approvals = recovery.approvals.includes(kind) ? recovery.approvals : [...recovery.approvals, kind]
  const now = deps.now()
  const scheduled = approvals.length >= RECOVERY_APPROVALS_NEEDED
  const executesAt = scheduled ? recoveryEndsAt(now) : null
  await db
    .updateTable('recoveries')
    .set({
      approvals: JSON.stringify(approvals),
      status: scheduled ? 'scheduled' : 'collecting',
      executes_at: executesAt,
      updated_at: now,
    })
    .where('id', '=', recoveryId)
    .execute()
  if (scheduled) await enqueue(db, deps, { kind: 'recovery.execute', payload: { recoveryId }, runAt: executesAt! })
  return { accountId: recovery.account_id }
}

/** A recovery as the audit log keeps it. */
async function recoveryState(db: Tx, recoveryId: string) {
  const r = await db.selectFrom('recoveries').selectAll().where('id', '=', recoveryId).executeTakeFirst()
  return r
    ? {
        accountId: r.account_id,
        incomingOwner: r.incoming_owner,
        approvals: r.approvals,
        status: r.status,
        executesAt: r.executes_at ? r.executes_at.toISOString() : null,
      }
    : null
}

/**
 * The platform's recovery signer approves a recovery, given by an admin (after checking who asks), with its audit
 * line in the same transaction: it can hand a safe to a new owner. Never on an account the admin belongs to.
 */
export async function adminApproveRecovery(deps: Deps, db: Tx, adminId: string, recoveryId: string) {
  const before = await recoveryState(db, recoveryId)
  if (before)
    await refuseOwnAccount(deps, db, adminId, before.accountId, {
      action: 'recovery.approve',
      subjectType: 'recovery',
      subjectId: recoveryId,
    })
  const approved = await approveRecovery(deps, db, recoveryId, 'platform')
  await recordAudit(deps, db, {
    actorId: adminId,
    action: 'recovery.approve',
    subjectType: 'recovery',
    subjectId: recoveryId,
    before,
    after: await recoveryState(db, recoveryId),
  })
  return approved
}

/** An owner stops a recovery (collecting or scheduled) before it executes. */
export async function cancelRecovery(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  confirmation: Confirmation | undefined,
) {
  const recovery = await db
    .selectFrom('recoveries')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', 'in', ['collecting', 'scheduled'])
    .forUpdate()
    .executeTakeFirst()
  if (!recovery) throw new DomainError('recovery_not_open')
  await verifyConfirmation(deps, db, principal, confirmation)
  await db
    .updateTable('recoveries')
    .set({ status: 'cancelled', cancelled_by: principal.userId, updated_at: deps.now() })
    .where('id', '=', recovery.id)
    .execute()
  return getSafe(deps, db, accountId)
}

/**
 * The job at the end of the recovery delay: the incoming owner takes control (sole owner, threshold 1). Not while the
 * account is frozen: a freeze is what a holder (or Cash) does when something is wrong, and a recovery approved before
 * it must not hand the safe over meanwhile. Its end moves one delay later, which the safe page shows, so the holder
 * can cancel it; it executes at the first end that finds the account unfrozen.
 */
export async function executeRecovery(deps: Deps, db: Tx, recoveryId: string) {
  const recovery = await db
    .selectFrom('recoveries')
    .selectAll()
    .where('id', '=', recoveryId)
    .forUpdate()
    .executeTakeFirst()
  const now = deps.now()
  if (recovery?.status !== 'scheduled' || !recovery.executes_at || recovery.executes_at.getTime() > now.getTime())
    return
  const account = await db
    .selectFrom('accounts')
    .select('frozen_at')
    .where('id', '=', recovery.account_id)
    .executeTakeFirstOrThrow()
  if (account.frozen_at !== null) {
    const executesAt = recoveryEndsAt(now)
    await db
      .updateTable('recoveries')
      .set({ executes_at: executesAt, updated_at: now })
      .where('id', '=', recoveryId)
      .execute()
    await enqueue(db, deps, { kind: 'recovery.execute', payload: { recoveryId }, runAt: executesAt })
    return
  }
  await db
    .updateTable('safes')
    .set({ owners: JSON.stringify([recovery.incoming_owner]), threshold: 1 })
    .where('account_id', '=', recovery.account_id)
    .execute()
  await db.updateTable('recoveries').set({ status: 'executed', updated_at: now }).where('id', '=', recoveryId).execute()
}
