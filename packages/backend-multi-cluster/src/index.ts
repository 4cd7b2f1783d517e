/*
 * Flotilla's multi-cluster plugin in a backend of its own: a Backstage split
 * deployment. The fleet inventory (its refreshes, inspections and live
 * reads of every member) then has a process, a memory budget and a scaling
 * of its own, apart from the catalog, search and scaffolder. Everything the
 * plugin asks of other plugins (catalog, permission, auth, notifications,
 * signals) goes through discovery: `discovery.endpoints` in this backend's
 * configuration points those plugin ids at the main backend, and the main
 * backend's points `multi-cluster` here (see README).
 */

import { createBackend } from '@backstage/backend-defaults';

const backend = createBackend();

backend.add(import('@flotilla/plugin-multi-cluster-backend'));

backend.start();
