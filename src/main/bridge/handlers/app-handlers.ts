import type { AppInfo } from '../../../shared/contract'
import { ConsoleError } from '../../engine/core/console-error'
import type { PresenterMode } from '../../engine/presenter/presenter-mode'
import type { HandlerRegistry } from '../registry'

/** Wires the `app:*` channels (presenter mode only where the runtime has one). */
export function registerAppHandlers(registry: HandlerRegistry, deps: { info: () => Promise<AppInfo>; presenter?: PresenterMode }): void {
  registry.handle('app:info', () => deps.info())
  registry.handle('app:ping', req => ({ echo: req.echo, at: new Date().toISOString() }))
  registry.handle('app:setPresenter', req => {
    if (!deps.presenter) throw new ConsoleError('unsupported', 'Presenter mode is not available in this host.')
    return deps.presenter.set(req.presenter)
  })
}
