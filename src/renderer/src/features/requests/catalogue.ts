import { exportTicketsQuery, SPEC_PATHS } from '../../../../shared/spec'
import type { Draft } from './draft'

/** One ready request of the spec, with the limit docs/api.md#limits gives its family. */
interface CatalogueItem {
  id: string
  name: string
  note?: string
  draft: Draft
}

interface CatalogueGroup {
  id: string
  title: string
  limit: string
  /** Set for the docs/api.md#limits families, whose paths the spec does not show (docs/requests.md). */
  illustrative?: boolean
  items: CatalogueItem[]
}

const json = { name: 'content-type', value: 'application/json', enabled: true }
const d = (p: Partial<Draft> & Pick<Draft, 'method' | 'path' | 'auth'>): Draft => ({
  target: 'api',
  params: {},
  query: [],
  headers: [],
  body: '',
  ...p,
})
const q = (name: string, value: string) => ({ name, value, enabled: true })

/** The spec's endpoints as ready requests, grouped as the spec groups them (docs/api.md#authorize to #example-locations, then the families of docs/api.md#limits). */
export const CATALOGUE: CatalogueGroup[] = [
  {
    id: 'oauth',
    title: '4.1–4.3 Authorization and tokens',
    limit: '100 per 60 min',
    items: [
      {
        id: '4.1',
        name: '4.1 Authorize (browser redirect)',
        note: 'A browser page: the Consent flow section runs it properly; here you see its answer.',
        draft: d({
          method: 'GET',
          target: 'auth',
          path: SPEC_PATHS.authorize,
          auth: 'none',
          query: [q('client_id', ''), q('redirect_uri', ''), q('response_type', 'code'), q('state', 'xyz')],
        }),
      },
      {
        id: '4.2',
        name: '4.2 Token: exchange the code',
        note: 'Type the code and the secret yourself: the console never puts a secret into a request you edit.',
        draft: d({
          method: 'POST',
          target: 'auth',
          path: SPEC_PATHS.token,
          auth: 'none',
          headers: [json],
          body: '{\n  "grant_type": "authorization_code",\n  "code": "",\n  "redirect_uri": "",\n  "client_id": "",\n  "client_secret": ""\n}',
        }),
      },
      {
        id: '4.3',
        name: '4.3 Token: refresh',
        note: 'Bearer requests refresh by themselves on a 401; this shows the call.',
        draft: d({
          method: 'POST',
          target: 'auth',
          path: SPEC_PATHS.token,
          auth: 'none',
          headers: [json],
          body: '{\n  "grant_type": "refresh_token",\n  "refresh_token": "",\n  "client_id": "",\n  "client_secret": ""\n}',
        }),
      },
    ],
  },
  {
    id: 'partner',
    title: '4.4–4.7 Locations, installations, export',
    limit: '100 per 60 min',
    items: [
      {
        id: '4.4',
        name: '4.4 Eligible locations',
        draft: d({ method: 'GET', path: SPEC_PATHS.locations, auth: 'bearer' }),
      },
      {
        id: '4.5',
        name: '4.5 Install integration',
        draft: d({
          method: 'POST',
          path: SPEC_PATHS.installations,
          auth: 'bearer',
          headers: [json],
          body: '{\n  "locationId": 101001\n}',
        }),
      },
      {
        id: '4.6',
        name: '4.6 Export tickets (HMAC)',
        draft: d({
          method: 'GET',
          path: SPEC_PATHS.exportTickets,
          params: { locationId: '101001' },
          auth: 'hmac',
          query: [...new URLSearchParams(exportTicketsQuery('2026-01-01', '2026-01-07'))].map(([name, value]) => q(name, value)),
        }),
      },
      {
        id: '4.7',
        name: '4.7 Locations (bearer example)',
        draft: d({ method: 'GET', target: 'auth', path: SPEC_PATHS.exampleLocations, auth: 'bearer' }),
      },
    ],
  },
  {
    id: 'online-ordering',
    title: '8 · Online ordering orders (V1, V2)',
    limit: '500 per hour per resource',
    illustrative: true,
    items: ['v1', 'v2'].flatMap(v => [
      {
        id: `oo-${v}-list`,
        name: `${v.toUpperCase()} List orders`,
        draft: d({ method: 'GET', path: `/online-ordering/${v}/orders`, auth: 'bearer' }),
      },
      {
        id: `oo-${v}-create`,
        name: `${v.toUpperCase()} Create order`,
        draft: d({
          method: 'POST',
          path: `/online-ordering/${v}/orders`,
          auth: 'bearer',
          headers: [json],
          body: '{\n  "locationId": 101001,\n  "items": []\n}',
        }),
      },
      {
        id: `oo-${v}-get`,
        name: `${v.toUpperCase()} Get order`,
        draft: d({ method: 'GET', path: `/online-ordering/${v}/orders/{orderId}`, params: { orderId: `${v}-ord-1` }, auth: 'bearer' }),
      },
    ]),
  },
  {
    id: 'pos-checks',
    title: '8 · POS checks',
    limit: '500 per hour',
    illustrative: true,
    items: [
      {
        id: 'pos-checks',
        name: 'List checks',
        draft: d({ method: 'GET', path: '/pos/v2/{locationId}/checks', params: { locationId: '101001' }, auth: 'bearer' }),
      },
      {
        id: 'pos-check',
        name: 'Get a check',
        draft: d({
          method: 'GET',
          path: '/pos/v2/{locationId}/checks/{checkId}',
          params: { locationId: '101001', checkId: 'chk-101001-1' },
          auth: 'bearer',
        }),
      },
    ],
  },
  {
    id: 'pos-lookup',
    title: '8 · Ticket lookup',
    limit: '500 per hour',
    illustrative: true,
    items: [
      {
        id: 'pos-lookup',
        name: 'POST /pos/v2/lookup/tickets',
        draft: d({
          method: 'POST',
          path: '/pos/v2/lookup/tickets',
          auth: 'hmac',
          headers: [json],
          body: '{\n  "ticketIds": ["T-1", "T-2"]\n}',
        }),
      },
    ],
  },
]
