// Reporting a project, comment, job or member to the moderators (POST /api/reports).
import { useMutation } from '@tanstack/react-query';
import type { TReportRequest } from '@shared/schemas/moderation';
import { sendJson } from './request';

export function useReport() {
  return useMutation({ mutationFn: (body: TReportRequest) => sendJson('POST', '/api/reports', body) });
}
