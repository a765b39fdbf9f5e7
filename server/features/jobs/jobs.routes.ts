import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/common';
import { ZCreateJobRequest, ZJobPageQuery, ZListJobsQuery } from '../../../shared/schemas/job';
import { cachedForEveryone, INVALIDATES_NOTHING } from '../../http/public-cache';
import { JOB_BOARD_TAG } from '../../lib/cache-tags';
import type { TContext } from '../../context';
import { requireUser, viewerOf } from '../../http/sessions';
import { sendPage } from '../../http/paging';
import { applyToJob, createJob, listLiveJobs, listMyJobs, viewJob } from './jobs.service';

export async function jobRoutes(app: FastifyInstance, ctx: TContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/jobs', { config: cachedForEveryone(() => [JOB_BOARD_TAG]), schema: { querystring: ZListJobsQuery } }, async (request, reply) => {
    return sendPage(reply, await listLiveJobs(ctx, request.query));
  });

  api.get('/api/jobs/mine', { schema: { querystring: ZJobPageQuery } }, async (request, reply) => {
    const user = requireUser(request);
    return sendPage(reply, await listMyJobs(ctx, user.id, request.query));
  });

  api.get('/api/jobs/:id', { schema: { params: ZIdParams } }, async (request) => viewJob(ctx, request.params.id, viewerOf(request)));

  // Awaiting payment: not on the job board until a payment activates it.
  api.post('/api/jobs', { config: INVALIDATES_NOTHING, schema: { body: ZCreateJobRequest } }, async (request, reply) => {
    const user = requireUser(request);
    return reply.code(201).send(await createJob(ctx, user.id, request.body));
  });

  // The counting redirect: job cards link here so the poster sees how many people applied.
  api.get('/api/jobs/:id/apply', { schema: { params: ZIdParams } }, async (request, reply) => {
    const location = await applyToJob(ctx, request.params.id);
    return reply.header('Cache-Control', 'no-store').redirect(location, 302);
  });
}
