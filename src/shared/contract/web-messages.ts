import { z } from 'zod'

/**
 * What a page may send on the web host's socket, as one schema: the host validates every message with it, and the
 * web client's type is inferred from it. `cancel` stops the invoke with that id (its handler sees an aborted signal).
 */
export const webClientMessage = z.discriminatedUnion('t', [
  z
    .object({
      t: z.literal('invoke'),
      id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      channel: z.string().max(100),
      payload: z.unknown(),
    })
    .strict(),
  z
    .object({
      t: z.literal('cancel'),
      id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    })
    .strict(),
])

export type WebClientMessage = z.infer<typeof webClientMessage>
