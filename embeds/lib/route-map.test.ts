import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMBEDS, resolveWebview } from '../../domain/webview-pages'
import { ALIASES, matchRoute, ROUTES, SHELL_PATHS } from './route-map'

const ROOT = resolve(import.meta.dirname, '../..')
const VENDORED = resolve(ROOT, 'host/spec-routes.txt')
const SHARED = resolve(ROOT, '../shared/spec/routes.txt')

/** Sample values for the spec's parameters. */
const SAMPLES: Record<string, string> = {
  hash: `0x${'ab'.repeat(32)}`,
  accountSearchParam: 'personal@demo.cash',
  cardId: 'card-1',
  userId: 'user-1',
  id: '42',
  type: 'deposit',
}

function specPaths(): string[] {
  return readFileSync(VENDORED, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('/app/cash'))
    .map((l) => l.trim().replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLES[name] ?? 'x'))
}

describe('the route map covers spec/routes.txt', () => {
  it('our copy of routes.txt is the owner’s current one', () => {
    if (!existsSync(SHARED)) return // a clone without ../shared beside it: the copy is all there is
    expect(readFileSync(VENDORED, 'utf8')).toBe(readFileSync(SHARED, 'utf8'))
  })

  it('every path opens a route, an alias, a shell page or a standalone webview page', () => {
    const missing = specPaths().filter((full) => {
      const path = full.slice('/app/cash'.length) || '/'
      if (path.startsWith('/webview/'))
        return path !== SHELL_PATHS.qaHarness && !resolveWebview(path.slice('/webview/'.length))
      return !matchRoute(path) && !(path in ALIASES) && path !== SHELL_PATHS.errorAcknowledged
    })
    expect(missing).toEqual([])
    expect(specPaths().length).toBeGreaterThan(90)
  })

  it('matches specific routes before general ones and reads parameters', () => {
    expect(matchRoute('/transaction-history/card/c-9')).toMatchObject({
      route: { title: { 'en-US': 'Card transaction' } },
      params: { id: 'c-9' },
    })
    expect(matchRoute('/transaction-history/deposit/42')?.params).toEqual({ type: 'deposit', id: '42' })
    expect(matchRoute('/top-up/stargate/on-the-way/0xab')?.route.path).toBe('/top-up/stargate/on-the-way/:hash')
    expect(matchRoute('/no-such-page')).toBeNull()
  })

  it('every alias lands on a real route, and every embed owns a route', () => {
    for (const target of Object.values(ALIASES)) expect(matchRoute(target), target).not.toBeNull()
    for (const embed of EMBEDS)
      expect(
        ROUTES.some((r) => r.embed === embed),
        embed,
      ).toBe(true)
  })

  it('maps the spec’s webview pages to their embeds', () => {
    expect(resolveWebview('pix/send')).toEqual({ embed: 'pix-send', path: '/pix/send' })
    expect(resolveWebview('pix/topup')).toEqual({ embed: 'pix-top-up', path: '/pix/top-up' })
    expect(resolveWebview('promotion/membership-rewards')).toEqual({
      embed: 'membership-rewards',
      path: '/promotion/membership-rewards',
    })
    expect(resolveWebview('top-up/stargate')).toEqual({ embed: 'top-up', path: '/top-up/stargate' })
    expect(resolveWebview('nothing-here')).toBeNull()
  })
})
