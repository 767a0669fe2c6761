import { z } from 'zod'
import {
  SandboxBankTransferBody,
  SandboxBridgeOutcomeBody,
  SandboxChainTransferBody,
  SandboxChainTransferResponse,
  SandboxEventResponse,
} from '../../domain/api/money-in.schema'
import { defineRoute } from '../http/route-table'
import { sandboxBankTransfer } from './bank-receive'
import { sandboxBridgeOutcome } from './bridges'
import { sandboxChainTransfer } from './chain-deposits'
import { sandboxPayPix } from './pix-top-up'

const admin = { kind: 'platform_admin' } as const

/** Sandbox control API for money in: events the outside world would cause. Refused in production. */
export const sandboxMoneyInRoutes = [
  defineRoute({
    method: 'post',
    path: '/sandbox/chain/transfers',
    summary: 'Someone sends crypto to an address on the sandbox chain',
    tag: 'sandbox',
    access: admin,
    sandbox: true,
    status: 201,
    body: SandboxChainTransferBody,
    response: SandboxChainTransferResponse,
    handler: ({ deps, db, body }) => sandboxChainTransfer(deps, db, body),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/bridge/transfers/:hash/outcome',
    summary: 'The bridge reports delivery, a stored payload or a failure now',
    tag: 'sandbox',
    access: admin,
    sandbox: true,
    status: 201,
    params: z.object({ hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) }),
    body: SandboxBridgeOutcomeBody,
    response: SandboxEventResponse,
    handler: ({ deps, db, params, body }) => sandboxBridgeOutcome(deps, db, params.hash, body),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/pix/charges/:txid/pay',
    summary: 'The payer’s bank pays a PIX charge now',
    tag: 'sandbox',
    access: admin,
    sandbox: true,
    status: 201,
    params: z.object({ txid: z.string().regex(/^[A-Za-z0-9]{1,25}$/) }),
    response: SandboxEventResponse,
    handler: ({ deps, db, params }) => sandboxPayPix(deps, db, params.txid),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/bank/transfers',
    summary: 'A bank transfer arrives at an account’s virtual details',
    tag: 'sandbox',
    access: admin,
    sandbox: true,
    // The account named does not exist.
    errorStatuses: [404],
    status: 201,
    body: SandboxBankTransferBody,
    response: SandboxEventResponse,
    handler: ({ deps, db, body }) => sandboxBankTransfer(deps, db, body),
  }),
]
