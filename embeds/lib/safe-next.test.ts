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
})
