import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD, type PersonaKey } from '../../fixtures/personas'
import { en } from '../../embeds/lib/messages-en'
import { ptBR } from '../../embeds/lib/messages-pt-br'
import { CashApp, freshUser } from './cash-app'
import { nativeSession } from './sessions'
import { file, JPEG, PDF, PNG } from './identity'
import { phoneFitProblems } from './fit'

export type Say = (english: string, vars?: Record<string, string>) => string

/**
 * The page's text in the walk's language: for a message key, or for an English string of the message files that
 * has one translation (it throws otherwise); `{name}` placeholders filled from `vars`.
 */
export function sayer(locale: 'en-US' | 'pt-BR'): Say {
  const messages: Record<string, string> = locale === 'en-US' ? en : ptBR
  return (english, vars = {}) => {
    const keys = english in en ? [english] : Object.keys(en).filter((k) => en[k as keyof typeof en] === english)
    const texts = [...new Set(keys.map((k) => messages[k]!))]
    if (texts.length !== 1)
      throw new Error(
        `"${english}": ${keys.length ? `more than one translation (${keys.join(', ')})` : 'in no message file'}`,
      )
    return texts[0]!.replace(/\{(\w+)\}/g, (_m, name: string) => vars[name] ?? `{${name}}`)
  }
}

export type Walk = { page: Page; say: Say; step: (name: string) => Promise<void> }
export type Flow = {
  name: string
  who: PersonaKey | 'fresh' | 'corporate-fresh' | null
  walk: (w: Walk) => Promise<void>
}

export const byName = (page: Page, name: string) => page.locator(`[name="${name}"]`)
export const submit = (page: Page) => page.locator('main button[type=submit]').first()

/** Signs a fresh user in (the page's cookies); `corporate` opens them a company account first. */
export async function signInFresh(page: Page, tag: string, corporate = false) {
  const user = await freshUser(page.request, tag)
  if (corporate) {
    const { token } = await nativeSession(user.email, user.password)
    const opened = await page.request.post('/app/cash/api/v1/accounts', {
      headers: { authorization: `Bearer ${token}` },
      data: { kind: 'corporate', name: 'Companhia Brasileira de Distribuição de Produtos Ltda' },
    })
    expect(opened.status()).toBe(201)
  }
  const res = await page.request.post('/app/cash/api/v1/auth/sign-in', {
    data: { email: user.email, password: user.password, client: 'web' },
  })
  expect(res.status()).toBe(200)
  return user
}

export async function confirmWithPassword(w: Walk, button: string) {
  await w.page.getByLabel(w.say('Your password')).fill(DEMO_PASSWORD)
  await w.step('confirm sheet')
  await w.page.getByRole('button', { name: w.say(button) }).click()
}

export async function uploadAll(page: Page) {
  const inputs = page.locator('input[type=file]')
  for (let i = 0; i < (await inputs.count()); i++) {
    const accept = (await inputs.nth(i).getAttribute('accept')) ?? ''
    await inputs
      .nth(i)
      .setInputFiles(
        accept.includes('pdf')
          ? file(`document-${i}.pdf`, PDF, 'application/pdf')
          : file(`photo-with-a-long-file-name-${i}.jpg`, i % 2 ? JPEG : PNG, i % 2 ? 'image/jpeg' : 'image/png'),
      )
  }
}

export async function fillAddress(page: Page, prefix: string) {
  await byName(page, `${prefix}.line1`).fill('Avenida Brigadeiro Faria Lima 3477, 14º andar')
  await byName(page, `${prefix}.city`).fill('São Paulo')
  await byName(page, `${prefix}.region`).fill('SP')
  await byName(page, `${prefix}.postalCode`).fill('04538-133')
  await byName(page, `${prefix}.country`).selectOption('BR')
}

/**
 * Registers each flow as a test, once in English in light and once in Portuguese in dark, so every step is measured in
 * both languages and both schemes without walking it four times: it signs in as the flow says, walks it, and at each
 * `step` measures the page at the phone widths (phoneFitProblems); the test fails naming every misfit.
 */
export function walkFlows(flows: readonly Flow[]) {
  for (const locale of ['en-US', 'pt-BR'] as const) {
    test.describe(`every step fits a phone, in ${locale}`, () => {
      test.use({ locale, colorScheme: locale === 'pt-BR' ? 'dark' : 'light' })
      for (const flow of flows) {
        test(flow.name, async ({ page }) => {
          if (flow.who === 'fresh' || flow.who === 'corporate-fresh')
            await signInFresh(page, 'fit', flow.who === 'corporate-fresh')
          else if (flow.who) await new CashApp(page).useSession(flow.who)
          const problems: string[] = []
          const say = sayer(locale)
          const step = async (name: string) => {
            // A step is measured as drawn with its data, not while it loads.
            await expect(page.getByText(say('state.loading'))).toHaveCount(0)
            problems.push(...(await phoneFitProblems(page, `${flow.name} · ${name}`)))
          }
          await flow.walk({ page, say, step })
          expect(problems, problems.join('\n')).toEqual([])
        })
      }
    })
  }
}
