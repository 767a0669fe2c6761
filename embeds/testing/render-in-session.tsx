import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createApiClient } from '../lib/api-client'
import { I18nProvider, type Locale } from '../lib/i18n'
import { SessionProvider } from '../lib/session'

/** Renders a page as its embed would: in its language, with a session read from the (stubbed) API. */
export function renderInSession(page: ReactElement, locale: Locale = 'en-US') {
  return render(
    <I18nProvider locale={locale}>
      <SessionProvider api={createApiClient()}>{page}</SessionProvider>
    </I18nProvider>,
  )
}
