// Collections: a member's named sets of saved projects (Dribbble's buckets), private or public.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { ZIdParam, ZPageQuery, ZTimestamp, ZId } from './common';
import { ZMedia } from './media';
import { ZProject } from './project';

export const COLLECTION_NAME_MAX_LENGTH = 60;
/** Projects one collection may hold. */
export const MAX_PROJECTS_PER_COLLECTION = 1000;
/** Projects per page of a collection's page. */
export const COLLECTION_PAGE_SIZE = 24;

const ZCollectionName = z
  .string({ error: 'Please name the collection' })
  .trim()
  .min(1, 'Please name the collection')
  .max(COLLECTION_NAME_MAX_LENGTH, `Collection names can be up to ${COLLECTION_NAME_MAX_LENGTH} characters`);

/** POST /api/collections, and the dialog's "New collection" form. */
export const ZCreateCollectionRequest = z.object({ name: ZCollectionName, isPublic: z.boolean().default(false) });
export type TCreateCollectionRequest = z.output<typeof ZCreateCollectionRequest>;
export type TCreateCollectionBody = z.input<typeof ZCreateCollectionRequest>;

/** PATCH /api/collections/{id}: rename, or make public or private. */
export const ZUpdateCollectionRequest = z.object({ name: ZCollectionName, isPublic: z.boolean() }).partial();
export type TUpdateCollectionRequest = z.output<typeof ZUpdateCollectionRequest>;

/** The collection forms (new, rename): the same rules as the API. */
export const ZCollectionForm = z.object({ name: ZCollectionName, isPublic: z.boolean() });
export type TCollectionForm = z.input<typeof ZCollectionForm>;

/** GET /api/collections: the member's own; `projectId` says which of them hold that project. */
export const ZMyCollectionsQuery = ZPageQuery.extend({ projectId: ZIdParam.optional() });
export type TMyCollectionsQuery = z.output<typeof ZMyCollectionsQuery>;

/** GET /api/collections/{id}: its projects, a page at a time. */
export const ZCollectionQuery = ZPageQuery.extend({ limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(COLLECTION_PAGE_SIZE) });
export type TCollectionQuery = z.output<typeof ZCollectionQuery>;

export const ZCollectionParams = z.object({ id: ZIdParam });
export const ZCollectionProjectParams = z.object({ id: ZIdParam, projectId: ZIdParam });

export const ZCollectionOwner = z.object({ id: ZId, name: z.string(), profileImageUrl: z.string().nullable() }).meta({ id: 'CollectionOwner' });

/** A collection as lists show it. */
export const ZCollection = z
  .object({
    id: ZId,
    name: z.string(),
    isPublic: z.boolean(),
    /** Projects the viewer may see in it. */
    projectCount: z.number().int(),
    /** The latest added project's cover (a video's poster among its variants), and whether that project is mature. */
    cover: z.object({ media: ZMedia, isMature: z.boolean() }).nullable(),
    owner: ZCollectionOwner,
    /** Whether the viewer owns it (rename, delete, remove projects). */
    isOwner: z.boolean(),
    /** Only with `?projectId=`: whether it holds that project; otherwise null. */
    hasProject: z.boolean().nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'Collection' });
export type TCollection = z.output<typeof ZCollection>;
export const ZCollectionList = z.array(ZCollection);

/** GET /api/collections/{id}: the collection with a page of its projects, latest added first. */
export const ZCollectionPage = ZCollection.extend({ projects: z.array(ZProject), nextCursor: z.string().nullable() }).meta({ id: 'CollectionPage' });
export type TCollectionPage = z.output<typeof ZCollectionPage>;

/** POST/DELETE /api/collections/{id}/projects/{projectId} */
export const ZCollectionMembership = z.object({ saved: z.boolean(), projectCount: z.number().int() });
export type TCollectionMembership = z.output<typeof ZCollectionMembership>;
