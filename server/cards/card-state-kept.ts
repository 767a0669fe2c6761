import type { DatabaseSession } from '../db/pglite-thread'
import type { BatchItem, BatchState } from './card-batch-decide'

/**
 * What the card batches on PGlite's thread read and decided, kept for the next batches. PGlite has one connection,
 * and every statement any part of the server sends reaches it through the connection's session
 * (server/db/prepared.ts), which counts them. After a batch commits, what its read said, moved by its own decisions
 * (card-batch-decide.ts: `decideOnState`), is exactly what the database holds for its accounts and cards; it stays so
 * until something else uses the connection. So a batch that finds the count where the last batch left it, every
 * card and account it needs kept, and its time inside each account's day (the day its spend was counted for:
 * migration 0058) decides on what was kept and skips the read: about 0.5 ms of the database's thread a batch, a
 * third of a small batch's work. Anything else sent meanwhile (a read too: it is not worth telling them apart), a
 * batch rolled back or refused, or a batch whose approvals send alerts (decided on the server's thread) drops
 * everything kept. The events the kept batches recorded are kept too, so a repeated event is still answered from
 * what was stored. PostgreSQL has many connections and other processes: there every batch reads.
 */
type Kept = { state: BatchState; uses: number; recorded: Set<string> }

/** Past these, what is kept is dropped and the next batch reads afresh (a bound on the thread's memory). */
const MOST_ACCOUNTS = 10_000
const MOST_EVENTS = 100_000

const kept = new WeakMap<DatabaseSession, Kept>()

/**
 * What was kept on this connection, as the state a batch of `items` at `now` decides on (its own events among those
 * recorded), or undefined when the batch must read: something else used the connection since, a card or account
 * is not kept, or `now` is outside an account's day. Called before the batch sends anything.
 */
export function keptStateFor(session: DatabaseSession, items: readonly BatchItem[], now: Date): BatchState | undefined {
  const k = kept.get(session)
  if (!k) return undefined
  if (k.uses !== session.uses) {
    kept.delete(session)
    return undefined
  }
  const at = now.getTime()
  for (const { input } of items) {
    const card = k.state.cards.get(input.cardId)
    const account = card && k.state.accounts.get(card.accountId)
    if (!account || !k.state.spent.has(input.cardId) || at < account.day.starts || at >= account.day.ends)
      return undefined
  }
  return { ...k.state, recorded: new Set(items.map((i) => i.event.id).filter((id) => k.recorded.has(id))) }
}

/**
 * After a batch committed: keeps the state it decided on, which its decisions moved in place (what it read, merged
 * into what was kept; or what was kept itself), and the events it recorded, as of the session's count now.
 */
export function keepCommitted(session: DatabaseSession, state: BatchState, recordedEvents: readonly string[]) {
  const k = kept.get(session) ?? { state, uses: 0, recorded: new Set<string>() }
  if (state.cards !== k.state.cards) {
    // An account read again may be on a new day: what its other cards spent was counted for the day they were read
    // on, so they are read again too, with the day their account is kept for now.
    for (const [id, card] of k.state.cards)
      if (state.accounts.has(card.accountId) && !state.spent.has(id)) k.state.spent.delete(id)
    for (const [id, card] of state.cards) k.state.cards.set(id, card)
    for (const [id, account] of state.accounts) k.state.accounts.set(id, account)
    for (const [id, spent] of state.spent) k.state.spent.set(id, spent)
    for (const [id, watchers] of state.watchers) k.state.watchers.set(id, watchers)
  }
  for (const id of recordedEvents) k.recorded.add(id)
  k.uses = session.uses
  if (k.state.accounts.size > MOST_ACCOUNTS || k.recorded.size > MOST_EVENTS) kept.delete(session)
  else kept.set(session, k)
}

/** After a batch rolled back or failed: its decisions moved what was kept, which no longer says what is stored. */
export const dropKept = (session: DatabaseSession) => void kept.delete(session)
