/**
 * Keeps the first `cap` bytes of a streamed body and only counts the rest, so a 50 MB (or endless) response costs at
 * most `cap` bytes of memory. Chunks are copied: undici may hand out views of buffers it reuses.
 */
export class BodyCapture {
  private readonly chunks: Buffer[] = []
  kept = 0
  total = 0

  constructor(readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length
    if (this.kept >= this.cap) return
    const take = Math.min(chunk.length, this.cap - this.kept)
    // A whole chunk (the common case) is copied as it is: no view of it made first.
    this.chunks.push(Buffer.from(take === chunk.length ? chunk : chunk.subarray(0, take)))
    this.kept += take
  }

  get truncated(): boolean {
    return this.total > this.kept
  }

  bytes(): Buffer {
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.kept)
  }
}
