import { z } from 'zod'

/** Every message of the protocol carries this namespace; anything else is not ours and is dropped. */
export const NS = 'cash-bridge'
/** Major versions this SDK speaks. Fields are only added within a major. */
export const VERSIONS = [1] as const
export const SDK = 'cash-embed-sdk/1.0.0'

export const ERROR_CODES = [
  'METHOD_NOT_FOUND',
  'UNSUPPORTED_VERSION',
  'TIMEOUT',
  'INVALID_PARAMS',
  'CANCELLED',
  'UNAVAILABLE',
  'DENIED',
  'INTERNAL',
] as const
export type BridgeErrorCode = (typeof ERROR_CODES)[number]

export const BridgeErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string().max(500),
  retryable: z.boolean().optional(),
})

/** What the host tells an embed about where it runs. */
export const ContextSchema = z.object({
  /** A bearer token for the Cash API, or null where the page has the session cookie (web shell). */
  sessionToken: z.string().max(200).nullable(),
  user: z
    .object({ id: z.string(), email: z.string(), name: z.string(), platformRole: z.enum(['user', 'admin']) })
    .nullable(),
  accountKind: z.enum(['personal', 'corporate']).nullable(),
  locale: z.string().max(35),
  theme: z.enum(['light', 'dark']),
  safeArea: z.object({
    top: z.number().min(0).max(200),
    right: z.number().min(0).max(200),
    bottom: z.number().min(0).max(200),
    left: z.number().min(0).max(200),
  }),
  platform: z.enum(['ios', 'android', 'web']),
  appVersion: z.string().max(40),
})
export type BridgeContext = z.infer<typeof ContextSchema>

const Empty = z.object({}).strict()

/**
 * Every method an embed may call on its host. `capability` is the name the host lists in `ack` when it
 * implements the method; `null` means every host must answer it.
 */
export const METHODS = {
  getContext: {
    capability: null,
    params: Empty,
    result: ContextSchema,
    doc: 'The current context (it may have changed since ack).',
  },
  ready: {
    capability: null,
    params: Empty,
    result: z.object({ ok: z.literal(true) }),
    doc: 'The embed painted its first screen; the host may drop its splash.',
  },
  confirm: {
    capability: 'confirm',
    params: z
      .object({
        title: z.string().min(1).max(80),
        amount: z.string().max(40),
        asset: z.string().max(10),
        detail: z.string().max(300),
        challenge: z.string().min(1).max(100),
      })
      .strict(),
    result: z.object({
      confirmed: z.boolean(),
      method: z.enum(['biometrics', 'passcode', 'none']),
      signature: z.string().max(100).optional(),
    }),
    doc:
      'Ask the holder to approve a money movement with biometrics (or the device passcode). The ' +
      'all-in cost is in `amount` and `detail`. `challenge` is the one the embed got from POST ' +
      '/auth/confirmations/challenge; once the check passes the host answers `signature` = ' +
      'base64url(HMAC-SHA256(key = base64url-decode(confirmSecret), "cash-confirm:" + challenge)), ' +
      'with the `confirmSecret` its native sign-in returned (kept behind the biometric check, never ' +
      'given to a webview). The embed sends `{ method: "host", challengeId, signature }`; the server ' +
      'refuses a host confirmation without a right answer to an open challenge of the same session.',
  },
  scanQr: {
    capability: 'scanQr',
    params: z.object({ prompt: z.string().max(120) }).strict(),
    result: z.object({ text: z.string().max(4096) }),
    doc: 'Open the camera and return the text of the first QR code read. CANCELLED if the holder closes it.',
  },
  share: {
    capability: 'share',
    params: z
      .object({
        title: z.string().max(120).optional(),
        text: z.string().max(2000).optional(),
        url: z.url().max(2000).optional(),
      })
      .strict(),
    result: z.object({ shared: z.boolean() }),
    doc: 'Open the system share sheet.',
  },
  copy: {
    capability: 'copy',
    params: z.object({ text: z.string().max(4096) }).strict(),
    result: z.object({ copied: z.literal(true) }),
    doc: 'Put text on the clipboard.',
  },
  openUrl: {
    capability: 'openUrl',
    params: z.object({ url: z.url({ protocol: /^https$/ }).max(2000) }).strict(),
    result: z.object({ opened: z.boolean() }),
    doc: 'Open an https URL outside the webview (system browser).',
  },
  navigate: {
    capability: 'navigate',
    params: z
      .object({
        path: z
          .string()
          .regex(/^\/app\/cash(\/[\w@\-/.?=&%]*)?$/)
          // No `.` or `..` segment: `/app/cash/../../x` matches the pattern but leads out of Cash.
          .refine((path) => !/(^|\/)\.\.?(\/|\?|$)/.test(path.split('?')[0]!), 'a path inside /app/cash')
          .max(500),
      })
      .strict(),
    result: z.object({ navigated: z.boolean() }),
    doc: 'Go to another Cash screen (the host decides: native screen or another webview).',
  },
  close: {
    capability: 'close',
    params: z
      .object({ result: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional() })
      .strict(),
    result: z.object({ closed: z.literal(true) }),
    doc: 'Close the embed, handing a small result to the host.',
  },
  notify: {
    capability: 'notify',
    params: z
      .object({ id: z.string().min(1).max(64), title: z.string().min(1).max(120), body: z.string().max(500) })
      .strict(),
    result: z.object({ shown: z.boolean() }),
    doc:
      'Show a new Cash notification natively (an alert the holder set, or a ' +
      'health warning before liquidation). `id` is stable: show each id once.',
  },
  addToWallet: {
    capability: 'addToWallet',
    params: z
      .object({ cardId: z.uuid(), last4: z.string().regex(/^\d{4}$/), cardholderName: z.string().min(1).max(80) })
      .strict(),
    result: z.object({ added: z.boolean(), wallet: z.enum(['apple', 'google']) }),
    doc:
      'Add a card to the device wallet (Apple Wallet on iOS, Google Wallet on Android) by in-app push ' +
      'provisioning: the host shows the wallet’s own sheet and gets the encrypted card data from the ' +
      'card issuer with the holder’s session. `added` is false when the card was already in the wallet. ' +
      'CANCELLED if the holder closes the sheet; UNAVAILABLE if the device cannot hold cards (no wallet, ' +
      'no NFC). Without this capability the embed links to `support/wallet-instruct`, the manual steps.',
  },
  haptics: {
    capability: 'haptics',
    params: z.object({ style: z.enum(['light', 'medium', 'heavy', 'success', 'warning', 'error']) }).strict(),
    result: z.object({ done: z.literal(true) }),
    doc: 'Play a haptic.',
  },
} as const

export type MethodName = keyof typeof METHODS
export type MethodParams<M extends MethodName> = z.input<(typeof METHODS)[M]['params']>
export type MethodResult<M extends MethodName> = z.output<(typeof METHODS)[M]['result']>
export const METHOD_NAMES = Object.keys(METHODS) as MethodName[]
export const CAPABILITIES = METHOD_NAMES.map((m) => METHODS[m].capability).filter(
  (c): c is NonNullable<typeof c> => c !== null,
)
export type Capability = (typeof CAPABILITIES)[number]

/** Events the host sends to the embed. */
export const EVENTS = {
  sessionChanged: {
    payload: z.object({ sessionToken: z.string().max(200).nullable() }).strict(),
    doc: 'The session token changed (sign-in, refresh, sign-out: null).',
  },
  themeChanged: { payload: z.object({ theme: z.enum(['light', 'dark']) }).strict(), doc: 'The app switched theme.' },
  backPressed: {
    payload: z.object({}).strict(),
    doc: 'The hardware or gesture back was used; the embed goes back a step or calls close.',
  },
  visibility: { payload: z.object({ visible: z.boolean() }).strict(), doc: 'The webview was hidden or shown.' },
  dataChanged: {
    payload: z.object({}).strict(),
    doc:
      'What the embed shows changed outside it (a push notification arrived, a sandbox ' +
      'event happened): the embed reads its data again, in place, without a reload.',
  },
} as const
export type EventName = keyof typeof EVENTS
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]['payload']>

const Id = z.string().min(1).max(64)
const Base = { ns: z.literal(NS), v: z.number().int().min(1).max(99), ch: z.string().min(8).max(64), id: Id }

export const HelloSchema = z
  .object({
    ...Base,
    kind: z.literal('hello'),
    versions: z.array(z.number().int().min(1).max(99)).min(1).max(10),
    embed: z.string().max(40),
    sdk: z.string().max(40),
  })
  .strict()
export const AckSchema = z
  .object({
    ...Base,
    kind: z.literal('ack'),
    capabilities: z.array(z.string().max(40)).max(40),
    context: ContextSchema,
  })
  .strict()
export const ReqSchema = z
  .object({ ...Base, kind: z.literal('req'), method: z.string().max(40), params: z.unknown() })
  .strict()
export const ResSchema = z.union([
  z.object({ ...Base, kind: z.literal('res'), re: Id, ok: z.literal(true), result: z.unknown() }).strict(),
  z.object({ ...Base, kind: z.literal('res'), re: Id, ok: z.literal(false), error: BridgeErrorSchema }).strict(),
])
export const EvtSchema = z
  .object({ ...Base, kind: z.literal('evt'), event: z.string().max(40), payload: z.unknown() })
  .strict()
export const EnvelopeSchema = z.union([HelloSchema, AckSchema, ReqSchema, ResSchema, EvtSchema])
export type Envelope = z.infer<typeof EnvelopeSchema>
export type Hello = z.infer<typeof HelloSchema>
export type Ack = z.infer<typeof AckSchema>

/** True when `method` is one of ours: an own key of METHODS, never `__proto__`, `constructor` or a path. */
export function isMethodName(method: string): method is MethodName {
  return Object.hasOwn(METHODS, method)
}
export function isEventName(event: string): event is EventName {
  return Object.hasOwn(EVENTS, event)
}

/** A typed bridge failure; `code` is from ERROR_CODES. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError'
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly retryable = false,
  ) {
    super(message)
  }
}
