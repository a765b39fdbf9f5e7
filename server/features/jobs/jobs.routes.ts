import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZRedirect } from '../../../shared/schemas/common';
import { ZCreateJobRequest, ZJobList, ZJobPageQuery, ZJobView, ZListJobsQuery, ZMyJob, ZMyJobList, ZUpdateJobRequest } from '../../../shared/schemas/job';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { sendPage } from '../../http/paging';
import type { TMemberRates } from '../../http/member-limits';
import { cachedForEveryone, INVALIDATES_NOTHING, INVALIDATES_SCOPED } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser, viewerDetails } from '../../http/sessions';
import { JOB_BOARD_TAG } from '../../lib/cache-tags';
import { applyToJob, closeJob, createJob, listLiveJobs, listMyJobs, updateJob, viewJob } from './jobs.service';

const tags = ['jobs'];

export async function jobRoutes(app: FastifyInstance, ctx: TContext, rates: TMemberRates): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/jobs', { config: cachedForEveryone(() => [JOB_BOARD_TAG]), schema: { tags, querystring: ZListJobsQuery, response: { 200: ZJobList, ...errorResponses(400) } } }, async (request, reply) => {
    return sendPage(reply, await listLiveJobs(ctx, request.query));
  });

  api.get('/api/jobs/mine', { config: MEMBERS_ONLY, schema: { tags, querystring: ZJobPageQuery, response: { 200: ZMyJobList, ...errorResponses(400, 401) } } }, async (request, reply) => {
    const user = requireUser(request);
    return sendPage(reply, await listMyJobs(ctx, user.id, request.query));
  });

  api.get('/api/jobs/:id', { schema: { tags, params: ZIdParams, response: { 200: ZJobView, ...errorResponses(400, 404) } } }, async (request) =>
    viewJob(ctx, request.params.id, viewerDetails(request)),
  );

  api.post('/api/jobs', { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: { tags, body: ZCreateJobRequest, response: { 201: ZMyJob, ...errorResponses(400, 401, 403, 429, 503) } } }, async (request, reply) => {
    const user = requireUser(request);
    return reply.code(201).send(await createJob(ctx, user.id, request.body));
  });

  // The poster's edit: the posting form's fields and messages (SPEC §5), in any state of the job.
  api.patch(
    '/api/jobs/:id',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, body: ZUpdateJobRequest, response: { 200: ZMyJob, ...errorResponses(400, 401, 403, 404, 429) } } },
    async (request) => {
      const user = requireUser(request);
      await rates.jobChanges.take(user.id);
      return updateJob(ctx, user.id, request.params.id, request.body);
    },
  );

  // Ends a live listing now (it leaves the board); it can be renewed later.
  api.post(
    '/api/jobs/:id/close',
    { config: { ...MEMBERS_ONLY, ...INVALIDATES_SCOPED }, schema: { tags, params: ZIdParams, response: { 200: ZMyJob, ...errorResponses(400, 401, 403, 404, 409, 429) } } },
    async (request) => {
      const user = requireUser(request);
      await rates.jobChanges.take(user.id);
      return closeJob(ctx, user.id, request.params.id);
    },
  );

  // The counting redirect: job cards link here so the poster sees how many people applied.
  api.get('/api/jobs/:id/apply', { schema: { tags, params: ZIdParams, response: { 302: ZRedirect, ...errorResponses(400, 404) } } }, async (request, reply) => {
    const location = await applyToJob(ctx, request.params.id, viewerDetails(request));
    return reply.header('Cache-Control', 'no-store').redirect(location, 302);
  });
}
