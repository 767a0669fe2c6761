import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The TypeScript files below `dir` (node_modules left out), for the checks that read the sources; their tests too
 * unless `withTests` is false.
 */
export function sourceFiles(dir: string, { withTests = true } = {}): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path, { withTests })
    return /\.(ts|tsx)$/.test(name) && (withTests || !/\.test\.tsx?$/.test(name)) ? [path] : []
  })
}
