import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { parseAmount } from '../domain/money'
import { ACCOUNT_IDS, CARD_IDS } from '../fixtures/personas'
import { apiAs, balanceOf } from './support/api'
import { CashApp } from './support/cash-app'
import { axeViolations } from './support/axe'

type Api = Awaited<ReturnType<typeof apiAs>>
const usdcUnits = async (paula: Api) => parseAmount(await balanceOf(paula, ACCOUNT_IDS.personal, 'USDC'), 'USDC')
const auditLine = (page: Page, action: string, hasText: string) =>
  page.getByTestId('audit-trail').getByRole('listitem').filter({ hasText: action }).filter({ hasText })

/** Waits until the sandbox network's clearing has been delivered and made a failed recon. */
async function failedRecon(admin: Api, networkId: string) {
  await expect
    .poll(async () =>
      ((await admin.get('/admin/failed-recons')) as { items: { networkId: string }[] }).items.some(
        (r) => r.networkId === networkId,
      ),
    )
    .toBe(true)
}

test(
  'a $1,500 manual refund waits for a second admin, is refused to ' +
    'the admin who asked, and is paid when another admin approves',
  async ({ page, browser, request }) => {
    const paula = await apiAs(request, 'personal')
    const before = await usdcUnits(paula)
    const reason = `Lost luggage goodwill ${Date.now()}`
    await new CashApp(page).useSession('admin')
    await page.goto('/app/cash/admin/manual-refunds')
    await page.getByLabel('Account', { exact: true }).fill('personal@demo.cash')
    await page.getByLabel('Amount (USDC)').fill('1500')
    await page.getByLabel('Reason').fill(reason)
    await page.getByRole('button', { name: 'Issue refund' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'waiting for a second admin’s approval' })).toBeVisible()
    const pending = page.getByTestId('refund-pending').filter({ hasText: reason })
    await expect(pending).toContainText('$1,500.00')
    await expect(pending).toContainText('asked by admin@demo.cash')

    await pending.getByRole('button', { name: 'Approve' }).click()
    await expect(pending.getByRole('alert')).toHaveText('A second admin must approve refunds above $1,000')
    expect(await usdcUnits(paula)).toBe(before)
    await page.reload()
    await expect(auditLine(page, 'manual_refund.approve_refused', reason)).toContainText('admin@demo.cash')
    await expect(auditLine(page, 'manual_refund.request', reason).getByTestId('audit-after')).toContainText(
      '"status": "pending_approval"',
    )

    const opsContext = await browser.newContext()
    const ops = await opsContext.newPage()
    await new CashApp(ops).useSession('admin2')
    await ops.goto('/app/cash/admin/manual-refunds')
    await ops.getByTestId('refund-pending').filter({ hasText: reason }).getByRole('button', { name: 'Approve' }).click()
    await expect(
      ops.getByRole('status').filter({ hasText: 'Approved: $1,500.00 paid to Paula Pereira.' }),
    ).toBeVisible()
    expect((await usdcUnits(paula)) - before).toBe(1_500_000_000n)
    const approval = auditLine(ops, 'manual_refund.approve', reason).filter({ hasText: 'ops@demo.cash' })
    await expect(approval.getByTestId('audit-before')).toContainText('"status": "pending_approval"')
    await expect(approval.getByTestId('audit-after')).toContainText('"status": "posted"')
    await opsContext.close()

    const history = (await paula.get(`/accounts/${ACCOUNT_IDS.personal}/history`)) as {
      items: { title: { key: string; reason?: string }; amount: string }[]
    }
    expect(history.items).toContainEqual(
      expect.objectContaining({ title: { key: 'cash_refund', reason }, amount: '1500' }),
    )
  },
)

test(
  'a clearing the network sent with no authorization becomes a ' +
    'failed recon, written off on the page and audited before and after',
  async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const networkId = `auth_e2e_unknown_${Date.now()}`
    await admin.post(`/sandbox/card-authorizations/${networkId}/clearing`, { amount: '17.25' })
    await failedRecon(admin, networkId)

    await new CashApp(page).useSession('admin')
    await page.goto('/app/cash/admin/failed-recons')
    const recon = page.getByTestId('recon').filter({ hasText: networkId })
    await expect(recon).toContainText('$17.25')
    await expect(recon).toContainText('No authorization matches this network id.')
    await recon.getByRole('button', { name: 'Write off' }).click()
    const form = recon.getByTestId('recon-action')
    await form.getByRole('button', { name: 'Write off' }).click()
    await expect(form.getByRole('alert')).toContainText('Give a reason')
    await form.getByLabel('Reason').fill('Network sent a duplicate; settled with the network')
    await form.getByRole('button', { name: 'Write off' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Written off: the platform absorbs $17.25' })).toBeVisible()
    await expect(recon).toContainText('Written off')
    await expect(recon.getByRole('button', { name: 'Write off' })).toHaveCount(0)

    const line = auditLine(page, 'failed_recon.write_off', networkId)
    await expect(line).toContainText('admin@demo.cash')
    await expect(line).toContainText('Network sent a duplicate; settled with the network')
    await expect(line.getByTestId('audit-before')).toContainText('"status": "open"')
    await expect(line.getByTestId('audit-after')).toContainText('"status": "written_off"')
  },
)

test(
  'a clearing 50 % over its authorization is matched on the page: ' + 'the holder is charged the cleared amount once',
  async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const before = await usdcUnits(paula)
    const purchase = (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
      amount: '8',
      merchantName: 'Bar do Matching',
      mcc: '5812',
    })) as { networkId: string; approved: boolean }
    expect(purchase.approved).toBe(true)
    await admin.post(`/sandbox/card-authorizations/${purchase.networkId}/clearing`, { amount: '12' })
    await failedRecon(admin, purchase.networkId)

    await new CashApp(page).useSession('admin')
    await page.goto('/app/cash/admin/failed-recons')
    const recon = page.getByTestId('recon').filter({ hasText: purchase.networkId })
    await expect(recon).toContainText('Cleared $12.00 against $8.00 authorized.')
    await recon.getByRole('button', { name: 'Match' }).click()
    const form = recon.getByTestId('recon-action')
    await expect(form.getByLabel('Authorization to match')).toContainText(purchase.networkId)
    await form.getByLabel('Reason').fill('Tip confirmed with the merchant')
    await form.getByRole('button', { name: 'Match' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Matched: the clearing of $12.00' })).toBeVisible()
    expect(before - (await usdcUnits(paula))).toBe(12_000_000n)
    await expect(auditLine(page, 'failed_recon.match', purchase.networkId).getByTestId('audit-after')).toContainText(
      '"status": "matched"',
    )

    await recon.getByRole('link', { name: 'Investigate' }).click()
    await expect(page.getByTestId('investigate-timeline')).toContainText('Cleared')
    const journal = page.getByTestId('investigate-journal').filter({ hasText: 'Card spend' })
    await expect(journal.getByRole('row', { name: /cash · Paula Pereira/ })).toContainText('$12.00')
    await expect(journal.getByRole('row', { name: /card_settlement · platform/ })).toContainText('$12.00')
  },
)

test('a pending card hold is released on the page with a reason: the money is available again', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin')
  const paula = await apiAs(request, 'personal')
  const spendable = async () =>
    parseAmount(
      ((await paula.get(`/accounts/${ACCOUNT_IDS.personal}/balances`)) as { spendable: string }).spendable,
      'USDC',
    )
  const before = await spendable()
  const purchase = (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
    amount: '7.5',
    merchantName: 'Hotel Released',
    mcc: '7011',
  })) as { networkId: string }
  expect(before - (await spendable())).toBe(7_500_000n)

  await new CashApp(page).useSession('admin')
  await page.goto('/app/cash/admin/pending-holds')
  const hold = page.getByTestId('pending-hold').filter({ hasText: 'Hotel Released' })
  await expect(hold).toContainText('$7.50')
  await expect(hold).toContainText('Paula Pereira')
  await hold.getByRole('button', { name: 'Release' }).click()
  await hold.getByLabel('Reason').fill('Hotel cancelled the pre-authorization')
  await hold.getByRole('form').getByRole('button', { name: 'Release' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Released: $7.50 is available to the holder again.' }),
  ).toBeVisible()
  await expect(page.getByTestId('pending-hold').filter({ hasText: 'Hotel Released' })).toHaveCount(0)
  expect(await spendable()).toBe(before)
  await expect(auditLine(page, 'hold.release', purchase.networkId).getByTestId('audit-after')).toContainText(
    '"admin_action": "released"',
  )
})

test('the four back-office money pages have no WCAG A/AA violations that axe can find', async ({ page }) => {
  await new CashApp(page).useSession('admin')
  for (const path of [
    'failed-recons',
    'manual-refunds',
    'pending-holds',
    'investigate-transaction?q=no-such-reference',
  ]) {
    await page.goto(`/app/cash/admin/${path}`)
    await expect(
      page
        .getByRole('heading', { name: 'Audit log' })
        .or(page.getByText('Nothing found for “no-such-reference”'))
        .first(),
    ).toBeVisible()
    // Audited once every list is drawn with its data: each shows "Loading…" until then (embeds/ui/state-views.tsx).
    await expect(page.getByText('Loading…')).toHaveCount(0)
    const violations = await axeViolations(page, ['wcag2a', 'wcag2aa'])
    expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  }
})
