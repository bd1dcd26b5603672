import type { TCountry } from '@rrp/contracts';

/** Not countries or regions a company is registered in. */
const EXCLUDED = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'ZZ',
  'XA',
  'XB',
  'AA',
  'QM',
  'QN',
  'QP',
  'QQ',
  'QR',
  'QS',
  'QT',
  'QU',
  'QV',
  'QW',
  'QX',
  'QY',
  'QZ',
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'IC',
  'TA',
]);

/** Names as a mainland Chinese business registry writes them. */
const OVERRIDES: Record<string, { nameZh: string; nameEn: string }> = {
  HK: { nameZh: '中国香港', nameEn: 'Hong Kong, China' },
  MO: { nameZh: '中国澳门', nameEn: 'Macao, China' },
  TW: { nameZh: '中国台湾', nameEn: 'Taiwan, China' },
};

function build(): TCountry[] {
  const zh = new Intl.DisplayNames(['zh-CN'], { type: 'region', fallback: 'none' });
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const out: TCountry[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (EXCLUDED.has(code) || (code.startsWith('X') && code !== 'XK')) continue;
      const nameEn = en.of(code);
      const nameZh = zh.of(code);
      if (!nameEn || !nameZh || nameEn === code) continue;
      out.push(OVERRIDES[code] ? { code, ...OVERRIDES[code] } : { code, nameZh, nameEn });
    }
  // China first, then alphabetical by English name.
  return out.sort((x, y) => (x.code === 'CN' ? -1 : y.code === 'CN' ? 1 : x.nameEn.localeCompare(y.nameEn)));
}

export const COUNTRIES: TCountry[] = build();
export const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));
