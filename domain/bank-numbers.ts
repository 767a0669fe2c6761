import { type ErrorMessage, say } from './error-message'
import { DomainError } from './errors'

/**
 * A US ABA routing number: 9 digits whose weighted sum 3·7·1 is a multiple of 10.
 * @example parseRoutingNumber('011000015') === '011000015'
 */
export function parseRoutingNumber(input: string): string {
  const digits = input.replace(/[\s-]/g, '')
  if (!/^\d{9}$/.test(digits))
    throw new DomainError('routing_number_invalid', undefined, { routingNumber: say('routing_number_invalid') })
  const d = [...digits].map(Number)
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)
  if (sum % 10 !== 0)
    throw new DomainError('routing_number_checksum', undefined, {
      routingNumber: say('routing_number_checksum'),
    })
  return digits
}

/** A US account number: 4 to 17 digits. */
export function parseUsAccountNumber(input: string): string {
  const digits = input.replace(/[\s-]/g, '')
  if (!/^\d{4,17}$/.test(digits))
    throw new DomainError('account_number_invalid', undefined, {
      accountNumber: say('account_number_invalid'),
    })
  return digits
}

/** IBAN lengths of the SEPA countries (ISO 13616 registry). */
export const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
}

/** An IBAN, spaces removed and upper-cased, with its country's length and a mod-97 remainder of 1. */
export function parseIban(input: string): string {
  const iban = input.replace(/\s/g, '').toUpperCase()
  const field = (message: ErrorMessage) => ({ iban: message })
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban))
    throw new DomainError('iban_invalid', undefined, field(say('iban_format')))
  const length = IBAN_LENGTHS[iban.slice(0, 2)]
  if (!length)
    throw new DomainError(
      'iban_country',
      undefined,
      field(say('iban_country_unsupported', { country: iban.slice(0, 2) })),
    )
  if (iban.length !== length)
    throw new DomainError(
      'iban_length',
      undefined,
      field(say('iban_length_for', { country: iban.slice(0, 2), length, actual: iban.length })),
    )
  const numeric = [...(iban.slice(4) + iban.slice(0, 4))]
    .map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55)))
    .join('')
  if (BigInt(numeric) % 97n !== 1n) throw new DomainError('iban_checksum', undefined, field(say('iban_check_digits')))
  return iban
}

/** Groups an IBAN in fours for reading: `DE89 3704 …`. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim()
}

/** A BIC (SWIFT code): 4 bank letters, 2 country letters, 2 location characters, optional 3 branch ones. */
export function parseBic(input: string): string {
  const bic = input.replace(/\s/g, '').toUpperCase()
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic))
    throw new DomainError('bic_invalid', undefined, { bic: say('bic_format') })
  return bic
}

/** Shows only the last four characters of an account number or IBAN. */
export function maskAccount(value: string): string {
  return `•••• ${value.slice(-4)}`
}

/** How a bank number is compared (a virtual account's blind index is of this form): no spaces or dashes, capitals. */
export const normaliseBankNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase()
