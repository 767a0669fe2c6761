import { expect, test } from '@playwright/test'
import { en } from '../embeds/lib/messages-en'
import { ptBR } from '../embeds/lib/messages-pt-br'
import { ROUTES } from '../embeds/lib/route-map'

/**
 * A browser that prefers Portuguese: every holder's screen shows its Portuguese title and none of the
 * English page strings. (Back-office and support screens are checked when their rewrite lands.)
 */
const SAMPLES: Record<string, string> = { hash: '0x' + 'ab'.repeat(32), id: '42', type: 'deposit' }
const ENGLISH = Object.entries(en)
  .filter(([key, text]) => !key.startsWith('admin.') && !key.startsWith('qa.') && text !== ptBR[key as keyof typeof en] && !text.includes('{') && text.includes(' ') && text.length >= 8)
  .map(([, text]) => text)

test.use({ locale: 'pt-BR' })

test('every holder screen in Portuguese for a pt-BR browser', async ({ page }) => {
  test.setTimeout(240_000)
  await page.goto('/app/cash/sign-in')
  await page.getByLabel('E-mail').fill('personal@demo.cash')
  await page.getByLabel('Senha').fill('cash-demo-2026')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Início')
  const problems: string[] = []
  for (const route of ROUTES.filter((r) => (r.guard === 'signed-in' || r.guard === 'personal') && r.embed !== 'support')) {
    await page.goto(`/app/cash${route.path.replace(/:(\w+)/g, (_m, n: string) => SAMPLES[n]!)}`.replace(/\/$/, ''))
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.title['pt-BR'])
    await expect(page.getByText('Carregando…')).toHaveCount(0, { timeout: 10_000 })
    const text = await page.locator('body').innerText()
    for (const phrase of ENGLISH) if (text.includes(phrase)) problems.push(`${route.path}: "${phrase}"`)
    // Hard-coded English that is in no message file: English function words never occur in Portuguese copy.
    for (const line of text.split('\n')) if (/\b(the|your|The|Your|with|and)\b/.test(line)) problems.push(`${route.path}: "${line.trim()}"`)
  }
  expect(problems).toEqual([])
})
