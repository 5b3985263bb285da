// What the backup command, the restore command and the schedule say on PostgreSQL, which Baywise
// leaves to PostgreSQL's own tools.

export const POSTGRES_BACKUP_MESSAGE =
  'DATABASE_URL points at PostgreSQL, which is backed up with its own tools, not by Baywise: ' +
  'pg_dump -Fc "$DATABASE_URL" -f baywise-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump (see "Backups" in README.md).';

export const POSTGRES_RESTORE_MESSAGE =
  'DATABASE_URL points at PostgreSQL, which is restored with its own tools, not by Baywise: ' +
  'pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" <file>.dump, then ' +
  '`npm run restore -- --new-sync-epoch` (see "Backups" in README.md).';

export const POSTGRES_SCHEDULE_MESSAGE =
  'BACKUP_INTERVAL_HOURS is set, but the database is PostgreSQL: back it up with pg_dump ' +
  '(see "Backups" in README.md); no backups are scheduled.';
