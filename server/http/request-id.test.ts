import { describe, expect, it } from 'vitest'
import { requestIds } from './request-id'

describe('request ids', () => {
  it('are 16 hex characters, never repeated by one server, and differ between servers', () => {
    const next = requestIds()
    const ids = Array.from({ length: 100_000 }, next)
    expect(ids.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    const other = requestIds()
    expect(ids.slice(0, 1000).includes(other())).toBe(false)
    expect(other().slice(0, 8)).not.toBe(ids[0]!.slice(0, 8))
  })
})
