/**
 * Velero on the prod members (see README.md): seeded Schedules and their
 * Backups (seedVelero) and Velero's backup, restore and backup sync
 * controllers (startVelero).
 */
export { seedVelero, veleroMembers } from './seed';
export { startVelero } from './controllers';
export * from './model';
