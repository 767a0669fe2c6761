/**
 * The back office's manual refunds, in USDC base units. What one admin may pay out at once, and what one account may
 * receive at once, over any 24 hours: a refund that would take either past it waits for a second admin (five $1,000
 * refunds in a row, or five $300 ones, are not a way around the rule). The server enforces both
 * (server/admin/refunds-service.ts); the page words them from here.
 */
export const REFUND_APPROVAL_THRESHOLD = 1_000_000_000n
/** The most one admin may ask to refund over any 24 hours, paid or waiting (10,000 USDC): beyond, refused. */
export const REFUND_DAILY_CAP = 10_000_000_000n
