// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CanonicalView } from '../../../src/renderer/src/features/inspector/canonical-view'
import { PartsTable } from '../../../src/renderer/src/features/inspector/parts-table'
import { engineSign } from './inspector-engine'

afterEach(cleanup)

const NAMES = ['client_id', 'method', 'path', 'body', 'timestamp'] as const
const LABELS = { client_id: 'client_id', method: 'METHOD', path: 'path', body: 'body', timestamp: 'timestamp' }

// Non-ASCII in the client id and the body makes byte offsets differ from character offsets; the body carries a newline
// and a non-breaking space, the invisible characters the escaped view exists for.
const INPUT = {
  clientId: 'clïent-7',
  clientSecret: 'shh-test-secret',
  method: 'post',
  path: 'https://api.example.com/API/V1/Export/101001/Tickets?filter[dateTimeFrom]=2026-11-01',
  body: '{"note":"café au lait"}\n',
  timestamp: 1795360000,
}

/** The expected canonical parts, computed here from the spec's rules with TextEncoder, independently of the engine. */
function expectedParts() {
  const values = [INPUT.clientId, 'POST', '/api/v1/export/101001/tickets', INPUT.body, String(INPUT.timestamp)]
  const bytes = values.map(v => new TextEncoder().encode(v).length)
  let offset = 0
  return values.map((value, i) => {
    const part = { name: NAMES[i]!, value, offset, length: bytes[i]! }
    offset += bytes[i]!
    return part
  })
}

describe('signature inspector: the canonical string part by part', () => {
  it('renders each part with its label, colour class, byte offset and length', async () => {
    const sig = await engineSign(INPUT)
    render(<CanonicalView sig={sig} />)
    const expected = expectedParts()
    const legend = screen.getByRole('list', { name: 'Parts of the canonical string' })
    for (const part of expected) {
      const chip = within(legend).getByTestId(`legend-${part.name}`)
      expect(chip.className).toContain(`part--${part.name}`)
      expect(chip.textContent).toContain(LABELS[part.name])
      expect(chip.textContent).toContain(`@${part.offset} · ${part.length} B`)
    }
    // The multibyte ï moves every later part one byte further than its character index.
    expect(expected[1]!.offset).toBe(INPUT.clientId.length + 1)

    const text = screen.getByTestId('canonical-text')
    const segments = [...text.querySelectorAll<HTMLElement>('[data-part]')]
    expect(segments.map(s => s.dataset.part)).toEqual([...NAMES])
    for (const [i, seg] of segments.entries()) {
      expect(seg.className).toContain(`part--${NAMES[i]}`)
      expect(seg.textContent).toBe(expected[i]!.value)
      expect(seg.title).toContain(`bytes ${expected[i]!.offset}–${expected[i]!.offset + expected[i]!.length}`)
    }
    expect(text.textContent).toBe(expected.map(p => p.value).join(''))
  })

  it('shows the escaped view with \\n and unicode escapes instead of invisible characters', async () => {
    const sig = await engineSign({ ...INPUT, body: 'line one\nline\u00a0two\tcafé' })
    render(<CanonicalView sig={sig} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Escaped' }))
    const view = screen.getByTestId('canonical-escaped')
    const body = view.querySelector<HTMLElement>('[data-part="body"]')!
    expect(body.textContent).toBe('line one\\nline\\u{a0}two\\tcaf\\u{e9}')
    expect(view.querySelector('[data-part="client_id"]')!.textContent).toBe('cl\\u{ef}ent-7')
    expect(view.textContent).not.toMatch(/[\n\t\u00a0]/)
  })

  it('shows the hex view byte for byte, each byte coloured by its part', async () => {
    const sig = await engineSign(INPUT)
    render(<CanonicalView sig={sig} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Hex' }))
    const canonical = expectedParts()
      .map(p => p.value)
      .join('')
    const bytes = [...new TextEncoder().encode(canonical)].map(b => b.toString(16).padStart(2, '0'))
    const cells = [...screen.getByTestId('canonical-hex').querySelectorAll<HTMLElement>('.hex-byte')]
    expect(cells.map(c => c.textContent)).toEqual(bytes)
    for (const part of expectedParts()) {
      for (let i = part.offset; i < part.offset + part.length; i++) expect(cells[i]!.className).toContain(`part--${part.name}`)
    }
  })

  it('explains each part in the table: rule sentence, what the rule did here, offsets, and the source it came from', async () => {
    const sig = await engineSign(INPUT)
    render(<PartsTable sig={sig} />)
    const expected = expectedParts()
    for (const part of expected) {
      const row = screen.getByTestId(`part-row-${part.name}`)
      expect(within(row).getByRole('rowheader').textContent).toBe(LABELS[part.name])
      expect(row.textContent).toContain(`@${part.offset}`)
      expect(row.textContent).toContain(`${part.length} B`)
    }
    const path = screen.getByTestId('part-row-path')
    expect(path.textContent).toContain('/api/v1/export/101001/tickets')
    expect(path.textContent).toContain('The request path in lowercase, without scheme, host or query string.')
    expect(path.textContent).toContain('Here: scheme and host dropped; query string dropped; path lowercased.')
    expect(path.textContent).toContain(`from ${INPUT.path}`)
    expect(screen.getByTestId('part-row-method').textContent).toContain('Here: method uppercased.')
  })

  it('hides the hex when the canonical string carries a known secret', async () => {
    const sig = await engineSign({ ...INPUT, body: `{"token":"${INPUT.clientSecret}"}` })
    render(<CanonicalView sig={sig} />)
    expect(screen.getByTestId('canonical-text').textContent).not.toContain(INPUT.clientSecret)
    fireEvent.click(screen.getByRole('tab', { name: 'Hex' }))
    expect(screen.getByTestId('hex-hidden').textContent).toContain('known secret')
    expect(document.querySelectorAll('.hex-byte')).toHaveLength(0)
  })
})
