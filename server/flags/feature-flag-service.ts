import { say } from '../../domain/error-message'
import { DomainError } from '../../domain/errors'
import {
  evaluateFlag,
  FEATURE_FLAG_KEYS,
  FEATURE_FLAGS,
  type FeatureFlagKey,
  type FlagState,
} from '../../domain/feature-flags'
import type { FeatureFlagView } from '../../domain/api/admin-people.schema'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { recordAudit } from '../audit/audit'

const known = (key: string): FeatureFlagKey => {
  if (!(FEATURE_FLAG_KEYS as string[]).includes(key)) throw new DomainError('not_found', say('no_such_feature_flag'))
  return key as FeatureFlagKey
}

/** A flag's default: its definition, except `signups`, whose default is the SIGNUPS_OPEN setting. */
function defaultState(deps: Pick<Deps, 'config'>, key: FeatureFlagKey): FlagState {
  const d = FEATURE_FLAGS[key]
  return { enabled: key === 'signups' ? deps.config.SIGNUPS_OPEN : d.enabled, rolloutPercent: d.rolloutPercent }
}

/** A flag's state: as an admin last set it, else its default. */
export async function flagState(
  deps: Pick<Deps, 'config'>,
  db: Tx,
  key: FeatureFlagKey,
): Promise<FlagState & { updatedAt: Date | null }> {
  const row = await db
    .selectFrom('feature_flags')
    .select(['enabled', 'rollout_percent', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirst()
  return row
    ? { enabled: row.enabled, rolloutPercent: row.rollout_percent, updatedAt: row.updated_at }
    : { ...defaultState(deps, key), updatedAt: null }
}

/** Whether a flag is on for a person (or, with null, for an anonymous visitor). */
export async function isFlagOn(
  deps: Pick<Deps, 'config'>,
  db: Tx,
  key: FeatureFlagKey,
  userId: string | null,
): Promise<boolean> {
  const state = await flagState(deps, db, key)
  const override = userId
    ? await db
        .selectFrom('feature_flag_overrides')
        .select('enabled')
        .where('key', '=', key)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined
  return evaluateFlag(key, state, userId, override?.enabled)
}

/** Every flag evaluated for one person. */
export async function flagsFor(deps: Pick<Deps, 'config'>, db: Tx, userId: string): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {}
  for (const key of FEATURE_FLAG_KEYS) out[key] = await isFlagOn(deps, db, key, userId)
  return out
}

async function flagView(deps: Pick<Deps, 'config'>, db: Tx, key: FeatureFlagKey): Promise<FeatureFlagView> {
  const state = await flagState(deps, db, key)
  const overrides = await db
    .selectFrom('feature_flag_overrides as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.user_id', 'u.email', 'o.enabled'])
    .where('o.key', '=', key)
    .orderBy('u.email')
    .execute()
  return {
    key,
    description: FEATURE_FLAGS[key].description,
    enabled: state.enabled,
    rolloutPercent: state.rolloutPercent,
    updatedAt: state.updatedAt ? state.updatedAt.toISOString() : null,
    overrides: overrides.map((o) => ({ userId: o.user_id, email: o.email, enabled: o.enabled })),
  }
}

/** The admin's view: every flag with its state and its per-person overrides. */
export async function listFlags(deps: Pick<Deps, 'config'>, db: Tx): Promise<{ items: FeatureFlagView[] }> {
  const items: FeatureFlagView[] = []
  for (const key of FEATURE_FLAG_KEYS) items.push(await flagView(deps, db, key))
  return { items }
}

/** Turns a flag on or off and sets its rollout, with an audit line in the same transaction. */
export async function setFlag(
  deps: Deps,
  tx: Tx,
  actorId: string,
  rawKey: string,
  input: FlagState,
): Promise<FeatureFlagView> {
  const key = known(rawKey)
  const before = await flagState(deps, tx, key)
  await tx
    .insertInto('feature_flags')
    .values({
      key,
      description: FEATURE_FLAGS[key].description,
      enabled: input.enabled,
      rollout_percent: input.rolloutPercent,
      updated_at: deps.now(),
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ enabled: input.enabled, rollout_percent: input.rolloutPercent, updated_at: deps.now() }),
    )
    .execute()
  await recordAudit(deps, tx, {
    actorId,
    action: 'feature_flag.set',
    subjectType: 'feature_flag',
    subjectId: key,
    before: { enabled: before.enabled, rolloutPercent: before.rolloutPercent },
    after: input,
  })
  return flagView(deps, tx, key)
}

/**
 * Forces a flag on or off for one person (found by e-mail), audited. `refuseTarget` is the caller's rule on who
 * may be the person (the back office: not the admin, nor someone in their accounts); it throws to refuse.
 */
export async function setOverride(
  deps: Deps,
  tx: Tx,
  actorId: string,
  rawKey: string,
  input: { email: string; enabled: boolean },
  refuseTarget: (userId: string) => Promise<void>,
): Promise<FeatureFlagView> {
  const key = known(rawKey)
  const user = await tx.selectFrom('users').select(['id', 'email']).where('email', '=', input.email).executeTakeFirst()
  if (!user) throw new DomainError('not_found', say('no_one_e_mail'), { email: say('no_one_e_mail') })
  await refuseTarget(user.id)
  const before = await tx
    .selectFrom('feature_flag_overrides')
    .select('enabled')
    .where('key', '=', key)
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  await tx
    .insertInto('feature_flag_overrides')
    .values({ key, user_id: user.id, enabled: input.enabled })
    .onConflict((oc) => oc.columns(['key', 'user_id']).doUpdateSet({ enabled: input.enabled }))
    .execute()
  await recordAudit(deps, tx, {
    actorId,
    action: 'feature_flag.override',
    subjectType: 'feature_flag',
    subjectId: key,
    before: before ? { email: user.email, enabled: before.enabled } : null,
    after: { email: user.email, enabled: input.enabled },
  })
  return flagView(deps, tx, key)
}

/** Removes a person's override: the flag's rollout decides for them again; `refuseTarget` as for setOverride. */
export async function removeOverride(
  deps: Deps,
  tx: Tx,
  actorId: string,
  rawKey: string,
  userId: string,
  refuseTarget: (userId: string) => Promise<void>,
): Promise<FeatureFlagView> {
  const key = known(rawKey)
  await refuseTarget(userId)
  const removed = await tx
    .deleteFrom('feature_flag_overrides')
    .where('key', '=', key)
    .where('user_id', '=', userId)
    .returning('enabled')
    .executeTakeFirst()
  if (!removed) throw new DomainError('not_found', say('person_no_override'))
  const user = await tx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()
  await recordAudit(deps, tx, {
    actorId,
    action: 'feature_flag.override_removed',
    subjectType: 'feature_flag',
    subjectId: key,
    before: { email: user.email, enabled: removed.enabled },
    after: null,
  })
  return flagView(deps, tx, key)
}
