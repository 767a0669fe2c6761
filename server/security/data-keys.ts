import { randomBytes } from 'node:crypto'
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, type Config } from '../config'
import type { Logger } from '../log'
import { newDataKey, parseDataKeys, type KeyRing } from './field-crypto'

/** The file a development install keeps its own data key in, beside its PGlite files (never in the database). */
export const DATA_KEY_FILE = 'data-key'

const rings = new Map<string, KeyRing>()

/** The key ring of DATA_KEYS (parsed once per value). Throws when the server was started without one. */
export function dataKeys(config: Pick<Config, 'DATA_KEYS'>): KeyRing {
  const text = config.DATA_KEYS
  if (!text)
    throw new Error(
      'no DATA_KEYS: start the server through runServer (main.ts), which makes a development key, or set DATA_KEYS',
    )
  let ring = rings.get(text)
  if (!ring) {
    ring = parseDataKeys(text)
    rings.set(text, ring)
  }
  return ring
}

/**
 * The configuration with DATA_KEYS filled in. Given (production requires it: config.ts), it is used as it is.
 * Outside production without it, the install makes its own key on first start and keeps it OUTSIDE the database, so
 * a copy of the database (a backup, a `pg_dump`) holds nothing that opens the values sealed in it:
 * - PGlite in memory: a key in memory, gone with the data;
 * - otherwise (a PGlite folder, or PostgreSQL): `<DATA_DIR>/data-key`, mode 0600, made once and read by every later
 *   start (and by every server on the same folder; servers on one PostgreSQL started from one folder share it).
 * Losing the file loses what it sealed: the start then refuses, naming the key the database needs.
 */
export function withDataKeys(config: Config, log: Logger): Config {
  if (config.DATA_KEYS) return config
  if (config.DATA_DIR === ':memory:' && !config.DATABASE_URL)
    return { ...config, DATA_KEYS: newDataKey(`mem-${randomBytes(3).toString('hex')}`) }
  if (config.DATA_DIR === ':memory:')
    throw new ConfigError(
      'Invalid configuration:\n  DATA_KEYS: set it, or a DATA_DIR folder to keep this ' +
        "install's data key in: a PostgreSQL database outlives a key held in memory",
    )
  mkdirSync(config.DATA_DIR, { recursive: true })
  const file = join(config.DATA_DIR, DATA_KEY_FILE)
  if (writeOnce(file, newDataKey(`local-${randomBytes(3).toString('hex')}`)))
    log.info("made this install's data key (set DATA_KEYS in production)", { file })
  return { ...config, DATA_KEYS: readFileSync(file, 'utf8').trim() }
}

/**
 * Writes `file` whole unless it exists (a draft linked into place: a server starting beside never reads half a key).
 */
function writeOnce(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(draft, `${content}\n`, { mode: 0o600 })
  chmodSync(draft, 0o600)
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    rmSync(draft, { force: true })
  }
}
