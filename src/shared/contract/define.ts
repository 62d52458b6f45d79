import type { z } from 'zod'

/**
 * One invoke channel of the bridge: the zod schema that validates the request at the main-side boundary, and the
 * response type (phantom: it exists only for the type checker, both transports carry plain JSON).
 */
export interface ChannelDef<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly request: S
  readonly __response?: R
}

/** One event sent from the engine to the renderer; the payload type is phantom, like a channel's response. */
export interface EventDef<P = unknown> {
  readonly __payload?: P
}

/**
 * Declares a channel: `invoke(() => schema).returns<Response>()`. Written this way so the request type is inferred from
 * the schema while the response type is stated once, next to it. The schema is built on the channel's first use, not
 * when the contract is imported: a process pays for the zod schemas of the channels it calls (a CLI command calls a
 * handful of the 80), and every call is still validated by the full schema.
 */
export function invoke<S extends z.ZodType>(build: () => S): { returns<R>(): ChannelDef<S, R> } {
  let schema: S | undefined
  const def = {
    get request(): S {
      schema ??= build()
      return schema
    },
  }
  return { returns: <R>() => def as ChannelDef<S, R> }
}

/**
 * A schema shared by several channels (or exported), built the first time anything reads it rather than when the
 * contract is imported: zod builds every schema object eagerly and a CLI command would otherwise pay for the ~100
 * shared ones of the 80 channels it never calls. The value behaves as the built schema in every way zod and callers
 * use (parse, refine, extend, nesting in another schema, `instanceof`); it is built once.
 */
export function lazySchema<S extends z.ZodType>(build: () => S): S {
  let schema: S | undefined
  const built = (): S => {
    schema ??= build()
    return schema
  }
  return new Proxy({} as S, {
    get: (_target, key) => Reflect.get(built(), key),
    has: (_target, key) => Reflect.has(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  })
}

/** Declares an event with its payload type. */
export function event<P>(): EventDef<P> {
  return {}
}
