import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, persona } from '../../fixtures/personas'
import { createTestApp, signIn, type SignedIn, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: SignedIn
let ops: SignedIn
let adminAccount: string
let keyCount = 0
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const key = () => ({ 'idempotency-key': `own-account-test-${++keyCount}-${Date.now()}` })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  ops = await signIn(t.app, 'admin2')
  // Staff are people too: Ada opens her own personal account.
  const opened = await admin.json('POST', '/accounts', { kind: 'personal' })
  expect(opened.status).toBe(201)
  adminAccount = opened.body.accountId
})

const cash = async () => {
  const a = await t.deps.db.kysely
    .selectFrom('ledger_accounts')
    .select(['credits_posted', 'debits_posted'])
    .where('account_id', '=', adminAccount)
    .where('code', '=', 'cash')
    .where('asset', '=', 'USDC')
    .executeTakeFirst()
  return a ? a.credits_posted - a.debits_posted : 0n
}

/**
 * The refusal a person sees, and the audit line staff see: the attempt as `<action>_refused` on its subject, by
 * the admin, with the server's reason. Each refusal is checked right after it, so it is the admin's newest line.
 */
const refusedAndAudited = async (
  res: { status: number; body: { error?: { code: string } } },
  action: string,
  subject: { type: string; id?: string },
) => {
  expect([res.status, res.body.error?.code]).toEqual([403, 'admin_own_account'])
  const [line] = (await admin.json('GET', `/admin/audit?actorId=${persona('admin').id}&limit=1`)).body.items
  expect(line).toMatchObject({
    action: `${action}_refused`,
    subjectType: subject.type,
    ...(subject.id ? { subjectId: subject.id } : {}),
    reasonMessage: { key: 'admin_own_account' },
    actor: { email: 'admin@demo.cash' },
  })
}

describe('an admin and an account they belong to', () => {
  it('refuses a manual refund an admin asks for into their own account, by its id or by their e-mail', async () => {
    for (const account of [adminAccount, 'admin@demo.cash']) {
      const res = await admin.json(
        'POST',
        '/admin/manual-refunds',
        { account, amount: '50', reason: 'Goodwill' },
        key(),
      )
      await refusedAndAudited(res, 'manual_refund.create', { type: 'account', id: adminAccount })
    }
    expect(await cash()).toBe(0n)
    expect(await t.deps.db.kysely.selectFrom('manual_refunds').select('id').execute()).toEqual([])
  })

  it('refuses the approval of a refund into the approving admin’s own account; another admin approves it', async () => {
    const asked = await ops.json(
      'POST',
      '/admin/manual-refunds',
      { account: adminAccount, amount: '1500', reason: 'Chargeback' },
      key(),
    )
    expect(asked.body.status).toBe('pending_approval')
    const self = await admin.json('POST', `/admin/manual-refunds/${asked.body.id}/approve`, undefined, key())
    await refusedAndAudited(self, 'manual_refund.approve', { type: 'manual_refund', id: asked.body.id })
    expect(await cash()).toBe(0n)
  })

  it('refuses to refund a failed recon into an account the admin belongs to', async () => {
    await admin.json('POST', '/sandbox/card-authorizations/auth_unknown_own/clearing', { amount: '700' })
    await t.runJobs()
    const recon = (await admin.json('GET', '/admin/failed-recons')).body.items.find(
      (r: { status: string }) => r.status === 'open',
    )
    const res = await admin.json(
      'POST',
      `/admin/failed-recons/${recon.id}/refund`,
      { reason: 'Goodwill', accountId: adminAccount },
      key(),
    )
    await refusedAndAudited(res, 'failed_recon.refund', { type: 'failed_recon', id: recon.id })
    expect(await cash()).toBe(0n)
    const byOps = await ops.json(
      'POST',
      `/admin/failed-recons/${recon.id}/refund`,
      { reason: 'Goodwill', accountId: adminAccount },
      key(),
    )
    expect(byOps.body).toMatchObject({ status: 'refunded' })
    expect(await cash()).toBe(700_000_000n)
  })

  it('refuses a feature flag override an admin sets or removes for themselves; another admin may', async () => {
    const overrides = '/admin/feature-flags/pix_shortcuts/overrides'
    const self = await admin.json('PUT', overrides, { email: 'admin@demo.cash', enabled: false })
    await refusedAndAudited(self, 'feature_flag.override', { type: 'feature_flag', id: 'pix_shortcuts' })
    expect((await admin.json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(true)
    expect((await ops.json('PUT', overrides, { email: 'admin@demo.cash', enabled: false })).status).toBe(200)
    const removed = await admin.json('DELETE', `${overrides}/${persona('admin').id}`)
    await refusedAndAudited(removed, 'feature_flag.override_removed', { type: 'feature_flag', id: 'pix_shortcuts' })
    expect((await admin.json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(false)
  })
})

describe('an admin who belongs to a company', () => {
  const acme = ACCOUNT_IDS.acme
  let olivia: SignedIn

  beforeEach(async () => {
    olivia = await signIn(t.app, 'owner')
    // Olivia takes Ada on as a member of Acme Labs: her staff powers stop at its door.
    const invited = await olivia.json('POST', `/accounts/${acme}/invitations`, {
      email: 'admin@demo.cash',
      role: 'member',
    })
    expect(invited.status).toBe(201)
    const mail = (await admin.json('GET', '/sandbox/mail?to=admin%40demo.cash')).body.items[0]
    const token = /accept-invite\?token=([\w-]+)/.exec(mail.body)![1]!
    expect((await admin.json('POST', '/invitations/accept', { token })).status).toBe(200)
  })

  it('refuses to freeze or unfreeze it, or to make it VIP; another admin may', async () => {
    await refusedAndAudited(
      await admin.json('POST', `/admin/accounts/${acme}/freeze`, { reason: 'Review' }),
      'account.freeze',
      { type: 'account', id: acme },
    )
    expect((await ops.json('POST', `/admin/accounts/${acme}/freeze`, { reason: 'Review' })).status).toBe(200)
    await refusedAndAudited(await admin.json('POST', `/admin/accounts/${acme}/unfreeze`, {}), 'account.unfreeze', {
      type: 'account',
      id: acme,
    })
    expect((await admin.json('GET', `/admin/accounts/${acme}`)).body.account.frozen).toBe(true)
    await refusedAndAudited(await admin.json('PUT', `/admin/accounts/${acme}/vip`, { vip: true }), 'account.vip_set', {
      type: 'account',
      id: acme,
    })
    expect((await ops.json('POST', `/admin/accounts/${acme}/unfreeze`, {})).status).toBe(200)
  })

  it('refuses to freeze, unfreeze, cancel or change the limits of its cards', async () => {
    const card = `/admin/cards/${CARD_IDS.member}`
    const cardSubject = { type: 'card', id: CARD_IDS.member }
    await refusedAndAudited(await admin.json('POST', `${card}/freeze`, { reason: 'Lost' }), 'card.freeze', cardSubject)
    expect((await ops.json('POST', `${card}/freeze`, { reason: 'Lost' })).status).toBe(200)
    await refusedAndAudited(await admin.json('POST', `${card}/unfreeze`, {}), 'card.unfreeze', cardSubject)
    await refusedAndAudited(await admin.json('POST', `${card}/cancel`, { reason: 'Lost' }), 'card.cancel', cardSubject)
    await refusedAndAudited(await admin.json('PUT', `${card}/limits`, { daily: '100000' }), 'card.limits', cardSubject)
    expect((await admin.json('GET', card)).body.card).toMatchObject({ status: 'frozen' })
  })

  it('refuses to release its pending holds', async () => {
    const bought = await admin.json('POST', `/sandbox/cards/${CARD_IDS.member}/purchases`, {
      amount: '40',
      merchantName: 'Café Lisboa',
    })
    expect(bought.body.approved).toBe(true)
    const hold = (await admin.json('GET', '/admin/holds/pending')).body.items.find(
      (h: { account: { id: string } | null }) => h.account?.id === acme,
    )
    const holdSubject = { type: 'hold', id: hold.id }
    const release = `/admin/holds/${hold.id}/release`
    await refusedAndAudited(await admin.json('POST', release, { reason: 'Stuck' }, key()), 'hold.release', holdSubject)
    const expire = `/admin/holds/${hold.id}/force-expire`
    await refusedAndAudited(
      await admin.json('POST', expire, { reason: 'Stuck' }, key()),
      'hold.force_expire',
      holdSubject,
    )
    expect((await ops.json('POST', `/admin/holds/${hold.id}/release`, { reason: 'Stuck' }, key())).status).toBe(200)
  })

  it('refuses to decide its verification (KYB) or its owners’; another admin decides', async () => {
    await admin.json('POST', `/sandbox/accounts/${acme}/kyb`, { status: 'not_started' })
    const upload = async (kind: string) =>
      (
        await olivia.json('POST', '/identity/documents', {
          kind,
          fileName: 'scan.png',
          content: PNG.toString('base64'),
        })
      ).body.id as string
    const submitted = await olivia.json('POST', `/accounts/${acme}/kyb`, {
      companyName: 'Acme Labs Ltd',
      registrationNumber: '12345678',
      country: 'GB',
      address: { line1: '1 Old Street', city: 'London', region: 'London', postalCode: 'EC1V 9HL', country: 'GB' },
      owners: [
        {
          name: 'Olivia Okafor',
          birthDate: '1980-01-31',
          nationality: 'GB',
          email: 'olivia@acme.example',
          ownership: '100',
          idDocument: { type: 'passport', front: await upload('passport') },
        },
      ],
      documents: {
        certificateOfIncorporation: await upload('certificate_of_incorporation'),
        proofOfAddress: await upload('proof_of_address'),
      },
    })
    expect(submitted.status).toBe(201)
    const open = (await admin.json('GET', '/admin/identity-applications')).body.items
    expect(open.map((a: { kind: string }) => a.kind).sort()).toEqual(['kyb', 'kyc'])
    for (const app of open)
      await refusedAndAudited(
        await admin.json('POST', `/admin/identity-applications/${app.id}/decision`, { decision: 'approved' }),
        `${app.kind}.decide`,
        app.kind === 'kyb' ? { type: 'account', id: acme } : { type: 'identity_application', id: app.id },
      )
    const company = open.find((a: { kind: string }) => a.kind === 'kyb')
    const decided = await ops.json('POST', `/admin/identity-applications/${company.id}/decision`, {
      decision: 'approved',
    })
    expect(decided.body).toMatchObject({ status: 'approved' })
  })

  it('refuses to approve a recovery of its safe as Cash’s signer; another admin may', async () => {
    const started = await olivia.json('POST', `/accounts/${acme}/safe/recoveries`, {
      incomingOwner: '0x52908400098527886E0F7030069857D2E4169EE7',
      confirmation: await olivia.hostConfirmation(),
    })
    const recovery = started.body.safe.recovery
    await refusedAndAudited(await admin.json('POST', `/admin/recoveries/${recovery.id}/approve`), 'recovery.approve', {
      type: 'recovery',
      id: recovery.id,
    })
    expect((await olivia.json('GET', `/accounts/${acme}/safe`)).body.safe.recovery.approvals).toEqual([])
    expect((await ops.json('POST', `/admin/recoveries/${recovery.id}/approve`)).status).toBe(200)
    expect((await olivia.json('GET', `/accounts/${acme}/safe`)).body.safe.recovery.approvals).toEqual(['platform'])
  })

  it('refuses to liquidate its position by hand, healthy or not; another admin is told it is healthy', async () => {
    await refusedAndAudited(await admin.json('POST', `/admin/accounts/${acme}/liquidate`), 'account.liquidate', {
      type: 'account',
      id: acme,
    })
    const byOps = await ops.json('POST', `/admin/accounts/${acme}/liquidate`)
    expect([byOps.status, byOps.body.error?.code]).toEqual([409, 'not_liquidatable'])
  })

  it('refuses a feature flag override for someone who shares it with the admin; another admin may', async () => {
    const overrides = '/admin/feature-flags/pix_shortcuts/overrides'
    const flag = { type: 'feature_flag', id: 'pix_shortcuts' }
    await refusedAndAudited(
      await admin.json('PUT', overrides, { email: 'owner@acme.demo.cash', enabled: false }),
      'feature_flag.override',
      flag,
    )
    expect((await olivia.json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(true)
    expect((await ops.json('PUT', overrides, { email: 'owner@acme.demo.cash', enabled: false })).status).toBe(200)
    await refusedAndAudited(
      await admin.json('DELETE', `${overrides}/${persona('owner').id}`),
      'feature_flag.override_removed',
      flag,
    )
    expect((await olivia.json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(false)
    // Someone outside Ada's accounts stays hers to decide.
    expect((await admin.json('PUT', overrides, { email: 'personal@demo.cash', enabled: false })).status).toBe(200)
  })
})
