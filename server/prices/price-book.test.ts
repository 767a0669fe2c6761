import { afterEach, expect, it } from 'vitest'
import { createTestApp } from '../testing/test-app'
import { createPriceBook } from './price-book'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

it('a server process following the prices sees one another process set, without a restart', async () => {
  const { db } = (await createTestApp()).deps
  const [here, there] = [createPriceBook(), createPriceBook()]
  await here.load(db.kysely)
  await there.load(db.kysely)
  const errors: unknown[] = []
  stops.push(there.follow(db.kysely, 20, (error) => errors.push(error)))
  await here.set(db.kysely, 'weETH', 450_000_000n, null)
  // The next read of the table brings it (polled: each read is the event waited for).
  while (there.current().weETH !== 450_000_000n) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(there.current().weETH).toBe(450_000_000n)
  expect(errors).toEqual([])
})
