/** Menu items used to fabricate tickets: a base price in EUR and names per seeded language. */
interface MenuItem {
  sku: string
  baseEur: number
  names: Record<string, string>
}

export const MENU: MenuItem[] = [
  { sku: 'DRK-ESP', baseEur: 2.8, names: { en: 'Espresso', nl: 'Espresso', fr: 'Espresso', ja: 'エスプレッソ', pt: 'Espresso' } },
  { sku: 'DRK-CAP', baseEur: 3.9, names: { en: 'Cappuccino', nl: 'Cappuccino', fr: 'Cappuccino', ja: 'カプチーノ', pt: 'Cappuccino' } },
  {
    sku: 'DRK-SPW',
    baseEur: 3.2,
    names: { en: 'Sparkling water', nl: 'Bruiswater', fr: 'Eau pétillante', ja: '炭酸水', pt: 'Água com gás' },
  },
  {
    sku: 'DRK-WIN',
    baseEur: 6.5,
    names: { en: 'Glass of house wine', nl: 'Glas huiswijn', fr: 'Verre de vin maison', ja: 'グラスワイン', pt: 'Taça de vinho da casa' },
  },
  { sku: 'DRK-BEE', baseEur: 5, names: { en: 'Draught beer', nl: 'Tapbier', fr: 'Bière pression', ja: '生ビール', pt: 'Chope' } },
  {
    sku: 'STR-SOU',
    baseEur: 7.5,
    names: { en: 'Soup of the day', nl: 'Dagsoep', fr: 'Soupe du jour', ja: '本日のスープ', pt: 'Sopa do dia' },
  },
  {
    sku: 'STR-CAE',
    baseEur: 13.5,
    names: { en: 'Caesar salad', nl: 'Caesarsalade', fr: 'Salade César', ja: 'シーザーサラダ', pt: 'Salada Caesar' },
  },
  {
    sku: 'MAI-CRQ',
    baseEur: 9.5,
    names: { en: 'Croque monsieur', nl: 'Croque monsieur', fr: 'Croque-monsieur', ja: 'クロックムッシュ', pt: 'Misto quente' },
  },
  {
    sku: 'MAI-STK',
    baseEur: 24,
    names: { en: 'Steak frites', nl: 'Steak-friet', fr: 'Steak-frites', ja: 'ステーキフリット', pt: 'Bife com fritas' },
  },
  {
    sku: 'DES-MOU',
    baseEur: 7,
    names: { en: 'Chocolate mousse', nl: 'Chocolademousse', fr: 'Mousse au chocolat', ja: 'チョコレートムース', pt: 'Mousse de chocolate' },
  },
]

/** Rough price level per currency relative to EUR, and the currency's minor-unit exponent. */
export const CURRENCIES: Record<string, { perEur: number; exponent: number; step: number }> = {
  EUR: { perEur: 1, exponent: 2, step: 10 },
  USD: { perEur: 1.15, exponent: 2, step: 25 },
  GBP: { perEur: 0.85, exponent: 2, step: 10 },
  JPY: { perEur: 165, exponent: 0, step: 10 },
  BRL: { perEur: 5.8, exponent: 2, step: 50 },
  AUD: { perEur: 1.7, exponent: 2, step: 10 },
  CAD: { perEur: 1.55, exponent: 2, step: 25 },
}

/** Tax included in menu prices, per country (approximate restaurant rates). */
export const TAX_RATES: Record<string, number> = {
  BE: 0.12,
  US: 0.08875,
  JP: 0.1,
  GB: 0.2,
  BR: 0.05,
  AU: 0.1,
  FR: 0.1,
  CA: 0.14975,
}

export const STAFF: Record<string, string[]> = {
  en: ['Olivia', 'James', 'Amelia', 'Noah'],
  nl: ['Lotte', 'Jens', 'Fien', 'Wout'],
  fr: ['Camille', 'Louis', 'Chloé', 'Hugo'],
  ja: ['佐藤 (Sato)', '鈴木 (Suzuki)', '高橋 (Takahashi)', '田中 (Tanaka)'],
  pt: ['Ana', 'Pedro', 'Beatriz', 'Lucas'],
}

export const PAYMENT_METHODS = ['card', 'card', 'card', 'cash', 'mobile']
