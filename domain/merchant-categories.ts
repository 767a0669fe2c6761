import { categoryOf } from './authorization'

/**
 * The merchant category codes (ISO 18245) Cash names on screen: the ones its rules and sandbox use and the
 * everyday ones a card meets most. Each has a name in every language (`mcc.<code>` in the catalogues); any other
 * code is named by its group (`mcc.group.<group>`, from `categoryOf`) with the code beside it.
 */
export const NAMED_MCCS = [
  '4111',
  '4121',
  '4511',
  '4829',
  '5311',
  '5411',
  '5541',
  '5691',
  '5732',
  '5812',
  '5813',
  '5814',
  '5912',
  '5942',
  '5943',
  '5999',
  '6010',
  '6011',
  '6012',
  '6051',
  '6536',
  '6537',
  '6538',
  '6540',
  '7011',
  '7311',
  '7512',
  '7800',
  '7801',
  '7802',
  '7995',
] as const
export type NamedMcc = (typeof NAMED_MCCS)[number]

/** What a page needs to name a code: its own name when Cash has one, else its group. */
export function merchantCategory(mcc: string): { named: NamedMcc } | { group: string } {
  return (NAMED_MCCS as readonly string[]).includes(mcc) ? { named: mcc as NamedMcc } : { group: categoryOf(mcc) }
}
