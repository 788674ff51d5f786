/** One attachment as stored in email_outbox.attachments (jsonb): the type platform/db-types.ts gives it. */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}
