import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode, Suspense, use } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { createApiClient } from '../lib/api-client'
import { Interactive } from '../lib/first-data'
import { I18nProvider } from '../lib/i18n'
import { SessionProvider } from '../lib/session'
import { SignInPage } from './sign-in-page'

/**
 * A part of the screen React has not taken over yet. In the web shell the screen sits in Suspense boundaries
 * (host/shell.tsx, host/embed-frame.tsx): React takes the page over, and lifts `inert`, before it takes over what
 * is inside them, in a later pass that a slow device runs well after the page went live. `until` holds that pass
 * here until the test lets it run; the server draws nothing for it.
 */
function TakenOverWhen({ until }: { until: Promise<void> | null }) {
  if (until) use(until)
  return null
}

/** The sign-in screen as the shell draws it: the page goes live outside the boundary the screen is in. */
const Screen = ({ until }: { until: Promise<void> | null }) => (
  <StrictMode>
    <Interactive />
    <I18nProvider locale="en-US">
      <SessionProvider api={createApiClient()} initial={null}>
        <Suspense fallback={null}>
          <TakenOverWhen until={until} />
          <SignInPage onSignedIn={() => undefined} signUpHref="/app/cash/sign-up" forgotHref="/app/cash/sign-in" />
        </Suspense>
      </SessionProvider>
    </I18nProvider>
  </StrictMode>
)

let root: Root | undefined

/** Draws the screen as the server does, and starts React's takeover of it, held before the screen itself. */
async function serverDrawnScreen() {
  document.body.innerHTML = `<div id="root" data-ssr="" inert="">${renderToString(<Screen until={null} />)}</div>`
  const container = document.getElementById('root')!
  let release!: () => void
  const until = new Promise<void>((resolve) => (release = resolve))
  await act(async () => {
    root = hydrateRoot(container, <Screen until={until} />)
  })
  // Live, with the screen still the server's markup.
  expect(container.hasAttribute('inert')).toBe(false)
  expect(document.activeElement).toBe(document.body)
  return {
    async takeOver() {
      await act(async () => release())
    },
  }
}

describe('the sign-in screen taken over after the page went live', () => {
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    document.body.innerHTML = ''
  })

  it('keeps the person in the field they reached, so what they type is not lost', async () => {
    const user = userEvent.setup()
    const page = await serverDrawnScreen()
    await user.tab()
    const email = screen.getByLabelText('E-mail')
    expect(document.activeElement).toBe(email)
    // The screen is taken over now; the heading used to take the focus then, and the typing went nowhere.
    await page.takeOver()
    expect(document.activeElement).toBe(email)
    await user.keyboard('not-an-email{Enter}')
    expect(email).toHaveProperty('value', 'not-an-email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    const describedBy = email.getAttribute('aria-describedby')!.split(' ')
    expect(document.getElementById(describedBy.at(-1)!)?.textContent).toBe(
      'Enter an e-mail address like name@example.com.',
    )
  })

  it('moves focus to its heading when nobody is in it yet', async () => {
    const page = await serverDrawnScreen()
    await page.takeOver()
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Sign in to Cash' }))
  })
})
