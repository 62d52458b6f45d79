import { z } from 'zod'
import { lazySchema } from './define'

/**
 * What a page may send on the web host's socket, as one schema: the host validates every message with it, and the
 * web client's type is inferred from it. `cancel` stops the invoke with that id (its handler sees an aborted signal).
 */
export const webClientMessage = lazySchema(() =>
  z.discriminatedUnion('t', [
    z
      .object({
        t: z.literal('invoke'),
        id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
        channel: z.string().max(100),
        payload: z.unknown(),
        /**
         * Strings of the payload sent as uploads (POST WEB_UPLOAD_PATH): each upload's text is put at its path (keys
         * from the payload's root) before the call is validated and dispatched.
         */
        uploads: z
          .array(
            z
              .object({
                path: z
                  .array(z.union([z.string().max(100), z.number().int().nonnegative().max(10_000)]))
                  .min(1)
                  .max(8),
                id: z.string().min(1).max(100),
              })
              .strict(),
          )
          .max(8)
          .optional(),
      })
      .strict(),
    z
      .object({
        t: z.literal('cancel'),
        id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      })
      .strict(),
  ]),
)

export type WebClientMessage = z.infer<typeof webClientMessage>
