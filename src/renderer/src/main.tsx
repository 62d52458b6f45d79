import { createRoot, hydrateRoot } from 'react-dom/client'
import { ConsoleTree, createConsoleQueryClient } from './first-screen/console-tree'
import { firstRenderInputs } from './first-screen/first-render-inputs'
import './styles.css'

// A page that opened this tab lost its handle on it, and a chosen theme was applied, before anything was shown: the
// inline script of index.html (shared/head-script.ts).

// The web host answered the launch URL with this page and the session cookie at once: its one-time token is spent, and
// leaves the address bar and this history entry now, before anything renders (web-host.ts).
const launch = new URL(location.href)
if (launch.searchParams.has('token')) {
  launch.searchParams.delete('token')
  history.replaceState(history.state, '', launch.pathname + launch.search + launch.hash)
}

const root = document.getElementById('root')
if (root) {
  const tree = <ConsoleTree client={createConsoleQueryClient()} />
  // The built page carries the first screen pre-rendered (prerender.tsx) and the inputs it was rendered from: the same
  // inputs here (a fresh profile, a window tall enough for the drawer, the browser's bridge) make the same markup, so
  // React adopts it. Otherwise React renders afresh; the pre-rendered screen stays until that render replaces it.
  if (root.dataset.firstRender !== undefined && root.dataset.firstRender === firstRenderInputs()) hydrateRoot(root, tree)
  else createRoot(root).render(tree)
}
