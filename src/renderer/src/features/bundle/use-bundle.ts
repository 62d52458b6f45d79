import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OpenedBundle, ReplayReport } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { setLastAnswer, useLastAnswer } from '../../domain/last-answer'
import { bundleKeys } from '../../domain/query-keys'

/** The bundle being read (one at a time): its file name and text (replay sends it back) and the engine's parsed view. */
interface BundleFile {
  fileName: string
  text: string
  opened: OpenedBundle
}

/** The open bundle, kept in the query cache while other panels are visited. */
export function useOpenedBundle(): BundleFile | null {
  return useLastAnswer<BundleFile>(bundleKeys.opened)
}

/** The last replay of the open bundle. */
export function useReplayReport(): ReplayReport | null {
  return useLastAnswer<ReplayReport>(bundleKeys.report)
}

/** Reads a bundle file through the engine (`bundle:open`); a new bundle forgets the previous replay. */
export function useOpenBundle() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) => {
      const text = await file.text()
      return { fileName: file.name, text, opened: await invoke('bundle:open', { text }) }
    },
    onSuccess: bundle => {
      setLastAnswer<BundleFile>(client, bundleKeys.opened, bundle)
      setLastAnswer<ReplayReport>(client, bundleKeys.report, null)
    },
  })
}

/** Replays the open bundle against an environment (`bundle:replay`) with fresh tokens and signatures. */
export function useReplay() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { text: string; envId: string }) => invoke('bundle:replay', { text: input.text, envId: input.envId || undefined }),
    onSuccess: report => setLastAnswer<ReplayReport>(client, bundleKeys.report, report),
  })
}

/** `bundle:write` of the given entries (or all) with a note; `onWritten` gets the file to download. */
export function useWriteBundle(ids: string[] | undefined, note: string, onWritten: (file: { text: string; fileName: string }) => void) {
  return useMutation({ mutationFn: () => invoke('bundle:write', { ids, note }), onSuccess: onWritten })
}
