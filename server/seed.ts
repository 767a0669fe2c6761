import { sql, type Kysely } from 'kysely'
import { DEFAULT_LIMITS } from '../domain/account-rules'
import { HELD_ASSETS } from '../domain/asset'
import { MEMBERSHIP_REWARDS_WINDOW, MONTHLY_TIER_REWARD, SUMMER_MINT } from '../domain/membership'
import { parsePositiveAmount } from '../domain/money'
import {
  DEMO_CARDS,
  DEMO_PASSWORD_HASH,
  DEMO_PASSWORD_HASH_TEST,
  demoSafeAddress,
  persona,
  PERSONAS,
  type Persona,
} from '../fixtures/personas'
import { PASSWORD_COST } from './auth/password'
import type { Database } from './db/schema'
import type { Deps } from './http/route-table'
import { ledgerAccountId, postJournal } from './ledger/ledger-service'
import type { Tx } from './db/connect'
import { recordDeployedSafe } from './safe/safe-service'
import { wireLedgerFollowers } from './ledger-followers'
import { recordVaultSnapshots } from './grow/earn-service'
import { title } from '../domain/movement-title'

// The server's only import of fixtures/: seeding the demo data is the composition root's job
// (docs/architecture-notes.md).

async function seedPersona(deps: Deps, tx: Tx, p: Persona): Promise<void> {
  await tx
    .insertInto('users')
    .values({
      id: p.id,
      email: p.email,
      name: p.name,
      password_hash: PASSWORD_COST === 'test' ? DEMO_PASSWORD_HASH_TEST : DEMO_PASSWORD_HASH,
      platform_role: p.platformRole,
      kyc_status: p.kyc ?? 'approved',
    })
    .execute()
  if (!p.account) return
  if ('join' in p.account) {
    await tx
      .insertInto('account_members')
      .values({ account_id: p.account.join, user_id: p.id, role: p.account.role })
      .execute()
    return
  }
  const a = p.account.create
  const limits = DEFAULT_LIMITS[a.kind]
  await tx
    .insertInto('accounts')
    .values({
      id: a.id,
      kind: a.kind,
      name: a.name,
      mode: a.mode,
      time_zone: a.timeZone,
      safe_address: demoSafeAddress(a.id),
      daily_limit: limits.daily,
      monthly_limit: limits.monthly,
      kyb_status: a.kind === 'corporate' ? 'approved' : 'not_started',
    })
    .execute()
  await tx.insertInto('account_members').values({ account_id: a.id, user_id: p.id, role: p.account.role }).execute()
  for (const asset of HELD_ASSETS) {
    const amount = a.balances[asset]
    if (!amount) continue
    const units = parsePositiveAmount(amount, asset)
    await postJournal(tx, {
      id: deps.newId(),
      kind: 'deposit',
      accountId: a.id,
      title: title('deposit', { asset }),
      entries: [
        {
          ledgerAccountId: await ledgerAccountId(tx, deps.newId, { accountId: null, code: 'custody', asset }),
          side: 'debit',
          amount: units,
          asset,
        },
        {
          ledgerAccountId: await ledgerAccountId(tx, deps.newId, { accountId: a.id, code: 'cash', asset }),
          side: 'credit',
          amount: units,
          asset,
        },
      ],
    })
  }
  if (a.debt) {
    const units = parsePositiveAmount(a.debt, 'USDC')
    await postJournal(tx, {
      id: deps.newId(),
      kind: 'card_spend',
      accountId: a.id,
      title: title('card_borrowed', { merchant: 'Lisbon Furniture Co.' }),
      entries: [
        {
          ledgerAccountId: await ledgerAccountId(tx, deps.newId, { accountId: a.id, code: 'debt', asset: 'USDC' }),
          side: 'debit',
          amount: units,
          asset: 'USDC',
        },
        {
          ledgerAccountId: await ledgerAccountId(tx, deps.newId, {
            accountId: null,
            code: 'card_settlement',
            asset: 'USDC',
          }),
          side: 'credit',
          amount: units,
          asset: 'USDC',
        },
      ],
    })
  }
}

/** Writes the demo personas and their money, in one transaction. */
export async function seedPersonas(deps: Deps, personas: readonly Persona[] = PERSONAS): Promise<void> {
  // The seed posts before any app is made (a server's first start, the tests' snapshot): alerts follow it too.
  wireLedgerFollowers()
  await deps.db.kysely.transaction().execute(async (tx) => {
    for (const p of personas) await seedPersona(deps, tx, p)
    // The demo accounts' safes are already on chain; their owners are the people seeded above.
    for (const p of personas)
      if (p.account && 'create' in p.account)
        await recordDeployedSafe(deps, tx, p.account.create.id, demoSafeAddress(p.account.create.id))
    if (personas !== PERSONAS) return
    for (const c of DEMO_CARDS) {
      const holder = persona(c.cardholder)
      const limits = c.limits as { daily?: string; monthly?: string }
      await tx
        .insertInto('cards')
        .values({
          id: c.id,
          account_id: c.accountId,
          cardholder_user_id: holder.id,
          kind: 'virtual',
          status: 'active',
          last4: c.last4,
          expiry_month: 11,
          expiry_year: 2030,
          name_on_card: holder.name.toUpperCase(),
          daily_limit: limits.daily ? parsePositiveAmount(limits.daily, 'USDC') : null,
          monthly_limit: limits.monthly ? parsePositiveAmount(limits.monthly, 'USDC') : null,
        })
        .execute()
    }
    await seedCampaigns(deps, tx)
    // The vaults' daily snapshots of the past 30 days, so the APY / value chart has a history from the start.
    const now = deps.now()
    await recordVaultSnapshots(deps, tx, new Date(now.getTime() - 30 * 86_400_000), now)
  })
}

/**
 * The first summer-mint and membership-rewards campaigns, with the values these promotions started with
 * (domain/membership.ts); admins run later ones from the back office. Open to every holder (no KYC or card
 * condition), as before they were campaigns.
 */
async function seedCampaigns(deps: Deps, tx: Tx): Promise<void> {
  const common = {
    requires_kyc: false,
    requires_active_card: false,
    personal_only: false,
    opt_in_required: false,
    created_by: persona('admin').id,
    created_at: deps.now(),
  }
  await tx
    .insertInto('cashback_campaigns')
    .values([
      {
        id: deps.newId(),
        kind: 'summer_mint',
        name: 'Summer Mint',
        starts_at: SUMMER_MINT.startsAt,
        ends_at: SUMMER_MINT.endsAt,
        spend_goal: SUMMER_MINT.goal,
        total_cap: 1n,
        per_holder_cap: 1n,
        ...common,
      },
      {
        id: deps.newId(),
        kind: 'membership_rewards',
        name: 'Membership rewards',
        starts_at: MEMBERSHIP_REWARDS_WINDOW.startsAt,
        ends_at: MEMBERSHIP_REWARDS_WINDOW.endsAt,
        tier_rewards: JSON.stringify(
          Object.fromEntries(Object.entries(MONTHLY_TIER_REWARD).map(([k, v]) => [k, String(v)])),
        ),
        total_cap: 1_000_000n * 1_000_000n,
        per_holder_cap: 24n * MONTHLY_TIER_REWARD.vip,
        ...common,
      },
    ])
    .execute()
}

/** The advisory lock seeding holds on PostgreSQL (migrations hold 727274). */
const SEED_LOCK = 727275

/**
 * Seeds an empty database on first start, unless turned off or in production. On PostgreSQL several servers
 * may start at once on one empty database: each waits for the seeding lock, on a connection of its own, and
 * looks again once it has it, so exactly one seeds and the others find the personas there (two servers that
 * both saw no users both seeded, and one died on a duplicate `users_pkey`). A PGlite folder has one server.
 */
export async function seedIfEmpty(deps: Deps, db: Kysely<Database> = deps.db.kysely): Promise<boolean> {
  if (deps.config.SEED === 'never' || deps.config.CASH_ENV === 'production') return false
  const seedWhenEmpty = async () => {
    const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
    if (any) return false
    await seedPersonas(deps)
    return true
  }
  if (deps.db.driver !== 'postgres') return seedWhenEmpty()
  return db.connection().execute(async (held) => {
    await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(held)
    try {
      return await seedWhenEmpty()
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(held)
    }
  })
}
