import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO_PASSWORD, persona, type PersonaKey } from '../../fixtures/personas'

/** Intent-named actions on the Cash web app (a page object). */
export class CashApp {
  constructor(readonly page: Page) {}

  async openSignIn(next?: string) {
    await this.page.goto(`/app/cash/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`)
    await expect(this.page.getByRole('heading', { name: 'Sign in to Cash' })).toBeVisible()
  }

  async submitSignIn(email: string, password: string) {
    await this.page.getByLabel('E-mail').fill(email)
    await this.page.getByLabel('Password').fill(password)
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  }

  async signInAs(key: PersonaKey) {
    await this.openSignIn()
    await this.submitSignIn(persona(key).email, DEMO_PASSWORD)
    await expect(this.page.getByRole('heading', { name: 'Home' })).toBeVisible()
  }

  section(name: string) {
    return this.page.getByRole('region', { name })
  }
}

/** Creates a fresh user through the API, so a test can lock it out without touching the personas. */
export async function freshUser(request: APIRequestContext, tag: string): Promise<{ email: string; password: string }> {
  const email = `${tag}-${Date.now()}@example.com`
  const password = 'a-long-password-1'
  const res = await request.post('/app/cash/api/v1/auth/sign-up', { data: { name: 'Test User', email, password, client: 'native' } })
  expect(res.status()).toBe(201)
  return { email, password }
}
