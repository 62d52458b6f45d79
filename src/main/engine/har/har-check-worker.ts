import { type MessagePort, parentPort, workerData } from 'node:worker_threads'
import { ConsoleError } from '../core/console-error'
import { checkHarText } from './har-check'
import type { HarCheckReply, HarCheckRequest } from './har-check-thread'

// The worker of checkHarOffThread: the HAR's text is split, parsed and every entry checked here, off the host's event
// loop and out of its heap; then the kept entries go back a batch at a time, each batch when the host asks for it.
const port = parentPort as MessagePort
const { pieces, keep, batch } = workerData as HarCheckRequest
const text = Buffer.concat(pieces.map(piece => new Uint8Array(piece))).toString('utf8')
pieces.length = 0
const post = (reply: HarCheckReply) => port.postMessage(reply)
try {
  const checked = await checkHarText(text, keep, () => undefined)
  const batches = checked.batches(batch)[Symbol.iterator]()
  port.on('message', () => {
    const next = batches.next()
    post({ t: 'entries', entries: next.done ? [] : next.value })
  })
  post({ t: 'checked', valid: checked.valid, skipped: checked.skipped })
} catch (error) {
  post(
    error instanceof ConsoleError
      ? { t: 'refused', code: error.code, message: error.message, hint: error.hint, details: error.details }
      : { t: 'failed', message: (error as Error)?.message ?? String(error) },
  )
}
