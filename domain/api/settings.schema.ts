import { messageKey } from '../error-message'
import { z } from 'zod'
import { isTimeZone } from '../account-rules'
import { LANGUAGES, normalizePhone } from '../profile'
import { isVaultCode } from '../vault-email'
import { ConfirmationSchema } from './money-out.schema'
import { IsoDateTime } from './common.schema'
import { PersonName } from './auth.schema'

const LanguageSchema = z.enum(LANGUAGES, { error: messageKey('choose_language') })

/** The profile: name, language, phone, the login e-mail (read-only) and the time zone of the account it governs. */
export const ProfileView = z
  .object({
    name: z.string(),
    email: z.string(),
    /** null: never chosen, the device's language is used. */
    language: LanguageSchema.nullable(),
    phone: z.string().nullable(),
    /** The personal account the user holds, else their first company; null without an account. */
    timeZone: z
      .object({
        accountId: z.uuid(),
        accountName: z.string(),
        accountKind: z.enum(['personal', 'corporate']),
        value: z.string(),
        editable: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'Profile' })
export type ProfileView = z.infer<typeof ProfileView>

/** Saving the profile. `phone` may be empty (no phone); `timeZone` is left out when the user may not change it. */
export const ProfileBody = z
  .object({
    name: PersonName,
    /** null (or empty from a form): follow the device's language. */
    language: z.preprocess((v) => (v === '' ? null : v), LanguageSchema.nullable()),
    /** Empty or null: no phone (the page's own check turns an empty field into null before it sends). */
    phone: z
      .string()
      .max(40, messageKey('enter_phone_number'))
      .nullable()
      .transform((v, ctx) => {
        if (v === null || v.trim() === '') return null
        const phone = normalizePhone(v)
        if (!phone)
          ctx.addIssue({
            code: 'custom',
            message: messageKey('enter_phone_international'),
          })
        return phone
      }),
    timeZone: z.string().refine(isTimeZone, messageKey('choose_time_zone_example')).optional(),
  })
  .meta({ id: 'ProfileBody' })
export type ProfileBody = z.infer<typeof ProfileBody>

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: messageKey('email_format') }))

/** The vault e-mail: the verified address in use, and one waiting for its code. */
export const VaultEmailView = z
  .object({
    verified: z.object({ email: z.string(), verifiedAt: IsoDateTime }).nullable(),
    pending: z.object({ email: z.string(), expiresAt: IsoDateTime, codeUsable: z.boolean() }).nullable(),
  })
  .meta({ id: 'VaultEmail' })
export type VaultEmailView = z.infer<typeof VaultEmailView>

export const VaultEmailRequestBody = z.object({ email: Email }).meta({ id: 'VaultEmailRequestBody' })
export const VaultEmailVerifyBody = z
  .object({ code: z.string().trim().refine(isVaultCode, messageKey('enter_email_code')) })
  .meta({ id: 'VaultEmailVerifyBody' })

const AddressInput = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, messageKey('wallet_address_format'))
const Signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, messageKey('wallet_did_not_return'))
  .max(2000)

/** Asking for a message to sign: the wallet's address. */
export const WalletNonceBody = z.object({ address: AddressInput }).meta({ id: 'WalletNonceBody' })
export const WalletNonceResponse = z
  .object({ nonce: z.string(), message: z.string(), expiresAt: IsoDateTime })
  .meta({ id: 'WalletNonce' })

/** The message exactly as the server gave it, and the wallet's signature of it. */
export const SignedMessageBody = z
  .object({ message: z.string().min(1).max(2000), signature: Signature })
  .meta({ id: 'SignedMessageBody' })
/**
 * Linking a wallet: the signed message, and the holder's confirmation (password on the web, host biometrics in the
 * app), as unlinking asks: a session alone must not add a way to sign in that outlives a password reset.
 */
export const LinkWalletBody = SignedMessageBody.extend({ confirmation: ConfirmationSchema }).meta({
  id: 'LinkWalletBody',
})
export const WalletSignInBody = SignedMessageBody.extend({ client: z.enum(['web', 'native']).default('web') }).meta({
  id: 'WalletSignInBody',
})

export const WalletView = z.object({ address: z.string(), linkedAt: IsoDateTime })
export const WalletsView = z.object({ wallets: z.array(WalletView) }).meta({ id: 'Wallets' })
export type WalletsView = z.infer<typeof WalletsView>

export const WalletParams = z.object({ address: AddressInput })
export const UnlinkWalletBody = z.object({ confirmation: ConfirmationSchema }).meta({ id: 'UnlinkWalletBody' })
