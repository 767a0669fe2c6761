import { say } from '../../domain/error-message'
import type { ProfileBody, ProfileView } from '../../domain/api/settings.schema'
import { DomainError } from '../../domain/errors'
import { timeZoneAccount } from '../../domain/profile'
import type { Deps, Principal } from '../http/route-table'
import { dataKeys } from '../security/data-keys'
import { openText, sealText } from '../security/field-crypto'
import type { Tx } from '../db/connect'

/** The caller's profile and the time zone of the account it governs (see `timeZoneAccount`). */
export async function getProfile(deps: Pick<Deps, 'config'>, db: Tx, principal: Principal): Promise<ProfileView> {
  const user = await db
    .selectFrom('users')
    .select(['name', 'email', 'language', 'phone'])
    .where('id', '=', principal.userId)
    .executeTakeFirstOrThrow()
  const target = timeZoneAccount(principal.memberships)
  const zone = target
    ? await db.selectFrom('accounts').select('time_zone').where('id', '=', target.accountId).executeTakeFirstOrThrow()
    : null
  return {
    name: user.name,
    email: user.email,
    language: user.language,
    phone: user.phone === null ? null : openText(dataKeys(deps.config), 'users.phone', user.phone),
    timeZone:
      target && zone
        ? {
            accountId: target.accountId,
            accountName: target.accountName,
            accountKind: target.accountKind,
            value: zone.time_zone,
            editable: target.editable,
          }
        : null,
  }
}

/**
 * Saves name, language, phone and (when sent and allowed) the time zone. A personal account carries its
 * holder's name, so it is renamed with them. A company's time zone is refused to a plain member at the field.
 */
export async function saveProfile(
  deps: Pick<Deps, 'config' | 'now'>,
  db: Tx,
  principal: Principal,
  body: ProfileBody,
): Promise<void> {
  const target = timeZoneAccount(principal.memberships)
  if (body.timeZone !== undefined) {
    if (!target)
      throw new DomainError('invalid_request', say('open_account_first'), {
        timeZone: say('open_account_first'),
      })
    const current = await db
      .selectFrom('accounts')
      .select('time_zone')
      .where('id', '=', target.accountId)
      .executeTakeFirstOrThrow()
    if (current.time_zone !== body.timeZone && !target.editable) {
      throw new DomainError('forbidden', say('only_managers_time_zone'), {
        timeZone: say('only_managers_time_zone'),
      })
    }
    // The change dated by the business clock: the day it is made on carries over to the new zone (migration 0064).
    if (current.time_zone !== body.timeZone)
      await db
        .updateTable('accounts')
        .set({ time_zone: body.timeZone, time_zone_changed_at: deps.now() })
        .where('id', '=', target.accountId)
        .execute()
  }
  await db
    .updateTable('users')
    .set({
      name: body.name,
      language: body.language,
      phone: body.phone === null ? null : sealText(dataKeys(deps.config), 'users.phone', body.phone),
    })
    .where('id', '=', principal.userId)
    .execute()
  if (target?.accountKind === 'personal')
    await db.updateTable('accounts').set({ name: body.name }).where('id', '=', target.accountId).execute()
}
