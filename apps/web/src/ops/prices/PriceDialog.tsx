import type { TMerchandise } from '@rrp/contracts';
import { ORDER_LIMITS } from '@rrp/contracts/constants';
import { App, DatePicker, Form, InputNumber, type InputNumberProps, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productLabel } from '../../features/orders/labels';
import { toFen } from '../../features/orders/money';
import dayjs from '../../lib/dayjs';
import { useUpdatePrice } from './api';

/** The back office's price list in the query cache. */

type Values = { unitPrice: number | null; promoPrice: number | null; promoUntil: Dayjs | null };

/*
 * The picker shows and takes the promotion end as UTC wall time (the platform's time): a UTC
 * instant is shown as a local date with the same digits, and read back the same way.
 */
const utcToPicker = (iso: string | null) => (iso ? dayjs(dayjs.utc(iso).format('YYYY-MM-DDTHH:mm:ss')) : null);
const pickerToUtc = (d: Dayjs) => dayjs.utc(d.format('YYYY-MM-DDTHH:mm:ss')).toISOString();

/** A price in yuan: two decimals, within the catalogue's bounds (Form.Item passes value and onChange). */
function YuanInput(props: InputNumberProps<number>) {
  return <InputNumber min={0.01} max={ORDER_LIMITS.priceMaxYuan} precision={2} step={1} prefix="¥" className="order-price-field" {...props} />;
}

/** Sets a product's unit price, and a promotional price below it with an optional end (UTC). */
export function PriceDialog({ product, onClose }: { product: TMerchandise; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdatePrice();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const promo = Form.useWatch('promoPrice', form);

  const yuanRules = (required: boolean): Rule[] => [
    ...(required ? [{ required: true, message: t('ops:prices.unitRequired') }] : []),
    {
      type: 'number',
      min: 0.01,
      max: ORDER_LIMITS.priceMaxYuan,
      message: t('ops:prices.range', { max: new Intl.NumberFormat('en').format(ORDER_LIMITS.priceMaxYuan) }),
    },
  ];

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || v.unitPrice === null) return;
    setSaving(true);
    try {
      await update.mutateAsync({
        productType: product.productType,
        unitPrice: toFen(v.unitPrice) / 100,
        promoPrice: v.promoPrice === null || v.promoPrice === undefined ? null : toFen(v.promoPrice) / 100,
        promoUntil: v.promoPrice !== null && v.promoPrice !== undefined && v.promoUntil ? pickerToUtc(v.promoUntil) : null,
      });
      void message.success(t('ops:prices.saved'));
      onClose();
    } catch {
      /* shown by the http client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('ops:prices.editTitle', { product: productLabel(t, product.productType, product.name) })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('ops:prices.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'ops-price-save' } as never}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ unitPrice: product.unitPrice, promoPrice: product.promoPrice, promoUntil: utcToPicker(product.promoUntil) }}
      >
        <Form.Item name="unitPrice" label={t('ops:prices.unitPriceYuan', { unit: t(`orders:unit.${product.productType}`) })} rules={yuanRules(true)}>
          <YuanInput data-testid="ops-price-unit" />
        </Form.Item>
        <Form.Item
          name="promoPrice"
          label={t('ops:prices.promoPriceYuan')}
          extra={t('ops:prices.promoHint')}
          dependencies={['unitPrice']}
          rules={[
            ...yuanRules(false),
            ({ getFieldValue }) => ({
              validator: (_, v: number | null) => {
                const unit = getFieldValue('unitPrice') as number | null;
                return v === null || v === undefined || unit === null || unit === undefined || toFen(v) < toFen(unit)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('ops:prices.promoBelow')));
              },
            }),
          ]}
        >
          <YuanInput data-testid="ops-price-promo" />
        </Form.Item>
        <Form.Item
          name="promoUntil"
          label={t('ops:prices.promoUntilUtc')}
          extra={t('ops:prices.promoUntilHint')}
          rules={[
            {
              validator: (_, v: Dayjs | null) =>
                !v || dayjs.utc(v.format('YYYY-MM-DDTHH:mm:ss')).isAfter(dayjs.utc())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('ops:prices.promoUntilPast'))),
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabled={promo === null || promo === undefined} data-testid="ops-price-until" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
