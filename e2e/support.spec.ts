import { expect, test } from './support/fixtures'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

test('help center: searching "PIX" finds the PIX articles and opens one; a word nothing has says so', async ({
  page,
}) => {
  await page.goto('/app/cash/support')
  await page.getByLabel('Search help articles').fill('PIX')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { name: 'Help center', level: 1 })).toBeVisible()
  const results = page.getByTestId('support.help.results')
  await expect(results.getByRole('link').first()).toContainText(/PIX/)
  await expect(results.getByRole('link', { name: /^Pay with PIX/ })).toBeVisible()
  await expect(results.getByRole('link', { name: /^Add money with PIX/ })).toBeVisible()

  await page.getByLabel('Search help articles').fill('zebra')
  await expect(page.getByText('No articles match “zebra”.')).toBeVisible()
  await page.getByLabel('Search help articles').fill('pÍx')
  await results.getByRole('link', { name: /^Pay with PIX/ }).click()

  await expect(page.getByRole('heading', { name: 'Pay with PIX', level: 1 })).toBeVisible()
  await expect(page.getByTestId('support.article')).toContainText('A PIX payment is a spend')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link', { name: 'Help center' })).toHaveAttribute(
    'href',
    '/app/cash/support/help-center',
  )
  await page
    .getByRole('region', { name: 'Related articles' })
    .getByRole('link', { name: /^Add money with PIX/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Add money with PIX', level: 1 })).toBeVisible()
})

test('help center: an unknown article shows a clear not-found state with the way back', async ({ page }) => {
  await page.goto('/app/cash/support/help-center/no-such-article')
  await expect(page.getByRole('heading', { name: 'Article not found', level: 2 })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help article')
  await page.getByRole('link', { name: 'Go to the help center' }).click()
  await expect(page.getByRole('heading', { name: 'Help center', level: 1 })).toBeVisible()
})

test.describe('in Brazilian Portuguese', () => {
  test.use({ locale: 'pt-BR' })

  test('the PIX article shows in Portuguese, found by an accented search', async ({ page }) => {
    await page.goto('/app/cash/support/help-center')
    await page.getByLabel('Buscar artigos de ajuda').fill('PÍX')
    await page
      .getByTestId('support.help.results')
      .getByRole('link', { name: /^Pagar com PIX/ })
      .click()
    await expect(page.getByRole('heading', { name: 'Pagar com PIX', level: 1 })).toBeVisible()
    await expect(page.getByTestId('support.article')).toContainText('Um pagamento PIX é um gasto')
    await expect(
      page.getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('link', { name: 'Central de ajuda' }),
    ).toBeVisible()
  })
})

test('a holder sends feedback (errors at the fields first) and an admin finds it in the inbox', async ({
  page,
  request,
  browser,
}) => {
  const message = `The PIX quote screen is clear (e2e ${Date.now()})`
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/feedback')
  await expect(page.getByRole('heading', { name: 'Send feedback', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Send feedback' }).click()
  await expect(page.getByText('Choose a rating from 1 to 5.')).toBeVisible()
  await expect(page.getByText('Write a message.')).toBeVisible()
  await expect(page.getByLabel('Your message')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('4 – Good').check()
  await page.getByLabel('Your message').fill(message)
  await expect(page.getByText(`${message.length} of 2,000 characters`)).toBeVisible()
  await page.getByRole('button', { name: 'Send feedback' }).click()
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback' })).toBeVisible()

  const admin = await apiAs(request, 'admin')
  const inbox = (await admin.get('/admin/feedback')) as {
    items: { id: string; message: string; rating: number; readAt: string | null; user: { email: string } }[]
    unread: number
  }
  const mine = inbox.items.find((i) => i.message === message)
  expect(mine).toMatchObject({ rating: 4, readAt: null, user: { email: 'personal@demo.cash' } })
  expect(inbox.unread).toBeGreaterThanOrEqual(1)

  // The admin reads it in the back office: the dashboard's inbox, marked read there (audited).
  const staff = await (await browser.newContext()).newPage()
  await new CashApp(staff).useSession('admin')
  await staff.goto('/app/cash/admin')
  const row = staff.getByTestId('support.inbox').getByRole('listitem').filter({ hasText: message })
  await expect(row).toContainText('personal@demo.cash')
  await expect(row).toContainText('Rated 4 of 5')
  await row.getByRole('button', { name: 'Mark read' }).click()
  await expect(row.getByRole('button', { name: 'Mark read' })).toHaveCount(0)
  const after = (await admin.get('/admin/feedback')) as { items: { id: string; readAt: string | null }[] }
  expect(after.items.find((i) => i.id === mine!.id)!.readAt).not.toBeNull()
})

test(
  'wallet instructions: a signed-in holder sees their card and ' +
    'the Apple Pay and Google Pay steps, with no fake add button',
  async ({ page }) => {
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/support/wallet-instruct')
    await expect(page.getByTestId('support.wallet.cards')).toContainText('Your card ending in 4242')
    await expect(page.getByRole('heading', { name: 'Apple Pay (iPhone and Apple Watch)' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Google Pay (Android phones and watches)' })).toBeVisible()
    await expect(page.getByRole('button', { name: /wallet|apple pay|google pay/i })).toHaveCount(0)
  },
)
