import type { Tx } from '../db/connect'

/**
 * What follows the ledger's postings, in the posting's own transaction. The ledger knows no feature: a composition
 * root (server/ledger-followers.ts, called by createApp and the seed) sets its one follower before anything posts.
 */
export type PostingFollower = {
  /**
   * The job kind each account a journal moved is marked for (migration 0030's `mark_for_alerts`), in the same SQL
   * call that writes the journals (`post_journals`): the card engine's hot path makes no second round trip for it.
   */
  job: string
  /** Run in a hold's transaction when it is reserved or released, with the account whose money it holds. */
  moved: (tx: Tx, accountIds: string[]) => Promise<void>
}

let follower: PostingFollower | null = null

/** Sets what follows postings. One follower: setting another job kind than the one set is a wiring mistake. */
export function followPostings(next: PostingFollower): void {
  if (follower && follower.job !== next.job)
    throw new Error(`the ledger's postings are followed by ${follower.job} already, not ${next.job}`)
  follower = next
}

/** The follower set; a posting before any is set is a wiring mistake (it would move money no alert sees). */
export function postingFollower(): PostingFollower {
  if (!follower) throw new Error('the ledger posts before its follower is set (server/ledger-followers.ts)')
  return follower
}
