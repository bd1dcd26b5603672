import { ORDER_TIMING } from '@rrp/contracts/constants';
import { Alert, Descriptions, type DescriptionsProps, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import type { TOrderDetail } from './api';
import { fenText, formatYuan, toFen } from './money';

/** Where and how to transfer: account, amount, the remittance code for the remark, the deadlines and where the transfer stands. */
export function RemittanceDetails({ order: o }: { order: TOrderDetail }) {
  const { t, i18n } = useTranslation();
  const account = o.remittanceAccount;
  const [minDays, maxDays] = ORDER_TIMING.reconciliationWorkingDays;
  const copy = (text: string | null | undefined) =>
    text ? (
      <Typography.Text copyable translate="no">
        {text}
      </Typography.Text>
    ) : (
      '—'
    );
  const items: DescriptionsProps['items'] = [
    { key: 'accountName', label: t('orders:remittanceDialog.accountName'), children: copy(account?.accountName) },
    { key: 'bankName', label: t('orders:remittanceDialog.bankName'), children: copy(account?.bankName) },
    {
      key: 'accountNo',
      label: t('orders:remittanceDialog.accountNo'),
      children: account ? (
        <Typography.Text copyable strong translate="no" data-testid="remittance-account-no">
          {account.accountNo}
        </Typography.Text>
      ) : (
        '—'
      ),
    },
    {
      key: 'amount',
      label: t('orders:remittanceDialog.amount'),
      children: (
        <Typography.Text strong copyable={{ text: fenText(toFen(o.totalAmount), 'en').replace(/,/g, '') }} data-testid="remittance-amount">
          {formatYuan(o.totalAmount, i18n.language)}
        </Typography.Text>
      ),
    },
    {
      key: 'code',
      label: t('orders:remittanceDialog.code'),
      children: (
        <div>
          <Typography.Text copyable strong translate="no" className="order-remittance-code" data-testid="remittance-code">
            {o.remittanceCode ?? '—'}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">{t('orders:remittanceDialog.codeHint')}</Typography.Text>
          </div>
        </div>
      ),
    },
    { key: 'payer', label: t('orders:field.payerName'), children: <UserText>{o.payerName}</UserText> },
    {
      key: 'due',
      label: t('orders:remittanceDialog.dueAt'),
      children: t('orders:utcTime', { time: formatUtc(o.transferDueAt, 'YYYY-MM-DD HH:mm') }),
    },
    { key: 'expires', label: t('orders:remittanceDialog.expiresAt'), children: t('orders:utcTime', { time: formatUtc(o.expiresAt, 'YYYY-MM-DD HH:mm') }) },
  ];
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="order-gap"
        title={t('orders:remittanceDialog.steps', {
          days: ORDER_TIMING.transferDueDays,
          min: minDays,
          max: maxDays,
          expiry: ORDER_TIMING.offlineExpiryDays,
        })}
      />
      <Descriptions bordered size="small" column={1} items={items} className="order-gap" data-testid="remittance-details" />
      {o.remittanceState === 'submitted' && (
        <Alert
          type="success"
          showIcon
          className="order-gap"
          data-testid="remittance-submitted"
          title={
            <Trans
              i18nKey="orders:remittanceDialog.submitted"
              values={{ no: o.bankTransactionNo ?? '—', min: minDays, max: maxDays }}
              components={{ no: <UserText /> }}
            />
          }
        />
      )}
      {o.remittanceState === 'rejected' && (
        <Alert
          type="error"
          showIcon
          className="order-gap"
          data-testid="remittance-rejected"
          title={t('orders:remittanceDialog.rejected')}
          description={
            <>
              <div>
                {t('orders:remittanceDialog.rejectReason')}
                {t('common:colon')}
                <UserText className="break-all">
                  <span data-testid="remittance-reject-reason">{o.remittanceRejectReason ?? '—'}</span>
                </UserText>
              </div>
              <div>{t('orders:remittanceDialog.correct')}</div>
            </>
          }
        />
      )}
    </>
  );
}
