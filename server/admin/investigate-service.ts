import { say } from '../../domain/error-message'
import type { MovementReason } from '../../domain/movement-reason'
import { sql } from 'kysely'
import type { InvestigateResponse } from '../../domain/api/admin-money.schema'
import { isHeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import type { Tx } from '../db/connect'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const amountOf = (units: bigint | null, asset: string | null) =>
  units === null || asset === null ? null : isHeldAsset(asset) ? toDecimal(units, asset) : units.toString()
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)

type Row = Record<string, unknown> & { id: string; created_at: Date }
type Event = InvestigateResponse['timeline'][number]
/** A row's status as its table's CHECK constraint allows it. */
type Status = InvestigateResponse['records'][number]['status']
type Found = {
  record: InvestigateResponse['records'][number]
  events: Event[]
  journalIds: string[]
  holdIds: string[]
  references: string[]
}

/**
 * Where a search can land: each table, the columns an admin may paste (uuid ids, hashes, references), and how
 * one of its rows reads as a record with its timeline and the journals and holds it leads to.
 */
const SOURCES: { table: string; uuidColumns: string[]; textColumns: string[]; read: (r: Row) => Found }[] = [
  {
    table: 'card_authorizations',
    uuidColumns: ['id'],
    textColumns: ['network_id'],
    read: (r) => ({
      record: {
        kind: 'card_authorization',
        id: r.id,
        status: r.status as Status,
        details: [String(r.merchant_name), String(r.network_id)],
        accountId: r.account_id as string,
        amount: amountOf(r.amount as bigint, 'USDC'),
        asset: 'USDC',
      },
      events: [
        {
          at: r.created_at.toISOString(),
          state: r.status === 'declined' ? 'declined' : 'authorized',
          detail: r.decline_reason ? String(r.decline_reason) : null,
          amount: amountOf(r.amount as bigint, 'USDC'),
          asset: 'USDC',
          source: 'card_authorization',
        },
        ...(r.status !== 'approved' && r.status !== 'declined'
          ? [
              {
                at: (r.updated_at as Date).toISOString(),
                state: r.status as Status,
                detail: null,
                amount: amountOf((r.cleared_amount ?? null) as bigint | null, 'USDC'),
                asset: 'USDC',
                source: 'card_authorization',
              },
            ]
          : []),
      ],
      journalIds: [],
      holdIds: r.hold_id ? [r.hold_id as string] : [],
      references: [r.network_id as string],
    }),
  },
  {
    table: 'withdrawals',
    uuidColumns: ['id'],
    textColumns: ['tx_hash'],
    read: (r) => ({
      record: {
        kind: 'withdrawal',
        id: r.id,
        status: r.status as Status,
        details: [String(r.destination)],
        accountId: r.account_id as string,
        amount: amountOf(r.amount as bigint, r.asset as string),
        asset: r.asset as string,
      },
      events: [
        {
          at: r.created_at.toISOString(),
          state: 'requested',
          detail: null,
          amount: amountOf(r.amount as bigint, r.asset as string),
          asset: r.asset as string,
          source: 'withdrawal',
        },
        { at: (r.release_at as Date).toISOString(), state: 'security_delay_ends', detail: null, source: 'withdrawal' },
        ...(r.status !== 'delayed'
          ? [
              {
                at: (r.updated_at as Date).toISOString(),
                state: r.status as Status,
                detail: r.tx_hash as string | null,
                reason: (r.failure_reason as MovementReason | null) ?? null,
                source: 'withdrawal',
              },
            ]
          : []),
      ],
      journalIds: r.journal_id ? [r.journal_id as string] : [],
      holdIds: [r.hold_id as string],
      references: [r.id],
    }),
  },
  ...(
    [
      ['chain_deposits', 'deposit', ['tx_hash'], 'credited_at'],
      ['bridge_transfers', 'bridge_transfer', ['source_tx_hash', 'destination_tx_hash'], 'updated_at'],
      ['pix_charges', 'pix_charge', ['txid'], 'paid_at'],
      ['pix_payments', 'pix_payment', ['txid', 'end_to_end_id'], 'completed_at'],
      ['bank_transfers_in', 'bank_deposit', ['provider_reference'], null],
      ['bank_sends', 'bank_send', [], 'updated_at'],
    ] as const
  ).map(([table, kind, textColumns, doneAt]) => ({
    table,
    uuidColumns: ['id'],
    textColumns: [...textColumns],
    read: (r: Row): Found => {
      const asset = (r.asset as string | undefined) ?? 'USDC'
      const units = (r.amount ?? r.usdc_amount ?? r.amount_usdc ?? null) as bigint | null
      const finished = doneAt ? (r[doneAt] as Date | null) : null
      return {
        record: {
          kind,
          id: r.id,
          status: r.status as Status,
          details: textColumns.map((c) => r[c]).filter((v): v is string => typeof v === 'string' && v !== ''),
          accountId: r.account_id as string,
          amount: amountOf(units, asset),
          asset,
        },
        events: [
          { at: r.created_at.toISOString(), state: 'created', detail: null, source: kind },
          ...(finished
            ? [
                {
                  at: new Date(finished).toISOString(),
                  state: r.status as Status,
                  detail: null,
                  reason: (r.failure_reason ?? r.return_reason ?? null) as MovementReason | null,
                  source: kind,
                },
              ]
            : []),
        ],
        journalIds: r.journal_id ? [r.journal_id as string] : [],
        holdIds: [],
        references: [r.id],
      }
    },
  })),
  {
    table: 'failed_recons',
    uuidColumns: ['id'],
    textColumns: ['network_id'],
    read: (r) => ({
      record: {
        kind: 'failed_recon',
        id: r.id,
        status: r.status as Status,
        details: [String(r.network_id)],
        accountId: null,
        amount: amountOf(r.amount as bigint, 'USDC'),
        asset: 'USDC',
      },
      events: [
        {
          at: r.created_at.toISOString(),
          state: 'recon_recorded',
          detail: null,
          reason: r.reason as MovementReason,
          source: 'failed_recon',
        },
        ...(r.resolved_at
          ? [
              {
                at: new Date(r.resolved_at as Date).toISOString(),
                state: r.status as Status,
                detail: r.resolution_reason as string | null,
                source: 'failed_recon',
              },
            ]
          : []),
      ],
      journalIds: r.journal_id ? [r.journal_id as string] : [],
      holdIds: [],
      references: [r.network_id as string],
    }),
  },
  {
    table: 'manual_refunds',
    uuidColumns: ['id'],
    textColumns: [],
    read: (r) => ({
      record: {
        kind: 'manual_refund',
        id: r.id,
        status: r.status as Status,
        details: [String(r.reason)],
        accountId: r.account_id as string,
        amount: amountOf(r.amount as bigint, 'USDC'),
        asset: 'USDC',
      },
      events: [
        { at: r.created_at.toISOString(), state: 'requested', detail: String(r.reason), source: 'manual_refund' },
        ...(r.decided_at
          ? [
              {
                at: new Date(r.decided_at as Date).toISOString(),
                state: r.status as Status,
                detail: r.decision_reason as string | null,
                source: 'manual_refund',
              },
            ]
          : []),
      ],
      journalIds: r.journal_id ? [r.journal_id as string] : [],
      holdIds: [],
      references: [r.id],
    }),
  },
]

async function findRows(db: Tx, table: string, columns: { uuid: string[]; text: string[] }, q: string): Promise<Row[]> {
  const conditions = [
    ...(UUID.test(q) ? columns.uuid.map((c) => sql`${sql.ref(c)} = ${q.toLowerCase()}::uuid`) : []),
    ...columns.text.map((c) => sql`${sql.ref(c)} = ${q}`),
  ]
  if (conditions.length === 0) return []
  const r = await sql<Row>`SELECT * FROM ${sql.table(table)} WHERE ${sql.join(conditions, sql` OR `)} LIMIT 20`.execute(
    db,
  )
  return r.rows
}

/**
 * Everything a search leads to: the records it names (by id, hash or reference), their timeline in time order,
 * every journal with its entries and every hold they touch (a journal or hold found directly counts too).
 */
export async function investigate(db: Tx, raw: string): Promise<InvestigateResponse> {
  const q = raw.trim()
  const found: Found[] = []
  for (const s of SOURCES)
    for (const row of await findRows(db, s.table, { uuid: s.uuidColumns, text: s.textColumns }, q))
      found.push(s.read(row))
  const journalIds = new Set(found.flatMap((f) => f.journalIds))
  const holdIds = new Set(found.flatMap((f) => f.holdIds))
  const references = new Set([q, ...found.flatMap((f) => f.references)])
  for (const j of await findRows(db, 'journals', { uuid: ['id'], text: [] }, q)) journalIds.add(j.id)
  for (const h of await findRows(db, 'holds', { uuid: ['id'], text: [] }, q)) holdIds.add(h.id)
  // Holds and journals are linked by reference (a card's network id, a withdrawal's id) and by hold id.
  const holds = await db
    .selectFrom('holds')
    .selectAll()
    .where((eb) =>
      eb.or([eb('reference', 'in', [...references]), ...(holdIds.size ? [eb('id', 'in', [...holdIds])] : [])]),
    )
    .orderBy('created_at')
    .execute()
  for (const h of holds) holdIds.add(h.id)
  const journals = await db
    .selectFrom('journals')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('reference', 'in', [...references]),
        ...(journalIds.size ? [eb('id', 'in', [...journalIds])] : []),
        ...(holdIds.size ? [eb('hold_id', 'in', [...holdIds])] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  // A journal found directly leads to the hold it posted.
  const missing = [...new Set(journals.map((j) => j.hold_id).filter((id): id is string => !!id && !holdIds.has(id)))]
  if (missing.length)
    holds.push(...(await db.selectFrom('holds').selectAll().where('id', 'in', missing).orderBy('created_at').execute()))
  if (found.length === 0 && journals.length === 0 && holds.length === 0)
    throw new DomainError('nothing_found', say('nothing_found_for', { q }), {
      q: say('nothing_found_hint', { q }),
    })
  const entries = journals.length
    ? await db
        .selectFrom('entries as e')
        .innerJoin('ledger_accounts as la', 'la.id', 'e.ledger_account_id')
        .leftJoin('accounts as a', 'a.id', 'la.account_id')
        .select([
          'e.id',
          'e.journal_id',
          'e.ledger_account_id',
          'la.code',
          'a.name as owner',
          'e.side',
          'e.asset',
          'e.amount',
        ])
        .where(
          'e.journal_id',
          'in',
          journals.map((j) => j.id),
        )
        .orderBy('e.id')
        .execute()
    : []
  const timeline: Event[] = [
    ...found.flatMap((f) => f.events),
    ...holds.flatMap((h) => [
      {
        at: h.created_at.toISOString(),
        state: 'hold_reserved' as const,
        detail: null,
        amount: amountOf(h.amount, h.asset),
        asset: h.asset,
        source: 'hold',
      },
      ...(h.resolved_at
        ? [
            {
              at: new Date(h.resolved_at).toISOString(),
              state: `hold_${h.status as 'posted' | 'voided' | 'expired'}` as const,
              detail: h.admin_reason ?? null,
              adminAction: (h.admin_action as 'released' | 'force_expired' | null) ?? null,
              source: 'hold',
            },
          ]
        : []),
    ]),
    ...journals.map((j) => ({
      at: j.created_at.toISOString(),
      state: 'journal_posted' as const,
      detail: j.kind,
      title: j.title,
      source: 'ledger',
    })),
  ].sort((a, b) => a.at.localeCompare(b.at))
  return {
    query: q,
    records: found.map((f) => f.record),
    timeline,
    journals: journals.map((j) => ({
      id: j.id,
      kind: j.kind,
      title: j.title,
      reference: j.reference,
      holdId: j.hold_id,
      createdAt: j.created_at.toISOString(),
      entries: entries
        .filter((e) => e.journal_id === j.id)
        .map((e) => ({
          ledgerAccountId: e.ledger_account_id,
          code: e.code,
          owner: e.owner ?? 'platform',
          side: e.side as 'debit' | 'credit',
          asset: e.asset,
          amount: amountOf(e.amount, e.asset) ?? '0',
        })),
    })),
    holds: holds.map((h) => ({
      id: h.id,
      kind: h.kind,
      status: h.status,
      amount: amountOf(h.amount, h.asset) ?? '0',
      postedAmount: amountOf(h.posted_amount, h.asset),
      asset: h.asset,
      title: h.title,
      createdAt: h.created_at.toISOString(),
      expiresAt: h.expires_at.toISOString(),
      resolvedAt: iso(h.resolved_at),
      adminAction: h.admin_action,
    })),
  }
}
