import { expect, it } from 'vitest'
import { PERSONAS } from '../fixtures/personas'
import { connectPostgres } from './db/connect'
import { migrate, migrationFiles } from './db/migrate'
import { seedIfEmpty } from './seed'
import { databaseUrl, testDeps, withAdmin } from './testing/test-database'

/**
 * PostgreSQL only (vitest.config.ts): N servers started at once on one empty database. Each server has its own
 * pool, as here; both used to see no users, both seeded, and one died on a duplicate `users_pkey`.
 */
it('servers migrating one empty database at the same moment all succeed, each migration applied once', async () => {
  const server = process.env.CASH_TEST_DATABASE_URL!
  // Several rounds: the collision on creating the migrations table needs the two CREATEs to overlap.
  for (let round = 0; round < 5; round++) {
    const name = `cash_migrate_race_${process.pid}_${round}`
    await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    await withAdmin(server, (admin) => admin.query(`CREATE DATABASE "${name}"`))
    const dbs = await Promise.all([0, 1, 2].map(() => connectPostgres(databaseUrl(server, name), 2)))
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)))
      expect(applied.flat().sort()).toEqual(
        migrationFiles()
          .map((m) => m.version)
          .sort(),
      )
    } finally {
      await Promise.all(dbs.map((db) => db.close()))
      await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    }
  }
})

it(
  'two servers seeding one empty database at the same moment: ' + 'one seeds, the other finds it seeded, neither fails',
  async () => {
    const server = process.env.CASH_TEST_DATABASE_URL!
    const name = `cash_seed_race_${process.pid}`
    await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    await withAdmin(server, (admin) => admin.query(`CREATE DATABASE "${name}"`))
    const [first, second] = await Promise.all([
      connectPostgres(databaseUrl(server, name), 4),
      connectPostgres(databaseUrl(server, name), 4),
    ])
    try {
      await Promise.all([migrate(first), migrate(second)])
      const outcomes = await Promise.all([seedIfEmpty(testDeps(first)), seedIfEmpty(testDeps(second))])
      expect(outcomes.sort()).toEqual([false, true])
      const users = await first.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
      expect(users.n).toBe(BigInt(PERSONAS.length))
      // Started again later, nobody seeds.
      expect(await seedIfEmpty(testDeps(second))).toBe(false)
    } finally {
      await Promise.all([first.close(), second.close()])
      await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    }
  },
)
