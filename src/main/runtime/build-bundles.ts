import pkg from '../../../package.json' with { type: 'json' }
import { BundleReplay } from '../engine/bundle/bundle-replay'
import { LifecycleRecorder } from '../engine/bundle/lifecycle-recorder'
import { ReproBundles } from '../engine/bundle/repro-bundle'
import type { Core } from './build-core'
import type { RequestsEngine } from './requests-engine'

/**
 * Builds the repro bundles (the log, the environment without secrets, skew, quotas, token fingerprints and the token
 * lifecycle recorded from now on) and their replay through the Requests workbench. The lifecycle recorder listens to
 * the bus from this moment: build it before the run it describes.
 */
export function buildBundles(core: Core, requests: RequestsEngine): { bundles: ReproBundles; replay: BundleReplay } {
  const { bus, secrets, layer, environments, auth, skew } = core
  const lifecycle = new LifecycleRecorder(bus)
  core.onClose(() => lifecycle.close())
  const environment = async (envId?: string) => {
    const env = await environments.get(envId ?? environments.resolveId())
    const record = environments.record(env.id)
    return { ...env, catchMode: record.catchMode, pkce: record.pkce }
  }
  const bundles = new ReproBundles({
    log: layer.log,
    secrets,
    environment,
    tokens: envId => auth.tokens.view(envId),
    quotas: () => layer.quota.list(),
    skew: () => skew.estimate(),
    lifecycle,
    creator: { name: 'Partner API Console', version: pkg.version },
  })
  const replay = new BundleReplay({ bundles, formats: requests.formats, requests: requests.service, environment, bus })
  return { bundles, replay }
}
