import { type MessagePort, parentPort, workerData } from 'node:worker_threads'
import { ConsoleError } from '../core/console-error'
import { Utf8Reader } from '../core/utf8-reader'
import { checkHarText } from './har-check'
import type { HarCheckFeed, HarCheckReply, HarCheckRequest } from './har-check-thread'

// The worker of checkHarOffThread: the HAR's UTF-8 comes a piece per message and is decoded as it comes (bytes that are
// not UTF-8 refuse the file, naming the byte); then the text is split, parsed and every entry checked here, off the
// host's event loop and out of its heap; then the kept entries go back a batch at a time, each when the host asks.
const port = parentPort as MessagePort
const { keep, batch } = workerData as HarCheckRequest
const post = (reply: HarCheckReply) => port.postMessage(reply)
const reader = new Utf8Reader('HAR file')
let batches: Iterator<unknown[]> | null = null

port.on('message', (message: HarCheckFeed) => {
  if (message === 'more') {
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
    post({ t: 'checked', valid: checked.valid, skipped: checked.skipped })
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
