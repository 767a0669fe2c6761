import type { z } from 'zod'
import { fieldMessages } from '../../domain/api/common.schema'
import { fieldTexts } from '../../domain/error-words'
import type { FieldErrors } from '../../domain/errors'
import { pickLocale, type Locale } from './i18n'

/**
 * The API and the shared zod schemas say what went wrong as data (a code, a key and its parameters); the page
 * words it in its language here, through the typed catalogues of domain/error-words.ts.
 */

/** The page's language, as the i18n provider set it on <html lang>. */
export function pageLocale(): Locale {
  return pickLocale(typeof document === 'undefined' ? undefined : document.documentElement.lang)
}

/** zod issues as field messages keyed by dotted path, in the locale. The first message per field wins. */
export function localisedFieldErrors(error: z.ZodError, locale: Locale): FieldErrors {
  return fieldTexts(fieldMessages(error), locale)
}
