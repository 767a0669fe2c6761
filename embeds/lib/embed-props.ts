/** What the shell, or a standalone page, hands an embed: the product path it is on and its title. */
export type EmbedProps = {
  /** Below /app/cash, e.g. `/top-up/stargate`. */
  path: string
  params: Record<string, string>
  title: string
}
