import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { formatMoney, parseAmount } from '../domain/money'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../fixtures/personas'
import { apiAs, balanceOf } from './support/api'
import { CashApp } from './support/cash-app'
import { SERVER_ENV } from './support/cash-server'

const account = ACCOUNT_IDS.personal
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
/** The security delay the test servers run with (SERVER_ENV), and enough time for 12 confirmations after it. */
const WITHDRAWAL_DELAY = Number(SERVER_ENV.WITHDRAWAL_DELAY_SECONDS)
const CONFIRMATIONS = 5
const minus = (a: string, b: string) => formatMoney(parseAmount(a, 'USDC') - parseAmount(b, 'USDC'), 'USDC')

async function fillWithdrawal(page: Page, amount: string, address: string) {
  await page.goto('/app/cash/withdraw/crypto')
  await page.getByLabel('Asset').selectOption('USDC')
  await page.getByLabel('Amount').fill(amount)
  await page.getByLabel('Destination address').fill(address)
}

test.describe('crypto withdrawal, as personal@demo.cash', () => {
  test.beforeEach(async ({ page }) => {
    await new CashApp(page).useSession('personal')
  })

  test('goes through its states and reduces the balance by amount + fee', async ({ page, request, serverClock }) => {
    const paula = await apiAs(request, 'personal')
    const before = await balanceOf(paula, account, 'USDC')
    await fillWithdrawal(page, '10', TO.toLowerCase())
    await expect(page.getByTestId('withdraw.quote')).toContainText('$0.50')
    await expect(page.getByTestId('withdraw.quote')).toContainText('$10.50')
    await page.getByRole('button', { name: 'Review' }).click()
    await expect(page.getByTestId('confirm.summary')).toContainText(TO)
    await page.getByLabel('Your password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Confirm and send' }).click()
    await expect(page).toHaveURL(/\/withdraw\/crypto\/status$/)
    const progress = page.getByRole('list', { name: 'Withdrawal progress' })
    await expect(progress.locator('[aria-current="step"]')).toHaveText('Security delay')
    await expect(page.getByRole('timer')).toContainText(/Sends in (1:00|0:[0-5]\d)/)
    // Past the security delay it is sent; a few blocks later the network confirms it.
    await serverClock.advance(WITHDRAWAL_DELAY)
    await expect(progress.locator('[aria-current="step"]')).not.toHaveText('Security delay')
    await serverClock.advance(CONFIRMATIONS)
    await expect(page.getByText('Confirmed on the network.')).toBeVisible()
    await page.goto('/app/cash')
    await expect(
      page.getByRole('region', { name: 'Balances' }).getByRole('listitem').filter({ hasText: 'USDC' }),
    ).toContainText(minus(before, '10.5'))
  })

  // The other kinds of bad address (39 hex characters, a non-hex one) are refused at the field the same way:
  // embeds/withdraw/crypto-withdraw-page.test.tsx, with the server's answers in server/money-out/withdrawals.test.ts.
  test('refuses a mixed-case address with a wrong checksum at the address field', async ({ page }) => {
    await fillWithdrawal(page, '10', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd')
    const field = page.getByLabel('Destination address')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(
      page.getByRole('alert').filter({ hasText: 'mixed case that does not match its checksum' }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Review' })).toBeDisabled()
  })

  test('cancelling during the delay returns the reservation', async ({ page, request }) => {
    const paula = await apiAs(request, 'personal')
    const spendable = async () =>
      ((await paula.get(`/accounts/${account}/balances`)) as { spendable: string }).spendable
    const before = await spendable()
    await fillWithdrawal(page, '20', TO)
    await page.getByRole('button', { name: 'Review' }).click()
    await page.getByLabel('Your password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Confirm and send' }).click()
    await expect(page.getByRole('button', { name: 'Cancel withdrawal' })).toBeVisible()
    expect(parseAmount(await spendable(), 'USDC')).toBe(parseAmount(before, 'USDC') - 20_500_000n)
    // One click only asks: the amount and what comes back, then the button that cancels.
    await page.getByRole('button', { name: 'Cancel withdrawal' }).click()
    await expect(page.getByTestId('confirm.summary')).toContainText('$20.50')
    expect(await spendable()).not.toBe(before)
    await page.getByRole('button', { name: 'Yes, cancel the withdrawal' }).click()
    await expect(page.getByText('Cancelled. The amount is back in your spendable balance.')).toBeVisible()
    expect(await spendable()).toBe(before)
  })
})

test('webview/withdraw does the same inside the QA harness, confirmed by its biometrics', async ({
  page,
  serverClock,
}) => {
  await page.goto('/app/cash/webview/test')
  await page.getByLabel('Page').selectOption('withdraw')
  await page.getByRole('button', { name: 'Launch' }).click()
  await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
  const embed = page.frameLocator('iframe[title="Embed under test"]')
  await embed.getByRole('link', { name: /Withdraw crypto/ }).click()
  await embed.getByLabel('Amount').fill('5')
  await embed.getByLabel('Destination address').fill(TO)
  await expect(embed.getByTestId('withdraw.quote')).toContainText('$5.50')
  await embed.getByRole('button', { name: 'Review' }).click()
  await expect(embed.getByLabel('Your password')).toHaveCount(0)
  await embed.getByRole('button', { name: 'Confirm with biometrics' }).click()
  await expect(page.getByText('Confirm with biometrics: Withdraw crypto: 5.5 USDC')).toBeVisible()
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(embed.getByRole('list', { name: 'Withdrawal progress' })).toBeVisible()
  await serverClock.advance(WITHDRAWAL_DELAY)
  await serverClock.advance(CONFIRMATIONS)
  await expect(embed.getByText('Confirmed on the network.')).toBeVisible()
})

const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano ' +
  'de Tal6008BRASILIA62070503***63041D3D'

test('a PIX send from the BCB example code shows "Fulano de Tal, BRASILIA" and pays', async ({ page }) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/pix/send')
  await page.getByLabel('PIX key or code').fill(BCB_EXAMPLE)
  await page.getByLabel('Amount in reais').fill('50')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByTestId('pix-send.recipient')).toContainText('Fulano de Tal, BRASILIA')
  await expect(page.getByTestId('confirm.summary')).toContainText('$10.10')
  await page.getByLabel('Your password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Confirm and send' }).click()
  await expect(page.getByRole('status')).toContainText('R$50.00 paid to Fulano de Tal; $10.10 taken from your account.')
})

test('webview/pix/send does the same inside the QA harness, with its scan and confirm answers', async ({ page }) => {
  await page.goto('/app/cash/webview/test')
  await page.getByLabel('Page').selectOption('pix/send')
  await page.getByRole('button', { name: 'Launch' }).click()
  await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
  const embed = page.frameLocator('iframe[title="Embed under test"]')
  await embed.getByRole('button', { name: 'Scan a PIX code' }).click()
  await page.getByLabel(/Scanned text for/).fill(BCB_EXAMPLE)
  await page.getByRole('button', { name: 'Send scan' }).click()
  await expect(embed.getByLabel('PIX key or code')).toHaveValue(BCB_EXAMPLE)
  await embed.getByLabel('Amount in reais').fill('20')
  await embed.getByRole('button', { name: 'Continue' }).click()
  await expect(embed.getByTestId('pix-send.recipient')).toContainText('Fulano de Tal, BRASILIA')
  await embed.getByRole('button', { name: 'Confirm with biometrics' }).click()
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(embed.getByRole('status')).toContainText('paid to Fulano de Tal')
  await expect(page.getByTestId('qa.log')).toContainText('← embed req scanQr')
})

test('a bank send to a manual IBAN recipient completes', async ({ page, serverClock }) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/bank/send/add')
  await page.getByRole('link', { name: /Enter bank details/ }).click()
  await page.getByLabel('Europe (IBAN, euros)').check()
  await page.getByLabel('Account holder’s name').fill('Hans Müller')
  await page.getByLabel('IBAN', { exact: true }).fill('DE88 3704 0044 0532 0130 00')
  await page.getByRole('button', { name: 'Save recipient' }).click()
  await expect(page.getByText('This IBAN’s check digits do not match.')).toBeVisible()
  await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00')
  await page.getByLabel('BIC (optional)').fill('COBADEFFXXX')
  await page.getByRole('button', { name: 'Save recipient' }).click()
  await expect(page).toHaveURL(/\/app\/cash\/bank\/send\?recipient=/)
  await page.getByLabel('Amount in USD').fill('108')
  await expect(page.getByTestId('bank.quote')).toContainText('€100.00')
  await expect(page.getByTestId('bank.quote')).toContainText('$108.21')
  await page.getByRole('button', { name: 'Review' }).click()
  await page.getByLabel('Your password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Confirm and send' }).click()
  await expect(page.getByTestId('bank.sent')).toContainText('€100.00 is on its way to Hans Müller')
  await page.getByRole('link', { name: 'See its status' }).click()
  await expect(page.getByTestId('bank.sends')).toBeVisible()
  // The bank reports the payout completed a few seconds later (16 sandbox blocks); the page polls till then.
  await serverClock.advance(5)
  await expect(page.getByTestId('bank.sends')).toContainText('Completed')
})

test('repay shows the effect on debt and health first, then repays', async ({ page }) => {
  // The debt as it is now (interest may have accrued at midnight): repaying 100 lowers it by exactly that.
  const debt = parseAmount(
    (await (await apiAs(page.request, 'borrower')).get(`/accounts/${ACCOUNT_IDS.borrower}/balances`)).debt,
    'USDC',
  )
  const usd = (units: bigint) => formatMoney(units, 'USDC', 'en-US')
  await new CashApp(page).useSession('borrower')
  await page.goto('/app/cash/repay')
  await page.getByLabel('Amount to repay (USDC)').fill('100')
  await expect(page.getByTestId('repay.effect')).toContainText(`${usd(debt)} → ${usd(debt - 100_000000n)}`)
  // Health depends on the collateral the borrower holds now (other tests add to it); it must go up.
  const health = (await page.getByTestId('repay.effect').getByRole('definition').last().textContent())!.match(
    /(\d+\.\d{2}) → (\d+\.\d{2})/,
  )!
  expect(Number(health[2])).toBeGreaterThan(Number(health[1]))
  await page.getByRole('button', { name: 'Repay', exact: true }).click()
  await expect(page.getByRole('status')).toContainText(`$100.00 repaid. You now owe ${usd(debt - 100_000000n)}.`)
})

test('a bank linked through Plaid Link (sandbox) becomes a recipient with a masked number', async ({ page }) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/bank/send/add')
  await page.getByRole('link', { name: /Link your bank with Plaid/ }).click()
  await page.getByRole('button', { name: 'Tartan Bank' }).click()
  await page.getByLabel('Bank username').fill('user_good')
  await page.getByLabel('Bank password').fill('pass_good')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Code').fill('1234')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel(/Plaid Saving •••• 1111/).check()
  await page.getByRole('button', { name: 'Link account' }).click()
  await expect(page).toHaveURL(/\/app\/cash\/bank\/send\?recipient=/)
  await expect(page.getByLabel('Recipient')).toContainText('Plaid Saving · USD •••• 1111')
})
