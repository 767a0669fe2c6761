import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import ts from 'typescript'
import { expect, it } from 'vitest'
import { testDb } from '../testing/test-app'

/**
 * server/db/schema.ts is written by hand beside the SQL migrations: this test reads both and fails where they
 * disagree, so a migration that adds, drops or renames a column (or makes it nullable) cannot leave the types
 * behind. From schema.ts (through the TypeScript checker): every table of `Database`, its columns and whether the
 * selected value can be null. From the migrated database: information_schema.
 */
const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url))

/** `either`: typed `unknown` (a JSON column), which says nothing about null. */
type Columns = Record<string, Record<string, 'null' | 'not null' | 'either'>>

let typed: Columns | undefined

/** The tables of schema.ts's `Database` (read once: building the TypeScript program takes seconds). */
function typedTables(): Columns {
  if (typed) return typed
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
  })
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(SCHEMA_FILE)!
  const database = checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).find((s) => s.name === 'Database')!
  const tables: Columns = {}
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const row = checker.getTypeOfSymbol(table)
    tables[table.name] = {}
    for (const column of row.getProperties()) {
      tables[table.name]![column.name] = nullability(selected(checker, checker.getTypeOfSymbol(column)))
    }
  }
  typed = tables
  return tables
}

/** What a select gives for a column type: `ColumnType<S, I, U>` and `Generated<S>` give S (Kysely's `__select__`). */
function selected(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  const select = type.getProperty('__select__')
  return select ? checker.getTypeOfSymbol(select) : type
}

function nullability(type: ts.Type): 'null' | 'not null' | 'either' {
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'either'
  return (type.isUnion() ? type.types : [type]).some((t) => t.flags & ts.TypeFlags.Null) ? 'null' : 'not null'
}

it(
  'every table and column of schema.ts is in the migrated database, ' +
    'with the same nullability, and no column is missing from the types',
  async () => {
    const db = await testDb()
    const tables = typedTables()
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
    SELECT table_name, column_name, is_nullable FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ANY (${Object.keys(tables)}::text[])`.execute(db.kysely)
    const migrated: Columns = {}
    for (const r of rows) {
      migrated[r.table_name] ??= {}
      migrated[r.table_name]![r.column_name] = r.is_nullable === 'YES' ? 'null' : 'not null'
    }
    const differences: string[] = []
    for (const [table, columns] of Object.entries(tables)) {
      if (!migrated[table]) {
        differences.push(`${table}: in schema.ts, not in the migrations`)
        continue
      }
      for (const [column, nullability] of Object.entries(columns)) {
        const actual = migrated[table]![column]
        if (!actual) differences.push(`${table}.${column}: in schema.ts, not in the migrations`)
        else if (nullability !== 'either' && actual !== nullability)
          differences.push(`${table}.${column}: ${nullability} in schema.ts, ${actual} in the migrations`)
      }
      for (const column of Object.keys(migrated[table]!))
        if (!(column in columns)) differences.push(`${table}.${column}: in the migrations, not in schema.ts`)
    }
    expect(Object.keys(tables).length).toBeGreaterThan(60)
    expect(differences).toEqual([])
  },
)

it('every table the migrations make is typed in schema.ts (or is the migrations’ own bookkeeping)', async () => {
  const db = await testDb()
  const known = new Set(Object.keys(typedTables()))
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      ORDER BY table_name`.execute(db.kysely)
  expect(rows.map((r) => r.table_name).filter((name) => !known.has(name) && name !== 'schema_migrations')).toEqual([])
})
