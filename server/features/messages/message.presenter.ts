// A stored message as its recipient reads it in the inbox.
import type { TInboxMessage } from '../../../shared/schemas/contact';
import type { MessageRow } from '../../db/schema';

/** The sender's own name and address, for replying: only ever shown to the recipient. */
export function toInboxMessage(row: MessageRow): TInboxMessage {
  return {
    id: row.id,
    name: row.sender_name,
    email: row.sender_email,
    subject: row.subject,
    message: row.body,
    projectId: row.project_id,
    projectTitle: row.project_title,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}
