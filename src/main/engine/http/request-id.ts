import { randomUUID } from 'node:crypto'

/** This process's random part (the first four groups of one random UUID, version and variant bits included). */
const PROCESS_PART = randomUUID().slice(0, 24)
let counter = 0

/**
 * A fresh request id in UUID form: this process's random 74 bits, then a counter in the last group. Ids only name a
 * request's attempts (the log entries and retry events group by them); they are no secret, so one random UUID per
 * process is enough for ids from different runs (a saved log, a bundle) not to meet, and each request costs a count,
 * not a draw from the random source and its formatting.
 */
export function nextRequestId(): string {
  counter = counter >= 0xffff_ffff_ffff ? 1 : counter + 1
  return `${PROCESS_PART}${counter.toString(16).padStart(12, '0')}`
}
