import { AC_COUNT_RE, AC_LIMITS, EID_RE, IMEI_RE } from '@rrp/contracts/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/*
 * Client checks mirroring the AC contracts: the server checks the same, these only say it
 * earlier and in the reader's language.
 */

/** The largest import file, in MB (for the texts). */
export const AC_FILE_MAX_MB = AC_LIMITS.fileBytes / 1024 / 1024;

export type AcFileProblem = 'extension' | 'size' | 'empty';

/** An import file: .xlsx, not empty, at most AC_LIMITS.fileBytes. */
export function checkAcFile(file: { name: string; size: number }): AcFileProblem | null {
  if (!/\.xlsx$/i.test(file.name)) return 'extension';
  if (file.size <= 0) return 'empty';
  if (file.size > AC_LIMITS.fileBytes) return 'size';
  return null;
}

/** The declared count of an import: six digits (e.g. 000120 for 120 rows), from 1 to the row limit. */
export function countProblem(value: string | undefined): 'required' | 'format' | 'range' | null {
  const v = (value ?? '').trim();
  if (!v) return 'required';
  if (!AC_COUNT_RE.test(v)) return 'format';
  const n = Number(v);
  if (n < 1 || n > AC_LIMITS.importMaxRows) return 'range';
  return null;
}

export function countRules(t: TFunction): FormRule[] {
  return [
    {
      validator: (_, v: string | undefined) => {
        const problem = countProblem(v);
        if (!problem) return Promise.resolve();
        return Promise.reject(new Error(t(`ac:import.countProblem.${problem}`, { max: String(AC_LIMITS.importMaxRows).padStart(6, '0') })));
      },
    },
  ];
}

export type BindKind = 'imei' | 'eid';

/** The device an AC is bound to: an IMEI (15 digits) or an EID (32 digits starting 89). */
export function deviceIdRules(t: TFunction, kind: BindKind): FormRule[] {
  const re = kind === 'imei' ? IMEI_RE : EID_RE;
  return [
    {
      validator: (_, v: string | undefined) => {
        const id = (v ?? '').trim();
        if (!id) return Promise.reject(new Error(t(`ac:bind.required.${kind}`)));
        if (!re.test(id)) return Promise.reject(new Error(t(`ac:bind.invalid.${kind}`)));
        return Promise.resolve();
      },
    },
  ];
}
