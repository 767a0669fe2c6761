import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { I18nProvider, type Locale } from '../lib/i18n'
import type { AmountInput } from '../ui/amount-field'

/** Renders a pure view in a language, with nothing else around it: no session, no API, no bridge. */
export function renderView(view: ReactElement, locale: Locale = 'en-US') {
  return render(<I18nProvider locale={locale}>{view}</I18nProvider>)
}

/**
 * An amount field's state as a view receives it (what useAmountInput returns): `text` as typed, the canonical
 * decimal it reads as (`value`), and the field's own error; its handlers are spies.
 */
export function amountInputOf(text: string, value: string | null, error?: string): AmountInput {
  return {
    text,
    value,
    read: vi.fn(() => value ?? undefined),
    setCanonical: vi.fn(),
    clear: vi.fn(),
    field: { value: text, error, onChange: vi.fn(), onBlur: vi.fn() },
  }
}
