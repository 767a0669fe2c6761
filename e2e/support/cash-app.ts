import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { PersonaKey } from '../../fixtures/personas'
import { useWebSession } from './sessions'

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

  /**
   * Opens home signed in as the persona, with the session this worker made for it once (the sign-in page
   * itself is covered by the specs whose subject it is). A session a test ended by signing out is renewed.
   */
  async signInAs(key: PersonaKey) {
    const home = this.page.getByRole('heading', { name: 'Home' })
    const signIn = this.page.getByRole('heading', { name: 'Sign in to Cash' })
    for (const renew of [false, true]) {
      await useWebSession(this.page.context(), key, { renew })
      await this.page.goto('/app/cash')
      await expect(home.or(signIn)).toBeVisible()
      if (await home.isVisible()) return
    }
    await expect(home).toBeVisible()
  }

  /**
   * Signs the persona in without opening a page, for a test that goes straight to a page of its own (home is
   * signInAs's): the session this worker made for it, checked with the server and renewed when a test ended it.
   */
  async useSession(key: PersonaKey) {
    for (const renew of [false, true]) {
      await useWebSession(this.page.context(), key, { renew })
      if ((await this.page.request.get('/app/cash/api/v1/auth/session')).ok()) return
    }
    throw new Error(`No live session for ${key}, even renewed`)
  }

  /**
   * Signs out through the page and waits until it has: the sign-in screen. Moving on at the click raced the
   * sign-out request on a busy machine (the next sign-in's session was ended by it, or a signed-in page opened).
   */
  async signOut() {
    await this.page.getByRole('button', { name: 'Sign out' }).click()
    await expect(this.page.getByRole('heading', { name: 'Sign in to Cash' })).toBeVisible()
  }

  section(name: string) {
    return this.page.getByRole('region', { name })
  }
}

/** Creates a fresh user through the API, so a test can lock it out without touching the personas. */
export async function freshUser(request: APIRequestContext, tag: string): Promise<{ email: string; password: string }> {
  const email = `${tag}-${Date.now()}@example.com`
  const password = 'a-long-password-1'
  const res = await request.post('/app/cash/api/v1/auth/sign-up', {
    data: { name: 'Test User', email, password, client: 'native' },
  })
  expect(res.status()).toBe(201)
  return { email, password }
}
