import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AcImportForm } from './AcImportForm';
import { AcImportResult } from './AcImportResult';
import type { TAcImportResult } from './api';

/** Imports ACs from an xlsx file, then says what was imported and which rows were refused. */
export function AcImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<TAcImportResult | null>(null);
  useEffect(() => {
    if (open) setResult(null);
  }, [open]);
  return (
    <Modal open={open} title={result ? t('ac:result.dialogTitle') : t('ac:import.title')} onCancel={onClose} footer={null} destroyOnHidden width={720}>
      {result ? <AcImportResult result={result} onAgain={() => setResult(null)} onClose={onClose} /> : <AcImportForm onDone={setResult} onCancel={onClose} />}
    </Modal>
  );
}
