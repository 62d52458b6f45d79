import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { App } from '../app'
import { QueryRoot } from '../frame/query-root'

/** The query client the console starts with: no retries, no refetch on focus (the engine pushes what changes). */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })
}

/**
 * The whole console as React renders it: the same tree in the page (main.tsx) and in the build's pre-render of the
 * first screen (prerender.tsx), so the page can hydrate the pre-rendered markup instead of building it again.
 */
export function ConsoleTree({ client }: { client: QueryClient }) {
  return (
    <StrictMode>
      <QueryRoot client={client}>
        <App />
      </QueryRoot>
    </StrictMode>
  )
}
