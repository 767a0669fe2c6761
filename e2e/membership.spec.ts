import { expect, test } from './support/fixtures'
import { apiAs, apiAsUser } from './support/api'
import { CashApp } from './support/cash-app'

type Referrals = { items: { name: string; state: string; earned: string }[] }

test('my-membership shows the tier with progress to the next, and the benefits compare tiers', async ({ page }) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/my-membership')
  const tier = page.getByTestId('membership.tier')
  await expect(tier.getByRole('heading', { name: 'Your tier: Core' })).toBeVisible()
  await expect(tier.getByRole('progressbar', { name: /points to Luxe/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Re-qualification' })).toBeVisible()
  await page.getByRole('link', { name: 'Tier benefits' }).click()
  const pinnacle = page.getByRole('row', { name: /Pinnacle/ })
  await expect(pinnacle.getByRole('cell')).toHaveText(['10,000', '3%', '10', '2', '$15.00'])
  await expect(page.getByRole('row', { name: /Core \(yours\)/ })).toBeVisible()
})

test(
  'a referral through the link qualifies after KYC and a card, ' +
    'earns 1 % of spend, and the leaderboard shows it masked',
  async ({ page, browser, request }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const link =
      ((await paula.get('/referrals/link')) as { link: { url: string; code: string } | null }).link ??
      ((await paula.post('/referrals/link')) as { link: { url: string; code: string } }).link

    // The friend opens the link and signs up; the code comes with it.
    const friend = await browser.newContext()
    const friendPage = await friend.newPage()
    const who = { name: 'Rita Referida', email: `referee-${Date.now()}@example.com`, password: 'a-long-password-1' }
    await friendPage.goto(link.url)
    await expect(friendPage.getByLabel('Referral code')).toHaveValue(link.code)
    await friendPage.getByLabel('Full name').fill(who.name)
    await friendPage.getByLabel('E-mail').fill(who.email)
    await friendPage.getByLabel('Password').fill(who.password)
    await friendPage.getByRole('button', { name: 'Create account' }).click()
    await expect(friendPage.getByRole('heading', { name: 'Home' })).toBeVisible()
    await friend.close()

    const rita = await apiAsUser(request, who.email, who.password)
    const mine = async () => ((await paula.get('/referrals')) as Referrals).items.find((r) => r.name === 'R•••a R.')
    expect(await mine()).toMatchObject({ state: 'signed_up', earned: '0' })

    const { accountId } = (await rita.post('/accounts', { kind: 'personal', timeZone: 'America/Sao_Paulo' })) as {
      accountId: string
    }
    await admin.post(`/sandbox/users/${rita.userId}/kyc`, { status: 'approved' })
    const card = (await rita.post(`/accounts/${accountId}/cards`, {})) as { id: string }
    await admin.post('/sandbox/bank/transfers', { accountId, rail: 'ach', amount: '500', senderName: who.name })
    await expect
      .poll(async () =>
        Number(((await rita.get(`/accounts/${accountId}/balances`)) as { spendable: string }).spendable),
      )
      .toBeGreaterThan(100)
    const auth = (await admin.post(`/sandbox/cards/${card.id}/purchases`, {
      amount: '80',
      merchantName: 'Padaria Central',
      mcc: '5812',
    })) as { networkId: string; approved: boolean }
    expect(auth.approved).toBe(true)
    await admin.post(`/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
    await expect.poll(async () => (await mine())?.earned).toBe('0.8')

    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/refer')
    await expect(page.getByTestId('refer.url')).toContainText(`/app/cash/sign-up?ref=${link.code}`)
    await page.getByRole('link', { name: 'Your referrals' }).click()
    const row = page.getByTestId('refer.item').filter({ hasText: 'R•••a R.' })
    await expect(row).toContainText('Qualified · earning until')
    await expect(row).toContainText('Earned $0.80') // read out whole; the figure alone is drawn
    await page.getByRole('link', { name: 'Leaderboard' }).click()
    const me = page.getByRole('row', { name: /P•••a P\. \(you\)/ })
    await expect(me).toBeVisible()
    await expect(page.getByText('Paula Pereira')).toHaveCount(0)
  },
)

test('the promotions: membership rewards by tier (also as the standalone page) and Summer Mint progress', async ({
  page,
}) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/webview/promotion/membership-rewards')
  await expect(page.getByRole('heading', { name: 'Rewards by tier' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Pinnacle' })).toContainText('$15.00 a month')
  await expect(page.getByTestId('membership-rewards.claim')).toContainText(
    'Core has no monthly reward. Reach Luxe to claim one.',
  )
  await expect(page.getByRole('button', { name: /Claim/ })).toHaveCount(0)
  await page.goto('/app/cash/promotion/summer-mint')
  await expect(page.getByText('The promotion is running now.')).toBeVisible()
  await expect(
    page.getByTestId('summer-mint.progress').getByRole('progressbar', { name: /of \$500\.00/ }),
  ).toBeVisible()
})

test('a sign-up through a bad referral link shows why at the code, and nothing is created', async ({
  page,
  request,
}) => {
  const email = `bad-ref-${Date.now()}@example.com`
  await page.goto('/app/cash/sign-up?ref=abc')
  await page.getByLabel('Full name').fill('Bea Bad')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill('a-long-password-1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('A referral code is 8 letters and digits, like K7MP2QXA.')).toBeVisible()
  await page.getByLabel('Referral code').fill('ZZZZZZZZ')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('No referral link has this code.')).toBeVisible()
  await expect(page.getByLabel('Referral code')).toHaveAttribute('aria-invalid', 'true')
  const signIn = await request.post('/app/cash/api/v1/auth/sign-in', {
    data: { email, password: 'a-long-password-1', client: 'native' },
  })
  expect(signIn.status()).toBe(401)
})
