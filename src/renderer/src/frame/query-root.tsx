import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { markFirstCommit } from '../bridge/after-first-paint'
import { LiveUpdates } from './live-updates'

/** The query client the whole console reads, with the live feeds that keep it current mounted once beside it. */
export function QueryRoot({ client, children }: { client: QueryClient; children?: ReactNode }) {
  // The console's first render is committed (and a pre-rendered screen adopted): the bridge may open its socket.
  useEffect(markFirstCommit, [])
  return (
    <QueryClientProvider client={client}>
      <LiveUpdates />
      {children}
    </QueryClientProvider>
  )
}
