import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CatchMode, OAuthStartResult } from '../../../../shared/contract'
import { bridgeTransport, invoke } from '../../bridge/bridge'
import { authKeys } from '../../domain/query-keys'

/**
 * A new window name per attempt: `window.open('', name)` with the name of a popup that is now on another origin (the
 * authorize page, or the catcher's page with the code in its URL) is a navigation this page may no longer start once
 * the popup's opener is cut, and Chromium then logs that popup's URL, code and all, to this page's console.
 */
const popupName = () => `partner-consent-${Date.now().toString(36)}`
const POPUP_FEATURES = 'popup,width=520,height=720'

/** The consent popup this page opened (web host only). Never holds anything but the window handle. */
let popup: Window | null = null

/** Whether the last attempt to open the popup was blocked by the browser. */
let blocked = false

/**
 * Opens a new consent popup now (closing the last one), inside the click, so popup blockers let it through. The popup gets no
 * handle on this tab: its `opener` is cut before it is pointed at the authorize page (an imported environment's URL),
 * so that page cannot navigate the console to a look-alike. (`noopener` in the features would return no handle at all,
 * and the URL is only known once the engine answers.)
 */
function openBlankPopup(): Window | null {
  if (bridgeTransport !== 'web') return null
  closeConsentPopup()
  const w = window.open('', popupName(), POPUP_FEATURES)
  blocked = w === null
  if (w) {
    w.opener = null
    try {
      w.document.title = 'Preparing the authorize request…'
      w.document.body.textContent = 'Preparing the authorize request… (Partner API Console)'
    } catch {
      // the popup still shows a previous cross-origin page: it is navigated below anyway
    }
  }
  popup = w
  return w
}

/**
 * Closes the consent popup while it still shows this page's blank placeholder. Once it has gone to the authorize page
 * it is another origin's window with its opener cut: Chromium refuses `close()` from here and logs the popup's URL (the
 * code, on the catcher's page) to this page's console. The catcher's page tells the merchant to close the tab instead.
 */
export function closeConsentPopup(): void {
  try {
    if (popup && !popup.closed && popup.location.origin === window.location.origin) popup.close()
  } catch {
    // another origin's page now (reading its location throws): left to the merchant
  }
  popup = null
}

/** True when the browser refused to open the popup on the last start (the panel then offers a link). */
export function popupWasBlocked(): boolean {
  return blocked
}

/** Builds the authorize URL for a preview (`oauth:buildAuthorizeUrl`): nothing is opened, no listener starts. */
export function useBuildAuthorizeUrl() {
  return useMutation({
    mutationFn: (req: { envId: string; mode: CatchMode }) => invoke('oauth:buildAuthorizeUrl', req),
  })
}

/**
 * Starts the flow (`oauth:start`). In the web host the page opens the authorize URL: a blank popup is opened inside the
 * click (popup blockers allow that), then pointed at the URL once the engine answers. In the desktop app the engine
 * opens it (system browser or embedded window).
 */
export function useStartFlow() {
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: (req: { envId: string; mode: CatchMode; flowId?: string }) => invoke('oauth:start', req),
    onSettled: (_d, _e, req) => client.invalidateQueries({ queryKey: authKeys.status(req.envId) }),
  })
  const start = (req: { envId: string; mode: CatchMode; flowId?: string }) => {
    const w = openBlankPopup()
    mutation.mutate(req, {
      onSuccess: (result: OAuthStartResult) => {
        // Presenter mode shows a masked authorizeUrl; the popup goes to the real one, which no screen shows.
        lastPopupUrl = result.popupUrl ?? null
        if (result.opener === 'renderer' && w && !w.closed) w.location.href = result.popupUrl ?? result.authorizeUrl
        else if (result.opener === 'engine') closeConsentPopup()
      },
      onError: () => closeConsentPopup(),
    })
  }
  return { ...mutation, start }
}

/** Re-opens the authorize page of the pending flow (the popup was closed or blocked). */
export function reopenAuthorizePage(url: string): void {
  const w = openBlankPopup()
  if (w) w.location.href = lastPopupUrl ?? url
}

/** The real authorize URL of the last start in presenter mode (the displayed one is masked). */
let lastPopupUrl: string | null = null

/** Cancels the pending flow (`oauth:cancel`) and closes the popup. */
export function useCancelFlow() {
  return useMutation({
    mutationFn: (flowId: string | undefined) => invoke('oauth:cancel', flowId ? { flowId } : {}),
    onSettled: () => closeConsentPopup(),
  })
}

/** Hands a pasted redirect URL, query string or code to the engine (`oauth:pasteRedirect`). */
export function usePasteRedirect() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (req: { input: string; flowId?: string; envId: string }) =>
      invoke('oauth:pasteRedirect', req.flowId ? { input: req.input, flowId: req.flowId } : { input: req.input }),
    onSettled: (_d, _e, req) => client.invalidateQueries({ queryKey: authKeys.status(req.envId) }),
  })
}

/** Compares a registered redirect URI with the one sent (`oauth:diagnoseRedirect`). */
export function useDiagnoseRedirect() {
  return useMutation({
    mutationFn: (req: { envId: string; registered: string; sent?: string }) => invoke('oauth:diagnoseRedirect', req),
  })
}
