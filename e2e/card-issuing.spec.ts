import { expect, test } from './support/fixtures'
import { luhnValid } from '../domain/card-details'
import { parseAmount } from '../domain/money'
import { ACCOUNT_IDS, DEMO_PASSWORD, persona } from '../fixtures/personas'
import { apiAs, balanceOf } from './support/api'
import { CashApp } from './support/cash-app'
import { fillAddress, SAO_PAULO } from './support/identity'

type Card = { id: string; kind: string; status: string; last4: string }
const account = ACCOUNT_IDS.personal
const newPhysicalCard = async (paula: Awaited<ReturnType<typeof apiAs>>, known: Set<string>) =>
  ((await paula.get(`/accounts/${account}/cards`)) as { items: Card[] }).items.find(
    (c) => c.kind === 'physical' && c.status !== 'cancelled' && !known.has(c.id),
  )!

test('ordering waits for approved KYC, and says where to go', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin')
  await admin.post(`/sandbox/users/${persona('personal').id}/kyc`, { status: 'in_review' })
  try {
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/order-card/@personal')
    await expect(page.getByRole('heading', { name: 'Verify your identity to order cards' })).toBeVisible()
    await expect(page.getByText('Your identity verification (KYC) is in review.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to verification' })).toHaveAttribute('href', '/app/cash/kyc')
    await expect(page.getByLabel('Street and number')).toHaveCount(0)
    const paula = await apiAs(request, 'personal')
    const refused = await paula.send(`/accounts/${account}/cards`)
    expect(refused.status).toBe(403)
    expect(refused.body.error?.code).toBe('verification_required')
    expect(
      ((await paula.get(`/accounts/${account}/card-ordering`)) as { verification: { approved: boolean } }).verification
        .approved,
    ).toBe(false)
  } finally {
    await admin.post(`/sandbox/users/${persona('personal').id}/kyc`, { status: 'approved' })
  }
})

test('a company issues cards only once its KYB is approved, the add page included', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin')
  await admin.post(`/sandbox/accounts/${ACCOUNT_IDS.acme}/kyb`, {
    status: 'more_info_needed',
    reason: 'proof of address',
  })
  try {
    await new CashApp(page).useSession('owner')
    await page.goto('/app/cash/card/@corporate/add')
    await expect(page.getByRole('heading', { name: 'Verify your company to order cards' })).toBeVisible()
    await expect(
      page.getByText('Your company’s verification (KYB) needs more information (proof of address).'),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to verification' })).toHaveAttribute('href', '/app/cash/kyb')
    await expect(page.getByLabel('Cardholder')).toHaveCount(0)
  } finally {
    await admin.post(`/sandbox/accounts/${ACCOUNT_IDS.acme}/kyb`, { status: 'approved' })
  }
  await page.reload()
  await expect(page.getByLabel('Cardholder')).toBeVisible()
})

test(
  'a physical card: ordered free, shipped, activated with its last ' +
    '4, details shown after the password; a replacement costs the fee',
  async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const before = parseAmount(await balanceOf(paula, account, 'USDC'), 'USDC')
    const known = new Set(((await paula.get(`/accounts/${account}/cards`)) as { items: Card[] }).items.map((c) => c.id))
    await new CashApp(page).signInAs('personal')

    await page.goto('/app/cash/order-card/@personal')
    await page.getByLabel('Physical · shipped to you').check()
    await page.getByRole('button', { name: 'Review order' }).click()
    await expect(page.getByText('Enter the street and number.')).toBeVisible()
    await expect(page.getByText('Choose a country.')).toBeVisible()
    await fillAddress(page, SAO_PAULO)
    await expect(page.getByTestId('order-card.fee')).toContainText('Free')
    await page.getByRole('button', { name: 'Review order' }).click()
    await expect(page.getByTestId('confirm.summary')).toContainText('Rua Augusta 100, São Paulo SP 01304-000, BR')
    await page.getByRole('button', { name: 'Order card' }).click()
    await expect(page).toHaveURL(/\/card\/@personal$/)

    const card = await newPhysicalCard(paula, known)
    const tile = page.getByTestId(`cards.card-${card.last4}`)
    await expect(tile).toContainText('Ordered · arrives by')
    expect(parseAmount(await balanceOf(paula, account, 'USDC'), 'USDC')).toBe(before)

    await admin.post(`/sandbox/cards/${card.id}/shipping/advance`)
    await admin.post(`/sandbox/cards/${card.id}/shipping/advance`)
    await page.reload()
    await expect(tile).toContainText('Delivered · activate it to start paying')
    await tile.getByLabel('Last 4 digits on the card').fill(card.last4 === '0000' ? '1111' : '0000')
    await tile.getByRole('button', { name: 'Activate card' }).click()
    await expect(tile.getByText('Those are not the last 4 digits on this card.')).toBeVisible()
    await tile.getByLabel('Last 4 digits on the card').fill(card.last4)
    await tile.getByRole('button', { name: 'Activate card' }).click()
    await expect(tile).toContainText('Activated')
    const bought = (await admin.post(`/sandbox/cards/${card.id}/purchases`, {
      amount: '3',
      merchantName: 'Padaria Activated',
      mcc: '5812',
    })) as { approved: boolean }
    expect(bought.approved).toBe(true)

    await tile.getByRole('button', { name: 'Show details' }).click()
    await page.getByLabel('Your password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Confirm and show' }).click()
    const details = tile.getByTestId('cards.details')
    await expect(details).toContainText('Hidden again in')
    const number = ((await details.locator('dd').first().textContent()) ?? '').replaceAll(' ', '')
    expect(number).toMatch(new RegExp(`^\\d{12}${card.last4}$`))
    expect(luhnValid(number)).toBe(true)
    await expect(details.getByRole('button', { name: /Card number: Copy/ })).toBeVisible()
    await details.getByRole('button', { name: 'Hide details' }).click()
    await expect(details).toHaveCount(0)

    // Cancel (with its confirm step); a replacement now costs the fee, paid after the password.
    await tile.getByRole('button', { name: 'Cancel card' }).click()
    await tile.getByRole('button', { name: 'Yes, cancel this card' }).click()
    await expect(tile).toContainText('Cancelled')
    const beforeFee = parseAmount(await balanceOf(paula, account, 'USDC'), 'USDC')
    await page.goto('/app/cash/order-card/@personal')
    await page.getByLabel('Physical · shipped to you').check()
    await fillAddress(page, SAO_PAULO)
    await expect(page.getByTestId('order-card.fee')).toContainText('$10.00')
    await page.getByRole('button', { name: 'Review order' }).click()
    await page.getByLabel('Your password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Pay $10.00 and order' }).click()
    await expect(page).toHaveURL(/\/card\/@personal$/)
    expect(parseAmount(await balanceOf(paula, account, 'USDC'), 'USDC')).toBe(beforeFee - 10_000_000n)
    known.add(card.id)
    const replacement = await newPhysicalCard(paula, known)
    await expect(page.getByTestId(`cards.card-${replacement.last4}`)).toContainText('Ordered · arrives by')
    // Leave Paula with her one virtual card for the other card flows.
    await paula.post(`/cards/${replacement.id}/cancel`)
  },
)
