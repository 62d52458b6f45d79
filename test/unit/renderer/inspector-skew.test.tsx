// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { signatureLife } from '../../../src/renderer/src/features/inspector/signature-life'
import { SignatureLifeMeter } from '../../../src/renderer/src/features/inspector/signature-life-meter'
import { SkewMeter } from '../../../src/renderer/src/features/inspector/skew-meter'
import type { SkewStatus } from '../../../src/shared/contract'
import { engineLimits, engineSkew } from './inspector-engine'

afterEach(cleanup)

async function statusAt(offsetMs: number | null): Promise<SkewStatus> {
  const limits = await engineLimits()
  return { ...limits, timeSource: 'local', estimate: offsetMs === null ? null : await engineSkew(offsetMs) }
}

describe('signature inspector: the clock-skew meter', () => {
  it.each([
    { offset: 800, level: 'ok', text: 'OK', shown: '+0.8 s', words: 'ahead of this machine' },
    { offset: 4200, level: 'warn', text: 'At risk', shown: '+4.2 s', words: 'ahead of this machine' },
    { offset: -8000, level: 'danger', text: 'Refusals likely', shown: '−8.0 s', words: 'behind this machine' },
  ])('shows an offset of $offset ms at level $level', async ({ offset, level, text, shown, words }) => {
    const status = await statusAt(offset)
    expect(status.estimate?.level).toBe(level)
    render(<SkewMeter status={status} />)
    const meter = screen.getByTestId('skew-meter')
    expect(meter.className).toContain(`skew-meter--${level}`)
    expect(screen.getByTestId('skew-level').className).toContain(`skew-level--${level}`)
    expect(screen.getByTestId('skew-level').textContent).toBe(text)
    expect(screen.getByTestId('skew-offset').textContent).toContain(shown)
    expect(meter.textContent).toContain(words)
    expect(meter.textContent).toContain('A signature lives 10 s')
    const gauge = screen.getByRole('meter', { name: 'Clock skew in milliseconds' })
    expect(Number(gauge.getAttribute('aria-valuenow') ?? (gauge as HTMLMeterElement).value)).toBe(status.estimate!.offsetMs)
  })

  it('says how the console learns the skew while it has no estimate', async () => {
    render(<SkewMeter status={await statusAt(null)} />)
    expect(screen.getByTestId('skew-meter').className).toContain('skew-meter--unknown')
    expect(screen.getByTestId('skew-level').textContent).toBe('Unknown')
    expect(screen.getByTestId('skew-meter').textContent).toContain('Date header')
  })

  it('drains a signature over its 10 s lifetime by the server clock, and refuses far-future stamps', () => {
    const t = 1_795_360_000
    expect(signatureLife(t, t * 1000 + 3_000)).toMatchObject({ state: 'valid', remainingMs: 7_000 })
    expect(signatureLife(t, t * 1000 + 10_000).state).toBe('valid')
    expect(signatureLife(t, t * 1000 + 10_001)).toMatchObject({ state: 'expired', remainingMs: -1 })
    expect(signatureLife(t, t * 1000 - 10_001).state).toBe('future')
  })

  it('counts the current signature down by the server clock (local clock plus the skew)', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000)
    const { unmount } = render(<SignatureLifeMeter timestamp={nowSeconds} status={await statusAt(null)} onServerTime={() => {}} />)
    expect(screen.getByTestId('signature-life').className).toContain('life--valid')
    expect(screen.getByTestId('signature-life').textContent).toMatch(/Valid for (9|10)\.\d s more by this machine’s clock/)
    unmount()
    // The server runs 8 s ahead: the same timestamp has only about 2 s left by its clock.
    render(<SignatureLifeMeter timestamp={nowSeconds} status={await statusAt(8_000)} onServerTime={() => {}} />)
    expect(screen.getByTestId('signature-life').textContent).toMatch(/Valid for [12]\.\d s more by the server’s clock/)
  })

  it('after the server clock moved a day, says "Now" cannot help and offers the server’s time; a small lag says Now', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000)
    let asked = 0
    const { unmount } = render(
      <SignatureLifeMeter timestamp={nowSeconds} status={await statusAt(86_400_000)} onServerTime={() => asked++} />,
    )
    const life = screen.getByTestId('signature-life')
    expect(life.className).toContain('life--expired')
    expect(life.textContent).toContain('“Now” signs stale again')
    expect(life.textContent).not.toContain('Press “Now”')
    screen.getByRole('button', { name: 'Sign with the server’s time' }).click()
    expect(asked).toBe(1)
    unmount()
    // An old timestamp with clocks that agree: Now is the fix, and no server-time button is offered.
    render(<SignatureLifeMeter timestamp={nowSeconds - 60} status={await statusAt(500)} onServerTime={() => asked++} />)
    expect(screen.getByTestId('signature-life').textContent).toContain('Press “Now” to sign again')
    expect(screen.queryByRole('button', { name: 'Sign with the server’s time' })).toBeNull()
  })
})
