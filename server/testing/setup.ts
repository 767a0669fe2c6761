import { afterAll, expect } from 'vitest'
import { takeUndocumentedStatuses } from '../http/error-statuses'

/**
 * Every server test file, on either database: the error answers its requests got are all listed in the OpenAPI
 * document (server/http/error-statuses.ts). A status a route answered without its documentation saying so fails
 * the file, naming the route and the status: add it to the route's `errorStatuses`, or to the rules there.
 */
afterAll(() => {
  expect(takeUndocumentedStatuses(), 'error statuses the OpenAPI document does not list for their route').toEqual([])
})
