import { describe, expect, it } from 'vitest'
import { safeNext } from './safe-next'

describe('safeNext', () => {
  it('keeps a path inside the app', () => {
    expect(safeNext('/app/cash/settings?tab=alerts')).toBe('/app/cash/settings?tab=alerts')
  })
  it('refuses other sites and odd paths', () => {
    for (const bad of ['https://evil.example/app/cash', '//evil.example', '/other', '/app/cash\\@evil', null, '']) {
      expect(safeNext(bad)).toBe('/app/cash')
    }
  })
  it('refuses a path whose dot segments lead out of the app, to another site or another path', () => {
    const bad = [
      '/app/cash/../..//evil.example',
      '/app/cash/%2e%2e/%2e%2e//evil.example?x=1',
      '/app/cash/../../\t/evil.example',
      '/app/cash/../admin',
      '/app/cashier',
    ]
    for (const value of bad) expect(safeNext(value)).toBe('/app/cash')
    expect(safeNext('/app/cash/settings/../kyc?next=1')).toBe('/app/cash/kyc?next=1')
  })
})
