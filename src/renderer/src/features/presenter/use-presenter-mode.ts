import { useMutation } from '@tanstack/react-query'
import { invoke } from '../../bridge/bridge'
import { usePresenterStore } from '../../stores/presenter-store'

/** `app:setPresenter`: turns presenter mode on or off in the engine, then on the page as the engine answered. */
export function useSetPresenter() {
  return useMutation({
    mutationFn: (presenter: boolean) => invoke('app:setPresenter', { presenter }),
    onSuccess: r => usePresenterStore.getState().set(r.presenter),
  })
}
