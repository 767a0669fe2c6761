import { messageKey, type PlainKey } from '../error-message'
import { z } from 'zod'
import { VERIFICATION_STATUSES } from '../card-issuing'
import { DOCUMENT_KINDS } from '../identity'
import { ShippingAddressSchema } from './card-issuing.schema'
import { IsoDateTime } from './common.schema'
import { plainName, plainText } from '../plain-name'

const Country = ShippingAddressSchema.shape.country
const BirthDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messageKey('enter_date'))
const DocumentId = (key: PlainKey) => z.uuid(messageKey(key))

/** A residential or registered address (the same fields as a shipping address). */
export const IdentityAddressSchema = ShippingAddressSchema.meta({ id: 'IdentityAddress' })

/** A photo ID: a passport has one side, an ID card a front and a back. Values are uploaded document ids. */
export const IdDocumentSchema = z
  .object({
    type: z.enum(['passport', 'id_card'], messageKey('choose_id_type')),
    front: DocumentId('upload_front_photo'),
    back: DocumentId('upload_back_id_card').optional(),
  })
  .refine((d) => d.type === 'passport' || d.back !== undefined, {
    path: ['back'],
    message: messageKey('upload_back_id_card'),
  })

/** `POST /kyc`: a person's identity check. */
export const KycBody = z
  .object({
    legalName: z
      .string()
      .trim()
      .min(2, messageKey('enter_legal_name'))
      .max(100, messageKey('keep_under_100_characters'))
      .check(plainName),
    birthDate: BirthDate,
    address: IdentityAddressSchema,
    nationality: Country,
    idDocument: IdDocumentSchema,
    selfie: DocumentId('upload_selfie'),
  })
  .meta({ id: 'KycApplication' })
export type KycBody = z.output<typeof KycBody>

/** A beneficial owner: a person holding 25% or more of the company, checked by their own KYC. */
export const BeneficialOwnerSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, messageKey('enter_owner_name'))
    .max(100, messageKey('keep_under_100_characters'))
    .check(plainName),
  birthDate: BirthDate,
  nationality: Country,
  email: z.email(messageKey('email_format')),
  ownership: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, messageKey('enter_percentage_25')),
  idDocument: IdDocumentSchema,
})

/** `POST /accounts/:accountId/kyb`: a company's check, with its beneficial owners and documents. */
export const KybBody = z
  .object({
    companyName: z
      .string()
      .trim()
      .min(2, messageKey('enter_company_legal_name'))
      .max(120, messageKey('keep_under_120_characters'))
      .check(plainName),
    registrationNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$/, messageKey('enter_registration')),
    country: Country,
    address: IdentityAddressSchema,
    owners: z
      .array(BeneficialOwnerSchema)
      .min(1, messageKey('add_beneficial_owner'))
      .max(10, messageKey('at_most_10_owners')),
    documents: z.object({
      certificateOfIncorporation: DocumentId('upload_certificate'),
      proofOfAddress: DocumentId('upload_proof_of_address'),
    }),
  })
  .meta({ id: 'KybApplication' })
export type KybBody = z.output<typeof KybBody>

/** `POST /identity/documents`: one file, base64 in JSON; its type is read from its bytes. */
export const UploadDocumentBody = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string().trim().min(1).max(200),
  content: z.base64(messageKey('file_could_not_read')).min(1, messageKey('file_empty')),
})

export const UploadedDocument = z
  .object({
    id: z.uuid(),
    kind: z.enum(DOCUMENT_KINDS),
    fileName: z.string(),
    size: z.number().int(),
    mime: z.string(),
  })
  .meta({ id: 'UploadedDocument' })
export type UploadedDocument = z.output<typeof UploadedDocument>

/** Sends the one document the provider asked for. */
export const MoreInfoBody = z.object({
  applicationId: z.uuid().optional(),
  documentId: DocumentId('upload_requested_document'),
})

/** Where a person's or a company's verification stands, and what to do next. */
export const VerificationView = z
  .object({
    status: z.enum(VERIFICATION_STATUSES),
    reason: z.string().nullable(),
    /** When more information is needed: the one document to upload, and whose (an owner's name, or null). */
    requested: z
      .object({ applicationId: z.uuid(), document: z.enum(DOCUMENT_KINDS), subject: z.string().nullable() })
      .nullable(),
    submittedAt: IsoDateTime.nullable(),
    /** When a decision is expected (while submitted or in review). */
    eta: IsoDateTime.nullable(),
    decidedAt: IsoDateTime.nullable(),
    /** KYB only: each beneficial owner's own check. */
    owners: z.array(z.object({ name: z.string(), status: z.enum(VERIFICATION_STATUSES) })),
  })
  .meta({ id: 'Verification' })
export type VerificationView = z.output<typeof VerificationView>

export const ApplicationSummary = z.object({
  id: z.uuid(),
  kind: z.enum(['kyc', 'kyb']),
  reference: z.string(),
  subject: z.string(),
  userId: z.uuid().nullable(),
  accountId: z.uuid().nullable(),
  parentId: z.uuid().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string().nullable(),
  requestedDocument: z.enum(DOCUMENT_KINDS).nullable(),
  round: z.number().int(),
  submittedAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
  decidedBy: z.object({ source: z.enum(['provider', 'admin']), userId: z.uuid().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  documents: z.array(UploadedDocument),
})

/** A decision on one application, by a platform admin or the sandbox provider. */
export const DecisionBody = z
  .discriminatedUnion('decision', [
    z.object({ decision: z.literal('approved') }),
    z.object({
      decision: z.literal('rejected'),
      reason: z
        .string()
        .trim()
        .min(3, messageKey('say_why_sentence_applicant'))
        .max(200, messageKey('keep_under_200_characters'))
        .check(plainText),
    }),
    z.object({
      decision: z.literal('more_info_needed'),
      document: z.enum(DOCUMENT_KINDS, messageKey('choose_document_ask')),
    }),
  ])
  .meta({ id: 'IdentityDecision' })
export type DecisionBody = z.output<typeof DecisionBody>

export const DocumentFile = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  content: z.string(),
})
