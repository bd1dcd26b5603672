import { AuditLog } from '../../features/audit/AuditLog';

/** The audit log of every company and of the platform itself. */
export default function OpsAuditPage() {
  return <AuditLog scope="platform" />;
}
