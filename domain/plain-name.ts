import { z } from 'zod'
import { messageKey } from './error-message'

/**
 * Whether a code point may not be in a name: C0 and C1 controls (line breaks and tabs among them), DEL and the
 * Unicode line and paragraph separators (U+2028, U+2029), which break a name over lines in a mail, a CSV or a log,
 * and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a name read in another
 * order than it is stored. The marks a right-to-left name needs (U+200E, U+200F) stay.
 */
const refused = (c: number): boolean =>
  c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)

/** Whether a name has none of the characters above: `isPlainName('Ada\nLovelace')` is false. */
export function isPlainName(name: string): boolean {
  for (const ch of name) if (refused(ch.codePointAt(0)!)) return false
  return true
}

/**
 * The one check every name a person types goes through (theirs, a company's, a recipient's, an owner's), after
 * its trim: `z.string().trim().min(1).check(plainName)`. Its message is shown at the field.
 */
export const plainName = z.refine<string>(isPlainName, messageKey('name_one_line'))

/**
 * The same check for other one-line text a person types that others read: an address a card is shipped to, a
 * recovery signer's label, a cashback rule's or campaign's name, an admin's reason (shown in a holder's history and
 * notices). Its message does not call the text a name.
 */
export const plainText = z.refine<string>(isPlainName, messageKey('text_one_line'))

/** Whether a refused code point only orders text (a bidi embedding, override or isolate): it is dropped, not spaced. */
const ordersText = (c: number): boolean => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)

/**
 * Another party's words made one plain line, where refusing them would lose what they came with: a provider's reason
 * in its webhook (a failed withdrawal, a returned payout, a failed bridge, a rejected KYC), which a holder reads. The
 * characters a plain name refuses go: a line break, a tab or another control becomes a space, a bidi embedding,
 * override or isolate nothing; runs of spaces become one and the ends are trimmed.
 * `toPlainText('Account\n\tclosed\u202e')` is `'Account closed'`.
 */
export function toPlainText(text: string): string {
  let out = ''
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    out += !refused(c) ? ch : ordersText(c) ? '' : ' '
  }
  return out.replace(/ {2,}/g, ' ').trim()
}

/** A provider's one-line text as its webhook sends it, made plain (toPlainText); empty when nothing is left. */
export const providerText = z.string().transform(toPlainText)
