import { useProbePaths } from '../domain/clock-probe'
import { useInstallRecords } from '../domain/install-records'
import { useLogStore } from '../features/network-log'
import { useCommandStore } from '../stores/command-store'
import { useConnectionStore } from '../stores/connection-store'
import { useDrawerHeightStore } from '../stores/drawer-height-store'
import { useNavStore } from '../stores/nav-store'
import { usePresenterStore } from '../stores/presenter-store'
import { useThemeStore } from '../stores/theme-store'

interface StoreLike {
  getState(): object
}

/**
 * Every store the first screen's code creates (test/unit/renderer/first-render-inputs.test.ts fails when a store
 * reachable from main.tsx is missing here). The console's first render reads nothing else that can differ between
 * the build and a page: no clock, no location, no query answer (the query cache starts empty).
 */
export const FIRST_SCREEN_STORES: Record<string, StoreLike> = {
  useProbePaths,
  useInstallRecords,
  useLogStore,
  useCommandStore,
  useConnectionStore,
  useDrawerHeightStore,
  useNavStore,
  usePresenterStore,
  useThemeStore,
}

function dataOf(state: object): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(state)) {
    if (typeof value === 'function') continue
    data[key] = value instanceof Map ? [...value.entries()] : value
  }
  return data
}

/**
 * What the console's first render depends on, as text: the data of every first-screen store (after the persisted
 * preferences were read: theme, drawer height, install records) and of the window (the drawer starts folded in a
 * short one; the desktop app's bridge is open at once). The build's pre-render records it on #root; the page
 * hydrates that markup only when its own inputs are the same text, and renders afresh otherwise. React does not check
 * attributes when it hydrates, so markup made from other inputs would keep wrong classes or sizes.
 */
export function firstRenderInputs(): string {
  const stores: Record<string, unknown> = {}
  for (const [name, store] of Object.entries(FIRST_SCREEN_STORES)) stores[name] = dataOf(store.getState())
  return JSON.stringify(stores)
}
