import { escapeHtml } from './html'
import { z } from 'zod'
import { ApiErrorSchema } from '../../domain/api/common.schema'
import { ERRORS } from '../../domain/errors'
import { API_BASE } from './mount-routes'
import { errorStatuses } from './error-statuses'
import type { AnyRoute } from './route-table'
import { inlineStyle } from './security-headers'

type JsonSchema = Record<string, unknown>

/**
 * A zod schema as JSON Schema. Named schemas (`.meta({ id })`) go to `components` and are referred to, so
 * the document names them once. A name given to two different schemas is refused: the second would silently
 * replace the first, and every reference to the first would describe the wrong shape (a typed client made from
 * the document then rejects real answers). So is a name whose schema reads differently as a request and as an
 * answer (a default makes a field optional in one and required in the other; an answer allows no other
 * properties): the document keeps one schema of each name, for both.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components?: Components): JsonSchema {
  const raw = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }))
  const {
    $schema: _s,
    $defs,
    ...rest
  } = JSON.parse(raw.replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema & {
    $defs?: Record<string, unknown>
  }
  if (!components)
    return $defs && typeof rest.$ref === 'string' ? ($defs[rest.$ref.split('/').pop()!] as JsonSchema) : rest
  for (const [name, def] of Object.entries($defs ?? {})) {
    const text = JSON.stringify(def)
    const earlier = components.described.get(name)
    if (earlier && earlier.text !== text)
      throw new Error(
        earlier.io === io
          ? `OpenAPI: two different schemas are both named ${name}; give one another .meta({ id })`
          : `OpenAPI: ${name} reads differently as a request and as an answer; give the request its own .meta({ id })`,
      )
    components.described.set(name, { io, text })
    components.schemas[name] = def
  }
  return rest
}

/** A document's named schemas, and each as first described, with its direction (what `jsonSchema` compares against). */
export type Components = {
  schemas: Record<string, unknown>
  described: Map<string, { io: 'input' | 'output'; text: string }>
}
export const newComponents = (): Components => ({ schemas: {}, described: new Map() })

const ACCESS_TEXT: Record<AnyRoute['access']['kind'], string> = {
  public: 'Anyone.',
  user: 'Any signed-in user.',
  account: 'A member of the account in the path',
  platform_admin: 'Platform admins only.',
}

/** Describes who may call a route, in words, for the reference. */
export function accessText(route: AnyRoute): string {
  const a = route.access
  return a.kind === 'account' ? `${ACCESS_TEXT.account} with role ${a.roles.join(', ')}.` : ACCESS_TEXT[a.kind]
}

function errorResponses(route: AnyRoute): Record<string, unknown> {
  const statuses = errorStatuses(route)
  const ref = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } }
  return Object.fromEntries(statuses.map((s) => [String(s), { description: codesFor(s), ...ref }]))
}

function codesFor(status: number): string {
  const codes = Object.entries(ERRORS)
    .filter(([, e]) => e.status === status)
    .map(([code]) => code)
  return `Error. Codes: ${codes.join(', ')}`
}

/** The OpenAPI 3.1 document of the API, generated from the route table's zod schemas. */
export function openApiDocument(routes: readonly AnyRoute[], version: string): Record<string, unknown> {
  const components = newComponents()
  const schemas = components.schemas
  // Named by its meta id with the schemas it refers to (ErrorMessage), so every $ref resolves.
  jsonSchema(ApiErrorSchema, 'output', components)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = `${API_BASE}${route.path}`.replace(/:(\w+)/g, '{$1}')
    const parameters: unknown[] = []
    for (const [where, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue
      const js = jsonSchema(schema, 'input', components) as {
        properties?: Record<string, unknown>
        required?: string[]
      }
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: s,
        })
      }
    }
    if (route.moneyMoving) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description: 'A retry with the same key returns the first result and moves nothing twice.',
        schema: { type: 'string', minLength: 8, maxLength: 200 },
      })
    }
    const content =
      route.produces === 'html'
        ? { 'text/html': { schema: { type: 'string' } } }
        : route.produces === 'csv'
          ? { 'text/csv': { schema: { type: 'string' } } }
          : { 'application/json': { schema: jsonSchema(route.response, 'output', components) } }
    paths[path] ??= {}
    paths[path][route.method] = {
      summary: route.summary,
      description:
        `Access: ${accessText(route)}` +
        `${route.sandbox ? ' Sandbox control API: refused in production mode.' : ''}` +
        `${route.provider ? ` Needs the ${route.provider} provider: 503 provider_unavailable in production.` : ''}`,
      tags: [route.tag],
      operationId:
        `${route.method}` +
        `${route.path.replace(/[/:{}-](\w)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input', components) } },
            },
          }
        : {}),
      responses: { [String(route.status ?? 200)]: { description: 'Success', content }, ...errorResponses(route) },
      ...(route.access.kind === 'public' ? { security: [] } : {}),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cash API',
      version,
      description:
        'The Cash account API. Amounts are exact decimal strings; errors are ' +
        '`{ error: { code, message, fields?, messageKey?, fieldKeys? } }`.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cash_session',
          description: 'Web session; mutations also send X-CSRF-Token.',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Native hosts: the token from sign-in with client "native".',
        },
      },
    },
    security: [{ session: [] }, { bearer: [] }],
  }
}

const REFERENCE_STYLE = inlineStyle(
  'body{font:16px/1.5 ' +
    'system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;color:#111;background:#fff}code,pre{font-family:ui' +
    '-monospace,monospace}pre{background:#f4f4f5;padding:.75rem;overflow:auto}section{border-top:1px solid ' +
    '#ddd;padding:.5rem 0}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}pre{background:#222}}',
)

/** A readable reference page of the same document. */
export function apiReferenceHtml(routes: readonly AnyRoute[]): string {
  const rows = routes
    .map((r) => {
      const body = r.body
        ? `<details><summary>Request ` +
          `body</summary><pre>${escapeHtml(JSON.stringify(jsonSchema(r.body, 'input'), null, 2))}</pre></details>`
        : ''
      const res =
        r.produces === 'html' || r.produces === 'csv'
          ? ''
          : `<details><summary>Response</summary><pre>` +
            `${escapeHtml(JSON.stringify(jsonSchema(r.response, 'output'), null, 2))}</pre></details>`
      return (
        `<section><h2><code>${r.method.toUpperCase()} ${escapeHtml(API_BASE + r.path)}</code></h2><p>` +
        `${escapeHtml(r.summary)}</p><p><strong>Access:</strong> ${escapeHtml(accessText(r))}` +
        `${r.moneyMoving ? ' <strong>Needs an Idempotency-Key header.</strong>' : ''}</p>${body}${res}</section>`
      )
    })
    .join('\n')
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
    `content="width=device-width,initial-scale=1"><title>Cash API reference</title>
${REFERENCE_STYLE}</head>
<body><h1>Cash API reference</h1><p>Machine-readable: <a href="${API_BASE}/openapi.json">openapi.json</a>. Errors ` +
    `are <code>{ "error": { "code", "message", "fields"?, "messageKey"?, "fieldKeys"? } }</code>.</p>` +
    `${rows}</body></html>`
  )
}
