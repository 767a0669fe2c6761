import { types } from '@electric-sql/pglite'

/** NUMERIC and BIGINT text as bigint (money is never a float). */
export const toBigInt = (value: string) => BigInt(value)

/** NUMERIC and BIGINT read as bigint, as they do through pg (connect.ts). */
export const pgliteParsers = { [types.NUMERIC]: toBigInt, [types.INT8]: toBigInt }
