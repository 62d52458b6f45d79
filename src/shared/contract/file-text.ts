import { z } from 'zod'

/**
 * A file's content as a payload carries it: its text (the desktop app and the page send strings), or its UTF-8 bytes,
 * one Uint8Array or its pieces in order (the web host hands over an upload's bytes as they were received, never
 * decoded nor joined on its event loop). Whoever reads bytes refuses invalid UTF-8 naming the byte.
 */
export type FileText = string | Uint8Array | Uint8Array[]

/** The byte length of a FileText's bytes (a string's characters are not counted here). */
function byteLength(value: Uint8Array | Uint8Array[]): number {
  return Array.isArray(value) ? value.reduce((sum, piece) => sum + piece.byteLength, 0) : value.byteLength
}

/** Schemas made by fileText: the web host puts an upload's bytes (not a decoded string) only into these fields. */
const bytesFields = new WeakSet<z.ZodType>()

/**
 * The schema of a field holding a file's content (FileText): a string of `min` to `max` characters, or `min` to `max`
 * bytes of UTF-8. The web host asks takesFileBytes before putting an upload's bytes in such a field.
 */
export function fileText(min: number, max: number): z.ZodType<FileText> {
  const size = `must be ${min} to ${max} bytes`
  const bytes = z.instanceof(Uint8Array).refine(b => b.byteLength >= min && b.byteLength <= max, size)
  const pieces = z
    .array(z.instanceof(Uint8Array))
    .max(1_000_000)
    .refine(p => byteLength(p) >= min && byteLength(p) <= max, size)
  const schema = z.union([z.string().min(min).max(max), bytes, pieces]) as z.ZodType<FileText>
  bytesFields.add(schema)
  return schema
}

/**
 * Whether the field at `path` of a request schema is a fileText (takes a file's bytes as they are); false for any
 * other field or a path the schema does not describe.
 */
export function takesFileBytes(schema: z.ZodType, path: ReadonlyArray<string | number>): boolean {
  let at: unknown = schema
  for (const key of path) {
    const shape = (at as { shape?: Record<string, unknown> }).shape
    const element = (at as { element?: unknown }).element
    if (typeof key === 'string' && shape && Object.hasOwn(shape, key)) at = shape[key]
    else if (typeof key === 'number' && element) at = element
    else return false
  }
  return bytesFields.has(at as z.ZodType)
}
