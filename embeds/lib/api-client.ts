import { z } from 'zod'
import { ApiErrorSchema, refusalSays } from '../../domain/api/common.schema'
import type { FieldErrors } from '../../domain/errors'
import { ErrorMessageSchema, say } from '../../domain/error-message'
import type { Language } from '../../domain/word-format'
import { errorText, fieldTexts } from '../../domain/error-words'
import { pageLocale } from './localise-error'

export const API_BASE = '/app/cash/api/v1'

/** An API failure with its stable code, human message and per-field messages. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
    /** More about the refusal (an expired quote carries `freshQuote`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export type RequestOptions = { body?: unknown; idempotencyKey?: string; signal?: AbortSignal }

let inBackground = false

/**
 * Runs `start` with the requests it sends at once marked `X-Cash-Background` (a page polling, not the person): the
 * server serves them but does not count them as use of the session, so a tab left open does not hold off the idle
 * timeout (server/auth/session-service.ts). A request `start` sends after awaiting something counts as use.
 */
export function asBackground<T>(start: () => T): T {
  inBackground = true
  try {
    return start()
  } finally {
    inBackground = false
  }
}

/**
 * The API client every embed uses. It sends the CSRF token a web session was given, or a bearer token a
 * native host handed over, and parses every answer with the zod schema the server answers with.
 */
export function createApiClient(
  options: { base?: string; bearerToken?: () => string | undefined; fetch?: typeof fetch } = {},
) {
  const base = options.base ?? API_BASE
  let csrfToken: string | undefined

  /**
   * Sends a request with the session's credentials and answers its response when it succeeded; a refusal (or no
   * answer) is thrown as an `ApiError` worded in the page's language.
   */
  async function send(method: string, path: string, opts: RequestOptions, accept: string): Promise<Response> {
    const headers: Record<string, string> = { accept }
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey
    if (inBackground) headers['x-cash-background'] = '1'
    const bearer = options.bearerToken?.()
    if (bearer) headers.authorization = `Bearer ${bearer}`
    else if (csrfToken && method !== 'GET') headers['x-csrf-token'] = csrfToken
    let res: Response
    try {
      res = await (options.fetch ?? fetch)(`${base}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
        ...(opts.signal ? { signal: opts.signal } : {}),
      })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error
      throw new ApiError(0, 'network', errorText(say('network_unreachable'), pageLocale()))
    }
    if (res.ok) return res
    const data: unknown = await res.json().catch(() => null)
    const parsed = ApiErrorSchema.safeParse(data)
    // The API says what went wrong as data beside its English: the page words it in its own language.
    const locale = pageLocale()
    if (parsed.success) {
      const { code, fields, fieldKeys, details } = parsed.data.error
      throw new ApiError(
        res.status,
        code,
        errorText(refusalSays(parsed.data.error, say('answer_unreadable')), locale),
        fieldKeys ? fieldTexts(fieldKeys, locale) : fields,
        details,
      )
    }
    const newer = NewerRefusal.safeParse(data)
    if (newer.success) throw wordedAsFarAsKnown(res.status, newer.data.error, locale)
    throw new ApiError(res.status, 'internal', errorText(say('answer_unreadable'), locale))
  }

  async function request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    opts: RequestOptions = {},
  ): Promise<z.output<S>> {
    const res = await send(method, path, opts, 'application/json')
    return schema.parse(await res.json().catch(() => null))
  }

  return {
    request,
    get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) =>
      request('GET', path, schema, signal ? { signal } : {}),
    post: <S extends z.ZodType>(path: string, schema: S, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
      request('POST', path, schema, { ...opts, body }),
    put: <S extends z.ZodType>(path: string, schema: S, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
      request('PUT', path, schema, { ...opts, body }),
    /**
     * A file the API answers (a CSV export), with the same credentials as every call: a native host's bearer token
     * too, which a plain `fetch` would not send. A refusal is thrown like any call's.
     */
    file: async (path: string, accept: string): Promise<Blob> => (await send('GET', path, {}, accept)).blob(),
    setCsrfToken: (token: string | undefined) => {
      csrfToken = token
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

/**
 * A refusal whose message keys this page does not know: a page older than the server (a webview an app kept from
 * before a deploy) meets a message added since. It still reads the refusal, with each key it knows worded in its
 * language and the server's English for the others, instead of calling the whole answer unreadable (which told a
 * holder "something failed on our side" where the server had named the field and what to fix).
 */
const NewerRefusal = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    messageKey: z.unknown().optional(),
    fieldKeys: z.record(z.string(), z.unknown()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
})

function wordedAsFarAsKnown(status: number, error: z.output<typeof NewerRefusal>['error'], locale: Language) {
  const worded = (key: unknown, english: string) => {
    const known = ErrorMessageSchema.safeParse(key)
    return known.success ? errorText(known.data, locale) : english
  }
  const paths = [...new Set([...Object.keys(error.fields ?? {}), ...Object.keys(error.fieldKeys ?? {})])]
  const fields = Object.fromEntries(paths.map((p) => [p, worded(error.fieldKeys?.[p], error.fields?.[p] ?? '')]))
  return new ApiError(
    status,
    error.code,
    worded(error.messageKey ?? { key: error.code }, error.message),
    paths.length ? fields : undefined,
    error.details,
  )
}
