/** The operation report (filled in by the reports area). */
export default function ReportPage() {
  return null;
}
