import { AC_OPERATOR_CODES, type AcOperatorCode, LOCALES } from '@rrp/contracts';
import { t } from '../../i18n/index.js';

const key = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** Every way an import file may name an operator: its name in either language, or its PLMN code. */
const byName = new Map<string, AcOperatorCode>(
  AC_OPERATOR_CODES.flatMap((code) => [[code, code] as const, ...LOCALES.map((l) => [key(t(l, `ac.operator.${code}`)), code] as const)]),
);

/** The operator an import file names (`中国移动`, `China Mobile`, `46000`), or null when unknown. */
export const acOperatorCode = (text: string): AcOperatorCode | null => byName.get(key(text)) ?? null;
