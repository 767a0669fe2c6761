import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS, CARD_IDS } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

/**
 * Movements are data the page words (domain/movement-title.ts, movement-reason.ts): a holder whose browser prefers
 * Portuguese reads every title and every decline in Portuguese, amounts the Portuguese way, and finds a movement by
 * searching in Portuguese. A request the server refuses says why at its field in Portuguese, with its figures the
 * Portuguese way (domain/error-words.ts).
 */
test.use({ locale: 'pt-BR', colorScheme: 'dark', viewport: { width: 360, height: 780 } })

test('a Portuguese holder reads movements and declines in Portuguese and finds them by Portuguese words', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin')
  // A deposit of its own, so one is among the newest movements whatever other specs did on this server before.
  await admin.post('/sandbox/deposits', { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' })
  const merchantName = `Padaria Real ${Date.now()}`
  const bought = (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
    amount: '12.5',
    merchantName,
    mcc: '5462',
  })) as { networkId: string }
  const added = (await admin.post(`/sandbox/card-authorizations/${bought.networkId}/incremental`, {
    amount: '9000',
  })) as { approved: boolean }
  expect(added.approved).toBe(false)

  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/transaction-history')
  const list = page.getByTestId('history.list')
  await expect(list.getByRole('link', { name: /Depósito de USDC/ }).first()).toBeVisible()
  await expect(list).not.toContainText('USDC deposit')

  await page.getByRole('searchbox').fill('depósito')
  await expect(list.getByRole('link').first()).toContainText('Depósito de')
  await expect(list.getByRole('link', { name: new RegExp(merchantName) })).toHaveCount(0)

  await page.getByRole('searchbox').fill(merchantName)
  await list.getByRole('link', { name: new RegExp(merchantName) }).click()
  const increment = page.getByTestId('history.increment')
  await expect(increment).toHaveText(/^\+US\$\s9\.000,00 · Recusada: saldo disponível insuficiente\.$/)
  await page.screenshot({ path: test.info().outputPath('detail.png'), fullPage: true })
})

test('a Portuguese holder reads a refused request at its field and a declined purchase in Portuguese', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin')
  const merchantName = `Iates de Luxo ${Date.now()}`
  const bought = (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
    amount: '999999',
    merchantName,
    mcc: '5551',
  })) as { approved: boolean }
  expect(bought.approved).toBe(false)

  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/transaction-history')
  await page.getByRole('searchbox').fill(merchantName)
  const row = page.getByTestId('history.list').getByRole('listitem').filter({ hasText: merchantName })
  // Why depends on what other specs left (the balance, the day's spending, a freeze): any of them, in Portuguese.
  await expect(row).toContainText(/Recusada: [^.]+\./)
  await expect(row).not.toContainText('Declined')

  // More USDC than is free: the server's refusal shows at the amount, its figure the Portuguese way (1.234,56 or,
  // with fees taken in fractions of a cent, 5.002,876).
  await page.goto('/app/cash/convert')
  await page.getByLabel('De', { exact: true }).selectOption('USDC')
  await page.getByLabel('Para', { exact: true }).selectOption('USDT')
  await page.getByLabel('Valor em USDC').fill('99999999')
  await page.getByRole('button', { name: 'Ver cotação' }).click()
  await expect(page.getByLabel('Valor em USDC')).toHaveAccessibleDescription(
    /^Mais do que os seus USDC livres \(\d{1,3}(\.\d{3})*,\d{2,6} USDC\)\.$/,
  )
  await expect(page.getByRole('alert').filter({ hasText: 'More than' })).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('refused.png'), fullPage: true })
})
