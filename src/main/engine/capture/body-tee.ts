import type { CapturedBytes } from './captured-exchange'

/**
 * A capped copy of a body as it streams through the capture: the first `cap` bytes are kept for the log, the rest is
 * only counted. The body itself is forwarded untouched; memory per exchange is bounded whatever the peer sends.
 */
export class BodyTee {
  private readonly chunks: Buffer[] = []
  private kept = 0
  private size = 0

  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.size += chunk.length
    if (this.kept >= this.cap) return
    const room = this.cap - this.kept
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk
    // A copy: the stream may reuse its buffer after the chunk was written on.
    this.chunks.push(Buffer.from(part))
    this.kept += part.length
  }

  get bytes(): number {
    return this.size
  }

  result(): CapturedBytes {
    return {
      bytes: this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks),
      size: this.size,
      truncated: this.size > this.kept,
    }
  }
}
