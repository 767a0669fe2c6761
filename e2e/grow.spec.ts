import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../fixtures/personas'
import { apiAs, balanceOf } from './support/api'
import { CashApp } from './support/cash-app'
import { SERVER_ENV } from './support/cash-server'

// The quote expiry and the vault settlement delay pass when the test moves the clock (server and page).
const account = ACCOUNT_IDS.personal
const QUOTE_TTL = Number(SERVER_ENV.CONVERT_QUOTE_TTL_SECONDS)
const SETTLEMENT = Number(SERVER_ENV.EARN_SETTLEMENT_SECONDS)
const units = (v: string) => Math.round(Number(v) * 1_000_000)

async function confirmWithPassword(page: Page, button: string) {
  await page.getByLabel('Your password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: button }).click()
}

test.describe('Grow, as personal@demo.cash', () => {
  test.beforeEach(async ({ page }) => {
    await new CashApp(page).useSession('personal')
  })

  test(
    'an expired convert quote is refused with a fresh one, ' + 'and executing it moves balances by the shown amounts',
    async ({ page, request, serverClock }) => {
      const paula = await apiAs(request, 'personal')
      const usdc = await balanceOf(paula, account, 'USDC')
      const usdt = await balanceOf(paula, account, 'USDT')
      await page.goto('/app/cash/convert')
      await page.getByLabel('From').selectOption('USDC')
      await page.getByLabel('To', { exact: true }).selectOption('USDC')
      await page.getByLabel('Amount of USDC').fill('10')
      await page.getByRole('button', { name: 'Get quote' }).click()
      await expect(page.getByRole('alert').filter({ hasText: 'Choose a different asset to receive.' })).toBeVisible()
      await page.getByLabel('To', { exact: true }).selectOption('USDT')
      await page.getByRole('button', { name: 'Get quote' }).click()
      await expect(page.getByTestId('quote.receive')).toHaveText('9.97 USDT')
      await expect(page.getByTestId('quote')).toContainText('0.03 USDT ($0.03)')
      // The page counts down the 30 s the server holds the rate (the page's clock is the server's).
      await expect(page.getByTestId('quote.countdown')).toContainText(/Rate held for 0:(30|[0-2]\d)/)
      // Let the quote run out (the page's countdown and the server's clock), then confirm it anyway: the server
      // refuses it and offers a fresh one.
      await serverClock.advance(QUOTE_TTL + 1)
      await expect(page.getByTestId('quote.countdown')).toContainText('This rate has expired')
      await page.getByRole('button', { name: 'Review and confirm' }).click()
      await confirmWithPassword(page, 'Confirm and convert')
      await expect(
        page.getByRole('status').filter({ hasText: 'That quote expired, so nothing was converted' }),
      ).toBeVisible()
      await expect(page.getByTestId('quote.countdown')).toContainText('Rate held for')
      expect(await balanceOf(paula, account, 'USDC')).toBe(usdc)
      const received = await page.getByTestId('quote.receive').textContent()
      await page.getByRole('button', { name: 'Review and confirm' }).click()
      await confirmWithPassword(page, 'Confirm and convert')
      await expect(page.getByTestId('convert.done')).toHaveText(`You paid 10.00 USDC and received ${received}.`)
      expect(units(await balanceOf(paula, account, 'USDC'))).toBe(units(usdc) - 10_000_000)
      expect(units(await balanceOf(paula, account, 'USDT'))).toBe(units(usdt) + 9_970_000)
      // Put Paula's USDT back as it was (the spread stays with Cash).
      const back = (await paula.post(`/accounts/${account}/convert/quotes`, {
        from: 'USDT',
        to: 'USDC',
        amount: '9.97',
      })) as { id: string }
      await paula.post(`/accounts/${account}/convert/executions`, {
        quoteId: back.id,
        confirmation: await paula.hostConfirmation(),
      })
      expect(await balanceOf(paula, account, 'USDT')).toBe(usdt)
    },
  )

  test('a Liquid deposit and a queued withdrawal move the balance by the right amounts', async ({
    page,
    request,
    serverClock,
  }) => {
    const paula = await apiAs(request, 'personal')
    const usdc = units(await balanceOf(paula, account, 'USDC'))
    await page.goto('/app/cash/earn/liquid')
    const position = page.getByTestId('earn.value')
    const start = units(
      ((await paula.get(`/accounts/${account}/earn`)) as { vaults: { vault: string; value: string }[] }).vaults.find(
        (v) => v.vault === 'usd',
      )!.value,
    )
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByLabel('Amount in USDC').fill('0')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await expect(deposit.getByRole('alert')).toHaveText('Enter an amount above zero.')
    await deposit.getByLabel('Amount in USDC').fill('25')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await confirmWithPassword(page, 'Deposit')
    // The deposit says it is done, how much, where, and what happens next.
    const done = page.getByTestId('earn.done-deposit')
    await expect(done.getByRole('heading', { name: 'Deposit done' })).toBeVisible()
    await expect(done).toContainText('$25.00 is now in the Liquid USD vault, earning')
    await expect(done).toContainText('You can withdraw it whenever you like.')
    await expect(page.getByRole('img', { name: /Liquid USD vault position over 30 days/ })).toBeVisible()
    expect(units(await balanceOf(paula, account, 'USDC'))).toBe(usdc - 25_000_000)
    await expect
      .poll(async () =>
        units(
          (
            (await paula.get(`/accounts/${account}/earn`)) as { vaults: { vault: string; value: string }[] }
          ).vaults.find((v) => v.vault === 'usd')!.value,
        ),
      )
      .toBeGreaterThanOrEqual(start + 25_000_000)
    await expect(position).not.toHaveText('$0.00')

    const withdraw = page.getByRole('form', { name: 'Withdraw' })
    await withdraw.getByLabel('Amount in USDC').fill('10')
    await withdraw.getByRole('button', { name: 'Withdraw' }).click()
    await confirmWithPassword(page, 'Withdraw')
    const queue = page.getByTestId('earn.queue')
    await expect(queue.getByRole('listitem').first()).toContainText('queued')
    await expect(queue.getByRole('listitem').first()).toContainText('expected')
    expect(units(await balanceOf(paula, account, 'USDC'))).toBe(usdc - 25_000_000)
    // Settled after the delay at the share price then: at least what was asked, never a cent more.
    await serverClock.advance(SETTLEMENT + 1)
    await expect(queue.getByRole('listitem').first()).toContainText('paid')
    const afterWithdrawal = units(await balanceOf(paula, account, 'USDC'))
    expect(afterWithdrawal - (usdc - 25_000_000)).toBeGreaterThanOrEqual(10_000_000)
    expect(afterWithdrawal - (usdc - 25_000_000)).toBeLessThan(10_010_000)

    // A second withdrawal cancelled while queued pays nothing; then take the rest back, leaving Paula as she was.
    await page.getByRole('button', { name: 'Withdraw more' }).click()
    await withdraw.getByLabel('Amount in USDC').fill('5')
    await withdraw.getByRole('button', { name: 'Withdraw' }).click()
    await confirmWithPassword(page, 'Withdraw')
    // Cancelling asks first, with the amount; going back keeps the withdrawal queued.
    await queue.getByRole('button', { name: 'Cancel withdrawal' }).click()
    const ask = page.getByRole('form', { name: 'Confirm' })
    await expect(ask.getByTestId('confirm.summary')).toContainText('$5.00')
    await expect(ask.getByLabel('Your password')).toHaveCount(0)
    await ask.getByRole('button', { name: 'Back' }).click()
    await expect(queue.getByRole('listitem').first()).toContainText('queued')
    await queue.getByRole('button', { name: 'Cancel withdrawal' }).click()
    await page.getByRole('button', { name: 'Yes, cancel the withdrawal' }).click()
    await expect(queue.getByRole('listitem').first()).toContainText('cancelled')
    const rest = (
      (await paula.get(`/accounts/${account}/earn`)) as { vaults: { vault: string; value: string }[] }
    ).vaults.find((v) => v.vault === 'usd')!.value
    await paula.post(`/accounts/${account}/earn/liquid/withdrawals`, {
      vault: 'usd',
      amount: rest,
      confirmation: await paula.hostConfirmation(),
    })
    await serverClock.advance(SETTLEMENT + 1)
    expect(units(await balanceOf(paula, account, 'USDC'))).toBeGreaterThanOrEqual(usdc)
  })
})
