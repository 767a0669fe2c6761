import { z } from 'zod'

/**
 * Data that a page words: a `key` naming its kind and the parameters that kind carries, flat (`{ key: 'pix_to',
 * name: 'Maria' }`). One table of kinds → parameter shapes gives the type, the wire schema and a builder the type
 * system checks (domain/movement-title.ts, domain/movement-reason.ts).
 */
/** An amount in base units of its asset, as an integer string (`"12500000"` USDC is $12.50). */
export const BaseUnits = z.string().regex(/^\d+$/)

export type Shapes = Record<string, z.ZodRawShape>
export type KeyedParams<S extends Shapes, K extends keyof S> = z.infer<z.ZodObject<S[K]>>
export type KeyedOf<S extends Shapes, K extends keyof S> = { key: K } & KeyedParams<S, K>
export type Keyed<S extends Shapes> = { [K in keyof S]: KeyedOf<S, K> }[keyof S]

/** The wire schema of every kind in `shapes`, named `id` in the OpenAPI document. */
export function keyedSchema<S extends Shapes>(shapes: S, id: string): z.ZodType<Keyed<S>> {
  const variants = Object.entries(shapes).map(([key, shape]) => z.object({ key: z.literal(key), ...shape }))
  return z
    .discriminatedUnion('key', variants as unknown as [z.ZodObject<{ key: z.ZodLiteral<string> }>])
    .meta({ id }) as unknown as z.ZodType<Keyed<S>>
}

/** A builder of one table's data: `(key, params)`, its parameters checked against the kind's shape. */
export function keyedBuilder<S extends Shapes>() {
  return <K extends keyof S>(key: K, params: KeyedParams<S, K>): KeyedOf<S, K> => ({ key, ...params }) as KeyedOf<S, K>
}
