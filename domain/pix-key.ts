import { say } from './error-message'
import { DomainError } from './errors'

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp'
export type PixKey = { type: PixKeyType; value: string }

const fail = (code: 'pix_key_cpf' | 'pix_key_cnpj' | 'pix_key_email' | 'pix_key_phone' | 'pix_key_invalid') =>
  new DomainError(code, undefined, { key: say(FIELD_MESSAGE[code]) })
const FIELD_MESSAGE = {
  pix_key_cpf: 'pix_key_cpf_digits',
  pix_key_cnpj: 'pix_key_cnpj_digits',
  pix_key_email: 'pix_key_email_invalid',
  pix_key_phone: 'pix_key_phone_format',
  pix_key_invalid: 'pix_key_format',
} as const

/** Mod-11 check digit over `digits` with weights counting down from `start` (the CPF/CNPJ rule). */
function mod11(digits: number[], weights: number[]): number {
  const rest = digits.reduce((sum, d, i) => sum + d * weights[i]!, 0) % 11
  return rest < 2 ? 0 : 11 - rest
}

/** A CPF: 11 digits (punctuation allowed), not all equal, with both mod-11 check digits right. */
export function isCpf(input: string): boolean {
  const d = [...input.replace(/[.\-\s]/g, '')].map(Number)
  if (d.length !== 11 || d.some(Number.isNaN) || new Set(d).size === 1) return false
  return (
    mod11(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]) === d[9] &&
    mod11(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === d[10]
  )
}

/** A CNPJ: 14 digits (punctuation allowed), not all equal, with both mod-11 check digits right. */
export function isCnpj(input: string): boolean {
  const d = [...input.replace(/[./\-\s]/g, '')].map(Number)
  if (d.length !== 14 || d.some(Number.isNaN) || new Set(d).size === 1) return false
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
  return mod11(d.slice(0, 12), w1) === d[12] && mod11(d.slice(0, 13), [6, ...w1]) === d[13]
}

/**
 * Reads a PIX key of any type, telling them apart by shape: e-mail, +55 phone, random key (UUID), CPF or
 * CNPJ. Each broken shape gets its own error at the `key` field.
 */
export function parsePixKey(input: string): PixKey {
  const text = input.trim()
  if (text.includes('@')) {
    if (text.length > 77 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) throw fail('pix_key_email')
    return { type: 'email', value: text.toLowerCase() }
  }
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text))
    return { type: 'evp', value: text.toLowerCase() }
  if (text.startsWith('+')) {
    const phone = `+${text.replace(/\D/g, '')}`
    if (!/^\+55[1-9]\d9?\d{8}$/.test(phone) || phone.length < 13 || phone.length > 14) throw fail('pix_key_phone')
    return { type: 'phone', value: phone }
  }
  const digits = text.replace(/[./\-\s]/g, '')
  if (/^\d{11}$/.test(digits)) {
    if (!isCpf(digits)) throw fail('pix_key_cpf')
    return { type: 'cpf', value: digits }
  }
  if (/^\d{14}$/.test(digits)) {
    if (!isCnpj(digits)) throw fail('pix_key_cnpj')
    return { type: 'cnpj', value: digits }
  }
  throw fail('pix_key_invalid')
}

/**
 * A key as shown to the payer and in history: partly hidden, as Brazilian banks do. A CPF keeps its middle
 * six digits (`***.982.247-**`), an e-mail its first letter and domain (`m***@example.com`), a phone its
 * country, area and last four digits (`+55 11 *****-4321`), a random key its first and last four characters;
 * a CNPJ (a company's public number) shows whole.
 */
export function maskPixKey(key: PixKey): string {
  const v = key.value
  if (key.type === 'cpf') return `***.${v.slice(3, 6)}.${v.slice(6, 9)}-**`
  if (key.type === 'cnpj') return `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}/${v.slice(8, 12)}-${v.slice(12)}`
  if (key.type === 'email') {
    const at = v.lastIndexOf('@')
    return at > 0 ? `${v.slice(0, 1)}***${v.slice(at)}` : v
  }
  if (key.type === 'phone') return `${v.slice(0, 3)} ${v.slice(3, 5)} *****-${v.slice(-4)}`
  return `${v.slice(0, 4)}…${v.slice(-4)}`
}
