import { expect, test } from './support/fixtures'
import { formatMoney, parseAmount } from '../domain/money'
import { ACCOUNT_IDS, CARD_IDS } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

test(
  'a purchase shows pending with its hold, lowers spendable, then settles; ' +
    'frozen and over-spendable purchases are declined with the reason',
  async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const spendable = async () =>
      ((await paula.get(`/accounts/${ACCOUNT_IDS.personal}/balances`)) as { spendable: string }).spendable
    await new CashApp(page).signInAs('personal')
    const before = await spendable()
    const buy = (amount: string, merchantName: string) =>
      admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount, merchantName, mcc: '5812' }) as Promise<{
        networkId: string
        approved: boolean
      }>

    const coffee = await buy('12.34', 'Café Lisboa')
    await page.goto('/app/cash/card/@personal')
    const purchases = page.getByTestId('cards.activity-4242')
    await expect(purchases.getByRole('listitem').filter({ hasText: 'Café Lisboa' })).toContainText('Pending')
    await page.goto('/app/cash')
    await expect(page.getByRole('region', { name: 'Spendable' })).toContainText(
      formatMoney(parseAmount(before, 'USDC') - 12_340_000n, 'USDC'),
    )

    await admin.post(`/sandbox/card-authorizations/${coffee.networkId}/clearing`, {})
    // The network's clearing arrives by webhook (a job): the page drawn after it lands shows it settled.
    const coffeeStatus = async () =>
      (
        (await paula.get(`/accounts/${ACCOUNT_IDS.personal}/card-authorizations`)) as {
          items: { merchantName: string; status: string }[]
        }
      ).items.find((a) => a.merchantName === 'Café Lisboa')?.status
    await expect.poll(coffeeStatus).toBe('cleared')
    await page.goto('/app/cash/card/@personal')
    await expect(purchases.getByRole('listitem').filter({ hasText: 'Café Lisboa' })).toContainText('Settled')

    // Exact names: a role's name matches as a case-insensitive substring, and "Unfreeze card" contains "freeze card".
    await page.getByRole('button', { name: 'Freeze card', exact: true }).click()
    await expect(page.getByTestId('cards.card-4242')).toContainText('Frozen')
    await buy('5', 'Padaria Frozen')
    await page.getByRole('button', { name: 'Unfreeze card' }).click()
    // The next purchase must meet an active card: wait until the page shows the unfreeze done.
    await expect(page.getByRole('button', { name: 'Freeze card', exact: true })).toBeVisible()
    await buy('999999', 'Luxury Yachts')
    await page.reload()
    await expect(purchases.getByRole('listitem').filter({ hasText: 'Padaria Frozen' })).toContainText(
      'Declined: this card is frozen. Unfreeze it to pay.',
    )
    await expect(purchases.getByRole('listitem').filter({ hasText: 'Luxury Yachts' })).toContainText(
      /Declined: (not enough spendable balance|over your daily spending limit)/,
    )

    // The same purchases in the history, settled with a timeline and declined with the reason.
    await page.goto('/app/cash/transaction-history')
    await page.getByLabel('Type').selectOption('card')
    const history = page.getByTestId('history.list')
    await expect(history.getByRole('listitem').filter({ hasText: 'Padaria Frozen' })).toContainText(
      'Declined: this card is frozen.',
    )
    await history.getByRole('link', { name: /Café Lisboa/ }).click()
    await expect(page).toHaveURL(/\/transaction-history\/card\/[0-9a-f-]{36}$/)
    await expect(page.getByTestId('history.timeline')).toContainText('Authorized (amount on hold)')
    await expect(page.getByTestId('history.timeline')).toContainText('Settled')
  },
)

test(
  'an owner issues a card to the member with a $500 daily limit; ' + 'the member’s $600 purchase is declined for it',
  async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const app = new CashApp(page)
    await app.useSession('owner')
    await page.goto('/app/cash/card/@corporate/add')
    await page.getByLabel('Cardholder').selectOption({ label: 'Marco Moreau (member@acme.demo.cash)' })
    await page.getByLabel('Daily limit (USD)').fill('500')
    await page.getByRole('button', { name: 'Issue virtual card' }).click()
    await expect(page).toHaveURL(/\/card\/@corporate$/)
    const owner = await apiAs(request, 'owner')
    const cards = (
      (await owner.get(`/accounts/${ACCOUNT_IDS.acme}/cards`)) as {
        items: { id: string; last4: string; limits: { daily: string | null }; cardholderUserId: string }[]
      }
    ).items
    const issued = cards.find((c) => c.limits.daily === '500')!
    await app.signOut()
    await app.signInAs('member')
    const declined = (await admin.post(`/sandbox/cards/${issued.id}/purchases`, {
      amount: '600',
      merchantName: 'Office Depot',
      mcc: '5943',
    })) as { approved: boolean; reason: string }
    expect(declined).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
    await page.goto('/app/cash/card/@corporate')
    await expect(
      page.getByTestId(`cards.activity-${issued.last4}`).getByRole('listitem').filter({ hasText: 'Office Depot' }),
    ).toContainText('Declined: over this card’s daily limit.')
    await expect(page.getByText('Issue a card to someone in your company')).toHaveCount(0)
  },
)
