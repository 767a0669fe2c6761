import { expect, it } from 'vitest'
import { SANDBOX_SECRET } from '../config'
import { createTestApp } from '../testing/test-app'
import { withInstallSecret } from './install-secret'

it(
  'an install that already has people keeps the sandbox key it has ' +
    'signed with, and warns at every start; a key given is used as is',
  async () => {
    const t = await createTestApp()
    const development = { ...t.deps.config, CASH_ENV: 'development' as const }
    const first = await withInstallSecret(development, {}, t.deps.db, t.deps.log)
    expect(first.WEBHOOK_SECRET).toBe(SANDBOX_SECRET)
    expect(t.logs.join('\n')).toContain('signs webhooks with the sandbox key')
    expect((await withInstallSecret(development, {}, t.deps.db, t.deps.log)).WEBHOOK_SECRET).toBe(SANDBOX_SECRET)
    const given = { ...development, WEBHOOK_SECRET: 'an-operator-given-secret' }
    expect(
      (await withInstallSecret(given, { WEBHOOK_SECRET: 'an-operator-given-secret' }, t.deps.db, t.deps.log))
        .WEBHOOK_SECRET,
    ).toBe('an-operator-given-secret')
  },
)
