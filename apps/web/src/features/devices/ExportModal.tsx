import { EXPORT_LIMITS } from '@rrp/contracts/constants';
import { Alert, type ButtonProps, DatePicker, Form, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { downloadUsage, type ExportMode } from './api';
import { checkExportRange, maxSpanDays, monthRange } from './rules';

const DAY = 'YYYY-MM-DD';

/** Dates are UTC days; the pickers work on plain calendar dates. */
const todayUtc = () => dayjs.utc().format(DAY);

/** Export the usage of the company's devices as a spreadsheet, by day, by month or for a custom range. */
export function ExportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ExportMode>('day');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  const today = todayUtc();
  const { start, end } =
    mode === 'month'
      ? month
        ? monthRange(month.format('YYYY-MM'), today)
        : { start: null, end: null }
      : { start: range?.[0]?.format(DAY) ?? null, end: range?.[1]?.format(DAY) ?? null };
  const problem = checkExportRange(mode, start, end, today);

  const disabledDate = (current: Dayjs, info?: { from?: Dayjs }) => {
    if (current.format(DAY) > today) return true;
    if (info?.from) {
      const span = maxSpanDays(mode) - 1;
      return Math.abs(current.startOf('day').diff(info.from.startOf('day'), 'day')) > span;
    }
    return false;
  };

  const submit = async () => {
    setTouched(true);
    if (problem || !start || !end) return;
    setBusy(true);
    try {
      await downloadUsage(mode, start, end);
      onClose();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('devices:export.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('devices:export.submit')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'device-export-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('devices:export.mode')}>
          <Radio.Group
            value={mode}
            data-testid="device-export-mode"
            onChange={(e) => {
              setMode(e.target.value as ExportMode);
              setTouched(false);
            }}
            options={[
              { value: 'day', label: t('devices:export.modeDay') },
              { value: 'month', label: t('devices:export.modeMonth') },
              { value: 'custom', label: t('devices:export.modeCustom') },
            ]}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          label={mode === 'month' ? t('devices:export.month') : t('devices:export.range')}
          validateStatus={touched && problem ? 'error' : undefined}
          help={
            touched && problem ? t(`devices:export.problem.${problem}`, { day: EXPORT_LIMITS.dayModeMaxDays, custom: EXPORT_LIMITS.customMaxDays }) : undefined
          }
          extra={t(`devices:export.rule.${mode}`, { day: EXPORT_LIMITS.dayModeMaxDays, custom: EXPORT_LIMITS.customMaxDays })}
        >
          {mode === 'month' ? (
            <div data-testid="device-export-month">
              <DatePicker picker="month" value={month} onChange={setMonth} disabledDate={(c) => c.format('YYYY-MM') > today.slice(0, 7)} />
            </div>
          ) : (
            <div data-testid="device-export-range">
              <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} disabledDate={disabledDate} />
            </div>
          )}
        </Form.Item>
        {start && end && !problem && <Typography.Text type="secondary">{t('devices:export.summary', { start, end })}</Typography.Text>}
      </Form>
      <Alert type="info" showIcon title={t('devices:export.utc')} className="devices-gap-top" />
    </Modal>
  );
}
