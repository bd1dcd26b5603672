-- Devices' latest state (online, signal, operator, last report) is updated on every report
-- batch. None of those columns is indexed, so with free space on the page PostgreSQL updates the
-- row in place (HOT) instead of writing a new entry in each of the table's indexes.
ALTER TABLE "devices" SET (fillfactor = 85);
