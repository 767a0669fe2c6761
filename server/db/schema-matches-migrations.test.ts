import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { testDb } from '../testing/test-app'

/**
 * server/db/schema.ts is written by hand beside the SQL migrations: this test reads both and fails where they
 * disagree, so a migration that adds, drops, renames or retypes a column (or makes it nullable) cannot leave the
 * types behind. From schema.ts (through the TypeScript checker): every table of `Database`, its columns, what a
 * select gives for each (its kinds of value) and whether that can be null. From the migrated database:
 * information_schema.
 */
const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url))
/** A schema with planted mistakes, served from memory beside schema.ts (so it resolves the same imports). */
const PLANTED_FILE = fileURLToPath(new URL('./planted-schema.ts', import.meta.url))

/** What a select can give for a column: the kinds of value of its TypeScript type, and whether null is one. */
type Typed = { kinds: Kind[]; nullable: boolean }
type Kind = 'string' | 'number' | 'bigint' | 'boolean' | 'Date' | 'bytes' | 'array' | 'object' | 'unknown' | 'sealed'
type Tables<T> = Record<string, Record<string, T>>
type Migrated = { type: string; nullable: boolean }

/**
 * What each SQL type is read as by both drivers (server/db/connect.ts, server/db/pglite-parsers.ts): NUMERIC and
 * BIGINT as bigint, timestamps and dates as Date, JSON parsed (any value but a bare string, which is refused below).
 * A sealed column (SealedText, SealedBytes: server/security/field-crypto.ts) is opaque by design: text or bytea.
 */
const READ_AS: Record<string, Kind[]> = {
  text: ['string', 'sealed'],
  'character varying': ['string'],
  character: ['string'],
  uuid: ['string'],
  'USER-DEFINED': ['string'],
  'timestamp with time zone': ['Date'],
  'timestamp without time zone': ['Date'],
  date: ['Date'],
  numeric: ['bigint'],
  bigint: ['bigint'],
  integer: ['number'],
  smallint: ['number'],
  real: ['number'],
  'double precision': ['number'],
  boolean: ['boolean'],
  jsonb: ['object', 'array', 'unknown', 'number', 'boolean'],
  json: ['object', 'array', 'unknown', 'number', 'boolean'],
  bytea: ['bytes', 'sealed'],
  ARRAY: ['array'],
}

let program: ts.Program | undefined

/** Both schemas in one program (building one takes seconds); the planted one is given as its source text. */
function typedTables(file: string, planted: string): Tables<Typed> {
  if (!program) {
    const options: ts.CompilerOptions = {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
    }
    const host = ts.createCompilerHost(options)
    const { getSourceFile, fileExists, readFile } = host
    host.fileExists = (f) => f === PLANTED_FILE || fileExists(f)
    host.readFile = (f) => (f === PLANTED_FILE ? planted : readFile(f))
    host.getSourceFile = (f, v, ...rest) =>
      f === PLANTED_FILE ? ts.createSourceFile(f, planted, v) : getSourceFile(f, v, ...rest)
    program = ts.createProgram([SCHEMA_FILE, PLANTED_FILE], options, host)
  }
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)!
  const database = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((s) => s.name === 'Database')!
  const tables: Tables<Typed> = {}
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    tables[table.name] = {}
    for (const column of checker.getTypeOfSymbol(table).getProperties())
      tables[table.name]![column.name] = typedOf(checker, selected(checker, checker.getTypeOfSymbol(column)))
  }
  return tables
}

/** What a select gives for a column type: `ColumnType<S, I, U>` and `Generated<S>` give S (Kysely's `__select__`). */
function selected(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  const select = type.getProperty('__select__')
  return select ? checker.getTypeOfSymbol(select) : type
}

function typedOf(checker: ts.TypeChecker, type: ts.Type): Typed {
  // `unknown` says nothing, null included: a column typed so cannot be checked, and is reported.
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return { kinds: ['unknown'], nullable: true }
  const members = type.isUnion() ? type.types : [type]
  const kinds = new Set<Kind>()
  for (const t of members) {
    if (t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue
    kinds.add(kindOf(checker, t))
  }
  return { kinds: [...kinds].sort(), nullable: members.some((t) => t.flags & ts.TypeFlags.Null) }
}

function kindOf(checker: ts.TypeChecker, t: ts.Type): Kind {
  if (t.flags & ts.TypeFlags.StringLike) return 'string'
  if (t.flags & ts.TypeFlags.NumberLike) return 'number'
  if (t.flags & ts.TypeFlags.BigIntLike) return 'bigint'
  if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean'
  if (t.isIntersection()) return t.types.some((m) => m.flags & ts.TypeFlags.StringLike) ? 'string' : 'object'
  const name = (t.aliasSymbol ?? t.getSymbol())?.name
  if (name === 'SealedText' || name === 'SealedBytes') return 'sealed'
  if (name === 'Date') return 'Date'
  if (name === 'Uint8Array' || name === 'Buffer') return 'bytes'
  if (checker.isArrayType(t) || checker.isTupleType(t)) return 'array'
  return 'object'
}

const nullWord = (nullable: boolean) => (nullable ? 'null' : 'not null')

/** Where schema.ts and the migrated database disagree, each as `table.column: what`. */
function differences(typed: Tables<Typed>, migrated: Tables<Migrated>): string[] {
  const out: string[] = []
  for (const [table, columns] of Object.entries(typed)) {
    const actual = migrated[table]
    if (!actual) {
      out.push(`${table}: in schema.ts, not in the migrations`)
      continue
    }
    for (const [column, t] of Object.entries(columns)) {
      const m = actual[column]
      if (!m) {
        out.push(`${table}.${column}: in schema.ts, not in the migrations`)
        continue
      }
      if (t.kinds.includes('unknown')) {
        out.push(`${table}.${column}: typed unknown, which says neither its type nor whether it can be null`)
        continue
      }
      if (t.nullable !== m.nullable)
        out.push(`${table}.${column}: ${nullWord(t.nullable)} in schema.ts, ${nullWord(m.nullable)} in the migrations`)
      const allowed = READ_AS[m.type] ?? []
      const wrong = t.kinds.filter((k) => !allowed.includes(k))
      if (wrong.length) out.push(`${table}.${column}: ${t.kinds.join(' | ')} in schema.ts, ${m.type} in the migrations`)
    }
    for (const column of Object.keys(actual))
      if (!(column in columns)) out.push(`${table}.${column}: in the migrations, not in schema.ts`)
  }
  return out
}

const PLANTED = `
import type { ColumnType, Generated } from 'kysely'
export interface Database {
  users: {
    id: number
    email: string | null
    password_hash: string
    platform_role: 'user' | 'admin'
    kyc_status: Generated<string>
    kyc_reason: { key: string } | null
    language: unknown
    phone: ColumnType<string | null, string, string>
    vault_email: string | null
    vault_email_verified_at: Date | null
    created_at: ColumnType<string, string, string>
    nickname: string
  }
}`

let migrated: Tables<Migrated>
beforeAll(async () => {
  const db = await testDb()
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string }>`
    SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns
    WHERE table_schema = 'public'`.execute(db.kysely)
  migrated = {}
  for (const r of rows) {
    migrated[r.table_name] ??= {}
    migrated[r.table_name]![r.column_name] = { type: r.data_type, nullable: r.is_nullable === 'YES' }
  }
})

describe('schema.ts and the migrations', () => {
  it(
    'every table and column of schema.ts is in the migrated database, with a type its driver reads as and the ' +
      'same nullability, and no column is missing from the types',
    () => {
      const tables = typedTables(SCHEMA_FILE, PLANTED)
      expect(Object.keys(tables).length).toBeGreaterThan(60)
      expect(differences(tables, migrated)).toEqual([])
    },
  )

  it('fails on a planted type, nullability, unknown, missing column and extra column', () => {
    expect(differences(typedTables(PLANTED_FILE, PLANTED), migrated)).toEqual([
      'users.id: number in schema.ts, uuid in the migrations',
      'users.email: null in schema.ts, not null in the migrations',
      'users.language: typed unknown, which says neither its type nor whether it can be null',
      'users.created_at: string in schema.ts, timestamp with time zone in the migrations',
      'users.nickname: in schema.ts, not in the migrations',
      'users.name: in the migrations, not in schema.ts',
    ])
  })

  it('every table the migrations make is typed in schema.ts (or is the migrations’ own bookkeeping)', () => {
    const known = new Set(Object.keys(typedTables(SCHEMA_FILE, PLANTED)))
    expect(Object.keys(migrated).filter((name) => !known.has(name) && name !== 'schema_migrations')).toEqual([])
  })
})
