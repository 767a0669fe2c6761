import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import type { HeldAsset } from '../domain/asset'
import { decodeBrCode } from '../domain/br-code'
import { formatMoney, parseAmount } from '../domain/money'
import { ACCOUNT_IDS } from '../fixtures/personas'
import { apiAs, balanceOf } from './support/api'
import { CashApp } from './support/cash-app'

const account = ACCOUNT_IDS.personal
/** 12 confirmations of the sandbox chain (a block every 250 ms), and a little more. */
const CONFIRMATIONS = 4
const usd = (decimal: string) => formatMoney(parseAmount(decimal, 'USDC'), 'USDC')
const plus = (a: string, b: string, asset: HeldAsset = 'USDC') =>
  formatMoney(parseAmount(a, asset) + parseAmount(b, asset), asset)

async function homeShows(page: Page, asset: string, text: string) {
  await page.goto('/app/cash')
  await expect(
    page.getByRole('region', { name: 'Balances' }).getByRole('listitem').filter({ hasText: asset }),
  ).toContainText(text)
}

test.describe('money in, as personal@demo.cash', () => {
  test.beforeEach(async ({ page }) => {
    await new CashApp(page).useSession('personal')
  })

  test('a deposit to the shown address is credited after its confirmations, by exactly the amount', async ({
    page,
    request,
    serverClock,
  }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const before = await balanceOf(paula, account, 'USDC')
    await page.goto('/app/cash/top-up/share-address')
    const address = (await page.getByTestId('top-up.address').textContent())!.trim()
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(page.getByRole('img', { name: 'QR code of your deposit address' })).toHaveAttribute(
      'data-qr-value',
      address,
    )
    await expect(page.getByRole('note')).toContainText('Send only on Scroll')
    await admin.post('/sandbox/chain/transfers', { toAddress: address, asset: 'USDC', amount: '25.5' })
    await page.goto('/app/cash/top-up')
    const incoming = page.getByTestId('top-up.incoming')
    await expect(incoming).toContainText(/of 12 confirmations|Credited/)
    await serverClock.advance(CONFIRMATIONS)
    await expect(incoming).toContainText('Credited')
    await homeShows(page, 'USDC', plus(before, '25.5'))
    // Other tests spend as the same persona meanwhile and can push it off the home page's short list; the
    // history's deposits hold it whatever else happened.
    await page.goto('/app/cash/transaction-history')
    await page.getByLabel('Type').selectOption('deposit')
    await expect(
      page.getByTestId('history.list').getByRole('listitem').filter({ hasText: '+$25.50' }).first(),
    ).toContainText('Settled')
  })

  test('a Stargate transfer moves through its states on on-the-way/{hash} and credits on delivery', async ({
    page,
    request,
    serverClock,
  }) => {
    const paula = await apiAs(request, 'personal')
    const before = await balanceOf(paula, account, 'USDC')
    await page.goto('/app/cash/top-up/stargate')
    await page.getByLabel('From chain').selectOption('Arbitrum')
    await page.getByLabel('Asset').selectOption('USDC')
    await page.getByLabel('Amount').fill('100')
    await expect(page.getByTestId('bridge.quote')).toContainText('$99.94')
    await expect(page.getByTestId('bridge.quote')).toContainText('$0.06')
    await page.getByRole('button', { name: 'Bridge' }).click()
    await expect(page).toHaveURL(/\/app\/cash\/top-up\/stargate\/on-the-way\/0x[0-9a-f]{64}$/)
    const progress = page.getByRole('list', { name: 'Transfer progress' })
    await expect(progress.locator('[aria-current="step"]')).toHaveText(/Confirming|In flight/)
    // The bridge reports it in flight after 8 blocks (2 s) and delivered after 20 (5 s).
    await serverClock.advance(2)
    await page.reload()
    await expect(progress.locator('[aria-current="step"]')).toHaveText(/In flight|Delivered/)
    await serverClock.advance(3)
    await expect(page.getByText('Delivered and credited to your account.')).toBeVisible()
    // Once delivered, the page no longer says the transfer is on its way, and the last step shows done.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfer delivered')
    await expect(page).toHaveTitle('Transfer delivered · Cash')
    await expect(progress.getByRole('listitem').last()).toHaveAttribute('data-state', 'done')
    await homeShows(page, 'USDC', plus(before, '99.94'))
  })

  test('an unknown hash shows a not-found state', async ({ page }) => {
    await page.goto(`/app/cash/top-up/stargate/on-the-way/0x${'0'.repeat(64)}`)
    await expect(page.getByTestId('on-the-way.not-found')).toContainText('Transfer not found')
  })

  test('a PIX top-up of R$100 shows a BR Code with a valid CRC and, once paid, credits the quoted USDC', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const before = await balanceOf(paula, account, 'USDC')
    await page.goto('/app/cash/pix/top-up')
    await page.getByLabel('Amount in reais').fill('100')
    await expect(page.getByTestId('pix.quote')).toContainText('$19.80')
    await page.getByRole('button', { name: 'Create PIX code' }).click()
    const code = (await page.getByTestId('pix.br-code').textContent())!.trim()
    const decoded = decodeBrCode(code)
    expect(decoded).toMatchObject({ amount: '100.00', kind: 'dynamic' })
    await expect(page.getByRole('timer')).toContainText(/Rate and code valid for (10:00|9:5\d)/)
    await admin.post(`/sandbox/pix/charges/${decoded.txid}/pay`)
    await expect(page.getByText('$19.80 was credited to your account.')).toBeVisible()
    await homeShows(page, 'USDC', plus(before, '19.8'))
  })

  test('an incoming bank transfer credits less the fee', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const before = await balanceOf(paula, account, 'USDC')
    await page.goto('/app/cash/bank/receive')
    await expect(page.getByText('SWIFT transfers are not supported')).toBeVisible()
    await admin.post('/sandbox/bank/transfers', {
      accountId: account,
      rail: 'ach',
      amount: '1000',
      senderName: 'Paula Pereira',
    })
    await expect
      .poll(async () => (await page.reload(), await page.getByRole('region', { name: 'Received' }).textContent()))
      .toContain('+$998.00')
    await homeShows(page, 'USDC', plus(before, '998'))
  })
})

test.describe('the standalone pages do the same inside the QA harness', () => {
  async function launch(page: Page, webview: string) {
    await page.goto('/app/cash/webview/test')
    await page.getByLabel('Page').selectOption(webview)
    await page.getByRole('button', { name: 'Launch' }).click()
    await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
    return page.frameLocator('iframe[title="Embed under test"]')
  }

  test('webview/top-up: the deposit address, then a credited deposit', async ({ page, request, serverClock }) => {
    const admin = await apiAs(request, 'admin')
    const embed = await launch(page, 'top-up')
    await embed.getByRole('link', { name: /Deposit crypto/ }).click()
    await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Your deposit address')
    const address = (await embed.getByTestId('top-up.address').textContent())!.trim()
    expect(page.frames().some((f) => f.url().includes('/app/cash/webview/top-up/share-address'))).toBe(true)
    await admin.post('/sandbox/chain/transfers', { toAddress: address, asset: 'USDT', amount: '3' })
    await embed.getByRole('button', { name: /Deposit address: Copy/ }).click()
    await expect(page.getByTestId('qa.log')).toContainText('← embed req copy')
    // The native back button steps back inside the embed, to the hub, where the deposit arrives.
    await page.getByRole('button', { name: 'Back pressed' }).click()
    await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Add money')
    await serverClock.advance(CONFIRMATIONS)
    await expect(embed.getByTestId('top-up.incoming')).toContainText('Credited')
    await page.getByRole('button', { name: 'Back pressed' }).click()
    await expect(page.getByTestId('qa.log')).toContainText('← embed req close')
  })

  test('webview/pix/topup: a BR Code, paid, credited', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const embed = await launch(page, 'pix/topup')
    await embed.getByLabel('Amount in reais').fill('50')
    await expect(embed.getByTestId('pix.quote')).toContainText(usd('9.9'))
    await embed.getByRole('button', { name: 'Create PIX code' }).click()
    const decoded = decodeBrCode((await embed.getByTestId('pix.br-code').textContent())!.trim())
    await admin.post(`/sandbox/pix/charges/${decoded.txid}/pay`)
    await expect(embed.getByText('$9.90 was credited to your account.')).toBeVisible()
  })
})
