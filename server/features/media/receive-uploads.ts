// Streams the files of a multipart upload to temporary files, checking each file's real type
// from its first bytes and stopping the moment a file passes its type's size limit. Nothing
// is held in memory but the first few kilobytes of the file being received.
import { open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { DETECTION_SAMPLE_BYTES, detectMediaType, limitText, MAX_UPLOAD_BYTES, type TMediaType } from './detect-media-type';
import { NOT_MEDIA } from './media-refusal';
import { newTempPath } from './temp-files';

export const UPLOAD_FIELD = 'images';
export const MAX_FILES_PER_UPLOAD = 10;

/** busboy's limits: one byte over the largest allowed file marks a file as too large. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES + 1,
  files: MAX_FILES_PER_UPLOAD,
  fields: 10,
  fieldSize: 1024,
  parts: MAX_FILES_PER_UPLOAD + 10,
  headerPairs: 100,
};

export interface TReceivedFile {
  /** As the client named it, for messages only: it never becomes part of a path. */
  filename: string;
  path: string;
  type: TMediaType;
  size: number;
}

const tooLarge = (filename: string, type: TMediaType) => new AppError(413, `${filename}: File size exceeds ${limitText(type.maxBytes)} limit`);
const tooManyFiles = () => new AppError(413, `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once`);

/** Control characters and overlong names never reach a message. */
function displayName(filename: string): string {
  const cleaned = filename.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return (cleaned || 'file').slice(0, 200);
}

/**
 * What the member may still upload (server/http/member-limits.ts): a file that would pass the
 * bytes is cut off mid-stream and its temporary file removed; one past the file count is not started.
 */
export interface TUploadBudget {
  bytes: number;
  files: number;
  overBytes: () => Error;
  overFiles: () => Error;
}

/** Throws the budget's error once the request's bytes so far pass it. */
function checkBudget(budget: TUploadBudget | undefined, receivedBefore: number, size: number): void {
  if (budget && receivedBefore + size > budget.bytes) throw budget.overBytes();
}

async function receiveFile(part: MultipartFile, tempDir: string, budget?: TUploadBudget, receivedBefore = 0): Promise<TReceivedFile> {
  const filename = displayName(part.filename);
  const path = newTempPath(tempDir, 'upload');
  // Filled in while the bytes stream through the pipeline below.
  const seen: { type: TMediaType | null; size: number } = { type: null, size: 0 };

  async function accept(head: Buffer): Promise<TMediaType> {
    const detected = await detectMediaType(head);
    if (!detected) throw new AppError(415, `${filename}: ${NOT_MEDIA}`);
    if (seen.size > detected.maxBytes) throw tooLarge(filename, detected);
    return detected;
  }

  // Opened before streaming, so no late asynchronous open can recreate the file after a refusal removed it.
  const handle = await open(path, 'wx');
  const out = handle.createWriteStream();
  try {
    await pipeline(
      part.file,
      async function* (chunks: AsyncIterable<Buffer>) {
        let head: Buffer[] = [];
        let headBytes = 0;
        for await (const chunk of chunks) {
          seen.size += chunk.length;
          checkBudget(budget, receivedBefore, seen.size);
          if (seen.type) {
            if (seen.size > seen.type.maxBytes) throw tooLarge(filename, seen.type);
            yield chunk;
            continue;
          }
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= DETECTION_SAMPLE_BYTES) {
            seen.type = await accept(Buffer.concat(head));
            yield* head;
            head = [];
          }
        }
        if (!seen.type) {
          seen.type = await accept(Buffer.concat(head));
          yield* head;
        }
      },
      out,
    );
    const { type, size } = seen;
    if (!type) throw new AppError(415, `${filename}: ${NOT_MEDIA}`);
    // busboy cuts a file at its own limit without an error: a cut file is a file too large.
    if (part.file.truncated) throw tooLarge(filename, type);
    return { filename, path, type, size };
  } catch (error) {
    // Not events.once: it rejects on the 'error' the failed pipeline emits before 'close'.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(path, { force: true });
    throw error;
  }
}

export async function removeReceived(files: TReceivedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

/** busboy's parse failures are plain errors, told apart by their text: a body that is not a well-formed form. */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Boundary required|The needle cannot|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)/;

/** The multipart plugin's limit and parse errors, in this API's words. */
function translated(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return tooManyFiles();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, 'Too many form fields');
  if (error instanceof Error && code === undefined && MALFORMED_MULTIPART.test(error.message)) return new AppError(400, 'Malformed multipart body');
  return error;
}

/**
 * Every file of the request, each in a temporary file; or an error naming the refused file,
 * with every file of the request already removed (a refusal keeps nothing).
 */
export async function receiveUploads(request: FastifyRequest, tempDir: string, budget?: TUploadBudget): Promise<TReceivedFile[]> {
  if (!request.isMultipart()) throw new AppError(415, `Send the files as multipart/form-data in the field '${UPLOAD_FIELD}'`);
  const received: TReceivedFile[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== UPLOAD_FIELD) throw new AppError(400, `Send the files in the field '${UPLOAD_FIELD}'`);
      if (received.length >= MAX_FILES_PER_UPLOAD) throw tooManyFiles();
      if (budget && received.length >= budget.files) throw budget.overFiles();
      received.push(await receiveFile(part, tempDir, budget, received.reduce((sum, file) => sum + file.size, 0)));
    }
  } catch (error) {
    await removeReceived(received);
    throw translated(error);
  }
  if (received.length === 0) throw new AppError(400, 'No files were uploaded');
  return received;
}
