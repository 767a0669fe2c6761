import { HELD_ASSETS, isHeldAsset, type HeldAsset } from '../../domain/asset'
import { DEFAULT_PRICES, type PriceTable } from '../../domain/prices'
import type { Tx } from '../db/connect'

/** How often a server process reads the prices again (another process may have changed them). */
export const PRICE_REFRESH_MS = 2000

/**
 * The sandbox price source: defaults, overridden by what an admin set (kept in `asset_prices`). Reads are
 * synchronous from memory because every authorization needs them; a change writes the table and the memory
 * of this process. Other server processes on the same PostgreSQL (deploy/cluster.sh) read the table again every
 * `PRICE_REFRESH_MS` (`follow`), and the positions check reads it before it judges any position.
 */
export type PriceBook = {
  current(): PriceTable
  load(db: Tx): Promise<PriceTable>
  /** Reads the table again every `everyMs` until the returned stop is called; a failed read is reported. */
  follow(db: Tx, everyMs: number, onError: (error: unknown) => void): () => void
  set(db: Tx, asset: HeldAsset, usdPrice: bigint, by: string | null): Promise<PriceTable>
}

export function createPriceBook(defaults: PriceTable = DEFAULT_PRICES): PriceBook {
  let table: PriceTable = { ...defaults }
  return {
    current: () => table,
    async load(db) {
      const rows = await db.selectFrom('asset_prices').select(['asset', 'usd_price']).execute()
      const next = { ...defaults }
      for (const r of rows) if (isHeldAsset(r.asset)) next[r.asset] = r.usd_price
      table = next
      return table
    },
    follow(db, everyMs, onError) {
      const timer = setInterval(() => void this.load(db).catch(onError), everyMs)
      timer.unref()
      return () => clearInterval(timer)
    },
    async set(db, asset, usdPrice, by) {
      await db
        .insertInto('asset_prices')
        .values({ asset, usd_price: usdPrice, updated_by: by })
        .onConflict((oc) =>
          oc.column('asset').doUpdateSet({ usd_price: usdPrice, updated_by: by, updated_at: new Date() }),
        )
        .execute()
      table = { ...table, [asset]: usdPrice }
      return table
    },
  }
}

export const priceList = (table: PriceTable) => HELD_ASSETS.map((asset) => ({ asset, usdPrice: table[asset] }))
