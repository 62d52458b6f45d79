import { useMutation } from '@tanstack/react-query'
import type { RefObject } from 'react'
import type { RequestOf } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { type CapturedRequest, useInspectorStore } from './inspector-store'

/** The `signing:explain` request for a captured request (the secret, if typed, is added at call time only). */
function toExplainRequest(c: CapturedRequest, checkFreshness: boolean): Omit<RequestOf<'signing:explain'>, 'clientSecret'> {
  const claimed = c.claimedClientId.trim()
  return {
    method: c.method.trim(),
    path: c.path.trim(),
    body: c.body === '' ? null : c.body,
    headers: {
      'x-access-key': c.accessKey.trim(),
      'x-timestamp': c.timestamp.trim(),
      'x-signature': c.signature.trim(),
    },
    checkFreshness,
    ...(claimed !== '' ? { clientId: claimed } : {}),
  }
}

/**
 * Runs the explainer on the captured request as it is in the store when called. Called without variables, so the
 * mutation cache never holds the request or the secret (read from the panel's ref at call time).
 */
export function useExplain(secret: RefObject<string>) {
  return useMutation({
    mutationFn: () => {
      const { captured, checkFreshness } = useInspectorStore.getState()
      const typed = secret.current
      return invoke('signing:explain', { ...toExplainRequest(captured, checkFreshness), ...(typed ? { clientSecret: typed } : {}) })
    },
  })
}
