/** Keys of PostgreSQL advisory locks (Database.exclusive): one number per kind of work, app-wide. */
export const LOCKS = {
  /** Migrations and the demo seed when several processes start on one fresh database. */
  startup: 72_021_001,
  /** Writing the demo files' bytes into a shared store. */
  demoFiles: 72_021_002,
} as const;
