import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { QueryRoot } from './frame/query-root'
import './styles.css'

// A page that opened this tab (another site, or another port of this machine) keeps no say over it: cut at once, before
// anything renders, it can no longer navigate the console to a look-alike. The web host sends no
// Cross-Origin-Opener-Policy, which would cut it too but made every cold start pay a second renderer process
// (security-headers.ts).
if (window.opener) window.opener = null

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryRoot client={queryClient}>
        <App />
      </QueryRoot>
    </StrictMode>,
  )
}
