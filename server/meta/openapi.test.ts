import { readdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonSchema, newComponents } from '../http/openapi'
import { anonymous, createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp

/** Follows a `$ref` into components. */
// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document walked by hand, checked by the assertions
function deref(doc: any, schema: any): any {
  return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema
}
beforeAll(async () => {
  t = await createTestApp()
})

describe('GET /app/cash/api/v1/openapi.json', () => {
  it('describes every route of the table with its method, schemas and access', async () => {
    const { status, body } = await anonymous(t.app).json('GET', '/openapi.json')
    expect(status).toBe(200)
    expect(body.openapi).toBe('3.1.0')
    for (const route of t.routes) {
      const path = `/app/cash/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`
      const op = body.paths[path]?.[route.method]
      expect(op, `${route.method} ${path}`).toBeDefined()
      expect(op.description).toMatch(/^Access: /)
      if (route.body) {
        const schema = deref(body, op.requestBody.content['application/json'].schema)
        const variants = schema.oneOf ?? schema.anyOf ?? [schema]
        expect(
          variants.every((v: { type?: string }) => v.type === 'object'),
          `${route.method} ${path} body`,
        ).toBe(true)
      }
      if (route.moneyMoving)
        expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: true }))
    }
    const operations = Object.values(body.paths as Record<string, object>).flatMap((p) => Object.keys(p))
    expect(operations).toHaveLength(t.routes.length)
  })

  it('resolves every reference, an error body’s message keys included', async () => {
    const { body } = await anonymous(t.app).json('GET', '/openapi.json')
    const refs = new Set<string>()
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk)
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) k === '$ref' && typeof x === 'string' ? refs.add(x) : walk(x)
    }
    walk(body)
    const missing = [...refs].filter((r) => !body.components.schemas[r.replace('#/components/schemas/', '')])
    expect(missing).toEqual([])
    const error = body.components.schemas.ApiError.properties.error.properties
    expect(error.fieldKeys.additionalProperties).toEqual({ $ref: '#/components/schemas/ErrorMessage' })
    expect(JSON.stringify(body.components.schemas.ErrorMessage)).toContain('"refund_cap"')
  })

  it(
    'names each component once: a borrower’s balances point ' +
      'at the loan’s health, the health check at the service’s',
    async () => {
      const { body } = await anonymous(t.app).json('GET', '/openapi.json')
      const balances = deref(body, { $ref: '#/components/schemas/Balances' })
      const health =
        balances.properties.health.anyOf?.find((v: { $ref?: string }) => v.$ref) ?? balances.properties.health
      expect(Object.keys(deref(body, health).properties)).toEqual(
        expect.arrayContaining(['factor', 'status', 'liquidationValue']),
      )
      const check = deref(
        body,
        body.paths['/app/cash/api/v1/health'].get.responses['200'].content['application/json'].schema,
      )
      expect(Object.keys(check.properties)).toEqual(expect.arrayContaining(['status', 'database', 'version']))
    },
  )

  it(
    'has no component name given to two different schemas anywhere in domain/api, ' + 'requests and answers alike',
    async () => {
      const owners = new Map<string, { schema: z.ZodType; where: string }>()
      const clashes: string[] = []
      const dir = new URL('../../domain/api/', import.meta.url)
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.ts'))) {
        const exported = (await import(new URL(file, dir).href)) as Record<string, unknown>
        for (const [name, value] of Object.entries(exported)) {
          if (!(value instanceof z.ZodType)) continue
          const id = z.globalRegistry.get(value)?.id
          if (typeof id !== 'string') continue
          const owner = owners.get(id)
          if (owner && owner.schema !== value) clashes.push(`${id}: ${owner.where} and ${file} ${name}`)
          else owners.set(id, { schema: value, where: `${file} ${name}` })
        }
      }
      expect(owners.size).toBeGreaterThan(50)
      expect(clashes).toEqual([])
    },
  )

  it('refuses a component name given to two different schemas', () => {
    const components = newComponents()
    jsonSchema(z.object({ a: z.object({ x: z.string() }).meta({ id: 'Twice' }) }), 'output', components)
    expect(() =>
      jsonSchema(z.object({ a: z.object({ x: z.string() }).meta({ id: 'Twice' }) }), 'output', components),
    ).not.toThrow()
    expect(() =>
      jsonSchema(z.object({ b: z.object({ y: z.number() }).meta({ id: 'Twice' }) }), 'output', components),
    ).toThrow(/two different schemas are both named Twice/)
  })

  it(
    'refuses a name whose schema reads differently as a request and as an answer, ' + 'keeps one that reads alike',
    () => {
      const components = newComponents()
      const settings = z.object({ mode: z.enum(['auto', 'manual']) }).meta({ id: 'Settings' })
      jsonSchema(settings, 'output', components)
      // An answer allows no other properties; a request body does: one entry cannot say both.
      expect(() => jsonSchema(settings, 'input', components)).toThrow(
        /Settings reads differently as a request and as an answer/,
      )
      const withDefault = z.object({ n: z.number().default(1) }).meta({ id: 'WithDefault' })
      jsonSchema(withDefault, 'input', components)
      expect(() => jsonSchema(withDefault, 'output', components)).toThrow(/WithDefault reads differently/)
      const alike = z.enum(['auto', 'manual']).meta({ id: 'Alike' })
      jsonSchema(z.object({ a: alike }), 'input', components)
      expect(() => jsonSchema(z.object({ a: alike }), 'output', components)).not.toThrow()
    },
  )

  it('gives the sandbox settings a request and an answer of their own names, each as it reads', async () => {
    const { body } = await anonymous(t.app).json('GET', '/openapi.json')
    const op = body.paths['/app/cash/api/v1/sandbox/settings']
    const request = deref(body, op.put.requestBody.content['application/json'].schema)
    const answer = deref(body, op.get.responses['200'].content['application/json'].schema)
    expect(request.additionalProperties).toBeUndefined()
    expect(answer.additionalProperties).toBe(false)
  })

  it('shows the amount format and field rules from the zod schemas', async () => {
    const { body } = await anonymous(t.app).json('GET', '/openapi.json')
    const deposit = deref(
      body,
      body.paths['/app/cash/api/v1/sandbox/deposits'].post.requestBody.content['application/json'].schema,
    )
    expect(deposit.properties.amount.pattern).toBe('^\\d+(\\.\\d+)?$')
    expect(deposit.properties.asset.enum).toEqual(['USDC', 'USDT', 'ETH', 'weETH'])
  })

  it('serves a readable page of the same routes', async () => {
    const res = await anonymous(t.app).request('GET', '/docs')
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const html = await res.text()
    for (const route of t.routes) expect(html).toContain(`${route.method.toUpperCase()} /app/cash/api/v1${route.path}`)
  })
})
