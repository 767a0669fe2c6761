import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

// Defects found in the walk (issue 18): what a holder sees on the pages that were wrong.
const account = ACCOUNT_IDS.personal

test('the promotions hub shows the running Summer Mint and links to its progress', async ({ page }) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/promotion')
  await expect(page.getByText('No promotions right now')).toHaveCount(0)
  const mint = page.locator('[data-testid="promotion.campaign"][data-kind="summer_mint"]')
  await expect(mint.getByRole('heading', { name: 'Summer Mint' })).toBeVisible()
  await expect(mint).toContainText('Spend $500.00 with your card in the window to mint a collectible badge.')
  await expect(mint.getByRole('link', { name: 'See your progress' })).toHaveAttribute(
    'href',
    '/app/cash/promotion/summer-mint',
  )
})

test('a frozen account is told on the first screen of every money-out flow, with what to do next', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin')
  await admin.post(`/admin/accounts/${account}/freeze`, { reason: 'Unusual activity under review (e2e)' })
  try {
    await new CashApp(page).useSession('personal')
    for (const path of [
      '/withdraw/crypto',
      '/pix/send',
      '/bank/send',
      '/convert',
      '/earn/liquid',
      '/repay',
      '/order-card/@personal',
    ]) {
      await page.goto(`/app/cash${path}`)
      const gate = page.getByTestId('frozen-gate')
      await expect(gate, path).toContainText('This account is frozen')
      await expect(gate, path).toContainText('Unusual activity under review (e2e)')
      await expect(gate.getByRole('link', { name: 'Contact support' }), path).toBeVisible()
      await expect(page.getByLabel('Your password'), path).toHaveCount(0)
    }
  } finally {
    await admin.post(`/admin/accounts/${account}/unfreeze`, {})
  }
  await page.goto('/app/cash/convert')
  await expect(page.getByTestId('frozen-gate')).toHaveCount(0)
})

test(
  'a PIX payment shows its reais, masked key, rate, ' + 'fee and end-to-end id; a card purchase its category by name',
  async ({ page, request }) => {
    const paula = await apiAs(request, 'personal')
    const admin = await apiAs(request, 'admin')
    const quote = (await paula.post(`/accounts/${account}/pix/payments`, {
      destination: 'maria.silva@example.com',
      brlAmount: '150',
    })) as { id: string }
    const paid = (await paula.post(`/accounts/${account}/pix/payments/${quote.id}/confirm`, {
      confirmation: { method: 'password', password: DEMO_PASSWORD },
    })) as { endToEndId: string }
    const pix = ((await paula.get(`/accounts/${account}/history?type=pix`)) as { items: { id: string }[] }).items[0]!
    await new CashApp(page).useSession('personal')
    await page.goto(`/app/cash/transaction-history/pix/${pix.id}`)
    await expect(page.getByTestId('history.detail-brlAmount')).toHaveText('R$150.00')
    await expect(page.getByTestId('history.detail-pixKey')).toHaveText('m***@example.com')
    await expect(page.getByTestId('history.detail-rate')).toContainText('1 BRL =')
    await expect(page.getByTestId('history.detail-pixFee')).toHaveText('$0.30')
    await expect(page.getByTestId('history.detail-endToEndId')).toHaveText(paid.endToEndId)

    const bought = (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
      amount: '7',
      merchantName: 'Padaria MCC',
      mcc: '5812',
    })) as { authorizationId?: string; id?: string }
    const card = (
      (await paula.get(`/accounts/${account}/history?type=card`)) as {
        items: { id: string; title: { merchant?: string } }[]
      }
    ).items.find((i) => i.title.merchant === 'Padaria MCC')!
    expect(bought).toBeTruthy()
    await page.goto(`/app/cash/transaction-history/card/${card.id}`)
    await expect(page.getByTestId('history.detail-category')).toHaveText('Restaurants · MCC 5812')
  },
)

test('a third party’s wire over $4,000 shows in history as returned, with the reason', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin')
  await admin.post('/sandbox/bank/transfers', {
    accountId: account,
    rail: 'wire',
    amount: '5000',
    senderName: 'Big Sender',
    thirdParty: true,
  })
  const paula = await apiAs(request, 'personal')
  await expect
    .poll(
      async () =>
        ((await paula.get(`/accounts/${account}/history?status=returned`)) as { items: unknown[] }).items.length,
      { timeout: 20_000 },
    )
    .toBe(1)
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/transaction-history')
  const row = page.getByRole('listitem').filter({ hasText: 'Wire from Big Sender' })
  await expect(row).toContainText('Returned')
})

test('wallet instructions without a native host say how the app adds the card, and the card links to them', async ({
  page,
}) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/support/wallet-instruct')
  await expect(page.getByTestId('support.wallet.how')).toContainText(
    'In the Cash app, tap Add to Apple Wallet or Add to Google Wallet on your card',
  )
  await expect(page.getByText('not available yet')).toHaveCount(0)
  await page.goto('/app/cash/card/@personal')
  await expect(page.getByTestId('wallet.instructions-4242')).toHaveAttribute(
    'href',
    '/app/cash/support/wallet-instruct',
  )
})
