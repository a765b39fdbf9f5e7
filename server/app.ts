// buildApp(deps): the whole HTTP app. main.ts serves it; tests build it too.
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createPayments } from './adapters/payments/create-payments';
import type { TPaymentProvider } from './adapters/payments/payments';
import { createStorage } from './adapters/storage/create-storage';
import type { TStorage } from './adapters/storage/storage';
import type { TConfig } from './config';
import type { TContext } from './context';
import type { TDatabase } from './db/connect';
import { accountRoutes } from './features/accounts/accounts.routes';
import { SIGNIN_ACCOUNT_IP_RULE, SIGNIN_ACCOUNT_SLOWDOWN, SIGNIN_IP_RULE, SIGNUP_CODE_RULE, SIGNUP_IP_RULE } from './features/accounts/accounts.service';
import { invitationRoutes } from './features/accounts/invitations.routes';
import { credentialRoutes } from './features/accounts/credentials.routes';
import { EMAIL_CHANGE_RULE, PASSWORD_CHECK_RULE, RESET_IP_RULE, RESET_MAIL_RULE } from './features/accounts/credentials.service';
import { CODE_GUESS_RULE, CODE_GUESS_SLOWDOWN } from './features/accounts/invitations.service';
import { sessionRoutes } from './features/accounts/sessions.routes';
import { sessionMember } from './features/accounts/sessions.service';
import { collectionRoutes } from './features/collections/collections.routes';
import { commentRoutes } from './features/comments/comments.routes';
import { jobRoutes } from './features/jobs/jobs.routes';
import { paymentRoutes } from './features/jobs/payments.routes';
import { mediaRoutes } from './features/media/media.routes';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { memberRoutes } from './features/members/members.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { messageRoutes } from './features/messages/messages.routes';
import { contactIpRule } from './features/messages/messages.service';
import { isJobPagePath, jobPageMeta } from './features/jobs/job-meta';
import { pageViewCounted, projectPageMeta } from './features/projects/project-meta';
import { projectRoutes } from './features/projects/projects.routes';
import { searchRoutes } from './features/projects/search.routes';
import { startViewFlushing } from './features/projects/view-counts';
import { siteRoutes } from './features/site/site.routes';
import { siteInfo } from './features/site/site.service';
import { blockRoutes } from './features/social/blocks.routes';
import { socialRoutes } from './features/social/social.routes';
import { registerApiDocs } from './http/api-docs';
import { registerBodyFloor } from './http/slow-bodies';
import { registerNulFilter } from './http/drop-nul';
import { answerFrameworkError, registerErrorHandler } from './http/errors';
import { createMemberRates, registerMemberWriteFloor, type TFreeDiskSpace } from './http/member-limits';
import { registerPublicCache } from './http/public-cache';
import { createThrottleStore, realSleep, type TSleep, type TThrottleStore } from './http/rate-limit';
import { registerOriginCheck, registerSecurityHeaders } from './http/security';
import { serializerCompiler } from './http/serialize-answer';
import { registerSessions, viewerDetails } from './http/sessions';
import { registerSpa } from './http/spa';
import { createBackgroundWork, type TBackgroundWork } from './lib/background-work';
import { createReadCache, type TReadCache } from './lib/read-cache';
import { createViewBuffer, type TViewBuffer } from './lib/view-buffer';
import { healthRoutes } from './ops/health.routes';
import { createReadiness, type TReadiness } from './ops/readiness';

export interface TAppDeps {
  config: TConfig;
  database: TDatabase;
  /** Folder of the built client; omitted, only the API is served. */
  clientDir?: string;
  /** The server renderer's build (dist/server): pages crawlers and first visits see come rendered. */
  serverDir?: string;
  throttleStore?: TThrottleStore;
  /** How slowed-down answers wait (sign-in and code-guess slowdowns); tests record instead of waiting. */
  sleep?: TSleep;
  /** Omitted: the one the configuration describes. */
  storage?: TStorage;
  /** Omitted: the provider PAYMENTS_MODE names (none when it is off). */
  payments?: TPaymentProvider | null;
  now?: () => Date;
  /** Called when a message's e-mail has been queued (main.ts kicks its outbox worker). */
  onMailQueued?: () => void;
  /** Told of each route as it is added: the reliability suite's route inventory. */
  onRoute?: onRouteHookHandler;
  /** What /readyz reports; main.ts keeps it to mark the process not-ready at shutdown. */
  readiness?: TReadiness;
  /** Omitted: one from the configuration (shared invalidation through Redis when REDIS_URL is set). */
  readCache?: TReadCache;
  /** Omitted: a new one. Counted views waiting for their batch (features/projects/view-counts.ts); tests share it to flush. */
  views?: TViewBuffer;
  /** Omitted: every second (FLUSH_EVERY_MS). How often the counted views are written. */
  viewFlushEveryMs?: number;
  /** Omitted: a new one. Work requests start without waiting for it (tests wait for it to settle). */
  backgroundWork?: TBackgroundWork;
  /** Omitted: fs.statfs. The uploads' disk guard asks it for the free bytes of DATA_DIR's temporary folder. */
  freeDiskSpace?: TFreeDiskSpace;
  /** false silences request logs (tests). */
  logger?: boolean;
}

export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    // One hop: the client address is the one our own proxy saw and appended. Trusting every
    // hop would let a client pick its IP (and dodge rate limits) with its own X-Forwarded-For.
    // A function rather than the hop count 1: Fastify 5.12 reads a bare number as "trust no
    // one", and every client would then share the proxy's address and its rate limits.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 1024 * 1024,
    // Search text travels in the path (SPEC §7): allow long queries, the search caps the terms.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: answerFrameworkError,
    // While shutting down, a request that still arrives on an open keep-alive connection is
    // served (with Connection: close) rather than refused with a bare 503: a rolling restart
    // then fails no one, and /readyz answers its own 503 (see ops/graceful-shutdown.ts).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON routes take JSON only: without a text/plain parser such bodies get 415.
  app.removeContentTypeParser('text/plain');
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  const throttleStore = deps.throttleStore ?? createThrottleStore(config.redisUrl);
  const storage = deps.storage ?? createStorage(config.storage);
  const readCache = deps.readCache ?? createReadCache({ redisUrl: config.redisUrl, maxBytes: config.readCacheBytes });
  // Alone: without Redis no other process counts views here, so a day's views can be known whole.
  const views = deps.views ?? createViewBuffer({ alone: !config.redisUrl });
  const ctx: TContext = { db: database.db, engine: database.engine, slowReads: database.slowReads, config, now: deps.now ?? (() => new Date()), storage, readCache, views, log: app.log };
  const viewFlushing = startViewFlushing(ctx, deps.viewFlushEveryMs);
  const payments = deps.payments === undefined ? createPayments(config.payments, database.db, ctx.now) : deps.payments;
  const sleep = deps.sleep ?? realSleep;
  const codeGuesses = { perIp: throttleStore.create(CODE_GUESS_RULE), everywhere: throttleStore.slowdown(CODE_GUESS_SLOWDOWN, sleep) };
  const background = deps.backgroundWork ?? createBackgroundWork();
  const mailQueued = deps.onMailQueued ?? (() => {});
  const memberRates = createMemberRates(throttleStore, config.limits);

  // First of the hooks: a request another hook answers early (a foreign origin, a cached answer)
  // may still have a body coming, which Node reads to its end after the answer.
  registerBodyFloor(app, config.limits.bodyFloor);
  registerErrorHandler(app);
  registerSecurityHeaders(app, { trustProxy: config.trustProxy, stripe: payments?.kind === 'stripe' });
  const cacheCounts = registerPublicCache(app, readCache, () => ctx.now().getTime());
  registerOriginCheck(app, { publicUrl: config.publicUrl });
  registerNulFilter(app);
  await registerSessions(app, (token) => sessionMember(ctx, token));
  registerMemberWriteFloor(app, throttleStore, config.limits);
  await registerApiDocs(app, config);

  await healthRoutes(app, deps.readiness ?? createReadiness(database.db), { counts: cacheCounts, readCache });

  await accountRoutes(app, ctx, {
    signup: { codeGuesses, perIp: throttleStore.create(SIGNUP_IP_RULE), perCode: throttleStore.create(SIGNUP_CODE_RULE) },
    signin: {
      perIp: throttleStore.create(SIGNIN_IP_RULE),
      perAccountAndIp: throttleStore.create(SIGNIN_ACCOUNT_IP_RULE),
      perAccount: throttleStore.slowdown(SIGNIN_ACCOUNT_SLOWDOWN, sleep),
    },
  });
  await credentialRoutes(
    app,
    { ...ctx, mailQueued },
    {
      passwordChecks: throttleStore.create(PASSWORD_CHECK_RULE),
      resetPerIp: throttleStore.create(RESET_IP_RULE),
      resetMailPerEmail: throttleStore.create(RESET_MAIL_RULE),
      emailChangePerMember: throttleStore.create(EMAIL_CHANGE_RULE),
    },
    background,
  );
  await sessionRoutes(app, ctx);
  await invitationRoutes(app, ctx, codeGuesses);
  await mediaRoutes(app, ctx, deps.freeDiskSpace ? { freeDiskSpace: deps.freeDiskSpace } : {});
  await projectRoutes(app, ctx, memberRates);
  await searchRoutes(app, ctx);
  await socialRoutes(app, ctx, memberRates);
  await blockRoutes(app, ctx);
  await commentRoutes(app, ctx, memberRates);
  await collectionRoutes(app, ctx, memberRates);
  await memberRoutes(app, ctx, memberRates);
  await jobRoutes(app, ctx, memberRates);
  await moderationRoutes(app, ctx, memberRates);
  await paymentRoutes(app, { ...ctx, payments, mailQueued: deps.onMailQueued ?? (() => {}) }, memberRates);
  await messageRoutes(app, { ...ctx, mailQueued: deps.onMailQueued ?? (() => {}) }, throttleStore.create(contactIpRule(config.limits.contactMessagesPerIp)), memberRates);
  await notificationRoutes(app, ctx);
  // Before the SPA: its catch-all must not answer /sitemap.xml and /robots.txt with the page.
  await siteRoutes(app, ctx);

  if (deps.clientDir) {
    await registerSpa(app, {
      clientDir: deps.clientDir,
      serverDir: deps.serverDir,
      site: siteInfo(ctx),
      resolveMeta: (path) => (isJobPagePath(path) ? jobPageMeta(ctx, path) : projectPageMeta(ctx, path)),
      pageViewCounted: (path, request) => pageViewCounted(ctx, path, viewerDetails(request)),
    });
  }

  app.addHook('onClose', async () => {
    // The views counted since the last batch are written before the database closes.
    await viewFlushing.stop();
    // Work requests started (a reset e-mail being queued) finishes before the database closes.
    await background.settled();
    if (!deps.throttleStore) await throttleStore.close();
    if (!deps.readCache) await readCache.close();
  });
  return app;
}
