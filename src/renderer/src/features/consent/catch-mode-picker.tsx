import type { CatchMode, TransportKind } from '../../../../shared/contract'

interface ModeInfo {
  value: CatchMode
  title: string
  text: string
}

const MODES: ModeInfo[] = [
  {
    value: 'loopback',
    title: 'System browser + loopback',
    text: 'Listens once on the redirect URI’s 127.0.0.1 port (RFC 8252).',
  },
  {
    value: 'embedded',
    title: 'Embedded window',
    text: 'Intercepts the redirect to any registered URI. A debugging aid (RFC 8252 discourages it in production).',
  },
  {
    value: 'paste',
    title: 'Paste',
    text: 'Copy the address the browser ends on (or the code) and paste it here.',
  },
]

/** The three ways of catching the redirect; the embedded window exists only in the desktop app. */
export function CatchModePicker({
  value,
  onChange,
  transport,
  disabled,
}: {
  value: CatchMode
  onChange: (mode: CatchMode) => void
  transport: TransportKind
  disabled?: boolean
}) {
  return (
    <fieldset className="modes" disabled={disabled}>
      <legend className="field__label">Catch the redirect with</legend>
      {MODES.map(m => {
        const unavailable = m.value === 'embedded' && transport !== 'electron'
        return (
          <label
            key={m.value}
            className={`modes__option${value === m.value ? ' modes__option--on' : ''}${unavailable ? ' modes__option--off' : ''}`}
          >
            <input
              type="radio"
              name="catch-mode"
              value={m.value}
              checked={value === m.value}
              disabled={unavailable}
              onChange={() => onChange(m.value)}
            />
            <span>
              <span className="modes__title">{m.title}</span>
              <span className="modes__text">
                {unavailable ? 'Desktop app only: a web page cannot intercept another window’s navigation.' : m.text}
              </span>
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
