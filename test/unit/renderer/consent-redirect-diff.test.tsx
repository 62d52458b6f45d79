// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { diagnoseRedirectMismatch } from '../../../src/main/engine/oauth/redirect-diagnosis'
import { RedirectDiff } from '../../../src/renderer/src/features/consent/redirect-diff'

afterEach(cleanup)

const INVISIBLE: Record<string, string> = { '␠': ' ', '⇥': '\t', '↵': '\n', '␍': '\r' }

/** The row's cells: their kinds, and the text of the non-gap cells turned back into the characters they show. */
function row(testId: string) {
  const cells = [...screen.getByTestId(testId).querySelectorAll('[data-kind]')]
  const text = cells
    .filter(c => c.getAttribute('data-kind') !== 'gap')
    .map(c => INVISIBLE[c.textContent ?? ''] ?? c.textContent)
    .join('')
  const marked = cells
    .filter(c => c.getAttribute('data-kind') === 'diff')
    .map(c => INVISIBLE[c.textContent ?? ''] ?? c.textContent)
    .join('')
  return { cells, text, marked }
}

describe('the redirect diff', () => {
  it('shows both URIs character by character, aligned, marking what only one of them has', () => {
    const sent = 'http://127.0.0.1:8765/callback'
    const registered = 'http://localhost:8765/callback/'
    render(<RedirectDiff diagnosis={diagnoseRedirectMismatch(sent, registered)} />)
    const s = row('diff-sent')
    const r = row('diff-registered')
    expect(s.text).toBe(sent)
    expect(r.text).toBe(registered)
    expect(s.cells.length).toBe(r.cells.length)
    // Every column is either shared by both rows or a character on one side facing a gap on the other.
    s.cells.forEach((cell, i) => {
      const other = r.cells[i]
      const pair = `${cell.getAttribute('data-kind')}/${other?.getAttribute('data-kind')}`
      expect(['same/same', 'diff/gap', 'gap/diff']).toContain(pair)
      if (pair === 'same/same') expect(cell.textContent).toBe(other?.textContent)
    })
    expect(s.marked).toBe('127.0.0.1')
    expect(r.marked).toBe('localhost/')
    const causes = screen.getByRole('list', { name: 'Likely causes' }).textContent ?? ''
    expect(causes).toContain('loopback-alias')
    expect(causes).toContain('trailing-slash')
    expect(screen.getByText(/First difference at character/).textContent).toContain('7')
  })

  it('makes a trailing space visible and marks it', () => {
    const sent = 'https://partner.example.com/oauth/callback'
    render(<RedirectDiff diagnosis={diagnoseRedirectMismatch(sent, `${sent} `)} />)
    const r = row('diff-registered')
    const last = r.cells[r.cells.length - 1]
    expect(last?.textContent).toBe('␠')
    expect(last?.getAttribute('data-kind')).toBe('diff')
    expect(row('diff-sent').cells[r.cells.length - 1]?.getAttribute('data-kind')).toBe('gap')
    expect(screen.getByRole('list', { name: 'Likely causes' }).textContent).toContain('whitespace')
  })

  it('marks nothing when the URIs are identical', () => {
    const uri = 'http://127.0.0.1:8765/callback'
    render(<RedirectDiff diagnosis={diagnoseRedirectMismatch(uri, uri)} />)
    expect(row('diff-sent').marked).toBe('')
    expect(row('diff-registered').marked).toBe('')
    expect(screen.queryByRole('list', { name: 'Likely causes' })).toBeNull()
    expect(screen.getByText('The two URIs are identical, byte for byte.')).toBeTruthy()
  })

  it('shows percent-encoding differences as the characters sent', () => {
    const sent = 'https://partner.example.com/cb%7Euser'
    const registered = 'https://partner.example.com/cb~user'
    render(<RedirectDiff diagnosis={diagnoseRedirectMismatch(sent, registered)} />)
    expect(row('diff-sent').text).toBe(sent)
    expect(row('diff-registered').text).toBe(registered)
    expect(row('diff-registered').marked).toBe('~')
    expect(screen.getByRole('list', { name: 'Likely causes' }).textContent).toContain('encoding')
  })
})
