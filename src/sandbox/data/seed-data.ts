import type { SandboxClient } from '../auth/client-registry'

export interface DemoLogin {
  username: string
  password: string
  merchantId: string
  merchantName: string
}

/** A location as returned by docs/api.md#locations (docs/api.md#location fields). */
export interface Location {
  id: number
  name: string
  timeZone: string
  merchantId: string
  countryCode: string
  currency: string
  language: string
  brandRef: string
  address: { street: string; city: string; state: string; zipCode: string }
}

/** A seeded location plus the sandbox-only eligibility flag (never serialised). */
export interface SeedLocation {
  location: Location
  eligible: boolean
  /** Why the location is not eligible; shown in the 422 body when someone installs it anyway. */
  ineligibleReason?: string
}

export interface Merchant {
  id: string
  name: string
}

export const PERMISSION_READ_LOCATIONS = 'read:locations'
export const PERMISSION_WRITE_INSTALLATIONS = 'write:installations'
export const ALL_PERMISSIONS = [PERMISSION_READ_LOCATIONS, PERMISSION_WRITE_INSTALLATIONS]

export const DEMO_LOGINS: DemoLogin[] = [
  { username: 'demo@globebistro.example', password: 'sandbox-demo', merchantId: 'M-1001', merchantName: 'Globe Bistro Group' },
  { username: 'owner@cafelumiere.example', password: 'sandbox-demo', merchantId: 'M-2002', merchantName: 'Café Lumière SARL' },
]

/** The default demo client: both permissions, loopback redirect URIs on port 8765. */
export const DEMO_CLIENT: SandboxClient = {
  clientId: 'sandbox-demo-client',
  clientSecret: 'sandbox-demo-secret',
  redirectUris: ['http://127.0.0.1:8765/callback', 'http://localhost:8765/callback'],
  name: 'Sandbox Demo Integration',
  permissions: [...ALL_PERMISSIONS],
}

/** A second demo client granted only `read:locations`, to walk the 403 path of installations. */
export const DEMO_READONLY_CLIENT: SandboxClient = {
  clientId: 'sandbox-readonly-client',
  clientSecret: 'sandbox-readonly-secret',
  redirectUris: ['http://127.0.0.1:8765/callback', 'http://localhost:8765/callback'],
  name: 'Sandbox Read-only Reporting',
  permissions: [PERMISSION_READ_LOCATIONS],
}

function loc(
  id: number,
  merchantId: string,
  name: string,
  timeZone: string,
  countryCode: string,
  currency: string,
  language: string,
  brandRef: string,
  address: Location['address'],
): Location {
  return { id, name, timeZone, merchantId, countryCode, currency, language, brandRef, address }
}

export const SEED_LOCATIONS: SeedLocation[] = [
  {
    eligible: true,
    location: loc(101001, 'M-1001', 'Globe Bistro Brussel Zavel', 'Europe/Brussels', 'BE', 'EUR', 'nl', 'GLOBE-BISTRO', {
      street: 'Grote Zavel 12',
      city: 'Brussel',
      state: 'Brussels-Capital',
      zipCode: '1000',
    }),
  },
  {
    eligible: true,
    location: loc(101002, 'M-1001', 'Globe Bistro SoHo', 'America/New_York', 'US', 'USD', 'en', 'GLOBE-BISTRO', {
      street: '148 Spring Street',
      city: 'New York',
      state: 'NY',
      zipCode: '10012',
    }),
  },
  {
    eligible: true,
    location: loc(101003, 'M-1001', 'Globe Bistro Shibuya', 'Asia/Tokyo', 'JP', 'JPY', 'ja', 'GLOBE-BISTRO-JP', {
      street: '2-21-1 Shibuya',
      city: 'Shibuya-ku',
      state: 'Tokyo',
      zipCode: '150-0002',
    }),
  },
  {
    eligible: true,
    location: loc(101004, 'M-1001', 'Globe Bistro Covent Garden', 'Europe/London', 'GB', 'GBP', 'en', 'GLOBE-BISTRO', {
      street: '27 Floral Street',
      city: 'London',
      state: 'Greater London',
      zipCode: 'WC2E 9DP',
    }),
  },
  {
    eligible: true,
    location: loc(101005, 'M-1001', 'Globe Bistro Vila Madalena', 'America/Sao_Paulo', 'BR', 'BRL', 'pt', 'GLOBE-BISTRO', {
      street: 'Rua Aspicuelta 422',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '05433-010',
    }),
  },
  {
    eligible: true,
    location: loc(101006, 'M-1001', 'Globe Bistro Surry Hills', 'Australia/Sydney', 'AU', 'AUD', 'en', 'GLOBE-BISTRO', {
      street: '355 Crown Street',
      city: 'Surry Hills',
      state: 'NSW',
      zipCode: '2010',
    }),
  },
  {
    eligible: false,
    ineligibleReason: 'location is closed for renovation and has no active POS subscription',
    location: loc(101090, 'M-1001', 'Globe Bistro Antwerpen (closed)', 'Europe/Brussels', 'BE', 'EUR', 'nl', 'GLOBE-BISTRO', {
      street: 'Groenplaats 5',
      city: 'Antwerpen',
      state: 'Antwerp',
      zipCode: '2000',
    }),
  },
  {
    eligible: false,
    ineligibleReason: 'location runs a POS version that does not support integrations',
    location: loc(101091, 'M-1001', 'Globe Bistro Pop-up Kiosk', 'America/New_York', 'US', 'USD', 'en', 'GLOBE-KIOSK', {
      street: '1 Pier 17',
      city: 'New York',
      state: 'NY',
      zipCode: '10038',
    }),
  },
  {
    eligible: true,
    location: loc(202001, 'M-2002', 'Café Lumière Marais', 'Europe/Paris', 'FR', 'EUR', 'fr', 'CAFE-LUMIERE', {
      street: '18 Rue des Rosiers',
      city: 'Paris',
      state: 'Île-de-France',
      zipCode: '75004',
    }),
  },
  {
    eligible: true,
    location: loc(202002, 'M-2002', 'Café Lumière Plateau', 'America/Toronto', 'CA', 'CAD', 'fr', 'CAFE-LUMIERE', {
      street: '4190 Rue Saint-Denis',
      city: 'Montréal',
      state: 'QC',
      zipCode: 'H2W 2M5',
    }),
  },
  {
    eligible: false,
    ineligibleReason: 'merchant contract for this location has ended',
    location: loc(202090, 'M-2002', 'Café Lumière Lyon (former)', 'Europe/Paris', 'FR', 'EUR', 'fr', 'CAFE-LUMIERE', {
      street: '3 Place Bellecour',
      city: 'Lyon',
      state: 'Auvergne-Rhône-Alpes',
      zipCode: '69002',
    }),
  },
]
