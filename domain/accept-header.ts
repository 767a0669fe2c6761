/**
 * The values an HTTP `Accept-*` header names, each with its weight (`q=`, 1 when absent), in the order given:
 * `Accept-Encoding` (which coding to send) and `Accept-Language` (which locale to draw a page in) read it alike.
 */
export function acceptList(header: string | undefined): { value: string; q: number }[] {
  return (header ?? '').split(',').flatMap((part) => {
    const [value = '', ...params] = part.trim().split(';')
    // The parameter's name is case-insensitive (RFC 9110): `q=` and `Q=` alike.
    const weight = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='))
    return value.trim() ? [{ value: value.trim(), q: weight ? Number(weight.slice(2)) || 0 : 1 }] : []
  })
}
