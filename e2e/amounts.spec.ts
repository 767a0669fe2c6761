import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

/**
 * One way to type an amount on every form, in the page's language (docs/amounts.md): the same money typed
 * "1.234,56" on a Portuguese page and "1,234.56" on an English one reaches the API as "1234.56", whatever the form.
 */

type Api = Awaited<ReturnType<typeof apiAs>>
const alertsOf = async (api: Api) =>
  (await api.get(`/accounts/${ACCOUNT_IDS.personal}/alert-settings`)) as {
    purchaseAbove: string | null
    dailySpendAbove: string | null
  }

/** Types an amount into the spending alerts form and returns what the API then holds. */
async function saveAlert(page: Page, api: Api, label: RegExp, save: RegExp, typed: string) {
  await page.goto('/app/cash/settings/alerts/spend-limit')
  await page.getByLabel(label).fill(typed)
  await page.getByRole('button', { name: save }).click()
  await expect(page.getByRole('status')).toBeVisible()
  return (await alertsOf(api)).purchaseAbove
}

/** Types a per-purchase limit into "issue a corporate card" and returns the limit the page sent. */
async function issueWithLimit(page: Page, label: RegExp, submit: RegExp, typed: string) {
  await page.goto('/app/cash/card/@corporate/add')
  await page.getByLabel(label).fill(typed)
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/accounts\/[^/]+\/cards$/.test(r.url()))
  await page.getByRole('button', { name: submit }).click()
  return ((await sent).postDataJSON() as { limits: { perPurchase?: string } }).limits.perPurchase
}

/** Makes the persona's saved language Portuguese for `run`, then puts it back. */
async function inPortuguese(api: Api, run: () => Promise<void>) {
  const profile = (await api.get('/profile')) as { name: string; language: string | null; phone: string | null }
  await api.put('/profile', { name: profile.name, language: 'pt-BR', phone: profile.phone })
  try {
    await run()
  } finally {
    await api.put('/profile', { name: profile.name, language: profile.language, phone: profile.phone })
  }
}

test.describe('on a Portuguese page', () => {
  test('"12,50" and "1.234,56" mean the same money in the alerts form and the card limits form', async ({
    page,
    request,
  }) => {
    const paula = await apiAs(request, 'personal')
    await new CashApp(page).signInAs('personal')
    await inPortuguese(paula, async () => {
      try {
        expect(await saveAlert(page, paula, /Avisar sobre uma compra acima de/, /Salvar alertas/, '12,50')).toBe('12.5')
        expect(await saveAlert(page, paula, /Avisar sobre uma compra acima de/, /Salvar alertas/, '1.234,56')).toBe(
          '1234.56',
        )
        // A prefilled threshold shows the Portuguese way.
        await page.goto('/app/cash/settings/alerts/spend-limit')
        await expect(page.getByLabel(/Avisar sobre uma compra acima de/)).toHaveValue('1234,56')
      } finally {
        await paula.put(`/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: null })
      }
    })
  })

  test(
    'a corporate card limit typed "1.234,56" is sent as 1234.56; ' + '"12.50" is refused at the field in Portuguese',
    async ({ page, request }) => {
      await new CashApp(page).signInAs('owner')
      await inPortuguese(await apiAs(request, 'owner'), async () => {
        expect(await issueWithLimit(page, /Limite por compra/, /Emitir cartão virtual/, '1.234,56')).toBe('1234.56')
        await page.goto('/app/cash/card/@corporate/add')
        await page.getByLabel(/Limite por compra/).fill('12.50')
        await page.getByRole('button', { name: /Emitir cartão virtual/ }).click()
        await expect(page.getByLabel(/Limite por compra/)).toHaveAccessibleDescription(/Use vírgula para os decimais/)
      })
    },
  )

  test(
    'a conversion over the free balance is refused at the amount by the server, ' + 'in Portuguese with its figures',
    async ({ page, request }) => {
      await new CashApp(page).signInAs('personal')
      await inPortuguese(await apiAs(request, 'personal'), async () => {
        await page.goto('/app/cash/convert')
        await page.getByLabel('De', { exact: true }).selectOption('USDC')
        await page.getByLabel('Para', { exact: true }).selectOption('USDT')
        const amount = page.getByLabel('Valor em USDC')
        await amount.fill('1.000.000')
        const refused = page.waitForResponse((r) => r.url().endsWith('/convert/quotes') && r.status() === 422)
        await page.getByRole('button', { name: 'Ver cotação' }).click()
        // The server said it as data; the page words it with the amount free in pt-BR figures.
        const error = ((await (await refused).json()) as { error: { fieldKeys: { amount: { free: string } } } }).error
        const free = Number(error.fieldKeys.amount.free) / 1e6
        const figures = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(free)
        await expect(amount).toHaveAccessibleDescription(`Mais do que os seus USDC livres (${figures} USDC).`)
      })
    },
  )
})

test.describe('on an English page', () => {
  test.use({ locale: 'en-US' })

  test(
    '"1,234.56" means the same money in the alerts form and the card limits form; ' + '"12,50" is refused, not guessed',
    async ({ page, request }) => {
      const paula = await apiAs(request, 'personal')
      await new CashApp(page).signInAs('personal')
      try {
        expect(await saveAlert(page, paula, /Alert on a purchase above/, /Save alerts/, '1,234.56')).toBe('1234.56')
        await page.goto('/app/cash/settings/alerts/spend-limit')
        await page.getByLabel(/Alert on a purchase above/).fill('12,50')
        await page.getByRole('button', { name: /Save alerts/ }).click()
        await expect(page.getByLabel(/Alert on a purchase above/)).toHaveAccessibleDescription(
          /Use a point for decimals/,
        )
        expect((await alertsOf(paula)).purchaseAbove).toBe('1234.56')
      } finally {
        await paula.put(`/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: null })
      }
      await page.context().clearCookies()
      await new CashApp(page).signInAs('owner')
      expect(await issueWithLimit(page, /Limit per purchase/, /Issue virtual card/, '1,234.56')).toBe('1234.56')
    },
  )

  test('issuing a corporate card with a bad limit shows why at the limit field and issues nothing', async ({
    page,
    request,
  }) => {
    const owner = await apiAs(request, 'owner')
    const cards = async () =>
      ((await owner.get(`/accounts/${ACCOUNT_IDS.acme}/cards`)) as { items: unknown[] }).items.length
    const before = await cards()
    await new CashApp(page).useSession('owner')
    await page.goto('/app/cash/card/@corporate/add')
    const limit = page.getByLabel(/Limit per purchase/)
    for (const [typed, why] of [
      ['-5', /without a minus sign/],
      ['1e3', /Write the amount in full/],
      ['12,50', /Use a point for decimals/],
      ['abc', /Enter an amount in digits/],
    ] as const) {
      await limit.fill(typed)
      await page.getByRole('button', { name: /Issue virtual card/ }).click()
      await expect(limit).toHaveAccessibleDescription(why)
    }
    expect(await cards()).toBe(before)
  })

  test('a transaction link with a bad id says the transaction is not found', async ({ page }) => {
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/transaction-history/card/not-a-uuid')
    await expect(page.getByRole('heading', { name: 'Transaction not found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'See all transactions' })).toBeVisible()
  })

  test('profile details save with no phone number', async ({ page }) => {
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/settings/profile-details')
    await page.getByLabel('Phone (optional)').fill('')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('status')).toHaveText('Saved.')
  })
})
