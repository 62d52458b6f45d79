// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, dateProblem, isValidRange, rangeDays, validateRange } from '../../../src/renderer/src/features/export-tickets/date-range'
import { ExportForm } from '../../../src/renderer/src/features/export-tickets/export-form'
import { useExportStore } from '../../../src/renderer/src/features/export-tickets/export-store'

const initial = useExportStore.getState()
beforeEach(() => useExportStore.setState({ ...initial, locationId: '101001', from: '2025-04-01', to: '2025-04-07' }, true))
afterEach(cleanup)

describe('date-range validation (checked before anything is sent)', () => {
  it('accepts real calendar days in YYYY-MM-DD form with from ≤ to, both ends included', () => {
    expect(validateRange('2025-04-01', '2025-04-07')).toEqual({})
    expect(validateRange('2024-02-29', '2024-02-29')).toEqual({})
    expect(rangeDays('2025-04-01', '2025-04-07')).toBe(7)
    expect(rangeDays('2024-12-31', '2025-01-01')).toBe(2)
  })

  it('refuses other shapes, impossible days and a backwards range, naming the field', () => {
    expect(validateRange('2025-4-1', '2025-04-07').from).toMatch(/not in YYYY-MM-DD form/)
    expect(validateRange('01/04/2025', '2025-04-07').from).toMatch(/not in YYYY-MM-DD form/)
    expect(validateRange('2025-04-01T00:00', '2025-04-07').from).toMatch(/not in YYYY-MM-DD form/)
    expect(validateRange('2025-02-29', '2025-03-01').from).toMatch(/not a calendar day \(that month has 28 days\)/)
    expect(validateRange('2025-04-01', '2025-04-31').to).toMatch(/that month has 30 days/)
    expect(validateRange('2025-13-01', '2025-12-01').from).toMatch(/Month 13 does not exist/)
    expect(validateRange('', '2025-04-07').from).toMatch(/Required/)
    const backwards = validateRange('2025-04-08', '2025-04-07')
    expect(backwards).toEqual({ range: 'From (2025-04-08) is after To (2025-04-07): the range must run forwards.' })
    expect(isValidRange(backwards)).toBe(false)
    expect(rangeDays('2025-04-08', '2025-04-07')).toBeNull()
  })

  it('agrees with the calendar for every day of four centuries', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2299-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 400 }),
        (d, span) => {
          const from = d.toISOString().slice(0, 10)
          const to = addDays(from, span)
          expect(dateProblem(from)).toBeNull()
          expect(validateRange(from, to)).toEqual({})
          expect(rangeDays(from, to)).toBe(span + 1)
          if (span > 0) expect(validateRange(to, from).range).toBeDefined()
        },
      ),
    )
  })
})

describe('the export form', () => {
  function renderForm(onSend = vi.fn()) {
    render(<ExportForm locations={[]} locationsNote={null} ready sending={false} onSend={onSend} grant={null} provenance={null} />)
    return onSend
  }
  const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement

  it('sends valid inputs (button or Enter in a field)', () => {
    const onSend = renderForm()
    expect(send().disabled).toBe(false)
    expect(screen.getByText(/7 days, both ends included/)).toBeTruthy()
    fireEvent.click(send())
    fireEvent.submit(screen.getByRole('form', { name: 'Export request' }))
    expect(onSend).toHaveBeenCalledTimes(2)
  })

  it('shows the problem under the field as it is typed and disables Send until it is fixed', () => {
    renderForm()
    const from = screen.getByLabelText('From (YYYY-MM-DD)')
    const to = screen.getByLabelText('To (YYYY-MM-DD)')

    fireEvent.change(from, { target: { value: '2025-02-30' } })
    expect(screen.getByText(/From: 2025-02-30 is not a calendar day/)).toBeTruthy()
    expect(from.getAttribute('aria-invalid')).toBe('true')
    expect(send().disabled).toBe(true)

    fireEvent.change(from, { target: { value: '2025-04-09' } })
    expect(screen.getByText('From (2025-04-09) is after To (2025-04-07): the range must run forwards.')).toBeTruthy()
    expect(to.getAttribute('aria-invalid')).toBe('true')
    expect(send().disabled).toBe(true)

    fireEvent.change(to, { target: { value: '2025-04-30' } })
    expect(screen.queryByText(/must run forwards/)).toBeNull()
    expect(from.getAttribute('aria-invalid')).toBe('false')
    expect(screen.getByText(/22 days, both ends included/)).toBeTruthy()
    expect(send().disabled).toBe(false)
  })

  it('needs a whole-number location id', () => {
    renderForm()
    const id = screen.getByLabelText('Location id')
    fireEvent.change(id, { target: { value: '10x' } })
    expect(screen.getByText('“10x” is not a location id: ids are whole numbers (spec 2.5).')).toBeTruthy()
    expect(send().disabled).toBe(true)
    fireEvent.change(id, { target: { value: '' } })
    expect(screen.getByText('Choose a location (or type its id).')).toBeTruthy()
    fireEvent.change(id, { target: { value: '202001' } })
    expect(send().disabled).toBe(false)
  })

  it('fills a valid range from a preset', () => {
    renderForm()
    fireEvent.change(screen.getByLabelText('From (YYYY-MM-DD)'), { target: { value: 'garbage' } })
    expect(send().disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    const { from, to } = useExportStore.getState()
    expect(rangeDays(from, to)).toBe(7)
    expect(send().disabled).toBe(false)
  })
})
