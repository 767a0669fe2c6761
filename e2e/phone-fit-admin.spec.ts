import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { apiAs, apiAsUser } from './support/api'
import { CashApp, freshUser } from './support/cash-app'
import { submitKyc } from './support/identity'
import { byName, walkFlows, type Flow } from './support/phone-walk'

/**
 * Every step of the back office's multi-step forms fits a phone (issue 18), walked as e2e/phone-fit.spec.ts walks the
 * holder's: once in English in light and once in Portuguese in dark, each step measured at 320 px. The route
 * walk measures each back-office page as it opens; these flows measure what only their forms show: errors at the
 * fields, the asks before an action, the results, a second admin's decisions and the audit entries. Each flow makes
 * its own objects (a fresh holder, a campaign, a rule, a recon), so it depends on no other test and leaves the
 * worker's shared state as the other specs expect it.
 */
test.describe.configure({ mode: 'parallel' })

const DAY = 86_400_000
/** A `datetime-local` value, read as UTC, `ms` after the page's clock (the server's, moved with it). */
const utcAfter = async (page: Page, ms: number) =>
  new Date((await page.evaluate(() => Date.now())) + ms).toISOString().slice(0, 16)
/**
 * Signs the admin in, once the flow's fresh people exist: a sign-up through the page's requests would end the
 * session the page carries (a sign-in replaces the caller's session).
 */
const signInAdmin = (page: Page) => new CashApp(page).useSession('admin')
const runId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * A fresh holder made through the API, before the admin signs in: a personal account and, unless `bare`, its safe (KYC
 * approved) and a virtual card; with `funds`, that many dollars arrived by bank transfer.
 */
async function freshHolder(page: Page, { funds, bare = false }: { funds?: string; bare?: boolean } = {}) {
  const user = await freshUser(page.request, 'fit-admin')
  const holder = await apiAsUser(page.request, user.email, user.password)
  const admin = await apiAs(page.request, 'admin')
  const { accountId } = (await holder.post('/accounts', { kind: 'personal', timeZone: 'America/Sao_Paulo' })) as {
    accountId: string
  }
  let cardId = ''
  if (!bare) {
    await admin.post(`/sandbox/users/${holder.userId}/kyc`, { status: 'approved' })
    await holder.post(`/accounts/${accountId}/safe`, { threshold: 1 })
    cardId = ((await holder.post(`/accounts/${accountId}/cards`, {})) as { id: string }).id
  }
  if (funds) {
    await admin.post('/sandbox/bank/transfers', { accountId, rail: 'ach', amount: funds, senderName: 'Test User' })
    await admin.post('/sandbox/jobs/run', {})
    await expect
      .poll(async () =>
        Number(((await holder.get(`/accounts/${accountId}/balances`)) as { spendable: string }).spendable),
      )
      .toBeGreaterThan(0)
  }
  return { email: user.email, accountId, cardId, admin }
}

const FLOWS: Flow[] = [
  {
    name: 'a campaign created, then its end asked',
    who: 'admin',
    walk: async ({ page, say, step }) => {
      // Opt-in and starting tomorrow, then ended: it changes no one's cashback.
      const name = `Winter hotel splashback ${runId()}`
      await page.goto('/app/cash/admin/campaigns')
      const form = page.getByTestId('admin.campaign-form')
      await form.getByLabel(say('admin.campaigns.field.kind')).selectOption('membership_rewards')
      await form.getByRole('button', { name: say('admin.campaigns.submit') }).click()
      await expect(form.getByLabel(say('admin.campaigns.field.name'))).toHaveAttribute('aria-invalid', 'true')
      await step('membership rewards with errors at the fields')
      const start = await utcAfter(page, DAY)
      await form.getByLabel(say('admin.campaigns.field.kind')).selectOption('splashback')
      await form.getByLabel(say('admin.campaigns.field.name')).fill(name)
      await form.getByLabel(say('admin.campaigns.field.startsAt')).fill(start)
      await form.getByLabel(say('admin.campaigns.field.endsAt')).fill(await utcAfter(page, 8 * DAY))
      await form.getByLabel(say('admin.campaigns.field.category')).selectOption('hotel')
      await form.getByLabel(say('admin.campaigns.field.bps')).fill('150')
      await form.getByLabel(say('admin.campaigns.field.optIn')).check()
      await form.getByLabel(say('admin.campaigns.field.totalCap')).fill('1000')
      await form.getByLabel(say('admin.campaigns.field.perHolderCap')).fill('25')
      await form.getByRole('button', { name: say('admin.campaigns.submit') }).click()
      const item = page.getByTestId('admin.campaign').filter({ hasText: name })
      await expect(item).toHaveAttribute('data-status', 'upcoming')
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('campaign.create')
      await step('created, with its audit entry')
      await item.getByRole('button', { name: say('admin.campaigns.end', { name }) }).click()
      await expect(item.getByRole('button', { name: say('admin.campaigns.endNow') })).toBeVisible()
      await step('its end asked')
      await item.getByRole('button', { name: say('admin.campaigns.endNow') }).click()
      await expect(item).toHaveAttribute('data-status', 'ended')
    },
  },
  {
    name: 'a cashback rule created, its removal asked, then changed',
    who: 'admin',
    walk: async ({ page, say, step }) => {
      // A rule for a merchant only this flow names: it changes no one's cashback.
      const run = runId()
      const rule = `Pousada ${run} weekend boost`
      await page.goto('/app/cash/admin/cashback-rules')
      const form = page.getByTestId('admin.rule-form')
      await form.getByRole('button', { name: say('admin.rules.submit') }).click()
      await expect(form.getByLabel(say('admin.rules.field.name'))).toHaveAttribute('aria-invalid', 'true')
      await step('a rule with errors at the fields')
      await form.getByLabel(say('admin.rules.field.name')).fill(rule)
      await form.getByLabel(say('admin.rules.field.merchant')).fill(`Pousada ${run}`)
      await form.getByLabel(say('admin.rules.field.bps')).fill('50')
      await form.getByRole('button', { name: say('admin.rules.submit') }).click()
      const item = page.getByTestId('admin.rule').filter({ hasText: rule })
      await expect(item.getByTestId('admin.rule.version')).toHaveCount(1)
      await item.getByRole('button', { name: say('admin.rules.remove', { name: rule }) }).click()
      await expect(item.getByRole('button', { name: say('admin.rules.removeSubmit') })).toBeVisible()
      await step('created, its removal asked')
      await item.getByRole('button', { name: say('admin.rules.keep') }).click()
      await item.getByRole('button', { name: say('admin.rules.change', { name: rule }) }).click()
      await form.getByLabel(say('admin.rules.field.bps')).fill('20')
      await form.getByLabel(say('admin.rules.field.effectiveFrom')).fill(await utcAfter(page, 5 * DAY))
      await form.getByRole('button', { name: say('admin.rules.saveChange') }).click()
      await expect(form.getByLabel(say('admin.rules.field.effectiveFrom'))).toHaveAttribute('aria-invalid', 'true')
      await step('a cut too soon refused at its field')
      await form.getByLabel(say('admin.rules.field.effectiveFrom')).fill(await utcAfter(page, 31 * DAY))
      await form.getByRole('button', { name: say('admin.rules.saveChange') }).click()
      await expect(item.getByTestId('admin.rule.version')).toHaveCount(2)
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('cashback_rule.change')
      await step('the cut announced: two versions, with its audit entry')
    },
  },
  {
    name: 'a feature-flag override for one person',
    who: null,
    walk: async ({ page, say, step }) => {
      // A fresh person, forced off for sign-ups: no one else is touched, and the override is removed.
      const { email } = await freshUser(page.request, 'fit-flag')
      await signInAdmin(page)
      await page.goto('/app/cash/admin/feature-flags')
      const flag = page.getByTestId('admin-flag-signups')
      const state = flag.getByRole('form', { name: say('admin.flags.stateLabel', { key: 'signups' }) })
      const add = flag.getByRole('form', { name: say('admin.flags.overrideLabel', { key: 'signups' }) })
      // Refused, so the flag itself never changes.
      await state.getByLabel(say('admin.flags.rollout')).fill('150')
      await state.getByRole('button', { name: say('admin.flags.save') }).click()
      await expect(state.getByLabel(say('admin.flags.rollout'))).toHaveAttribute('aria-invalid', 'true')
      await add.getByLabel(say('admin.flags.overrideEmail')).fill(`nobody-${runId()}@example.com`)
      await add.getByRole('button', { name: say('admin.flags.addOverride') }).click()
      await expect(add.getByRole('alert')).toBeVisible()
      await step('a rollout and an override refused')
      await add.getByLabel(say('admin.flags.overrideEmail')).fill(email)
      await add.getByLabel(say('admin.flags.overrideState')).selectOption('false')
      await add.getByRole('button', { name: say('admin.flags.addOverride') }).click()
      const remove = flag.getByRole('button', { name: say('admin.flags.removeOverride', { email }) })
      await expect(remove).toBeVisible()
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('feature_flag.override')
      await step('the override, with its audit entry')
      await remove.click()
      await expect(remove).toHaveCount(0)
    },
  },
  {
    name: 'an account frozen and unfrozen; its card’s limits, freeze and cancel',
    who: null,
    walk: async ({ page, say, step }) => {
      const { accountId, cardId } = await freshHolder(page, { funds: '100' })
      await signInAdmin(page)
      await page.goto(`/app/cash/admin/account/${accountId}`)
      const freeze = page.getByTestId('admin-account.freeze')
      await freeze.getByRole('button', { name: say('admin.account.freeze') }).click()
      await expect(freeze.getByRole('alert')).toBeVisible()
      await step('account: a freeze without its reason refused')
      await freeze
        .getByLabel(say('admin.account.reasonLabel'))
        .fill('Documents do not match the declared address; waiting for proof of residence')
      await freeze.getByRole('button', { name: say('admin.account.freeze') }).click()
      await expect(page.getByTestId('admin-account.frozen')).toBeVisible()
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('account.freeze')
      await step('account frozen, with its audit entry')
      await page
        .getByTestId('admin-account.unfreeze')
        .getByRole('button', { name: say('admin.account.unfreeze') })
        .click()
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('account.unfreeze')

      await page.goto(`/app/cash/admin/card/${cardId}`)
      const limits = page.getByRole('form', { name: say('admin.card.limitsTitle') })
      await byName(page, 'daily').fill('a lot')
      await limits.getByRole('button', { name: say('admin.card.saveLimits') }).click()
      await expect(byName(page, 'daily')).toHaveAttribute('aria-invalid', 'true')
      await step('card: limits refused at their field')
      await byName(page, 'perPurchase').fill('250')
      await byName(page, 'daily').fill('1000')
      await byName(page, 'monthly').fill('5000')
      await limits.getByRole('button', { name: say('admin.card.saveLimits') }).click()
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('card.limits')
      const freezeCard = page.getByTestId('admin-card.freeze')
      await freezeCard
        .getByLabel(say('admin.account.reasonLabel'))
        .fill('Reported lost by phone; a new card is on its way')
      await freezeCard.getByRole('button', { name: say('admin.card.freeze') }).click()
      await expect(page.getByTestId('admin-card.unfreeze')).toBeVisible()
      await step('card: limits saved, frozen, with the audit entries')
      const cancel = page.getByTestId('admin-card.cancel')
      await cancel.getByLabel(say('admin.account.reasonLabel')).fill('The holder asked to close the card for good')
      await cancel.getByRole('button', { name: say('admin.card.cancel') }).click()
      await expect(cancel.getByRole('button', { name: say('admin.account.reasonConfirm') })).toBeVisible()
      await step('card: its cancellation asked')
    },
  },
  {
    name: 'the sandbox page’s controls for an account',
    who: null,
    walk: async ({ page, say, step }) => {
      const { email } = await freshHolder(page)
      await signInAdmin(page)
      await page.goto('/app/cash/admin/sandbox')
      const who = page.getByRole('form', { name: say('admin.sandbox.pick') })
      await who.getByLabel(say('admin.sandbox.who')).fill('')
      await who.getByRole('button', { name: say('admin.sandbox.open') }).click()
      await expect(who.getByLabel(say('admin.sandbox.who'))).toHaveAttribute('aria-invalid', 'true')
      await step('no account named')
      await who.getByLabel(say('admin.sandbox.who')).fill(email)
      await who.getByRole('button', { name: say('admin.sandbox.open') }).click()
      const controls = page.getByTestId('sandbox-controls')
      const outcome = page.getByTestId('sandbox-outcome')
      const bank = controls.getByRole('form', { name: say('sandbox.bankTransfer') })
      await bank.getByLabel(say('sandbox.sender')).fill('')
      await bank.getByRole('button', { name: say('sandbox.receiveTransfer') }).click()
      await expect(bank.getByLabel(say('sandbox.sender'))).toHaveAttribute('aria-invalid', 'true')
      await step('the controls, a transfer without its sender refused')
      await bank.getByLabel(say('sandbox.sender')).fill('Companhia Brasileira de Distribuição de Produtos Ltda')
      await bank.getByRole('button', { name: say('sandbox.receiveTransfer') }).click()
      await expect(outcome).toHaveClass(/cash-notice/)
      await step('a bank transfer arrived')
      const merchant = 'Padaria e Confeitaria Central do Bairro'
      const purchase = controls.getByRole('form', { name: say('sandbox.purchase') })
      await purchase.getByLabel(say('sandbox.merchant')).fill(merchant)
      await purchase.getByRole('button', { name: say('sandbox.buy') }).click()
      await expect(outcome).toHaveText(say('sandbox.purchaseApproved', { merchant }))
      await expect(controls.getByTestId('sandbox-authorizations')).toContainText(merchant)
      await step('a purchase approved, to clear or reverse')
      await controls
        .getByRole('form', { name: say('sandbox.chainDeposit') })
        .getByRole('button', { name: say('sandbox.sendDeposit') })
        .click()
      await expect(outcome).toHaveText(say('sandbox.chainSent', { amount: '100 USDC' }))
      await step('a chain deposit on its way')
    },
  },
  {
    name: 'a pending hold released, then investigated',
    who: null,
    walk: async ({ page, say, step }) => {
      const { cardId, admin } = await freshHolder(page, { funds: '100' })
      await signInAdmin(page)
      const merchant = `Hotel ${runId()} Copacabana`
      const { networkId } = (await admin.post(`/sandbox/cards/${cardId}/purchases`, {
        amount: '40',
        merchantName: merchant,
        mcc: '7011',
      })) as { networkId: string }
      await page.goto('/app/cash/admin/pending-holds')
      const hold = page.getByTestId('pending-hold').filter({ hasText: merchant })
      await hold.getByRole('button', { name: say('admin.holds.release') }).click()
      const form = hold.getByRole('form')
      await form.getByRole('button', { name: say('admin.holds.release') }).click()
      await expect(form.getByRole('alert').first()).toBeVisible()
      await step('a release without its reason refused')
      await form.getByLabel(say('admin.money.reason')).fill('The hotel cancelled the pre-authorization')
      await form.getByRole('button', { name: say('admin.holds.release') }).click()
      await expect(hold).toHaveCount(0)
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('hold.release')
      await step('released, with its audit entry')
      await page.goto(`/app/cash/admin/investigate-transaction?q=${encodeURIComponent(networkId)}`)
      await expect(page.getByTestId('investigate-timeline')).toBeVisible()
      await step('the released purchase investigated')
    },
  },
  {
    name: 'a failed reconciliation written off, then investigated',
    who: 'admin',
    walk: async ({ page, say, step }) => {
      const admin = await apiAs(page.request, 'admin')
      const networkId = `auth_fit_${runId()}`
      await admin.post(`/sandbox/card-authorizations/${networkId}/clearing`, { amount: '17.25' })
      await admin.post('/sandbox/jobs/run', {})
      await expect
        .poll(async () =>
          ((await admin.get('/admin/failed-recons')) as { items: { networkId: string }[] }).items.some(
            (r) => r.networkId === networkId,
          ),
        )
        .toBe(true)
      await page.goto('/app/cash/admin/failed-recons')
      const recon = page.getByTestId('recon').filter({ hasText: networkId })
      await recon.getByRole('button', { name: say('admin.recons.action.writeOff') }).click()
      const form = recon.getByTestId('recon-action')
      await form.getByRole('button', { name: say('admin.recons.action.writeOff') }).click()
      await expect(form.getByRole('alert').first()).toBeVisible()
      await step('a write-off without its reason refused')
      await form.getByLabel(say('admin.money.reason')).fill('The network sent a duplicate; settled with the network')
      await form.getByRole('button', { name: say('admin.recons.action.writeOff') }).click()
      await expect(form).toHaveCount(0)
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText(
        'failed_recon.write_off',
      )
      await step('written off, with its audit entry')
      await recon.getByRole('link', { name: say('admin.recons.investigate') }).click()
      await expect(page.getByTestId('investigate-journal').first()).toBeVisible()
      await step('investigated: its lifecycle and its journal')
      await page.getByLabel(say('admin.investigate.query')).fill(`no-such-reference-${runId()}`)
      await page
        .getByRole('search')
        .getByRole('button', { name: say('admin.investigate.search') })
        .click()
      await expect(page.getByRole('search').getByRole('alert')).toBeVisible()
      await step('nothing found')
    },
  },
  {
    name: 'a refund refused to the admin who asked, rejected, and approved by a second admin',
    who: null,
    walk: async ({ page, say, step }) => {
      const { email } = await freshHolder(page, { bare: true })
      await signInAdmin(page)
      const run = runId()
      const ask = async (by: 'admin' | 'admin2', reason: string) =>
        (await apiAs(page.request, by)).post('/admin/manual-refunds', { account: email, amount: '1001', reason })
      // Above $1,000: each waits for a second admin. Two asked by another admin, one by this one.
      const [approve, reject, own] = ['approve', 'reject', 'own'].map((r) => `Duplicate charge refund ${r} ${run}`)
      await ask('admin2', approve!)
      await ask('admin2', reject!)
      await ask('admin', own!)
      await page.goto('/app/cash/admin/manual-refunds')
      const pending = (reason: string) => page.getByTestId('refund-pending').filter({ hasText: reason })
      await pending(own!)
        .getByRole('button', { name: say('admin.refunds.approve') })
        .click()
      await expect(pending(own!).getByRole('alert')).toBeVisible()
      await step('approval refused to the admin who asked')
      await pending(reject!)
        .getByRole('button', { name: say('admin.refunds.reject') })
        .click()
      const form = pending(reject!).getByRole('form')
      await expect(form).toBeVisible()
      await step('a rejection: its reason asked')
      await form.getByLabel(say('admin.money.reason')).fill('Already refunded by the merchant')
      await form.getByRole('button', { name: say('admin.refunds.reject') }).click()
      await expect(pending(reject!)).toHaveCount(0)
      await pending(approve!)
        .getByRole('button', { name: say('admin.refunds.approve') })
        .click()
      await expect(pending(approve!)).toHaveCount(0)
      await expect(page.getByTestId('refund-decided').filter({ hasText: approve! })).toBeVisible()
      await step('approved by a second admin, beside the rejected one')
    },
  },
  {
    name: 'an identity application decided by hand: a rejection without a reason refused, then approved',
    who: null,
    walk: async ({ page, say, step }) => {
      const admin = await apiAs(page.request, 'admin')
      // The provider leaves applications to admins for this flow only: the worker runs one test at a time.
      await admin.put('/sandbox/settings', { identityDecisions: 'manual' })
      try {
        const name = `Maria Aparecida dos Santos Oliveira ${runId()}`
        await submitKyc(page.request, 'fit-kyc', name)
        await signInAdmin(page)
        await page.goto('/app/cash/admin/identity-reviews')
        await page
          .getByTestId('identity-reviews')
          .getByRole('link', { name: `KYC · ${name}` })
          .click()
        const form = page.getByRole('form', { name: say('admin.user.decideTitle', { kind: 'KYC', name }) })
        await expect(form).toBeVisible()
        await step('the application to decide')
        await form.getByLabel(say('admin.user.decideReject')).check()
        await form.getByRole('button', { name: say('admin.user.decideSubmit') }).click()
        await expect(form.getByLabel(say('admin.user.decideReason'))).toHaveAttribute('aria-invalid', 'true')
        await step('a rejection without a reason, refused at the field')
        await form.getByLabel(say('admin.user.decideApprove')).check()
        await form.getByRole('button', { name: say('admin.user.decideSubmit') }).click()
        await expect(form).toHaveCount(0)
        await step('approved: nothing left to decide')
      } finally {
        await admin.put('/sandbox/settings', { identityDecisions: 'auto' })
      }
    },
  },
  {
    name: 'finding a person, an account and a card',
    who: 'admin',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/admin/user')
      const search = page.getByRole('search')
      await search.getByRole('button', { name: say('admin.user.searchSubmit') }).click()
      await expect(search.getByLabel(say('admin.user.search'))).toHaveAttribute('aria-invalid', 'true')
      await step('a person: an empty search refused')
      await search.getByLabel(say('admin.user.search')).fill('personal@demo')
      await search.getByRole('button', { name: say('admin.user.searchSubmit') }).click()
      const people = page.getByTestId('admin-user.results')
      await expect(people.getByRole('link', { name: /personal@demo\.cash/ })).toBeVisible()
      await step('people found')
      await people.getByRole('link', { name: /personal@demo\.cash/ }).click()
      await expect(page.getByTestId('admin-user.profile')).toContainText('personal@demo.cash')
      await step('a person: profile, accounts, audit log')
      await page.goto('/app/cash/admin/account')
      await search.getByLabel(say('admin.account.search')).fill('owner@acme.demo.cash')
      await search.getByRole('button', { name: say('admin.user.searchSubmit') }).click()
      await expect(page.getByTestId('admin-account.results').getByRole('link').first()).toBeVisible()
      await step('accounts found')
      await page.goto('/app/cash/admin/card')
      await search.getByLabel(say('admin.card.search')).fill('7311')
      await search.getByRole('button', { name: say('admin.user.searchSubmit') }).click()
      await expect(page.getByTestId('admin-card.results').getByRole('link').first()).toBeVisible()
      await step('cards found')
    },
  },
]

walkFlows(FLOWS)
