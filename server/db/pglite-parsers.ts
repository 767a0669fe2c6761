import { types } from '@electric-sql/pglite'

const toBigInt = (value: string) => BigInt(value)

/** NUMERIC and BIGINT read as bigint, as they do through pg (connect.ts). */
export const pgliteParsers = { [types.NUMERIC]: toBigInt, [types.INT8]: toBigInt }
