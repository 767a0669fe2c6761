import { createHash, randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { z } from 'zod'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PersonaKey } from '../../fixtures/personas'
import { routeTable } from '../app'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { FOREIGN, HOME, fillPath } from '../testing/route-walk'
import type { AnyRoute } from './route-table'

/**
 * Property-based fuzzing of every API body and query (fast-check): arbitrary JSON shaped loosely like the
 * route's schema (right keys, wrong types, huge strings, deep nesting, prototype-pollution keys, numbers as
 * strings, negative and NaN-ish amounts, unicode), sent by a caller the route lets in. Every answer is < 500,
 * JSON, and the ledger still balances after. Runs are bounded: FUZZ_RUNS per route (default 10);
 * FUZZ_SEED changes the (otherwise fixed, so `npm test` is repeatable) seeds.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)
const SEED = process.env.FUZZ_SEED ?? 'cash'

let t: TestApp
const callers = {} as Record<'personal' | 'owner' | 'admin', Caller>

beforeAll(async () => {
  t = await createTestApp()
  for (const key of ['personal', 'owner', 'admin'] as const) callers[key] = await signIn(t.app, key)
})

function allowedPersona(route: AnyRoute): 'personal' | 'owner' | 'admin' {
  const a = route.access
  if (a.kind === 'platform_admin') return 'admin'
  if (a.kind === 'account' && !a.roles.includes('holder')) return 'owner'
  return 'personal'
}

// ---- inputs ----

const MONEYISH = [
  '-1',
  '-0.01',
  '0',
  '0.0000001',
  '1e309',
  '1e-7',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1,000.00',
  '1.000.000',
  ' 12.50 ',
  '99999999999999999999999999999999',
  `1${'0'.repeat(80)}`,
  '12.',
  '.5',
  '١٢',
  '１２',
]
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '💸💸💸',
  'é\u0301',
  '\u202etxt.exe',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as typed
  '${7*7}',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'a@b',
  'x'.repeat(5000),
]
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype']

const nastyString = fc.oneof(
  fc.constantFrom(...MONEYISH, ...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 20_000, maxLength: 60_000 }).map((s) => s || 'x'.repeat(20_000)),
)
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2),
)

function deep(depth: number): unknown {
  let v: unknown = 'bottom'
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v }
  return v
}

const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, deep(60), deep(600)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'isAdmin', 'role'), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 3,
    }),
  },
)

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  $ref?: string
  format?: string
  pattern?: string
}

function toJson(schema: z.ZodType): { root: JsonSchema; defs: Record<string, JsonSchema> } {
  const raw = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>
  }
  return { root: raw, defs: raw.$defs ?? {} }
}

/** Values shaped like `schema` (mostly valid-looking, each part sometimes replaced by something nasty). */
function shaped(schema: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return nasty
  if (schema.$ref) return shaped(defs[schema.$ref.split('/').pop()!] ?? {}, defs, depth + 1)
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf
  let good: fc.Arbitrary<unknown>
  if (alternatives?.length) good = fc.oneof(...alternatives.map((s) => shaped(s, defs, depth + 1)))
  else if (schema.enum) good = fc.constantFrom(...schema.enum)
  else if (schema.const !== undefined) good = fc.constant(schema.const)
  else if (schema.properties) {
    const props = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, shaped(s, defs, depth + 1)]))
    good = fc
      .tuple(
        fc.record(props, { requiredKeys: [] }),
        fc.option(fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'extra'), nasty, { maxKeys: 2 }), { nil: undefined }),
      )
      .map(([record, extra]) => (extra ? Object.assign(record as object, JSON.parse(JSON.stringify(extra))) : record))
  } else if (schema.type === 'array' && schema.items)
    good = fc.array(shaped(schema.items, defs, depth + 1), { maxLength: 4 })
  else if (schema.type === 'string')
    good =
      schema.format === 'uuid'
        ? fc.oneof(fc.uuid(), fc.constant(randomUUID()))
        : fc.oneof(fc.constantFrom(...MONEYISH), fc.string({ maxLength: 30 }), fc.emailAddress())
  else if (schema.type === 'integer' || schema.type === 'number') good = nastyNumber
  else if (schema.type === 'boolean') good = fc.boolean()
  else good = nasty
  return fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: nasty })
}

/** A body: mostly shaped JSON, sometimes raw text that is not JSON at all or wildly nested. */
function bodyArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const { root, defs } = toJson(schema)
  return fc.oneof(
    { weight: 8, arbitrary: shaped(root, defs).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'nul',
        '\u0000',
        '['.repeat(10_000) + ']'.repeat(10_000),
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '"just a string"',
        '1e999',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  )
}

/** A query string with the schema's keys set to nasty strings (queries are always strings). */
function queryArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const { root, defs } = toJson(schema)
  const keys = Object.keys((root.$ref ? defs[root.$ref.split('/').pop()!] : root)?.properties ?? {})
  const value = fc.oneof(
    fc.constantFrom(...MONEYISH, ...NASTY_STRINGS.slice(0, -1)),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constant('x'.repeat(3000)),
  )
  return fc
    .dictionary(
      fc.constantFrom(...keys, ...PROTO_KEYS, 'extra'),
      fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })),
      { maxKeys: keys.length + 2 },
    )
    .map((record) => {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(record)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, item)
      return params.toString()
    })
}

/** Lone surrogates cannot be percent-encoded; they become U+FFFD as a browser would send them. */
const wellFormed = (v: string) =>
  v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

const seedOf = (label: string) => createHash('sha256').update(`${SEED}:${label}`).digest().readInt32BE(0)

async function expectSafeAnswer(res: Response, label: string) {
  const text = await res.text()
  expect(res.status, `${label} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500)
  if (res.headers.get('content-type')?.includes('application/json')) expect(() => JSON.parse(text), label).not.toThrow()
}

async function expectLedgerBalanced(label: string) {
  const check = await checkLedger(t.deps.db.kysely)
  expect(check.problems, label).toEqual([])
  expect(({} as Record<string, unknown>).polluted, `${label}: Object.prototype polluted`).toBeUndefined()
}

const ROUTES = routeTable()

describe('fuzzing every API body and query', () => {
  const withInput = ROUTES.filter((r) => r.body || r.query)
  it('covers the routes that take input', () => {
    expect(withInput.length).toBeGreaterThan(90)
  })

  for (const route of withInput) {
    const label = `${route.method.toUpperCase()} ${route.path}`
    it(label, { timeout: 120_000 }, async () => {
      const key: PersonaKey = allowedPersona(route)
      const path = fillPath(route, HOME[key]?.accountId)
      const inputs = fc.tuple(
        route.body ? bodyArbitrary(route.body) : fc.constant(undefined),
        route.query ? queryArbitrary(route.query) : fc.constant(''),
      )
      await fc.assert(
        fc.asyncProperty(inputs, async ([body, query]) => {
          const headers: Record<string, string> = route.moneyMoving ? { 'idempotency-key': randomUUID() } : {}
          if (body !== undefined) headers['content-type'] = 'application/json'
          const res = await callers[key as 'personal'].request(
            route.method.toUpperCase(),
            query ? `${path}?${query}` : path,
            body,
            headers,
          )
          await expectSafeAnswer(
            res,
            `${label} ${query ? `?${query.slice(0, 200)} ` : ''}${(body ?? '').slice(0, 300)}`,
          )
        }),
        { numRuns: RUNS, seed: seedOf(label), endOnFailure: true },
      )
      await expectLedgerBalanced(label)
    })
  }

  it('regressions the fuzzer found: a NUL character, an amount past NUMERIC(78,0)', async () => {
    const nul = await callers.admin.json('POST', '/sandbox/card-authorizations/%00/refund', { amount: '1' })
    expect(nul.status).toBe(400)
    expect(nul.body.error.code).toBe('invalid_request')
    const nulBody = await callers.personal.json('PUT', '/profile', { name: 'Paula\u0000' })
    expect(nulBody.status).toBe(400)
    expect(nulBody.body.error.fields).toEqual({ name: 'This text contains a character that is not allowed.' })
    const huge = await callers.admin.json('PUT', '/admin/prices/weETH', { usdPrice: `1${'0'.repeat(80)}` })
    expect(huge.status).toBe(400)
    expect(huge.body.error.code).toBe('amount_invalid')
    expect(
      (await callers.personal.json('GET', '/prices')).body.items.find((p: { asset: string }) => p.asset === 'weETH')
        .usdPrice,
    ).not.toContain('0'.repeat(80))
  })

  it('path parameters: nasty values are refused with a 4xx', { timeout: 120_000 }, async () => {
    const withParams = ROUTES.filter((r) => /:(?!accountId)\w+/.test(r.path) && r.path !== '/auth/sign-out')
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: withParams.length - 1 }),
        fc.oneof(
          fc
            .constantFrom(...NASTY_STRINGS.slice(0, -1), ...MONEYISH, '..', 'x'.repeat(3000))
            .map((v) => encodeURIComponent(wellFormed(v))),
          fc.string({ unit: 'binary', maxLength: 40 }).map((v) => encodeURIComponent(wellFormed(v))),
          // Raw, badly percent-encoded segments: the server decodes them itself.
          fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2e%2e', '%C0%AF', '%ED%A0%80'),
        ),
        async (index, value) => {
          const route = withParams[index]!
          const key = allowedPersona(route)
          const filled = route.path.replace(/:(\w+)/g, (_m, name: string) =>
            name === 'accountId' ? (HOME[key]?.accountId ?? FOREIGN.admin) : value,
          )
          const res = await callers[key as 'personal'].request(
            route.method.toUpperCase(),
            filled,
            route.body ? {} : undefined,
            route.moneyMoving ? { 'idempotency-key': randomUUID() } : {},
          )
          await expectSafeAnswer(res, `${route.method.toUpperCase()} ${filled.slice(0, 200)}`)
        },
      ),
      { numRuns: Math.max(RUNS * 15, 60), seed: seedOf('params'), endOnFailure: true },
    )
    await expectLedgerBalanced('params')
  })
})
