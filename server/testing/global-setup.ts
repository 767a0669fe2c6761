import { DATABASE_PROCEDURES } from '../database-thread'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { connectPostgres, inProcess, pgliteParsers, wrapPglite } from '../db/connect'
import { buildSnapshot, databaseUrl, withAdmin } from './test-database'
import { removeOrphanBundles } from '../../scripts/build-server'
import { newPglite } from '../db/fresh-cluster'

/**
 * Vitest global setup of the server projects: builds the run's one migrated, seeded snapshot (see
 * test-database.ts) and hands the workers where it is. A project whose env names CASH_TEST_DATABASE_URL gets
 * a PostgreSQL template database on that server; it fails loudly, never skips, when the server is not there.
 */
export default async function setup(project: TestProject) {
  const url = project.config.env?.CASH_TEST_DATABASE_URL as string | undefined
  const runId = `cash_test_${process.pid}_${Date.now().toString(36)}`
  const started = performance.now()
  if (!url) {
    const client = await newPglite({ parsers: pgliteParsers })
    const db = await wrapPglite(inProcess(client, DATABASE_PROCEDURES))
    await buildSnapshot(db)
    const file = join(tmpdir(), `${runId}.tar`)
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
    await db.close()
    project.provide('cashSnapshot', { pgliteFile: file })
    log(project, `PGlite snapshot built in ${Math.round(performance.now() - started)} ms`)
    return () => {
      rmSync(file, { force: true })
      removeOrphanBundles()
    }
  }

  const template = `${runId}_template`
  try {
    await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${template}`))
  } catch (error) {
    throw new Error(
      `The PostgreSQL suite needs a PostgreSQL server at ${url} and could not ` +
        `reach it (${error instanceof Error ? error.message : String(error)}). ` +
        'Start one, point CASH_TEST_DATABASE_URL at one, or run `npm ' +
        'test`, which starts a throwaway cluster when none is running.',
    )
  }
  const db = await connectPostgres(databaseUrl(url, template), 2)
  await buildSnapshot(db)
  await db.close()
  project.provide('cashSnapshot', { postgresTemplate: template, postgresUrl: url, runId })
  log(project, `PostgreSQL template ${template} built in ${Math.round(performance.now() - started)} ms`)
  return async () => {
    await withAdmin(url, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        `${runId}%`,
      ])
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    })
    removeOrphanBundles()
  }
}

function log(project: TestProject, line: string) {
  process.stdout.write(`[${project.name}] ${line}\n`)
}
