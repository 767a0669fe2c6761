import { readdirSync, readFileSync } from 'node:fs'
import { get } from 'node:http'
import { resolve } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { WEBVIEW_PAGES } from '../domain/webview-pages'
import { expect, test } from './support/fixtures'

/**
 * Every built asset and every page goes out compressed to a browser that accepts it, and decodes to exactly
 * the bytes it stands for. Read with node:http, which (unlike fetch) hands back the body as it came.
 */
type Raw = { status: number; encoding: string | undefined; vary: string | undefined; body: Buffer }
const fetchRaw = (url: string, acceptEncoding?: string) =>
  new Promise<Raw>((done, fail) => {
    get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          vary: res.headers.vary,
          body: Buffer.concat(chunks),
        }),
      )
      res.on('error', fail)
    }).on('error', fail)
  })
const decode = (r: Raw) =>
  r.encoding === 'br' ? brotliDecompressSync(r.body) : r.encoding === 'gzip' ? gunzipSync(r.body) : r.body

const DIST = resolve(import.meta.dirname, '../dist')
const ASSETS = readdirSync(resolve(DIST, 'assets')).filter((name) => /\.(js|css)$/.test(name))
const PAGES = [
  '/app/cash',
  '/app/cash/sign-in',
  '/app/cash/transaction-history',
  '/app/cash/webview/test',
  ...Object.keys(WEBVIEW_PAGES).map((page) => `/app/cash/webview/${page}`),
]

test(
  'every JS and CSS asset of the build goes out in brotli or gzip as asked, ' + 'and decodes to the file’s own bytes',
  async ({ baseURL }) => {
    expect(ASSETS.length).toBeGreaterThan(20)
    for (const name of ASSETS) {
      const file = readFileSync(resolve(DIST, 'assets', name))
      const url = `${baseURL}/app/cash/assets/${name}`
      for (const [asked, sent] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await fetchRaw(url, asked)
        expect(res.status, `${name} (${asked})`).toBe(200)
        // A file too small to be worth it (under 512 bytes) is sent as it is.
        const expected = file.length < 512 ? undefined : sent
        expect(res.encoding, `${name} (${asked})`).toBe(expected)
        if (expected) expect(res.vary).toMatch(/accept-encoding/i)
        expect(decode(res).equals(file), `${name} decodes to the built file (${asked})`).toBe(true)
      }
    }
  },
)

test(
  'every page, the shell’s and each standalone webview page, ' + 'goes out compressed and decodes to the plain page',
  async ({ baseURL }) => {
    for (const path of PAGES) {
      const plain = await fetchRaw(`${baseURL}${path}`)
      expect(plain.status, path).toBe(200)
      expect(plain.encoding).toBeUndefined()
      expect(plain.body.toString()).toContain('<!doctype html>')
      for (const [asked, sent] of [
        ['gzip, deflate, br', 'br'],
        ['gzip, br;q=0', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const res = await fetchRaw(`${baseURL}${path}`, asked)
        expect(res.encoding, `${path} (${asked})`).toBe(sent)
        expect(res.vary).toMatch(/accept-encoding/i)
        expect(decode(res).equals(plain.body), `${path} decodes to the plain page (${asked})`).toBe(true)
      }
    }
  },
)

test('API answers go out gzip-compressed, the OpenAPI document included, and decode to the same JSON', async ({
  baseURL,
}) => {
  for (const path of ['/app/cash/api/v1/openapi.json', '/app/cash/api/v1/docs']) {
    const plain = await fetchRaw(`${baseURL}${path}`)
    const packed = await fetchRaw(`${baseURL}${path}`, 'gzip, deflate, br')
    expect(plain.encoding).toBeUndefined()
    expect(packed.encoding, path).toBe('gzip')
    expect(packed.body.length).toBeLessThan(plain.body.length / 4)
    expect(decode(packed).equals(plain.body), path).toBe(true)
  }
})
