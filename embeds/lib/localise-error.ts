import type { z } from 'zod'
import { issueMessage, ZOD_DEFAULT_MESSAGE } from '../../domain/api/common.schema'
import { ERRORS, type ErrorCode, type FieldErrors } from '../../domain/errors'
import { formatNumber } from '../../domain/money'
import { ERROR_MESSAGES_PT_BR, FIELD_MESSAGES_PT_BR } from './error-messages-pt-br'
import { pickLocale, type Locale } from './i18n'

/**
 * The API and the shared zod schemas speak English (stable codes plus English text). The page shows them in
 * the reader's language: an error by its code, a field message by its English text, and a zod issue the
 * schema gave no known message for by its issue code and parameters.
 */

const isCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code)
const CODE_OF_MESSAGE = new Map<string, ErrorCode>(
  Object.entries(ERRORS).map(([code, e]) => [e.message, code as ErrorCode]),
)

/** An English amount in a message ("10,000", "2,500.5") in Portuguese ("10.000", "2.500,5"). */
const amountPtBR = (english: string) => formatNumber(english.replaceAll(',', ''), 'pt-BR')

/**
 * Our English messages that carry a figure, in Portuguese: those for issues a schema gave no message for
 * (`issueMessage`), with their limits, and the server's that name an amount.
 */
const PLAIN_ISSUES_PT_BR: readonly [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  [
    new RegExp(
      /^You can ask for ([\d,.]+) USDC of refunds in 24 hours; /.source +
        /([\d,.]+) USDC is left\. Another admin can make this refund\.$/.source,
    ),
    (_, cap: string, left: string) =>
      `Você pode pedir ${amountPtBR(cap)} USDC em reembolsos em 24 horas; ` +
      `restam ${amountPtBR(left)} USDC. Outro administrador pode fazer este reembolso.`,
  ],
  [
    /^More than your free (\w+) \(([\d,.]+)\)\.$/,
    (_, asset: string, free: string) => `Mais do que os seus ${asset} livres (${amountPtBR(free)}).`,
  ],
  [/^More than your free (\w+) \(fee included\)\.$/, 'Mais do que os seus $1 livres (com a tarifa).'],
  [/^Use at least (\d+) characters\.$/, 'Use pelo menos $1 caracteres.'],
  [/^Use at most (\d+) characters\.$/, 'Use no máximo $1 caracteres.'],
  [/^Choose at least (\d+)\.$/, 'Escolha pelo menos $1.'],
  [/^Choose at most (\d+)\.$/, 'Escolha no máximo $1.'],
  [/^The minimum is (.+)\.$/, 'O mínimo é $1.'],
  [/^The maximum is (.+)\.$/, 'O máximo é $1.'],
]

/** The page's language, as the i18n provider set it on <html lang>. */
export function pageLocale(): Locale {
  return pickLocale(typeof document === 'undefined' ? undefined : document.documentElement.lang)
}

/** One English message (a field's, or a whole error's) in the locale; `code` is the API error's code. */
export function localiseMessage(message: string, locale: Locale, code?: string): string {
  if (locale === 'en-US') return ZOD_DEFAULT_MESSAGE.test(message) ? ERRORS.invalid_request.message : message
  const plain = PLAIN_ISSUES_PT_BR.find(([pattern]) => pattern.test(message))
  if (plain) return message.replace(plain[0], plain[1] as string) // a string or a replacer, as String.replace takes
  const known =
    FIELD_MESSAGES_PT_BR[message] ??
    (CODE_OF_MESSAGE.has(message) ? ERROR_MESSAGES_PT_BR[CODE_OF_MESSAGE.get(message)!] : undefined)
  if (known) return known
  if (code && isCode(code)) return ERROR_MESSAGES_PT_BR[code]
  if (code === 'network')
    return FIELD_MESSAGES_PT_BR['Cannot reach Cash right now. Check your connection and try again.']!
  if (ZOD_DEFAULT_MESSAGE.test(message)) return ERROR_MESSAGES_PT_BR.invalid_request
  return message
}

/** Every field message of an API error in the locale. */
export function localiseFields(fields: FieldErrors, locale: Locale): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, localiseMessage(message, locale)]))
}

type Issue = z.core.$ZodIssue

/** A zod issue's message in the locale: the schema's own message when it is known, else one from the issue. */
export function localiseIssue(issue: Issue, locale: Locale): string {
  if (locale === 'en-US') return issueMessage(issue)
  const known =
    FIELD_MESSAGES_PT_BR[issue.message] ??
    (CODE_OF_MESSAGE.has(issue.message) ? ERROR_MESSAGES_PT_BR[CODE_OF_MESSAGE.get(issue.message)!] : undefined)
  if (known) return known
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === '' ? 'Preencha este campo.' : 'Este valor não é válido.'
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'Preencha este campo.' : `Use pelo menos ${issue.minimum} caracteres.`
      if (issue.origin === 'array' || issue.origin === 'set') return `Escolha pelo menos ${issue.minimum}.`
      return `O mínimo é ${issue.minimum}.`
    case 'too_big':
      if (issue.origin === 'string') return `Use no máximo ${issue.maximum} caracteres.`
      if (issue.origin === 'array' || issue.origin === 'set') return `Escolha no máximo ${issue.maximum}.`
      return `O máximo é ${issue.maximum}.`
    case 'invalid_format':
      return issue.format === 'email' ? 'Digite um e-mail como nome@exemplo.com.' : 'Este formato não é válido.'
    case 'invalid_value':
      return 'Escolha uma das opções.'
    default:
      return 'Este valor não é válido.'
  }
}

/** zod issues as field messages keyed by dotted path, in the locale. The first message per field wins. */
export function localisedFieldErrors(error: z.ZodError, locale: Locale): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= localiseIssue(issue, locale)
  }
  return fields
}
