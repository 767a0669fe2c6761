import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { apiAs, apiAsUser } from './support/api'
import { CashApp, freshUser } from './support/cash-app'
import { phoneFitProblems } from './support/fit'
import { useWebSession } from './support/sessions'
import { byName, sayer, signInFresh, walkFlows, type Flow, type Walk } from './support/phone-walk'

/**
 * Every step of the holder's other multi-step forms fits a phone: the card's life (ordered, delivered, activated,
 * shown, frozen, cancelled, ordered again for the fee), settings (limits, mode, profile, password, vault e-mail,
 * wallets), the safe, opening a company account, feedback, and the signed-out forms. Walked and measured as
 * phone-fit.spec.ts walks its flows (e2e/support/phone-walk.ts); a flow that changes what it walks through runs as a
 * fresh user of its own, so the personas stay as the other specs expect them.
 */
test.describe.configure({ mode: 'parallel' })

const ADDRESS = {
  line1: 'Avenida Brigadeiro Faria Lima 3477, 14º andar',
  city: 'São Paulo',
  region: 'SP',
  postalCode: '04538-133',
  country: 'BR',
}

/** A fresh user, signed in on the page, holding a personal account of their own with approved KYC. */
async function freshHolder(page: Page) {
  const user = await signInFresh(page, 'fit-holder')
  const api = await apiAsUser(page.request, user.email, user.password)
  const { accountId } = (await api.post('/accounts', { kind: 'personal', timeZone: 'America/Sao_Paulo' })) as {
    accountId: string
  }
  const admin = await apiAs(page.request, 'admin')
  await admin.post(`/sandbox/users/${api.userId}/kyc`, { status: 'approved' })
  return { ...user, api, admin, accountId }
}

/** Fills the confirm sheet's password (a fresh user's own), measures the sheet, and confirms. */
async function confirmSheet(w: Walk, password: string, button: string) {
  await w.page.getByLabel(w.say('Your password')).fill(password)
  await w.step('confirm sheet')
  await w.page.getByRole('button', { name: w.say(button), exact: true }).click()
}

async function fillShipping(page: Page) {
  for (const name of ['line1', 'city', 'region', 'postalCode'] as const) await byName(page, name).fill(ADDRESS[name])
  await byName(page, 'country').selectOption(ADDRESS.country)
}

const FLOWS: Flow[] = [
  {
    name: 'ordering a physical card, then another for the fee',
    who: null,
    walk: async ({ page, say, step }) => {
      const holder = await freshHolder(page)
      await page.goto('/app/cash/order-card/@personal')
      await page.getByLabel(say('Physical · shipped to you')).check()
      await page.getByRole('button', { name: say('Review order') }).click()
      await expect(byName(page, 'line1')).toHaveAttribute('aria-invalid', 'true')
      await step('address with errors at the fields')
      await fillShipping(page)
      await page.getByRole('button', { name: say('Review order') }).click()
      await expect(page.getByTestId('confirm.summary')).toBeVisible()
      await step('review, free')
      await page.getByRole('button', { name: say('Order card') }).click()
      await expect(page).toHaveURL(/\/card\/@personal$/)
      await expect(page.getByTestId(/^cards\.shipping-/)).toBeVisible()
      await step('ordered, on its way')
      const card = (
        (await holder.api.get(`/accounts/${holder.accountId}/cards`)) as { items: { id: string; kind: string }[] }
      ).items.find((c) => c.kind === 'physical')!
      await page.goto('/app/cash/order-card/@personal')
      await page.getByLabel(say('Physical · shipped to you')).check()
      await expect(page.locator('main .cash-notice')).toBeVisible()
      await step('physical cards full')
      await holder.api.post(`/cards/${card.id}/cancel`)
      await page.reload()
      await page.getByLabel(say('Physical · shipped to you')).check()
      await fillShipping(page)
      await page.getByRole('button', { name: say('Review order') }).click()
      await expect(page.getByLabel(say('Your password'))).toBeVisible()
      await step('another, for the fee: confirm sheet')
    },
  },
  {
    name: 'a delivered card: activated, shown, frozen, cancelled',
    who: null,
    walk: async (w) => {
      const { page, say, step } = w
      const holder = await freshHolder(page)
      const card = (await holder.api.post(`/accounts/${holder.accountId}/physical-cards`, { shipping: ADDRESS })) as {
        id: string
        last4: string
      }
      for (let i = 0; i < 2; i++) await holder.admin.post(`/sandbox/cards/${card.id}/shipping/advance`)
      await page.goto('/app/cash/card/@personal')
      const tile = page.getByTestId(`cards.card-${card.last4}`)
      await tile.getByLabel(say('Last 4 digits on the card')).fill(card.last4 === '0000' ? '1111' : '0000')
      await tile.getByRole('button', { name: say('Activate card') }).click()
      await expect(byName(page, 'last4')).toHaveAttribute('aria-invalid', 'true')
      await step('delivered, activation refused')
      await tile.getByLabel(say('Last 4 digits on the card')).fill(card.last4)
      await tile.getByRole('button', { name: say('Activate card') }).click()
      await expect(tile.getByRole('button', { name: say('Show details') })).toBeVisible()
      await expect(tile.getByLabel(say('Last 4 digits on the card'))).toHaveCount(0)
      await tile.getByRole('button', { name: say('Show details') }).click()
      await confirmSheet(w, holder.password, 'Confirm and show')
      await expect(tile.getByTestId('cards.details')).toBeVisible()
      await step('activated, details shown')
      const status = page.getByTestId(`cards.status-${card.last4}`)
      await tile.getByRole('button', { name: say('Freeze card') }).click()
      await expect(status).toHaveText(say('cards.status.frozen'))
      await step('frozen')
      await tile.getByRole('button', { name: say('Cancel card') }).click()
      await step('cancel, asked first')
      await tile.getByRole('button', { name: say('Yes, cancel this card') }).click()
      await expect(status).toHaveText(say('cards.status.cancelled'))
      await step('cancelled')
    },
  },
  {
    name: 'ordering a company card: the review',
    who: 'owner',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/order-card/@corporate')
      await page.getByLabel(say('Physical · shipped to you')).check()
      await fillShipping(page)
      await page.getByRole('button', { name: say('Review order') }).click()
      await expect(page.getByTestId('confirm.summary').or(page.getByLabel(say('Your password')))).toBeVisible()
      await step('review')
    },
  },
  {
    name: 'spending limits and the mode, in settings',
    who: null,
    walk: async (w) => {
      const { page, say, step } = w
      const holder = await freshHolder(page)
      await page.goto('/app/cash/settings')
      await byName(page, 'daily').fill('60000')
      await byName(page, 'monthly').fill('50000')
      await page.getByRole('button', { name: say('Save limits') }).click()
      await expect(byName(page, 'daily')).toHaveAttribute('aria-invalid', 'true')
      await step('limits refused')
      await byName(page, 'daily').fill('20000')
      await byName(page, 'monthly').fill('90000')
      await page.getByRole('button', { name: say('Save limits') }).click()
      await expect(page.getByLabel(say('Your password'))).toBeVisible()
      await step('raising: confirm sheet')
      await page.getByRole('button', { name: say('confirm.back') }).click()
      await byName(page, 'daily').fill('500')
      await byName(page, 'monthly').fill('1000')
      await page.getByRole('button', { name: say('Save limits') }).click()
      await expect(page.getByTestId('settings.limits.pending')).toBeVisible()
      await step('lowering, waiting out the delay')
      const borrow = say('home.mode.borrow')
      await page.getByRole('button', { name: say('settings.mode.switch', { mode: borrow }) }).click()
      await confirmSheet(w, holder.password, 'confirm.confirm')
      await expect(page.getByTestId('settings.mode.pending')).toBeVisible()
      await step('switching, with its countdown')
      await page.getByRole('button', { name: say('Cancel the switch') }).click()
      await expect(page.getByTestId('settings.mode.pending')).toHaveCount(0)
      // An account in Borrow with debt: what blocks switching back, and the way to repay.
      await new CashApp(page).useSession('borrower')
      await page.goto('/app/cash/settings')
      await expect(page.getByRole('link', { name: say('home.health.repay') })).toBeVisible()
      await step('Borrow with debt: the switch blocked')
    },
  },
  {
    name: 'creating a safe, then starting a recovery',
    who: null,
    walk: async (w) => {
      const { page, say, step } = w
      const holder = await freshHolder(page)
      await page.goto('/app/cash/safe-creation')
      await expect(page.getByTestId('safe.predicted-address')).toBeVisible()
      await step('the safe to create')
      await page.getByRole('button', { name: say('Create safe') }).click()
      await expect(page.getByTestId('safe.success')).toBeVisible()
      await step('created')
      await page.goto('/app/cash/safe')
      await page
        .getByTestId('safe.recovery')
        .getByLabel(say('Incoming owner’s address'))
        .fill('0x52908400098527886E0F7030069857D2E4169EE7')
      await page.getByRole('button', { name: say('Start a recovery') }).click()
      await confirmSheet(w, holder.password, 'confirm.confirm')
      await expect(page.getByTestId('safe.recovery.open')).toBeVisible()
      await step('recovery open')
    },
  },
  {
    name: 'a vault e-mail, verified with its code',
    who: 'fresh',
    walk: async ({ page, say, step }) => {
      const admin = await apiAs(page.request, 'admin')
      const vault = `a-rather-long-vault-address-${Date.now()}@subsidiary.example.com`
      await page.goto('/app/cash/settings/vault-email')
      await page.getByLabel(say('New vault e-mail')).fill('not-an-address')
      await page.getByRole('button', { name: say('Send code') }).click()
      await expect(page.getByLabel(say('New vault e-mail'))).toHaveAttribute('aria-invalid', 'true')
      await step('address refused')
      await page.getByLabel(say('New vault e-mail')).fill(vault)
      await page.getByRole('button', { name: say('Send code') }).click()
      await expect(page.getByTestId('vault.pending')).toBeVisible()
      const mail = (await admin.get(`/sandbox/mail?to=${encodeURIComponent(vault)}`)) as {
        items: { subject: string }[]
      }
      const code = mail.items[0]!.subject.match(/(\d{6})$/)![1]!
      await page.getByLabel(say('Code from the e-mail')).fill(code === '000000' ? '111111' : '000000')
      await page.getByRole('button', { name: say('Verify') }).click()
      await expect(page.getByLabel(say('Code from the e-mail'))).toHaveAttribute('aria-invalid', 'true')
      await step('waiting for the code, a wrong one refused')
      await page.getByLabel(say('Code from the e-mail')).fill(code)
      await page.getByRole('button', { name: say('Verify') }).click()
      await expect(page.getByTestId('vault.verified')).toBeVisible()
      await step('verified')
    },
  },
  {
    name: 'linking wallets',
    who: null,
    walk: async (w) => {
      const { page, say, step } = w
      const user = await signInFresh(page, 'fit')
      await page.goto('/app/cash/settings/wallets')
      await page.getByRole('button', { name: say('Link a wallet'), exact: true }).click()
      await expect(page.getByRole('alert')).toBeVisible()
      await step('no wallet in the browser')
      await page.getByRole('button', { name: say('Link a sandbox wallet') }).click()
      await confirmSheet(w, user.password, 'Link wallet')
      await expect(page.getByTestId('wallets.item')).toBeVisible()
      await step('a sandbox wallet linked')
      await page.getByRole('button', { name: new RegExp(`^${say('Unlink')} 0x`) }).click()
      await expect(page.getByLabel(say('Your password'))).toBeVisible()
      await step('unlink: confirm sheet')
    },
  },
  {
    name: 'profile details and the password',
    who: 'fresh',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/settings/profile-details')
      await page.getByLabel(say('Phone (optional)')).fill('98765-4321')
      await page.getByRole('button', { name: say('profile.save'), exact: true }).click()
      await expect(page.getByLabel(say('Phone (optional)'))).toHaveAttribute('aria-invalid', 'true')
      await step('phone refused')
      await page.getByLabel(say('Phone (optional)')).fill('+55 11 98765 4321')
      await page.getByRole('button', { name: say('profile.save'), exact: true }).click()
      await expect(page.getByText(say('profile.saved'))).toBeVisible()
      await step('saved')
      await page.getByRole('button', { name: say('Change password') }).click()
      await expect(page.getByLabel(say('Current password'))).toHaveAttribute('aria-invalid', 'true')
      await step('password: errors at the fields')
      await page.getByLabel(say('Current password')).fill('not-my-password-1')
      await page.getByLabel(say('New password'), { exact: true }).fill('a-brand-new-password-2')
      await expect(page.getByLabel(say('Current password'))).not.toHaveAttribute('aria-invalid', 'true')
      await page.getByRole('button', { name: say('Change password') }).click()
      await expect(page.getByLabel(say('Current password'))).toHaveAttribute('aria-invalid', 'true')
      await step('password: the current one wrong')
      await page.getByLabel(say('Current password')).fill('a-long-password-1')
      await page.getByLabel(say('New password'), { exact: true }).fill('a-brand-new-password-2')
      await page.getByRole('button', { name: say('Change password') }).click()
      await expect(page.getByText(say('password.changedNone'))).toBeVisible()
      await step('password changed')
    },
  },
  {
    name: 'opening a company account',
    who: 'fresh',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/onboarding/corporate')
      await page.getByRole('button', { name: say('Open account') }).click()
      await expect(byName(page, 'name')).toHaveAttribute('aria-invalid', 'true')
      await step('the company name missing')
      await byName(page, 'name').fill('Companhia Brasileira de Distribuição de Produtos Ltda')
      await page.getByRole('button', { name: say('Open account') }).click()
      await expect(page.getByRole('link', { name: say('Verify your business') })).toBeVisible()
      await step('open, verify next')
    },
  },
  {
    name: 'feedback',
    who: 'fresh',
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/feedback')
      await page.getByRole('button', { name: say('support.feedback.send') }).click()
      await expect(page.getByLabel(say('Your message'))).toHaveAttribute('aria-invalid', 'true')
      await step('errors at the fields')
      await page.getByLabel(say('4 – Good')).check()
      await page.getByLabel(say('Your message')).fill(`The PIX quote screen is clear, thank you (${Date.now()})`)
      await page.getByRole('button', { name: say('support.feedback.send') }).click()
      await expect(page.getByRole('heading', { name: say('Thank you for your feedback') })).toBeVisible()
      await step('thanks')
    },
  },
  {
    name: 'signing in: errors, a wrong password, a reset link asked for',
    who: null,
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/sign-in')
      await page.getByRole('button', { name: say('auth.signIn.submit'), exact: true }).click()
      await expect(byName(page, 'email')).toHaveAttribute('aria-invalid', 'true')
      await step('errors at the fields')
      await byName(page, 'email').fill(`nobody-with-a-long-address-${Date.now()}@subsidiary.example.com`)
      await byName(page, 'password').fill('not-the-password-1')
      await expect(byName(page, 'password')).not.toHaveAttribute('aria-invalid', 'true')
      await page.getByRole('button', { name: say('auth.signIn.submit'), exact: true }).click()
      await expect(byName(page, 'password')).toHaveAttribute('aria-invalid', 'true')
      await step('no such account')
      await page.getByRole('link', { name: say('Forgot your password?') }).click()
      await byName(page, 'email').fill('not-an-address')
      await page.getByRole('button', { name: say('Send the link') }).click()
      await expect(byName(page, 'email')).toHaveAttribute('aria-invalid', 'true')
      await step('reset: address refused')
      await byName(page, 'email').fill(`nobody-with-a-long-address-${Date.now()}@subsidiary.example.com`)
      await page.getByRole('button', { name: say('Send the link') }).click()
      await expect(page.getByRole('button', { name: say('Send a link to another address') })).toBeVisible()
      await step('reset: link sent')
    },
  },
  {
    name: 'the waitlist',
    who: null,
    walk: async ({ page, say, step }) => {
      await page.goto('/app/cash/waitlist')
      await byName(page, 'email').fill('nope')
      await page.getByRole('button', { name: say('Join the waitlist') }).click()
      await expect(byName(page, 'email')).toHaveAttribute('aria-invalid', 'true')
      await step('address refused')
      await byName(page, 'email').fill(`a-rather-long-waiting-address-${Date.now()}@subsidiary.example.com`)
      await page.getByRole('button', { name: say('Join the waitlist') }).click()
      await expect(page.getByRole('status')).toBeVisible()
      await step('on the list')
    },
  },
]

walkFlows(FLOWS)

/**
 * The seeded holders' own figures, which the route walk (Paula's) does not show: the company's US$ 48.000,00 in its
 * hero, Bruno's "Emprestado" and "Limite de empréstimo" beside their amounts; Paula's views of her membership and
 * referrals, side by side whole, and the tiers' table with its caption in view; and a device the server cannot name
 * ("Um navegador") beside "Este dispositivo", a fresh user's. Measured at 320 and 360 px, in Portuguese (its words
 * run longest) in dark and English in light.
 */
const LOOKS = [
  ['pt-BR', 'dark'],
  ['en-US', 'light'],
] as const

const SEEDED_PAGES = {
  personal: [
    '/app/cash',
    '/app/cash/transaction-history',
    '/app/cash/my-membership',
    '/app/cash/my-membership/benefits',
    '/app/cash/refer',
  ],
  borrower: ['/app/cash', '/app/cash/transaction-history'],
  owner: ['/app/cash', '/app/cash/transaction-history'],
} as const

test('holders’ pages on 320- and 360-px phones: each title whole, no word broken, every view shown', async ({
  browser,
}) => {
  const misfits: string[] = []
  for (const [who, paths] of Object.entries(SEEDED_PAGES) as [keyof typeof SEEDED_PAGES, readonly string[]][])
    for (const [locale, colorScheme] of LOOKS) {
      const context = await browser.newContext({ locale, colorScheme, viewport: { width: 360, height: 780 } })
      await useWebSession(context, who)
      const page = await context.newPage()
      for (const path of paths) {
        await page.goto(path)
        if (path.endsWith('/cash') || path.endsWith('/transaction-history'))
          await expect(page.locator('a.cash-list-row[href*="/transaction-history/"]').first()).toBeVisible()
        else await expect(page.locator('.cash-segmented')).toBeVisible()
        await expect(page.getByText(/Carregando…|Loading…/)).toHaveCount(0)
        misfits.push(...(await phoneFitProblems(page, `${who}: ${path} (${locale})`, [320, 360])))
      }
      await context.close()
    }
  for (const [locale, colorScheme] of LOOKS) {
    const context = await browser.newContext({ locale, colorScheme, viewport: { width: 360, height: 780 } })
    const page = await context.newPage()
    const user = await freshUser(page.request, 'fit-devices')
    const signedIn = await page.request.post('/app/cash/api/v1/auth/sign-in', {
      headers: { 'user-agent': 'Mozilla/5.0' },
      data: { email: user.email, password: user.password, client: 'web' },
    })
    expect(signedIn.status()).toBe(200)
    await page.goto('/app/cash/settings/profile-details')
    await expect(page.getByTestId('sessions.item').first()).toContainText(sayer(locale)('sessions.device.webUnknown'))
    misfits.push(...(await phoneFitProblems(page, `a device without a name (${locale})`, [320, 360])))
    await context.close()
  }
  expect(misfits, misfits.join('\n')).toEqual([])
})
