import type { PayMethod, ProductType } from '@rrp/contracts';
import { ORDER_LIMITS, ORDER_TIMING, PAY_METHODS } from '@rrp/contracts/constants';
import { Form, Input, InputNumber, Radio, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { Trans, useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';

export type PurchaseValues = { quantity: number | null; payMethod: PayMethod; payerName?: string; remark?: string };

/** The purchase form's fields: quantity (the traffic size for data), payment method, payer name, remark. */
export function PurchaseFields({ productType, companyName }: { productType: ProductType; companyName: string }) {
  const { t, i18n } = useTranslation();
  const data = productType === 1;
  const range = { min: ORDER_LIMITS.quantityMin, max: new Intl.NumberFormat(i18n.language).format(ORDER_LIMITS.quantityMax) };
  const quantityRules: Rule[] = [
    { required: true, message: data ? t('orders:form.sizeRequired') : t('orders:form.quantityRequired') },
    { type: 'integer', min: ORDER_LIMITS.quantityMin, max: ORDER_LIMITS.quantityMax, message: t('orders:form.quantityRange', range) },
  ];
  return (
    <>
      <Form.Item
        name="quantity"
        label={data ? t('orders:form.size') : t('orders:form.quantity')}
        extra={data ? t('orders:form.sizeHint', range) : t('orders:form.quantityHint', range)}
        rules={quantityRules}
      >
        <InputNumber
          min={ORDER_LIMITS.quantityMin}
          max={ORDER_LIMITS.quantityMax}
          precision={0}
          step={1}
          inputMode="numeric"
          suffix={data ? 'GB' : undefined}
          className="order-quantity"
          placeholder={data ? t('orders:form.sizePlaceholder') : undefined}
          data-testid="purchase-quantity"
        />
      </Form.Item>
      <Form.Item name="payMethod" label={t('orders:form.payMethod')} rules={[{ required: true, message: t('orders:form.payMethodRequired') }]}>
        <Radio.Group className="order-pay-methods" data-testid="purchase-pay-method">
          {PAY_METHODS.map((m) => (
            <Radio key={m} value={m} className="order-pay-method" data-testid={`purchase-pay-${m}`}>
              <span className="order-pay-method-name">{t(`orders:payMethod.${m}`)}</span>
              <Typography.Text type="secondary" className="order-pay-method-hint">
                {t(`orders:form.payHint.${m}`, { days: ORDER_TIMING.transferDueDays, expiry: ORDER_TIMING.offlineExpiryDays })}
              </Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="payerName"
        label={t('orders:form.payerName')}
        extra={<Trans i18nKey="orders:form.payerNameHint" values={{ name: companyName || '—' }} components={{ name: <UserText /> }} />}
        rules={[{ max: ORDER_LIMITS.payerNameMax, message: t('orders:tooLong', { max: ORDER_LIMITS.payerNameMax }) }]}
      >
        <Input
          placeholder={companyName}
          translate="no"
          autoComplete="organization"
          count={{ show: true, max: ORDER_LIMITS.payerNameMax }}
          data-testid="purchase-payer"
        />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('orders:form.remark')}
        rules={[{ max: ORDER_LIMITS.remarkMax, message: t('orders:tooLong', { max: ORDER_LIMITS.remarkMax }) }]}
      >
        <Input.TextArea rows={2} count={{ show: true, max: ORDER_LIMITS.remarkMax }} data-testid="purchase-remark" />
      </Form.Item>
    </>
  );
}

/** The create call's body from the form: empty payer name and remark are left out (the payer defaults to the company). */
export function orderBody(productType: ProductType, v: PurchaseValues) {
  const payerName = v.payerName?.trim();
  const remark = v.remark?.trim();
  return {
    productType,
    quantity: v.quantity ?? 0,
    payMethod: v.payMethod,
    ...(payerName ? { payerName } : {}),
    ...(remark ? { remark } : {}),
  };
}
