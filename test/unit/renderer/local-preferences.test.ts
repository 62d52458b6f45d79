// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InstallRecord } from '../../../src/renderer/src/domain/install-records'

// Each store reads localStorage when its module is created, so every case imports a fresh copy after seeding storage.
const fresh = {
  theme: async () => (await import('../../../src/renderer/src/stores/theme-store')).useThemeStore,
  drawer: async () => (await import('../../../src/renderer/src/stores/drawer-height-store')).useDrawerHeightStore,
  installs: async () => (await import('../../../src/renderer/src/domain/install-records')).useInstallRecords,
}

const RECORD: InstallRecord = {
  locationId: 101001,
  locationName: 'Bistro Nord',
  merchantId: 'm-1',
  installedAt: '2026-11-20T10:00:00.000Z',
  status: 201,
  logId: 'log-7',
}

beforeEach(() => {
  localStorage.clear()
  vi.resetModules()
})
afterEach(() => localStorage.clear())

describe('local preferences (zustand persist, same localStorage keys as before)', () => {
  it('the theme: a choice saved before persist ("dark") is kept, a new one survives a reload', async () => {
    localStorage.setItem('partner-console.theme', 'dark')
    const theme = await fresh.theme()
    expect(theme.getState().choice).toBe('dark')
    theme.getState().setChoice('light')
    expect(JSON.parse(localStorage.getItem('partner-console.theme') ?? '')).toEqual({ state: { choice: 'light' }, version: 0 })
    vi.resetModules()
    expect((await fresh.theme()).getState().choice).toBe('light')
  })

  it('the theme: an unknown saved value follows the OS', async () => {
    localStorage.setItem('partner-console.theme', 'purple')
    expect((await fresh.theme()).getState().choice).toBe('system')
    vi.resetModules()
    localStorage.setItem('partner-console.theme', JSON.stringify({ state: { choice: 'purple' }, version: 0 }))
    expect((await fresh.theme()).getState().choice).toBe('system')
  })

  it('the drawer height: a height saved before persist is kept, one below the minimum is ignored', async () => {
    localStorage.setItem('partner-console.drawer-height', '320')
    const drawer = await fresh.drawer()
    expect(drawer.getState().height).toBe(320)
    drawer.getState().setHeight(412.6)
    vi.resetModules()
    expect((await fresh.drawer()).getState().height).toBe(413)
    vi.resetModules()
    localStorage.setItem('partner-console.drawer-height', '50')
    expect((await fresh.drawer()).getState().height).toBeNull()
  })

  it('install records: records saved before persist are kept; added and forgotten ones survive a reload', async () => {
    localStorage.setItem('partner-console.installs.v1', JSON.stringify({ sandbox: { '101001': RECORD } }))
    const installs = await fresh.installs()
    expect(installs.getState().byEnv).toEqual({ sandbox: { '101001': RECORD } })
    installs.getState().add('prod', { ...RECORD, locationId: 5 })
    installs.getState().forget('sandbox')
    vi.resetModules()
    expect((await fresh.installs()).getState().byEnv).toEqual({ prod: { '5': { ...RECORD, locationId: 5 } } })
  })

  it('damaged storage: the default, and the next choice is saved over it', async () => {
    localStorage.setItem('partner-console.installs.v1', '{not json')
    const installs = await fresh.installs()
    expect(installs.getState().byEnv).toEqual({})
    installs.getState().add('sandbox', RECORD)
    vi.resetModules()
    expect((await fresh.installs()).getState().byEnv).toEqual({ sandbox: { '101001': RECORD } })
  })
})
