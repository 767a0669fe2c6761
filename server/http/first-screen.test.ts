import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The renderers are the only code of the server that loads React, and React picks its build by NODE_ENV when first
 * loaded. Each case runs in a process of its own (NODE_ENV is process-wide), with stand-in renderers that report
 * the NODE_ENV they were loaded under.
 */
const dist = mkdtempSync(join(tmpdir(), 'cash-first-screen-'))
mkdirSync(join(dist, 'server'))
for (const [file, name] of [
  ['server-render', 'renderEmbedFirstScreen'],
  ['shell-render', 'renderShellFirstScreen'],
])
  writeFileSync(
    join(dist, 'server', `${file}.js`),
    `const loadedUnder = process.env.NODE_ENV\nexport const ${name} = async () => loadedUnder\n`,
  )
afterAll(() => rmSync(dist, { recursive: true, force: true }))

function loadedUnder(nodeEnv: string | undefined): string {
  const script = `import { firstScreenRenderers } from './server/http/first-screen.ts'
const r = await firstScreenRenderers(${JSON.stringify(dist)})()
process.stdout.write(JSON.stringify([await r.embed(), await r.shell()]))`
  const env = { ...process.env }
  delete env.NODE_ENV
  if (nodeEnv) env.NODE_ENV = nodeEnv
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
  })
}

describe('first screens are drawn with the production build of React', () => {
  it('when the environment names none (npm start, the browser tests)', () => {
    expect(JSON.parse(loadedUnder(undefined))).toEqual(['production', 'production'])
  })

  it('and with the one the environment names, when it does', () => {
    expect(JSON.parse(loadedUnder('development'))).toEqual(['development', 'development'])
  })
})
