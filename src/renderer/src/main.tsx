import { createRoot, hydrateRoot } from 'react-dom/client'
import { ConsoleTree, createConsoleQueryClient } from './first-screen/console-tree'
import { firstRenderInputs } from './first-screen/first-render-inputs'
import './styles.css'

// A page that opened this tab (another site, or another port of this machine) keeps no say over it: cut at once, before
// anything renders, it can no longer navigate the console to a look-alike. The web host sends no
// Cross-Origin-Opener-Policy, which would cut it too but made every cold start pay a second renderer process
// (security-headers.ts).
if (window.opener) window.opener = null

const root = document.getElementById('root')
if (root) {
  const tree = <ConsoleTree client={createConsoleQueryClient()} />
  // The built page carries the first screen pre-rendered (prerender.tsx) and the inputs it was rendered from: the same
  // inputs here (a fresh profile, a window tall enough for the drawer, the browser's bridge) make the same markup, so
  // React adopts it. Otherwise React renders afresh; the pre-rendered screen stays until that render replaces it.
  if (root.dataset.firstRender !== undefined && root.dataset.firstRender === firstRenderInputs()) hydrateRoot(root, tree)
  else createRoot(root).render(tree)
}
