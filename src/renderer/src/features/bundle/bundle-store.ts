import { create } from 'zustand'
import type { OpenedBundle, ReplayReport } from '../../../../shared/contract'

interface BundleStore {
  /** The bundle file's text (replay sends it back to the engine) and its parsed, read-only view. */
  text: string | null
  fileName: string | null
  opened: OpenedBundle | null
  report: ReplayReport | null
  open(fileName: string, text: string, opened: OpenedBundle): void
  setReport(report: ReplayReport | null): void
}

/** The repro bundle being read (one at a time), and its last replay. */
export const useBundleStore = create<BundleStore>(set => ({
  text: null,
  fileName: null,
  opened: null,
  report: null,
  open: (fileName, text, opened) => set({ fileName, text, opened, report: null }),
  setReport: report => set({ report }),
}))
