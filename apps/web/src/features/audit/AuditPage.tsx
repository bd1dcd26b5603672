import { useCompanyOptions } from '../company/api';
import { AuditLog } from './AuditLog';

/** The audit log of the caller's company and its sub-companies. */
export default function AuditPage() {
  const options = useCompanyOptions();
  const companies = (options.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));
  return <AuditLog scope="customer" companies={companies} />;
}
