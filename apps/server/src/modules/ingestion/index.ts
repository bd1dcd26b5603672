export { ingestionHandlers } from './handlers.js';
export { type ReportRow, writeReports } from './ingest.js';
export { storedSince } from './report-statement.js';
