/*
 * The plugin's liveness route.
 */
import { healthResponseSchema } from '../responses';
import { route } from './route';

export const health = route<{ status: 'ok' }>()({
  method: 'get',
  path: '/health',
  summary: 'Liveness of the plugin',
  callers: 'unauthenticated',
  responses: {
    200: { description: 'The plugin answers', schema: healthResponseSchema },
  },
  errors: [],
});
