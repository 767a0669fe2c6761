import type { OnboardingView } from '../../domain/api/safe.schema'
import { accountVerification } from '../accounts/verification'
import type { Principal } from '../http/route-table'
import type { Tx } from '../db/connect'

type Kind = 'personal' | 'corporate'

/** The account a user is onboarding: their personal account, or the newest company they own. */
async function onboardingAccount(db: Tx, userId: string, kind: Kind) {
  return db
    .selectFrom('account_members')
    .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
    .select(['accounts.id', 'accounts.name'])
    .where('account_members.user_id', '=', userId)
    .where('accounts.kind', '=', kind)
    .where('account_members.role', 'in', kind === 'personal' ? ['holder'] : ['owner'])
    .orderBy('accounts.created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Where the user is in onboarding, read from the account's real state: profile (the account exists) →
 * KYC or KYB approved → safe deployed → a first card. A step waiting on someone else (a review, the chain)
 * says so; the first step the user can act on is `current`.
 */
export async function onboardingState(db: Tx, principal: Principal, kind: Kind): Promise<OnboardingView> {
  const here = `/app/cash/onboarding/${kind}`
  const next = `?next=${encodeURIComponent(here)}`
  const account = await onboardingAccount(db, principal.userId, kind)
  const gate = account ? await accountVerification(db, account.id) : null
  const safe = account
    ? await db.selectFrom('safes').select('status').where('account_id', '=', account.id).executeTakeFirst()
    : undefined
  const card = account
    ? await db
        .selectFrom('cards')
        .select('id')
        .where('account_id', '=', account.id)
        .where('cardholder_user_id', '=', principal.userId)
        .where('status', '!=', 'cancelled')
        .executeTakeFirst()
    : undefined
  const verificationWaiting = gate !== null && (gate.status === 'submitted' || gate.status === 'in_review')
  const raw = [
    {
      id: 'profile' as const,
      done: account !== undefined,
      waiting: false,
      href: `${here}#profile`,
      detail: account?.name ?? null,
    },
    {
      id: 'verification' as const,
      done: gate?.approved ?? false,
      waiting: verificationWaiting,
      href: `/app/cash/${kind === 'corporate' ? 'kyb' : 'kyc'}${next}`,
      detail: gate?.message ?? null,
    },
    {
      id: 'safe' as const,
      done: safe?.status === 'deployed',
      waiting: safe?.status === 'deploying',
      href: `/app/cash/safe-creation${next}`,
      detail: null,
    },
    {
      id: 'card' as const,
      done: card !== undefined,
      waiting: false,
      href: `/app/cash/order-card/@${kind}${next}`,
      detail: null,
    },
  ]
  // A card can be ordered while the safe is still being deployed: its address is already fixed.
  const blocked = (i: number) =>
    raw.slice(0, i).some((s, j) => !s.done && !(raw[j]!.id === 'safe' && s.waiting && raw[i]!.id === 'card'))
  let currentTaken = false
  const steps = raw.map((s, i) => {
    let state: 'done' | 'current' | 'waiting' | 'todo' = 'todo'
    if (s.done) state = 'done'
    else if (s.waiting) state = 'waiting'
    else if (!blocked(i) && !currentTaken) {
      state = 'current'
      currentTaken = true
    }
    return { id: s.id, state, href: s.href, detail: s.detail }
  })
  return {
    kind,
    accountId: account?.id ?? null,
    accountName: account?.name ?? null,
    steps,
    complete: steps.every((s) => s.state === 'done'),
  }
}
