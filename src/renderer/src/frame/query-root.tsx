import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LiveUpdates } from './live-updates'

/** The query client the whole console reads, with the live feeds that keep it current mounted once beside it. */
export function QueryRoot({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <LiveUpdates />
      {children}
    </QueryClientProvider>
  )
}
