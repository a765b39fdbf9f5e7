// Multipart bodies for uploads from Node (tests, the demo seeder), serialized by the
// platform's own FormData (undici), so boundaries and headers are exactly what a browser sends.

export interface TUploadFile {
  filename: string;
  content: Buffer;
  /** What the client claims; the server must not trust it. */
  contentType?: string;
}

export async function multipartBody(files: TUploadFile[], field = 'images'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([file.content], { type: file.contentType ?? 'application/octet-stream' }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': contentType } };
}
