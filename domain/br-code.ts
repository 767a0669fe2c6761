import { say } from './error-message'
import { DomainError } from './errors'
import { toPlainText } from './plain-name'

/**
 * PIX BR Code (EMV QRCPS merchant-presented mode, Banco Central do Brasil). A code is a run of TLV fields,
 * `ID(2) LENGTH(2) VALUE`, lengths in bytes, ending with `6304` and a CRC-16/CCITT-FALSE over everything
 * before the CRC value (including `6304`).
 */
export type BrCode = {
  /** `static`: reusable, the key in the code; `dynamic`: one charge, a URL where the payer's bank fetches it. */
  kind: 'static' | 'dynamic'
  /** The PIX key (static) or the payload location URL without scheme (dynamic). */
  key?: string
  url?: string
  description?: string
  /** BRL amount as a decimal string with two places, or absent (payer types it). */
  amount?: string
  merchantName: string
  merchantCity: string
  /** Transaction id (field 62-05); `***` when none. */
  txid: string
}

const GUI = 'br.gov.bcb.pix'
const encoder = new TextEncoder()
const bytes = (s: string) => encoder.encode(s).length

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor. Four uppercase hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff
  for (const byte of encoder.encode(payload)) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

function field(id: string, value: string): string {
  const length = bytes(value)
  if (length > 99) throw new DomainError('invalid_request', say('br_code_field_too_long'))
  return `${id}${String(length).padStart(2, '0')}${value}`
}

/** Builds a BR Code. Merchant name ≤ 25 bytes, city ≤ 15 bytes, txid ≤ 25 letters and digits. */
export function encodeBrCode(code: BrCode): string {
  if (bytes(code.merchantName) > 25 || !code.merchantName)
    throw new DomainError('invalid_request', say('merchant_name_length'))
  if (bytes(code.merchantCity) > 15 || !code.merchantCity)
    throw new DomainError('invalid_request', say('merchant_city_length'))
  if (!/^(\*\*\*|[A-Za-z0-9]{1,25})$/.test(code.txid)) throw new DomainError('invalid_request', say('txid_format'))
  if (code.amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(code.amount))
    throw new DomainError('invalid_request', say('amount_two_decimals'))
  const account =
    code.kind === 'static'
      ? field('00', GUI) + field('01', code.key ?? '') + (code.description ? field('02', code.description) : '')
      : field('00', GUI) + field('25', code.url ?? '')
  const body =
    field('00', '01') +
    (code.kind === 'dynamic' ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (code.amount ? field('54', code.amount) : '') +
    field('58', 'BR') +
    field('59', code.merchantName) +
    field('60', code.merchantCity) +
    field('62', field('05', code.txid)) +
    '6304'
  return body + crc16(body)
}

/** Splits a TLV run into fields, by byte lengths. Throws on a truncated or malformed run. */
function readFields(text: string): Map<string, string> {
  const data = encoder.encode(text)
  const decoder = new TextDecoder()
  const fields = new Map<string, string>()
  let i = 0
  while (i < data.length) {
    const head = decoder.decode(data.subarray(i, i + 4))
    if (!/^\d{4}$/.test(head)) throw new DomainError('pix_code_invalid')
    const length = Number(head.slice(2))
    if (i + 4 + length > data.length) throw new DomainError('pix_code_invalid')
    fields.set(head.slice(0, 2), decoder.decode(data.subarray(i + 4, i + 4 + length)))
    i += 4 + length
  }
  return fields
}

/** Reads a pasted or scanned BR Code, checking its CRC. Throws `pix_code_invalid` or `pix_code_checksum`. */
export function decodeBrCode(input: string): BrCode {
  const text = input.trim()
  // The CRC is the last four characters, after the `6304` tag; it may itself read `6304`.
  const at = text.length - 8
  if (at < 0 || text.slice(at, at + 4) !== '6304') throw new DomainError('pix_code_invalid')
  if (crc16(text.slice(0, at + 4)) !== text.slice(at + 4).toUpperCase()) throw new DomainError('pix_code_checksum')
  const top = readFields(text.slice(0, at))
  if (top.get('00') !== '01') throw new DomainError('pix_code_invalid')
  const accountField = top.get('26')
  if (!accountField) throw new DomainError('pix_code_invalid')
  const account = readFields(accountField)
  if (account.get('00')?.toLowerCase() !== GUI) throw new DomainError('pix_code_invalid')
  const extra = top.has('62') ? readFields(top.get('62')!) : new Map<string, string>()
  const dynamic = top.get('01') === '12' || account.has('25')
  const amount = top.get('54')
  // Whoever made the code wrote these, and the payer reads them as the recipient before paying: one plain line each,
  // no line break or bidi override to forge a name ("Loja \u202Eetoved" shown as another shop's).
  const description = toPlainText(account.get('02') ?? '')
  return {
    kind: dynamic ? 'dynamic' : 'static',
    ...(dynamic ? { url: account.get('25') ?? '' } : { key: account.get('01') ?? '' }),
    ...(description ? { description } : {}),
    ...(amount ? { amount } : {}),
    merchantName: toPlainText(top.get('59') ?? ''),
    merchantCity: toPlainText(top.get('60') ?? ''),
    txid: extra.get('05') ?? '***',
  }
}
