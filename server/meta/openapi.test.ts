import { beforeAll, describe, expect, it } from 'vitest'
import { anonymous, createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp

/** Follows a `$ref` into components. */
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
        expect(variants.every((v: { type?: string }) => v.type === 'object'), `${route.method} ${path} body`).toBe(true)
      }
      if (route.moneyMoving) expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', required: true }))
    }
    const operations = Object.values(body.paths as Record<string, object>).flatMap((p) => Object.keys(p))
    expect(operations).toHaveLength(t.routes.length)
  })

  it('shows the amount format and field rules from the zod schemas', async () => {
    const { body } = await anonymous(t.app).json('GET', '/openapi.json')
    const deposit = deref(body, body.paths['/app/cash/api/v1/sandbox/deposits'].post.requestBody.content['application/json'].schema)
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
