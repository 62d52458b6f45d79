import { type MessagePort, parentPort, workerData } from 'node:worker_threads'
import { ConsoleError } from '../core/console-error'
import { Utf8Reader } from '../core/utf8-reader'
import { checkHarText, type SkippedEntry } from './har-check'
import type { HarCheckFeed, HarCheckReply, HarCheckRequest } from './har-check-thread'

// The worker of checkHarOffThread: the HAR's UTF-8 comes a piece per message and is decoded as it comes (bytes that are
// not UTF-8 refuse the file, naming the byte); then the text is split, parsed and every entry checked here, off the
// host's event loop and out of its heap; then the skipped entries go back a slice at a time and the kept entries a
// batch at a time, each when the host asks.
const port = parentPort as MessagePort
const { keep, batch, skippedSlice } = workerData as HarCheckRequest
const post = (reply: HarCheckReply) => port.postMessage(reply)
const reader = new Utf8Reader('HAR file')
let batches: Iterator<unknown[]> | null = null
let skipped: SkippedEntry[] = []
let skippedSent = 0

port.on('message', (message: HarCheckFeed) => {
  if (message === 'skipped') {
    post({ t: 'skipped', skipped: skipped.slice(skippedSent, skippedSent + skippedSlice) })
    skippedSent += skippedSlice
  } else if (message === 'more') {
    const next = batches?.next()
    post({ t: 'entries', entries: !next || next.done ? [] : (next.value as never) })
  } else if (message.t === 'piece') {
    guarded(() => reader.push(new Uint8Array(message.bytes)))
  } else {
    void check()
  }
})

post({ t: 'ready' })

let refused = false
function guarded(step: () => void): void {
  if (refused) return
  try {
    step()
  } catch (error) {
    refuse(error)
  }
}

async function check(): Promise<void> {
  if (refused) return
  try {
    const checked = await checkHarText(reader.end(), keep, () => undefined)
    batches = checked.batches(batch)[Symbol.iterator]()
    skipped = checked.skipped
    skippedSent = skippedSlice
    post({ t: 'checked', valid: checked.valid, skipped: skipped.slice(0, skippedSlice), skippedCount: skipped.length })
  } catch (error) {
    refuse(error)
  }
}

function refuse(error: unknown): void {
  refused = true
  post(
    error instanceof ConsoleError
      ? { t: 'refused', code: error.code, message: error.message, hint: error.hint, details: error.details }
      : { t: 'failed', message: (error as Error)?.message ?? String(error) },
  )
}
