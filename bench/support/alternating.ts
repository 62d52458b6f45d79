/** The median of a list of numbers (NaN for an empty one). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? Number.NaN
}

/**
 * Times a baseline and a subject alternately, request by request and switching which goes first, so load from
 * elsewhere hits both alike; returns both medians (ms) after a warm-up of both.
 */
export async function alternatingMedians(
  baseline: () => Promise<number>,
  subject: () => Promise<number>,
  { warmup, samples }: { warmup: number; samples: number },
): Promise<{ baseline: number; subject: number }> {
  for (let i = 0; i < warmup; i++) {
    await baseline()
    await subject()
  }
  const base: number[] = []
  const sub: number[] = []
  for (let i = 0; i < samples; i++) {
    if (i % 2 === 0) {
      base.push(await baseline())
      sub.push(await subject())
    } else {
      sub.push(await subject())
      base.push(await baseline())
    }
  }
  return { baseline: median(base), subject: median(sub) }
}
