// What each API path answers, as the types inferred from the shared response schemas: the one
// place a response gets its type. Requests name their path and get its answer's type from here,
// so no call site can claim a type its endpoint does not return. Type-only imports: zod stays out
// of the client's bundles, and answers are not parsed again at runtime.
import type { TCollection, TCollectionMembership, TCollectionPage } from '@shared/schemas/collection';
import type { TBlockedMember, TBlockState, TComment, TReply } from '@shared/schemas/comment';
import type { TOk } from '@shared/schemas/common';
import type { TInboxMessage, TSiteInfo, TSiteStats, TUnreadCount } from '@shared/schemas/contact';
import type { TCategorySummary, TCreatorProfile } from '@shared/schemas/creator';
import type { TAccepted, TEmailChanged } from '@shared/schemas/credentials';
import type { TInvitationAllowance, TInvitationCode, TValidateCodeResponse } from '@shared/schemas/invitation';
import type { TJob, TJobView, TMyJob, TPaymentSession, TPaymentsConfig, TTestCardPaymentResult } from '@shared/schemas/job';
import type { TUploadResponse } from '@shared/schemas/media';
import type { TAdminFigures, TAdminMember, TAdminMemberSummary, TAuditEntry, TReport, TReportGroup } from '@shared/schemas/moderation';
import type { TNotificationList, TNotificationSettings, TUnreadNotifications, TUnsubscribed } from '@shared/schemas/notification';
import type { TFollowResponse, TLikeResponse, TProject, TProjectRef } from '@shared/schemas/project';
import type { TEndedSessions, TSession } from '@shared/schemas/session';
import type { TCurrentUser, TCurrentUserOrVisitor } from '@shared/schemas/user';

/** Lists paged through headers (PAGE_HEADERS): the path and the type of one item. */
export interface TPagedLists {
  '/api/projects': TProject;
  '/api/projects/liked': TProject;
  [path: `/api/projects/category/${string}`]: TProject;
  [path: `/api/projects/search/${string}`]: TProject;
  [path: `/api/users/${number}/projects`]: TProject;
  '/api/jobs': TJob;
  '/api/jobs/mine': TMyJob;
  '/api/messages': TInboxMessage;
  '/api/admin/reports': TReportGroup;
  '/api/admin/users': TAdminMemberSummary;
  '/api/admin/audit': TAuditEntry;
  [path: `/api/projects/${number}/comments`]: TComment;
  [path: `/api/comments/${number}/replies`]: TReply;
  '/api/blocks': TBlockedMember;
  '/api/collections': TCollection;
  [path: `/api/users/${number}/collections`]: TCollection;
}

/** GET answers that are not paged. */
interface TSingleReads {
  '/api/auth/me': TCurrentUserOrVisitor;
  /** My live sessions: this one first, then the most recently used. */
  '/api/auth/sessions': TSession[];
  '/api/projects/random': TProjectRef;
  [path: `/api/projects/${number}`]: TProject;
  [path: `/api/projects/slug/${string}`]: TProject;
  [path: `/api/projects/similar/${number}`]: TProject[];
  '/api/categories': TCategorySummary[];
  [path: `/api/users/${number}`]: TCreatorProfile;
  '/api/invitation-codes': TInvitationCode[];
  '/api/invitation-codes/allowance': TInvitationAllowance;
  '/api/messages/unread-count': TUnreadCount;
  /** The poster reads their own numbers, anyone else the public listing. */
  [path: `/api/jobs/${number}`]: TJobView;
  '/api/payments/config': TPaymentsConfig;
  '/api/site': TSiteInfo;
  '/api/stats': TSiteStats;
  '/api/admin/figures': TAdminFigures;
  [path: `/api/admin/users/${number}`]: TAdminMember;
  '/api/notifications': TNotificationList;
  [path: `/api/notifications?${string}`]: TNotificationList;
  '/api/notifications/unread': TUnreadNotifications;
  '/api/notifications/settings': TNotificationSettings;
  [path: `/api/collections/${number}`]: TCollectionPage;
  [path: `/api/collections/${number}?${string}`]: TCollectionPage;
}

export type TReads = TSingleReads & { [P in keyof TPagedLists]: TPagedLists[P][] };

/** What the writes answer; null where the server answers 204 No Content. */
export interface TWrites {
  POST: {
    '/api/auth/signin': TCurrentUser;
    '/api/auth/signup': TCurrentUser;
    '/api/auth/signout': null;
    '/api/auth/password': null;
    '/api/auth/password/forgot': TAccepted;
    '/api/auth/password/reset': TCurrentUser;
    '/api/auth/email': TAccepted;
    '/api/auth/email/confirm': TEmailChanged;
    '/api/auth/sessions/end-others': TEndedSessions;
    '/api/projects': TProject;
    [path: `/api/projects/${number}/like`]: TLikeResponse;
    [path: `/api/users/${number}/follow`]: TFollowResponse;
    [path: `/api/users/${number}/block`]: TBlockState;
    [path: `/api/projects/${number}/comments`]: TComment;
    '/api/upload': TUploadResponse;
    '/api/contact': TOk;
    [path: `/api/messages/${number}/read`]: TInboxMessage;
    '/api/invitation-codes/generate': TInvitationCode[];
    '/api/invitation-codes/validate': TValidateCodeResponse;
    '/api/jobs': TMyJob;
    [path: `/api/jobs/${number}/payment`]: TPaymentSession;
    [path: `/api/jobs/${number}/renew`]: TPaymentSession;
    [path: `/api/jobs/${number}/close`]: TMyJob;
    [path: `/api/jobs/${number}/confirm-payment`]: TMyJob;
    '/api/payments/test/confirm': TTestCardPaymentResult;
    [path: `/api/admin/projects/${number}/mature`]: TProject;
    '/api/reports': TReport;
    /** The admin writes: the client reads the changed state afresh rather than their answers. */
    '/api/admin/moderate': unknown;
    [path: `/api/admin/users/${number}/${'suspend' | 'unsuspend' | 'invite-right' | 'role'}`]: unknown;
    '/api/notifications/read': TUnreadNotifications;
    [path: `/api/notifications/unsubscribe?${string}`]: TUnsubscribed;
    '/api/collections': TCollection;
    [path: `/api/collections/${number}/projects/${number}`]: TCollectionMembership;
  };
  PUT: {
    '/api/auth/preferences': TCurrentUser;
    '/api/notifications/settings': TNotificationSettings;
  };
  PATCH: {
    '/api/auth/profile': TCurrentUser;
    [path: `/api/projects/${number}`]: TProject;
    [path: `/api/comments/${number}`]: TReply;
    [path: `/api/jobs/${number}`]: TMyJob;
    [path: `/api/collections/${number}`]: TCollection;
  };
  DELETE: {
    '/api/auth/delete-account': null;
    [path: `/api/auth/sessions/${string}`]: null;
    [path: `/api/invitation-codes/${number}`]: null;
    [path: `/api/projects/${number}`]: null;
    [path: `/api/comments/${number}`]: null;
    [path: `/api/users/${number}/block`]: TBlockState;
    [path: `/api/collections/${number}`]: null;
    [path: `/api/collections/${number}/projects/${number}`]: TCollectionMembership;
  };
}

export type TReadPath = keyof TReads;
export type TPagedPath = keyof TPagedLists;
export type TWriteMethod = keyof TWrites;
