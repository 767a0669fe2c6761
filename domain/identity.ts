import { type FieldMessages, say } from './error-message'
import type { VerificationStatus } from './card-issuing'
import { DomainError } from './errors'
import { keyedBuilder, keyedSchema, type Keyed } from './keyed-data'
import type { Language } from './word-format'
import { z } from 'zod'

/** Every uploaded file (an ID image, a selfie, a company document) is at most this many bytes. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

/** The request body cap of the upload route: a file at the limit in base64 (4/3 larger) plus its JSON envelope. */
export const MAX_UPLOAD_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 16 * 1024

/** What a person must be, in whole years on the day they apply. */
export const MIN_AGE_YEARS = 18

/** A beneficial owner holds at least this share, in basis points (25 %); all owners together at most 100 %. */
export const MIN_OWNER_BPS = 2500
export const MAX_TOTAL_BPS = 10_000

export const PERSON_DOCUMENTS = ['id_front', 'id_back', 'passport', 'selfie'] as const
export const COMPANY_DOCUMENTS = ['certificate_of_incorporation', 'proof_of_address'] as const
export const DOCUMENT_KINDS = [...PERSON_DOCUMENTS, ...COMPANY_DOCUMENTS] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

export type FileType = 'image/jpeg' | 'image/png' | 'application/pdf'

/** The file types a document may be: photos of people and their IDs are images; company papers may be PDFs too. */
export function allowedTypes(kind: DocumentKind): readonly FileType[] {
  return (COMPANY_DOCUMENTS as readonly string[]).includes(kind)
    ? ['image/jpeg', 'image/png', 'application/pdf']
    : ['image/jpeg', 'image/png']
}

/** The document's name in messages (the identity provider asks for one by it). */
export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  id_front: 'ID document (front)',
  id_back: 'ID document (back)',
  passport: 'Passport',
  selfie: 'Selfie',
  certificate_of_incorporation: 'Certificate of incorporation',
  proof_of_address: 'Proof of address',
}

/** The same names in Brazilian Portuguese (a mail to a person who reads Portuguese asks for the document by it). */
export const DOCUMENT_LABELS_PT_BR: Record<DocumentKind, string> = {
  id_front: 'Documento de identidade (frente)',
  id_back: 'Documento de identidade (verso)',
  passport: 'Passaporte',
  selfie: 'Selfie',
  certificate_of_incorporation: 'Certidão de constituição',
  proof_of_address: 'Comprovante de endereço',
}

/**
 * Why a person's or a company's verification stands where it does, as data (users.kyc_reason,
 * accounts.kyb_reason): the document the provider asked for and whose (an owner's name, or null for the applicant),
 * or the reviewer's or provider's own words as a note, shown as written. Each page words it in its language.
 */
export const VERIFICATION_REASONS = {
  document: { document: z.enum(DOCUMENT_KINDS), owner: z.string().nullable() },
  note: { text: z.string() },
} as const satisfies Record<string, z.ZodRawShape>

export type VerificationReason = Keyed<typeof VERIFICATION_REASONS>
export const VerificationReasonSchema = keyedSchema(VERIFICATION_REASONS, 'VerificationReason')
export const verificationReason = keyedBuilder<typeof VERIFICATION_REASONS>()

/** A document asked for by its name in `language`, and whose when it is an owner's. */
export function documentOf(document: DocumentKind, owner: string | null, language: Language): string {
  return language === 'pt-BR'
    ? `${DOCUMENT_LABELS_PT_BR[document]}${owner ? ` de ${owner}` : ''}`
    : `${DOCUMENT_LABELS[document]}${owner ? ` of ${owner}` : ''}`
}

/** A verification's reason in `language`. */
export function verificationReasonText(r: VerificationReason, language: Language): string {
  return r.key === 'document' ? documentOf(r.document, r.owner, language) : r.text
}

const SIGNATURES: { type: FileType; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
]

/**
 * The file's real type from its first bytes (its magic number), whatever its name or declared type says; null when
 * unknown.
 */
export function detectFileType(bytes: Uint8Array): FileType | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b))?.type ?? null
}

/**
 * Checks a file for a document slot: not empty, at most MAX_UPLOAD_BYTES, and of an allowed type by its
 * content. Throws `upload_too_large` or `upload_type` with the message at `field`; returns the real type.
 */
export function checkUpload(kind: DocumentKind, bytes: Uint8Array, field = 'file'): FileType {
  checkUploadSize(bytes.length, field)
  const type = detectFileType(bytes)
  const allowed = allowedTypes(kind)
  if (!type || !allowed.includes(type)) {
    const pdf = allowed.includes('application/pdf')
    throw new DomainError('upload_type', undefined, { [field]: say('file_not_type', { pdf }) })
  }
  return type
}

/** Throws `upload_too_large` at `field` for a file over MAX_UPLOAD_BYTES (checked before reading it). */
export function checkUploadSize(size: number, field = 'file'): void {
  if (size > MAX_UPLOAD_BYTES)
    throw new DomainError('upload_too_large', undefined, {
      [field]: say('file_over_5_mb'),
    })
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Parses a calendar date `YYYY-MM-DD` that exists (no 31 February); null otherwise. */
export function parseCalendarDate(text: string): { year: number; month: number; day: number } | null {
  const m = DATE.exec(text)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null
  return { year, month, day }
}

/**
 * Whole years between a birth date and `today` (both `YYYY-MM-DD`), on calendar dates: the birthday counts
 * from its day. Someone born on 29 February turns a year older on 1 March in other years.
 */
export function ageOn(birthDate: string, today: string): number {
  const b = parseCalendarDate(birthDate)
  const t = parseCalendarDate(today)
  if (!b || !t) throw new DomainError('invalid_request', say('enter_date'))
  const hadBirthday = t.month > b.month || (t.month === b.month && t.day >= b.day)
  return t.year - b.year - (hadBirthday ? 0 : 1)
}

/** Throws at `field` unless the person is MIN_AGE_YEARS or older on `today`, and was born (not in the future). */
export function assertAdult(birthDate: string, today: string, field = 'birthDate'): void {
  if (!parseCalendarDate(birthDate)) throw new DomainError('invalid_request', undefined, { [field]: say('enter_date') })
  if (birthDate > today) throw new DomainError('invalid_request', undefined, { [field]: say('birth_date_future') })
  if (ageOn(birthDate, today) < MIN_AGE_YEARS)
    throw new DomainError('underage', undefined, { [field]: say('min_age', { years: MIN_AGE_YEARS }) })
}

/** A percentage on the wire ("25", "33.33") in basis points, exactly (no floats); null when not one. */
export function percentToBps(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/**
 * The beneficial-owner rules: at least one owner, each holding at least 25 %, all together at most 100 %.
 * Field errors point at `owners.<i>.ownership` or, for the total, at `owners`.
 */
export function assertOwnership(ownerships: readonly string[]): void {
  if (ownerships.length === 0)
    throw new DomainError('invalid_request', undefined, {
      owners: say('add_beneficial_owner'),
    })
  const fields: FieldMessages = {}
  let total = 0
  ownerships.forEach((text, i) => {
    const bps = percentToBps(text)
    if (bps === null || bps > MAX_TOTAL_BPS) fields[`owners.${i}.ownership`] = say('enter_percentage_25')
    else if (bps < MIN_OWNER_BPS) fields[`owners.${i}.ownership`] = say('beneficial_owner_holds')
    total += bps ?? 0
  })
  if (Object.keys(fields).length) throw new DomainError('invalid_request', undefined, fields)
  if (total > MAX_TOTAL_BPS)
    throw new DomainError('invalid_request', undefined, {
      owners: say('owner_shares_over', { total: (total / 100).toString() }),
    })
}

export type ApplicationStatus = Exclude<VerificationStatus, 'not_started'>
export type Decision =
  | { decision: 'approved' }
  | { decision: 'rejected'; reason: string }
  | { decision: 'more_info_needed'; document: DocumentKind }

/**
 * The sandbox identity provider's answer, deterministic for QA: a name starting "Rita Reject" is rejected
 * (an expired document), "Mona More" needs more information (the ID back for a person, the proof of address
 * for a company) on the first round; everyone else, and every later round, is approved.
 */
export function sandboxDecision(name: string, subject: 'person' | 'company', round: number): Decision {
  const n = name.trim().toLowerCase()
  if (n.startsWith('rita reject'))
    return {
      decision: 'rejected',
      reason: subject === 'person' ? 'The document is expired' : 'The certificate of incorporation is expired',
    }
  if (n.startsWith('mona more') && round === 1)
    return { decision: 'more_info_needed', document: subject === 'person' ? 'id_back' : 'proof_of_address' }
  return { decision: 'approved' }
}

/**
 * A company's KYB from its own check and its owners' KYC: rejected if any is, more information if any needs
 * it, approved only when every one is, in review once any is, else submitted.
 */
export function combineKyb(statuses: readonly ApplicationStatus[]): ApplicationStatus {
  if (statuses.includes('rejected')) return 'rejected'
  if (statuses.includes('more_info_needed')) return 'more_info_needed'
  if (statuses.length > 0 && statuses.every((s) => s === 'approved')) return 'approved'
  if (statuses.some((s) => s === 'in_review' || s === 'approved')) return 'in_review'
  return 'submitted'
}

/** Whether a new application may start: never while one is open or approved. */
export function canApply(status: VerificationStatus): boolean {
  return status === 'not_started' || status === 'rejected'
}
