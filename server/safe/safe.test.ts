import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { parseAddress } from '../../domain/address'
import { predictSafeAddress, safeConfigProblem } from '../../domain/safe'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
const later = (seconds: number) => t.setNow(new Date(t.deps.now().getTime() + seconds * 1000))
const recoveryKey = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const INCOMING = '0x52908400098527886E0F7030069857D2E4169EE7'

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})

describe('the counterfactual address', () => {
  it('depends on the owners, the threshold and the salt, and nothing else', () => {
    const a = parseAddress('0x1111111111111111111111111111111111111111')
    const b = parseAddress('0x2222222222222222222222222222222222222222')
    const base = predictSafeAddress([a, b], 1, 7n)
    expect(predictSafeAddress([a, b], 1, 7n)).toBe(base)
    expect(
      new Set([
        base,
        predictSafeAddress([a, b], 2, 7n),
        predictSafeAddress([b, a], 1, 7n),
        predictSafeAddress([a, b], 1, 8n),
      ]).size,
    ).toBe(4)
    expect(base).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(safeConfigProblem([a, b], 3)).toBe('threshold_range')
    expect(safeConfigProblem([a, a], 1)).toBe('duplicate_owner')
    expect(safeConfigProblem([], 1)).toBe('no_owners')
  })
})

describe('onboarding to a safe', () => {
  it('walks profile → KYC → safe (address known before deployment) → card, from the real state', async () => {
    const nora = await signIn(t.app, 'new')
    const steps = async () =>
      (await nora.json('GET', '/onboarding/personal')).body.steps.map(
        (s: { id: string; state: string }) => `${s.id}:${s.state}`,
      )
    expect(await steps()).toEqual(['profile:current', 'verification:todo', 'safe:todo', 'card:todo'])
    const { accountId } = (await nora.json('POST', '/accounts', { kind: 'personal', timeZone: 'America/Sao_Paulo' }))
      .body
    expect(await steps()).toEqual(['profile:done', 'verification:current', 'safe:todo', 'card:todo'])
    const plan = (await nora.json('GET', `/accounts/${accountId}/safe`)).body
    expect(plan).toMatchObject({
      safe: null,
      plan: { maxThreshold: 1, verification: { check: 'kyc', approved: false } },
    })
    const refused = await nora.json('POST', `/accounts/${accountId}/safe`, { threshold: 1 })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({
      code: 'verification_required',
      message: expect.stringContaining('create your safe'),
    })
    await admin.json('POST', `/sandbox/users/${persona('new').id}/kyc`, { status: 'in_review' })
    expect(await steps()).toEqual(['profile:done', 'verification:waiting', 'safe:todo', 'card:todo'])
    await admin.json('POST', `/sandbox/users/${persona('new').id}/kyc`, { status: 'approved' })
    expect(await steps()).toEqual(['profile:done', 'verification:done', 'safe:current', 'card:todo'])
    const created = await nora.json('POST', `/accounts/${accountId}/safe`, { threshold: 1 })
    expect(created.status).toBe(201)
    expect(created.body.safe).toMatchObject({
      address: plan.plan.address,
      status: 'deploying',
      threshold: 1,
      owners: [{ name: 'Nina Novak' }],
      recoverySigners: [{ kind: 'platform' }, { kind: 'third_party' }],
    })
    // The address takes deposits at once, and the card can be ordered while the chain deploys the safe.
    expect((await nora.json('GET', `/accounts/${accountId}/deposit-address`)).body.address).toBe(plan.plan.address)
    expect(await steps()).toEqual(['profile:done', 'verification:done', 'safe:waiting', 'card:current'])
    later(60)
    await t.runJobs()
    expect((await nora.json('GET', `/accounts/${accountId}/safe`)).body.safe.status).toBe('deployed')
    expect((await nora.json('POST', `/accounts/${accountId}/safe`, { threshold: 1 })).body.error.code).toBe(
      'safe_exists',
    )
    await nora.json('POST', `/accounts/${accountId}/cards`, {})
    expect((await nora.json('GET', '/onboarding/personal')).body).toMatchObject({ complete: true })
  })

  it('lets a company choose its threshold among its owners, and refuses one out of range at its field', async () => {
    const nora = await signIn(t.app, 'new')
    const { accountId } = (await nora.json('POST', '/accounts', { kind: 'corporate', name: 'Nora Ltd' })).body
    await admin.json('POST', `/sandbox/accounts/${accountId}/kyb`, { status: 'approved' })
    const res = await nora.json('POST', `/accounts/${accountId}/safe`, { threshold: 2 })
    expect(res.body.error.fields).toHaveProperty('threshold')
    expect((await nora.json('GET', '/onboarding/corporate')).body.steps.map((s: { state: string }) => s.state)).toEqual(
      ['done', 'done', 'current', 'todo'],
    )
  })
})

describe('the safe page and recovery', () => {
  const account = ACCOUNT_IDS.personal
  it('shows the seeded safe with its owner and pending security operations', async () => {
    const paula = await signIn(t.app, 'personal')
    await paula.json('PUT', `/accounts/${account}/mode`, {
      mode: 'borrow',
      confirmation: await paula.hostConfirmation(),
    })
    const safe = (await paula.json('GET', `/accounts/${account}/safe`)).body.safe
    expect(safe).toMatchObject({
      status: 'deployed',
      threshold: 1,
      owners: [{ name: 'Paula Pereira' }],
      recovery: null,
    })
    expect(safe.securityOperations).toEqual([
      expect.objectContaining({ kind: 'mode_change', summary: 'borrow', at: '2026-11-21T12:01:00.000Z' }),
    ])
  })

  it('hands the safe to an incoming owner after 2 of 3 approvals and the 3-day delay, unless cancelled', async () => {
    const paula = await signIn(t.app, 'personal')
    const set = await paula.json('PUT', `/accounts/${account}/safe/recovery-signer`, {
      address: recoveryKey.address,
      confirmation: await paula.hostConfirmation(),
    })
    // Cash's signers and a key the holder did not name carry no name: the page names them by their kind.
    const byKind = (a: { kind: string }, b: { kind: string }) => a.kind.localeCompare(b.kind)
    expect(set.body.safe.recoverySigners.sort(byKind)).toEqual([
      expect.objectContaining({ kind: 'holder', label: 'Your recovery key', ownLabel: null }),
      expect.objectContaining({ kind: 'platform', label: 'Cash', ownLabel: null }),
      expect.objectContaining({ kind: 'third_party', label: 'Recovery partner (sandbox)', ownLabel: null }),
    ])
    const started = await paula.json('POST', `/accounts/${account}/safe/recoveries`, {
      incomingOwner: INCOMING.toLowerCase(),
      confirmation: await paula.hostConfirmation(),
    })
    expect(started.status).toBe(201)
    const recovery = started.body.safe.recovery
    expect(recovery).toMatchObject({ incomingOwner: INCOMING, approvals: [], needed: 2, status: 'collecting' })
    // A signature over another message is refused at the signature field.
    const wrong = await paula.json('POST', `/accounts/${account}/safe/recoveries/${recovery.id}/approve`, {
      signature: await recoveryKey.signMessage({ message: 'something else' }),
    })
    expect(wrong.body.error).toMatchObject({ code: 'signature_invalid', fields: { signature: expect.any(String) } })
    const approved = await paula.json('POST', `/accounts/${account}/safe/recoveries/${recovery.id}/approve`, {
      signature: await recoveryKey.signMessage({ message: recovery.message }),
    })
    expect(approved.body.safe.recovery.approvals).toEqual(['holder'])
    await admin.json('POST', `/sandbox/recoveries/${recovery.id}/partner-approve`)
    const scheduled = (await paula.json('GET', `/accounts/${account}/safe`)).body.safe
    expect(scheduled.recovery).toMatchObject({ status: 'scheduled', executesAt: '2026-11-24T12:00:00.000Z' })
    expect(scheduled.securityOperations).toContainEqual(
      expect.objectContaining({ kind: 'recovery', summary: INCOMING }),
    )
    later(3 * 86400 - 1)
    await t.runJobs()
    expect((await paula.json('GET', `/accounts/${account}/safe`)).body.safe.owners).toEqual([
      { address: expect.not.stringMatching(INCOMING), name: 'Paula Pereira' },
    ])
    later(1)
    await t.runJobs()
    const after = (await paula.json('GET', `/accounts/${account}/safe`)).body.safe
    expect(after).toMatchObject({ owners: [{ address: INCOMING, name: null }], threshold: 1, recovery: null })
  })

  it('audits the platform signer’s approval an admin gives, with the approvals before and after', async () => {
    const paula = await signIn(t.app, 'personal')
    const started = await paula.json('POST', `/accounts/${account}/safe/recoveries`, {
      incomingOwner: INCOMING,
      confirmation: await paula.hostConfirmation(),
    })
    const recovery = started.body.safe.recovery
    expect((await admin.json('POST', `/admin/recoveries/${recovery.id}/approve`)).status).toBe(200)
    const audit = (await admin.json('GET', `/admin/audit?subjectType=recovery&subjectId=${recovery.id}`)).body.items
    expect(audit).toMatchObject([
      {
        action: 'recovery.approve',
        actor: { email: 'admin@demo.cash' },
        before: { accountId: account, incomingOwner: INCOMING, approvals: [], status: 'collecting' },
        after: { accountId: account, incomingOwner: INCOMING, approvals: ['platform'], status: 'collecting' },
      },
    ])
  })

  it('a recovery armed before a freeze waits while the account is frozen: its end moves one delay later', async () => {
    const paula = await signIn(t.app, 'personal')
    await paula.json('PUT', `/accounts/${account}/safe/recovery-signer`, {
      address: recoveryKey.address,
      confirmation: await paula.hostConfirmation(),
    })
    const recovery = (
      await paula.json('POST', `/accounts/${account}/safe/recoveries`, {
        incomingOwner: INCOMING,
        confirmation: await paula.hostConfirmation(),
      })
    ).body.safe.recovery
    await paula.json('POST', `/accounts/${account}/safe/recoveries/${recovery.id}/approve`, {
      signature: await recoveryKey.signMessage({ message: recovery.message }),
    })
    await admin.json('POST', `/sandbox/recoveries/${recovery.id}/partner-approve`)
    const safe = async () => (await paula.json('GET', `/accounts/${account}/safe`)).body.safe
    expect((await safe()).recovery).toMatchObject({ status: 'scheduled', executesAt: '2026-11-24T12:00:00.000Z' })
    expect((await admin.json('POST', `/admin/accounts/${account}/freeze`, { reason: 'Lost phone' })).status).toBe(200)
    later(3 * 86400)
    await t.runJobs()
    const held = await safe()
    expect(held.owners).toEqual([{ address: expect.not.stringMatching(INCOMING), name: 'Paula Pereira' }])
    expect(held.recovery).toMatchObject({ status: 'scheduled', executesAt: '2026-11-27T12:00:00.000Z' })
    await admin.json('POST', `/admin/accounts/${account}/unfreeze`, { reason: 'Phone found' })
    later(3 * 86400)
    await t.runJobs()
    expect(await safe()).toMatchObject({ owners: [{ address: INCOMING, name: null }], recovery: null })
  })

  it('an owner cancels a recovery; a member can do neither', async () => {
    const owner = await signIn(t.app, 'owner')
    await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/safe/recoveries`, {
      incomingOwner: INCOMING,
      confirmation: await owner.hostConfirmation(),
    })
    expect(
      (
        await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/safe/recoveries`, {
          incomingOwner: INCOMING,
          confirmation: await owner.hostConfirmation(),
        })
      ).body.error.code,
    ).toBe('recovery_in_progress')
    const member = await signIn(t.app, 'member')
    expect(
      (
        await member.json('POST', `/accounts/${ACCOUNT_IDS.acme}/safe/recoveries/cancel`, {
          confirmation: await member.hostConfirmation(),
        })
      ).status,
    ).toBe(403)
    const cancelled = await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/safe/recoveries/cancel`, {
      confirmation: await owner.hostConfirmation(),
    })
    expect(cancelled.body.safe.recovery).toBeNull()
    expect((await member.json('GET', `/accounts/${ACCOUNT_IDS.acme}/safe`)).body.safe.owners).toEqual([
      { address: expect.any(String), name: 'Olivia Okafor' },
    ])
  })
  it(
    'a frozen account starts, approves and arms no recovery (it would hand the funds over), ' +
      'but can cancel one until the freeze ends',
    async () => {
      const paula = await signIn(t.app, 'personal')
      const signer = async (address: string) =>
        paula.json('PUT', `/accounts/${account}/safe/recovery-signer`, {
          address,
          confirmation: await paula.hostConfirmation(),
        })
      const start = async () =>
        paula.json('POST', `/accounts/${account}/safe/recoveries`, {
          incomingOwner: INCOMING,
          confirmation: await paula.hostConfirmation(),
        })
      expect((await signer(recoveryKey.address)).status).toBe(200)
      const recovery = (await start()).body.safe.recovery
      expect(
        (await admin.json('POST', `/admin/accounts/${account}/freeze`, { reason: 'Chargeback fraud review' })).status,
      ).toBe(200)
      const refusals = [
        await paula.json('POST', `/accounts/${account}/safe/recoveries/${recovery.id}/approve`, {
          signature: await recoveryKey.signMessage({ message: recovery.message }),
        }),
        await signer(INCOMING),
      ]
      for (const refused of refusals) {
        expect(refused.status).toBe(423)
        expect(refused.body.error).toMatchObject({
          code: 'account_frozen',
          message: expect.stringContaining('Chargeback fraud review'),
        })
      }
      const safe = (await paula.json('GET', `/accounts/${account}/safe`)).body.safe
      expect(safe.recovery).toMatchObject({ approvals: [], status: 'collecting' })
      const cancelled = await paula.json('POST', `/accounts/${account}/safe/recoveries/cancel`, {
        confirmation: await paula.hostConfirmation(),
      })
      expect(cancelled.body.safe.recovery).toBeNull()
      const again = await start()
      expect([again.status, again.body.error.code]).toEqual([423, 'account_frozen'])
      await admin.json('POST', `/admin/accounts/${account}/unfreeze`, { reason: 'Review done' })
      expect((await start()).status).toBe(201)
    },
  )
})
