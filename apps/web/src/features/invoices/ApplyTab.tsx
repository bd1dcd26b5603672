import { App, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../lib/useIsPhone';
import { ApplyResult } from './ApplyResult';
import { type InvoiceType, type TInvoiceableOrder, type TInvoiceDetail, useApplyInvoice } from './api';
import { ConfirmPartiesStep } from './ConfirmPartiesStep';
import { SelectOrdersStep } from './SelectOrdersStep';
import { keepAllowed } from './selection';

type Step = 0 | 1 | 2;

/**
 * Applying for an invoice in three steps (spec section 4): select orders, confirm header and
 * recipient, the result. The selection is kept while the person goes back and forth between the
 * steps (and the page's tabs).
 */
export function ApplyTab({ onViewRecord }: { onViewRecord: (id: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useIsPhone();
  const [step, setStep] = useState<Step>(0);
  const [type, setType] = useState<InvoiceType>('ordinary');
  const [selection, setSelection] = useState<Map<string, TInvoiceableOrder>>(() => new Map());
  const [titleId, setTitleId] = useState<string | null>(null);
  const [recipientId, setRecipientId] = useState<string | null>(null);
  const [result, setResult] = useState<TInvoiceDetail | null>(null);
  const apply = useApplyInvoice();

  const changeType = (next: InvoiceType) => {
    const kept = keepAllowed(selection, next);
    const dropped = selection.size - kept.size;
    if (dropped > 0) void message.info(t('invoices:apply.dropped', { count: dropped }));
    setType(next);
    setSelection(kept);
  };

  const submit = async () => {
    if (!titleId || !recipientId || !selection.size) return;
    try {
      const invoice = await apply.mutateAsync({ type, orderNos: [...selection.keys()], titleId, recipientId });
      setResult(invoice);
      setStep(2);
    } catch {
      /* the step shows the server's message (apply.error) */
    }
  };

  const again = () => {
    apply.reset();
    setSelection(new Map());
    setResult(null);
    setStep(0);
  };

  return (
    <div className="invoice-apply" data-testid="invoice-apply">
      <Steps
        current={step}
        size="small"
        orientation={phone ? 'vertical' : 'horizontal'}
        className="invoice-steps"
        items={[{ title: t('invoices:apply.steps.orders') }, { title: t('invoices:apply.steps.parties') }, { title: t('invoices:apply.steps.result') }]}
      />
      {step === 0 && (
        <SelectOrdersStep
          type={type}
          onTypeChange={changeType}
          selection={selection}
          onSelectionChange={setSelection}
          onNext={() => {
            apply.reset();
            setStep(1);
          }}
        />
      )}
      {step === 1 && (
        <ConfirmPartiesStep
          type={type}
          orders={[...selection.values()]}
          titleId={titleId}
          recipientId={recipientId}
          onTitle={setTitleId}
          onRecipient={setRecipientId}
          onBack={() => setStep(0)}
          onSubmit={() => void submit()}
          submitting={apply.isPending}
          error={apply.error?.message ?? null}
        />
      )}
      {step === 2 && result && <ApplyResult invoice={result} onView={() => onViewRecord(result.id)} onAgain={again} />}
    </div>
  );
}
