import { z } from 'zod'
import {
  FeatureFlagBody,
  FeatureFlagOverrideBody,
  FeatureFlagsResponse,
  FeatureFlagView,
  MyFeatureFlags,
} from '../../domain/api/admin-people.schema'
import { defineRoute } from '../http/route-table'
import { flagsFor, listFlags, removeOverride, setFlag, setOverride } from '../flags/feature-flag-service'
import { refuseOwnPerson } from './own-account'

const admin = { kind: 'platform_admin' } as const
const KeyParams = z.object({ key: z.string().min(1).max(64) })

export const adminFlagRoutes = [
  defineRoute({
    method: 'get',
    path: '/me/feature-flags',
    summary: 'Every feature flag evaluated for the caller (override, else on/off and the rollout bucket)',
    tag: 'meta',
    access: { kind: 'user' },
    response: MyFeatureFlags,
    handler: async ({ deps, db, principal }) => ({ flags: await flagsFor(deps, db, principal!.userId) }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/feature-flags',
    summary: 'Feature flags with their state, rollout and per-person overrides (admins)',
    tag: 'admin',
    access: admin,
    response: FeatureFlagsResponse,
    handler: ({ deps, db }) => listFlags(deps, db),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/feature-flags/:key',
    summary: 'Turn a flag on or off and set its rollout 0–100 % (admins; audited)',
    tag: 'admin',
    access: admin,
    params: KeyParams,
    body: FeatureFlagBody,
    response: FeatureFlagView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => setFlag(deps, tx, principal!.userId, params.key, body)),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/feature-flags/:key/overrides',
    summary: 'Force a flag on or off for one person, by e-mail (admins; audited)',
    tag: 'admin',
    access: admin,
    params: KeyParams,
    body: FeatureFlagOverrideBody,
    response: FeatureFlagView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) =>
        setOverride(deps, tx, principal!.userId, params.key, body, (userId) =>
          refuseOwnPerson(deps, tx, principal!.userId, userId, {
            action: 'feature_flag.override',
            subjectType: 'feature_flag',
            subjectId: params.key,
          }),
        ),
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/feature-flags/:key/overrides/:userId',
    summary: 'Remove a person’s override; the rollout decides for them again (admins; audited)',
    tag: 'admin',
    access: admin,
    params: KeyParams.extend({ userId: z.uuid() }),
    response: FeatureFlagView,
    handler: ({ deps, params, principal }) =>
      deps.db.kysely.transaction().execute((tx) =>
        removeOverride(deps, tx, principal!.userId, params.key, params.userId, (userId) =>
          refuseOwnPerson(deps, tx, principal!.userId, userId, {
            action: 'feature_flag.override_removed',
            subjectType: 'feature_flag',
            subjectId: params.key,
          }),
        ),
      ),
  }),
]
