import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { METHOD_NAMES } from './protocol.schema'
import { protocolJsonSchema, protocolMarkdown } from './protocol-docs'

const doc = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), 'utf8')

describe('the published protocol', () => {
  it('docs/bridge-protocol.schema.json is generated from the current schemas (run npm run docs:bridge)', () => {
    expect(JSON.parse(doc('bridge-protocol.schema.json'))).toEqual(protocolJsonSchema())
  })

  it('docs/bridge-protocol.md is current and documents every method', () => {
    expect(doc('bridge-protocol.md')).toBe(protocolMarkdown())
    for (const m of METHOD_NAMES) expect(doc('bridge-protocol.md')).toContain(`### \`${m}\``)
  })
})
