import { expect, test } from './support/fixtures'
import { ROUTES } from '../embeds/lib/route-map'
import { ACCOUNT_IDS, CARD_IDS, persona } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

const SAMPLES: Record<string, string> = {
  userId: '20000000-0000-4000-8000-000000000001',
  accountSearchParam: 'personal@demo.cash',
  cardId: CARD_IDS.personal,
}
const ADMIN_PATHS = ROUTES.filter((r) => r.guard === 'admin').map(
  (r) => `/app/cash${r.path.replace(/:(\w+)/g, (_m, name: string) => SAMPLES[name]!)}`,
)

test.describe('back office', () => {
  test(
    'an admin finds Paula by e-mail and by safe address, freezes her ' +
      'card, sees a purchase declined and the audit trail, then unfreezes it',
    async ({ page, request }) => {
      const admin = await apiAs(request, 'admin')
      const safe = (
        (await admin.get(`/admin/accounts/${ACCOUNT_IDS.personal}`)) as { account: { safeAddress: string } }
      ).account.safeAddress
      try {
        await new CashApp(page).useSession('admin')
        await page.goto('/app/cash/admin/user')
        const search = page.getByRole('search')
        await search.getByLabel('Find a person').fill('PERSONAL@demo')
        await search.getByRole('button', { name: 'Search' }).click()
        await expect(page.getByTestId('admin-user.results').getByRole('link')).toHaveCount(1)
        await expect(
          page.getByTestId('admin-user.results').getByRole('link', { name: /personal@demo\.cash/ }),
        ).toBeVisible()

        await search.getByLabel('Find a person').fill(safe)
        await search.getByRole('button', { name: 'Search' }).click()
        await expect(page.getByRole('heading', { name: `Results for “${safe}”` })).toBeVisible()
        await page
          .getByTestId('admin-user.results')
          .getByRole('link', { name: /personal@demo\.cash/ })
          .click()

        await expect(page.getByRole('heading', { level: 1, name: 'User' })).toBeVisible()
        await expect(page.getByTestId('admin-user.profile')).toContainText('personal@demo.cash')
        await page
          .getByRole('region', { name: 'Accounts' })
          .getByRole('link', { name: /Paula Pereira/ })
          .click()

        await expect(page.getByRole('heading', { level: 2, name: 'Paula Pereira' })).toBeVisible()
        await expect(page.getByTestId('admin-account.summary')).toContainText(safe)
        await page.getByRole('region', { name: 'Cards' }).getByRole('link', { name: /4242/ }).click()

        await expect(page.getByRole('heading', { level: 1, name: 'Card' })).toBeVisible()
        const freeze = page.getByTestId('admin-card.freeze')
        await freeze.getByRole('button', { name: 'Freeze card' }).click()
        await expect(freeze.getByText('Say why, in a sentence the holder may read.')).toBeVisible()
        await freeze.getByLabel('Reason (required)').fill('Reported lost by phone (e2e)')
        await freeze.getByRole('button', { name: 'Freeze card' }).click()
        await expect(page.getByTestId('admin-card.status')).toContainText('Frozen')

        const declined = (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
          amount: '3.5',
          merchantName: 'E2E Padaria',
        })) as { approved: boolean; reason: string }
        expect(declined).toMatchObject({ approved: false, reason: 'card_frozen' })

        const latest = page.getByTestId('audit-trail').getByRole('listitem').first()
        await expect(latest).toContainText('card.freeze')
        await expect(latest).toContainText('admin@demo.cash')
        await expect(latest).toContainText('Reported lost by phone (e2e)')
        await expect(latest.getByTestId('audit-before')).toContainText('"status": "active"')
        await expect(latest.getByTestId('audit-after')).toContainText('"status": "frozen"')

        await page.reload()
        await expect(page.getByTestId('admin-card.authorizations')).toContainText('Declined: this card is frozen.')
        await page.getByTestId('admin-card.unfreeze').getByRole('button', { name: 'Unfreeze card' }).click()
        await expect(page.getByTestId('admin-card.status')).toHaveText('Active')
        await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('card.unfreeze')
      } finally {
        // Leave Paula's card as the other specs expect it, whatever happened above.
        const card = (await admin.get(`/admin/cards/${CARD_IDS.personal}`)) as { card: { status: string } }
        if (card.card.status === 'frozen') await admin.post(`/admin/cards/${CARD_IDS.personal}/unfreeze`, {})
      }
    },
  )

  test('an account named by its holder’s e-mail in the path opens at once', async ({ page }) => {
    await new CashApp(page).useSession('admin')
    await page.goto('/app/cash/admin/account/personal@demo.cash')
    await expect(page.getByRole('heading', { level: 2, name: 'Paula Pereira' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Members' })).toContainText('personal@demo.cash')
    await expect(page.getByRole('region', { name: 'Audit log' })).toBeVisible()
  })

  test(
    'an admin freezes Paula’s account with a reason: she sees ' +
      'it on home and cannot send money, then it is unfrozen',
    async ({ page, request, browser }) => {
      const admin = await apiAs(request, 'admin')
      const paula = await apiAs(request, 'personal')
      try {
        await new CashApp(page).useSession('admin')
        await page.goto(`/app/cash/admin/account/${ACCOUNT_IDS.personal}`)
        const freeze = page.getByTestId('admin-account.freeze')
        await freeze.getByLabel('Reason (required)').fill('Document check pending (e2e)')
        await freeze.getByRole('button', { name: 'Freeze account' }).click()
        await expect(page.getByTestId('admin-account.frozen')).toContainText('Document check pending (e2e)')
        await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('account.freeze')

        const refused = await paula.send(`/accounts/${ACCOUNT_IDS.personal}/withdrawals`, {
          asset: 'USDC',
          amount: '1',
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          confirmation: { method: 'password', password: 'cash-demo-2026' },
        })
        expect(refused).toMatchObject({ status: 423, body: { error: { code: 'account_frozen' } } })

        const holder = await browser.newPage()
        await new CashApp(holder).signInAs('personal')
        await expect(holder.getByTestId('home.frozen')).toContainText('Document check pending (e2e)')
        await holder.close()

        await page.getByTestId('admin-account.unfreeze').getByRole('button', { name: 'Unfreeze account' }).click()
        await expect(page.getByTestId('admin-account.freeze')).toBeVisible()
        await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('account.unfreeze')
      } finally {
        const detail = (await admin.get(`/admin/accounts/${ACCOUNT_IDS.personal}`)) as { account: { frozen: boolean } }
        if (detail.account.frozen) await admin.post(`/admin/accounts/${ACCOUNT_IDS.personal}/unfreeze`, {})
      }
    },
  )

  test(
    'an admin forces a flag off for one person by e-mail, ' + 'sees the override and its audit line, then removes it',
    async ({ page, request }) => {
      const email = persona('new').email
      const nina = await apiAs(request, 'new')
      await new CashApp(page).useSession('admin')
      await page.goto('/app/cash/admin/feature-flags')
      const flag = page.getByTestId('admin-flag-pix_shortcuts')
      const add = flag.getByRole('form', { name: 'Add an override to pix_shortcuts' })
      await add.getByLabel('Person’s e-mail').fill('nobody@example.com')
      await add.getByRole('button', { name: 'Add override' }).click()
      await expect(add.getByText('No one has this e-mail.')).toBeVisible()
      await add.getByLabel('Person’s e-mail').fill(email)
      await add.getByLabel('Force the flag').selectOption('false')
      await add.getByRole('button', { name: 'Add override' }).click()
      await expect(page.getByTestId('admin-flag-pix_shortcuts')).toContainText(`${email} · off`)
      expect(((await nina.get('/me/feature-flags')) as { flags: Record<string, boolean> }).flags.pix_shortcuts).toBe(
        false,
      )
      await expect(page.getByTestId('audit-trail').getByRole('listitem').first()).toContainText('feature_flag.override')
      await page
        .getByTestId('admin-flag-pix_shortcuts')
        .getByRole('button', { name: `Remove override for ${email}` })
        .click()
      await expect(page.getByTestId('admin-flag-pix_shortcuts')).toContainText('No overrides.')
      expect(((await nina.get('/me/feature-flags')) as { flags: Record<string, boolean> }).flags.pix_shortcuts).toBe(
        true,
      )
    },
  )

  for (const who of ['personal', 'owner', 'member'] as const) {
    test(`every back-office page says "Not allowed" to ${who}`, async ({ page, request }) => {
      expect(ADMIN_PATHS.length).toBeGreaterThanOrEqual(14)
      await new CashApp(page).useSession(who)
      for (const path of ADMIN_PATHS) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Not allowed')
      }
      const api = await apiAs(request, who)
      expect(((await api.get('/admin/dashboard')) as { error: { code: string } }).error.code).toBe('forbidden')
    })
  }
})
