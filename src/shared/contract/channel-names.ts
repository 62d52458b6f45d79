import type { ChannelName } from './index'

/**
 * Every invoke channel's name, without the schemas: what the preload and the web client need to build `api.domain.verb`
 * (pulling the channel map would bundle zod and every schema into them). The type checker keeps it equal to the
 * channel map: a name missing here, or one that is not a channel, fails `npm run typecheck`.
 */
export const CHANNEL_NAMES = [
  'app:info',
  'app:ping',
  'env:list',
  'env:get',
  'env:validate',
  'env:create',
  'env:update',
  'env:duplicate',
  'env:delete',
  'env:setActive',
  'env:export',
  'env:import',
  'env:revealSecret',
  'oauth:buildAuthorizeUrl',
  'oauth:start',
  'oauth:cancel',
  'oauth:pasteRedirect',
  'oauth:status',
  'oauth:tokens',
  'oauth:refresh',
  'oauth:revealToken',
  'oauth:forget',
  'oauth:diagnoseRedirect',
  'signing:sign',
  'signing:explain',
  'signing:skew',
  'signing:probe',
  'signing:setTimeSource',
  'signing:now',
  'http:send',
  'http:listLocations',
  'http:install',
  'http:exportTickets',
  'quota:list',
  'quota:reset',
  'quota:configure',
  'log:list',
  'log:get',
  'log:clear',
  'log:configure',
  'log:exportHar',
  'log:importHar',
  'log:curl',
  'sandbox:state',
  'sandbox:clock',
  'sandbox:expireTokens',
  'sandbox:revokeToken',
  'sandbox:resetQuotas',
  'sandbox:setLimit',
  'sandbox:addFault',
  'sandbox:clearFaults',
  'sandbox:applyScenario',
  'sandbox:clearScenario',
] as const satisfies readonly ChannelName[]

type Listed = (typeof CHANNEL_NAMES)[number]
/** Fails to compile when a channel of the map is not listed above (the name shows in the error). */
export const EVERY_CHANNEL_LISTED: [Exclude<ChannelName, Listed>] extends [never] ? true : Exclude<ChannelName, Listed> = true
