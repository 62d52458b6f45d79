import type { LogEntry } from '../../../../shared/contract'
import { linkFromLogEntry, openInInspector } from '../inspector'

/** The engine's signature verdict among a captured entry's notes (exchange-verdicts.ts writes it as "Signature: …"). */
export function signatureVerdict(entry: Pick<LogEntry, 'notes'>): string | null {
  return entry.notes.find(n => n.startsWith('Signature')) ?? null
}

/**
 * A captured HMAC request's verdict, as the capture checked it against the environment's secret on arrival, and the way
 * into the signature inspector with that exact request (its canonical string part by part) and the verdict shown
 * there. The signature itself is a secret of the session, masked in the log, so the inspector recomputes it.
 */
export function CapturedSignature({ entry }: { entry: LogEntry }) {
  const verdict = signatureVerdict(entry)
  const wrong = verdict !== null && !verdict.startsWith('Signature: valid')
  return (
    <div className={`netlog-verdict${wrong ? ' netlog-verdict--wrong' : ''}`} data-testid="captured-signature">
      <span>{verdict ?? 'Signature: not checked by the capture.'}</span>
      <button
        type="button"
        className="btn btn--small"
        onClick={() => openInInspector({ ...linkFromLogEntry(entry), verdict: verdict ?? undefined })}
      >
        Open in the signature inspector
      </button>
    </div>
  )
}
